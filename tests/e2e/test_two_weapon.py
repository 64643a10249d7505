"""Two-weapon fighting on the page at 390 px (seed 004, Two-Weapon Fighting): the second weapon hidden
until "one attack with each" is chosen, one Resolve showing both attacks, each number matched to a
hand count; the share link and a saved attacker keep the second weapon."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_party import open_party, save
from .test_phone import go
from .test_rulesets import clear_modifiers, field, k, resolve, type_dice
from .test_share import open_link, other, raw_link, share, shared_text, take

pytestmark = pytest.mark.e2e
__all__ = ["other"]  # the second page's fixture, shared with test_share

PHONE = {"width": 390, "height": 844}
SHOT = Path("/tmp/auspex-two-weapon-390.png")


def two_autopistols(page: Page) -> None:
    """A DH2 gunslinger: BS 55, an Autopistol in each hand (Pistol, 30 m, S/-/6, 1d10+2 I, Pen 0,
    Clip 18), Two-Weapon Wielder (Ballistic), both on Full Auto Burst at a Cultist 10 m away."""
    page.set_viewport_size(PHONE)
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    field(page, "system").select_option("dh2")
    # a player who never fights with two weapons sees none of it
    expect(field(page, "attacker.second_weapon.name")).to_be_hidden()
    field(page, "attacker.characteristics.BS").fill("55")
    for name, value in [("name", "Autopistol"), ("range", "30"), ("rof", "S/-/6"), ("damage", "1d10+2")]:
        field(page, f"attacker.weapon.{name}").fill(value)
    field(page, "attacker.weapon.class").select_option("Pistol")
    field(page, "attacker.weapon.damage_type").select_option("I")
    field(page, "attacker.weapon.clip").fill("18")
    field(page, "attacker.weapon.qualities").fill("")
    go(page, "target")
    field(page, "target.toughness_bonus").fill("3")
    field(page, "target.wounds").fill("30")
    for loc in ("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"):
        field(page, f"target.armour.{loc}").fill("0")
    field(page, "target.evasion.reaction").select_option("none")
    go(page, "action")
    expect(field(page, "action.second_action.type")).to_be_hidden()
    field(page, "action.type").select_option("Full Auto Burst")
    field(page, "action.distance").fill("10")
    clear_modifiers(page)
    field(page, "action.two_weapon").select_option("both")
    page.get_by_label("Two-Weapon Wielder (Ballistic)").check()
    expect(field(page, "action.second_action.type")).to_be_visible()
    go(page, "attacker")
    expect(field(page, "attacker.second_weapon.name")).to_be_visible()
    expect(field(page, "attacker.second_weapon.name")).to_have_value("Autopistol")
    page.locator("#second-weapon").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOT.with_name("auspex-two-weapon-390-form.png")))
    go(page, "result")


def test_two_autopistols_full_auto_one_resolve_shows_both_attacks(ready_page: Page) -> None:
    page = ready_page
    two_autopistols(page)
    # Each hand: BS 55 - 10 (DH2 Full Auto Burst) + 10 (Short: 10 m under half of 30 m) - 20 (two
    # weapons, seed 004) = 35. First: 12, 3 - 1 + 1 = 3 DoS, one hit plus one per degree beyond the
    # first: 3 hits (RoF 6): 4 + 2 - 3 = 3, 5 + 2 - 3 = 4, 6 + 2 - 3 = 5 -> 12 wounds (the 3 DoS do
    # not beat the lowest die, 4). Second: 30, 3 - 3 + 1 = 1 DoS, 1 hit: 7 + 2 - 3 = 6 wounds.
    type_dice(page, [12, 4, 5, 6, 30, 7])
    assert k(page, "target-number") == ["35", "35"]
    assert k(page, "degrees") == ["3 DoS", "1 DoS"]
    assert k(page, "hits") == ["3 hits", "1 hit"]
    assert k(page, "wounds") == ["3", "4", "5", "6"]
    assert k(page, "total-wounds") == ["12 wounds", "6 wounds"]
    expect(page.locator('#result [data-k="second-hand"]')).to_have_text("Second weapon: Autopistol")
    expect(page.locator("#result")).to_contain_text("second weapon: to-hit d100")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    page.locator("#result").screenshot(path=str(SHOT))
    page.locator('#result [data-k="second-hand"]').scroll_into_view_if_needed()
    page.screenshot(path=str(SHOT.with_name("auspex-two-weapon-390-second.png")))
    # back to one weapon: the second weapon's fields hide and are not sent
    go(page, "action")
    field(page, "action.two_weapon").select_option("none")
    expect(field(page, "attacker.second_weapon.name")).to_be_hidden()


def test_the_share_link_and_a_saved_attacker_keep_the_second_weapon(ready_page: Page, other: Page) -> None:
    page = ready_page
    two_autopistols(page)
    go(page, "attacker")
    field(page, "attacker.second_weapon.name").fill("Left <i>Autopistol</i>")
    go(page, "result")
    type_dice(page, [12, 4, 5, 6, 30, 7])
    link = share(page)
    open_link(other, link)
    take(other)
    expect(field(other, "attacker.second_weapon.name")).to_be_visible()
    expect(field(other, "attacker.second_weapon.name")).to_have_value("Left <i>Autopistol</i>")
    expect(other.get_by_label("Two-Weapon Wielder (Ballistic)")).to_be_checked()
    assert k(other, "total-wounds") == ["12 wounds", "6 wounds"]
    expect(other.locator("#result i")).to_have_count(0)  # typed text, never markup
    # the party keeps the attacker with both weapons
    go(page, "attacker")
    open_party(page)
    save(page, "attackers", "Gunslinger")
    field(page, "attacker.second_weapon.name").fill("Something else")
    page.locator("#party [aria-label=Attackers]").get_by_role("button", name="Use").click()
    expect(field(page, "attacker.second_weapon.name")).to_have_value("Left <i>Autopistol</i>")


# A Deathwatch scenario saved or shared before the second weapon existed: "one attack with each" and
# no second weapon meant this is one of the two attacks, at -20 (seed 001, Two-Weapon Fighting).
OLD_BOTH = {
    "version": 1,
    "system": "dw",
    "attacker": {
        "name": "Brother Castor",
        "characteristics": {"WS": 44, "BS": 45, "S": 45, "T": 44, "Ag": 40},
        "weapon": {
            "name": "Astartes Bolt Pistol",
            "class": "Pistol",
            "range": 30,
            "rof": "S/2/-",
            "damage": "2d10+5",
            "damage_type": "X",
            "pen": 5,
            "clip": 14,
            "qualities": ["Tearing"],
        },
    },
    "target": {"name": "Cultist", "toughness_bonus": 3, "wounds": 12},
    "action": {"type": "Standard Attack", "distance": 10, "two_weapon": "both"},
}


def test_an_old_link_with_both_and_no_second_weapon_keeps_its_one_attack_at_minus_20(
    ready_page: Page, base_url: str
) -> None:
    """Loaded from a share link, "both" without a second weapon stays one attack: BS 45 + 10 (Short:
    10 m under half of 30 m) - 20 (two weapons) = 35, no second hand; the form says "no second
    weapon" and resolving the forms as they are gives the same roll."""
    page = ready_page
    page.set_viewport_size(PHONE)
    open_link(page, raw_link(base_url, {"v": 1, "scenario": OLD_BOTH, "seed": 7}))
    seen = shared_text(page)
    assert "Two weapons, one attack each" in seen
    take(page)
    assert page.locator("#result").inner_text() == seen
    assert k(page, "target-number") == ["35"]
    expect(page.locator('#result [data-k="second-hand"]')).to_have_count(0)
    go(page, "attacker")
    expect(field(page, "attacker.second_weapon.held")).to_have_value("no")
    expect(field(page, "attacker.second_weapon.name")).to_be_hidden()
    resolve(page, "ok")
    assert page.locator("#result").inner_text() == seen
    # the player gives the other hand a weapon: two attacks; "no second weapon" again: one
    go(page, "attacker")
    field(page, "attacker.second_weapon.held").select_option("yes")
    expect(field(page, "attacker.second_weapon.name")).to_be_visible()
    go(page, "action")
    page.get_by_label("Two-Weapon Wielder (Ballistic)").check()
    resolve(page, "ok")
    expect(page.locator('#result [data-k="second-hand"]')).to_have_count(1)
    go(page, "attacker")
    field(page, "attacker.second_weapon.held").select_option("no")
    go(page, "action")
    page.get_by_label("Two-Weapon Wielder (Ballistic)").uncheck()
    resolve(page, "ok")
    assert page.locator("#result").inner_text() == seen


