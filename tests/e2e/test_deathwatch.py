"""Deathwatch on the real page: the armoury pickers, the Horde target, movement by AB, and a
Full Auto burst into a Horde typed in with the dice rolled by hand, checked against arithmetic
done by hand from seed 001."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_rulesets import clear_modifiers, field, k, type_dice

pytestmark = pytest.mark.e2e


def deathwatch(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    field(page, "system").select_option("dw")
    expect(page.locator("html")).to_have_attribute("data-system", "dw")  # the forms switched


def test_the_armoury_fills_the_weapon_and_armour_and_every_field_stays_editable(ready_page: Page) -> None:
    page = ready_page
    deathwatch(page)
    page.locator("#armoury-weapon").select_option(label="Astartes Heavy Bolter")
    # seed 001: Astartes Heavy Bolter, Heavy, 150m, -/-/10, 2d10+10 X, Pen 6, Clip 60, Full, Tearing
    expect(field(page, "attacker.weapon.name")).to_have_value("Astartes Heavy Bolter")
    expect(field(page, "attacker.weapon.class")).to_have_value("Heavy")
    expect(field(page, "attacker.weapon.range")).to_have_value("150")
    expect(field(page, "attacker.weapon.rof")).to_have_value("-/-/10")
    expect(field(page, "attacker.weapon.damage")).to_have_value("2d10+10")
    expect(field(page, "attacker.weapon.damage_type")).to_have_value("X")
    expect(field(page, "attacker.weapon.pen")).to_have_value("6")
    expect(field(page, "attacker.weapon.clip")).to_have_value("60")
    expect(field(page, "attacker.weapon.qualities")).to_have_value("Tearing")
    field(page, "attacker.weapon.clip").fill("12")  # the player's own count of rounds left
    expect(field(page, "attacker.weapon.clip")).to_have_value("12")
    # the Power Fist's footnote: SB doubled
    page.locator("#armoury-weapon").select_option(label="Astartes Power Fist")
    expect(field(page, "attacker.weapon.sb_multiplier")).to_have_value("2")
    expect(page.locator("#armoury-weapon-note")).to_contain_text("double")
    # Astartes Power Armour: AP 8, the body 10
    page.locator("#armoury-armour").select_option(label="Astartes Power Armour (All)")
    expect(field(page, "target.armour.Head")).to_have_value("8")
    expect(field(page, "target.armour.Body")).to_have_value("10")
    expect(field(page, "target.armour.Left Leg")).to_have_value("8")
    # movement by AB, from Ag: Ag 40 is AB 4 (seed 001: Half 4, Full 8, Charge 12, Run 24)
    field(page, "attacker.characteristics.Ag").fill("40")
    expect(page.locator("#movement")).to_contain_text("Charge 12 m")
    field(page, "attacker.characteristics.Ag").fill("52")
    expect(page.locator("#movement")).to_contain_text("AB 5")
    # the Horde switch and movement belong to Deathwatch: Dark Heresy hides them; its armoury is
    # its own (issue 24: seed 001's common rows, no Astartes weapon)
    field(page, "system").select_option("dh2")
    expect(page.get_by_label("Horde", exact=True)).to_be_hidden()
    expect(page.locator("#armoury-weapon")).to_be_visible()
    expect(page.locator("#armoury-weapon option", has_text="Lasgun")).to_have_count(1)
    expect(page.locator("#armoury-weapon option", has_text="Astartes")).to_have_count(0)
    expect(page.locator("#movement")).to_be_hidden()


def test_full_auto_bolter_burst_into_a_horde_rolled_by_hand(ready_page: Page) -> None:
    page = ready_page
    deathwatch(page)
    page.locator("#armoury-weapon").select_option(label="Astartes Bolter (Godwyn)")
    field(page, "attacker.characteristics.BS").fill("45")
    page.get_by_label("Horde", exact=True).check()
    expect(field(page, "target.horde.magnitude")).to_be_visible()
    expect(field(page, "target.wounds")).to_be_hidden()
    field(page, "target.name").fill("Cultist horde")
    field(page, "target.toughness_bonus").fill("3")
    field(page, "target.horde.magnitude").fill("30")
    field(page, "target.horde.armour").fill("10")
    field(page, "action.type").select_option("Full Auto Burst")
    field(page, "action.distance").fill("30")
    clear_modifiers(page)
    # BS 45 + 20 (Full Auto) + 10 (Short: 30 m < 100/2) + 30 (Magnitude 30 counts as Massive) = 105.
    # Roll 12: (105 - 12) // 10 = 9 DoS; 1 + 9 = 10 hits, capped at the full-auto RoF 4; the bolter's
    # Explosive damage counts one more hit against a Horde: 5 hits. Each 2d10+5 with Tearing (a third
    # die, the lowest dropped); armour 10 - Pen 5 = 5, TB 3, so damage over 8 takes one Magnitude:
    # 3,4,5 -> 14; 6,7,8 -> 20; 1,1,1 -> 7 (stopped); 9,9,9 -> 23; 5,5,5 -> 15. The 9 DoS are the minimum of one
    # damage die (DW Core, Ch. VIII, Attacker Determines Damage; issue 22): the third hit's first 1 counts 9:
    # 9 + 1 + 5 = 15 -> 7 wounds, so all 5 take Magnitude.
    type_dice(page, [12, 3, 4, 5, 6, 7, 8, 1, 1, 1, 9, 9, 9, 5, 5, 5])
    assert k(page, "target-number") == ["105"]
    assert k(page, "degrees") == ["9 DoS"]
    assert k(page, "hits") == ["5 hits"]
    assert k(page, "magnitude-lost") == ["Magnitude \u22125"]
    assert k(page, "magnitude-left") == ["25 of 30 left"]
    assert k(page, "location") == ["Horde"] * 5
    assert k(page, "wounds") == ["6", "12", "7", "15", "7"]
    assert k(page, "magnitude") == [
        "takes 1 Magnitude",
        "takes 1 Magnitude",
        "takes 1 Magnitude",
        "takes 1 Magnitude",
        "takes 1 Magnitude",
    ]


def test_a_storm_bolter_burst_moves_extra_hits_onto_a_foe_within_2_m(ready_page: Page) -> None:
    page = ready_page
    deathwatch(page)
    page.locator("#armoury-weapon").select_option(label="Astartes Storm Bolter")
    field(page, "attacker.characteristics.BS").fill("45")
    field(page, "target.armour.Body").fill("0")
    page.click("#add-nearby")
    page.click("#add-nearby")
    page.locator("#nearby-rows button.remove").first.click()  # the rows renumber: the one left is .0
    field(page, "target.nearby.0.name").fill("Second cultist")
    field(page, "target.nearby.0.hits").fill("2")
    field(page, "action.type").select_option("Full Auto Burst")
    field(page, "action.distance").fill("20")
    clear_modifiers(page)
    # BS 45 + 20 (Full Auto) + 10 (Short) = 75; roll 53: 2 DoS -> 3 hits (RoF 4), Storm doubles them: 6.
    # 53 reversed is 35, the Body. Two of the five extra hits go to the second cultist: his d100 10
    # reversed is 01, the Head, and the Head row's second hit is the Head again. The target keeps the
    # first four: Body, Body, Right Arm, Head. Every damage die 5 (Tearing: three dice, one dropped).
    type_dice(page, [53, 10] + [5] * 18)
    assert k(page, "others-hit") == ["1 other hit"]
    assert k(page, "location") == ["Body", "Body", "Right Arm", "Head", "Head", "Head"]
    cards = page.locator("#result article.hit h4").all_text_contents()
    assert cards[4].startswith("Hit 5 (Second cultist)") and cards[5].startswith("Hit 6 (Second cultist)")
    # each hit: 5 + 5 + 5 (Tearing keeps two) = 15 - armour 0 - TB 3 = 12; the target took four
    assert k(page, "total-wounds") == ["48 wounds"]
