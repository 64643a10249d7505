"""tools/measure/bench.py's pure parts: the cost curve's rows and fixtures, each row's budget,
the budgets printed MET/MISS, the table, the start's breakdown, p95 and the short run's options.
Nothing here is timed: the figures are made up, the verdicts on them are what is checked."""

from __future__ import annotations

import json
import re
from typing import Any

from tools.measure import bench


def call(median: float, first: float, status: str = "ok", exact: bool | None = True) -> dict[str, Any]:
    return {"first": first, "median": median, "calls": 4, "status": status, "exact": exact, "message": ""}


def row(name: str = "d100-rof-10", odds: dict[str, Any] | None = None, resolve: dict[str, Any] | None = None) -> Any:
    spec = next(r for r in bench.CURVE if r.name == name)
    entry: dict[str, Any] = {
        "row": spec.name,
        "what": spec.what,
        "odds_budget_ms": spec.odds_ms,
        "first_budget_ms": spec.first_ms,
        "resolve_budget_ms": spec.resolve_ms,
        "odds": odds if odds is not None else call(40, 140),
        "resolve": resolve if resolve is not None else call(5, 9),
    }
    entry["met"] = bench.row_met(entry)
    return entry


def test_p95_is_the_value_at_the_95th_percentile_of_the_sorted_times() -> None:
    assert bench.p95(list(range(1, 101))) == 95
    assert bench.p95([30.0, 10.0, 20.0]) == 30.0
    assert bench.p95([7.0]) == 7.0
    assert bench.p95([5.0] * 19 + [500.0]) == 5.0  # one slow tap in 20 is the 5% over p95
    assert bench.p95([5.0] * 18 + [500.0] * 2) == 500.0


def test_the_curve_has_the_benchmark_s_rows_each_with_its_scenario_file() -> None:
    names = [r.name for r in bench.CURVE]
    assert names == [
        "d100-rof-01",
        "d100-rof-03",
        "d100-rof-05",
        "d100-rof-10",
        "d100-rof-20",
        "d100-rof-20-storm",
        "epic-01",
        "epic-05",
        "epic-10",
        "epic-20",
        "epic-50",
        "epic-10-ranges",
        "rp-auto-1",
        "rp-auto-2",
        "rp-auto-3",
        "rp-auto-4",
        "exchange-dh2-4",
        "exchange-volley-10",
        "sweep-full-auto",
    ]
    for name in names:
        data = json.loads((bench.CURVE_DIR / f"{name}.json").read_text())
        assert (data.get("encounter") or data)["system"]
    full_auto = next(r for r in bench.CURVE if r.name == "d100-rof-10")
    assert (full_auto.odds_ms, full_auto.first_ms) == (50.0, 150.0)
    assert all(max(r.odds_ms, r.first_ms, r.resolve_ms) <= 1000 for r in bench.CURVE)


def test_the_d100_rows_are_the_full_auto_case_with_only_the_rate_of_fire_and_storm_changed() -> None:
    base = json.loads(bench.ODDS_SCENARIO.read_text())
    for r in bench.CURVE:
        if not r.name.startswith("d100"):
            continue
        scenario = json.loads((bench.CURVE_DIR / f"{r.name}.json").read_text())
        weapon = scenario["attacker"].pop("weapon")
        base_weapon = dict(base["attacker"]["weapon"])
        assert scenario["attacker"] == {k: v for k, v in base["attacker"].items() if k != "weapon"}
        assert {k: scenario[k] for k in ("system", "target", "action")} == {
            k: base[k] for k in ("system", "target", "action")
        }
        rof = int(r.name.split("-")[2])
        assert weapon["rof"] == f"S/-/{rof}"
        storm = r.name.endswith("storm")
        assert weapon["qualities"] == base_weapon["qualities"] + (["Storm"] if storm else [])
        assert {k: v for k, v in weapon.items() if k not in ("rof", "qualities")} == {
            k: v for k, v in base_weapon.items() if k not in ("rof", "qualities")
        }


