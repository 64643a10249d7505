"""The group's Psychic Phenomena and Perils of the Warp tables on the real page at 390 x 844: pasted
in the Critical tables panel and saved, then read in a three-round DH2 encounter where a psyker's
Focus Power test calls for Phenomena (DH2 Core, Ch. VI: every Push; an Unfettered test's doubles),
each row shown in the result and on the psyker's card, its effects applied to the psyker.

Hand count. The Psyker (WP 45, psy rating 3, Ag 40) and the Cultist (Ag 30, 20 Wounds, the Target
form's Body AP 2 and TB 3); initiative dice 7 and 2: Psyker 7 + 4 = 11, Cultist 2 + 3 = 5.
Round 1, the Psyker's Psychic Bolt Pushed (+10): 55; d100 34 passes, reversed 43: Body; d10 8 + 3 =
11, Pen 4 against AP 2: 0, less TB 3 = 8 wounds (8 of 20). Push: Phenomena d100 72 reads the
group's row 71-75, "A cold wind" [fatigue 1]: the Psyker Fatigued (1 level).
Round 2, Unfettered (+10, Fatigued -10): 45; d100 33 passes with doubles: Body, d10 8: 8 more (16
of 20); Phenomena d100 80 reads 76-100 [perils], Perils of the Warp d100 03 reads 01-05 "Thrown
down" [stunned 1d5] [prone]: the d5 is a d10 of 4 halved rounding up, 2: the Psyker Stunned 2 turns
and Prone. Round 3 starts with both rows on the Psyker's card.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import (
    ARTIFACTS,
    PHONE,
    STUBBER,
    add_combatant,
    add_dh2,
    by_hand,
    card,
    events,
    field,
    go,
    press,
    ready,
)

pytestmark = pytest.mark.e2e

TEXT = """Phenomena, 01-70: Frost on the lenses
Phenomena, 71-75: A cold wind [fatigue 1]
Phenomena, 76-00: The warp <answers> [perils]
Perils, 01-05: Thrown down [stunned 1d5] [prone]
"""
BOLT = {"name": "Psychic Bolt", "damage": "1d10+3", "pen": "4"}


def test_a_phenomena_row_is_read_and_applied_in_a_three_round_encounter(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    if not page.locator("#critical-tables").evaluate("d => d.open"):
        page.click("#critical-tables summary")
    page.locator("#tables-text").fill(TEXT)
    page.click("#tables-save")
    expect(page.locator("#tables-status")).to_contain_text("Psychic Phenomena and Perils of the Warp")
    expect(page.locator("#tables-text")).to_have_value(
        re.compile(r"\nPhenomena, 76-100: The warp <answers> \[perils\]\n")
    )

    go(page, "attacker")
    field(page, "attacker.psy_rating").fill("3")
    go(page, "action")  # the power's fields show for a Psychic Attack (the psyker's WP among them)
    field(page, "action.type").select_option("Psychic Attack")
    field(page, "attacker.characteristics.WP").fill("45")
    field(page, "action.psychic.modifier").fill("10")
    add_combatant(page, "Psyker", characteristics={"Ag": "40"}, weapon=BOLT, wounds="12")
    add_dh2(page, "Cultist", ag="30", weapon=STUBBER, wounds="20")
    page.fill("#tk-dice", "7 2")
    press(page, "#tk-start")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 1 \u00b7 Psyker's turn")

    # Round 1: Pushed; the group's row 71-75 read, its Fatigue on the Psyker
    go(page, "action")
    field(page, "action.psychic.strength").select_option("Push")
    go(page, "result")
    before = events(page)
    by_hand(page, [34, 8, 72])
    assert events(page) == before + 2  # the device's tables as a critical_tables event, then the attack
    result = page.locator("#result")
    expect(result.locator('[data-k="psychic-row"]')).to_have_text(["Psychic Phenomena: 72, row 71-75"])
    expect(result.locator('[data-k="psychic-text"]')).to_have_text("A cold wind")
    expect(card(page, "Cultist").locator('[data-k="harm"]')).to_have_text("8 of 20 taken")
    psyker = card(page, "Psyker")
    expect(psyker.locator('[data-k="fatigue"]')).to_have_text("Fatigue 1")
    expect(psyker.locator('[data-k="psychic-row"]')).to_have_text(
        ["Psychic Phenomena 72, row 71-75 \u2014 A cold wind (Fatigue 1 level)"]
    )
    press(page, "#tk-end-turn")
    press(page, "#tk-end-turn")

    # Round 2: Unfettered doubles; the row leads on to Perils of the Warp
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 2 \u00b7 Psyker's turn")
    go(page, "action")
    field(page, "action.psychic.strength").select_option("Unfettered")
    go(page, "result")
    before = events(page)
    by_hand(page, [33, 8, 80, 3, 4])
    assert events(page) == before + 1  # the tables in force already: no second tables event
    expect(result.locator('[data-k="psychic-row"]')).to_have_text(
        ["Psychic Phenomena: 80, row 76-100", "Perils of the Warp: 03, row 01-05"]
    )
    expect(result).to_contain_text("The warp <answers>")  # the group's words, as text
    expect(result).to_contain_text("Stunned 2 rounds (1d5)")
    expect(card(page, "Cultist").locator('[data-k="harm"]')).to_have_text("16 of 20 taken")
    press(page, "#tk-end-turn")
    press(page, "#tk-end-turn")

    # Round 3: the Psyker's card carries the rows read and their conditions
    expect(page.locator('#tk-view [data-k="round"]')).to_contain_text("Round 3")
    psyker = card(page, "Psyker")
    expect(psyker.locator('[data-k="psychic-row"]')).to_have_count(3)
    conditions = psyker.locator('[data-k="condition"]')
    expect(conditions.filter(has_text="Stunned")).to_have_count(1)
    expect(conditions.filter(has_text="Prone")).to_have_count(1)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#tracker").screenshot(path=str(ARTIFACTS / "psychic-tables-encounter-390x844.png"))
