"""Rulesets and weapon qualities on the real page: the ruleset switch, the quality list, and attacks
typed in with the dice rolled by hand ("I rolled"), checked against arithmetic done by hand."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e


def field(page: Page, name: str) -> Locator:
    return page.locator(f'[name="{name}"]')


def k(page: Page, key: str) -> list[str]:
    return page.locator(f'#result [data-k="{key}"]').all_text_contents()


def resolve(page: Page, status: str) -> None:
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps(status)}")


def type_dice(page: Page, dice: list[int]) -> None:
    """Enter each die when the page asks for it, as a player at the table does."""
    page.get_by_label("I rolled").check()
    for value in dice:
        resolve(page, "needs")
        page.locator("#dice-rows li.next input").fill(str(value))
    resolve(page, "ok")


def pick_quality(page: Page, name: str, x: int | None = None) -> None:
    page.locator("#quality-pick").select_option(name)
    if x is not None:
        page.locator("#quality-x").fill(str(x))
    page.click("#add-quality")


def clear_modifiers(page: Page) -> None:
    while page.locator("#modifier-rows button.remove").count():
        page.locator("#modifier-rows button.remove").first.click()


def test_the_ruleset_switch_offers_that_rulesets_actions_and_qualities(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    actions = field(page, "action.type").locator("option")
    expect(actions).to_contain_text(["Standard Attack (Half)"])
    assert "Swift Attack (Half)" in actions.all_text_contents()
    field(page, "system").select_option("dh1")
    expect(page.locator("html")).to_have_attribute("data-system", "dh1")  # the forms switched
    texts = actions.all_text_contents()
    # seed 003: Semi- and Full Auto Burst are Full Actions; DH1 has no Swift Attack action
    assert "Full Auto Burst (Full)" in texts and "Semi-Auto Burst (Full)" in texts
    assert not any(t.startswith("Swift Attack") for t in texts)
    qualities = page.locator("#quality-pick option").all_text_contents()
    assert "Tearing" in qualities and "Blast (X)" in qualities and "Razor Sharp" not in qualities
    # a DH2 quality typed by hand is refused at its field, naming the ruleset
    field(page, "attacker.weapon.qualities").fill("Razor Sharp")
    resolve(page, "invalid")
    qualities_field = field(page, "attacker.weapon.qualities")
    expect(qualities_field).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".field-error")).to_contain_text(["not a Dark Heresy 1st edition weapon quality"])
    expect(qualities_field).to_have_value("Razor Sharp")  # nothing typed is lost


def test_dh1_full_auto_burst_with_storm_rolled_by_hand(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    field(page, "system").select_option("dh1")
    field(page, "attacker.characteristics.BS").fill("40")
    field(page, "attacker.weapon.name").fill("Storm bolter")
    field(page, "attacker.weapon.class").select_option("Basic")
    field(page, "attacker.weapon.range").fill("90")
    field(page, "attacker.weapon.rof").fill("S/2/4")
    field(page, "attacker.weapon.damage").fill("1d10+5")
    field(page, "attacker.weapon.damage_type").select_option("X")
    field(page, "attacker.weapon.pen").fill("4")
    field(page, "attacker.weapon.clip").fill("60")
    field(page, "attacker.weapon.qualities").fill("")
    pick_quality(page, "Storm")
    expect(field(page, "attacker.weapon.qualities")).to_have_value("Storm")
    field(page, "target.toughness_bonus").fill("3")
    field(page, "target.wounds").fill("40")
    field(page, "target.armour.Body").fill("4")
    field(page, "action.type").select_option("Full Auto Burst")
    field(page, "action.distance").fill("30")
    clear_modifiers(page)
    # BS 40 + Full Auto Burst 20 + Short range (30 m, under half of 90 m) 10 = 70.
    # Roll 52: (70 - 52) // 10 = 1 DoS -> 1 + 1 = 2 hits (RoF 4), Storm doubles them: 4
    # (8 rounds fired). 52 reversed is 25: Left Arm; the Arm row: Left Arm, Left Arm, Body, Head.
    # Damage d10 + 5, Pen 4 against 0 AP on arms and head, 4 on the body, TB 3:
    #   hit 1: 3 + 5 = 8 - 0 - 3 = 5;  hit 2: 7 + 5 = 12 - 3 = 9;
    #   hit 3: 10 + 5 = 15 - (4 - 4) - 3 = 12; a natural 10: the test again, 30 <= 70 confirms
    #          Righteous Fury, +1d10 = 4 damage -> 16;
    #   hit 4: 6 + 5 = 11 - 3 = 8.     Total 5 + 9 + 16 + 8 = 38.
    type_dice(page, [52, 3, 7, 10, 30, 4, 6])
    assert k(page, "outcome") == ["Hit"]
    assert k(page, "target-number") == ["70"]
    assert k(page, "roll") == ["52"]
    assert k(page, "degrees") == ["1 DoS"]
    assert k(page, "hits") == ["4 hits"]
    assert k(page, "location") == ["Left Arm", "Left Arm", "Body", "Head"]
    assert k(page, "wounds") == ["5", "9", "16", "8"]
    assert k(page, "total-wounds") == ["38 wounds"]
    assert k(page, "righteous-fury") == ["+4 damage (confirmed: 30)"]
    expect(page.locator("#result .steps")).to_contain_text("Storm doubles the hits: 2 \u00d7 2 = 4")
    expect(page.locator("#result")).to_contain_text("8 rounds fired, 52 left")


def test_dh2_tearing_melee_attack_rolled_by_hand(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    field(page, "attacker.characteristics.WS").fill("40")
    field(page, "attacker.characteristics.S").fill("35")
    field(page, "attacker.weapon.name").fill("Chainsword")
    field(page, "attacker.weapon.class").select_option("Melee")
    field(page, "attacker.weapon.range").fill("0")
    field(page, "attacker.weapon.rof").fill("S/-/-")
    field(page, "attacker.weapon.damage").fill("1d10+2")
    field(page, "attacker.weapon.damage_type").select_option("R")
    field(page, "attacker.weapon.pen").fill("2")
    field(page, "attacker.weapon.clip").fill("0")
    field(page, "attacker.weapon.qualities").fill("")
    pick_quality(page, "Tearing")
    pick_quality(page, "Balanced")
    expect(field(page, "attacker.weapon.qualities")).to_have_value("Tearing, Balanced")
    field(page, "target.toughness_bonus").fill("3")
    field(page, "target.wounds").fill("12")
    field(page, "target.armour.Body").fill("2")
    field(page, "action.type").select_option("Standard Attack")
    field(page, "action.distance").fill("1")
    clear_modifiers(page)
    # WS 40 + Standard Attack 10 = 50; roll 34: 5 - 3 + 1 = 3 DoS; 34 reversed is 43: Body.
    # Damage 1d10 = 4 and Tearing's extra d10 = 8: the lowest (4) is dropped; the 3 DoS replace
    # no die (both show more than 3). 8 + 2 + SB 3 = 13; armour 2 - Pen 2 = 0; 13 - 0 - TB 3 = 10.
    type_dice(page, [34, 4, 8])
    assert k(page, "outcome") == ["Hit"]
    assert k(page, "target-number") == ["50"]
    assert k(page, "degrees") == ["3 DoS"]
    assert k(page, "location") == ["Body"]
    assert k(page, "damage") == ["13"]
    assert k(page, "effective-armour") == ["0"]
    assert k(page, "wounds") == ["10"]
    expect(page.locator("#result li.die.dropped")).to_have_count(1)
    expect(page.locator("#result li.die.dropped .face")).to_have_text("4")
    expect(page.locator("#result .steps")).to_contain_text("Tearing rolled one extra die and dropped the lowest")
