"""The page on a phone (360 x 740): the forms in steps (Attacker, Target, Action, Result), nothing
scrolling sideways in any step of any ruleset, touch targets of at least 44 px, numeric keyboards,
the whole flow by keyboard alone, and the result announced. A screenshot of the result is kept in
test-artifacts/phone-360x740.png."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PHONE: ViewportSize = {"width": 360, "height": 740}
STEPS = ["attacker", "target", "action", "result"]
SYSTEMS = ["dh2", "dh1", "dw", "wh40krp", "epic"]
# what a finger presses: buttons, fields, and the labels of checkboxes and radios (the box itself is small)
TARGETS = 'button, select, textarea, input[type="text"], label.check, summary'


def field(page: Page, name: str) -> Locator:
    return page.locator(f'[name="{name}"]')


@pytest.fixture
def phone(ready_page: Page) -> Page:
    ready_page.set_viewport_size(PHONE)
    ready_page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    return ready_page


def at(page: Page) -> str:
    step: str = page.evaluate("document.documentElement.dataset.at")
    return step


def shown_steps(page: Page) -> list[str]:
    """The step of each panel (and the result) on screen."""
    steps: list[str] = page.evaluate(
        "[...document.querySelectorAll('main [data-step]')].filter(el => el.getClientRects().length)"
        ".map(el => el.dataset.step)"
    )
    return steps


def assert_no_sideways_scroll(page: Page, where: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where}: the page is {width} px wide"


def go(page: Page, step: str) -> None:
    page.locator(f'.stepbar [data-go="{step}"]').click()
    assert at(page) == step
    expect(page.locator(f'.stepbar [data-go="{step}"]')).to_have_attribute("aria-current", "step")


def resolve(page: Page, status: str, press: Locator | None = None) -> None:
    page.evaluate("delete document.documentElement.dataset.status")
    if press is None:
        page.click("#resolve")
    else:
        press.press("Enter")
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps(status)}")


def test_each_ruleset_in_each_step_fits_the_screen(phone: Page) -> None:
    page = phone
    for system in SYSTEMS:
        field(page, "system").select_option(system)
        for step in STEPS:
            go(page, step)
            shown = shown_steps(page)
            # one step's panels at a time (the Result step: the dice, and the result once resolved)
            assert shown and set(shown) == {step}, (system, step, shown)
            expect(page.locator("#resolve")).to_be_visible()
            assert_no_sideways_scroll(page, f"{system}, {step}")
        go(page, "attacker")
        resolve(page, "ok")
        assert at(page) == "result", system  # resolving shows the Result step
        expect(page.locator("#result .headline")).to_be_visible()
        assert_no_sideways_scroll(page, f"{system}, its result")
        if system == "dh2":
            ARTIFACTS.mkdir(exist_ok=True)
            page.emulate_media(color_scheme="dark")  # the page's own default: a dim table
            page.locator("#result").scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "phone-360x740.png"))
        page.click("#odds-toggle")
        page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=30_000)
        expect(page.locator("#odds-body")).not_to_be_empty()
        assert_no_sideways_scroll(page, f"{system}, the Odds panel open")
        page.click("#odds-toggle")
        expect(page.locator("#odds")).to_be_hidden()
    assert (ARTIFACTS / "phone-360x740.png").stat().st_size > 0


def test_wide_screens_show_every_panel_at_once(ready_page: Page) -> None:
    page = ready_page  # 1280 px wide
    expect(page.locator(".stepbar")).to_be_hidden()
    expect(page.locator("#step-next")).to_be_hidden()
    for panel in ("#attacker", "#target", "#action", "#dice"):
        expect(page.locator(panel)).to_be_visible()
    page.click("#resolve")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    for panel in ("#attacker", "#target", "#action", "#dice", "#result"):
        expect(page.locator(panel)).to_be_visible()


def test_next_and_back_walk_the_steps(phone: Page) -> None:
    page = phone
    back, nxt = page.locator("#step-back"), page.locator("#step-next")
    assert at(page) == "attacker"
    expect(back).to_be_hidden()
    expect(page.locator("#attacker")).to_be_visible()
    expect(page.locator("#target")).to_be_hidden()
    for step, before, after in (("target", "Attacker", "Action"), ("action", "Target", "Result")):
        nxt.click()
        assert at(page) == step
        expect(page.locator('.stepbar [aria-current="step"]')).to_have_attribute("data-go", step)
        expect(page.locator(".stepbar [aria-current]")).to_have_count(1)
        expect(page.locator(f"#{step}")).to_be_visible()
        expect(page.locator(f"#{step}")).to_be_focused()  # read out as the step's group; Tab goes on into it
        expect(back).to_have_text(f"Back: {before}")
        expect(nxt).to_have_text(f"Next: {after}")
    nxt.click()
    assert at(page) == "result"
    expect(nxt).to_be_hidden()
    expect(page.locator(".step-empty")).to_be_visible()  # nothing resolved yet, and the step says so
    expect(page.locator("#dice")).to_be_visible()
    back.click()
    assert at(page) == "action"
    expect(page.locator("#action")).to_be_visible()
    expect(page.locator("#dice")).to_be_hidden()
    resolve(page, "ok")
    assert at(page) == "result"
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator(".step-empty")).to_be_hidden()
    # Epic's formation tables are its steps' panels
    field(page, "system").select_option("epic")
    go(page, "target")
    expect(page.locator("#ep-target")).to_be_visible()
    expect(page.locator("#ep-attacker")).to_be_hidden()
    expect(page.locator("#target")).to_be_hidden()


def test_a_bad_field_on_a_hidden_step_is_shown_and_focused(phone: Page) -> None:
    page = phone
    bs = field(page, "attacker.characteristics.BS")
    bs.fill("140")
    go(page, "action")
    resolve(page, "invalid")
    assert at(page) == "attacker"
    expect(bs).to_be_visible()
    expect(bs).to_be_focused()
    expect(bs).to_have_attribute("aria-invalid", "true")
    expect(bs).to_have_value("140")  # what was typed stays
    expect(page.locator("#announcer")).to_have_text("Check the marked field: nothing was resolved.")
    bs.fill("45")
    # a target's field, from the Result step
    go(page, "target")
    tb = field(page, "target.toughness_bonus")
    tb.fill("three")
    go(page, "result")
    resolve(page, "invalid")
    assert at(page) == "target"
    expect(tb).to_be_focused()
    expect(tb).to_have_value("three")


def test_dice_by_hand_ask_on_their_step_and_the_result_takes_the_focus(phone: Page) -> None:
    page = phone
    go(page, "result")
    page.get_by_label("I rolled").check()
    go(page, "attacker")
    resolve(page, "needs")
    assert at(page) == "result"  # the die is asked for where the dice are
    box = page.locator("#dice-rows li.next input")
    expect(box).to_be_focused()
    expect(box).to_have_attribute("inputmode", "text")  # iOS's numeric pad has no space or comma
    expect(page.locator("#announcer")).to_contain_text("Waiting for die 1")
    box.fill("23")
    resolve(page, "needs", press=box)
    box = page.locator("#dice-rows li.next input")
    expect(box).to_be_focused()
    box.fill("4")
    resolve(page, "ok", press=box)
    assert at(page) == "result"
    # Enter in the last die's box resolved; the box is replaced, so the focus goes to the result
    expect(page.locator("#result")).to_be_focused()
    verdict = " ".join((page.locator("#result .headline .verdict").text_content() or "").split())
    assert verdict.startswith(("Hit", "Miss", "Jammed", "Evaded"))
    expect(page.locator("#announcer")).to_contain_text(verdict)


def test_touch_targets_are_at_least_44_px(phone: Page) -> None:
    page = phone
    # rows added from their templates count too
    go(page, "action")
    page.click("#add-modifier")
    field(page, "action.modifiers.0.label").fill("Fog")
    field(page, "action.modifiers.0.value").fill("-20")
    field(page, "system").select_option("dw")
    go(page, "target")
    page.click("#add-nearby")
    small: list[str] = []
    for system in SYSTEMS:
        field(page, "system").select_option(system)
        if system == "wh40krp":
            go(page, "target")
            page.click("#add-rp-other")
            go(page, "action")
            page.click("#add-rp-modifier")
            field(page, "rp:action.modifiers.0.label").fill("Smoke")
            field(page, "rp:action.modifiers.0.value").fill("-10")
        for step in STEPS:
            go(page, step)
            if step == "result":
                resolve(page, "ok")
                page.click("#odds-toggle")
                page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=30_000)
            boxes = page.locator(TARGETS).evaluate_all(
                "els => els.filter(el => el.getClientRects().length && !el.closest('.visually-hidden'))"
                ".map(el => { const r = el.getBoundingClientRect();"
                " return [el.outerHTML.slice(0, 90), Math.round(r.width), Math.round(r.height)]; })"
            )
            assert len(boxes) > 5, (system, step)
            small += [f"{system}/{step}: {w}x{h} {html}" for html, w, h in boxes if w < 44 or h < 44]
            if step == "result":
                page.click("#odds-toggle")
    assert small == []


def test_numbers_get_a_numeric_keyboard(phone: Page) -> None:
    page = phone
    # every unsigned number field, on the page or in a row template: digits (int) or decimals (float);
    # a signed one keeps the full keyboard (phone number pads have no minus sign)
    wrong = page.evaluate(
        """() => {
        const all = [...document.querySelectorAll('input[data-num]')];
        for (const t of document.querySelectorAll('template')) all.push(...t.content.querySelectorAll('input[data-num]'));
        const want = { int: 'numeric', float: 'decimal' };
        return all.filter(el => el.dataset.signed === undefined && el.inputMode !== want[el.dataset.num])
          .map(el => el.outerHTML);
        }"""
    )
    assert wrong == []
    count = page.evaluate("document.querySelectorAll('input[inputmode=numeric]').length")
    assert count > 30
    for name in ("attacker.characteristics.BS", "attacker.characteristics.WS", "target.toughness_bonus", "seed"):
        expect(field(page, name)).to_have_attribute("inputmode", "numeric")


def test_the_whole_flow_by_keyboard(phone: Page) -> None:
    page = phone
    focused = "document.activeElement"

    def tab_to(selector: str, key: str = "Tab", limit: int = 80) -> None:
        for _ in range(limit):
            page.keyboard.press(key)
            if page.evaluate(f"{focused}.matches({json.dumps(selector)})"):
                return
        raise AssertionError(f"{key} never reached {selector}")

    # from the top of the page, Tab to the step bar and open the Target step with Enter
    page.evaluate("document.activeElement.blur(); window.scrollTo(0, 0)")
    tab_to('.stepbar [data-go="target"]')
    page.keyboard.press("Enter")
    assert at(page) == "target"
    # Tab goes on into the Target step's fields: the name first
    tab_to("#target input, #target select")
    assert page.evaluate(f"{focused}.name") == "target.name"
    page.keyboard.press("Control+A")
    page.keyboard.type("Ork")
    expect(field(page, "target.name")).to_have_value("Ork")
    # back to the bar, the Action step with Space
    tab_to('.stepbar [data-go="action"]', key="Shift+Tab")
    page.keyboard.press(" ")
    assert at(page) == "action"
    tab_to('[name="action.distance"]')
    page.keyboard.press("Control+A")
    page.keyboard.type("30")
    # on to Resolve (past the Next button) and press it with Enter
    tab_to("#resolve")
    page.evaluate("delete document.documentElement.dataset.status")
    page.keyboard.press("Enter")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    assert at(page) == "result"
    expect(page.locator("#resolve")).to_be_focused()  # Resolve is still on screen: the focus stays there
    expect(page.locator("#result .headline")).to_contain_text("against Ork")
    # the result is announced: the live region holds its headline
    announcer = page.locator("#announcer")
    expect(announcer).to_have_attribute("role", "status")
    expect(announcer).to_contain_text("against Ork")
    outcome = page.locator('#result [data-k="outcome"]').inner_text()
    expect(announcer).to_contain_text(outcome, ignore_case=True)
    # Enter in a field resolves too; the field's step gives way to the result, which takes the focus
    go(page, "action")
    distance = field(page, "action.distance")
    distance.focus()
    page.evaluate("delete document.documentElement.dataset.status")
    page.keyboard.press("Enter")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    assert at(page) == "result"
    expect(page.locator("#result")).to_be_focused()


def test_a_fresh_page_has_no_extra_modifier_and_adds_one_from_the_template(phone: Page) -> None:
    page = phone
    go(page, "action")
    rows = page.locator("#modifier-rows li")
    expect(rows).to_have_count(0)
    resolve(page, "ok")
    expect(page.locator("#result table.modifiers")).not_to_contain_text("Fog")
    go(page, "action")
    page.click("#add-modifier")
    expect(rows).to_have_count(1)
    label, value = field(page, "action.modifiers.0.label"), field(page, "action.modifiers.0.value")
    expect(label).to_be_focused()
    expect(label).to_have_accessible_name("Label")
    expect(value).to_have_accessible_name("Value")
    label.fill("Darkness")
    value.fill("\u221230")
    resolve(page, "ok")
    expect(page.locator("#result table.modifiers")).to_contain_text("Darkness")
    expect(page.locator("#result table.modifiers")).to_contain_text("\u221230")
