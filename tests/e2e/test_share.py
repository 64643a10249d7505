"""Share a roll: a link with the scenario and its dice, opened in another browser (a new context,
nothing shared with the first), shows the same resolution in a Shared roll view and leaves the
recipient's forms alone until they take it in (with Undo); a broken link says so and changes nothing.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tools.build.serve import ROOT

from .conftest import RequestLog
from .test_a11y import axe_js, violations
from .test_page import field, k, resolve

pytestmark = pytest.mark.e2e
__all__ = ["axe_js"]  # the axe-core fixture, shared with test_a11y

RULESETS = ["dh2", "dh1", "dw", "wh40krp", "epic"]
MAX_LINK = 1000  # characters after #r=: short enough to paste in a chat


def wait_for_forms(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")


@pytest.fixture
def other(browser: Browser, request_log: RequestLog) -> Iterator[Page]:
    """A page in a second, fresh context (another phone): its requests are checked like the first's."""
    context: BrowserContext = browser.new_context(viewport={"width": 1280, "height": 800})
    context.on("request", request_log.on_request)
    context.on("response", request_log.on_response)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"uncaught errors in the second page: {errors}"


def share(page: Page) -> str:
    """Press Share under the result; the link (also copied, or offered to share)."""
    expect(page.locator("#share-button")).to_be_visible()
    page.evaluate("document.getElementById('share-status').textContent = ''")
    page.click("#share-button")
    expect(page.locator("#share-status")).to_contain_text("characters")
    link = page.locator("#share-url").input_value()
    assert re.fullmatch(r"http://[^#]+/auspex/#r=[A-Za-z0-9_-]+", link), link
    return link


def open_link(page: Page, link: str, status: str = "ok") -> None:
    """Open a link on a page (a first load or, on a page already open, a new hash) and wait for its
    roll in the Shared roll view."""
    if page.url != "about:blank":
        page.evaluate("document.documentElement.dataset.share = 'waiting'")
    page.goto(link)
    page.wait_for_function("['shown', 'broken'].includes(document.documentElement.dataset.share)", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.sharedStatus") == status
    assert "#" not in page.url  # the hash is cleared: a reload shows the forms as they are


def take(page: Page, status: str = "ok") -> None:
    """Tap "Use in my forms" and wait for the result under the forms."""
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#shared-take")
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps(status)}")
    expect(page.locator("#shared-undo")).to_be_visible()


def undo(page: Page) -> None:
    page.click("#shared-undo")
    page.wait_for_function("document.documentElement.dataset.share === 'undone'")


def shared_text(page: Page) -> str:
    return page.locator("#shared-body").inner_text()


def mine(page: Page) -> None:
    """The recipient's own forms: a character of their own, kept on their device."""
    wait_for_forms(page)
    field(page, "attacker.name").fill("Mine")
    field(page, "attacker.characteristics.BS").fill("52")
    page.wait_for_function("(localStorage.getItem('auspex:form:v1') || '').includes('\"attacker.name\":\"Mine\"')")


def expect_mine(page: Page) -> None:
    """The recipient's forms as they kept them: their character, a new roll each time, no dice."""
    expect(field(page, "system")).to_have_value("dh2")
    expect(field(page, "attacker.name")).to_have_value("Mine")
    expect(field(page, "attacker.characteristics.BS")).to_have_value("52")
    expect(page.get_by_label("Roll for me")).to_be_checked()
    expect(field(page, "seed")).to_have_value("")
    expect(page.locator("#dice-rows li")).to_have_count(0)