def test_the_exchange_and_sweep_rows_are_the_issue_s_cases_with_their_budgets() -> None:
    """The exchange of 4 attacks on one DH2 target (two Semi-Auto Bursts, a Standard Attack whose
    Concussive Stunned is carried over, a melee Standard Attack) and the volley of 10 Cultists of
    one profile (a Standard Attack each) under 300 ms; the sweep of the Full Auto case under 1 s;
    each timed by its own worker call, with no resolve call."""
    rows = {r.name: r for r in bench.CURVE}
    four = json.loads((bench.CURVE_DIR / "exchange-dh2-4.json").read_text())
    assert four["encounter"]["system"] == "dh2"
    assert [a["action"]["type"] for a in four["attacks"]] == [
        "Semi-Auto Burst",
        "Semi-Auto Burst",
        "Standard Attack",
        "Standard Attack",
    ]
    weapons = {
        e["combatant"]["id"]: e["combatant"]["attacker"]["weapon"]
        for e in four["encounter"]["events"]
        if e["type"] == "add"
    }
    assert "Concussive (1)" in weapons[four["attacks"][2]["who"]]["qualities"]
    assert weapons[four["attacks"][3]["who"]]["class"] == "Melee"
    volley = json.loads((bench.CURVE_DIR / "exchange-volley-10.json").read_text())
    assert [a["action"]["type"] for a in volley["attacks"]] == ["Standard Attack"] * 10
    bodies = [e["combatant"]["attacker"] for e in volley["encounter"]["events"] if e["type"] == "add"]
    assert len({json.dumps({**b, "name": ""}) for b in bodies if b["name"].startswith("Cultist")}) == 1
    assert json.loads((bench.CURVE_DIR / "sweep-full-auto.json").read_text()) == json.loads(
        bench.ODDS_SCENARIO.read_text()
    )
    for name, call, budget in (
        ("exchange-dh2-4", "exchange", 300.0),
        ("exchange-volley-10", "exchange", 300.0),
        ("sweep-full-auto", "sweep", 1000.0),
    ):
        assert (rows[name].call, rows[name].odds_ms) == (call, budget)


def test_a_row_with_no_resolve_call_is_judged_by_its_call_alone() -> None:
    entry = row("exchange-dh2-4", odds=call(290, 900), resolve=bench.NO_RESOLVE)
    assert entry["met"] is True
    assert row("exchange-dh2-4", odds=call(310, 900), resolve=bench.NO_RESOLVE)["met"] is False
    assert row("sweep-full-auto", odds=call(990, 1000), resolve=bench.NO_RESOLVE)["met"] is True
    line = bench.curve_line(entry)
    assert "300/1000/-" in line and line.endswith("MET")
    assert bench.curve_line(entry).count(" - ") >= 1


def test_a_row_meets_its_budget_only_exact_computed_and_within_every_time() -> None:
    assert row()["met"] is True
    assert row(odds=call(51, 140))["met"] is False  # the Full Auto row's 50 ms
    assert row(odds=call(40, 151))["met"] is False  # its first call's 150 ms
    assert row(odds=call(40, 140, exact=False))["met"] is False  # estimated
    assert row(odds=call(40, 140, status="invalid", exact=None))["met"] is False
    assert row(resolve=call(1001, 5))["met"] is False
    assert row(resolve={"status": "missing"})["met"] is False
    assert row("epic-20", odds=call(999, 1000))["met"] is True
    assert row("epic-20", odds=call(999, 1001))["met"] is False


def test_the_curve_budget_names_the_rows_missed_and_estimated() -> None:
    curve = [row(), row("epic-10", odds=call(400, 500, exact=False)), row("rp-auto-4", odds=call(1200, 1300))]
    [(name, measured, met)] = bench.curve_budgets(curve)
    assert "unthrottled worker" in name
    assert measured == "1 of 3 rows met; missed: epic-10, rp-auto-4; estimated: epic-10"
    assert met is False
    assert bench.curve_budgets([row()])[0][2] is True
    assert bench.curve_budgets([]) == []


def test_the_curve_table_shows_times_exactness_budgets_and_verdicts() -> None:
    bad = row("epic-50", odds=call(0, 0, status="invalid", exact=None))
    bad["odds"]["message"] = "Too many (at most 30)"
    text = bench.curve_table([row(), row("epic-05", odds=call(2400, 3100, exact=False)), bad])
    lines = text.splitlines()
    assert "unthrottled worker" in lines[1]
    full_auto, epic, invalid = lines[3:]
    assert full_auto.startswith("d100 Full Auto, RoF 10 ") and "exact" in full_auto
    assert "40 (   140) x4" in full_auto and "50/150/1000" in full_auto and full_auto.endswith("MET")
    assert "2400 (  3100)" in epic and "ESTIMATED" in epic and epic.endswith("MISS")
    assert "invalid" in invalid and invalid.endswith("MISS  (Too many (at most 30))")


def summary(median: float) -> dict[str, float]:
    return {"median": median, "min": median, "max": median}


