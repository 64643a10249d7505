"""Benchmark what a player feels, against the runtime itself in the same run (``make bench``).

Drives the real page in Chromium through Playwright against a local server that counts bytes,
with two references in the same browser: bare Pyodide running ``1+1`` in a worker
(``tools/measure/bench/bare.html``), and the same page loading the wheels Auspex loads (``?wheels=1``).
A third, diagnostic page also imports Auspex's engine and makes one warm-up call as the page's
worker does (``?wheels=1&app=1``: ``bare_engine``). Two more show what PyScript itself costs: the
vendored PyScript starting one worker with the page's own configuration (static/engine.js's
``config()``) as the page does, running ``1+1`` and nothing of Auspex (``tools/measure/bench/bare-pyscript.html``:
``bare_pyscript``), and the same with Auspex's worker and its warm-up call (``?app=1``:
``pyscript_engine``, the engine without the page). bare_pyscript / bare_wheels is how much of the
1.10x the budget allows PyScript alone takes (printed, and ``pyscript_alone`` in the JSON).
Everything is measured unthrottled and with the CPU throttled 4x (CDP
``Emulation.setCPUThrottlingRate``) as a stand-in for a mid-range phone, over ``--runs`` runs
(median, min, max). Prints a table with each budget met or not; writes JSON to
``bench-results/bench.json``.

Figures (times in ms, bytes in bytes):
- ``fcp``: first contentful paint (the forms are static HTML, so this is when they paint);
- ``ready``: navigation start to the ``auspex:ready`` performance mark (Resolve enabled);
- ``bytes`` / ``gzip`` / ``requests``: what the server sent (gzip: as a static host compressing
  each response would send it) on a first visit (fresh profile) and a repeat visit (same profile);
- ``longest_task``: the longest main-thread task after first paint (Long Tasks API);
- ``resolve``: tap on Resolve to the result on screen, median and 95th percentile of 50;
- ``engines``: the engine-ready time in Firefox and in WebKit (driven as ``tools/testing/engines.py`` says;
  ``--engines``), a first visit (a fresh browser and profile each run) and a repeat visit (the same
  URL again, from the service worker's copy), median of ``--engine-runs``; unthrottled only (CPU
  throttling is Chromium's). Skipped, with a note, for an engine this machine lacks (``make browsers``);
- ``odds``: the worker's ``odds`` call for ``tools/measure/bench/odds-full-auto.json`` (a Full Auto Burst
  of RoF 10, Tearing, Righteous Fury, armour by location), computed and rendered: the first call
  (which imports the odds engine) and the median of the next five;
- ``curve``: the cost curve (``tools/measure/bench/curve/*.json``, rows in ``CURVE``): for each scenario the
  worker's ``odds`` call (or, for the exchange and sweep rows, its ``exchange`` / ``sweep`` call:
  the exchange of 4 attacks and the volley of 10 under 300 ms, the Full Auto sweep under 1 s) and
  its resolve call (``handle``, what Resolve asks; none for an exchange or a sweep), the first call and
  the median of the next ``--curve-calls`` - 1 (each with another ``seed``: the worker keeps its last
  few odds answers), whether the odds are exact, and the row's budget met or not. One visit of the
  page, unthrottled (see below); a row whose first call is over ``CURVE_SLOW_MS`` is not repeated,
  a call unanswered in ``CURVE_LIMIT_MS`` is a timeout (a miss) and the page is reloaded.

The worker is NOT throttled. Chromium's CPU throttling (``Emulation.setCPUThrottlingRate``) slows
the page's main thread only: a dedicated worker runs as fast with it as without (a busy loop in a
worker: 1,449 / 1,380 ms unthrottled / 4x, the main thread's 74 / 319 ms; Chromium 156), and the
worker's own CDP session (``Target.setAutoAttach`` from the page's session, then
``Target.sendMessageToTarget``) refuses the command: "Operation is only supported for pages, not
workers". So every figure computed in the worker (``odds_*``, the curve, the worker's share of a
resolve round trip) is an unthrottled worker's, and is labelled so in the table, the JSON and the
budgets; the throttled runs throttle the main thread only.

``parse_scaling``: the parsers of typed text timed on CPython on lines of 16 KB to 1 MB
(:mod:`bench_parse`), each row linear or not (a budget line each).

``--quick`` is a short run for a change's author (1 run, 10 resolves, no other engines, 2 calls a
curve row); ``--curve-only`` times only the Full Auto odds and the cost curve (no start figures),
``--rows exchange,sweep`` only the rows whose names start so (one row: its whole name);
``--start-only`` times only the pages' start (no resolves, odds, curve, probe or other engines).

- ``replay``: the encounter replay's scaling on CPython (:mod:`bench_replay`): a fight of 100 to
  2,000 events replayed from its file, seconds and time per event (flat: linear); ``--no-replay``
  skips it, ``python tools/measure/bench_replay.py`` runs it alone.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.build.serve import Handler, make_server  # noqa: E402
from tools.measure import bench_parse  # noqa: E402
from tools.measure.bench_replay import replay_linear, replay_lines, replay_scaling  # noqa: E402
from tools.testing.browser import launch, launch_persistent  # noqa: E402
from tools.testing.engines import WAIT_FOR_ENGINE, missing_for, start  # noqa: E402

PREFIX = "/auspex/"


@dataclass
class Counter:
    """Bytes and requests the server answered, with the gzip size of each file it sent."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    raw: int = 0
    gz: int = 0
    requests: int = 0
    paths: list[str] = field(default_factory=list)
    _gzip_cache: dict[str, int] = field(default_factory=dict)

    def reset(self) -> None:
        with self.lock:
            self.raw = self.gz = self.requests = 0
            self.paths = []

    def add(self, path: str, size: int, fs_path: str | None) -> None:
        gz = size
        if fs_path and os.path.isfile(fs_path):
            if fs_path not in self._gzip_cache:
                self._gzip_cache[fs_path] = len(gzip.compress(Path(fs_path).read_bytes(), 6))
            gz = min(size, self._gzip_cache[fs_path])
        with self.lock:
            self.raw += size
            self.gz += gz
            self.requests += 1
            self.paths.append(path)


