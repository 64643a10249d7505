"""The Odds panel on the real page: the odds of the attack on the forms, worked out by the engine in
the page's worker, checked against rules.odds.run_odds on CPython for the very scenario the page
sent; Compare (A kept, B following the forms, on one scale); invalid forms; a phone's width."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from auspex_web.render_odds import number, percent
from playwright.sync_api import Locator, Page, expect

from rules.odds import run_odds

pytestmark = pytest.mark.e2e

STALE = re.compile(r"\bstale\b")


def field(page: Page, name: str) -> Locator:
    return page.locator(f'[name="{name}"]')


def wait_odds(page: Page, status: str = "ok") -> None:
    """Wait for the panel's answer: a change to the forms marks it busy at once (then, 400 ms on,
    it asks the engine)."""
    page.wait_for_function(f"document.documentElement.dataset.odds === {json.dumps(status)}", timeout=30_000)


def open_odds(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.click("#odds-toggle")
    expect(page.locator("#odds-toggle")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#odds")).to_be_visible()
    wait_odds(page)


def sent(page: Page) -> dict[str, Any]:
    """The scenario the page asked the odds of (kept on the panel with what it shows)."""
    request: dict[str, Any] = json.loads(page.evaluate("document.getElementById('odds').lastRequest"))
    return request


def engine_odds(scenario: dict[str, Any]) -> dict[str, Any]:
    envelope = run_odds(scenario)
    assert envelope["status"] == "ok", envelope
    odds: dict[str, Any] = envelope["odds"]
    return odds


def texts(scope: Locator, key: str) -> list[str]:
    return scope.locator(f'[data-k="{key}"]').all_text_contents()


def assert_shows(side: Locator, odds: dict[str, Any]) -> None:
    """The side's headline figures and chart are the engine's, as render_odds writes them."""
    for figure in odds["headline"]:
        shown = side.locator(f'[data-k="odds-{figure["key"]}"]')
        if figure["chance"] is not None:
            expect(shown).to_have_text(percent(figure["chance"]["p"]))
            expect(shown).to_have_attribute("title", f"exactly {figure['chance']['exact']}")
        else:
            expect(shown).to_have_text(number(figure["value"]))
    bars = [b for b in odds["chart"]["bars"] if b["p"]["p"] > 0.0005]  # 0.05% or less not listed
    assert texts(side, "odds-bar-p")[: len(bars)] == [percent(b["p"]["p"]) for b in bars]
    assert texts(side, "odds-bar-at-least")[: len(bars)] == [
        f"at least {b['value']}: {percent(b['at_least']['p'])}" for b in bars
    ]
    assert texts(side, "odds-bar-label")[: len(bars)] == [b["label"] for b in bars]


def bar_widths(chart: Locator) -> list[float]:
    """Each bar's drawn width as a share of its track."""
    widths: list[float] = chart.locator(".odds-bar").evaluate_all(
        "bars => bars.map(b => b.querySelector('.fill').getBoundingClientRect().width"
        " / b.querySelector('.track').getBoundingClientRect().width)"
    )
    return widths


def test_the_odds_of_the_default_attack_are_the_engines(ready_page: Page) -> None:
    page = ready_page
    expect(page.locator("#odds")).to_be_hidden()
    open_odds(page)
    scenario = sent(page)
    assert "dice" not in scenario and "seed" not in scenario  # the odds are over every die
    odds = engine_odds(scenario)
    panel = page.locator("#odds")
    # The forms' attack (a fresh page has no extra modifier): BS 45, +10 Standard Attack, +10 short
    # range (20 m of 100 m) = 65.
    expect(panel.locator('[data-k="odds-hit"]')).to_have_text("65.0%")
    expect(panel.locator('[data-k="odds-hit"]')).to_have_attribute("title", "exactly 13/20")
    expect(panel.locator('[data-k="odds-action"]')).to_have_text("Standard Attack with the Lasgun")
    assert_shows(panel, odds)
    chart = panel.locator('[data-k="odds-chart"]')
    expect(chart).to_be_visible()
    bars = odds["chart"]["bars"]
    expect(chart.locator('[data-k="odds-bar"]')).to_have_count(len(bars))
    # each bar as wide as its chance over the highest chance of the chart
    top = max(b["p"]["p"] for b in bars)
    assert bar_widths(chart) == pytest.approx([b["p"]["p"] / top for b in bars], abs=0.01)
    # the tables and notes come with it
    expect(panel.locator('[data-k="odds-locations"] tbody tr')).to_have_count(len(odds["locations"]))
    expect(panel.locator('[data-k="odds-notes"]')).to_contain_text(odds["notes"][0])
    # closing it stops it; opening it again works the odds out again
    page.click("#odds-toggle")
    expect(panel).to_be_hidden()
    page.click("#odds-toggle")
    wait_odds(page)
    expect(panel.locator('[data-k="odds-hit"]')).to_have_text("65.0%")


