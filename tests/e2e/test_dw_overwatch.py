"""A Deathwatch Overwatch held over a turn, then fired on the foe's turn, on the real page (issue 22
item 3). Seed 001, Overwatch: "You take a Full Action to establish a kill zone ... You may spend
subsequent Turns waiting for targets to enter the zone"; Combat Actions: "Overwatch ... Shoot
targets coming into a set kill zone, -20 to BS". Screenshot: test-artifacts/encounter-overwatch-390.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import (
    ARTIFACTS,
    PHONE,
    add_combatant,
    by_hand,
    card,
    field,
    go,
    press,
    ready,
    show_encounter,
)

pytestmark = pytest.mark.e2e

BOLTER = {
    "name": "Astartes Bolter",
    "rof": "S/2/4",
    "clip": "28",
    "reload": "Full",
    "qualities": "",
    "damage": "2d10+5",
    "pen": "5",
}


def add_dw(page: Page, name: str, *, ag: str, wounds: str) -> None:
    add_combatant(page, name, characteristics={"BS": "40", "Ag": ag}, weapon=BOLTER, wounds=wounds)


def test_a_deathwatch_overwatch_held_over_a_turn_then_fired(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.select_option("#system", "dw")
    ready(page)
    add_dw(page, "Castor", ag="40", wounds="20")
    add_dw(page, "Ork", ag="30", wounds="15")
    # initiative by hand: Castor 9 + AB 4 = 13, the Ork 4 + 3 = 7
    page.fill("#tk-dice", "9 4")
    press(page, "#tk-start")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 1 \u00b7 Castor's turn")
    # Castor sets a kill zone for a Full Auto Burst (the Action form's attack): a Full Action
    go(page, "action")
    field(page, "action.type").select_option("Full Auto Burst")
    field(page, "action.distance").fill("60")
    go(page, "result")
    expect(page.locator("#tk-ow-row")).to_be_visible()
    page.fill("#tk-zone", "the corridor")
    press(page, "#tk-overwatch")
    conds = card(page, "Castor").locator('[data-k="condition"]')
    expect(conds).to_have_text("On Overwatch (Full Auto Burst)")
    # its turn ends, the Ork's too: round 2, Castor still waits On Overwatch
    press(page, "#tk-end-turn")
    press(page, "#tk-end-turn")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 2 \u00b7 Castor's turn")
    expect(conds).to_have_text("On Overwatch (Full Auto Burst)")
    press(page, "#tk-end-turn")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 2 \u00b7 Ork's turn")
    # on the Ork's turn Castor fires from Overwatch: BS 40 + 20 (Full Auto) - 20 (Overwatch) = 40; a 90
    # misses (no jam under 94); the Ork's WP is not given, so the GM rolls its pinning test
    page.select_option("#tk-who", label="Castor")
    page.select_option("#tk-at", label="Ork")
    go(page, "action")
    field(page, "action.overwatch").check()
    go(page, "result")
    by_hand(page, [90])
    expect(page.locator("#result")).to_contain_text("Fired from Overwatch")
    expect(page.locator("#result")).to_contain_text("\u221220")
    expect(conds).to_have_count(0)
    log = page.locator("#tk-log").inner_text()
    assert "Castor attacks Ork (Full Auto Burst from Overwatch, \u221220 BS): miss" in log, log
    assert "Castor's Overwatch ends: its shot is fired" in log, log
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 2 \u00b7 Ork's turn")
    ARTIFACTS.mkdir(exist_ok=True)
    show_encounter(page)
    page.locator("#tracker").screenshot(path=str(ARTIFACTS / "encounter-overwatch-390.png"))


def test_suppressing_fire_gives_its_hits_to_random_ones_in_the_area(ready_page: Page) -> None:
    # seed 001, Suppressing Fire: "GM assigns hit to random target"
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.select_option("#system", "dw")
    ready(page)
    add_dw(page, "Castor", ag="40", wounds="20")
    add_dw(page, "Ork", ag="30", wounds="30")
    add_dw(page, "Grot", ag="20", wounds="30")
    page.fill("#tk-dice", "9 4 1")
    press(page, "#tk-start")
    page.select_option("#tk-at", label="Ork")
    go(page, "action")
    field(page, "action.type").select_option("Suppressing Fire")
    field(page, "action.distance").fill("40")
    go(page, "result")
    expect(page.locator("#tk-nearby legend")).to_have_text(
        "In the area (each hit to a random one, the target included)"
    )
    page.locator("#tk-nearby").get_by_label("Grot").check()
    # BS 40 - 20 + 10 (Short) = 30: 10 is 2 DoS, 2 hits; a d2 each: 1 (the Ork), 2 (the Grot), whose
    # hit location is d100 33 reversed: Body; then each hit's 2d10
    by_hand(page, [10, 1, 2, 33, 5, 5, 5, 5])
    expect(page.locator("#result")).to_contain_text("Suppressing Fire: random targets")
    expect(page.locator("#tk-status")).to_contain_text("Grot (nearby)")
    show_encounter(page)  # who acts and at whom are in the turn, on the Encounter tab
    page.locator("#enc-bar").screenshot(path=str(ARTIFACTS / "encounter-suppressing-390.png"))