COUNTER = Counter()


class CountingHandler(Handler):
    def copyfile(self, source: Any, outputfile: Any) -> None:  # type: ignore[override]
        start = source.tell()
        super().copyfile(source, outputfile)
        COUNTER.add(self.path, source.tell() - start, self.translate_path(self.path))

    def send_response(self, code: int, message: str | None = None) -> None:
        if code == 304:
            COUNTER.add(self.path, 0, None)
        super().send_response(code, message)


LONGTASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]); })
    .observe({ type: "longtask", buffered: true });
} catch (e) {}
"""

READY = "() => performance.getEntriesByName('auspex:ready').length > 0"

MEASURE = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const ready = performance.getEntriesByName('auspex:ready')[0];
  const after = fcp ? fcp.startTime : 0;
  const tasks = (window.__longtasks || []).filter(([s]) => s >= after).map(([, d]) => d);
  return { fcp: fcp ? fcp.startTime : null, ready: ready ? ready.startTime : null,
           longest_task: tasks.length ? Math.max(...tasks) : 0, start: nav ? nav.startTime : 0 };
}"""

RESOLVE_ONCE = """async () => {
  // Tap to result on screen: the DOM change is seen by a MutationObserver (a microtask after it),
  // then the frame that paints it (requestAnimationFrame, then a task after that frame).
  const button = document.querySelector('#resolve');
  const result = document.querySelector('#result');
  const t0 = performance.now();
  const changed = new Promise((resolve) => {
    const o = new MutationObserver(() => { o.disconnect(); resolve(); });
    o.observe(result, { childList: true, subtree: true, characterData: true });
  });
  button.click();
  await changed;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t0;
}"""


ODDS_ONCE = """async (text) => {
  // The worker's odds(json) call, as the Odds panel makes it: compute and render, off the main thread.
  const script = document.querySelector('script[type="py"][worker]');
  const t0 = performance.now();
  const out = JSON.parse(await script.xworker.sync.odds(text));
  if (out.status !== 'ok') throw new Error('odds: ' + JSON.stringify(out).slice(0, 300));
  return performance.now() - t0;
}"""

# The odds case: a Full Auto Burst of RoF 10 against per-location armour, Tearing and
# Righteous Fury (DH2: every natural 10 on a damage die).
ODDS_SCENARIO = ROOT / "tools" / "measure" / "bench" / "odds-full-auto.json"

WORKER_NOTE = (
    "unthrottled worker: Chromium's CPU throttling slows the page's main thread only, and a worker's "
    "CDP session refuses Emulation.setCPUThrottlingRate ('Operation is only supported for pages, not workers')"
)

CURVE_DIR = ROOT / "tools" / "measure" / "bench" / "curve"


@dataclass(frozen=True)
class CurveRow:
    """One row of the cost curve: ``tools/measure/bench/curve/<name>.json``, what it is, and its budgets in
    ms (the odds' median and first call, the resolve call's median), each in the worker. ``call``:
    the worker's call timed as the odds: ``odds`` (the Odds panel's single attack, with a resolve
    call beside it), or ``exchange`` / ``sweep`` (the Odds panel's exchange against one target and
    its sweep; no resolve asks for these, so the row has no resolve call)."""

    name: str
    what: str
    odds_ms: float = 1000.0
    first_ms: float = 1000.0
    resolve_ms: float = 1000.0
    call: str = "odds"


# The rows: no row over 1 s in the worker; the Full Auto case (RoF 10) 50 ms, first call 150 ms.
CURVE = [
    *(CurveRow(f"d100-rof-{r:02d}", f"d100 Full Auto, RoF {r}") for r in (1, 3, 5)),
    CurveRow("d100-rof-10", "d100 Full Auto, RoF 10", odds_ms=50.0, first_ms=150.0),
    CurveRow("d100-rof-20", "d100 Full Auto, RoF 20"),
    CurveRow("d100-rof-20-storm", "d100 Full Auto, RoF 20 + Storm (40 hits)"),
    *(CurveRow(f"epic-{n:02d}", f"Epic, {n} attacking unit{'s' * (n > 1)}") for n in (1, 5, 10, 20, 50)),
    CurveRow("epic-10-ranges", "Epic, 10 units, weapons reaching overlapping units"),
    *(CurveRow(f"rp-auto-{n}", f"fan ruleset, {n} automatic action{'s' * (n > 1)}") for n in (1, 2, 3, 4)),
    # the exchange's odds: two Semi-Auto Bursts, a Standard Attack (Concussive: its Stunned carried
    # to the next) and a melee Standard Attack on one DH2 target with a Dodge; a volley of ten
    # Cultists' Standard Attacks; the sweep (TB 2-8 x armour 0-10, and the inverse line) of the
    # Full Auto case, exact
    CurveRow("exchange-dh2-4", "DH2 exchange, 4 attacks (exact)", odds_ms=300.0, call="exchange"),
    CurveRow("exchange-volley-10", "DH2 volley of 10 Cultists (exact)", odds_ms=300.0, call="exchange"),
    CurveRow("sweep-full-auto", "sweep 7 x 11 of the Full Auto case (exact)", odds_ms=1000.0, call="sweep"),
]

CURVE_SLOW_MS = 3000.0  # a row's first call over this is not repeated (it is over budget already)

CURVE_LIMIT_MS = 30_000.0  # a call not answered by then is a "timeout" (the page is reloaded: a new worker)

