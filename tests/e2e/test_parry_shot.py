"""A foe whose Reaction on the Target form is Parry is shot from the page, in a single roll and in
the encounter: the shot goes ahead, no Parry d100 is asked for, and the step log says why (a Parry
meets melee attacks only: seed 004, Evasion Reactions; DH2 Core, Ch. VII, Evasion)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_encounter import AUTOGUN, STUBBER, add_combatant, by_hand, card, go, ready
from .test_page import field, fill_lasgun_shot, k, resolve

pytestmark = pytest.mark.e2e

WHY = "Reaction is Parry, which meets only melee attacks"


def test_a_single_roll_shot_at_a_parrying_target_hits(ready_page: Page) -> None:
    page = ready_page
    fill_lasgun_shot(page)
    field(page, "target.evasion.reaction").select_option("Parry")
    field(page, "target.evasion.skill").fill("40")
    page.get_by_label("I rolled").check()
    resolve(page, "needs")
    nxt = page.locator("#dice-rows li.next")
    expect(nxt).to_contain_text("to-hit d100")
    nxt.locator("input").fill("23")
    resolve(page, "needs", enter_in=nxt.locator("input"))
    # no Parry d100 asked for: the next die is the damage
    expect(nxt).to_contain_text("hit 1 damage d10 (1\u201310)")
    nxt.locator("input").fill("4")
    resolve(page, "ok", enter_in=nxt.locator("input"))
    # BS 45 +10 Standard Attack +10 Short range (20 m of 100) -20 Fog = 45; 23 hits, 3 DoS; 32: Body;
    # 4 + 3 = 7 damage, less 2 armour and TB 3: 2 wounds, the Parry not made
    assert k(page, "outcome") == ["Hit"]
    assert k(page, "total-wounds") == ["2 wounds"]
    details = page.locator("#result .steps .detail").all_text_contents()
    assert any(WHY in d for d in details), details


def test_the_encounter_guard_shoots_a_parrying_cultist(ready_page: Page) -> None:
    page = ready(ready_page)
    add_combatant(page, "Guard", characteristics={"Ag": "40"}, weapon=AUTOGUN, wounds="12")
    add_combatant(
        page,
        "Cultist",
        characteristics={"Ag": "30"},
        weapon=STUBBER,
        wounds="10",
        target={"evasion.reaction": "Parry", "evasion.skill": "40", "armour.Body": "0"},
    )
    page.fill("#tk-dice", "7 2")  # Guard 7 + AgB 4 = 11 first, Cultist 2 + 3 = 5
    page.click("#tk-start")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 1 \u00b7 Guard's turn")
    go(page, "action")
    field(page, "action.type").select_option("Standard Attack")
    field(page, "action.distance").fill("20")
    go(page, "result")
    # BS 45 +10 Standard Attack +10 Short range (20 m) = 65; 23 hits, 1 + 6 - 2 = 5 DoS; 32: Body (AP 0);
    # replacing the d10's 5 with 5 DoS gives no more: 5 + 3 = 8, less TB 3: 5 wounds. Two dice: no Parry d100.
    by_hand(page, [23, 5])
    expect(page.locator("#result")).to_contain_text(WHY)
    expect(card(page, "Cultist").locator('[data-k="harm"]')).to_have_text("5 of 10 taken")
    expect(card(page, "Cultist").locator('[data-k="budget"]')).to_contain_text("Reaction ready")
