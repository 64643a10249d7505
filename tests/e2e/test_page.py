"""The real page in Chromium, served under a sub-path, as a player uses it.

Every test runs in a fresh context whose requests are all logged: any request outside the page's
origin and sub-path, or any HTTP error, fails the test (see conftest.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from rules import run

from .conftest import RequestLog, wait_for_engine

pytestmark = pytest.mark.e2e

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "lasgun.json").read_text())


def field(page: Page, name: str) -> Locator:
    return page.locator(f'[name="{name}"]')


def resolve(page: Page, status: str, enter_in: Locator | None = None) -> None:
    """Press Resolve (or Enter in ``enter_in``) and wait for the engine's answer."""
    page.evaluate("delete document.documentElement.dataset.status")
    if enter_in is None:
        page.click("#resolve")
    else:
        enter_in.press("Enter")
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps(status)}")


def k(page: Page, key: str) -> list[str]:
    """Text of the result's elements marked data-k=key (as written, before CSS capitalises it)."""
    return page.locator(f'#result [data-k="{key}"]').all_text_contents()


def fill_lasgun_shot(page: Page) -> None:
    """The forms for examples/lasgun.json: BS 45, a lasgun (1d10+3 E, Pen 0) at 20 m with Fog -20,
    against TB 3 and 2 AP on the Body."""
    field(page, "attacker.name").fill("Guardsman")
    field(page, "attacker.characteristics.BS").fill("45")
    field(page, "attacker.weapon.name").fill("Lasgun")
    field(page, "attacker.weapon.class").select_option("Basic")
    field(page, "attacker.weapon.range").fill("100")
    field(page, "attacker.weapon.rof").fill("S/3/-")
    field(page, "attacker.weapon.damage").fill("1d10+3")
    field(page, "attacker.weapon.damage_type").select_option("E")
    field(page, "attacker.weapon.pen").fill("0")
    field(page, "attacker.weapon.clip").fill("60")
    field(page, "attacker.weapon.qualities").fill("Reliable")
    field(page, "target.toughness_bonus").fill("3")
    for location in ("Head", "Right Arm", "Left Arm", "Right Leg", "Left Leg"):
        field(page, f"target.armour.{location}").fill("0")
    field(page, "target.armour.Body").fill("2")
    field(page, "action.type").select_option("Standard Attack")
    field(page, "action.distance").fill("20")
    # the modifier rows: remove what is there, add one
    while page.locator("#modifier-rows button.remove").count():
        page.locator("#modifier-rows button.remove").first.click()
    page.click("#add-modifier")
    field(page, "action.modifiers.0.label").fill("Fog")
    field(page, "action.modifiers.0.value").fill("\u221220")  # typed with a true minus sign


def test_forms_paint_before_the_engine_is_ready(context: BrowserContext, page: Page, base_url: str) -> None:
    held: list[Route] = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # hold Pyodide back
    page.goto(base_url, wait_until="domcontentloaded")
    for panel, legend in (("#attacker", "Attacker"), ("#target", "Target"), ("#action", "Action")):
        expect(page.locator(f"{panel} legend")).to_have_text(legend)
        expect(page.locator(f"{panel} legend")).to_be_visible()
    expect(page.locator("#rp-attacker")).to_be_hidden()  # the fan-made ruleset's forms wait for its choice
    expect(field(page, "attacker.characteristics.BS")).to_have_value("45")
    # Resolve can be tapped while the engine starts: it waits for it (test_table_ux.py)
    expect(page.locator("#resolve")).to_be_enabled()
    expect(page.locator("#engine-status")).to_contain_text("Starting the rules engine")
    while not held:  # waiting lets Playwright dispatch the route event
        page.wait_for_timeout(50)
    assert page.evaluate("document.documentElement.dataset.engine") is None
    held[0].continue_()
    page.wait_for_function("document.documentElement.dataset.engine", timeout=60_000)
    expect(page.locator("#resolve")).to_be_enabled()
    expect(page.locator("#engine-status")).to_contain_text("ready")
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"


