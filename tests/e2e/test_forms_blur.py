"""Forms that help while the player types, on the real page.

A field is checked as it is left, with the engine's own messages, and its mark goes once it is
right; a field never visited is not marked; empty names are marked (on leaving them and at
Resolve); a weapon's range reads like the distance; "Proven 3" reads as "Proven (3)"; switching
the dice mode or the ruleset leaves no stale mark or "Check the marked field" line.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e

RANGE = "A number from 0 m to 100,000 m"


def field(page: Page, name: str) -> Locator:
    return page.locator(f'[name="{name}"]')


def leave(page: Page, name: str, value: str) -> Locator:
    """Type ``value`` into the field and leave it (Tab), as a player does."""
    el = field(page, name)
    el.fill(value)
    el.press("Tab")
    return el


def note(page: Page, el: Locator) -> Locator:
    return page.locator(f"#{el.get_attribute('aria-describedby')}")


def expect_marked(page: Page, el: Locator, message: str) -> None:
    expect(el).to_have_attribute("aria-invalid", "true")
    expect(note(page, el)).to_have_text(message)
    expect(el).to_have_accessible_description(re.compile(re.escape(message)))


def expect_clear(el: Locator) -> None:
    expect(el).not_to_have_attribute("aria-invalid", "true")
    expect(el.locator("xpath=ancestor::label[1]").locator(".field-error")).to_have_count(0)


def resolve(page: Page, status: str) -> None:
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps(status)}")


def wait_for_check(page: Page) -> None:
    """Wait until a check has answered since this call."""
    page.evaluate("delete document.documentElement.dataset.checked")
    page.wait_for_function("document.documentElement.dataset.checked !== undefined")


def test_a_field_left_wrong_reads_the_engines_message_until_it_is_right(ready_page: Page) -> None:
    page = ready_page
    # a field the player never visited is not marked, though wrong
    page.evaluate("document.querySelector('[name=\"attacker.weapon.pen\"]').value = 'lots'")
    bs = leave(page, "attacker.characteristics.BS", "140")
    expect_marked(page, bs, "A whole number from 0 to 100")
    expect(field(page, "attacker.weapon.pen")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#result")).not_to_contain_text("Check the marked")  # nothing resolved yet
    leave(page, "attacker.characteristics.BS", "45")
    expect_clear(bs)
    # Resolve still marks every wrong field, the one never visited too
    resolve(page, "invalid")
    expect(field(page, "attacker.weapon.pen")).to_have_attribute("aria-invalid", "true")
    # ... and that mark goes as soon as the field is put right and left
    pen = leave(page, "attacker.weapon.pen", "2")
    expect_clear(pen)
    expect(page.locator("#result")).not_to_contain_text("Check the marked")


def test_empty_names_are_asked_for_on_leaving_them_and_at_resolve(ready_page: Page) -> None:
    page = ready_page
    target = leave(page, "target.name", "  ")
    expect_marked(page, target, "Name the target: the result reads it")
    field(page, "attacker.weapon.name").fill("")
    field(page, "attacker.name").fill("")
    resolve(page, "invalid")
    expect_marked(page, field(page, "attacker.weapon.name"), "Name the weapon: the result reads it")
    expect_marked(page, field(page, "attacker.name"), "Name the attacker: the result reads it")
    expect(page.locator("#result")).to_contain_text("Check the marked fields: nothing was resolved.")
    leave(page, "target.name", "Cultist")
    leave(page, "attacker.weapon.name", "Lasgun")
    leave(page, "attacker.name", "Guardsman")
    expect(page.locator(".field-error")).to_have_count(0)
    expect(page.locator("#result")).not_to_contain_text("Check the marked")  # the line went with the last mark
    resolve(page, "ok")
    expect(page.locator("#result")).to_contain_text("Cultist")


def test_the_weapons_range_reads_like_the_distance(ready_page: Page) -> None:
    page = ready_page
    expect_marked(page, leave(page, "attacker.weapon.range", "-5"), RANGE)
    expect_marked(page, leave(page, "action.distance", "far"), RANGE)
    expect_clear(leave(page, "attacker.weapon.range", "20000.5"))  # decimals, and as far as a distance


def test_proven_3_reads_as_proven_bracket_3(ready_page: Page) -> None:
    page = ready_page
    qualities = leave(page, "attacker.weapon.qualities", "Proven 3, blast(2)")
    expect(qualities).to_have_value("Proven (3), blast (2)")
    wait_for_check(page)
    expect_clear(qualities)
    resolve(page, "ok")
    # an unknown quality is still refused, with its message at the field
    qualities = leave(page, "attacker.weapon.qualities", "Sparkly 3")
    expect(qualities).to_have_value("Sparkly (3)")
    expect(qualities).to_have_attribute("aria-invalid", "true")
    expect(note(page, qualities)).to_contain_text("'Sparkly' is not a")


def test_rows_added_and_the_other_families_are_checked_too(ready_page: Page) -> None:
    page = ready_page
    page.click("#add-modifier")
    expect_marked(page, leave(page, "action.modifiers.0.value", "500"), "A whole number from -100 to 100")
    field(page, "system").select_option("wh40krp")
    expect(field(page, "action.modifiers.0.value")).not_to_have_attribute("aria-invalid", "true")  # hidden: unmarked
    expect_marked(page, leave(page, "rp:attacker.name", ""), "Name the attacker: the result reads it")
    expect_marked(page, leave(page, "rp:attacker.weapon.range", "-1"), RANGE)
    field(page, "system").select_option("epic")
    expect_marked(page, leave(page, "ep:target.name", ""), "Name the target formation: the result reads it")


def test_switching_the_dice_mode_leaves_no_stale_message(ready_page: Page) -> None:
    page = ready_page
    page.check('input[name="dice-mode"][value="manual"]')
    resolve(page, "needs")
    page.locator("#dice-rows input").first.fill("abc")
    resolve(page, "invalid")
    expect(page.locator("#dice-rows input").first).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#result")).to_contain_text("Check the marked field")
    page.check('input[name="dice-mode"][value="seed"]')
    expect(page.locator("#result")).not_to_contain_text("Check the marked field")
    expect(page.locator(".field-error:visible")).to_have_count(0)
    expect(page.locator("#dice-rows input").first).not_to_have_attribute("aria-invalid", "true")


def test_switching_the_ruleset_or_the_targets_kind_unmarks_what_it_hides(ready_page: Page) -> None:
    page = ready_page
    field(page, "system").select_option("dw")
    page.check('input[name="target-kind"][value="horde"]')
    field(page, "target.horde.magnitude").fill("0")
    resolve(page, "invalid")
    expect(field(page, "target.horde.magnitude")).to_have_attribute("aria-invalid", "true")
    page.check('input[name="target-kind"][value="single"]')
    expect(field(page, "target.horde.magnitude")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#result")).not_to_contain_text("Check the marked field")