def page(**metrics: float) -> dict[str, Any]:
    return {k: summary(v) for k, v in metrics.items()}


def results(
    auspex_ready: float = 1090, resolve: tuple[float, float] = (29, 59), odds: tuple[float, float] = (49, 149)
) -> Any:
    out = {}
    for key in ("x1", "x4"):
        out[key] = {
            "bare": page(first_bytes=13.55e6, first_ready=900, repeat_ready=800),
            "bare_wheels": page(first_ready=1000, repeat_ready=1000),
            "bare_engine": page(first_ready=1040, repeat_ready=1030),
            "auspex": page(
                first_fcp=400,
                first_longest_task=100,
                first_ready=auspex_ready,
                repeat_ready=auspex_ready,
                first_bytes=15.9e6,
                resolve_median=resolve[0],
                resolve_p95=resolve[1],
                odds_median=odds[0],
                odds_first=odds[1],
            ),
        }
    return out


def verdicts(checks: list[tuple[str, str, bool | None]]) -> dict[str, bool | None]:
    return {name: met for name, _, met in checks}


def test_the_benchmark_budgets_are_met_just_inside_them() -> None:
    checks = bench.budgets(results())
    assert all(met is True for _, _, met in checks), [c for c in checks if c[2] is not True]
    names = [name for name, _, _ in checks]
    assert sum("engine ready within 1.10x" in n for n in names) == 4
    assert any("median under 30 ms and p95 under 60 ms" in n for n in names)
    assert sum("under 50 ms, first call under 150 ms, unthrottled worker" in n for n in names) == 2


def test_the_benchmark_budgets_are_missed_just_outside_them() -> None:
    ready = verdicts(bench.budgets(results(auspex_ready=1110)))
    assert [met for name, met in ready.items() if "engine ready" in name] == [False] * 4
    for slow in ((31, 59), (29, 61)):
        assert [m for n, m in verdicts(bench.budgets(results(resolve=slow))).items() if "resolve" in n] == [False]
    for slow_odds in ((51, 149), (49, 151)):
        checks = verdicts(bench.budgets(results(odds=slow_odds)))
        assert [m for n, m in checks.items() if "Full Auto" in n] == [False, False]


def test_a_curve_only_run_judges_the_full_auto_odds_and_the_curve_alone() -> None:
    checks = bench.budgets({}, {"odds_median": 45.0, "odds_first": 160.0, "curve": [row()]})
    assert [(met, "Full Auto" in name) for name, _, met in checks] == [(False, True), (True, False)]
    assert bench.budgets({}, None) == []


def test_the_start_breakdown_goes_from_the_wheels_to_the_engine_to_the_page() -> None:
    lines = bench.start_breakdown(results())
    assert lines[0] == (
        "start x1 first: bare_wheels 1000 -> bare_engine 1040 (+40 Auspex's imports + warm-up) "
        "-> auspex 1090 (+50 PyScript + page) ms"
    )
    assert len(lines) == 4
    assert bench.start_breakdown({"x1": {"auspex": page(first_ready=1)}}) == []


def with_pyscript(bare_pyscript: float = 1050, pyscript_engine: float = 1080) -> Any:
    out = results()
    for key in out:
        out[key]["bare_pyscript"] = page(first_ready=bare_pyscript, repeat_ready=bare_pyscript)
        out[key]["pyscript_engine"] = page(first_ready=pyscript_engine, repeat_ready=pyscript_engine)
    return out


def test_with_the_pyscript_references_the_breakdown_goes_through_pyscript_alone() -> None:
    lines = bench.start_breakdown(with_pyscript())
    assert lines[0] == (
        "start x1 first: bare_wheels 1000 -> bare_pyscript 1050 (+50 PyScript alone) "
        "-> pyscript_engine 1080 (+30 Auspex's imports + warm-up) -> auspex 1090 (+10 the page) ms; "
        "bare_engine 1040 (+40 Auspex's imports + warm-up without PyScript)"
    )
    assert len(lines) == 4


def test_pyscript_alone_is_bare_pyscript_over_bare_wheels_against_the_budget() -> None:
    assert bench.pyscript_alone(with_pyscript()) == {k: {"first": 1.05, "repeat": 1.05} for k in ("x1", "x4")}
    lines = bench.pyscript_alone_lines(with_pyscript())
    assert lines[0] == "PyScript alone x1 first: bare_pyscript / bare_wheels 1.05x of the 1.10x allowed"
    assert len(lines) == 4
    over = bench.pyscript_alone_lines(with_pyscript(bare_pyscript=1120, pyscript_engine=1150))
    assert over[0].endswith("1.12x of the 1.10x allowed (over it before Auspex adds anything)")
    assert bench.pyscript_alone(results()) == {}
    assert "PyScript alone x4 repeat" in bench.table(with_pyscript())