def test_the_second_weapon_fires_at_a_different_target_from_the_form(ready_page: Page, other: Page) -> None:
    """The second weapon's action, distance and a different target typed on the form (seed 004,
    Two-Weapon Fighting: "the second attack may be at a different target, within 10 m of the first").
    First hand as above: 12 wounds on the Cultist. Second: a Standard Attack (+10) at a Heretic 40 m
    away (Standard range for a 30 m Autopistol: +0), -20 for two weapons: 55 + 10 - 20 = 45; 30 is
    2 DoS, one hit: 7 + 2 - 4 TB - 2 AP = 3 wounds on the Heretic."""
    page = ready_page
    two_autopistols(page)
    go(page, "action")
    # hidden until asked for: the different target's profile
    expect(field(page, "action.second_target.name")).to_be_hidden()
    field(page, "action.second_action.type").select_option("Standard Attack")
    field(page, "action.second_action.distance").fill("40")
    field(page, "action.second_target.different").select_option("yes")
    for name, value in [
        ("name", "Heretic"),
        ("toughness_bonus", "4"),
        ("wounds", "15"),
        ("damage_taken", "2"),
        ("ap", "2"),
    ]:
        field(page, f"action.second_target.{name}").fill(value)
    field(page, "action.targets_apart").fill("5")
    page.locator("[data-second-target]").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOT.with_name("auspex-two-weapon-390-second-target.png")))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    go(page, "result")
    type_dice(page, [12, 4, 5, 6, 30, 7])
    assert k(page, "target-number") == ["35", "45"]
    assert k(page, "total-wounds") == ["12 wounds", "3 wounds"]
    expect(page.locator("#result")).to_contain_text("Heretic")
    # a share link carries the different target, back into the forms as typed
    open_link(other, share(page))
    take(other)
    assert k(other, "total-wounds") == ["12 wounds", "3 wounds"]
    expect(field(other, "action.second_target.different")).to_have_value("yes")
    expect(field(other, "action.second_target.name")).to_have_value("Heretic")
    expect(field(other, "action.second_target.ap")).to_have_value("2")
    expect(field(other, "action.targets_apart")).to_have_value("5")
    # "the same target" again: the Heretic's profile is not sent
    go(page, "action")
    field(page, "action.second_target.different").select_option("no")
    expect(field(page, "action.second_target.name")).to_be_hidden()
    go(page, "result")
    # the dice are used once: the same dice, the second weapon's (30, 7) too, are one tap away
    expect(page.locator("#same-dice")).to_have_text("Resolve again with the same dice: 12 4 5 6 30 7")
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#same-dice")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    assert k(page, "target-number") == ["35", "45"]
    assert k(page, "total-wounds") == ["12 wounds", "6 wounds"]  # 7 + 2 - 3 TB - 0 AP on the Cultist
    expect(page.locator("#result")).not_to_contain_text("Heretic")


