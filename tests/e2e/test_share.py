"""Share a roll: a link with the scenario and its dice, opened in another browser (a new context,
nothing shared with the first) shows the same resolution; a broken link says so and changes nothing.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import RequestLog
from .test_page import field, k, resolve

pytestmark = pytest.mark.e2e

RULESETS = ["dh2", "dh1", "dw", "wh40krp", "epic"]
MAX_LINK = 1000  # characters after #r=: short enough to paste in a chat


def wait_for_forms(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")


@pytest.fixture
def other(browser: Browser, request_log: RequestLog) -> Iterator[Page]:
    """A page in a second, fresh context (another phone): its requests are checked like the first's."""
    context: BrowserContext = browser.new_context(viewport={"width": 1280, "height": 800})
    context.on("request", request_log.on_request)
    context.on("response", request_log.on_response)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"uncaught errors in the second page: {errors}"


def share(page: Page) -> str:
    """Press Share under the result; the link (also copied, or offered to share)."""
    expect(page.locator("#share-button")).to_be_visible()
    page.evaluate("document.getElementById('share-status').textContent = ''")
    page.click("#share-button")
    expect(page.locator("#share-status")).to_contain_text("characters")
    link = page.locator("#share-url").input_value()
    assert re.fullmatch(r"http://[^#]+/auspex/#r=[A-Za-z0-9_-]+", link), link
    return link


def open_link(page: Page, link: str) -> None:
    """Open a link on a page (a first load or, on a page already open, a new hash) and wait for its result."""
    if page.url != "about:blank":
        page.evaluate("delete document.documentElement.dataset.status")
    page.goto(link)
    page.wait_for_function("document.documentElement.dataset.status === 'ok'", timeout=60_000)
    assert "#" not in page.url  # the hash is cleared: a reload keeps later edits


def raw_link(base_url: str, payload: object) -> str:
    packer = zlib.compressobj(wbits=-15)
    packed = packer.compress(json.dumps(payload).encode()) + packer.flush()
    return base_url + "#r=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_a_seeded_roll_of_every_ruleset_replays_in_another_browser(ready_page: Page, other: Page) -> None:
    page = ready_page
    wait_for_forms(page)
    shared: dict[str, tuple[str, str]] = {}
    for system in RULESETS:
        field(page, "system").select_option(system)
        field(page, "seed").fill(str(1000 + len(shared)))
        if system == "dh2":  # something off the defaults, in a field of each kind
            field(page, "attacker.characteristics.BS").fill("52")
            field(page, "target.evasion.reaction").select_option("Dodge")
            field(page, "target.evasion.skill").fill("41")
            field(page, "action.type").select_option("Semi-Auto Burst")
            page.click("#add-modifier")
            field(page, "action.modifiers.0.label").fill("Smoke")
            field(page, "action.modifiers.0.value").fill("-10")
        resolve(page, "ok")
        link = share(page)
        assert len(link.split("#r=")[1]) < MAX_LINK, (system, len(link))
        shared[system] = (link, page.locator("#result").inner_text())

    for system, (link, seen) in shared.items():
        open_link(other, link)
        # the same resolution, number for number, and the forms hold the scenario and its seed
        assert other.locator("#result").inner_text() == seen, system
        expect(field(other, "system")).to_have_value(system)
        expect(field(other, "seed")).to_have_value(str(1000 + RULESETS.index(system)))
        # resolving the forms as they now are gives it again: the link filled every field it needs
        resolve(other, "ok")
        assert other.locator("#result").inner_text() == seen, system
    # the dh2 roll's own fields came through (the last link opened was Epic's: open dh2's again)
    open_link(other, shared["dh2"][0])
    expect(field(other, "attacker.characteristics.BS")).to_have_value("52")
    expect(field(other, "target.evasion.skill")).to_have_value("41")
    expect(field(other, "action.type")).to_have_value("Semi-Auto Burst")
    expect(field(other, "action.modifiers.0.label")).to_have_value("Smoke")
    assert k(other, "seed") == ["1000"]


