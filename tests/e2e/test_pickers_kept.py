"""The weapon and armour pickers over a reload: a picker is not
a form field and is not kept, but the fields it filled are, so after a reload it shows the book entry
the fields still hold, with its source, and "(type the profile below)" once the profile was changed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import wait_for_engine

pytestmark = pytest.mark.e2e

AUTOGUN_SOURCE = "Source: Deathwatch GM screen, Ranged Weapons: Solid Projectile Weapons (Deathwatch's profile)"


def reloaded(page: Page) -> None:
    page.reload()
    wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")


def picked(page: Page, selector: str) -> str:
    text: str = page.locator(selector).evaluate("s => s.selectedOptions[0]?.textContent ?? ''")
    return text


def test_the_pickers_show_the_book_entries_the_restored_fields_hold(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.locator('[name="system"]').select_option("dh2")
    page.locator("#armoury-weapon").select_option(label="Autogun")
    page.locator("#armoury-armour").select_option(label="Flak Armour (All)")
    armour_source = page.locator("#armoury-armour-source").text_content()
    assert armour_source and armour_source.startswith("Source: ")
    reloaded(page)
    expect(page.locator('[name="attacker.weapon.damage"]')).to_have_value("1d10+3")  # the forms are kept
    assert picked(page, "#armoury-weapon") == "Autogun"
    expect(page.locator("#armoury-weapon-source")).to_have_text(AUTOGUN_SOURCE)
    assert picked(page, "#armoury-armour") == "Flak Armour (All)"
    expect(page.locator("#armoury-armour-source")).to_have_text(armour_source)


def test_a_profile_changed_after_its_pick_is_not_shown_as_the_book_s_after_a_reload(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.locator('[name="system"]').select_option("dh2")
    page.locator("#armoury-weapon").select_option(label="Autogun")
    page.locator('[name="attacker.weapon.damage"]').fill("1d10+4")  # the player's own autogun
    page.locator('[name="attacker.weapon.damage"]').blur()
    reloaded(page)
    expect(page.locator('[name="attacker.weapon.damage"]')).to_have_value("1d10+4")
    assert picked(page, "#armoury-weapon") == "(type the profile below)"
    expect(page.locator("#armoury-weapon-source")).to_have_text("")
