"""The Odds panel's exchange and sweep on a phone (390x844): in a three-combatant DH2 fight, "This
round against Heretic" lists the attacks still to come (the engine's default: Guardsman Vael's
Semi-Auto Burst and Sergeant Rusk's Standard Attack, their last actions), and its figures, after
one attack is edited and another removed, are those of rules.odds.exchange for the same attacks;
the sweep of the forms' attack is a table read by its caption, headers and cells, with the numbers
of rules.odds.sweep, scrolling in its own box, never the page sideways."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from rules.odds.exchange import run_exchange
from rules.odds.sweep import run_sweep
from tests.e2e.test_a11y import axe_js, violations
from tests.e2e.test_encounter import KEY, PHONE, go, ready

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

AUTOGUN = {
    "name": "Autogun",
    "class": "Basic",
    "range": 90,
    "rof": "S/3/10",
    "damage": "1d10+3",
    "clip": 30,
    "reload": "Full",
}
SEMI = {"type": "Semi-Auto Burst", "distance": 20}
STANDARD = {"type": "Standard Attack", "distance": 20}


def guard(cid: str, name: str, bs: int) -> dict[str, Any]:
    return {
        "type": "add",
        "combatant": {
            "id": cid,
            "name": name,
            "side": "party",
            "attacker": {"name": name, "characteristics": {"WS": 30, "BS": bs, "Ag": 35}, "weapon": AUTOGUN},
            "target": {"name": name, "wounds": 12},
        },
    }


# Round 1 played with misses (no jam: 90 and 91 are under the Autogun's jam of 94+ for a burst and
# 96+ for a single shot); round 2 starts with Vael's turn, the Heretic acting last.
FIGHT: dict[str, Any] = {
    "auspex_encounter": 1,
    "system": "dh2",
    "events": [
        guard("vael", "Guardsman Vael", 40),
        guard("rusk", "Sergeant Rusk", 45),
        {
            "type": "add",
            "combatant": {
                "id": "heretic",
                "name": "Heretic",
                "attacker": {
                    "name": "Heretic",
                    "characteristics": {"WS": 35, "BS": 30, "Ag": 30},
                    "weapon": {"name": "Knife", "class": "Melee", "damage": "1d5"},
                },
                "target": {
                    "name": "Heretic",
                    "wounds": 12,
                    "damage_taken": 6,
                    "toughness_bonus": 3,
                    "evasion": {"reaction": "Dodge", "skill": 30},
                },
            },
        },
        {"type": "initiative", "dice": [10, 9, 1]},
        {"type": "attack", "who": "vael", "at": "heretic", "action": SEMI, "dice": [90]},
        {"type": "end_turn", "who": "vael"},
        {"type": "attack", "who": "rusk", "at": "heretic", "action": STANDARD, "dice": [91]},
        {"type": "end_turn", "who": "rusk"},
        {"type": "attack", "who": "heretic", "at": "vael", "action": {"type": "Standard Attack"}, "dice": [97]},
        {"type": "end_turn", "who": "heretic"},
    ],
}


def cli(attacks: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The CLI's answer (``python -m rules odds --exchange``) for the same fight and attacks."""
    data: dict[str, Any] = {"encounter": FIGHT, "target": "heretic"}
    if attacks is not None:
        data["attacks"] = attacks
    out = run_exchange(data)
    assert out["status"] == "ok", out
    return dict(out["exchange"])


def pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def shown(page: Page) -> tuple[list[tuple[str, str, str]], str]:
    """Each attack line as read (who, action chosen, down after it as written, with its exact
    fraction) and the chance to act."""
    lines = page.locator("#odds-x-body [data-k='x-step']")
    out = []
    for i in range(lines.count()):
        line = lines.nth(i)
        down = line.locator("[data-k='x-down']")
        out.append(
            (
                line.locator("[data-k='x-who']").inner_text(),
                line.locator("select").input_value(),
                f"{down.inner_text()} {down.get_attribute('title')}",
            )
        )
    act = page.locator("#odds-x-body [data-k='x-act']")
    return out, f"{act.inner_text()} {act.get_attribute('title')}"


def expected(report: dict[str, Any]) -> tuple[list[tuple[str, str, str]], str]:
    steps = [(s["name"], s["action"], f"{pct(s['down']['p'])} exactly {s['down']['exact']}") for s in report["steps"]]
    return steps, f"{pct(report['act']['p'])} exactly {report['act']['exact']}"


