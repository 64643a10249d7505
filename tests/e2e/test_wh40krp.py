"""The fan-made Warhammer 40,000 Roleplay (seed 000) on the real page: its own forms replace the
d100 ones, a four-shot automatic action typed in with the dice rolled by hand, a refusal at its
field, and the seed's Eldar Harlequin in hand-to-hand. Every figure is worked by hand from seed 000
in the comments."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_rulesets import field, k, resolve, type_dice

pytestmark = pytest.mark.e2e


def wh40krp(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    field(page, "system").select_option("wh40krp")
    expect(page.locator("html")).to_have_attribute("data-system", "wh40krp")  # the forms switched


def fill(page: Page, values: dict[str, str]) -> None:
    for name, value in values.items():
        field(page, name).fill(value)


def test_the_ruleset_switch_swaps_in_its_own_forms(ready_page: Page) -> None:
    page = ready_page
    wh40krp(page)
    expect(page.locator("#attacker")).to_be_hidden()
    expect(page.locator("#rp-attacker")).to_be_visible()
    expect(page.locator("#rp-action")).to_be_visible()
    # the round starts as Aim, Automatic: 2 of 4 actions; a reload takes all 4
    expect(page.locator("#rp-actions-spent")).to_have_text("2 of 4 actions this round.")
    field(page, "rp:action.actions.1.kind").select_option("reload")
    expect(page.locator("#rp-actions-spent")).to_contain_text("5 of 4 actions this round: too many")
    field(page, "rp:action.actions.1.kind").select_option("auto")
    for _ in range(2):
        page.click("#add-rp-action")
    expect(page.locator("#add-rp-action")).to_be_disabled()  # four actions at most
    expect(page.locator("#rp-actions-spent")).to_have_text("4 of 4 actions this round.")
    # back to Dark Heresy: its forms return as they were
    field(page, "system").select_option("dh2")
    expect(page.locator("#attacker")).to_be_visible()
    expect(page.locator("#rp-attacker")).to_be_hidden()
    expect(field(page, "attacker.weapon.name")).to_have_value("Lasgun")


def test_a_four_shot_automatic_action_typed_in_by_hand(ready_page: Page) -> None:
    page = ready_page
    wh40krp(page)
    # Pirate, BS 45, autogun (Basic, 150 m, S/SA/A): +10 against physical armour, +5 against cover
    # (illustrative: the seed's weapon tables are not available). Cultist 30 m away: short range.
    fill(page, {"rp:attacker.BS": "45", "rp:attacker.weapon.range": "150", "rp:attacker.weapon.clip": "30"})
    fill(page, {"rp:attacker.weapon.penetration.physical": "10", "rp:attacker.weapon.penetration.cover": "5"})
    field(page, "rp:target.armour.Body.type").select_option("physical")
    fill(page, {"rp:target.armour.Body.chance": "40", "rp:target.cover.name": "Wall", "rp:target.cover.chance": "40"})
    # the wall hides the body and legs (the form's default)
    fill(page, {"rp:action.distance": "30"})
    field(page, "rp:charts.0.rows").fill("01-30: Flesh wound\n31-70: Light wound\n71-100: Serious wound")
    # The round: Aim (+5, first shot only on automatic), Automatic (-10, -20, -30, -40):
    # shot 1 45 - 10 + 5 = 40%, shot 2 25%, shot 3 15%, shot 4 5%.
    # Rolls 37 (hit; reversed 73: Body), 52 (miss), 13 (hit; 31: Right Arm), 04 (hit; 40: Left Arm).
    # Shot 1, Body: the wall first, 40 + 5 = 45%, rolled 30: through; then the armour, physical
    # 40 + 10 = 50%, rolled 60: stopped. Shots 3 and 4 strike bare arms: nothing to penetrate.
    # Damage: shot 3 d100 25 on Chart 1: Flesh wound; shot 4 d100 80: Serious wound.
    # Duck-back: shot 1 did not penetrate, but shots 3 and 4 of the same action damaged him: none.
    type_dice(page, [37, 52, 13, 4, 30, 60, 25, 80])
    expect(page.locator('#result [data-k="outcome"]')).to_have_text("Hit")
    assert k(page, "hits") == ["3 hits"]
    assert k(page, "penetrating") == ["2 penetrating"]
    assert k(page, "duck-back") == []
    assert k(page, "shot-chance") == ["40%", "25%", "15%", "5%"]
    assert k(page, "shot-roll") == ["37", "52", "13", "04"]
    assert k(page, "shot-result") == ["hit", "miss", "hit", "hit"]
    assert k(page, "shot-location") == ["Body", "Right Arm", "Left Arm"]
    first = page.locator('#result [data-shot="1"] [data-k="penetration"]')
    expect(first).to_contain_text("cover (Wall) 40% +5 weapon = 45%: rolled 30, penetrated")
    expect(first).to_contain_text("armour, physical 40% +10 weapon = 50%: rolled 60, stopped")
    assert k(page, "chart-result") == ["Flesh wound (your chart)", "Serious wound (your chart)"]
    expect(page.locator('#result [data-k="actions-spent"]')).to_have_text("2 of 4 actions · 4 rounds fired, 26 left")


def test_a_shot_the_rules_do_not_allow_is_refused_at_its_field(ready_page: Page) -> None:
    page = ready_page
    wh40krp(page)
    # Night, 30 m, no light: nothing is seen beyond 3 m (seed 000, Night)
    field(page, "rp:action.light").select_option("night")
    fill(page, {"seed": "4"})
    resolve(page, "invalid")
    light = field(page, "rp:action.light")
    expect(light).to_have_attribute("aria-invalid", "true")
    expect(light.locator("xpath=ancestor::label")).to_contain_text("nothing is seen beyond 3 m")
    expect(field(page, "rp:attacker.name")).to_have_value("Pirate")  # nothing typed is lost
    # a head-lamp cluster lights the target up to 150 m: it can be shot as in daylight
    field(page, "rp:action.illumination").select_option("head-lamp")
    resolve(page, "ok")


def test_the_seeds_eldar_harlequin_in_hand_to_hand(ready_page: Page) -> None:
    page = ready_page
    wh40krp(page)
    # seed 000, Effective Initiative: the Harlequin (I 72, 3 Attacks) against a gang leader (I 30,
    # 2 Attacks): Eldar (72), Eldar (48), Human (30), Eldar (24), Human (15).
    fill(page, {"rp:attacker.name": "Harlequin", "rp:attacker.WS": "65", "rp:attacker.I": "72", "rp:attacker.A": "3"})
    fill(page, {"rp:attacker.weapon.name": "Power sword", "rp:target.name": "Gang leader"})
    field(page, "rp:attacker.weapon.class").select_option("Melee")
    fill(page, {"rp:target.I": "30", "rp:target.A": "2"})
    page.locator("#rp-round-rows button.remove").first.click()
    field(page, "rp:action.actions.0.kind").select_option("melee")
    # Three blows at WS 65: 70 misses; 12 hits (reversed 21: Right Arm, unarmoured: counts as
    # primitive armour at the Harlequin's WS, 65% + 0 = 65%, rolled 50: through; damage d100 44);
    # 66 misses.
    type_dice(page, [70, 12, 50, 44, 66])
    expect(page.locator('#result [data-k="initiative"]')).to_have_text(
        "Blows this round: Harlequin (72), Harlequin (48), Gang leader (30), Harlequin (24), Gang leader (15)"
    )
    assert k(page, "shot-result") == ["miss", "hit", "miss"]
    assert k(page, "shot-location") == ["Right Arm"]
    expect(page.locator('#result [data-shot="2"] [data-k="penetration"]')).to_contain_text(
        "primitive 65% +0 weapon = 65%: rolled 50, penetrated"
    )