def test_compare_keeps_a_and_shows_the_changed_forms_as_b_on_one_scale(ready_page: Page) -> None:
    page = ready_page
    open_odds(page)
    a_odds = engine_odds(sent(page))
    page.click("#odds-compare")
    wait_odds(page)
    expect(page.locator("#odds-clear")).to_be_visible()
    # B follows the forms: a full aim (+20) and a Semi-Auto Burst (+0) instead of a Standard Attack (+10)
    field(page, "action.type").select_option("Semi-Auto Burst")
    wait_odds(page)
    field(page, "action.aim").select_option("full")
    wait_odds(page)
    b_odds = engine_odds(sent(page))

    panel = page.locator("#odds")
    sides = panel.locator('[data-k="odds-side"]')
    expect(sides).to_have_count(2)
    expect(panel.locator('[data-k="odds-action"]')).to_have_text(
        ["A: Standard Attack with the Lasgun", "B: Semi-Auto Burst with the Lasgun"]
    )
    a, b = sides.nth(0), sides.nth(1)
    assert_shows(a, a_odds)
    assert_shows(b, b_odds)
    # BS 45 +0 Semi-Auto Burst +10 short range +20 full aim = 75
    expect(b.locator('[data-k="odds-hit"]')).to_have_text("75.0%")
    assert b_odds["headline"][0]["chance"]["exact"] != a_odds["headline"][0]["chance"]["exact"]

    # side by side, the charts level with each other
    charts = panel.locator('[data-k="odds-chart"]')
    expect(charts).to_have_count(2)
    box_a, box_b = charts.nth(0).bounding_box(), charts.nth(1).bounding_box()
    assert box_a is not None and box_b is not None
    assert box_a["x"] + box_a["width"] <= box_b["x"]
    assert abs(box_a["y"] - box_b["y"]) < 2
    # one scale: the same highest chance and the same values on both
    top = max(x["p"]["p"] for x in a_odds["chart"]["bars"] + b_odds["chart"]["bars"])
    assert [charts.nth(i).get_attribute("data-scale") for i in (0, 1)] == [repr(top)] * 2
    assert texts(a, "odds-bar-label") == texts(b, "odds-bar-label")
    a_widths, b_widths = bar_widths(charts.nth(0)), bar_widths(charts.nth(1))
    # the values listed: where A or B is above 0.05%
    values = sorted({x["value"] for x in a_odds["chart"]["bars"] + b_odds["chart"]["bars"] if x["p"]["p"] > 0.0005})
    for odds, widths in ((a_odds, a_widths), (b_odds, b_widths)):
        by_value = {x["value"]: x["p"]["p"] for x in odds["chart"]["bars"]}
        assert widths == pytest.approx([by_value.get(v, 0) / top for v in values], abs=0.01)
    # B's figures say how far they are from A's
    expect(b.locator('[data-k="odds-delta"]').first).to_contain_text("vs A")

    page.click("#odds-clear")
    wait_odds(page)
    expect(panel.locator('[data-k="odds-chart"]')).to_have_count(1)
    expect(panel.locator('[data-k="odds-action"]')).to_have_text("Semi-Auto Burst with the Lasgun")
    expect(page.locator("#odds-clear")).to_be_hidden()