def answered(page: Page) -> None:
    page.wait_for_function("['ok', 'invalid', 'error'].includes(document.getElementById('odds-x').dataset.state)")
    assert page.get_attribute("#odds-x", "data-state") == "ok", page.inner_text("#odds-x-status")


def again(page: Page, act: Any) -> None:
    page.evaluate("delete document.getElementById('odds-x').dataset.state")
    act()
    answered(page)


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


__all__ = ["axe_js"]  # the fixture, used by the test below


def test_this_round_against_the_heretic_and_the_sweep_on_a_phone(page: Page, base_url: str, axe_js: Path) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url)
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps({'v': 1, 'files': {'dh2': FIGHT}}))})")
    page.reload()
    ready(page)
    go(page, "action")
    page.select_option("#tk-at", "heretic")
    go(page, "result")
    page.get_by_role("tab", name="Odds").click()
    expect(page.locator("#odds")).to_be_visible()

    # the engine's default list: Vael and Rusk with their last actions, before the Heretic's turn
    button = page.get_by_role("button", name="This round against Heretic")
    again(page, button.click)
    expect(page.locator("#odds-x h3")).to_have_text("This round against Heretic")
    assert shown(page) == expected(cli(None))
    assert page.get_attribute("#odds-x [data-k='x-how']", "data-exact") == "true"
    no_sideways_scroll(page)

    # Vael's attack edited to a Full Auto Burst: the CLI's figures for the same two attacks
    full = {**SEMI, "type": "Full Auto Burst"}
    again(page, lambda: page.get_by_label("Action of attack 1 (Guardsman Vael)").select_option("Full Auto Burst"))
    edited = cli([{"who": "vael", "action": full}, {"who": "rusk", "action": STANDARD}])
    assert shown(page) == expected(edited)
    assert edited["steps"][0]["action"] == "Full Auto Burst"

    # Rusk's attack removed: Vael's Full Auto Burst alone
    again(page, page.get_by_role("button", name="Remove attack 2 (Sergeant Rusk)").click)
    assert shown(page) == expected(cli([{"who": "vael", "action": full}]))
    chart = page.locator("#odds-x-body [data-k='odds-chart']")
    expect(chart).to_be_visible()
    page.locator("#odds-x").screenshot(path=str(ARTIFACTS / "odds-exchange-390x844.png"))

    # the sweep of the forms' attack, read as a screen reader reads a table
    page.evaluate("delete document.getElementById('odds-sweep').dataset.state")
    page.get_by_role("button", name="Sweep", exact=True).click()
    page.wait_for_function(
        "['ok', 'invalid', 'error', 'cancelled'].includes(document.getElementById('odds-sweep').dataset.state)",
        timeout=60_000,
    )
    assert page.get_attribute("#odds-sweep", "data-state") == "ok", page.inner_text("#odds-sweep-status")
    request = page.evaluate("document.getElementById('odds-sweep').lastRequest")
    swept = run_sweep(json.loads(request))
    assert swept["status"] == "ok"
    sweep = swept["sweep"]
    table = page.get_by_role("table", name=re.compile("chance to kill"))
    expect(table).to_be_visible()
    columns = table.get_by_role("columnheader").all_inner_texts()
    assert columns == [sweep["columns_label"], *map(str, sweep["columns"])]
    assert table.get_by_role("rowheader").all_inner_texts() == [r["label"] for r in sweep["rows"]]
    cells = [" ".join(t.split()) for t in table.get_by_role("cell").all_inner_texts()]
    assert cells == [f"{pct(c['kill']['p'])} {c['wounds']:.1f}" for r in sweep["rows"] for c in r["cells"]]
    snapshot = table.aria_snapshot()
    assert "chance to kill" in snapshot and "TB 2" in snapshot
    # the table scrolls in its own box, never the page sideways
    no_sideways_scroll(page)
    box = page.locator("#odds-sweep .sw-box")
    assert box.evaluate("b => b.clientWidth") <= PHONE["width"]
    expect(page.locator("#odds-sweep [data-k='sw-inverse']")).to_contain_text("For an even chance to kill this target")
    page.locator("#odds-sweep").screenshot(path=str(ARTIFACTS / "odds-sweep-390x844.png"))
    # no serious or critical axe violation with the exchange and the sweep on screen
    assert violations(page, axe_js, "odds exchange and sweep") == []
