"""What the page keeps on the device (static/store.js): two tabs of one browser share it without
losing each other's saves, deletes or form fields; a full storage is reported where the player is
and never acknowledged as saved; an unreadable stored value is kept aside and reported once. (The
encounter's own storage needs the rules engine: tests/e2e/test_encounter.py.)

None of these needs the rules engine: Pyodide is held back (and service workers blocked, so it is
not fetched past the route), which keeps each page load light on a shared machine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from .conftest import RequestLog

pytestmark = pytest.mark.e2e

FORM_KEY = "auspex:form:v1"
PARTY_KEY = "auspex:party:v1"
ENCOUNTER_KEY = "auspex:encounter:v1"

# localStorage that refuses every write of the page's keys as a full one does, until the page sets
# window.auspexTestRoom = true (a player making room, or another tab freeing some).
FULL_STORAGE = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("auspex:") && !window.auspexTestRoom) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
})();
"""


@pytest.fixture
def quiet(browser: Browser, request_log: RequestLog) -> Iterator[BrowserContext]:
    """A context whose pages never start the engine (its wasm held back), every request logged;
    an uncaught error in any of its pages fails the test."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    context.on("request", request_log.on_request)
    context.on("response", request_log.on_response)
    errors: list[str] = []
    context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
    held: list[Route] = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    yield context
    context.close()
    assert errors == [], f"uncaught errors in the page: {errors}"
    assert request_log.outside == [], request_log.outside
    assert request_log.http_errors == [], request_log.http_errors


def open_page(context: BrowserContext, url: str) -> Page:
    """A page of the app with its forms ready."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    return page


def stored(page: Page, key: str) -> Any:
    return page.evaluate("key => JSON.parse(localStorage.getItem(key))", key)


def preset(context: BrowserContext, base_url: str, values: dict[str, str]) -> None:
    """Stores ``values`` (key: text) on the page's origin before the page itself is opened."""
    page = context.new_page()
    page.goto(base_url + "static/icon.svg")
    script = "values => { window.auspexTestRoom = true; for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); }"
    page.evaluate(script, values)
    page.close()


def save_attacker(page: Page, name: str) -> None:
    if not page.locator("#party").evaluate("d => d.open"):
        page.click("#party summary")
    page.fill("#party-attackers-name", name)
    page.get_by_role("button", name="Save attacker").click()


def saved_attackers(page: Page) -> list[str]:
    return [o for o in page.locator("#party-attackers option").all_text_contents() if not o.startswith("(no saved")]


def test_two_tabs_interleaving_saves_deletes_and_form_fields_lose_nothing(quiet: BrowserContext, base_url: str) -> None:
    b = open_page(quiet, base_url)  # opened first: what it holds in memory goes stale
    a = open_page(quiet, base_url)

    # the party: each tab saves an attacker; both stay, and both tabs list both
    save_attacker(a, "FROM-TAB-A")
    expect(a.locator("#party-status")).to_have_text('Saved the attacker "FROM-TAB-A".')
    save_attacker(b, "FROM-TAB-B")
    expect(b.locator("#party-status")).to_have_text('Saved the attacker "FROM-TAB-B".')
    assert sorted(e["name"] for e in stored(a, PARTY_KEY)["attackers"]) == ["FROM-TAB-A", "FROM-TAB-B"]
    expect(a.locator("#party-attackers option")).to_have_text(["FROM-TAB-A", "FROM-TAB-B"])
    expect(b.locator("#party-attackers option")).to_have_text(["FROM-TAB-A", "FROM-TAB-B"])

    # a delete in one tab removes only the entry it names, after the other tab saved a new one
    save_attacker(a, "NEW-IN-A")
    b.on("dialog", lambda dialog: dialog.accept())
    b.select_option("#party-attackers", label="FROM-TAB-B")
    b.locator("#party [aria-label=Attackers]").get_by_role("button", name="Delete").click()
    expect(b.locator("#party-status")).to_have_text('Deleted the attacker "FROM-TAB-B".')
    assert sorted(e["name"] for e in stored(a, PARTY_KEY)["attackers"]) == ["FROM-TAB-A", "NEW-IN-A"]
    expect(a.locator("#party-attackers option")).to_have_text(["FROM-TAB-A", "NEW-IN-A"])

    # the forms: each tab's edited field is kept on the device; neither tab's forms are changed
    # by the other's (a form being edited stays as this tab has it)
    a.fill('[name="attacker.characteristics.BS"]', "61")
    a.wait_for_function(
        f"(localStorage.getItem('{FORM_KEY}') || '').includes('\"attacker.characteristics.BS\":\"61\"')"
    )
    b.fill('[name="target.wounds"]', "23")
    b.wait_for_function(f"(localStorage.getItem('{FORM_KEY}') || '').includes('\"target.wounds\":\"23\"')")
    values = stored(a, FORM_KEY)["values"]
    assert (values["attacker.characteristics.BS"], values["target.wounds"]) == ("61", "23")
    expect(a.locator('[name="target.wounds"]')).not_to_have_value("23")
    expect(b.locator('[name="attacker.characteristics.BS"]')).not_to_have_value("61")


