"""The table rules seed 004 leaves to the group, on the page at 390 px: each new field hidden until it applies (the
Table rules closed, Spray and Pray's chance under its choice, the Focus Power test's fields for a
Psychic Attack), a psychic attack and a Spray and Pray miss read as counted by hand, a chance out
of 1-100 marked at its field, and the encounter listing a combatant's Righteous Fury effects.
Screenshots are kept in test-artifacts/table-rules-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import ARTIFACTS, PHONE, by_hand, card, field, go, guard_and_cultist, ready, resolve

pytestmark = pytest.mark.e2e


def psychic_bolt(page: Page) -> None:
    """A psychic bolt on the forms (1d10+3, Pen 4, Psy Rating 3) at a target with Body AP 6, TB 3 and
    20 Wounds, the action chosen a Psychic Attack (its Focus Power fields then show); the Action step
    left on screen."""
    go(page, "attacker")
    for key, value in {"name": "Psychic Bolt", "damage": "1d10+3", "pen": "4"}.items():
        field(page, f"attacker.weapon.{key}").fill(value)
    field(page, "attacker.psy_rating").fill("3")
    go(page, "target")
    field(page, "target.armour.Body").fill("6")
    field(page, "target.toughness_bonus").fill("3")
    field(page, "target.wounds").fill("20")
    go(page, "action")
    field(page, "action.type").select_option("Psychic Attack")


def test_new_fields_stay_hidden_on_the_default_form(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    go(page, "action")
    expect(field(page, "action.unaware_chance")).to_be_hidden()
    expect(field(page, "action.psychic.power")).to_be_hidden()
    expect(field(page, "options.stray_shots")).to_be_hidden()  # inside the closed Table rules
    expect(page.locator("#table-rules")).to_be_visible()
    assert page.locator("#table-rules").get_attribute("open") is None
    page.locator("#table-rules summary").click()
    expect(field(page, "options.stray_shots")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#action").screenshot(path=str(ARTIFACTS / "table-rules-action-390.png"))
    # a ruleset without DH2's rules shows none of them; its one table rule, the GM placing a missed
    # Blast (DH1 Core, Ch. VIII, Scatter Diagram), comes from the engine's catalogue ("scatter")
    page.select_option("#system", "dh1")
    expect(field(page, "options.stray_shots")).to_be_hidden()
    expect(field(page, "options.all_npcs_fury")).to_be_hidden()
    expect(field(page, "options.gm_scatters")).to_be_visible()
    expect(field(page, "action-unaware")).to_be_hidden()


def test_a_missed_blast_scatters_or_the_gm_places_it(ready_page: Page) -> None:
    # Deathwatch, a Blast (3) weapon, roll 95: a miss (not a jam: 96-00). The Scatter Diagram's d10 (3) and
    # 1d10 metres (7) are asked for (DW Core, Ch. VII, Scatter Diagram; seed 001 L362); with the table rule
    # ticked the GM places the round and no die but the test's is asked for.
    page = ready(ready_page)
    page.set_viewport_size({"width": 1280, "height": 900})  # every step on screen
    page.select_option("#system", "dw")
    field(page, "attacker.weapon.qualities").fill("Blast (3)")
    by_hand(page, [95, 3, 7])
    expect(page.locator("#result")).to_contain_text("Scatter Diagram d10 = 3")
    page.locator("#table-rules summary").click()
    field(page, "options.gm_scatters").check()
    by_hand(page, [95])
    expect(page.locator("#result")).to_contain_text("The GM places it")


def test_psychic_attack_reads_as_counted_by_hand(ready_page: Page) -> None:
    # WP 45 + Psychic Attack 0 + the power's +10 = 55; d100 34: 5 - 3 + 1 = 3 degrees, reversed 43
    # Body; d10 8 + 3 = 11 - (Body AP 6 - Pen 4) - TB 3 = 6 wounds.
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    psychic_bolt(page)
    expect(field(page, "action.psychic.power")).to_be_visible()
    field(page, "attacker.characteristics.WP").fill("45")
    field(page, "action.psychic.modifier").fill("10")
    page.locator("#action").screenshot(path=str(ARTIFACTS / "table-rules-psychic-390.png"))
    go(page, "result")
    by_hand(page, [34, 8])
    result = page.locator("#result")
    expect(result).to_contain_text("Focus Power test")
    expect(result).to_contain_text("psy rating 3")
    expect(result).to_contain_text("6 wound")
    page.locator("#result").screenshot(path=str(ARTIFACTS / "table-rules-psychic-result-390.png"))


def test_spray_and_pray_chance_refused_out_of_range_then_a_miss(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    go(page, "action")
    page.locator("#action-unaware").check()
    chance = field(page, "action.unaware_chance")
    expect(chance).to_be_visible()
    chance.fill("101")
    go(page, "result")
    page.locator('input[name="dice-mode"][value="manual"]').check()
    resolve(page, "invalid")
    go(page, "action")
    expect(chance).to_have_attribute("aria-invalid", "true")
    chance.fill("40")
    go(page, "result")
    by_hand(page, [41])  # the GM's d100 41 is over 40: the attack misses, no test rolled
    expect(page.locator("#result")).to_contain_text("Spray and Pray")
    expect(page.locator("#result")).to_contain_text("is over it")


def test_encounter_lists_each_righteous_fury_effect(ready_page: Page) -> None:
    # Guard BS 45 + Standard 10 + Short range 10 = 65; d100 45: 3 degrees, reversed 54 Body;
    # d10 10 + 3 = 13 - AP 2 - TB 3 = 8 of 10; Righteous Fury d5 (a d10 halved) 3 -> row 2.
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    guard_and_cultist(page)
    go(page, "action")
    field(page, "action.type").select_option("Standard Attack")
    field(page, "action.distance").fill("20")
    go(page, "result")
    by_hand(page, [45, 10, 3])
    fury = card(page, "Cultist").locator('[data-k="fury"]')
    expect(fury).to_have_count(1)
    expect(fury).to_contain_text("Critical Effects, Body row 2")
    expect(card(page, "Cultist")).to_contain_text("separate effects, not stacking")
    page.locator("#tracker").screenshot(path=str(ARTIFACTS / "table-rules-fury-390.png"))
