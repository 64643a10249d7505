"""The Result step's tabs: below 760px the Result step shows the result, the odds and the encounter as
tabs (the ARIA tabs pattern), the result's after every Resolve; the Odds button of the bar opens the odds
on their tab; the arrows, Home and End move along the tabs; the tab chosen comes back after a reload.
At 1280 there are no tabs and the result, the odds and the encounter show together."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.conftest import wait_for_engine

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PHONE: ViewportSize = {"width": 390, "height": 844}


def resolve_seed_1(page: Page) -> None:
    """The default DH2 forms (a Guardsman's Lasgun at a Cultist) on the Result step, seed 1."""
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    if page.viewport_size and page.viewport_size["width"] < 760:
        page.click('.stepbar [data-go="result"]')
    page.locator('[name="seed"]').fill("1")
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")


def selected(page: Page) -> list[str]:
    """The tabs' names as read, the selected one's marked with a star."""
    tabs = page.get_by_role("tablist", name="Result, odds or encounter").get_by_role("tab")
    return [
        tabs.nth(i).inner_text() + ("*" if tabs.nth(i).get_attribute("aria-selected") == "true" else "")
        for i in range(tabs.count())
    ]


def test_a_phone_reads_the_result_first_then_the_odds_and_the_encounter_on_their_tabs(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size(PHONE)
    resolve_seed_1(page)
    assert selected(page) == ["Result*", "Odds", "Encounter"]
    expect(page.get_by_role("tabpanel")).to_have_count(1)  # only the chosen panel is shown
    expect(page.locator("#result .headline")).to_be_visible()
    expect(page.locator("#tracker")).to_be_hidden()
    expect(page.locator("#odds")).to_be_hidden()

    page.get_by_role("tab", name="Encounter").click()
    assert selected(page) == ["Result", "Odds", "Encounter*"]
    expect(page.get_by_role("button", name="Add as combatant")).to_be_visible()
    expect(page.locator("#result")).to_be_hidden()
    page.screenshot(path=str(ARTIFACTS / "tabs-encounter-390x844.png"))

    page.get_by_role("tab", name="Odds").click()  # the odds computed on their tab
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=60_000)
    expect(page.locator("#odds-title")).to_be_visible()
    expect(page.locator("#odds-body")).to_contain_text("%")
    expect(page.locator("#tracker")).to_be_hidden()

    resolve_seed_1(page)  # a new result: its tab
    assert selected(page) == ["Result*", "Odds", "Encounter"]
    expect(page.locator("#result .headline")).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "tabs-result-390x844.png"))


def test_the_bars_odds_button_opens_the_odds_on_the_result_steps_odds_tab(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size(PHONE)
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    assert page.evaluate("document.documentElement.dataset.at") == "attacker"
    page.click("#odds-toggle")
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.at") == "result"
    assert selected(page) == ["Result", "Odds*", "Encounter"]
    expect(page.locator("#odds-title")).to_be_visible()


def test_the_arrows_home_and_end_move_along_the_tabs_and_only_the_chosen_is_in_the_tab_order(
    ready_page: Page,
) -> None:
    page = ready_page
    page.set_viewport_size(PHONE)
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.click('.stepbar [data-go="result"]')
    page.get_by_role("tab", name="Result").focus()
    page.keyboard.press("ArrowRight")
    assert selected(page) == ["Result", "Odds*", "Encounter"]
    page.keyboard.press("ArrowRight")
    assert selected(page) == ["Result", "Odds", "Encounter*"]
    page.keyboard.press("ArrowRight")  # round to the first
    assert selected(page) == ["Result*", "Odds", "Encounter"]
    page.keyboard.press("ArrowLeft")  # round to the last
    assert selected(page) == ["Result", "Odds", "Encounter*"]
    page.keyboard.press("Home")
    assert selected(page) == ["Result*", "Odds", "Encounter"]
    page.keyboard.press("End")
    assert selected(page) == ["Result", "Odds", "Encounter*"]
    assert page.evaluate("document.activeElement.id") == "tab-encounter"
    tabindex = page.locator('[role="tab"]').evaluate_all("(tabs) => tabs.map((t) => t.tabIndex)")
    assert tabindex == [-1, -1, 0]
    expect(page.locator("#tab-encounter")).to_have_attribute("aria-controls", "tracker")
    expect(page.locator("#tracker")).to_have_attribute("role", "tabpanel")


def test_the_tab_chosen_comes_back_after_a_reload(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size(PHONE)
    resolve_seed_1(page)  # a kept result, resolved again at start (which selects the Result tab)
    page.get_by_role("tab", name="Encounter").click()
    page.reload()
    wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    page.wait_for_function("document.documentElement.dataset.tab === 'encounter'")
    assert page.evaluate("document.documentElement.dataset.at") == "result"
    assert selected(page) == ["Result", "Odds", "Encounter*"]
    expect(page.get_by_role("button", name="Add as combatant")).to_be_visible()
    expect(page.locator("#result")).to_be_hidden()


def test_a_wide_screen_has_no_tabs_and_shows_result_odds_and_encounter_together(ready_page: Page) -> None:
    page = ready_page
    resolve_seed_1(page)
    page.click("#odds-toggle")
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=60_000)
    expect(page.get_by_role("tablist")).to_have_count(0)
    expect(page.get_by_role("tabpanel")).to_have_count(0)
    for shown in ("#result .headline", "#odds-title", "#tk-add-both"):
        expect(page.locator(shown)).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "tabs-none-1280x800.png"))
