"""The names the table reads in the encounter on the real page: the big result names the
combatants as they were added even when a form still held another name (the Target form's
"Guard" left over when the Cultist was added), Undo names what it undid, and a combatant past its
wounds has a card that says Down."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import (
    AUTOGUN,
    PHONE,
    STUBBER,
    add_both,
    add_dh2,
    by_hand,
    card,
    field,
    go,
    press,
    ready,
    set_field,
    show_result,
)

pytestmark = pytest.mark.e2e


def test_the_result_names_the_combatants_and_undo_says_what_it_undid(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    add_dh2(page, "Guard", ag="40", weapon=AUTOGUN, wounds="12")
    # the Cultist from the Attacker form; the Target form still reads "Guard" from the last add
    go(page, "attacker")
    field(page, "attacker.name").fill("Cultist")
    set_field(page, "attacker.characteristics.Ag", "30")
    for key, value in STUBBER.items():
        set_field(page, f"attacker.weapon.{key}", value)
    go(page, "target")
    assert field(page, "target.name").input_value() == "Guard"
    field(page, "target.wounds").fill("10")
    add_both(page, "Cultist")
    # the Cultist's defences are its own profile's, never the Target form's "Guard": TB 3 (its T
    # 30), no armour, Dodge 30 (its Ag)
    expect(page.locator("#tk-status")).to_contain_text("(not the Target form's, which shows Guard)")
    # initiative by hand: Guard 7 + AgB 4 = 11, Cultist 2 + 3 = 5
    page.fill("#tk-dice", "7 2")
    press(page, "#tk-start")
    page.fill("#tk-dice", "")
    # the Guard's Standard Attack: BS 45 + 10 = 55 (no range given): 30 hits; the Cultist's Dodge 30
    # rolls 80: fails; 1d10+3: 5 + 3 - TB 3 = 5
    by_hand(page, [30, 80, 5])
    show_result(page)
    who = page.locator("#result .who").first.inner_text()
    assert who.startswith("Guard") and who.endswith("against Cultist"), who
    assert "5 of 10 taken" in card(page, "Cultist").inner_text()
    press(page, "#tk-undo")
    expect(page.locator("#tk-status")).to_contain_text("Undone: Guard's Standard Attack at Cultist")
    # a Full Aim after a Half one is refused (a turn is a Full Action or two Half Actions), the
    # reason citing the books, never a rule text file's number
    press(page, "#tk-aim-half")
    aim_full = page.locator("#tk-aim-full")
    expect(aim_full).to_be_disabled()  # greyed, with the engine's reason beside the actions
    refusal = page.locator("#tk-why li", has_text="Aim (Full): Guard has 1 Half Action(s) left")
    expect(refusal).to_be_visible()
    for text in (refusal.inner_text(), aim_full.get_attribute("title") or ""):
        assert "seed 0" not in text and "Dark Heresy 1st ed." in text, text
    # 11 taken of 10 Wounds: past them, the card says Down (a word, not a colour alone)
    page.locator(".tk-gm summary").click()
    page.select_option("#tk-gm-who", label="Cultist")
    page.fill('#tk-adjust-fields [data-adjust="damage_taken"]', "11")
    press(page, "#tk-adjust")
    expect(card(page, "Cultist").locator('[data-k="down"]')).to_have_text("Down: past its wounds")
    expect(card(page, "Cultist")).to_have_class("enc-c enc-down")