CURVE_ONCE = """async ([call, text, limit]) => {
  // One worker call as the page makes it (odds: the Odds panel; handle: Resolve), timed on the main thread.
  const script = document.querySelector('script[type="py"][worker]');
  const t0 = performance.now();
  const late = new Promise((resolve) => setTimeout(() => resolve(null), limit));
  const text_out = await Promise.race([script.xworker.sync[call](text), late]);
  const ms = performance.now() - t0;
  if (text_out === null) return { ms, status: 'timeout', exact: null, message: `no answer in ${limit / 1000} s` };
  const out = JSON.parse(text_out);
  const odds = out.odds || out.exchange || out.sweep || {};
  const message = out.message || (out.errors ? JSON.stringify(out.errors).slice(0, 200) : '');
  return { ms, status: out.status, exact: odds.exact === undefined ? null : odds.exact, message };
}"""


def page_figures(page: Any) -> dict[str, Any]:
    """The bench's figures of a page once it is ready: its timings (:data:`MEASURE`) and the bytes
    and requests the bench's server answered for it (:data:`COUNTER`)."""
    m: dict[str, Any] = page.evaluate(MEASURE)
    time.sleep(0.3)  # let trailing requests (service worker precache) land in the count
    m.update(bytes=COUNTER.raw, gzip=COUNTER.gz, requests=COUNTER.requests)
    return m


def visit(
    playwright: Any,
    url: str,
    throttle: float,
    repeat: bool,
    *,
    measure: Callable[[Any], dict[str, Any]] = page_figures,
    init_script: str | None = LONGTASKS,
    keep: bool = True,
    polling: int = 50,
) -> dict[str, Any]:
    """One first visit (a fresh on-disk profile, as a player's browser has: Playwright's default
    context keeps only an in-memory HTTP cache that drops the 9.6 MB wasm) and, with ``repeat``,
    a reload in the same profile, the CPU throttled ``throttle`` times: ``{"first": figures,
    "repeat": figures}``, each what ``measure(page)`` reads once the page is ready (polled every
    ``polling`` ms). ``keep``: also ``page``, ``context`` and ``profile`` (the caller closes them);
    else they are closed here. tools/measure/startprof.py visits the same way with its own ``measure``."""
    profile = tempfile.mkdtemp(prefix="auspex-bench-")
    context = launch_persistent(playwright, profile)

    def close() -> None:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)

    try:
        page = context.pages[0] if context.pages else context.new_page()
        if init_script:
            page.add_init_script(init_script)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        out: dict[str, Any] = {}
        for label in ("first", "repeat") if repeat else ("first",):
            COUNTER.reset()
            if label == "first":
                page.goto(url, wait_until="commit")
            else:
                page.reload(wait_until="commit")
            page.wait_for_function(READY, timeout=180_000, polling=polling)
            out[label] = measure(page)
    except BaseException:
        close()
        raise
    if keep:
        out.update(page=page, context=context, profile=profile)
    else:
        close()
    return out


