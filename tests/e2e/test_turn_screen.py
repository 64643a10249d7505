"""The acting combatant's turn on one screen: at 390x844 its card, who acts and at whom, the
actions it may take now (a refused one greyed, its reason beside it), End turn and Resolve all
within one screen (measured by the elements' boxes, once the turn is scrolled to), and at
1280x800 too; a refusal shown beside the control tapped and announced, within the viewport;
End turn offered with the reason when nothing is left; the encounter's buttons wait for the
encounter after a reload; the bar's Odds tapped from the Action step opens the odds at their
headline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, ViewportSize, expect

from tests.e2e.conftest import wait_for_engine
from tests.e2e.test_encounter import KEY, PHONE, card, go, press, ready, show_encounter
from tests.e2e.test_encounter_sides import add

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
WIDE: ViewportSize = {"width": 1280, "height": 800}
FIGHT = json.loads((ROOT / "examples" / "encounters" / "dh2-three-rounds.json").read_text())


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, f"{locator} has no box (not shown)"
    return found


def four_at_the_table(page: Page) -> None:
    """The Guardsman and the Adept (party) and two Cultists (foes, one x2 entry); initiative by
    hand in the order added: Guardsman 9 + AgB 4 = 13, Adept 8 + 3 = 11, Cultist 1 5 + 3 = 8,
    Cultist 2 1 + 3 = 4: the Guardsman acts."""
    add(page, "Guardsman", "40", "party")
    add(page, "Adept", "30", "party")
    add(page, "Cultist", "30", "foes", "2")
    page.fill("#tk-dice", "9 8 5 1")
    press(page, "#tk-start")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 1 \u00b7 Guardsman's turn")


def turn_parts(page: Page) -> dict[str, Locator]:
    return {
        "card": card(page, "Guardsman"),
        "who acts": page.locator("#tk-who"),
        "at": page.locator("#tk-at"),
        "aim (half)": page.locator("#tk-aim-half"),
        "aim (full)": page.locator("#tk-aim-full"),
        "reload": page.locator("#tk-reload"),
        "move": page.locator("#tk-move"),
        "run": page.locator("#tk-run"),
        "end turn": page.locator("#tk-end-turn"),
    }


def to_the_turn(page: Page) -> None:
    """Scrolled to the acting combatant's card, at the top of the screen (of the side column, wide)."""
    page.locator("#tk-view li.enc-turn").evaluate("e => e.scrollIntoView({block: 'start'})")


def assert_on_one_screen(page: Page, parts: dict[str, Locator]) -> None:
    """Every part wholly in the viewport, none under Resolve's bar (fixed at the foot of a phone's
    screen, sticky at the foot of the forms' column on a wide one) unless it is in it, and Resolve in it."""
    height = page.viewport_size["height"] if page.viewport_size else 0
    resolve = box(page.locator("#resolve"))
    assert resolve["y"] >= 0 and resolve["y"] + resolve["height"] <= height, resolve
    bar = box(page.locator("#actions"))

    def out(b: dict[str, float], inside_bar: bool) -> bool:
        beside = b["x"] >= bar["x"] + bar["width"] or b["x"] + b["width"] <= bar["x"]
        floor = height if beside or inside_bar else bar["y"]
        return b["y"] < -1 or b["y"] + b["height"] > floor + 1  # a pixel's rounding

    found = {name: (box(x), x.evaluate("e => !!e.closest('#actions')")) for name, x in parts.items()}
    outside = {name: b for name, (b, inside_bar) in found.items() if out(b, inside_bar)}
    assert not outside, f"outside the screen (0 to {height}, the bar at {bar['y']}): {outside}"


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["390x844", "1280x800"])
def test_the_acting_combatants_turn_is_on_one_screen(ready_page: Page, size: ViewportSize) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    four_at_the_table(page)
    page.set_viewport_size(size)
    show_encounter(page)
    # the default target is a foe (the engine's turn.target), picked in the turn itself
    expect(page.locator("#tk-at option:checked")).to_have_text("Cultist 1")
    parts = turn_parts(page)
    to_the_turn(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"turn-screen-{size['width']}.png"))
    assert_on_one_screen(page, parts)
    # after a Half Action's Aim, the Full Actions are greyed, each with its reason beside it
    press(page, "#tk-aim-half")
    full = page.locator("#tk-aim-full")
    expect(full).to_be_disabled()
    reason = page.locator("#tk-aim-full + .tk-reason")
    expect(reason).to_have_text("Guardsman has 1 Half Action(s) left this turn")
    assert full.get_attribute("aria-describedby") == reason.get_attribute("id")
    near, under = box(full), box(reason)
    assert abs(under["y"] - (near["y"] + near["height"])) < 12 and abs(under["x"] - near["x"]) < 12, (near, under)
    to_the_turn(page)
    page.screenshot(path=str(ARTIFACTS / f"turn-screen-{size['width']}-aimed.png"))
    assert_on_one_screen(page, {**parts, "aim (full)'s reason": reason})


