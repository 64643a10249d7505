"""The group's Critical Effects table applied in the encounter, on the real page
at 390 x 844: a small DH2 table set on the device (localStorage ``auspex:tables:v1``, the contract's
key), a Righteous Fury resolved in the encounter with every die typed by hand, then the effect's
words and its Stunned condition read on the target's card; Undo takes back the attack and leaves
the tables in force (the device's own), and the next attack sends none again.

It needs the "reading" branch (the resolution recording ``RighteousFury.effect``): on the
"effects" branch alone the card shows the row number only, so this test passes after the merge.

Hand count: the Guard (BS 45, the form's default) fires a Standard Attack (+10) with the Autogun
(1d10+3, the form's damage type E) at 20 m (Short +10): 65. d100 45 hits with 3 DoS, reversed 54: Body. d10 10 (3 DoS
replace no higher die): 13 - the form's Body AP 2 - TB 3 = 8 wounds, and the 10 is Righteous Fury:
its d5 is the next d10 halved, rounding up: 3 -> row 2 of Energy Critical Effects, Body: "Winded
and reeling" [stunned 2]. The Cultist (20 Wounds) takes 8 of 20.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import (
    ARTIFACTS,
    AUTOGUN,
    PHONE,
    STUBBER,
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

TABLES = {
    "auspex_critical": 1,
    "tables": [
        {
            "system": "dh2",
            "damage_type": "Energy",
            "location": "Body",
            "rows": [{"row": 2, "text": "Winded and reeling <gasp>", "effects": [{"kind": "stunned", "amount": 2}]}],
        }
    ],
    "charts": [],
}


def test_a_righteous_fury_reads_the_groups_row_and_stuns_the_target_on_its_card(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.evaluate(f"localStorage.setItem('auspex:tables:v1', {json.dumps(json.dumps(TABLES))})")
    add_dh2(page, "Guard", ag="40", weapon=AUTOGUN, wounds="12")
    add_dh2(page, "Cultist", ag="30", weapon=STUBBER, wounds="20")
    page.fill("#tk-dice", "7 2")  # Guard 7 + AgB 4 = 11 first, Cultist 2 + 3 = 5
    press(page, "#tk-start")
    go(page, "action")
    field(page, "action.type").select_option("Standard Attack")
    field(page, "action.distance").fill("20")
    go(page, "result")
    before = events(page)
    by_hand(page, [45, 10, 3])
    assert events(page) == before + 2  # the device's tables as a critical_tables event, then the attack
    expect(page.locator("#tk-log")).to_contain_text("Critical tables: 1 row entered")
    cultist = card(page, "Cultist")
    expect(cultist.locator('[data-k="harm"]')).to_have_text("8 of 20 taken")
    fury = cultist.locator('[data-k="fury"]')
    expect(fury).to_contain_text("Righteous Fury: Energy Critical Effects, Body row 2")
    # after the merge with the "reading" branch: the group's words (escaped) and the Stunned condition
    expect(fury.locator('[data-k="row-text"]')).to_have_text("Winded and reeling <gasp>")
    expect(fury.locator('[data-k="row-effects"]')).to_have_text("(Stunned 2 rounds)")
    expect(cultist.locator('[data-k="condition"]')).to_have_text("Stunned (2 turns left)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#tracker").screenshot(path=str(ARTIFACTS / "critical-encounter-390x844.png"))

    # Undo takes back the attack; the tables (the device's own) stay in force, so the attack made
    # again sends no second tables event
    press(page, "#tk-undo")
    assert events(page) == before + 1
    expect(card(page, "Cultist").locator('[data-k="fury"]')).to_have_count(0)
    by_hand(page, [45, 10, 3])
    assert events(page) == before + 2


def test_a_table_pasted_in_the_panel_is_read_by_a_righteous_fury_in_the_encounter(ready_page: Page) -> None:
    # The walk from end to end: the group pastes its row in the Critical tables panel and saves
    # it; a Righteous Fury in the encounter reads it, rolls its Stunned rounds, and the target's card
    # carries the words and the condition. Hand count as the module's, with the row [stunned 1d5]: the
    # effect die comes last of all the attack's dice, d10 7 halved rounding up -> 4 rounds.
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    if not page.locator("#critical-tables").evaluate("d => d.open"):
        page.click("#critical-tables summary")
    page.locator("#tables-text").fill("Energy, Body, 2: Winded and reeling [stunned 1d5]")
    page.click("#tables-save")
    expect(page.locator("#tables-status")).to_contain_text("Saved 1 table")
    add_dh2(page, "Guard", ag="40", weapon=AUTOGUN, wounds="12")
    add_dh2(page, "Cultist", ag="30", weapon=STUBBER, wounds="20")
    page.fill("#tk-dice", "7 2")
    press(page, "#tk-start")
    go(page, "action")
    field(page, "action.type").select_option("Standard Attack")
    field(page, "action.distance").fill("20")
    go(page, "result")
    by_hand(page, [45, 10, 3, 7])
    result = page.locator("#result")
    expect(result).to_contain_text("Winded and reeling")
    expect(result).to_contain_text("Stunned 4 rounds")
    cultist = card(page, "Cultist")
    expect(cultist.locator('[data-k="fury"] [data-k="row-text"]')).to_have_text("Winded and reeling")
    expect(cultist.locator('[data-k="condition"]')).to_have_text("Stunned (4 turns left)")