def test_the_report_keeps_its_keys_and_adds_pyscript_alone() -> None:
    doc = bench.report(bench.parse_args(["--start-only"]), 0.0, with_pyscript(), {}, {}, [], {})
    assert doc["pyscript_alone"]["x4"]["first"] == 1.05
    assert doc["results"]["x1"]["bare_pyscript"]["first_ready"]["median"] == 1050
    for key in ("date", "machine", "runs", "resolves", "results", "engines", "budgets", "start_breakdown", "curve"):
        assert key in doc


def test_the_bench_pages_include_the_pyscript_references() -> None:
    source = (bench.ROOT / "tools" / "measure" / "bench.py").read_text(encoding="utf-8")
    assert '"bare_pyscript": base + "tools/measure/bench/bare-pyscript.html"' in source
    assert '"pyscript_engine": base + "tools/measure/bench/bare-pyscript.html?app=1"' in source


def test_bare_pyscript_starts_pyscript_as_the_page_does() -> None:
    """tools/measure/bench/bare-pyscript.html takes the page's config from static/engine.js (not a copy),
    imports the vendored PyScript, makes a worker <script type="py"> and hints what index.html hints."""
    html = (bench.ROOT / "tools" / "measure" / "bench" / "bare-pyscript.html").read_text(encoding="utf-8")
    assert 'import { config, PYODIDE } from "../../../static/engine.js";' in html
    assert 'script.setAttribute("config", JSON.stringify(config()));' in html
    assert 'import("../../../static/vendor/pyscript/core.js")' in html
    assert 'script.type = "py";' in html and 'script.setAttribute("worker", "");' in html
    assert "import auspex" not in html and 'performance.mark("auspex:ready")' in html
    # the same Python as bare-worker.mjs's ?wheels=1, so the difference is PyScript's
    worker = (bench.ROOT / "tools" / "measure" / "bench" / "bare-worker.mjs").read_text(encoding="utf-8")
    assert 'runPython("from pydantic import BaseModel")' in worker and "from pydantic import BaseModel\\n" in html
    hint = re.compile(r'<link rel="modulepreload" href="([^"]+)">')
    index = (bench.ROOT / "index.html").read_text(encoding="utf-8")
    assert [h.replace("../../../", "./", 1) for h in hint.findall(html)] == hint.findall(index)


def test_start_only_times_the_pages_start_and_nothing_else() -> None:
    args = bench.parse_args(["--start-only"])
    assert (args.resolves, args.engines, args.no_curve, args.no_probe) == (0, "none", True, True)
    assert args.out.endswith("bench-quick.json")


def test_a_quick_run_is_short_and_does_not_overwrite_the_full_figures() -> None:
    quick = bench.parse_args(["--quick"])
    assert (quick.runs, quick.resolves, quick.engines, quick.curve_calls) == (1, 10, "none", 2)
    assert quick.out.endswith("bench-quick.json")
    assert bench.parse_args(["--curve-only"]).out.endswith("bench-quick.json")
    full = bench.parse_args([])
    assert (full.runs, full.resolves, full.curve_calls) == (5, 50, 4) and full.out.endswith("bench.json")
    assert not full.out.endswith("quick.json")


def test_the_worker_counts_as_throttled_only_when_its_loop_slows_by_half_the_rate() -> None:
    refused = '{"id":1,"error":{"code":-32000,"message":"Operation is only supported for pages, not workers"}}'
    probe = bench.probe_verdict(4.0, {"x1": 1449.0, "x4": 1380.0}, {"x1": 74.0, "x4": 319.0}, refused)
    assert probe["worker_throttled"] is False
    assert round(probe["main_slowdown"], 2) == 4.31
    line = bench.probe_line(probe)
    assert "1449 / 1380 ms in the worker (x0.95)" in line and "74 / 319 ms on the main thread (x4.31)" in line
    assert "not workers" in line and line.endswith("an unthrottled worker's")
    throttled = bench.probe_verdict(4.0, {"x1": 100.0, "x4": 200.0}, {"x1": 10.0, "x4": 40.0}, '{"id":1,"result":{}}')
    assert throttled["worker_throttled"] is True
    assert "WARNING" in bench.probe_line(throttled)
