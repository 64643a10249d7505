"""What the next roll uses, in sight: Replay rolls the forms once with the last seed and leaves the
Seed box as it was; a typed seed or dice typed in show a banner until cleared; a seed the engine
cannot take exactly is refused at its field, never rounded."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_page import field, k, resolve

pytestmark = pytest.mark.e2e


def seed_shown(page: Page) -> int:
    (seed,) = k(page, "seed")
    return int(seed)


def test_replay_rolls_the_forms_once_and_later_rolls_are_new(ready_page: Page) -> None:
    page = ready_page
    banner = page.locator("#dice-banner")
    resolve(page, "ok")
    first = seed_shown(page)
    expect(banner).to_be_hidden()  # a blank Seed box: every roll is a new one

    # a change to the forms after the roll: Replay resolves the forms as they are now
    field(page, "attacker.name").fill("Changed after the roll")
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#replay")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    assert seed_shown(page) == first
    assert "Changed after the roll" in page.locator("#result .who").first.inner_text()
    expect(field(page, "seed")).to_have_value("")  # left as it was
    expect(banner).to_be_hidden()

    seeds = set()
    for _ in range(3):
        resolve(page, "ok")
        seeds.add(seed_shown(page))
    assert len(seeds) == 3 and first not in seeds, (first, seeds)


def test_a_typed_seed_shows_a_banner_that_clears_it(ready_page: Page) -> None:
    page = ready_page
    banner = page.locator("#dice-banner")
    field(page, "seed").fill("4242")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Every roll will use seed 4242")
    resolve(page, "ok")
    assert seed_shown(page) == 4242
    # kept across a reload (the forms are kept), and still in sight
    page.wait_for_function("(localStorage.getItem('auspex:form:v1') || '').includes('4242')")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=60_000)
    expect(banner).to_contain_text("Every roll will use seed 4242")
    banner.get_by_role("button", name="Clear").click()
    expect(banner).to_be_hidden()
    expect(field(page, "seed")).to_have_value("")
    resolve(page, "ok")
    assert seed_shown(page) != 4242

    # dice typed in: the banner counts them; Clear empties them
    page.get_by_label("I rolled").check()
    expect(banner).to_be_hidden()
    resolve(page, "needs")
    page.locator("#dice-rows li.next input").fill("23")
    expect(banner).to_contain_text("The next roll uses the die you entered")
    banner.get_by_role("button", name="Clear").click()
    expect(banner).to_be_hidden()
    expect(page.locator("#dice-rows li")).to_have_count(0)


def test_a_seed_past_the_largest_exact_one_is_refused_at_its_field(ready_page: Page) -> None:
    page = ready_page
    largest = 2**53 - 1
    field(page, "seed").fill(str(largest + 2))  # 9007199254740993: a JS number would round it
    resolve(page, "invalid")
    expect(field(page, "seed")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#dice .field-error")).to_contain_text("from 0 to 9,007,199,254,740,991")
    expect(field(page, "seed")).to_have_value(str(largest + 2))  # what was typed is kept
    field(page, "seed").fill(str(largest))
    resolve(page, "ok")
    assert k(page, "seed") == [str(largest)]