def raw_link(base_url: str, payload: object) -> str:
    packer = zlib.compressobj(wbits=-15)
    text = payload if isinstance(payload, str) else json.dumps(payload)  # str: JSON text as it is
    packed = packer.compress(text.encode()) + packer.flush()
    return base_url + "#r=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_a_seeded_roll_of_every_ruleset_opens_as_a_view_and_taken_into_the_forms_replays(
    ready_page: Page, other: Page, base_url: str
) -> None:
    page = ready_page
    wait_for_forms(page)
    seeds = {system: 1000 + i for i, system in enumerate(RULESETS)}
    seeds["dh2"] = 2**53 - 1  # the largest seed: the page's own link carries it exactly
    shared: dict[str, tuple[str, str]] = {}
    for system in RULESETS:
        field(page, "system").select_option(system)
        field(page, "seed").fill(str(seeds[system]))
        if system == "dh2":  # something off the defaults, in a field of each kind
            field(page, "attacker.characteristics.BS").fill("45")
            field(page, "target.evasion.reaction").select_option("Dodge")
            field(page, "target.evasion.skill").fill("41")
            field(page, "action.type").select_option("Semi-Auto Burst")
            page.click("#add-modifier")
            field(page, "action.modifiers.0.label").fill("Smoke")
            field(page, "action.modifiers.0.value").fill("-10")
        resolve(page, "ok")
        link = share(page)
        assert len(link.split("#r=")[1]) < MAX_LINK, (system, len(link))
        shared[system] = (link, page.locator("#result").inner_text())

    other.goto(base_url)
    mine(other)
    for system, (link, seen) in shared.items():
        under_forms = other.locator("#result").inner_text()
        open_link(other, link)
        # the same resolution, number for number, in its own view; the recipient's forms untouched
        expect(other.locator("#shared")).to_contain_text("Shared roll")
        assert shared_text(other) == seen, system
        expect_mine(other)
        assert other.locator("#result").inner_text() == under_forms  # the result under the forms too
        # taken into the forms: the forms hold the scenario and its seed, and show the same result
        take(other)
        assert other.locator("#result").inner_text() == seen, system
        expect(field(other, "system")).to_have_value(system)
        expect(field(other, "seed")).to_have_value(str(seeds[system]))
        expect(other.locator("#dice-banner")).to_contain_text(f"Every roll will use seed {seeds[system]}")
        # resolving the forms as they now are gives it again: the link filled every field it needs
        resolve(other, "ok")
        assert other.locator("#result").inner_text() == seen, system
        if system == "dh2":
            expect(field(other, "attacker.characteristics.BS")).to_have_value("45")
            expect(field(other, "target.evasion.skill")).to_have_value("41")
            expect(field(other, "action.type")).to_have_value("Semi-Auto Burst")
            expect(field(other, "action.modifiers.0.label")).to_have_value("Smoke")
            assert k(other, "seed") == [str(2**53 - 1)]
        undo(other)  # one tap puts the recipient's own forms back
        expect_mine(other)


def test_dice_rolled_by_hand_open_as_a_view_and_only_a_tap_loads_them(
    ready_page: Page, other: Page, base_url: str
) -> None:
    page = ready_page
    wait_for_forms(page)
    field(page, "target.evasion.reaction").select_option("Dodge")
    page.get_by_label("I rolled").check()
    typed: list[str] = []
    resolve(page, "needs")
    while page.evaluate("document.documentElement.dataset.status") == "needs":
        box = page.locator("#dice-rows li.next input")
        die = "23" if "d100" in page.locator("#dice-rows li.next").inner_text() else str(3 + len(typed) % 5)
        typed.append(die)
        box.fill(die)
        page.evaluate("delete document.documentElement.dataset.status")
        page.click("#resolve")
        page.wait_for_function("['ok', 'needs'].includes(document.documentElement.dataset.status)")
    assert len(typed) >= 2
    seen = page.locator("#result").inner_text()
    link = share(page)

    other.goto(base_url)
    mine(other)
    open_link(other, link)
    assert shared_text(other) == seen
    expect_mine(other)  # not switched to "I rolled", no dice loaded
    # a reload shows the recipient's own forms; nothing of the link was kept
    other.reload()
    wait_for_forms(other)
    expect(other.locator("#shared")).to_be_hidden()
    expect_mine(other)
    assert "Guardsman" not in (other.evaluate("localStorage.getItem('auspex:form:v1')") or "")

    open_link(other, link)
    take(other)
    assert other.locator("#result").inner_text() == seen
    expect(other.get_by_label("I rolled")).to_be_checked()
    # the link's dice are used once: one tap away, not in the boxes for the next roll
    expect(other.locator("#dice-rows li")).to_have_count(0)
    expect(other.locator("#same-dice")).to_have_text(f"Resolve again with the same dice: {' '.join(typed)}")
    assert k(other, "roll") == ["23"]
    expect(other.locator("#dice-banner")).to_be_hidden()
    undo(other)
    expect_mine(other)


