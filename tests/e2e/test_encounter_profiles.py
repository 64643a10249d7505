"""The encounter's profiles and refusals on the page: a number typed "35.0" joins the fight as 35
(the forms send numbers), a profile's refused number is marked at its field naming the combatant,
a reinforcement joins a running fight with its initiative die (typed in the Dice box, or rolled),
and a refusal lands at its control (the Dice box, the GM's Magnitude box), not only the status."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import STORED_EVENTS, card, field, press, ready, start_guardsman_and_ambusher

pytestmark = pytest.mark.e2e


def stored(page: Page, expr: str) -> object:
    """A value of the stored encounter's events (``expr`` on ``events``)."""
    return page.evaluate(
        "(() => { const events = JSON.parse(localStorage.getItem('auspex:encounter:v1')).files"
        f"[document.getElementById('system').value].events; return {expr}; }})()"
    )


def test_ag_typed_35_0_joins_as_35_and_the_fight_starts(ready_page: Page) -> None:
    """Ag typed "35.0" broke "Start the fight" ("The rules engine failed..."): the form sends the
    number 35; initiative d10 7 + AgB 3 = 10."""
    page = ready(ready_page)
    field(page, "attacker.name").fill("Veteran")
    field(page, "attacker.characteristics.Ag").fill("35.0")
    page.click("#tk-add-both")
    expect(card(page, "Veteran")).to_be_visible()
    assert stored(page, "events[0].combatant.attacker.characteristics.Ag") == 35
    page.fill("#tk-dice", "7")
    press(page, "#tk-start")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 1 \u00b7 Veteran's turn")
    expect(card(page, "Veteran").locator('[data-k="initiative"]')).to_have_text("Init 10")


def test_a_refused_number_in_a_profile_is_marked_at_its_field_naming_the_combatant(ready_page: Page) -> None:
    page = ready(ready_page)
    field(page, "attacker.name").fill("Veteran")
    ag = field(page, "attacker.characteristics.Ag")
    ag.fill("3_5")
    press(page, "#tk-add-both")
    expect(ag).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#scenario")).to_contain_text('Veteran: a whole number (like 35), not "3_5"')
    assert page.evaluate(STORED_EVENTS) == 0


def test_a_reinforcement_joins_a_running_fight_with_its_typed_or_rolled_die(ready_page: Page) -> None:
    """After "Start the fight", Add asked for "initiative d10" for ever: it now takes the Dice box's
    die (d10 6 + AgB 3 = 9) or, the box empty, rolls it; the newcomer takes its place in the order."""
    page = ready(ready_page)
    start_guardsman_and_ambusher(page)  # Guardsman 9 + 4 = 13, Ambusher 1 + 3 = 4
    field(page, "attacker.name").fill("Reinforcement")
    field(page, "attacker.characteristics.Ag").fill("30")
    page.fill("#tk-dice", "6")
    press(page, "#tk-add-both")
    expect(card(page, "Reinforcement").locator('[data-k="initiative"]')).to_have_text("Init 9")
    expect(page.locator("#tk-dice")).to_have_value("")  # spent
    assert stored(page, "events.at(-1).dice") == [6]
    field(page, "attacker.name").fill("Second wave")
    press(page, "#tk-add-both")  # no die typed: rolled
    expect(card(page, "Second wave").locator('[data-k="initiative"]')).to_have_text(re.compile(r"^Init \d+$"))
    assert stored(page, "events.length") == 5


def test_a_blood_loss_die_out_of_range_is_marked_at_the_dice_box(ready_page: Page) -> None:
    page = ready(ready_page)
    start_guardsman_and_ambusher(page)
    page.evaluate("document.querySelector('details.tk-gm').open = true")
    page.select_option("#tk-gm-who", label="Guardsman")
    page.select_option("#tk-condition", "Blood Loss")
    press(page, "#tk-cond-give")
    page.fill("#tk-dice", "150")
    press(page, "#tk-end-turn")
    expect(page.locator("#tk-dice")).to_have_attribute("aria-invalid", "true")


def test_magnitude_above_the_hordes_start_is_marked_at_the_gms_box(ready_page: Page) -> None:
    page = ready(ready_page)
    field(page, "system").select_option("dw")  # Hordes (Deathwatch Core)
    page.locator("label.check", has=page.locator('[name="target-kind"][value="horde"]')).click()
    field(page, "target.name").fill("Mob")
    field(page, "target.horde.magnitude").fill("20")
    page.click("#tk-add-target")
    expect(card(page, "Mob").locator('[data-k="harm"]')).to_have_text("Magnitude 20 of 20 left")
    page.evaluate("document.querySelector('details.tk-gm').open = true")
    page.select_option("#tk-gm-who", label="Mob")
    box = page.locator('[data-adjust="magnitude"]')
    box.fill("34")
    press(page, "#tk-adjust")
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(card(page, "Mob").locator('[data-k="harm"]')).to_have_text("Magnitude 20 of 20 left")