def test_dice_rolled_by_hand_one_by_one(ready_page: Page) -> None:
    page = ready_page
    fill_lasgun_shot(page)
    page.get_by_label("I rolled").check()
    resolve(page, "needs")
    nxt = page.locator("#dice-rows li.next")
    expect(nxt).to_contain_text("to-hit d100 (1\u2013100)")
    expect(nxt.locator("input")).to_be_focused()
    nxt.locator("input").fill("23")
    resolve(page, "needs", enter_in=nxt.locator("input"))
    expect(nxt).to_contain_text("hit 1 damage d10 (1\u201310)")
    expect(field(page, "dice.0")).to_have_value("23")  # the die entered so far, still editable
    nxt.locator("input").fill("4")
    resolve(page, "ok", enter_in=nxt.locator("input"))

    # What the CLI says for the same scenario (examples/lasgun.json, dice 23 then 4):
    # BS 45 +10 Standard Attack +10 Short range (20 m of 100 m) -20 Fog = 45; 23 hits with
    # 4 - 2 + 1 = 3 DoS; 23 reversed is 32, the Body; replacing the d10's 4 with 3 DoS gives no
    # more wounds, so 4 + 3 = 7 damage, less 2 armour and TB 3: 2 wounds.
    engine = run(EXAMPLE)["resolution"]
    assert (engine["target_number"], engine["roll"], engine["degrees"]) == (45, 23, 3)
    assert k(page, "outcome") == ["Hit"]
    assert k(page, "target-number") == ["45"]
    assert k(page, "roll") == ["23"]
    assert k(page, "degrees") == ["3 DoS"]
    assert k(page, "hits") == ["1 hit"]
    assert k(page, "location") == ["Body"]
    assert k(page, "damage") == ["7"]
    assert k(page, "effective-armour") == ["2"]
    assert k(page, "toughness-bonus") == ["3"]
    assert k(page, "wounds") == ["2"]
    assert k(page, "total-wounds") == ["2 wounds"]
    result = page.locator("#result")
    expect(result).to_contain_text("Roll 23 against 45: success, 3 DoS")
    expect(result.locator("table.modifiers")).to_contain_text("Fog")
    expect(result.locator("table.modifiers")).to_contain_text("\u221220")
    # The page resolved exactly the scenario the CLI did: the same step log, word for word.
    details = result.locator(".steps .detail").all_text_contents()  # the log starts collapsed
    assert details == [step["detail"] for step in engine["steps"]]
    # The dice are used: the boxes are empty for the next roll, the same dice one tap away.
    expect(page.locator("#dice-rows li")).to_have_count(0)
    expect(page.locator("#same-dice")).to_have_text("Resolve again with the same dice: 23 4")


def test_invalid_fields_are_marked_where_they_are_and_keep_their_text(ready_page: Page) -> None:
    page = ready_page

    def assert_marked(name: str, message: str) -> None:
        el = field(page, name)
        expect(el).to_have_attribute("aria-invalid", "true")
        note = page.locator(f"#{el.get_attribute('aria-describedby')}")
        expect(note).to_contain_text(message, ignore_case=True)  # the page capitalises it by CSS
        expect(note).to_be_visible()
        # read out as the input's description, and kept out of its name
        expect(el).to_have_accessible_description(re.compile(re.escape(message), re.I))
        expect(el).not_to_have_accessible_name(re.compile(re.escape(message), re.I))

    field(page, "attacker.characteristics.BS").fill("140")
    field(page, "attacker.weapon.damage").fill("2x10")
    field(page, "attacker.weapon.qualities").fill("Reliable, Bogus")
    resolve(page, "invalid")
    assert_marked("attacker.characteristics.BS", "A whole number from 0 to 100")
    assert_marked("attacker.weapon.damage", "'2x10' is not a dice expression")
    # the ruleset's own check (an unknown quality) comes in the same answer, not a second round
    assert_marked("attacker.weapon.qualities", "'Bogus' is not a Dark Heresy 2nd edition weapon quality")
    expect(page.locator(".field-error")).to_have_count(3)
    expect(field(page, "attacker.characteristics.BS")).to_have_value("140")
    expect(field(page, "attacker.weapon.damage")).to_have_value("2x10")
    expect(field(page, "attacker.characteristics.BS")).to_be_focused()

    # Fixed fields clear; the engine names the second quality ("attacker.weapon.qualities.1"),
    # which marks the qualities input.
    field(page, "attacker.characteristics.BS").fill("45")
    field(page, "attacker.weapon.damage").fill("1d10+3")
    resolve(page, "invalid")
    expect(page.locator(".field-error")).to_have_count(1)
    assert_marked("attacker.weapon.qualities", "'Bogus' is not a Dark Heresy 2nd edition weapon quality")
    expect(field(page, "attacker.weapon.qualities")).to_have_value("Reliable, Bogus")
    expect(field(page, "attacker.characteristics.BS")).not_to_have_attribute("aria-invalid", "true")
    field(page, "attacker.weapon.qualities").fill("Reliable")

    # A die out of range is marked at that die.
    page.get_by_label("I rolled").check()
    resolve(page, "needs")
    page.locator("#dice-rows li.next input").fill("150")
    resolve(page, "invalid")
    expect(field(page, "dice.0")).to_have_attribute("aria-invalid", "true")
    assert_marked("dice.0", "Die 1 is the to-hit d100: it must be 1 to 100, not 150")
    expect(page.locator(".field-error")).to_have_count(1)

    # The next good resolve clears every mark.
    field(page, "dice.0").fill("23")
    resolve(page, "needs")
    expect(page.locator("[aria-invalid]")).to_have_count(0)
    expect(page.locator(".field-error")).to_have_count(0)