def test_nothing_left_offers_end_turn_with_the_reason(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    four_at_the_table(page)
    # Aim as a Full Action: both Half Actions spent (seed 003): End turn is offered, with why
    press(page, "#tk-aim-full")
    left = page.locator("#tk-left")
    expect(left).to_have_text("No Half Action left (done: Aim (full)): end the Guardsman's turn")
    end = page.locator("#tk-end-turn")
    expect(end).to_have_class("tk-end-now")
    assert_on_one_screen(page, {"end turn": end, "why": left})
    press(page, "#tk-end-turn")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 1 \u00b7 Adept's turn")
    expect(left).to_be_hidden()
    expect(end).not_to_have_class("tk-end-now")


def test_a_refusal_is_said_beside_the_control_tapped_within_the_screen(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    four_at_the_table(page)
    # the Adept picked as who acts on the Guardsman's turn: its Aim is the engine's to refuse
    page.select_option("#tk-who", label="Adept")
    aim = page.locator("#tk-aim-half")
    expect(aim).to_be_enabled()
    press(page, "#tk-aim-half")
    said = page.locator("#tk-aim-half ~ .field-error")
    expect(said).to_have_text("It is Guardsman's turn, not Adept's")
    expect(said).to_have_attribute("role", "alert")  # announced
    expect(aim).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#tk-who")).not_to_have_attribute("aria-invalid", "true")  # not a far field
    assert_on_one_screen(page, {"aim": aim, "its refusal": said})
    # Resolve refused (the Guardsman's Half Actions spent): said in the bar, beside Resolve
    page.select_option("#tk-who", label="Guardsman")
    press(page, "#tk-aim-full")
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    page.wait_for_function("document.documentElement.dataset.status === 'invalid'")
    why = page.locator("#resolve-why")
    expect(why).to_contain_text("Guardsman has 0 Half Action(s) left this turn")
    expect(why).to_have_attribute("role", "alert")
    assert_on_one_screen(page, {"resolve's refusal": why})


def _store(page: Page, file: dict[str, Any]) -> None:
    saved = {"v": 1, "files": {file["system"]: file}}
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(saved))})")


def test_the_encounters_buttons_wait_for_the_encounter_after_a_reload(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport=WIDE, service_workers="block")
    try:
        page = context.new_page()
        page.goto(base_url)
        _store(page, FIGHT)
        page.reload()
        wait_for_engine(page)
        ready(page)
        expect(page.locator("#tk-end-turn")).to_be_enabled()
        page.wait_for_function(f"localStorage.getItem('{KEY.replace('encounter', 'encounter-view')}') !== null")
        held: list[Route] = []
        page.route("**/static/auspex_web/worker.py", lambda route: held.append(route))  # the engine never starts
        page.reload()
        page.wait_for_function("document.documentElement.dataset.encounterShown === 'kept'")
        expect(card(page, "Cultist")).to_be_visible()
        expect(page.locator("#tk-status")).to_have_text("Loading the encounter\u2026")
        for button in ("#tk-end-turn", "#tk-aim-half", "#tk-add-both", "#tk-undo", "#tk-new", "#tk-import"):
            expect(page.locator(button)).to_be_disabled()
        for route in held:
            route.abort()
        page.unroute("**/static/auspex_web/worker.py")
        page.reload()
        wait_for_engine(page)
        ready(page)
        for button in ("#tk-end-turn", "#tk-add-both", "#tk-undo", "#tk-new", "#tk-import"):
            expect(page.locator(button)).to_be_enabled()
    finally:
        context.close()


def odds_open_at_their_headline(page: Page) -> None:
    """The odds computed, on the Result step's Odds tab, their title and first figures on the screen."""
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=60_000)
    expect(page.locator("#odds-toggle")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#tab-odds")).to_have_attribute("aria-selected", "true")
    figures = page.locator('#odds-body [data-k="odds-figures"]').first
    expect(figures).to_be_visible()
    page.wait_for_timeout(300)  # the figures arrived: the panel stays where it opened
    assert_on_one_screen(page, {"odds title": page.locator("#odds-title"), "first figure": figures.locator("dt").first})


def test_the_bars_odds_from_the_action_step_opens_at_its_headline(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    go(page, "action")
    page.click("#odds-toggle")
    odds_open_at_their_headline(page)
    # open already (its panel hidden on the Action step): the first tap shows it, never closes it
    go(page, "action")
    page.evaluate("delete document.documentElement.dataset.odds")
    page.click("#odds-toggle")
    expect(page.locator("#odds-toggle")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("html")).to_have_attribute("data-at", "result")  # the Result step, once the tap is handled
    odds_open_at_their_headline(page)
