"""The party and the forms kept on this device: fields survive a reload, attackers, weapons and
targets saved by name are picked again, a party is exported and imported (checked by the engine's
own models: a bad file is refused with the reason and nothing saved changes), and Reset forms.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from .conftest import RequestLog, wait_for_engine
from .test_page import field

pytestmark = pytest.mark.e2e

PARTY_KEY = "auspex:party:v1"
FORM_KEY = "auspex:form:v1"


def forms_ready(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")


def open_party(page: Page) -> None:
    if not page.locator("#party").evaluate("d => d.open"):
        page.click("#party summary")


def saved(page: Page, kind: str) -> list[str]:
    """The names in a kind's pick list (the current ruleset's entries)."""
    return [o for o in page.locator(f"#party-{kind} option").all_text_contents() if not o.startswith("(no saved")]


def stored(page: Page) -> Any:
    return page.evaluate(f"JSON.parse(localStorage.getItem('{PARTY_KEY}'))")


def kept(page: Page, text: str) -> None:
    """Wait until the forms kept on this device hold ``text``."""
    page.wait_for_function(f"(localStorage.getItem('{FORM_KEY}') || '').includes({json.dumps(text)})")


def save(page: Page, kind: str, name: str = "") -> None:
    page.fill(f"#party-{kind}-name", name)
    page.get_by_role("button", name=f"Save {kind[:-1]}").click()
    expect(page.locator("#party-status")).to_contain_text("Saved the")


def test_the_forms_survive_a_reload_and_a_saved_attacker_comes_back(ready_page: Page) -> None:
    page = ready_page
    forms_ready(page)
    # Deathwatch: choices its catalogue fills (sizes, cover, circumstances) and rows
    field(page, "system").select_option("dw")
    field(page, "attacker.name").fill("Brother <b>Varl</b>")
    field(page, "attacker.characteristics.BS").fill("52")
    field(page, "attacker.weapon.name").fill("Astartes bolter")
    field(page, "attacker.weapon.qualities").fill("Tearing")
    field(page, "target.size").select_option("Enormous")
    field(page, "target.evasion.reaction").select_option("Dodge")
    field(page, "target.evasion.skill").fill("44")
    circumstance = page.locator('#circumstances input[type="checkbox"]').nth(1)
    circumstance.check()
    page.click("#add-modifier")
    page.click("#add-modifier")
    field(page, "action.modifiers.1.label").fill("Smoke")
    field(page, "action.modifiers.1.value").fill("-10")
    page.click("#add-nearby")
    field(page, "target.nearby.0.name").fill("Second cultist")
    field(page, "seed").fill("77")
    open_party(page)
    save(page, "attackers")  # named after the form's Name field
    assert saved(page, "attackers") == ["Brother <b>Varl</b>"]  # text, never markup
    expect(page.locator("#party b")).to_have_count(0)
    kept(page, "Second cultist")

    page.reload()
    forms_ready(page)
    expect(field(page, "system")).to_have_value("dw")
    expect(field(page, "attacker.name")).to_have_value("Brother <b>Varl</b>")
    expect(field(page, "attacker.characteristics.BS")).to_have_value("52")
    expect(field(page, "target.size")).to_have_value("Enormous")
    expect(field(page, "target.evasion.skill")).to_be_visible()
    expect(field(page, "target.evasion.skill")).to_have_value("44")
    expect(page.locator('#circumstances input[type="checkbox"]').nth(1)).to_be_checked()
    expect(page.locator('#circumstances input[type="checkbox"]:checked')).to_have_count(1)
    expect(page.locator("#modifier-rows li")).to_have_count(2)
    expect(field(page, "action.modifiers.1.label")).to_have_value("Smoke")
    expect(field(page, "target.nearby.0.name")).to_have_value("Second cultist")
    expect(field(page, "seed")).to_have_value("77")

    # the attacker changed, then picked back
    field(page, "attacker.characteristics.BS").fill("30")
    field(page, "attacker.weapon.name").fill("Stub automatic")
    field(page, "attacker.strength_bonus").fill("6")
    open_party(page)
    expect(page.locator("#party-attackers")).to_have_value("Brother <b>Varl</b>")  # the one just saved is picked
    page.locator("#party [aria-label=Attackers]").get_by_role("button", name="Use").click()
    expect(field(page, "attacker.characteristics.BS")).to_have_value("52")
    expect(field(page, "attacker.weapon.name")).to_have_value("Astartes bolter")
    expect(field(page, "attacker.weapon.qualities")).to_have_value("Tearing")
    expect(field(page, "attacker.strength_bonus")).to_have_value("")  # blank when it was saved
    expect(field(page, "target.size")).to_have_value("Enormous")  # the target is not the attacker's

    # entries are kept per ruleset
    field(page, "system").select_option("dh2")
    assert saved(page, "attackers") == []
    expect(page.locator("#party [aria-label=Attackers]").get_by_role("button", name="Use")).to_be_disabled()
    field(page, "system").select_option("dw")
    assert saved(page, "attackers") == ["Brother <b>Varl</b>"]


def test_weapons_and_targets_of_the_fan_ruleset_and_epic(ready_page: Page) -> None:
    page = ready_page
    forms_ready(page)
    open_party(page)
    field(page, "system").select_option("wh40krp")
    field(page, "rp:attacker.weapon.name").fill("Lasgun")
    field(page, "rp:attacker.weapon.modes").fill("S/SA")
    field(page, "rp:target.armour.Head.type").select_option("energy")
    field(page, "rp:target.armour.Head.chance").fill("35")
    field(page, "rp:target.cover.chance").fill("40")
    save(page, "weapons", "My lasgun")
    save(page, "targets")
    field(page, "rp:attacker.weapon.name").fill("Autogun")
    field(page, "rp:attacker.weapon.modes").fill("S")
    field(page, "rp:target.armour.Head.type").select_option("none")
    field(page, "rp:target.cover.chance").fill("")
    page.locator("#party [aria-label=Weapons]").get_by_role("button", name="Use").click()
    expect(field(page, "rp:attacker.weapon.name")).to_have_value("Lasgun")
    expect(field(page, "rp:attacker.weapon.modes")).to_have_value("S/SA")
    page.locator("#party [aria-label=Targets]").get_by_role("button", name="Use").click()
    expect(field(page, "rp:target.armour.Head.type")).to_have_value("energy")
    expect(field(page, "rp:target.armour.Head.chance")).to_have_value("35")
    expect(field(page, "rp:target.cover.chance")).to_have_value("40")
    expect(page.locator("#rp-cover-locations")).to_be_visible()  # as the chance's input event shows it

    field(page, "system").select_option("epic")
    expect(page.get_by_role("button", name="Save weapon")).to_be_disabled()  # a unit's weapons are its formation's
    page.locator("#ep-target-units li").first.get_by_role("button", name="Remove").click()
    save(page, "targets", "Three units")
    page.click("#add-ep-target-unit")
    expect(page.locator("#ep-target-units li")).to_have_count(4)
    page.locator("#party [aria-label=Targets]").get_by_role("button", name="Use").click()
    expect(page.locator("#ep-target-units li")).to_have_count(3)
    expect(field(page, "ep:target.units.0.name")).to_have_value("Boyz 2")

    # the fan ruleset's and Epic's forms are kept too
    page.click("#add-ep-attacker-unit")
    field(page, "ep:attacker.units.4.weapons").fill("Lascannon 45 AT4")
    field(page, "ep:action.kind").select_option("overwatch")
    kept(page, "Lascannon 45 AT4")
    page.reload()
    forms_ready(page)
    expect(page.locator("#ep-attacker-units li")).to_have_count(5)
    expect(field(page, "ep:attacker.units.4.weapons")).to_have_value("Lascannon 45 AT4")
    expect(page.locator("#ep-target-units li")).to_have_count(3)
    expect(page.locator("#ep-trigger")).to_be_visible()  # as choosing overwatch fire shows it
    field(page, "system").select_option("wh40krp")
    expect(field(page, "rp:attacker.weapon.modes")).to_have_value("S/SA")
    expect(field(page, "rp:target.armour.Head.type")).to_have_value("energy")


def test_the_forms_are_kept_and_restored_before_the_engine_starts(
    browser: Browser, request_log: RequestLog, base_url: str
) -> None:
    # no service worker (it would fetch Pyodide past the route), and Pyodide held back for good
    context = browser.new_context(service_workers="block")
    context.on("request", request_log.on_request)
    context.on("response", request_log.on_response)
    held: list[Route] = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page = context.new_page()
    try:
        page.goto(base_url)
        forms_ready(page)
        field(page, "attacker.characteristics.WS").fill("61")
        page.get_by_label("I rolled").check()
        kept(page, '"attacker.characteristics.WS":"61"')
        page.reload()
        forms_ready(page)
        expect(field(page, "attacker.characteristics.WS")).to_have_value("61")
        expect(page.get_by_label("I rolled")).to_be_checked()
        expect(page.locator("#dice-hint")).to_be_visible()  # the dice mode's fields, as checking it shows them
        expect(page.locator("#engine-status")).to_contain_text("Starting the rules engine")
        assert page.evaluate("document.documentElement.dataset.engine") is None
    finally:
        context.close()


def test_export_then_import_a_party(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    page.on("dialog", lambda dialog: dialog.accept())
    forms_ready(page)
    open_party(page)
    save(page, "attackers")
    save(page, "weapons")
    save(page, "targets", "Heretic")
    field(page, "system").select_option("wh40krp")
    save(page, "attackers")
    with page.expect_download() as download:
        page.click("#party-export")
    assert download.value.suggested_filename == "auspex-party.json"
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported == stored(page)
    assert [(e["name"], e["system"]) for e in exported["attackers"]] == [("Guardsman", "dh2"), ("Pirate", "wh40krp")]
    assert exported["targets"][0]["data"]["name"] == "Cultist"  # data is the scenario's target, named by the form
    file = tmp_path / "auspex-party.json"
    file.write_text(json.dumps(exported))

    # a device with nothing saved imports it
    page.evaluate(f"localStorage.removeItem('{PARTY_KEY}')")
    page.reload()
    forms_ready(page)
    wait_for_engine(page)
    open_party(page)
    assert saved(page, "attackers") == []
    page.set_input_files("#party-file", str(file))
    expect(page.locator("#party-status")).to_contain_text("Imported 4 entries")
    assert saved(page, "attackers") == ["Pirate"]  # the ruleset the forms were left on
    field(page, "system").select_option("dh2")
    assert saved(page, "attackers") == ["Guardsman"]
    assert saved(page, "targets") == ["Heretic"]
    assert stored(page) == exported

    # importing it again adds nothing; a name already taken by other data is kept both ways
    page.set_input_files("#party-file", str(file))
    expect(page.locator("#party-status")).to_contain_text("Imported 0 entries; 4 were already saved")
    other = json.loads(json.dumps(exported))
    other["attackers"][0]["data"]["characteristics"]["BS"] = 60
    file.write_text(json.dumps(other))
    page.set_input_files("#party-file", str(file))
    expect(page.locator("#party-status")).to_contain_text(
        'Imported 1 entry; renamed as their names were taken: "Guardsman (2)"'
    )
    assert saved(page, "attackers") == ["Guardsman", "Guardsman (2)"]
    page.select_option("#party-attackers", label="Guardsman (2)")
    page.locator("#party [aria-label=Attackers]").get_by_role("button", name="Use").click()
    expect(field(page, "attacker.characteristics.BS")).to_have_value("60")
    page.select_option("#party-attackers", label="Guardsman")
    page.locator("#party [aria-label=Attackers]").get_by_role("button", name="Use").click()
    expect(field(page, "attacker.characteristics.BS")).to_have_value("45")

    # deleting asks first (accepted here)
    page.locator("#party [aria-label=Attackers]").get_by_role("button", name="Delete").click()
    assert saved(page, "attackers") == ["Guardsman (2)"]


def test_a_broken_file_is_refused_and_nothing_changes(ready_page: Page, tmp_path: Path) -> None:
    page = ready_page
    forms_ready(page)
    wait_for_engine(page)
    open_party(page)
    save(page, "attackers", "Sergeant")
    field(page, "attacker.characteristics.BS").fill("47")
    kept(page, '"attacker.characteristics.BS":"47"')
    before = (
        page.evaluate(f"localStorage.getItem('{PARTY_KEY}')"),
        page.evaluate(f"localStorage.getItem('{FORM_KEY}')"),
    )
    errors = page.locator("#party-import-errors")

    def refused(name: str, text: str, *reasons: str) -> None:
        page.evaluate("document.getElementById('party-import-errors').replaceChildren()")
        file = tmp_path / name
        file.write_text(text)
        page.set_input_files("#party-file", str(file))
        expect(errors).to_contain_text(f"{name} was not imported: nothing saved has changed.")
        for reason in reasons:
            expect(errors).to_contain_text(reason)
        after = (
            page.evaluate(f"localStorage.getItem('{PARTY_KEY}')"),
            page.evaluate(f"localStorage.getItem('{FORM_KEY}')"),
        )
        assert after == before
        assert saved(page, "attackers") == ["Sergeant"]
        expect(field(page, "attacker.characteristics.BS")).to_have_value("47")

    refused("notes.json", '{"auspex_party": 1, "attackers": [', "file: Not a JSON file")
    refused("scenario.json", json.dumps({"system": "dh2"}), "Not an Auspex party file")
    good = stored(page)
    bad = json.loads(json.dumps(good))
    bad["attackers"].append({"name": "<i>Heretic</i>", "system": "dh2", "data": {"characteristics": {"BS": 140}}})
    bad["weapons"].append({"name": "Odd gun", "system": "dh1", "data": {"qualities": ["Warp Thing"]}})
    refused(
        "party.json",
        json.dumps(bad),
        'Attacker 2 "<i>Heretic</i>" (Dark Heresy 2nd edition), characteristics.BS: A whole number from 0 to 100',
        "Weapon 1 \"Odd gun\" (Dark Heresy 1st edition), qualities.0: 'Warp Thing' is not a Dark Heresy 1st edition weapon quality",
    )
    expect(errors.locator("i")).to_have_count(0)  # a name is text, never markup
    # the same file, fixed, goes in
    bad["attackers"][1]["data"]["characteristics"]["BS"] = 40
    bad["weapons"][0]["data"]["qualities"] = ["Primitive"]
    (tmp_path / "party.json").write_text(json.dumps(bad))
    page.set_input_files("#party-file", str(tmp_path / "party.json"))
    expect(page.locator("#party-status")).to_contain_text("Imported 2 entries; 1 was already saved")
    expect(errors).to_be_empty()


def test_bad_stored_data_is_ignored_and_reset_forms(ready_page: Page) -> None:
    page = ready_page
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text) if m.type == "warning" else None)
    page.evaluate(f"localStorage.setItem('{FORM_KEY}', '{{not json')")
    page.evaluate(
        f"localStorage.setItem('{PARTY_KEY}', JSON.stringify({{auspex_party: 1, attackers: [{{name: 7}}, 'x', {{name: 'Ok', system: 'dh2', data: {{}}}}]}}))"
    )
    page.reload()
    forms_ready(page)
    expect(field(page, "attacker.characteristics.BS")).to_have_value("45")  # the defaults
    open_party(page)
    assert saved(page, "attackers") == ["Ok"]  # what could be read
    assert any("could not be read" in m for m in messages)
    # nothing unreadable is lost: both kept aside, and said so
    expect(page.locator("#store-notice")).to_contain_text("Your saved forms could not be read")
    expect(page.locator("#store-notice")).to_contain_text("2 saved entries of your party could not be read")
    assert page.evaluate(f"localStorage.getItem('{FORM_KEY}:corrupt:1')") == "{not json"
    assert page.evaluate(f"JSON.parse(localStorage.getItem('{PARTY_KEY}:corrupt:1')).attackers.length") == 3
    page.evaluate(
        f"localStorage.setItem('{FORM_KEY}', JSON.stringify({{v: 1, values: {{system: 'nope', 'attacker.name': {{}}, 'attacker.characteristics.BS': '33'}}, rows: {{'modifier-rows': 'many'}}}}))"
    )
    page.reload()
    forms_ready(page)
    expect(field(page, "system")).to_have_value("dh2")
    expect(field(page, "attacker.name")).to_have_value("Guardsman")
    expect(field(page, "attacker.characteristics.BS")).to_have_value("33")

    # Reset forms asks first; declined, nothing changes; accepted, the defaults come back
    field(page, "system").select_option("epic")
    page.click("#add-ep-attacker-unit")
    field(page, "ep:attacker.name").fill("Gone")
    open_party(page)
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#forms-reset")
    expect(field(page, "ep:attacker.name")).to_have_value("Gone")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#forms-reset")
    expect(field(page, "system")).to_have_value("dh2")
    expect(page.locator("#attacker")).to_be_visible()
    expect(field(page, "attacker.characteristics.BS")).to_have_value("45")
    expect(field(page, "ep:attacker.name")).to_have_value("Tactical detachment")
    expect(page.locator("#ep-attacker-units li")).to_have_count(4)
    page.reload()
    forms_ready(page)
    expect(field(page, "system")).to_have_value("dh2")
    expect(field(page, "attacker.characteristics.BS")).to_have_value("45")
    assert saved(page, "attackers") == ["Ok"]  # the party is kept