def summarize(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(runs: int, resolves: int, throttles: list[float]) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    server = make_server(0, PREFIX, handler_class=CountingHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    pages = {
        "bare": base + "tools/measure/bench/bare.html",
        "bare_wheels": base + "tools/measure/bench/bare.html?wheels=1",
        "bare_engine": base + "tools/measure/bench/bare.html?wheels=1&app=1",
        "bare_pyscript": base + "tools/measure/bench/bare-pyscript.html",
        "pyscript_engine": base + "tools/measure/bench/bare-pyscript.html?app=1",
        "auspex": base,
    }
    results: dict[str, Any] = {}
    with sync_playwright() as p:
        for throttle in throttles:
            key = f"x{throttle:g}"
            raw: dict[str, dict[str, list[float]]] = {}
            for _ in range(runs):
                for name, url in pages.items():
                    v = visit(p, url, throttle, repeat=True)
                    for label in ("first", "repeat"):
                        for metric, value in v[label].items():
                            if isinstance(value, (int, float)):
                                raw.setdefault(name, {}).setdefault(f"{label}_{metric}", []).append(float(value))
                    if name == "auspex" and resolves:
                        page = v["page"]
                        times = [page.evaluate(RESOLVE_ONCE) for _ in range(resolves)]
                        raw[name].setdefault("resolve_median", []).append(statistics.median(times))
                        raw[name].setdefault("resolve_p95", []).append(p95(times))
                        scenario = json.loads(ODDS_SCENARIO.read_text(encoding="utf-8"))
                        # a different seed each call (the odds ignore it): the worker keeps the last
                        # few answers, and a repeated request would time that cache, not the odds
                        odds = [page.evaluate(ODDS_ONCE, json.dumps({**scenario, "seed": k})) for k in range(6)]
                        # the first call also imports rules.odds; the rest are what a change of the forms costs
                        raw[name].setdefault("odds_first", []).append(odds[0])
                        raw[name].setdefault("odds_median", []).append(statistics.median(odds[1:]))
                    v["context"].close()
                    shutil.rmtree(v["profile"], ignore_errors=True)
            results[key] = {name: {m: summarize(vals) for m, vals in metrics.items()} for name, metrics in raw.items()}
    server.shutdown()
    return results


def time_calls(page: Any, call: str, scenario: dict[str, Any], calls: int) -> dict[str, Any]:
    """``calls`` timed worker calls (``call``: "odds", "handle", "exchange" or "sweep") of ``scenario``,
    each with another seed (an exchange: the same request): {"first", "median" (of the calls after the first; the first when there are none), "calls",
    "status", "exact", "message"}. Stops repeating after a first call over CURVE_SLOW_MS or a
    status other than ok; a call unanswered in CURVE_LIMIT_MS is a "timeout" (and the page is
    reloaded, the only way to stop a busy worker)."""
    times: list[float] = []
    last: dict[str, Any] = {}
    for k in range(max(1, calls)):
        # an exchange has no seed (and the worker keeps no exchange or sweep answers)
        request = scenario if call == "exchange" else {**scenario, "seed": 1000 + k}
        last = page.evaluate(CURVE_ONCE, [call, json.dumps(request), CURVE_LIMIT_MS])
        if last["status"] == "timeout":  # the worker is still busy: a new page, a new worker
            page.reload(wait_until="commit")
            page.wait_for_function(READY, timeout=180_000, polling=50)
        times.append(float(last["ms"]))
        if last["status"] != "ok" or times[0] > CURVE_SLOW_MS:
            break
    return {
        "first": times[0],
        "median": statistics.median(times[1:] or times),
        "calls": len(times),
        "status": last["status"],
        "exact": last["exact"],
        "message": last["message"],
    }


def measure_curve(page: Any, calls: int, rows: list[CurveRow] | None = None) -> list[dict[str, Any]]:
    """The cost curve on a page whose engine is ready: one dict a row (:func:`time_calls` of the
    odds and of the resolve, the row's budgets, and ``met``); a missing scenario file is a row
    with status "missing"."""
    out: list[dict[str, Any]] = []
    for row in rows or CURVE:
        path = CURVE_DIR / f"{row.name}.json"
        entry: dict[str, Any] = {"row": row.name, "what": row.what, "worker": "unthrottled", "call": row.call}
        entry.update(odds_budget_ms=row.odds_ms, first_budget_ms=row.first_ms, resolve_budget_ms=row.resolve_ms)
        if not path.exists():
            entry.update(odds={"status": "missing"}, resolve={"status": "missing"})
        else:
            scenario = json.loads(path.read_text(encoding="utf-8"))
            entry["odds"] = time_calls(page, row.call, scenario, calls)
            entry["resolve"] = time_calls(page, "handle", scenario, calls) if row.call == "odds" else NO_RESOLVE
        entry["met"] = row_met(entry)
        out.append(entry)
        print(f"  curve {row.name}: {curve_line(entry).strip()}", flush=True)
    return out


NO_RESOLVE: dict[str, Any] = {"status": "none"}
"""The resolve call of a row whose call is not ``odds`` (an exchange, a sweep): none is made."""


def row_met(entry: dict[str, Any]) -> bool:
    """A cost-curve row's budgets: the odds computed (status ok), exact, their median and first
    call within the row's budgets, and the resolve call's median within its budget (a row with no
    resolve call: none to meet)."""
    odds, res = entry.get("odds") or {}, entry.get("resolve") or {}
    resolved = res.get("status") == "none" or (
        res.get("status") == "ok" and res["median"] <= entry["resolve_budget_ms"]
    )
    if odds.get("status") != "ok" or odds.get("exact") is not True:
        return False
    return bool(odds["median"] <= entry["odds_budget_ms"] and odds["first"] <= entry["first_budget_ms"] and resolved)


def _cell(call: dict[str, Any]) -> str:
    if call.get("status") == "none":
        return f"{'-':>22}"
    if call.get("status") != "ok":
        return f"{call.get('status', '?'):>22}"
    return f"{call['median']:>10.0f} ({call['first']:>6.0f}) x{call['calls']}"


def curve_line(entry: dict[str, Any]) -> str:
    """One row of the cost-curve table (see :func:`curve_table`)."""
    odds = entry.get("odds") or {}
    exact = {True: "exact", False: "ESTIMATED", None: "-"}[odds.get("exact") if odds.get("status") == "ok" else None]
    resolve = "-" if (entry.get("resolve") or {}).get("status") == "none" else f"{entry['resolve_budget_ms']:.0f}"
    budget = f"{entry['odds_budget_ms']:.0f}/{entry['first_budget_ms']:.0f}/{resolve}"
    line = (
        f"{entry['what']:<42}{_cell(odds)}{_cell(entry.get('resolve') or {})}  {exact:<9} {budget:>14}  "
        f"{'MET' if entry['met'] else 'MISS'}"
    )
    message = odds.get("message") or (entry.get("resolve") or {}).get("message")
    return line + (f"  ({message})" if message and odds.get("status") != "ok" else "")


def curve_table(curve: list[dict[str, Any]]) -> str:
    """The cost curve as text: per row the odds and the resolve call in the worker (median of the
    calls after the first, the first call in brackets, and how many calls), exact or estimated, the
    budgets (odds median / odds first call / resolve median, ms) and MET or MISS."""
    lines = [
        "\nCost curve (ms in the page's worker, " + WORKER_NOTE.split(":")[0] + "; median (first call) x calls)",
        f"{'row':<42}{'odds':>22}{'resolve':>22}  {'odds':<9} {'budget ms':>14}",
    ]
    lines += [curve_line(entry) for entry in curve]
    return "\n".join(lines)


def curve_budgets(curve: list[dict[str, Any]]) -> list[tuple[str, str, bool | None]]:
    """The issue's cost-curve budget as (budget, measured, met): every row within its budget, exact."""
    if not curve:
        return []
    missed = [entry["row"] for entry in curve if not entry["met"]]
    estimated = [e["row"] for e in curve if (e.get("odds") or {}).get("exact") is False]
    measured = f"{len(curve) - len(missed)} of {len(curve)} rows met" + (
        f"; missed: {', '.join(missed)}" if missed else ""
    )
    if estimated:
        measured += f"; estimated: {', '.join(estimated)}"
    return [("every cost-curve row within its budget (<= 1 s) and exact, unthrottled worker", measured, not missed)]


def start_breakdown(results: dict[str, Any]) -> list[str]:
    """Engine ready, median ms, per CPU rate and visit: from bare Pyodide + the wheels to bare_engine
    (+ Auspex's imports and warm-up call) to the page (+ PyScript and the page itself); with the
    PyScript references measured, from bare_wheels to bare_pyscript (+ PyScript alone) to
    pyscript_engine (+ Auspex's imports and warm-up, in PyScript's worker) to the page (+ the page),
    and bare_engine beside it (Auspex's imports and warm-up without PyScript)."""
    lines = []
    for key, pages in results.items():
        for visit_kind in ("first", "repeat"):
            metric = f"{visit_kind}_ready"
            got = {p: (pages.get(p, {}).get(metric) or {}).get("median") for p in pages}
            w, e, a = got.get("bare_wheels"), got.get("bare_engine"), got.get("auspex")
            if w is None or e is None or a is None:
                continue
            s, s_e = got.get("bare_pyscript"), got.get("pyscript_engine")
            if s is None or s_e is None:
                lines.append(
                    f"start {key} {visit_kind}: bare_wheels {w:.0f} -> bare_engine {e:.0f} "
                    f"(+{e - w:.0f} Auspex's imports + warm-up) -> auspex {a:.0f} (+{a - e:.0f} PyScript + page) ms"
                )
                continue
            lines.append(
                f"start {key} {visit_kind}: bare_wheels {w:.0f} -> bare_pyscript {s:.0f} (+{s - w:.0f} PyScript alone) "
                f"-> pyscript_engine {s_e:.0f} (+{s_e - s:.0f} Auspex's imports + warm-up) "
                f"-> auspex {a:.0f} (+{a - s_e:.0f} the page) ms; "
                f"bare_engine {e:.0f} (+{e - w:.0f} Auspex's imports + warm-up without PyScript)"
            )
    return lines


def pyscript_alone(results: dict[str, Any]) -> dict[str, dict[str, float]]:
    """bare_pyscript / bare_wheels engine-ready medians, per CPU rate and visit: how much of the
    READY_RATIO budget PyScript alone takes ({"x1": {"first": 1.07, "repeat": ...}, ...}; a rate or
    visit without both pages is left out)."""
    out: dict[str, dict[str, float]] = {}
    for key, pages in results.items():
        for visit_kind in ("first", "repeat"):
            metric = f"{visit_kind}_ready"
            s = (pages.get("bare_pyscript", {}).get(metric) or {}).get("median")
            w = (pages.get("bare_wheels", {}).get(metric) or {}).get("median")
            if s and w:
                out.setdefault(key, {})[visit_kind] = s / w
    return out


def pyscript_alone_lines(results: dict[str, Any]) -> list[str]:
    """:func:`pyscript_alone` as text, one line per CPU rate and visit."""
    return [
        f"PyScript alone {key} {visit_kind}: bare_pyscript / bare_wheels {ratio:.2f}x "
        f"of the {READY_RATIO:.2f}x allowed" + (" (over it before Auspex adds anything)" if ratio > READY_RATIO else "")
        for key, visits in pyscript_alone(results).items()
        for visit_kind, ratio in visits.items()
    ]


def run_curve(calls: int, rows: list[CurveRow] | None = None) -> dict[str, Any]:
    """One unthrottled visit of the page: the Full Auto odds as ``run`` times them, then the cost curve."""
    from playwright.sync_api import sync_playwright

    server = make_server(0, PREFIX, handler_class=CountingHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    try:
        with sync_playwright() as p:
            v = visit(p, base, 1.0, repeat=False)
            try:
                scenario = json.loads(ODDS_SCENARIO.read_text(encoding="utf-8"))
                odds = [v["page"].evaluate(ODDS_ONCE, json.dumps({**scenario, "seed": k})) for k in range(6)]
                curve = measure_curve(v["page"], calls, rows)
            finally:
                v["context"].close()
                shutil.rmtree(v["profile"], ignore_errors=True)
    finally:
        server.shutdown()
        server.server_close()
    return {"odds_first": odds[0], "odds_median": statistics.median(odds[1:]), "curve": curve}


PROBE_STEPS = 4_000_000  # the busy loop's steps: about half a second in a worker on this machine


def probe_worker_throttle(rate: float = 4.0) -> dict[str, Any]:
    """Does CDP CPU throttling reach a dedicated worker? ``tools/measure/bench/throttle.html``'s busy loop,
    timed in its worker and on its main thread (median of 3, ms) without and with
    ``Emulation.setCPUThrottlingRate`` at ``rate`` on the page's CDP session; with throttling, the
    same command is also sent to the worker's own session (``Target.setAutoAttach`` on the page's
    session, unflattened, then ``Target.sendMessageToTarget``) and its answer kept. Returns
    {"rate", "worker_ms": {"x1", "x<rate>"}, "main_ms": {...}, "worker_slowdown", "main_slowdown",
    "worker_session_answer", "worker_throttled"} (throttled: slowed by at least half ``rate``)."""
    from playwright.sync_api import sync_playwright

    server = make_server(0, PREFIX)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}tools/measure/bench/throttle.html"
    worker_ms: dict[str, float] = {}
    main_ms: dict[str, float] = {}
    answer = ""
    try:
        with sync_playwright() as p:
            browser = launch(p)
            try:
                attached: list[dict[str, Any]] = []
                answers: list[str] = []
                for r in (1.0, rate):
                    key = f"x{r:g}"
                    attached.clear()
                    answers.clear()
                    context = browser.new_context()
                    page = context.new_page()
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": r})
                    cdp.on("Target.attachedToTarget", lambda ev: attached.append(ev))
                    cdp.on("Target.receivedMessageFromTarget", lambda ev: answers.append(ev["message"]))
                    flags = {"autoAttach": True, "waitForDebuggerOnStart": False, "flatten": False}
                    cdp.send("Target.setAutoAttach", flags)
                    page.goto(url)
                    page.evaluate("inWorker(100000)")
                    if r != 1.0:
                        for target in attached:
                            if target["targetInfo"]["type"] == "worker":
                                command = {"id": 1, "method": "Emulation.setCPUThrottlingRate", "params": {"rate": r}}
                                message = {"sessionId": target["sessionId"], "message": json.dumps(command)}
                                cdp.send("Target.sendMessageToTarget", message)
                        page.wait_for_timeout(300)
                        answer = next((a for a in answers if '"id":1' in a.replace(" ", "")), "no answer")
                    worker_ms[key] = statistics.median(page.evaluate(f"inWorker({PROBE_STEPS})") for _ in range(3))
                    main_ms[key] = statistics.median(page.evaluate(f"onMain({PROBE_STEPS})") for _ in range(3))
                    context.close()
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return probe_verdict(rate, worker_ms, main_ms, answer)


def probe_verdict(rate: float, worker_ms: dict[str, float], main_ms: dict[str, float], answer: str) -> dict[str, Any]:
    """:func:`probe_worker_throttle`'s figures and its verdict: the worker counts as throttled when
    its loop is slowed by at least half ``rate``."""
    key = f"x{rate:g}"
    worker_slowdown = worker_ms[key] / worker_ms["x1"]
    return {
        "rate": rate,
        "worker_ms": worker_ms,
        "main_ms": main_ms,
        "worker_slowdown": worker_slowdown,
        "main_slowdown": main_ms[key] / main_ms["x1"],
        "worker_session_answer": answer,
        "worker_throttled": worker_slowdown >= rate / 2,
    }


def probe_line(probe: dict[str, Any]) -> str:
    """The probe in one line, and what it means for the worker's figures."""
    key = f"x{probe['rate']:g}"
    w, m = probe["worker_ms"], probe["main_ms"]
    line = (
        f"CPU throttling {key} and a worker: a busy loop takes {w['x1']:.0f} / {w[key]:.0f} ms in the worker "
        f"(x{probe['worker_slowdown']:.2f}), {m['x1']:.0f} / {m[key]:.0f} ms on the main thread "
        f"(x{probe['main_slowdown']:.2f}); the worker's own session answers: {probe['worker_session_answer'][:160]}"
    )
    if probe["worker_throttled"]:
        return line + "\n  WARNING: this Chromium throttles the worker: the 'unthrottled worker' labels are stale"
    return line + "\n  so every worker figure here is an unthrottled worker's"


SW_READY = "async () => { if ('serviceWorker' in navigator) await navigator.serviceWorker.ready; return true; }"


def engine_ready(engines: list[str], runs: int) -> dict[str, Any]:
    """Engine-ready times (ms, from navigation start as the page counts them) in each of ``engines``
    ("firefox", "webkit"): {engine: {"version", "first_ready", "repeat_ready"}} (each a summary over
    ``runs`` fresh browsers), or {engine: {"missing": [...]}} when the machine lacks it, or
    {engine: {"failed": message}} when it did not start (the other figures are kept)."""
    server = make_server(0, PREFIX)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    out: dict[str, Any] = {}
    try:
        for engine in engines:
            lacking = missing_for(engine)
            if lacking:
                out[engine] = {"missing": lacking}
                continue
            times: dict[str, list[float]] = {"first_ready": [], "repeat_ready": []}
            try:
                version = time_engine(engine, base, runs, times)
            except Exception as exc:
                out[engine] = {"failed": str(exc)}
                continue
            out[engine] = {"version": version, **{label: summarize(values) for label, values in times.items()}}
    finally:
        server.shutdown()
        server.server_close()
    return out


def time_engine(engine: str, base: str, runs: int, times: dict[str, list[float]]) -> str:
    """``runs`` fresh browsers of ``engine`` on the page at ``base``: engine-ready times appended
    to ``times`` ("first_ready", "repeat_ready"); returns the browser's version. Raises
    RuntimeError when the engine does not start."""
    version = "?"
    for _ in range(runs):
        browser = start(engine)
        try:
            version = browser.version
            for label in ("first_ready", "repeat_ready"):
                browser.goto("about:blank")
                browser.goto(base)
                ready = browser.run(WAIT_FOR_ENGINE, 300_000)
                if ready["engine"] != "ready":  # kept as a failure: the Chromium figures are not lost
                    raise RuntimeError(f"the engine did not start: {str(ready.get('status'))[:200]}")
                times[label].append(float(ready["ms"]))
                browser.run(SW_READY)  # the repeat visit is served by the service worker's copy
        finally:
            browser.close()
    return version


def engines_table(results: dict[str, Any]) -> str:
    lines = ["\nEngine ready in other browsers (ms, median [min-max] over runs, unthrottled)"]
    for engine, r in results.items():
        if "missing" in r:
            lines.append(f"  {engine}: not measured, this machine lacks {', '.join(r['missing'])} (make browsers)")
            continue
        if "failed" in r:
            lines.append(f"  {engine}: FAILED: {r['failed']}")
            continue
        cells = [
            f"{label} {r[label]['median']:.0f} [{r[label]['min']:.0f}-{r[label]['max']:.0f}]"
            for label in ("first_ready", "repeat_ready")
        ]
        lines.append(f"  {engine} {r['version']}: " + "; ".join(cells))
    return "\n".join(lines)


def budgets(results: dict[str, Any], curve: dict[str, Any] | None = None) -> list[tuple[str, str, bool | None]]:
    """Each budget of the benchmark, as later tightened, and the later ones: (budget, measured, met;
    None: not measured). ``results``: :func:`run`'s; ``curve``: :func:`run_curve`'s (its Full Auto
    odds stand in for ``results``' when ``results`` has none)."""
    out: list[tuple[str, str, bool | None]] = []
    t = results.get("x4") or {}
    u = results.get("x1") or {}

    def med(r: dict[str, Any], page: str, metric: str) -> float | None:
        return (r.get(page, {}).get(metric) or {}).get("median")

    if results:
        out += _start_budgets(t, u, med)
    rt, rp = med(t, "auspex", "resolve_median"), med(t, "auspex", "resolve_p95")
    if results:
        out.append(
            (
                "resolve round trip median under 30 ms and p95 under 60 ms, main thread throttled 4x (unthrottled worker)",
                f"median {rt:.1f} ms, p95 {rp:.1f} ms" if rt is not None and rp is not None else "n/a",
                None if rt is None or rp is None else rt < 30 and rp < 60,
            )
        )
    odds_runs = [(u, "page unthrottled"), (t, "page main thread throttled 4x")] if results else []
    for r, label in odds_runs:
        out.append(odds_budget(med(r, "auspex", "odds_median"), med(r, "auspex", "odds_first"), label))
    if curve and not results:
        out.append(odds_budget(curve.get("odds_median"), curve.get("odds_first"), "page unthrottled"))
    return out + curve_budgets((curve or {}).get("curve") or [])


def odds_budget(median: float | None, first: float | None, label: str) -> tuple[str, str, bool | None]:
    """The Full Auto odds budget: under 50 ms (median of the calls after the first) and the first
    call (which imports the odds engine) under 150 ms, in the worker."""
    return (
        f"odds of a Full Auto Burst (RoF 10, Tearing, RF, armour by location) under 50 ms, first call under 150 ms, "
        f"unthrottled worker ({label})",
        f"{median:.0f} ms (first call, importing the odds engine: {first:.0f} ms)"
        if median is not None and first is not None
        else "n/a",
        None if median is None or first is None else median < 50 and first < 150,
    )


def _start_budgets(t: dict[str, Any], u: dict[str, Any], med: Any) -> list[tuple[str, str, bool | None]]:
    """First paint, long tasks, engine ready against bare Pyodide + the same wheels, first-visit bytes."""
    out: list[tuple[str, str, bool | None]] = []
    fcp = med(t, "auspex", "first_fcp")
    out.append(
        (
            "forms painted within 1 s of navigation, throttled",
            f"{fcp:.0f} ms" if fcp else "n/a",
            None if fcp is None else fcp <= 1000,
        )
    )
    lt = max(
        filter(None, [med(t, "auspex", "first_longest_task"), med(t, "auspex", "repeat_longest_task")]), default=None
    )
    out.append(
        (
            "no main-thread task over 200 ms after first paint, throttled",
            f"{lt:.0f} ms" if lt is not None else "n/a",
            None if lt is None else lt <= 200,
        )
    )
    for r, label in ((u, "unthrottled"), (t, "throttled (main thread; unthrottled worker)")):
        for visit_kind in ("first", "repeat"):
            a, b = med(r, "auspex", f"{visit_kind}_ready"), med(r, "bare_wheels", f"{visit_kind}_ready")
            ratio = a / b if a and b else None
            out.append(
                (
                    f"engine ready within {READY_RATIO:.2f}x bare Pyodide + same wheels ({visit_kind} visit, {label})",
                    f"{ratio:.2f}x ({a:.0f} / {b:.0f} ms)" if ratio else "n/a",
                    None if ratio is None else ratio <= READY_RATIO,
                )
            )
    a, b = med(u, "auspex", "first_bytes"), med(u, "bare", "first_bytes")
    out.append(
        (
            "first-visit bytes at most bare Pyodide + 2.5 MB",
            f"+{(a - b) / 1e6:.2f} MB ({a / 1e6:.2f} vs {b / 1e6:.2f} MB)" if a and b else "n/a",
            None if not (a and b) else a - b <= 2.5e6,
        )
    )
    return out


READY_RATIO = 1.10  # engine ready within 1.10x bare Pyodide + the same wheels (the first budget: 1.25x)


def table(results: dict[str, Any]) -> str:
    lines = []
    metrics = [
        "first_fcp",
        "first_ready",
        "repeat_ready",
        "first_longest_task",
        "first_bytes",
        "first_gzip",
        "first_requests",
        "repeat_bytes",
        "repeat_requests",
        "resolve_median",
        "resolve_p95",
        "odds_first",
        "odds_median",
    ]
    for key, pages in results.items():
        lines.append(f"\nCPU {key}, main thread (median [min-max] over runs; odds_*: {WORKER_NOTE.split(':')[0]})")
        lines.append(f"{'metric':<22}" + "".join(f"{p:>28}" for p in pages))
        for m in metrics:
            row = f"{m:<22}"
            for p in pages:
                s = pages[p].get(m)
                row += f"{'-':>28}" if s is None else f"{s['median']:>12.1f} [{s['min']:.0f}-{s['max']:.0f}]".rjust(28)
            lines.append(row)
        a, b = pages.get("auspex", {}), pages.get("bare", {})
        bw = pages.get("bare_wheels", {})
        for m in ("first_ready", "repeat_ready"):
            if m in a and m in bw:
                lines.append(
                    f"ratio {m} auspex / bare+wheels: {a[m]['median'] / bw[m]['median']:.2f}; "
                    f"auspex / bare: {a[m]['median'] / b[m]['median']:.2f}"
                )
        if "first_bytes" in a and "first_bytes" in b:
            lines.append(
                f"ratio first_bytes auspex / bare: {a['first_bytes']['median'] / b['first_bytes']['median']:.2f}"
            )
    lines += start_breakdown(results)
    lines += pyscript_alone_lines(results)
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--resolves", type=int, default=50)
    ap.add_argument("--throttle", type=float, action="append", help="CPU slowdown(s) to run (default 1 and 4)")
    ap.add_argument("--out", help="JSON output (default bench-results/bench.json; bench-quick.json for a short run)")
    ap.add_argument(
        "--engines", default="firefox,webkit", help="other browser engines to time (comma-separated; 'none' for none)"
    )
    ap.add_argument(
        "--engine-runs", type=int, default=3, help="fresh browsers per other engine (WebKit takes ~1 min each)"
    )
    ap.add_argument("--only-engines", action="store_true", help="time only the other engines, not Chromium")
    ap.add_argument("--curve-calls", type=int, default=4, help="worker calls a cost-curve row (the first + the rest)")
    ap.add_argument(
        "--rows", default="", help="only the cost-curve rows whose name starts with one of these (comma-separated)"
    )
    ap.add_argument("--no-curve", action="store_true", help="skip the cost curve")
    ap.add_argument("--no-replay", action="store_true", help="skip the encounter replay's scaling (CPython, ~5 s)")
    ap.add_argument("--no-probe", action="store_true", help="skip the probe of CPU throttling in a worker (~10 s)")
    ap.add_argument(
        "--curve-only", action="store_true", help="only the Full Auto odds and the cost curve (no start figures)"
    )
    ap.add_argument(
        "--start-only",
        action="store_true",
        help="only the pages' start (no resolves, odds, cost curve, throttling probe or other engines)",
    )
    ap.add_argument(
        "--quick", action="store_true", help="a short run: 1 run, 10 resolves, no other engines, 2 calls a curve row"
    )
    args = ap.parse_args(argv)
    if args.quick:
        args.runs, args.resolves, args.engines, args.curve_calls = 1, 10, "none", 2
    if args.curve_only:
        args.engines = "none"
    if args.start_only:
        args.resolves, args.engines, args.no_curve, args.no_probe = 0, "none", True, True
    if args.out is None:
        quick = args.quick or args.curve_only or args.no_curve or args.rows
        args.out = str(ROOT / "bench-results" / ("bench-quick.json" if quick else "bench.json"))
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        print("static/vendor/ is missing: run `make vendor` first", file=sys.stderr)
        return 1
    started = time.time()
    seconds: dict[str, float] = {}
    engines = [e for e in args.engines.split(",") if e and e != "none"]
    results: dict[str, Any] = {}
    if not (args.only_engines or args.curve_only):
        results = run(args.runs, args.resolves, args.throttle or [1.0, 4.0])
        seconds["chromium"] = time.time() - started
    probe: dict[str, Any] = {}
    if not (args.only_engines or args.no_probe):
        t0 = time.time()
        probe = probe_worker_throttle()
        seconds["probe"] = time.time() - t0
    curve: dict[str, Any] = {}
    if not (args.only_engines or args.no_curve):
        t0 = time.time()
        prefixes = tuple(r for r in args.rows.split(",") if r)
        curve = run_curve(args.curve_calls, [r for r in CURVE if not prefixes or r.name.startswith(prefixes)])
        seconds["curve"] = time.time() - t0
    parse: list[dict[str, Any]] = []
    if not args.only_engines:  # the parsers of typed text, on CPython: linear in a line (bench_parse.py)
        t0 = time.time()
        parse = bench_parse.rows()
        seconds["parse"] = time.time() - t0
    replayed: list[dict[str, Any]] = []
    if not (args.only_engines or args.no_replay):  # the encounter replay on CPython: linear in its events
        t0 = time.time()
        replayed = replay_scaling()
        seconds["replay"] = time.time() - t0
        checks_replay = [
            (
                "encounter replay linear, 2,000 events < 1 s (CPython)",
                f"{replayed[-1]['seconds']:.3f} s",
                replay_linear(replayed),
            )
        ]
    else:
        checks_replay = []
    t0 = time.time()
    other = engine_ready(engines, args.engine_runs) if engines else {}
    if engines:
        seconds["engines"] = time.time() - t0
    checks = budgets(results, curve) + bench_parse.budgets(parse) + checks_replay
    print(table(results))
    if replayed:
        print("\n".join(replay_lines(replayed)))
    if probe:
        print("\n" + probe_line(probe))
    if curve:
        print(curve_table(curve["curve"]))
    if parse:
        print(bench_parse.table(parse))
    if other:
        print(engines_table(other))
    print("\nBudgets" if checks else "")
    for name, measured, met in checks:
        mark = "n/a " if met is None else ("MET " if met else "MISS")
        print(f"  [{mark}] {name}: {measured}")
    seconds["total"] = time.time() - started
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    document = report(args, started, results, curve, other, checks, seconds)
    document["worker_probe"] = probe
    document["parse_scaling"] = parse
    document["replay"] = replayed
    if probe:
        document["worker_throttled"] = probe["worker_throttled"]
    out.write_text(json.dumps(document, indent=2))
    taken = ", ".join(f"{k} {v:.0f} s" for k, v in seconds.items())
    print(f"\nwritten to {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} ({taken})")
    return 0


def report(
    args: argparse.Namespace,
    started: float,
    results: dict[str, Any],
    curve: dict[str, Any],
    other: dict[str, Any],
    checks: list[tuple[str, str, bool | None]],
    seconds: dict[str, float],
) -> dict[str, Any]:
    """bench.json: the first keys as they were, and the later ones (``curve``, ``curve_odds``,
    ``worker_throttled``, ``worker_note``, ``start_breakdown``, ``pyscript_alone``, ``seconds``, ``curve_calls``; the
    caller adds ``worker_probe``, :func:`probe_worker_throttle`'s)."""
    return {
        "date": time.strftime("%Y-%m-%d", time.gmtime(started)),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "runs": args.runs,
        "resolves": args.resolves,
        "results": results,
        "engines": other,
        "budgets": [{"budget": n, "measured": m, "met": ok} for n, m, ok in checks],
        "worker_throttled": False,
        "worker_note": WORKER_NOTE,
        "start_breakdown": start_breakdown(results),
        "pyscript_alone": pyscript_alone(results),
        "curve_calls": args.curve_calls,
        "curve_odds": {k: v for k, v in curve.items() if k != "curve"},
        "curve": curve.get("curve", []),
        "seconds": seconds,
    }


if __name__ == "__main__":
    sys.exit(main())
