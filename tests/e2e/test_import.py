"""Import a character from the Party panel: a Foundry actor file and a pasted stat block are read
into a preview (each field with the JSON path or line it came from), corrected there, saved into
the party and used in an attack; a file or block that cannot be read is refused at its field and
leaves the party and the encounter as they were. Phone-sized (390 x 844), and the preview at
1280 x 800 too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .test_a11y import axe_js, violations
from .test_page import field, k, resolve
from .test_rulesets import clear_modifiers

pytestmark = pytest.mark.e2e
__all__ = ["axe_js"]  # the fixture, imported for the wide screen's test

DATA = Path(__file__).parents[1] / "unit" / "data" / "import"
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
LOCATIONS = ("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg")


@pytest.fixture
def phone(ready_page: Page) -> Page:
    ready_page.set_viewport_size(PHONE)
    ready_page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    ready_page.wait_for_function("document.documentElement.dataset.encounter === 'ready'")
    if not ready_page.locator("#party").evaluate("d => d.open"):
        ready_page.click("#party summary")
    return ready_page


def kept(page: Page) -> Any:
    """What this device keeps: the party and the encounter, as stored."""
    return page.evaluate("[localStorage.getItem('auspex:party:v1'), localStorage.getItem('auspex:encounter:v1')]")


def party(page: Page) -> Any:
    return page.evaluate("JSON.parse(localStorage.getItem('auspex:party:v1') || 'null')")


def box(page: Page, entry: str, name: str) -> Any:
    return page.locator(f'#bring-fields input[data-entry="{entry}"][data-field="{name}"]')


def go(page: Page, step: str) -> None:
    """A phone's step (Attacker, Target, Action, Result) from the step bar."""
    page.click(f'.stepbar [data-go="{step}"]')


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"


def test_a_foundry_actor_corrected_in_the_preview_is_saved_and_shoots(phone: Page) -> None:
    page = phone
    before = kept(page)
    page.set_input_files("#bring-file", str(DATA / "vendare-acolyte.json"))
    expect(page.locator("#bring-preview")).to_be_visible()
    # each field with where it was read; nothing saved yet
    expect(page.locator("#bring-fields")).to_contain_text("system.characteristics.ballisticSkill")
    expect(page.locator("#bring-fields")).to_contain_text("Vendare")
    expect(box(page, "attackers.0", "characteristics.BS")).to_have_value("45")
    assert kept(page) == before
    no_sideways_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#bring").screenshot(path=str(ARTIFACTS / "import-preview-390x844.png"))
    # the player corrects BS 45 to 50 and saves
    box(page, "attackers.0", "characteristics.BS").fill("50")
    page.click("#bring-save")
    expect(page.locator("#party-status")).to_contain_text("Imported")
    expect(page.locator("#bring-preview")).to_be_hidden()
    saved = party(page)
    veyra = next(a for a in saved["attackers"] if a["name"] == "Sister Veyra Tolk")
    assert veyra["data"]["characteristics"]["BS"] == 50
    assert veyra["data"]["weapon"]["name"] == "Laspistol"
    assert [w["name"] for w in saved["weapons"]] == ["Laspistol", "Chainsword"]

    # the saved attacker, with its imported laspistol, shoots an unarmoured target, TB 3, at 10 m
    page.locator("#party-attackers").select_option("Sister Veyra Tolk")
    page.locator("#party-kinds .party-kind").first.get_by_role("button", name="Use").click()
    expect(field(page, "attacker.weapon.name")).to_have_value("Laspistol")
    go(page, "target")
    field(page, "target.toughness_bonus").fill("3")
    for location in LOCATIONS:
        field(page, f"target.armour.{location}").fill("0")
    go(page, "action")
    field(page, "action.type").select_option("Standard Attack")
    field(page, "action.distance").fill("10")
    clear_modifiers(page)
    go(page, "result")
    page.get_by_label("I rolled").check()
    resolve(page, "needs")
    page.locator("#dice-rows li.next input").fill("12 8")
    resolve(page, "ok")
    # hand count: BS 50 (corrected) + 10 Standard Attack + 10 Short range (10 m, under half of the
    # laspistol's 30 m) = 70; 12 hits with 7 - 1 + 1 = 7 DoS; 12 reversed is 21, the Left Arm; the
    # d10's 8 beats the 7 DoS, so 8 + 2 = 10 damage (1d10+2 E, Pen 0), less 0 armour and TB 3: 7.
    assert k(page, "target-number") == ["70"]
    assert k(page, "degrees") == ["7 DoS"]
    assert k(page, "location") == ["Left Arm"]
    assert k(page, "damage") == ["10"]
    assert k(page, "wounds") == ["7"]


