"""The DH1 melee manoeuvres on the real page (issue 22 item 1), at 390 x 844: in a DH1 encounter a
Feint is won, then the attack on that foe is resolved with no Evasion offered, and the log says
why. Seed 003, Actions: "Feint | Half | Opposed WS Test, if you win, your next attack cannot be
Dodged or Parried". The opponent's WS field stays hidden until Feint or Manoeuvre is chosen.
Screenshots are kept in test-artifacts/manoeuvre-*.png."""

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
    show_result,
)

pytestmark = pytest.mark.e2e

SWORD = {"name": "Sword", "damage": "1d10", "pen": "0", "qualities": ""}


def add_fighter(page: Page, name: str, *, ws: str) -> None:
    """A combatant from both forms: WS 40 or 35, S 30, Ag 30 and a sword; 20 Wounds, TB 3, no
    armour and a Dodge of 30 on the Target form."""
    add_combatant(
        page,
        name,
        characteristics={"WS": ws, "S": "30", "Ag": "30"},
        weapon={"class": "Melee", **SWORD},
        wounds="20",
        target={
            "toughness_bonus": "3",
            "armour.Head": "0",
            "armour.Body": "0",
            "evasion.reaction": "Dodge",
            "evasion.skill": "30",
        },
    )


def test_a_dh1_feint_then_attack_no_evasion_offered(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    field(page, "system").select_option("dh1")
    expect(page.locator("html")).to_have_attribute("data-system", "dh1")  # the forms switched
    # a player who never feints sees no opponent's WS
    go(page, "target")
    expect(field(page, "target.characteristics.WS")).to_be_hidden()
    add_fighter(page, "Vex", ws="40")
    add_fighter(page, "Cultist", ws="35")
    page.fill("#tk-dice", "7 2")  # initiative: Vex 7 + AgB 3 = 10, Cultist 2 + 3 = 5
    press(page, "#tk-start")
    page.fill("#tk-dice", "")

    # Feint (a Half Action): Vex's WS 40 rolls 15, (40 - 15) // 10 = 2 DoS; the Cultist's WS 35 (from
    # its attacker profile) rolls 50: a failure. Vex wins.
    go(page, "action")
    texts = field(page, "action.type").locator("option").all_text_contents()
    assert "Feint (Half)" in texts and "Stun (Full)" in texts and "Defensive Stance (Full)" in texts
    field(page, "action.type").select_option("Feint")
    field(page, "action.distance").fill("1")
    go(page, "target")
    expect(field(page, "target.characteristics.WS")).to_be_visible()
    go(page, "result")
    by_hand(page, [15, 50])
    expect(page.locator('#result [data-k="outcome"]')).to_have_text("Feint: won")
    rolls = page.locator('#result [data-k="opposed-roll"]').all_inner_texts()
    assert rolls == ["15", "50"], rolls
    degrees = page.locator('#result [data-k="opposed-degrees"]').all_inner_texts()
    assert degrees == ["2 DoS", "1 DoF"], degrees
    expect(card(page, "Cultist").locator('[data-k="condition"]')).to_contain_text(["Feinted"])
    ARTIFACTS.mkdir(exist_ok=True)
    show_result(page)
    page.locator("#result").screenshot(path=str(ARTIFACTS / "manoeuvre-feint-390.png"))

    # the Standard Attack on the Cultist (the second Half Action): WS 40 rolls 20, a hit (reversed 02:
    # the Head); the d10 rolls 5: 5 + SB 3 - TB 3 = 5 wounds. No Dodge d100 is asked for: two dice in all.
    go(page, "action")
    field(page, "action.type").select_option("Standard Attack")
    go(page, "result")
    by_hand(page, [20, 5])
    purposes = page.locator("#result").inner_text()
    assert "Dodge" not in purposes.split("Steps")[0] or "cannot be Dodged or Parried" in purposes
    expect(page.locator("#result")).to_contain_text("cannot be Dodged or Parried")
    log = page.locator('#tk-log [data-k="log-line"]').first.inner_text()
    assert "Feint on Cultist is used: Cultist could not Dodge or Parry this attack" in log, log
    assert "5 of 20 taken" in log, log
    feint_line = page.locator('#tk-log [data-k="log-line"]').nth(1).inner_text()
    assert "(Feint): won" in feint_line, feint_line
    expect(card(page, "Cultist").locator('[data-k="condition"]')).to_have_count(0)
    show_encounter(page)
    page.locator("#tracker").screenshot(path=str(ARTIFACTS / "manoeuvre-encounter-390x844.png"))
