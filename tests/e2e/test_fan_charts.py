"""The fan ruleset's Damage Charts entered once and picked by number, on the real
page: a Chart 1 kept on the device (localStorage ``auspex:tables:v1``, the Critical tables panel's
storage) is read by a fan shot whose chart textarea is blank, and a damage roll off it says so
instead of reading the nearest row. Every figure is worked by hand from seed 000 in the comments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import wait_for_engine
from .test_encounter import add_both, by_hand, go, press, reads, ready
from .test_rulesets import field, k, type_dice
from .test_share import share
from .test_wh40krp import fill, wh40krp

pytestmark = pytest.mark.e2e

SAVED = {
    "auspex_critical": 1,
    "tables": [],
    "charts": [
        {"system": "wh40krp", "chart": 1, "die": 100, "rows": "01-30: Flesh wound\n31-70: Down"},
        {"system": "wh40krp", "chart": 2, "rows": "01-40: Crushed\n41-60: Dead"},
    ],
}


@pytest.fixture
def saved_page(context: BrowserContext, page: Page, base_url: str) -> Page:
    context.add_init_script(f"localStorage.setItem('auspex:tables:v1', {json.dumps(json.dumps(SAVED))})")
    page.goto(base_url)
    wait_for_engine(page)
    return page


def test_a_saved_chart_is_read_by_number_and_a_roll_off_it_says_so(saved_page: Page) -> None:
    page = saved_page
    wh40krp(page)
    # the weapon's chart number (blank: Chart 1 for a gun) names the saved chart it picks
    pick = page.locator('[data-chart-pick="rp:attacker.weapon.chart"]')
    expect(pick).to_have_text("Chart 1: 2 rows saved (tables)")
    field(page, "rp:attacker.weapon.chart").fill("2")
    expect(pick).to_have_text("Chart 2: 2 rows saved (tables)")
    field(page, "rp:attacker.weapon.chart").fill("4")
    expect(pick).to_have_text("no chart 4 saved: enter it")
    expect(pick.locator('a[href="#critical-tables"]')).to_have_text("enter it")
    field(page, "rp:attacker.weapon.chart").fill("")
    expect(field(page, "rp:charts.0.rows")).to_have_value("")  # nothing typed: the saved chart is read
    # The round: Aim (+5), a single shot: BS 45 + 5 = 50%. 37 hits (reversed 73: Body); the Cultist
    # is unarmoured (the Body's armour set to none) and in the open: nothing to penetrate. Damage d100 25 on the saved Chart 1
    # (01-30: Flesh wound).
    fill(page, {"rp:attacker.BS": "45", "rp:action.distance": "30"})
    field(page, "rp:target.armour.Body.type").select_option("none")
    field(page, "rp:action.actions.1.kind").select_option("single")
    type_dice(page, [37, 25])
    assert k(page, "chart-result") == ["Flesh wound (your chart)"]
    # The same shot, damage 86: the saved Chart 1 covers 01-70: not read as its last row
    page.click("#clear-dice")
    type_dice(page, [37, 86])
    assert k(page, "chart-result") == ["86 is not on your Chart 1: the GM reads it"]
    expect(page.locator("#result")).to_contain_text("86 is not on your Chart 1 (its rows cover 01-70): the GM reads it")
    # the saved charts are the device's: a share link carries none of them
    link = share(page).split("#r=", 1)[1]
    shared = page.evaluate("(t) => import('./static/share.js').then((m) => m.decodeLink(t))", link)
    assert "charts" not in shared["scenario"]


def test_a_chart_typed_in_the_forms_wins_for_its_number(saved_page: Page) -> None:
    page = saved_page
    wh40krp(page)
    field(page, "rp:charts.0.rows").fill("01-100: Typed in")
    expect(page.locator('[data-chart-pick="rp:attacker.chart"]')).to_have_text(
        "Chart 1: the chart typed below (tables)"
    )
    fill(page, {"rp:attacker.BS": "45", "rp:action.distance": "30"})
    field(page, "rp:target.armour.Body.type").select_option("none")
    field(page, "rp:action.actions.1.kind").select_option("single")
    type_dice(page, [37, 86])
    assert k(page, "chart-result") == ["Typed in (your chart)"]


def test_the_chart_notes_at_390_px(saved_page: Page, tmp_path: Path) -> None:
    page = saved_page
    page.set_viewport_size({"width": 390, "height": 844})
    wh40krp(page)
    field(page, "rp:attacker.weapon.chart").fill("3")
    pick = page.locator('[data-chart-pick="rp:attacker.weapon.chart"]')
    expect(pick).to_have_text("no chart 3 saved: enter it")
    box = pick.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    pick.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "fan-charts-390.png"))  # looked at: the note wraps under its field


def add_rp(page: Page, name: str, initiative: str, chart: str = "") -> None:
    """A fan ruleset combatant from the forms: unarmoured (the Body's armour set to none), its
    weapon's hits on Damage Chart ``chart`` (blank: Chart 1)."""
    go(page, "attacker")
    field(page, "rp:attacker.name").fill(name)
    field(page, "rp:attacker.I").fill(initiative)
    field(page, "rp:attacker.weapon.chart").fill(chart)
    go(page, "target")
    field(page, "rp:target.name").fill(name)
    field(page, "rp:target.armour.Body.type").select_option("none")
    add_both(page, name)


def test_an_encounter_attack_reads_the_saved_chart_and_says_when_a_roll_is_off_it(saved_page: Page) -> None:
    page = ready(saved_page)
    wh40krp(page)
    fill(page, {"rp:attacker.BS": "45", "rp:action.distance": "30"})
    field(page, "rp:action.actions.1.kind").select_option("single")
    add_rp(page, "Kell", "40", chart="2")  # Kell's gun rolls on Chart 2 (the forms follow him on his turn)
    add_rp(page, "Cultist", "20")
    press(page, "#tk-start")  # seed 000: by Initiative, no dice: Kell (I 40) first
    # Kell: Aim (+5), a single shot, BS 45 + 5 = 50%: 37 hits (reversed 73: Body, unarmoured);
    # damage d100 86 on the saved Chart 2 (01-60): off the chart, the GM reads it
    by_hand(page, [37, 86])
    assert reads(page, "Cultist", "harm") == "Injuries: Chart 2 at 86: not on your chart (01-60), the GM reads it"
    stored = page.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.wh40krp.events.at(-1)")
    assert sorted(c["chart"] for c in stored["charts"]) == [1, 2]  # the saved charts: the event replays alone
