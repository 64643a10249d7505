"""Dice typed as rolled: any dice box takes the dice as a player rolled them, a
group in one box ("1 5 5 5 6"), a whole attack's sequence pasted at once; more dice than the box's
own go on as the next dice, in order, and the rows are drawn again by purpose from the engine's
answer. Each die is still checked, and refused at the box it was typed in with its name; dice
beyond what the attack used are said ("2 dice not used: 4 6"); "00" is a d100's 100."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_a11y import axe_js, violations
from .test_deathwatch import deathwatch
from .test_page import field, k, resolve
from .test_rulesets import clear_modifiers

pytestmark = pytest.mark.e2e
__all__ = ["axe_js"]  # the fixture, imported for the test below

LOCATIONS = ("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg")


def rows(page: Page) -> list[tuple[str, str]]:
    """Each dice row as the player reads it: its label (what the die is for) and its box's value."""
    out = []
    for li in page.locator("#dice-rows li").all():
        box = li.locator("input")
        out.append((li.inner_text().strip(), box.input_value()))
    return out


def first_box(page: Page) -> None:
    """Dice rolled by hand: Resolve asks for the first die (the to-hit d100) in its box."""
    page.get_by_label("I rolled").check()
    resolve(page, "needs")
    expect(page.locator("#dice-rows li.next")).to_contain_text("to-hit d100")


def bolter_burst(page: Page, action: str = "Full Auto Burst") -> None:
    """Deathwatch: BS 45, the Astartes Bolter (2d10+5 X, Pen 5, S/2/4, Tearing) at 30 m against an
    unarmoured Ork, TB 4. Full Auto: 45 + 20 + 10 (Short: 30 m is under half of 100 m) = 75."""
    deathwatch(page)
    page.locator("#armoury-weapon").select_option(label="Astartes Bolter (Godwyn)")
    field(page, "attacker.characteristics.BS").fill("45")
    field(page, "target.name").fill("Ork")
    field(page, "target.toughness_bonus").fill("4")
    for location in LOCATIONS:
        field(page, f"target.armour.{location}").fill("0")
    field(page, "action.type").select_option(action)
    field(page, "action.distance").fill("30")
    clear_modifiers(page)


def test_a_full_auto_tearing_burst_resolves_from_one_pasted_sequence(ready_page: Page) -> None:
    page = ready_page
    bolter_burst(page)
    first_box(page)
    # 12 against 75: (75 - 12) // 10 = 6 DoS, 7 hits capped at the full-auto RoF 4. 12 reversed is 21,
    # the Left Arm; the Arm row: Left Arm, Left Arm, Body, Head. Each hit 2d10 and a Tearing d10 (the
    # lowest of the three dropped), every die over the 6 DoS: 7 + 8 + 5 = 20, 7 + 7 + 5 = 19,
    # 9 + 8 + 5 = 22, 9 + 9 + 5 = 23; less TB 4 (no armour): 16, 15, 18, 19 wounds.
    sequence = "12 6 7 8 7 7 7 8 9 6 9 9 9"
    page.locator("#dice-rows li.next input").fill(sequence)
    resolve(page, "ok")
    assert k(page, "target-number") == ["75"]
    assert k(page, "hits") == ["4 hits"]
    assert k(page, "location") == ["Left Arm", "Left Arm", "Body", "Head"]
    assert k(page, "wounds") == ["16", "15", "18", "19"]
    # the dice are used: the boxes are empty for the next roll, the same dice one tap away
    expect(page.locator("#dice-rows li")).to_have_count(0)
    expect(page.locator("#same-dice")).to_have_text(f"Resolve again with the same dice: {sequence}")
    expect(page.locator("#dice-hint")).to_contain_text("the next Resolve asks for new ones")


def test_five_d10s_in_one_box_go_on_as_the_next_dice(ready_page: Page) -> None:
    page = ready_page
    bolter_burst(page, "Semi-Auto Burst")
    first_box(page)
    page.locator("#dice-rows li.next input").fill("12")
    resolve(page, "needs")
    # 12 against 45 + 10 (Semi-Auto) + 10 (Short) = 65: 5 DoS, 1 + 5 // 2 = 3 hits capped at RoF 2;
    # each hit 2d10 and a Tearing d10: six d10s. "1 5 5 5 6" typed in hit 1's box are the first five.
    box = page.locator("#dice-rows li.next input")
    expect(page.locator("#dice-rows li.next")).to_contain_text("hit 1 damage d10 (1 of 2)")
    box.fill("1 5 5 5 6")
    resolve(page, "needs", enter_in=box)
    assert [value for _, value in rows(page)] == ["12", "1", "5", "5", "5", "6", ""]
    expect(page.locator("#dice-rows li.next")).to_contain_text("hit 2 Tearing d10")
    page.locator("#dice-rows li.next input").fill("4")
    resolve(page, "ok")
    assert k(page, "hits") == ["2 hits"]


