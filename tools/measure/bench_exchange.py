"""The exchange's, the volley's and the sweep's odds timed on CPython (``python tools/measure/bench_exchange.py``).

A microbenchmark for whoever changes rules/odds/exchange.py, rules/odds/sweep.py or the single
attack's odds under them: the cost curve's rows ``exchange-dh2-4``, ``exchange-volley-10`` and
``sweep-full-auto`` (``tools/measure/bench/curve/``, the files ``make bench`` times in the page's worker)
worked out by :func:`rules.odds.exchange.run_exchange` and :func:`rules.odds.sweep.run_sweep` in
this process: the first call (imports and data tables loaded) and the least and median CPU time
(``time.process_time``: less moved than wall time by a busy machine) of ``--calls`` more, each
figure beside the worker's budget it stands in for. Nothing is judged here: the budgets are the
worker's, met or not in ``make bench`` (``python tools/bench.py --curve-only --rows exchange,sweep``
times only these rows there). ``--profile NAME`` prints cProfile's top functions for one row.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

CURVE_DIR = ROOT / "tools" / "measure" / "bench" / "curve"

ROWS = {
    "exchange-dh2-4": ("exchange", 300.0),
    "exchange-volley-10": ("exchange", 300.0),
    "sweep-full-auto": ("sweep", 1000.0),
}
"""Each row: the call that works it out and the worker's budget in ms (tools/measure/bench.py's CURVE)."""


def runner(call: str) -> Callable[[Any], dict[str, Any]]:
    """The CLI's function for ``call`` ("exchange" or "sweep")."""
    if call == "exchange":
        from rules.odds.exchange import run_exchange

        return run_exchange
    from rules.odds.sweep import run_sweep

    return run_sweep


def time_row(name: str, calls: int) -> dict[str, Any]:
    """One row: {"row", "first", "min", "median" (CPU ms), "budget" (the worker's, ms), "exact"}."""
    call, budget = ROWS[name]
    data = json.loads((CURVE_DIR / f"{name}.json").read_text(encoding="utf-8"))
    run = runner(call)
    times = []
    out: dict[str, Any] = {}
    for _ in range(calls + 1):
        start = time.process_time()
        out = run(data)
        times.append((time.process_time() - start) * 1000)
    if out.get("status") != "ok":
        raise SystemExit(f"{name}: {json.dumps(out)[:300]}")
    rest = times[1:] or times
    return {
        "row": name,
        "first": times[0],
        "min": min(rest),
        "median": statistics.median(rest),
        "budget": budget,
        "exact": out[call]["exact"],
    }


def line(r: dict[str, Any]) -> str:
    return (
        f"{r['row']:<20} first {r['first']:>7.0f}  min {r['min']:>7.0f}  median {r['median']:>7.0f} ms CPU"
        f"  {'exact' if r['exact'] else 'ESTIMATED':<9}  (worker budget {r['budget']:.0f} ms)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=5, help="calls timed after the first (default 5)")
    ap.add_argument("--rows", default="", help="only these rows (comma-separated names)")
    ap.add_argument("--profile", default="", help="print cProfile's top 40 functions for this row's calls")
    args = ap.parse_args(argv)
    names = [n for n in ROWS if not args.rows or n in args.rows.split(",")]
    if args.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.enable()
        time_row(args.profile, args.calls)
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
        return 0
    for name in names:
        print(line(time_row(name, args.calls)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
