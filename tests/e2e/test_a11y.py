"""Accessibility on the real page: axe-core (fetched for the tests only by tools/testing/fetch_axe.py,
never served with the page) finds no serious or critical violation in any step of any ruleset, on
a phone and on a wide screen, in the dark theme and the light one; and the themes follow the
system's setting, dark when it has none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Page, expect

from tools.testing.fetch_axe import AXE_JS, VERSION

pytestmark = pytest.mark.e2e

Scheme = Literal["dark", "light"]
STEPS = ["attacker", "target", "action", "result"]
SYSTEMS = ["dh2", "dh1", "dw", "wh40krp", "epic"]


@pytest.fixture(scope="session")
def axe_js() -> Path:
    if not AXE_JS.exists():
        pytest.fail(
            f"axe-core {VERSION} is not in .cache/axe/: run `python tools/testing/fetch_axe.py` (make e2e does)",
            pytrace=False,
        )
    return AXE_JS


def violations(page: Page, axe_js: Path, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, each as `rule-id (impact): elements`."""
    if not page.evaluate("typeof window.axe === 'object'"):
        # evaluated, not added as an inline <script>, which the page's Content-Security-Policy blocks
        page.evaluate(axe_js.read_text(encoding="utf-8") + "\n;undefined")
    found: list[dict[str, Any]] = page.evaluate(
        "axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v =>"
        " ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))})))"
    )
    return [
        f"{where}: {v['id']} ({v['impact']}): {', '.join(v['nodes'][:5])}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def go(page: Page, step: str) -> None:
    page.locator(f'.stepbar [data-go="{step}"]').click()
    assert page.evaluate("document.documentElement.dataset.at") == step


def resolve(page: Page, status: str) -> None:
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps(status)}")


def open_odds(page: Page) -> None:
    page.click("#odds-toggle")
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=30_000)


def luminance(rgb: list[float]) -> float:
    """The relative luminance (0 black to 1 white) of an sRGB colour."""
    lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def computed(page: Page, selector: str, prop: str) -> float:
    rgb: list[float] = page.evaluate(
        f"getComputedStyle(document.querySelector({json.dumps(selector)}))[{json.dumps(prop)}]"
        ".match(/[\\d.]+/g).slice(0, 3).map(Number)"
    )
    return luminance(rgb)


def test_dark_by_default_and_light_when_the_system_asks(ready_page: Page) -> None:
    page = ready_page
    schemes: tuple[tuple[Scheme, bool], ...] = (("dark", True), ("light", False))
    for scheme, dark in schemes:
        page.emulate_media(color_scheme=scheme)
        bg, text = computed(page, "body", "backgroundColor"), computed(page, "body", "color")
        assert (bg < 0.05 and text > 0.6) if dark else (bg > 0.8 and text < 0.05), (scheme, bg, text)
    # Browsers report light or dark (the media query has no "no preference" any more): the
    # stylesheet's own colours, outside any media query, are the dark ones; light is the exception.
    base = page.evaluate(
        """() => {
        const sheet = [...document.styleSheets].find(s => (s.href || '').endsWith('/static/app.css'));
        const root = [...sheet.cssRules].find(r => r.selectorText === ':root');
        return root.style.getPropertyValue('--bg').trim();
        }"""
    )
    assert luminance([int(base[i : i + 2], 16) for i in (1, 3, 5)]) < 0.05, base


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_no_serious_violation_in_any_step_on_a_phone(ready_page: Page, axe_js: Path, scheme: Scheme) -> None:
    page = ready_page
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    found: list[str] = []
    for system in SYSTEMS:
        page.locator('[name="system"]').select_option(system)
        for step in STEPS:
            go(page, step)
            found += violations(page, axe_js, f"{system}/{step}")
        resolve(page, "ok")
        open_odds(page)
        found += violations(page, axe_js, f"{system}/result with the odds")
        page.click("#odds-toggle")
        go(page, "attacker")
    assert found == []


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_no_serious_violation_with_rows_dice_errors_and_a_comparison(
    ready_page: Page, axe_js: Path, scheme: Scheme
) -> None:
    page = ready_page  # 1280 px: every panel at once
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    found = violations(page, axe_js, "fresh page")
    # rows added from their templates, a Deathwatch foe within 2 m, the ruleset's Horde switch
    page.locator('[name="system"]').select_option("dw")
    page.click("#add-modifier")
    page.click("#add-nearby")
    page.locator('[name="attacker.characteristics.BS"]').fill("140")
    resolve(page, "invalid")  # marked fields
    expect(page.locator(".field-error")).not_to_have_count(0)
    found += violations(page, axe_js, "marked fields")
    page.locator('[name="attacker.characteristics.BS"]').fill("45")
    page.locator('[name="action.modifiers.0.label"]').fill("Fog")
    page.locator('[name="action.modifiers.0.value"]').fill("-20")
    page.get_by_label("I rolled").check()
    resolve(page, "needs")  # a die's box
    found += violations(page, axe_js, "a die asked for")
    page.locator("#dice-rows li.next input").fill("23")
    page.get_by_label("Roll for me").check()
    resolve(page, "ok")
    open_odds(page)
    page.click("#odds-compare")
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=30_000)
    page.locator('[name="action.aim"]').select_option("full")
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=30_000)
    expect(page.locator('#odds [data-k="odds-side"]')).to_have_count(2)
    found += violations(page, axe_js, "a result and a comparison")
    for system in ("wh40krp", "epic"):
        page.locator('[name="system"]').select_option(system)
        if system == "wh40krp":
            page.click("#add-rp-other")
        resolve(page, "ok")
        found += violations(page, axe_js, f"{system} with its result")
    assert found == []