def test_a_link_that_leaves_out_fields_fills_them_with_the_page_defaults(ready_page: Page, base_url: str) -> None:
    page = ready_page
    mine(page)
    # the recipient's own values in fields the link leaves out
    field(page, "target.size").select_option("Hulking")
    field(page, "attacker.psy_rating").fill("3")
    field(page, "target.armour.Body").fill("8")
    field(page, "target.toughness_bonus").fill("8")
    page.get_by_label("I rolled").check()  # and a die of their own typed in
    resolve(page, "needs")
    page.locator("#dice-rows li.next input").fill("77")
    scenario = json.loads((ROOT / "examples" / "lasgun.json").read_text())
    del scenario["dice"], scenario["target"]["armour"]["Body"]
    open_link(page, raw_link(base_url, {"v": 1, "scenario": scenario, "seed": 5}))
    seen = shared_text(page)
    take(page)
    assert page.locator("#result").inner_text() == seen
    expect(field(page, "target.size")).to_have_value("Average")  # a fresh page's, not the recipient's
    expect(field(page, "attacker.psy_rating")).to_have_value("0")
    expect(field(page, "target.armour.Body")).to_have_value("")  # left out: no armour there
    expect(field(page, "target.toughness_bonus")).to_have_value("3")  # the link's
    expect(field(page, "attacker.name")).to_have_value("Guardsman")
    resolve(page, "ok")  # the forms as they are, with the link's seed: the same roll
    assert page.locator("#result").inner_text() == seen
    # Undo: the recipient's own values, dice mode and typed die, as they were
    undo(page)
    expect(field(page, "target.size")).to_have_value("Hulking")
    expect(field(page, "target.armour.Body")).to_have_value("8")
    expect(field(page, "target.toughness_bonus")).to_have_value("8")
    expect(field(page, "attacker.name")).to_have_value("Mine")
    expect(page.get_by_label("I rolled")).to_be_checked()
    expect(field(page, "dice.0")).to_have_value("77")


def test_a_broken_link_says_so_in_the_view_and_changes_nothing(
    context: BrowserContext, ready_page: Page, base_url: str
) -> None:
    page = ready_page
    mine(page)
    second = context.new_page()
    errors: list[str] = []
    second.on("pageerror", lambda error: errors.append(str(error)))

    def opened(link: str, message: str) -> None:
        if second.url != "about:blank":
            second.evaluate("delete document.documentElement.dataset.share")
        second.goto(link)  # the first one loads the page; the others are a new hash on it
        second.wait_for_function("document.documentElement.dataset.share === 'broken'")
        error = second.locator("#shared .error")
        expect(error).to_contain_text("This share link cannot be read")
        expect(error).to_contain_text(message)
        expect(error).to_contain_text("Nothing was changed on the forms")
        expect(second.locator("#shared-take")).to_be_disabled()
        expect_mine(second)  # the forms are as this device kept them
        assert "#" not in second.url

    opened(base_url + "#r=abc$%25def", "characters a link of this page never has")
    opened(
        base_url + "#r=" + base64.urlsafe_b64encode(b"not deflated at all").decode().rstrip("="),
        "cut short or was changed",
    )
    good = raw_link(base_url, {"v": 1, "scenario": {"system": "dh2"}, "seed": 5})
    opened(good[: len(good) - 6], "cut short")
    opened(raw_link(base_url, {"v": 2, "scenario": {"system": "dh2"}, "seed": 5}), "version 2")
    opened(
        raw_link(base_url, {"v": "1", "scenario": {"system": "dh2"}, "seed": 5}),
        'this link says version "1" (text); this page reads version 1',
    )
    opened(raw_link(base_url, {"v": 1.5, "scenario": {"system": "dh2"}, "seed": 5}), "version 1.5 (not a whole number)")
    opened(raw_link(base_url, {"v": 1, "scenario": {"system": "dh2"}}), "no dice and no seed")
    opened(raw_link(base_url, {"v": 1, "seed": 5}), "holds no attack")
    opened(
        raw_link(base_url, {"v": 1, "scenario": {"system": "dh2"}, "seed": 2**53 + 2}),
        "seed is not a whole number from 0 to 9,007,199,254,740,991",
    )
    opened(raw_link(base_url, {"v": 1, "scenario": {"system": "dh2"}, "seed": -1}), "seed is not a whole number")
    opened(
        raw_link(base_url, {"v": 1, "scenario": {"system": "dh2"}, "dice": [1, "2"]}),
        "dice are not a list of whole numbers",
    )
    # nested 2,000 deep (the page showed nothing, an uncaught error): refused before it is walked
    deep = '{"a": ' * 2000 + "1" + "}" * 2000  # as text: Python's own json refuses to write it
    opened(
        raw_link(base_url, f'{{"v": 1, "scenario": {{"system": "dh2", "attacker": {deep}}}, "seed": 5}}'),
        "nest more than 64 deep",
    )
    # a short link that unpacks to megabytes: inflating stops at 256 KB
    huge = raw_link(base_url, {"v": 1, "scenario": {"system": "dh2", "pad": " " * 4_000_000}, "seed": 5})
    assert len(huge.split("#r=")[1]) < 20_000
    opened(huge, "unpacks to more than 256 KB")
    # a link over 64 KB of text is refused before it is unpacked at all
    opened(base_url + "#r=" + "A" * 70_000, "70,000 characters long")

    # on the page already open, a broken link pasted in the address bar (a new hash) does the same
    page.goto(base_url + "#r=%%%")
    page.wait_for_function("document.documentElement.dataset.share === 'broken'")
    expect(page.locator("#shared .error")).to_contain_text("This share link cannot be read")
    expect_mine(page)
    second.close()
    assert errors == [], errors