def test_a_bad_die_in_a_sequence_is_refused_at_its_box_with_its_name(ready_page: Page) -> None:
    page = ready_page
    bolter_burst(page)
    first_box(page)
    box = page.locator("#dice-rows li.next input")
    # die 4 of the sequence is hit 1's Tearing d10: 11 is no d10's face
    box.fill("12 6 7 11 7 7 7")
    resolve(page, "invalid")
    expect(box).to_have_attribute("aria-invalid", "true")
    note = page.locator(f"#{box.get_attribute('aria-describedby')}")
    expect(note).to_contain_text("Die 4 is the hit 1 Tearing d10")
    expect(note).to_contain_text("not 11")
    expect(box).to_have_value("12 6 7 11 7 7 7")  # kept as typed, to be corrected
    # an "x": the engine refuses it before it resolves anything; the page asks which die it is
    box.fill("12 6 7 8 x")
    resolve(page, "invalid")
    expect(box).to_have_attribute("aria-invalid", "true")
    note = page.locator(f"#{box.get_attribute('aria-describedby')}")
    expect(note).to_contain_text("Die 5 is the hit 2 damage d10 (1 of 2)")
    expect(note).to_contain_text('not "x"')
    # a die typed in a later box is marked there, not in the first
    box.fill("12 6 7 8")
    resolve(page, "needs")
    later = page.locator("#dice-rows li.next input")
    later.fill("5 11")
    resolve(page, "invalid")
    expect(later).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"#{later.get_attribute('aria-describedby')}")).to_contain_text(
        "Die 6 is the hit 2 damage d10 (2 of 2)"
    )
    expect(field(page, "dice.0")).not_to_have_attribute("aria-invalid", "true")


def test_dice_beyond_what_the_attack_used_are_said_and_kept(ready_page: Page, axe_js: Path) -> None:
    page = ready_page
    bolter_burst(page, "Standard Attack")
    first_box(page)
    # BS 45 + 10 (Standard) + 10 (Short) = 65; 12 hits, the Left Arm; 2d10 + Tearing: 3 dice. A bad
    # die after them is refused all the same (the engine checks every die given), and said to be unneeded.
    box = page.locator("#dice-rows li.next input")
    box.fill("12 6 7 8 x")
    resolve(page, "invalid")
    note = page.locator(f"#{box.get_attribute('aria-describedby')}")
    expect(note).to_contain_text("Die 5 is one the attack does not need")
    # two more typed than the attack uses
    box.fill("12 6 7 8 4 6")
    resolve(page, "ok")
    assert k(page, "hits") == ["1 hit"]
    expect(page.locator("#dice-hint")).to_contain_text("2 dice not used: 4 6")
    expect(page.locator("#dice-rows li")).to_have_count(0)  # used: none is kept for the next roll
    # Resolve again with the same dice: still not used, still said
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#same-dice")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    expect(page.locator("#dice-hint")).to_contain_text("2 dice not used: 4 6")
    for scheme in ("light", "dark"):  # the hint and the same-dice button read in both themes
        page.emulate_media(color_scheme=scheme)
        assert violations(page, axe_js, f"dice not used, {scheme}") == []


def test_00_on_a_d100_is_its_100(ready_page: Page) -> None:
    page = ready_page
    bolter_burst(page, "Standard Attack")
    first_box(page)
    box = page.locator("#dice-rows li.next input")
    box.fill("00")
    resolve(page, "ok", enter_in=box)
    # 100 against 65: a miss (and 94-00 jams a Bolter's shot, seed 001: a Standard Attack jams on 96-00)
    assert k(page, "roll") == ["100"]
    expect(page.locator("#same-dice")).to_have_text("Resolve again with the same dice: 100")


def test_the_encounters_dice_box_reads_dice_as_the_resolve_boxes_do(ready_page: Page) -> None:
    from .test_encounter import PHONE, guard_and_cultist, press, ready

    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    guard_and_cultist(page)  # DH2: the Guard's turn
    page.select_option("#tk-test", "skill")
    page.fill("#tk-test-name", "Awareness")
    page.fill("#tk-test-value", "45")
    page.fill("#tk-test-mod", "+10")
    # "00" on the d100 is its 100 (as in the Resolve boxes; it was refused as 0): 100 against 55 fails
    page.fill("#tk-dice", "00")
    press(page, "#tk-test-go")
    expect(page.locator("#tk-log")).to_contain_text("Awareness 45 +10 = 55; rolled 100: failure")
