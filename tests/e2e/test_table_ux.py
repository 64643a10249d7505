"""At the table (layout): Resolve and Odds in reach on every step of a phone, the result beside
the forms on a wide screen, a Resolve tapped while the engine starts run once when it is ready, the
Result step's height for a 3-hit burst (the issue's Measure), and the view kept over a reload: the
last result, the step, Compare's A and the open panels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, ViewportSize, expect

from tests.e2e.conftest import RequestLog, wait_for_engine

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PHONE: ViewportSize = {"width": 390, "height": 844}
STEPS = ["attacker", "target", "action", "result"]
VIEW_KEY = "auspex:view:v1"


def field(page: Page, name: str) -> Locator:
    return page.locator(f'[name="{name}"]')


def step(page: Page, name: str) -> None:
    """A phone's step (on a wide screen every step shows: nothing to do)."""
    if page.viewport_size and page.viewport_size["width"] < 760:
        page.click(f'.stepbar [data-go="{name}"]')


def resolve(page: Page) -> None:
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")


def burst(page: Page) -> None:
    """The default DH2 forms (Guardsman, Lasgun, BS 45, against a Cultist) on a Semi-Auto Burst with
    seed 1: rolled 18 against 55, 5 DoS, 3 hits (10, 5 and 5 on the damage dice)."""
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    step(page, "action")
    field(page, "action.type").select_option("Semi-Auto Burst")
    step(page, "result")
    field(page, "seed").fill("1")
    resolve(page)
    expect(page.locator("#result .hit")).to_have_count(3)


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not on the page"
    return dict(found)


# ---------------------------------------------------------------- the Measure


def test_a_three_hit_burst_reads_in_one_screen_at_390(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size(PHONE)
    burst(page)
    page.locator("#result .headline").scroll_into_view_if_needed()
    page.evaluate("document.querySelector('#result .headline').scrollIntoView({ block: 'start' })")
    figures = page.evaluate(
        """() => {
          const top = document.querySelector('#result .headline').getBoundingClientRect().top;
          const wounds = [...document.querySelectorAll('#result .hit [data-k=wounds]')]
            .map((el) => el.closest('td').getBoundingClientRect().bottom);
          const bar = document.getElementById('actions').getBoundingClientRect();
          return { top, wounds, bar: bar.height, screen: innerHeight,
                   result: document.getElementById('result').getBoundingClientRect().height };
        }"""
    )
    height = max(figures["wounds"]) - figures["top"]
    room = figures["screen"] - figures["bar"]
    print(
        f"\nissue 24 Measure, 390x844, DH2 Semi-Auto Burst (seed 1, 3 hits): headline to the last hit's wounds "
        f"{height:.0f} px, screen above the bar {room:.0f} px (bar {figures['bar']:.0f} px); "
        f"whole result {figures['result']:.0f} px"
    )
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "result-3-hits-390x844.png"))
    assert len(figures["wounds"]) == 3
    assert height <= room, (
        f"the headline and every hit's wounds take {height:.0f} px, more than the {room:.0f} px above the bar"
    )


# ---------------------------------------------------------------- Resolve and Odds in reach


def test_resolve_and_odds_are_on_screen_on_every_step_of_a_phone(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size(PHONE)
    for name in STEPS:
        step(page, name)
        page.evaluate("window.scrollTo(0, 0)")
        for selector in ("#resolve", "#odds-toggle"):
            found = box(page, selector)
            assert found["y"] >= 0 and found["y"] + found["height"] <= PHONE["height"], (name, selector, found)
        # scrolled to the end, the step's last control is above the bar, not behind it
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        bar = box(page, "#actions")
        last = box(page, "footer.bottom")
        assert last["y"] + last["height"] <= bar["y"] + 1, (name, last, bar)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.parametrize("width", [1024, 1280])
def test_on_a_wide_screen_the_result_stays_beside_the_forms(ready_page: Page, width: int) -> None:
    page = ready_page
    page.set_viewport_size({"width": width, "height": 800})
    burst(page)
    forms, result = box(page, "#scenario"), box(page, "#result")
    assert result["x"] >= forms["x"] + forms["width"], (forms, result)
    # the Action form's last field in view: the result's headline and Resolve still on screen
    page.locator("#circumstances").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 300)")
    headline, button = box(page, "#result .headline"), box(page, "#resolve")
    assert 0 <= headline["y"] < 800 and button["y"] >= 0 and button["y"] + button["height"] <= 800, (headline, button)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"beside-{width}.png"))


