"""Multiple Attacks with Swift or Lightning Attack on the page at 390 px: the talent's
select shows only for the Multiple Attacks action, and the result shows every attack, each as counted by hand.
Screenshots: test-artifacts/multiple-attacks-form-390.png, multiple-attacks-result-390.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import ARTIFACTS, PHONE, by_hand, field, go, ready

pytestmark = pytest.mark.e2e


def test_dw_swift_attack_shows_both_attacks(ready_page: Page) -> None:
    # Deathwatch, WS 40, S 40 (SB 4), Astartes Combat Knife 1d10+2 Pen 2; the target TB 4, 20 wounds, no armour.
    # Attack 1: d100 35 <= 40, 0 DoS, reversed 53 Body; d10 6 + 2 + 4 = 12 - 4 = 8 wounds.
    # Attack 2: d100 40, reversed 04 Head; d10 3 + 6 = 9 - 4 = 5 wounds (13 taken).
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.select_option("#system", "dw")
    go(page, "attacker")
    field(page, "attacker.characteristics.WS").fill("40")
    field(page, "attacker.characteristics.S").fill("40")
    field(page, "attacker.weapon.class").select_option("Melee")
    for key, value in {"name": "Combat Knife", "damage": "1d10+2", "pen": "2"}.items():
        field(page, f"attacker.weapon.{key}").fill(value)
    go(page, "target")
    field(page, "target.toughness_bonus").fill("4")
    field(page, "target.wounds").fill("20")
    go(page, "action")
    expect(field(page, "action.talent")).to_be_hidden()  # hidden until Multiple Attacks
    field(page, "action.type").select_option("Multiple Attacks")
    expect(field(page, "action.talent")).to_be_visible()
    field(page, "action.distance").fill("1")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#action").screenshot(path=str(ARTIFACTS / "multiple-attacks-form-390.png"))
    go(page, "result")
    by_hand(page, [35, 6, 40, 3])
    result = page.locator("#result")
    expect(result).to_contain_text("Attack 2 of 2")
    expect(result).to_contain_text("8 wound")
    expect(result).to_contain_text("5 wound")
    page.locator("#result").screenshot(path=str(ARTIFACTS / "multiple-attacks-result-390.png"))
