"""The group's critical tables read on the page: the tables kept on the device
(localStorage ``auspex:tables:v1``) go into the scenario at Resolve, and the hit's card shows the
row's words and effects; with none kept, the row is named with a link to enter the table.
Screenshots are kept in test-artifacts/critical-reading-*.png."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import ARTIFACTS, PHONE, by_hand, go, ready
from tests.e2e.test_page import fill_lasgun_shot, k

pytestmark = pytest.mark.e2e

KEY = "auspex:tables:v1"
TABLES = {
    "auspex_critical": 1,
    "tables": [
        {
            "system": "dh2",
            "damage_type": "Energy",
            "location": "Body",
            "rows": [
                {
                    "row": 3,
                    "text": "A searing <b>blow</b> to the chest.",
                    "effects": [{"kind": "stunned", "dice": "1d5"}],
                }
            ],
        },
        # another ruleset's table is never sent with a DH2 attack
        {"system": "dw", "damage_type": "Energy", "location": "Body", "rows": [{"row": 3, "text": "Deathwatch's"}]},
    ],
    "charts": [],
}


def lasgun_fury(page: Page, dice: list[int]) -> None:
    """The lasgun shot (BS 45 +10 +10 -20 = 45): roll 23, 3 DoS, Body; d10 10: 13 - AP 2 - TB 3 =
    8 wounds and a natural 10: Righteous Fury's d5 (seed 004, Righteous Fury)."""
    page.set_viewport_size({"width": 1280, "height": 900})  # every step's fields on screen to fill
    fill_lasgun_shot(page)
    page.set_viewport_size(PHONE)
    go(page, "result")
    by_hand(page, dice)


def test_righteous_fury_reads_the_row_of_the_tables_kept_on_the_device(ready_page: Page) -> None:
    page = ready(ready_page)
    page.evaluate(f"localStorage.setItem({json.dumps(KEY)}, {json.dumps(json.dumps(TABLES))})")
    # the Fury's d5: d10 5 -> 3, row 3 of Energy Critical Effects, Body; its [stunned 1d5]: d10 6 -> 3
    lasgun_fury(page, [23, 10, 5, 6])
    assert k(page, "righteous-fury") == ["critical effect 3 on Energy Critical Effects, Body"]
    assert k(page, "critical-row") == ["Energy Critical Effects, Body, row 3"]
    assert k(page, "critical-text") == ["A searing <b>blow</b> to the chest."]  # the group's words, as typed
    assert k(page, "critical-effect") == ["Stunned 3 rounds (1d5)"]
    expect(page.locator("#result b")).to_have_count(0)
    expect(page.locator("#result")).to_contain_text("Critical effect: stunned rounds (hit 1)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#result").screenshot(path=str(ARTIFACTS / "critical-reading-fury-390.png"))


def test_without_tables_the_row_is_named_with_a_link_to_enter_them(ready_page: Page) -> None:
    page = ready(ready_page)
    lasgun_fury(page, [23, 10, 5])  # no effect die: no table is kept
    assert k(page, "critical-row") == ["row 3 of Energy Critical Effects, Body"]
    link = page.locator('#result a[href="#critical-tables"]')
    expect(link).to_have_text("enter your table")
    page.locator("#result").screenshot(path=str(ARTIFACTS / "critical-reading-link-390.png"))