def test_a_full_storage_is_reported_where_the_player_is_and_nothing_is_said_to_be_saved(
    quiet: BrowserContext, base_url: str
) -> None:
    quiet.add_init_script(FULL_STORAGE)
    page = open_page(quiet, base_url)
    notice = page.locator("#store-notice")

    page.fill('[name="attacker.name"]', "TYPED-WHILE-FULL")
    expect(notice).to_contain_text("Not saved on this device: storage is full")
    save_attacker(page, "PARTY-WHILE-FULL")
    expect(page.locator("#party-status")).to_have_text(
        "Not saved on this device: storage is full \u2014 export the party to keep it."
    )
    expect(page.locator("#party-attackers option")).to_have_text(["(no saved attackers for this ruleset)"])
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('auspex:'))") == []

    # room again: the next change stores what this tab kept (the forms' field)
    page.evaluate("window.auspexTestRoom = true")
    page.fill('[name="attacker.characteristics.BS"]', "50")
    page.wait_for_function(f"(localStorage.getItem('{FORM_KEY}') || '').includes('TYPED-WHILE-FULL')")
    expect(notice).to_be_hidden()
    assert stored(page, FORM_KEY)["values"]["attacker.characteristics.BS"] == "50"


def test_storage_turned_off_is_reported_and_the_page_still_works(quiet: BrowserContext, base_url: str) -> None:
    # as some private modes do: even reading window.localStorage throws
    quiet.add_init_script(
        """Object.defineProperty(window, "localStorage", {
        get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });"""
    )
    page = open_page(quiet, base_url)
    page.fill('[name="target.name"]', "NOWHERE")
    expect(page.locator("#store-notice")).to_contain_text("Not saved on this device: storage is turned off or refused")
    expect(page.locator("#tk-status")).to_have_text("Loading the encounter\u2026")  # it waits for the engine


def test_unreadable_saved_values_are_kept_aside_reported_once_and_the_defaults_loaded(
    quiet: BrowserContext, base_url: str
) -> None:
    corrupt_forms = '{"v": 1, "values": [not json'
    corrupt_encounter = json.dumps({"v": 1, "files": "bogus"})
    preset(
        quiet, base_url, {FORM_KEY: corrupt_forms, f"{FORM_KEY}:corrupt:1": "older", ENCOUNTER_KEY: corrupt_encounter}
    )
    page = open_page(quiet, base_url)
    notice = page.locator("#store-notice")
    expect(notice).to_contain_text(
        f"Your saved forms could not be read; they are kept aside on this device (as {FORM_KEY}:corrupt:2) and the forms start from their defaults."
    )
    expect(notice).to_contain_text(
        f"Your saved encounter could not be read; it is kept aside on this device (as {ENCOUNTER_KEY}:corrupt:1)"
    )
    expect(page.locator('[name="attacker.characteristics.BS"]')).to_have_value("45")  # the defaults
    kept = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    assert kept[f"{FORM_KEY}:corrupt:1"] == "older"  # an earlier one is not overwritten
    assert kept[f"{FORM_KEY}:corrupt:2"] == corrupt_forms
    assert kept[f"{ENCOUNTER_KEY}:corrupt:1"] == corrupt_encounter

    page.fill('[name="attacker.characteristics.BS"]', "33")
    page.wait_for_function(f"(localStorage.getItem('{FORM_KEY}') || '').includes('33')")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    expect(page.locator('[name="attacker.characteristics.BS"]')).to_have_value("33")
    expect(notice).to_be_hidden()  # reported once
    assert page.evaluate(f"localStorage.getItem('{FORM_KEY}:corrupt:2')") == corrupt_forms


def test_an_unreadable_value_with_no_room_to_keep_it_aside_is_not_saved_over(
    quiet: BrowserContext, base_url: str
) -> None:
    quiet.add_init_script(FULL_STORAGE)
    corrupt = '{"v": 1, "values": [not json'
    preset(quiet, base_url, {FORM_KEY: corrupt})
    page = open_page(quiet, base_url)
    notice = page.locator("#store-notice")
    expect(notice).to_contain_text(
        "Your saved forms could not be read; they are left where they are, and nothing is saved over them"
    )
    page.fill('[name="attacker.characteristics.BS"]', "61")
    expect(notice).to_contain_text("Not saved on this device")
    assert page.evaluate(f"localStorage.getItem('{FORM_KEY}')") == corrupt
    # room again: the unreadable value is kept aside first, then the forms are saved
    page.evaluate("window.auspexTestRoom = true")
    page.fill('[name="attacker.characteristics.BS"]', "62")
    page.wait_for_function(f"(localStorage.getItem('{FORM_KEY}') || '').includes('62')")
    assert page.evaluate(f"localStorage.getItem('{FORM_KEY}:corrupt:1')") == corrupt
    expect(notice).to_have_text(
        f"Your saved forms could not be read; they are kept aside on this device (as {FORM_KEY}:corrupt:1)"
        " and the forms start from their defaults."
    )