def test_the_encounter_card_shows_both_clips_and_reloads_the_second_weapon(ready_page: Page) -> None:
    """In an encounter the other hand's clip is its own: the card reads both, the GM sets its rounds,
    and "Reload 2nd weapon" (a Full Action for its Rld) fills it, the first weapon's clip untouched."""
    from .test_encounter import AUTOGUN, STUBBER, add_dh2, card, press, ready

    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    field(page, "system").select_option("dh2")
    go(page, "action")
    field(page, "action.two_weapon").select_option("both")
    add_dh2(page, "Guard", ag="40", weapon={**STUBBER, "name": "Stub Automatic"}, wounds="12")
    go(page, "action")
    field(page, "action.two_weapon").select_option("none")
    add_dh2(page, "Cultist", ag="30", weapon=AUTOGUN, wounds="10")
    expect(page.locator("#tk-reload-second")).to_be_disabled()  # before the fight: no actions yet
    page.fill("#tk-dice", "7 2")
    press(page, "#tk-start")
    guard = card(page, "Guard")
    expect(guard.locator('[data-k="weapon"]')).to_have_text("Stub Automatic: 9 of 9")
    expect(guard.locator('[data-k="second-weapon"]')).to_have_text("Other hand: Autopistol: 18 of 18")
    expect(card(page, "Cultist").locator('[data-k="second-weapon"]')).to_have_count(0)
    page.locator(".tk-gm summary").click()
    page.locator("#tk-gm-who").select_option(label="Guard")
    page.locator('[data-adjust="second_rounds"]').fill("5")
    press(page, "#tk-adjust")
    expect(guard.locator('[data-k="second-weapon"]')).to_have_text("Other hand: Autopistol: 5 of 18")
    expect(page.locator("#tk-reload-second")).to_be_visible()  # the Guard acts and holds two weapons
    press(page, "#tk-reload-second")
    expect(guard.locator('[data-k="second-weapon"]')).to_have_text("Other hand: Autopistol: 18 of 18")
    expect(guard.locator('[data-k="weapon"]')).to_have_text("Stub Automatic: 9 of 9")
    guard.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOT.with_name("auspex-two-weapon-390-encounter.png")))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"


def test_the_odds_panel_gives_the_second_weapon_its_own_odds_and_both_together(ready_page: Page) -> None:
    """Two Autopistols at one Cultist with no Evasion: the first attack's odds, the second weapon's
    under them, then both together (the engine's own report, rules/odds/two_weapon.py)."""
    from .test_odds import engine_odds, open_odds, sent

    page = ready_page
    two_autopistols(page)
    open_odds(page)
    panel = page.locator("#odds")
    expect(panel.locator('[data-k="odds-side"]')).to_have_count(2)
    expect(panel.locator('[data-side="Second weapon"] [data-k="odds-action"]')).to_contain_text("Second weapon:")
    both = panel.locator('[data-k="odds-both"]')
    expect(both).to_contain_text("Expected wounds, both attacks")
    odds = engine_odds(sent(page))
    mean = next(f["value"] for f in odds["both"] if f["key"] == "both_wounds")
    expect(both.locator('[data-k="odds-both_wounds"]')).to_have_text(f"{mean:.2f}")
    page.locator('[data-k="odds-both"]').scroll_into_view_if_needed()
    page.screenshot(path=str(SHOT.with_name("auspex-two-weapon-390-odds.png")))
