"""The forms read what the engine resolves, at 390x844: after the GM sets critical damage by hand,
the card, the Target form's Damage taken and the engine agree (the next hit counts from Wounds +
critical damage: seed 004, Step Five, the reading in rules/d100/encounter/criticals.py); another pair
picked fills from the engine too; "Update its profile from the forms" keeps what the combatant has
taken as its state, never as its profile."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import PHONE, field, go, guard_and_cultist, press, reads, ready, show_encounter

pytestmark = pytest.mark.e2e

STORED = "JSON.parse(localStorage.getItem('auspex:encounter:v1')).files[document.getElementById('system').value].events"


def gm_sets(page: Page, name: str, key: str, value: str) -> None:
    """The GM panel's Set for ``name``: ``key``'s box given ``value``."""
    go(page, "result")
    show_encounter(page)
    gm = page.locator(".tk-gm")
    if gm.get_attribute("open") is None:
        page.locator(".tk-gm summary").click()
    page.select_option("#tk-gm-who", label=name)
    page.fill(f'#tk-adjust-fields [data-adjust="{key}"]', value)
    press(page, "#tk-adjust")


def test_critical_damage_set_by_hand_reads_the_same_on_the_card_and_the_forms(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    guard_and_cultist(page)  # the Guard (12 Wounds) acts first, at the Cultist (10 Wounds)
    expect(page.locator("#tk-at option:checked")).to_have_text("Cultist")
    gm_sets(page, "Cultist", "critical", "3")
    # hand count: Wounds 10 + critical damage 3 = 13, on the card and on the Target form
    assert reads(page, "Cultist", "harm") == "13 taken: all 10 wounds, critical damage 3"
    go(page, "target")
    expect(field(page, "target.damage_taken")).to_have_value("13")
    # the Guard's Autogun with 7 of its 30 rounds left: the Attacker form's Clip reads 7
    gm_sets(page, "Guard", "rounds", "7")
    go(page, "attacker")
    expect(field(page, "attacker.weapon.clip")).to_have_value("7")
    # another pair picked (the Cultist at the Guard, given critical damage 2): 12 + 2 = 14
    gm_sets(page, "Guard", "critical", "2")
    go(page, "result")
    show_encounter(page)
    page.select_option("#tk-who", label="Cultist")
    page.select_option("#tk-at", label="Guard")
    go(page, "target")
    expect(field(page, "target.damage_taken")).to_have_value("14")
    assert reads(page, "Guard", "harm") == "14 taken: all 12 wounds, critical damage 2"
    # its profile from the forms: the 14 the engine filled in is its state, the profile keeps 0
    go(page, "result")
    show_encounter(page)
    page.select_option("#tk-gm-who", label="Guard")
    press(page, "#tk-profile")
    last = page.evaluate(f"{STORED}.at(-1)")
    assert last["type"] == "profile" and last["target"]["damage_taken"] == 0, json.dumps(last)
    assert last["target"]["wounds"] == 12
    assert reads(page, "Guard", "harm") == "14 taken: all 12 wounds, critical damage 2"
