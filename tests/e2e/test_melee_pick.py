"""A knife on the page: Dark Heresy's pickers offer the common melee weapons (DH2 and DH1 Core's
Melee Weapons tables), and a melee weapon's RoF left blank or written as a dash, as the books print
it, is accepted (read as S/-/-), not refused as "not a rate of fire"."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_page import field, k, resolve

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize(
    ("system", "target_number"),
    [
        ("dh2", "50"),  # WS 40 + 10 Standard Attack (seed 004)
        ("dh1", "40"),  # WS 40: DH1's Standard Attack gives no bonus (seed 003, Actions)
    ],
)
def test_a_picked_knife_with_a_blank_or_dashed_rof_resolves(ready_page: Page, system: str, target_number: str) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    field(page, "system").select_option(system)
    for name in ("Knife", "Sword", "Chainsword", "Power Sword", "Club", "Staff", "Unarmed"):
        expect(page.locator("#armoury-weapon option", has_text=name).first).to_be_attached()
    page.locator("#armoury-weapon").select_option(label="Knife")
    expect(field(page, "attacker.weapon.class")).to_have_value("Melee")
    expect(field(page, "attacker.weapon.damage")).to_have_value("1d5")
    expect(page.locator("#armoury-weapon-source")).to_contain_text("Melee Weapons")
    field(page, "attacker.characteristics.WS").fill("40")
    field(page, "action.type").select_option("Standard Attack")
    field(page, "action.distance").fill("1")
    for rof in ("", "\u2014"):
        field(page, "attacker.weapon.rof").fill(rof)
        field(page, "seed").fill("7")
        resolve(page, "ok")
        assert k(page, "target-number") == [target_number]
