"""Deathwatch's Psychic Attack on the page at 390 px (seed 001's Focus Power action,
DW Core Ch. VI): the Focus Power test's fields show only for it, and a psychic bolt reads as counted
by hand. Screenshot: test-artifacts/dw-psychic-390.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import ARTIFACTS, PHONE, by_hand, field, go, ready
from tests.e2e.test_table_rules import psychic_bolt

pytestmark = pytest.mark.e2e


def test_dw_psychic_attack_reads_as_counted_by_hand(ready_page: Page) -> None:
    # WP 45 + the power's +10 = 55; d100 34: Deathwatch degrees, whole tens of 21: 2; reversed 43:
    # Body; d10 8 + 3 = 11 - (Body AP 6 - Pen 4) - TB 3 = 6 wounds.
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.select_option("#system", "dw")
    go(page, "action")
    expect(field(page, "action.psychic.power")).to_be_hidden()  # hidden until a Psychic Attack
    psychic_bolt(page)
    expect(field(page, "action.psychic.power")).to_be_visible()
    field(page, "attacker.characteristics.WP").fill("45")
    field(page, "action.psychic.modifier").fill("10")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#action").screenshot(path=str(ARTIFACTS / "dw-psychic-390.png"))
    go(page, "result")
    by_hand(page, [34, 8])
    result = page.locator("#result")
    expect(result).to_contain_text("Focus Power test")
    expect(result).to_contain_text("DW Core, Ch. VI")
    expect(result).to_contain_text("6 wound")