def test_invalid_forms_are_marked_and_the_last_odds_stay_marked_stale(ready_page: Page) -> None:
    page = ready_page
    open_odds(page)
    panel = page.locator("#odds")
    expect(panel).not_to_have_class(STALE)
    bs = field(page, "attacker.characteristics.BS")
    bs.fill("140")
    wait_odds(page, "invalid")
    # marked as Resolve marks it, but the focus stays where the player is typing
    expect(bs).to_have_attribute("aria-invalid", "true")
    expect(page.locator(f"#{bs.get_attribute('aria-describedby')}")).to_contain_text(
        "a whole number from 0 to 100", ignore_case=True
    )
    distance = field(page, "action.distance")
    distance.fill("30")
    wait_odds(page, "invalid")
    expect(distance).to_be_focused()
    # the last good odds stay, marked stale
    expect(panel).to_have_class(STALE)
    expect(panel.locator('[data-k="odds-hit"]')).to_have_text("65.0%")
    expect(page.locator("#odds-status")).to_contain_text("Check the marked fields")
    expect(page.locator("#result")).to_be_empty()  # nothing was resolved, and nothing says so
    # fixed: the marks go, the odds follow (BS 55 at 30 m of 100 m, short range still: 55 +10 +10 = 75)
    bs.fill("55")
    wait_odds(page)
    expect(page.locator("[aria-invalid]")).to_have_count(0)
    expect(panel).not_to_have_class(STALE)
    expect(panel.locator('[data-k="odds-hit"]')).to_have_text(
        percent(engine_odds(sent(page))["headline"][0]["chance"]["p"])
    )
    expect(panel.locator('[data-k="odds-hit"]')).to_have_text("75.0%")


def test_epic_odds_follow_the_ruleset_switch(ready_page: Page) -> None:
    page = ready_page
    open_odds(page)
    field(page, "system").select_option("epic")
    wait_odds(page)
    scenario = sent(page)
    assert scenario["system"] == "epic"
    assert_shows(page.locator("#odds"), engine_odds(scenario))
    expect(page.locator('#odds [data-k="odds-measure"]')).to_have_text("Units destroyed")


def test_on_a_phone_the_panel_sits_on_the_odds_tab_and_nothing_scrolls_sideways(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.click("#resolve")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")
    open_odds(page)
    # the Result step's Odds tab: the odds in the result's place, under the tabs
    expect(page.locator("#tab-odds")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#result")).to_be_hidden()
    tabs, panel = page.locator("#phone-tabs").bounding_box(), page.locator("#odds").bounding_box()
    assert tabs is not None and panel is not None
    assert panel["y"] >= tabs["y"] + tabs["height"]
    page.click("#odds-compare")
    wait_odds(page)
    page.click('.stepbar [data-go="action"]')  # on a phone the aim is on the Action step; the panel stays open
    field(page, "action.aim").select_option("half")
    wait_odds(page)
    expect(page.locator('#odds [data-k="odds-chart"]')).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # every control of the panel is at least 44 px each way
    for selector in ("#odds-toggle", "#odds-compare", "#odds-clear", "#odds summary"):
        for box in [el.bounding_box() for el in page.locator(selector).all()]:
            assert box is not None and box["height"] >= 44 and box["width"] >= 44, (selector, box)


def test_the_critical_effects_rows_are_the_engines(ready_page: Page) -> None:
    # a target 8 of 10 wounds down; the panel lists the row of critical damage the attack
    # leaves it on and DH2's Righteous Fury rows, as the engine gives them (rows above 0.05%)
    page = ready_page
    page.fill('input[name="target.damage_taken"]', "8")
    open_odds(page)
    odds = engine_odds(sent(page))
    crit = odds["critical"]
    section = page.locator('#odds [data-k="odds-crit-rows"]')
    expect(section).to_be_visible()
    section.locator("summary").click()
    want = [str(r["row"]) for r in crit["rows"] if r["p"]["p"] > 0.0005]
    assert want and section.locator('[data-k="crit-row"]').evaluate_all("els => els.map(e => e.dataset.row)") == want
    expect(section.locator('[data-k="fury-row"]')).to_have_count(5)