def test_the_circumstance_checkboxes_sit_beside_their_labels(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    for width in (360, 390, 760, 1024, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        step(page, "action")
        for label in page.locator("#circumstances label.check").all():
            check, whole = label.locator("input").bounding_box(), label.bounding_box()
            assert check is not None and whole is not None
            # the box on the label's first line, at its left, the words right of it
            assert check["y"] - whole["y"] < 12 and check["x"] - whole["x"] < 8, (
                width,
                label.inner_text(),
                check,
                whole,
            )


# ---------------------------------------------------------------- Resolve tapped while the engine starts


def test_a_resolve_tapped_while_the_engine_starts_runs_once_when_ready(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    held: list[Route] = []
    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # hold Pyodide back
    page.set_viewport_size(PHONE)
    page.goto(base_url, wait_until="domcontentloaded")
    status, queued = page.locator("#engine-status"), page.locator("#resolve-queued")
    expect(status).to_contain_text("Starting the rules engine")
    assert box(page, "#engine-status")["y"] < PHONE["height"]  # on the first screen
    page.click("#resolve")
    expect(queued).to_have_text("Resolve: runs when the engine is ready (tap again to cancel).")
    page.click("#resolve")  # a second tap takes it back
    expect(queued).to_be_hidden()
    page.click("#resolve")
    expect(queued).to_be_visible()
    field(page, "attacker.name").fill("Later")  # the forms as they are when the engine is ready
    while not held:
        page.wait_for_timeout(50)
    held[0].continue_()
    wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    expect(page.locator("#result .headline")).to_contain_text("Later")
    expect(queued).to_be_hidden()
    page.wait_for_timeout(500)
    assert page.evaluate("performance.getEntriesByName('auspex:result').length") == 1


# ---------------------------------------------------------------- the view kept over a reload


def test_the_result_step_and_open_panels_come_back_after_a_reload(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size(PHONE)
    burst(page)
    headline = page.locator("#result .headline").inner_text()
    page.locator("#result details.steps > summary").click()  # the step log, as the player left it
    was_open = page.locator("#result details.steps").evaluate("(d) => d.open")
    page.locator("#critical-tables > summary").click()
    step(page, "target")
    page.reload()
    wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    assert page.evaluate("document.documentElement.dataset.at") == "target"
    expect(page.locator("#critical-tables")).to_have_attribute("open", "")
    expect(page.locator("#party")).not_to_have_attribute("open", "")
    step(page, "result")
    assert page.locator("#result .headline").inner_text() == headline  # rolled again from its seed: the same
    assert page.locator("#result details.steps").evaluate("(d) => d.open") == was_open
    expect(page.locator("#result .hit")).to_have_count(3)
    # no field marked, nothing applied: the forms are as they were
    expect(page.locator('#scenario [aria-invalid="true"]')).to_have_count(0)


def test_compare_a_and_the_odds_panel_come_back_after_a_reload(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.click("#odds-toggle")
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=60_000)
    page.evaluate("delete document.documentElement.dataset.odds")
    page.click("#odds-compare")
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=60_000)
    field(page, "attacker.characteristics.BS").fill("60")
    page.wait_for_function("document.querySelectorAll('#odds [data-k=\"odds-chart\"]').length === 2", timeout=60_000)
    a_figure = page.locator("#odds .odds-side").first.locator('[data-key="hit"] .figure-value').inner_text()
    page.reload()
    wait_for_engine(page)
    expect(page.locator("#odds-toggle")).to_have_attribute("aria-expanded", "true")
    page.wait_for_function("document.querySelectorAll('#odds [data-k=\"odds-chart\"]').length === 2", timeout=60_000)
    expect(page.locator("#odds-clear")).to_be_visible()
    assert page.locator("#odds .odds-side").first.locator('[data-key="hit"] .figure-value').inner_text() == a_figure


def test_a_kept_result_this_build_cannot_read_is_dropped_with_a_note(
    browser: Browser, request_log: RequestLog, base_url: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.on("request", request_log.on_request)
    old = {"at": "result", "last": {"scenario": {"version": 1, "system": "dh2", "attacker": {"weapon": "a lasgun"}}}}
    context.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(VIEW_KEY)}, {json.dumps(json.dumps(old))}); }}"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(base_url)
        wait_for_engine(page)
        note = page.locator('#result [data-k="restored-note"]')
        expect(note).to_contain_text("could not be shown again")
        expect(page.locator('#scenario [aria-invalid="true"]')).to_have_count(0)  # the forms are not blamed
        kept = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(VIEW_KEY)})"))
        assert "last" not in kept
        page.reload()
        wait_for_engine(page)
        expect(page.locator("#result")).to_be_empty()
        assert errors == []
    finally:
        context.close()