def test_a_hand_made_link_with_a_bad_field_is_listed_then_marked_at_the_field(ready_page: Page, base_url: str) -> None:
    page = ready_page
    scenario = {"system": "dh2", "attacker": {"name": "<img src=x onerror=alert(1)>", "characteristics": {"BS": 140}}}
    open_link(page, raw_link(base_url, {"v": 1, "scenario": scenario, "seed": 3}), "invalid")
    expect(page.locator("#shared-body")).to_contain_text("attacker.characteristics.BS")
    expect(field(page, "attacker.characteristics.BS")).not_to_have_attribute("aria-invalid", "true")
    take(page, "invalid")
    expect(field(page, "attacker.characteristics.BS")).to_have_attribute("aria-invalid", "true")
    expect(field(page, "attacker.name")).to_have_value("<img src=x onerror=alert(1)>")
    expect(page.locator("img[src=x]")).to_have_count(0)


def test_the_shared_roll_view_and_the_dice_banner_pass_axe(ready_page: Page, base_url: str, axe_js: Path) -> None:
    page = ready_page
    wait_for_forms(page)
    scenario = json.loads((ROOT / "examples" / "lasgun.json").read_text())
    del scenario["dice"]
    open_link(page, raw_link(base_url, {"v": 1, "scenario": scenario, "seed": 9}))
    found = violations(page, axe_js, "the shared roll view")
    take(page)
    expect(page.locator("#dice-banner")).to_be_visible()
    found += violations(page, axe_js, "taken in, with the dice banner")
    assert found == []


def test_the_share_box_stays_with_the_roll_on_screen_and_goes_with_an_answer_that_is_not_one(ready_page: Page) -> None:
    """A new Resolve neither hides nor re-shows the Share box (each cost the slow phone a
    layout and a paint): it stays with the roll on screen until the answer, and goes when the answer
    is not a resolution (fields to check, a die to type)."""
    page = ready_page
    wait_for_forms(page)
    field(page, "seed").fill("7")
    resolve(page, "ok")
    expect(page.locator("#share-button")).to_be_visible()
    page.evaluate(
        """() => {
          window.shareChanges = [];
          new MutationObserver((records) => window.shareChanges.push(...records.map((r) => r.attributeName || r.type)))
            .observe(document.getElementById('share'), { attributes: true, childList: true, subtree: true, characterData: true });
        }"""
    )
    field(page, "seed").fill("8")
    resolve(page, "ok")
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))")
    assert page.evaluate("window.shareChanges") == []
    expect(page.locator("#share-button")).to_be_visible()
    packed = share(page).split("#r=")[1]
    payload = json.loads(zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)), wbits=-15))
    assert payload["seed"] == 8 and k(page, "seed") == ["8"]  # the link is the roll on screen

    field(page, "attacker.characteristics.BS").fill("140")
    resolve(page, "invalid")
    expect(page.locator("#share")).to_be_hidden()
    field(page, "attacker.characteristics.BS").fill("45")
    resolve(page, "ok")
    expect(page.locator("#share-button")).to_be_visible()
    page.get_by_label("I rolled").check()
    resolve(page, "needs")
    expect(page.locator("#share")).to_be_hidden()


def test_a_hand_made_links_own_critical_tables_are_not_read_in_the_shared_roll(ready_page: Page, base_url: str) -> None:
    # The README: the group's critical tables are the device's, never the link's. The lasgun shot
    # (examples/lasgun.json: BS 45 - 20 Fog = 25 in the view's reading; roll 23 hits the Body; d10 10
    # is a natural 10, Righteous Fury's d5 from d10 5 is row 3) with a table of its own making row 3
    # "target slain" [slain]: the view names the row and reads no table of the link's.
    page = ready_page
    scenario = json.loads((ROOT / "examples" / "lasgun.json").read_text())
    scenario.pop("dice", None)
    slain = {
        "system": "dh2",
        "damage_type": "Energy",
        "location": "Body",
        "rows": [{"row": 3, "text": "target slain", "effects": [{"kind": "slain"}]}],
    }
    scenario["critical_tables"] = [slain]
    open_link(page, raw_link(base_url, {"v": 1, "scenario": scenario, "dice": [23, 10, 5]}))
    body = page.locator("#shared-body")
    expect(body).to_contain_text("Energy Critical Effects, Body")
    assert "target slain" not in shared_text(page)
    expect(body.locator('[data-k="critical-effect"]')).to_have_count(0)
