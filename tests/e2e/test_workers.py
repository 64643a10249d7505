"""The rules engine's workers on the real page (static/engine.js): a fatal error in a worker is
reported truthfully and the worker restarted, so the next Resolve and Import work without a
reload; a long call shows Working… Cancel, and Cancel gives a fresh worker; the odds run in a
worker of their own, started when the Odds panel first opens, so a Resolve answers while they
compute, and Stop ends them."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .test_epic import epic
from .test_page import field, resolve

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
# The worker's test hook (static/auspex_web/worker.py): a real Pyodide fatal error, JSON nested
# deeper than the stack ("Maximum call stack size exceeded"), only with these words.
CRASH = "crash the rules engine"
ENGINES = 'const { engines } = await import("./static/engine.js");'
WEAPONS = "4x Missile launcher 45 AP3 AT2; 4x Heavy bolter 30 AP3; 4x Lascannon 45 AT4; 4x Autocannon 60 AP4"


# Where the target's Nobz and second Boyz stand: the Heavy bolters (30), Missile launchers (45) and
# Autocannons (60) reach three overlapping but unequal sets of infantry, so the allocation couples
# their counts of hits: over 50,000 counts, past rules.odds.epic_dp.OVERLAP_BUDGET, so the odds are
# walked, then estimated from seeded resolutions: a call that takes seconds, as these tests need.
# (Composing by count, rules.odds.epic_dp, made the same formation exact in tens of milliseconds with every unit in reach, and in a
# fraction of a second with two overlapping sets: whoever composes this case too must find another
# long call.)
OUT_OF_HEAVY_BOLTER_RANGE = 40  # the Nobz
OUT_OF_MISSILE_RANGE = 50  # the second Boyz


def big_epic() -> dict[str, Any]:
    """A deep Epic formation, 10 units x 4 weapons x 4 shots, against the example's warband with
    its Nobz beyond Heavy bolter range and its second Boyz beyond Missile launcher range: odds that
    take seconds in the page."""
    scenario = json.loads((ROOT / "examples" / "epic-tactical-shooting.json").read_text())
    scenario["attacker"]["units"] = [
        {"name": f"Tactical {i + 1}", "weapons": WEAPONS, "distance": 12} for i in range(10)
    ]
    scenario["target"]["units"][2]["distance"] = OUT_OF_HEAVY_BOLTER_RANGE
    scenario["target"]["units"][1]["distance"] = OUT_OF_MISSILE_RANGE
    del scenario["seed"]
    return scenario


def engine_state(page: Page) -> str | None:
    state: str | None = page.evaluate("document.documentElement.dataset.engine")
    return state


def test_a_fatal_error_in_the_worker_is_reported_and_the_engine_restarts(ready_page: Page) -> None:
    page = ready_page
    answer = json.loads(
        page.evaluate(f"async () => {{ {ENGINES} return engines.main.call('crash_for_tests', '{CRASH}'); }}")
    )
    assert answer["status"] == "error"
    assert "Maximum call stack size exceeded" in answer["message"] and "restarting" in answer["message"]
    status = page.locator("#engine-status")
    expect(status).to_contain_text("The rules engine stopped: Maximum call stack size exceeded")
    expect(page.locator("#resolve")).to_be_disabled()  # never "ready" while it is not
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    expect(status).to_contain_text("ready again")
    # the next Resolve and Import work, without a reload
    resolve(page, "ok")
    expect(page.locator("#result [data-k=outcome]")).to_be_visible()
    page.locator("#party summary").click()
    page.set_input_files(
        "#party-file", files=[{"name": "party.json", "mimeType": "application/json", "buffer": b'{"auspex_party": 1}'}]
    )
    expect(page.locator("#party-status")).not_to_have_text("")
    expect(page.locator("#party-status")).not_to_contain_text("Checking")
    expect(page.locator("#party-import-errors")).to_have_text("")


def test_a_long_call_can_be_cancelled_and_the_next_resolve_works(ready_page: Page) -> None:
    page = ready_page
    # a long call on the main worker: the big Epic formation's odds (the page sends odds elsewhere)
    page.evaluate(
        f"async (text) => {{ {ENGINES} window.longCall = engines.main.call('odds', text, ''); }}",
        json.dumps(big_epic()),
    )
    cancel = page.locator("#engine-cancel")
    expect(cancel).to_be_visible(timeout=15_000)
    expect(page.locator("#engine-status")).to_contain_text("Working")
    cancel.click()
    answer = json.loads(page.evaluate("window.longCall"))
    assert answer["status"] == "cancelled"
    expect(cancel).to_be_hidden()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    resolve(page, "ok")


def test_a_resolve_during_a_long_call_replaces_it_instead_of_waiting_behind_it(ready_page: Page) -> None:
    page = ready_page
    page.evaluate(
        f"async (text) => {{ {ENGINES} window.longCall = engines.main.call('odds', text, ''); }}",
        json.dumps(big_epic()),
    )
    expect(page.locator("#engine-cancel")).to_be_visible(timeout=15_000)  # the call is past the busy limit
    resolve(page, "ok")  # the default attack, without pressing Cancel first
    # had the Resolve waited behind it, the long call would have run to its end ("ok")
    assert json.loads(page.evaluate("window.longCall"))["status"] == "cancelled"
    expect(page.locator("#result [data-k=outcome]")).to_be_visible()


def test_odds_compute_in_their_own_worker_while_resolve_answers(ready_page: Page) -> None:
    page = ready_page
    workers = page.locator('script[type="py"][worker]')
    expect(workers).to_have_count(1)  # the odds worker waits for the Odds panel
    epic(page)
    for _ in range(6):
        page.click("#add-ep-attacker-unit")
    for i in range(10):
        field(page, f"ep:attacker.units.{i}.weapons").fill(WEAPONS)
    field(page, "ep:target.units.2.distance").fill(str(OUT_OF_HEAVY_BOLTER_RANGE))  # the Nobz: see big_epic
    field(page, "ep:target.units.1.distance").fill(str(OUT_OF_MISSILE_RANGE))  # the second Boyz
    page.click("#odds-toggle")
    expect(workers).to_have_count(2)
    working = page.locator("#odds-working")
    expect(working).to_contain_text("Working out the odds", timeout=120_000)  # started, computing
    # a Resolve answers within its usual time while the odds compute
    page.evaluate("delete document.documentElement.dataset.status")
    started = time.monotonic()
    page.click("#resolve")
    page.wait_for_function("document.documentElement.dataset.status === 'ok'", timeout=30_000)
    took = time.monotonic() - started
    assert page.evaluate("document.documentElement.dataset.odds") == "busy", "the odds finished first"
    assert took < 8, f"Resolve took {took:.1f} s while the odds computed"
    expect(page.locator("#result [data-k=outcome]")).to_be_visible()
    # new forms supersede the computation: its worker is ended and a fresh one computes
    odds_worker = page.locator('script[type="py"][worker][data-engine="odds engine"]')
    first_id = odds_worker.evaluate("s => s.xworker && s.id")
    field(page, "ep:target.shock").fill("1")
    page.wait_for_function(
        "id => { const s = document.querySelector('script[data-engine=\"odds engine\"]'); return s && s.id !== id; }",
        arg=first_id,
        timeout=30_000,
    )
    expect(working).to_be_visible()
    # Stop ends it
    page.click("#odds-stop")
    expect(working).to_be_hidden()
    expect(page.locator("#odds-status")).to_contain_text("Stopped")
    assert page.evaluate("document.documentElement.dataset.odds") == "cancelled"
    expect(workers).to_have_count(1)
    assert engine_state(page) == "ready"