def test_dice_rolled_by_hand_replay_in_another_browser(ready_page: Page, other: Page) -> None:
    page = ready_page
    wait_for_forms(page)
    field(page, "target.evasion.reaction").select_option("Dodge")
    page.get_by_label("I rolled").check()
    typed: list[str] = []
    resolve(page, "needs")
    while page.evaluate("document.documentElement.dataset.status") == "needs":
        box = page.locator("#dice-rows li.next input")
        die = "23" if "d100" in page.locator("#dice-rows li.next").inner_text() else str(3 + len(typed) % 5)
        typed.append(die)
        box.fill(die)
        page.evaluate("delete document.documentElement.dataset.status")
        page.click("#resolve")
        page.wait_for_function("['ok', 'needs'].includes(document.documentElement.dataset.status)")
    assert len(typed) >= 2
    seen = page.locator("#result").inner_text()
    link = share(page)

    open_link(other, link)
    assert other.locator("#result").inner_text() == seen
    assert other.get_by_label("I rolled").is_checked()
    dice = [other.locator(f'#dice-rows [name="dice.{i}"]').input_value() for i in range(len(typed))]
    assert dice == typed
    assert k(other, "roll") == ["23"]


def test_a_broken_link_says_so_and_changes_nothing(context: BrowserContext, ready_page: Page, base_url: str) -> None:
    page = ready_page
    field(page, "attacker.characteristics.BS").fill("50")
    field(page, "attacker.name").fill("Kept")
    page.wait_for_function("(localStorage.getItem('auspex:form:v1') || '').includes('\"attacker.name\":\"Kept\"')")

    def opened(link: str, message: str) -> None:
        second = context.new_page()
        errors: list[str] = []
        second.on("pageerror", lambda error: errors.append(str(error)))
        second.goto(link)
        second.wait_for_function("document.documentElement.dataset.share === 'broken'")
        expect(second.locator("#result .error")).to_contain_text("This share link cannot be read")
        expect(second.locator("#result .error")).to_contain_text(message)
        expect(second.locator("#result .error")).to_contain_text("Nothing was changed on the forms")
        # the forms are as this device kept them
        expect(field(second, "attacker.characteristics.BS")).to_have_value("50")
        expect(field(second, "attacker.name")).to_have_value("Kept")
        assert "#" not in second.url
        second.close()
        assert errors == []

    opened(base_url + "#r=abc$%25def", "characters a link of this page never has")
    opened(
        base_url + "#r=" + base64.urlsafe_b64encode(b"not deflated at all").decode().rstrip("="),
        "cut short or was changed",
    )
    good = raw_link(base_url, {"v": 1, "scenario": {"system": "dh2"}, "seed": 5})
    opened(good[: len(good) - 6], "cut short")
    opened(raw_link(base_url, {"v": 2, "scenario": {"system": "dh2"}, "seed": 5}), "version 2")
    opened(raw_link(base_url, {"v": 1, "scenario": {"system": "dh2"}}), "no dice and no seed")
    opened(raw_link(base_url, {"v": 1, "seed": 5}), "holds no attack")

    # on the page already open, a broken link pasted in the address bar (a new hash) does the same
    page.goto(base_url + "#r=%%%")
    page.wait_for_function("document.documentElement.dataset.share === 'broken'")
    expect(page.locator("#result .error")).to_contain_text("This share link cannot be read")
    expect(field(page, "attacker.name")).to_have_value("Kept")


def test_a_hand_made_link_with_a_bad_field_is_marked_at_the_field(ready_page: Page, base_url: str) -> None:
    page = ready_page
    scenario = {"system": "dh2", "attacker": {"name": "<img src=x onerror=alert(1)>", "characteristics": {"BS": 140}}}
    open_link_status(page, raw_link(base_url, {"v": 1, "scenario": scenario, "seed": 3}), "invalid")
    expect(field(page, "attacker.characteristics.BS")).to_have_attribute("aria-invalid", "true")
    expect(field(page, "attacker.name")).to_have_value("<img src=x onerror=alert(1)>")
    expect(page.locator("img[src=x]")).to_have_count(0)


def open_link_status(page: Page, link: str, status: str) -> None:
    page.evaluate("delete document.documentElement.dataset.status")
    page.goto(link)
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps(status)}")