def test_a_pasted_block_is_previewed_by_line_saved_and_added_to_the_encounter(phone: Page) -> None:
    page = phone
    page.fill("#bring-text", (DATA / "statblock-enforcer.txt").read_text())
    page.click("#bring-read")
    expect(page.locator("#bring-preview")).to_be_visible()
    expect(box(page, "weapons.0", "damage")).to_have_value("1d10+3")
    weapon = page.locator('#bring-fields fieldset[data-entry="weapons.0"]')
    expect(weapon).to_contain_text("line 10")
    no_sideways_scroll(page)
    # a value that is not a number is refused at its box; nothing saved
    before = kept(page)
    box(page, "targets.0", "wounds").fill("many")
    page.click("#bring-save")
    expect(box(page, "targets.0", "wounds")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#bring-errors")).to_contain_text("must be a number")
    assert kept(page) == before
    # corrected: 18 wounds; saved and added to the encounter as one combatant
    box(page, "targets.0", "wounds").fill("18")
    page.click("#bring-fight")
    expect(page.locator("#party-status")).to_contain_text("Imported")
    target = next(t for t in party(page)["targets"] if t["name"] == "Heretek Enforcer")
    assert target["data"]["wounds"] == 18
    page.wait_for_function("(localStorage.getItem('auspex:encounter:v1') || '').includes('Heretek Enforcer')")
    files = page.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1'))")["files"]
    adds = [e for e in files["dh2"]["events"] if e["type"] == "add"]
    assert adds[-1]["combatant"]["name"] == "Heretek Enforcer"
    assert adds[-1]["combatant"]["attacker"]["weapon"]["name"] == "Lasgun"
    assert adds[-1]["combatant"]["target"]["wounds"] == 18
    assert "side" not in adds[-1]["combatant"]  # an NPC: the foes' side

    # the same block again: a name already saved with other data is kept both ways, and said
    page.fill("#bring-text", (DATA / "statblock-enforcer.txt").read_text())
    page.click("#bring-read")
    expect(page.locator("#bring-preview")).to_be_visible()
    page.click("#bring-save")
    expect(page.locator("#party-status")).to_contain_text('renamed as their names were taken: "Heretek Enforcer (2)"')
    assert [t["name"] for t in party(page)["targets"]] == ["Heretek Enforcer", "Heretek Enforcer (2)"]


def test_a_file_or_block_that_cannot_be_read_changes_nothing(phone: Page, tmp_path: Path) -> None:
    page = phone
    # a party and a fight already kept
    page.fill("#bring-text", (DATA / "statblock-enforcer.txt").read_text())
    page.click("#bring-read")
    page.click("#bring-fight")
    page.wait_for_function("(localStorage.getItem('auspex:encounter:v1') || '').includes('Heretek Enforcer')")
    before = kept(page)
    bad = tmp_path / "not-an-actor.json"
    bad.write_text('{"name": "x", "type": "vehicle", "system": {"nothing": 1}')
    page.set_input_files("#bring-file", str(bad))
    expect(page.locator("#bring-file-error")).to_contain_text("not-an-actor.json was not imported")
    expect(page.locator("#bring-file-error")).to_contain_text("Nothing saved has changed")
    expect(page.locator("#bring-preview")).to_be_hidden()
    assert "Traceback" not in page.locator("#bring-file-error").inner_text()
    assert kept(page) == before
    page.fill("#bring-text", "The heretic has a knife and a bad attitude.")
    page.click("#bring-read")
    expect(page.locator("#bring-text-error")).to_contain_text("characteristic row")
    expect(page.locator("#bring-text")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#bring-preview")).to_be_hidden()
    assert kept(page) == before


def test_the_preview_reads_on_a_wide_screen(phone: Page, axe_js: Path) -> None:
    page = phone
    page.set_viewport_size(DESKTOP)
    page.set_input_files("#bring-file", str(DATA / "deathwatch-character.json"))
    expect(page.locator("#bring-preview")).to_be_visible()
    expect(page.locator("#bring-fields fieldset.import-entry").first).to_be_visible()
    no_sideways_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#bring").screenshot(path=str(ARTIFACTS / "import-preview-1280x800.png"))
    assert violations(page, axe_js, "import preview") == []
    page.click("#bring-cancel")
    expect(page.locator("#bring-preview")).to_be_hidden()
    expect(page.locator("#party-status")).to_contain_text("nothing saved has changed")


def test_a_player_character_joins_the_encounter_on_the_party_side_with_its_wounds(phone: Page) -> None:
    page = phone
    page.set_input_files("#bring-file", str(DATA / "vendare-acolyte.json"))
    expect(page.locator("#bring-preview")).to_be_visible()
    # a weapon's qualities corrected in their one box, written with commas
    expect(box(page, "weapons.1", "qualities")).to_have_value("Balanced, Tearing")
    box(page, "weapons.1", "qualities").fill("Tearing")
    page.click("#bring-fight")
    expect(page.locator("#party-status")).to_contain_text("Imported")
    chainsword = next(w for w in party(page)["weapons"] if w["name"] == "Chainsword")
    assert chainsword["data"]["qualities"] == ["Tearing"]
    page.wait_for_function("(localStorage.getItem('auspex:encounter:v1') || '').includes('Sister Veyra Tolk')")
    files = page.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1'))")["files"]
    joined = [e["combatant"] for e in files["dh2"]["events"] if e["type"] == "add"][-1]
    # the actor's file: a player character (side "party"), 12 wounds with 3 taken
    assert joined["name"] == "Sister Veyra Tolk"
    assert joined["side"] == "party"
    assert (joined["target"]["wounds"], joined["target"]["damage_taken"]) == (12, 3)
    assert joined["attacker"]["weapon"]["name"] == "Laspistol"

    # a Deathwatch actor while the page shows Dark Heresy 2nd edition: saved, not added, and said
    before = page.evaluate("localStorage.getItem('auspex:encounter:v1')")
    page.set_input_files("#bring-file", str(DATA / "deathwatch-character.json"))
    expect(page.locator("#bring-preview")).to_be_visible()
    page.click("#bring-fight")
    expect(page.locator("#party-status")).to_contain_text("Not added to this ruleset's encounter (dh2)")
    assert any(a["system"] == "dw" for a in party(page)["attackers"])
    assert page.evaluate("localStorage.getItem('auspex:encounter:v1')") == before
