"""Dice rolled by hand are used once: after a result in "I rolled" mode the dice boxes are empty,
so the next Resolve (the next combatant's attack) asks for its own dice rather than resolving with
the last attack's. The last dice stay one tap away, "Resolve again with the same dice", and a
result resolved that way says so."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_dice_typed import bolter_burst, first_box
from .test_page import k, resolve

pytestmark = pytest.mark.e2e


def test_a_second_resolve_asks_for_new_dice_instead_of_reusing_the_last(ready_page: Page) -> None:
    page = ready_page
    bolter_burst(page, "Standard Attack")
    first_box(page)
    # BS 45 + 10 (Standard) + 10 (Short) = 65; 12 hits, the Left Arm (12 reversed: 21); 2d10 and a
    # Tearing d10, the lowest dropped: 6 7 8 -> 7 + 8 + 5 = 20, less TB 4 = 16 wounds.
    page.locator("#dice-rows li.next input").fill("12 6 7 8")
    resolve(page, "ok")
    assert k(page, "wounds") == ["16"]
    # the boxes are empty once used; nothing says the next roll uses them
    expect(page.locator("#dice-rows input")).to_have_count(0)
    expect(page.locator("#dice-banner")).to_be_hidden()
    again = page.get_by_role("button", name="Resolve again with the same dice")
    expect(again).to_be_visible()
    expect(again).to_contain_text("12 6 7 8")

    # the next Resolve asks for its first die: nothing of the last attack's dice is used
    resolve(page, "needs")
    expect(page.locator("#dice-rows li.next")).to_contain_text("to-hit d100")
    expect(page.locator("#dice-rows li.next input")).to_have_value("")
    expect(page.locator("#result")).to_contain_text("Waiting for die 1")

    # asked for: the same dice again, and the result says so
    page.evaluate("delete document.documentElement.dataset.status")
    again.click()
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    assert k(page, "wounds") == ["16"]
    expect(page.locator("#result")).to_contain_text("Resolved again with the same dice as the last result: 12 6 7 8")
    expect(page.locator("#dice-rows input")).to_have_count(0)

    # a new roll after it: typed, resolved, no note of the same dice
    resolve(page, "needs")
    page.locator("#dice-rows li.next input").fill("90")
    resolve(page, "ok")
    expect(page.locator("#result")).not_to_contain_text("same dice")
    expect(again).to_contain_text("90")


def test_every_dice_box_opens_a_keyboard_with_space_and_comma_and_enter_resolves(ready_page: Page) -> None:
    """iOS's inputmode="numeric" (and "decimal") pads have no space, comma or return: the dice boxes
    ask for the text keyboard (its number row has all three), with a Go key."""
    from .test_encounter import ready, show_encounter

    page = ready(ready_page)
    bolter_burst(page, "Standard Attack")
    first_box(page)
    box = page.locator("#dice-rows li.next input")
    expect(box).to_have_attribute("inputmode", "text")
    expect(box).to_have_attribute("enterkeyhint", "go")
    # the dice as typed on that keyboard: commas and spaces; Enter resolves (as on Resolve, 16 wounds)
    box.fill("12, 6, 7 8")
    resolve(page, "ok", enter_in=box)
    assert k(page, "wounds") == ["16"]
    show_encounter(page)
    expect(page.locator("#tk-dice")).to_have_attribute("inputmode", "text")


def test_the_initiative_dice_are_asked_for_by_name_in_order(ready_page: Page) -> None:
    from .test_encounter import AUTOGUN, STUBBER, add_dh2, press, ready

    page = ready(ready_page)
    add_dh2(page, "Guard", ag="40", weapon=AUTOGUN, wounds="12")
    add_dh2(page, "Cultist", ag="30", weapon=STUBBER, wounds="10")
    hint = page.locator("label:has(#tk-dice) small")
    expect(hint).to_contain_text("initiative d10s in this order: Guard, Cultist")
    # one die only: the Cultist's is asked for by name
    page.fill("#tk-dice", "7")
    press(page, "#tk-start")
    expect(page.locator("#tk-status")).to_contain_text("initiative d10: Cultist")
    page.fill("#tk-dice", "7 2")
    press(page, "#tk-start")
    # the fight started: the hint no longer asks for initiative
    expect(hint).not_to_contain_text("in this order")


def test_the_hits_damage_dice_are_counted_before_the_first_is_asked(ready_page: Page) -> None:
    page = ready_page
    bolter_burst(page, "Semi-Auto Burst")
    first_box(page)
    # 12 against 45 + 10 (Semi-Auto) + 10 (Short) = 65: 5 DoS, 1 + 5 // 2 = 3 hits capped at RoF 2;
    # each hit the Bolter's 2d10 and a Tearing d10: 2 x 3 = 6d10, said before the first of them
    page.locator("#dice-rows li.next input").fill("12")
    resolve(page, "needs")
    expect(page.locator("#dice-hint")).to_contain_text("2 hits: roll 6d10")
    expect(page.locator("#result")).to_contain_text("2 hits: roll 6d10")
    # five of them given: hit 2's Tearing d10 is the last one left
    page.locator("#dice-rows li.next input").fill("1 5 5 5 6")
    resolve(page, "needs")
    expect(page.locator("#dice-hint")).to_contain_text("1 of 2 hits left: roll 1d10")