@pytest.mark.parametrize("width", [360])
def test_roll_for_me_shows_the_seed_and_replays_it(ready_page: Page, width: int) -> None:
    page = ready_page
    page.set_viewport_size({"width": width, "height": 800})
    resolve(page, "ok")
    (seed,) = k(page, "seed")
    assert seed.isdigit()
    assert k(page, "outcome")[0] in {"Hit", "Miss", "Jammed", "Evaded"}
    # the step log starts collapsed; a tap on its summary opens it, and it stays
    # open for the next result (the open panels are kept: static/view.js)
    expect(page.locator("#result .steps li").first).to_be_hidden()
    page.locator("#result .steps summary").click()
    expect(page.locator("#result .steps li").first).to_be_visible()
    first = page.locator("#result").inner_text()
    # Replay rolls the same dice once, for the same result; the Seed box stays blank
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#replay")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    assert page.locator("#result").inner_text() == first
    expect(field(page, "seed")).to_have_value("")
    # no sideways scrolling on a narrow phone
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_works_offline_after_the_first_visit(
    context: BrowserContext, ready_page: Page, request_log: RequestLog, base_url: str
) -> None:
    page = ready_page
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: everything precached
    page.reload()  # a second visit, online, through the service worker (its version's precached files)
    wait_for_engine(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    wait_for_engine(page)
    resolve(page, "ok")
    expect(page.locator("#result [data-k=outcome]")).to_be_visible()
    # the page is precached once, as "./": opened as index.html offline, it is the same page
    page.goto(f"{base_url.rstrip('/')}/index.html")
    wait_for_engine(page)
    resolve(page, "ok")
    # the log did see the worker's and the service worker's requests (so none escaped it)
    assert any(url.endswith("/static/vendor/pyodide/pyodide.asm.wasm") for url in request_log.urls)
    assert any(url.endswith(".whl") for url in request_log.from_service_worker)


def test_an_engine_that_cannot_start_says_so(context: BrowserContext, page: Page, base_url: str) -> None:
    context.route("**/pydantic-2.14.3-py3-none-any.whl", lambda route: route.abort())
    page.goto(base_url)
    page.wait_for_function("document.documentElement.dataset.engine", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.engine") == "failed"
    expect(page.locator("#engine-status")).to_contain_text("could not start")
    expect(page.locator("#resolve")).to_be_disabled()


def test_page_asks_for_nothing_outside_its_origin(
    ready_page: Page, request_log: RequestLog, served: list[tuple[str, int]]
) -> None:
    resolve(ready_page, "ok")
    ready_page.wait_for_timeout(500)  # time for Chromium's own icon request
    fetched = {url.removeprefix(request_log.base_url) for url in request_log.urls}
    # the worker's downloads are in the browser's log, so an outside one would be too
    assert {"static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/app/auspex-0.1.0-py3-none-any.whl"} <= fetched
    # the page's icon link is what Chromium fetches, never /favicon.ico
    paths = [path for path, _ in served]
    assert "/auspex/static/icon.svg" in paths
    assert not any("favicon" in path for path in paths)
    # (outside requests and HTTP errors fail every test in conftest's `context` teardown)
