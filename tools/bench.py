"""Benchmark what a player feels, against the runtime itself in the same run (``make bench``).

Drives the real page in Chromium through Playwright against a local server that counts bytes,
with two references in the same browser: bare Pyodide running ``1+1`` in a worker
(``tools/bench/bare.html``), and the same page loading the wheels Auspex loads (``?wheels=1``).
A third, diagnostic page also imports Auspex's engine and makes one warm-up call as the page's
worker does (``?wheels=1&app=1``): auspex minus that is what PyScript itself costs.
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
- ``engines``: the engine-ready time in Firefox and in WebKit (driven as ``tools/engines.py`` says;
  ``--engines``), a first visit (a fresh browser and profile each run) and a repeat visit (the same
  URL again, from the service worker's copy), median of ``--engine-runs``; unthrottled only (CPU
  throttling is Chromium's). Skipped, with a note, for an engine this machine lacks (``make browsers``);
- ``odds``: the worker's ``odds`` call for ``tools/bench/odds-full-auto.json`` (a Full Auto Burst
  of RoF 10, Tearing, Righteous Fury, armour by location), computed and rendered: the first call
  (which imports the odds engine) and the median of the next five.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from browser import launch_persistent  # noqa: E402
from engines import WAIT_FOR_ENGINE, missing_for, start  # noqa: E402
from serve import Handler, make_server  # noqa: E402

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
ODDS_SCENARIO = ROOT / "tools" / "bench" / "odds-full-auto.json"


def visit(playwright: Any, url: str, throttle: float, repeat: bool) -> dict[str, Any]:
    """One first visit (a fresh on-disk profile, as a player's browser has: Playwright's default
    context keeps only an in-memory HTTP cache that drops the 9.6 MB wasm) and, with ``repeat``,
    a reload in the same profile."""
    profile = tempfile.mkdtemp(prefix="auspex-bench-")
    context = launch_persistent(playwright, profile)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(LONGTASKS)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        out: dict[str, Any] = {}
        for label in ("first", "repeat") if repeat else ("first",):
            COUNTER.reset()
            if label == "first":
                page.goto(url, wait_until="commit")
            else:
                page.reload(wait_until="commit")
            page.wait_for_function(READY, timeout=180_000, polling=50)
            m = page.evaluate(MEASURE)
            time.sleep(0.3)  # let trailing requests (service worker precache) land in the count
            m.update(bytes=COUNTER.raw, gzip=COUNTER.gz, requests=COUNTER.requests)
            out[label] = m
        out["page"] = page
        out["context"] = context
        out["profile"] = profile
        return out
    except Exception:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
        raise


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
        "bare": base + "tools/bench/bare.html",
        "bare_wheels": base + "tools/bench/bare.html?wheels=1",
        "bare_engine": base + "tools/bench/bare.html?wheels=1&app=1",
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


SW_READY = "async () => { if ('serviceWorker' in navigator) await navigator.serviceWorker.ready; return true; }"


def engine_ready(engines: list[str], runs: int) -> dict[str, Any]:
    """Engine-ready times (ms, from navigation start as the page counts them) in each of ``engines``
    ("firefox", "webkit"): {engine: {"version", "first_ready", "repeat_ready"}} (each a summary over
    ``runs`` fresh browsers), or {engine: {"missing": [...]}} when the machine lacks it."""
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
            version = "?"
            for _ in range(runs):
                browser = start(engine)
                try:
                    version = browser.version
                    for label in ("first_ready", "repeat_ready"):
                        browser.goto("about:blank")
                        browser.goto(base)
                        ready = browser.run(WAIT_FOR_ENGINE, 300_000)
                        if ready["engine"] != "ready":
                            raise RuntimeError(f"{engine}: the engine did not start: {ready}")
                        times[label].append(float(ready["ms"]))
                        browser.run(SW_READY)  # the repeat visit is served by the service worker's copy
                finally:
                    browser.close()
            out[engine] = {"version": version, **{label: summarize(values) for label, values in times.items()}}
    finally:
        server.shutdown()
        server.server_close()
    return out


def engines_table(results: dict[str, Any]) -> str:
    lines = ["\nEngine ready in other browsers (ms, median [min-max] over runs, unthrottled)"]
    for engine, r in results.items():
        if "missing" in r:
            lines.append(f"  {engine}: not measured, this machine lacks {', '.join(r['missing'])} (make browsers)")
            continue
        cells = [f"{label} {r[label]['median']:.0f} [{r[label]['min']:.0f}-{r[label]['max']:.0f}]" for label in ("first_ready", "repeat_ready")]
        lines.append(f"  {engine} {r['version']}: " + "; ".join(cells))
    return "\n".join(lines)


def budgets(results: dict[str, Any]) -> list[tuple[str, str, bool | None]]:
    """Each budget of issue 3: (budget, measured, met)."""
    out: list[tuple[str, str, bool | None]] = []
    t = results.get("x4") or {}
    u = results.get("x1") or {}

    def med(r: dict[str, Any], page: str, metric: str) -> float | None:
        return (r.get(page, {}).get(metric) or {}).get("median")

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
    for r, label in ((u, "unthrottled"), (t, "throttled")):
        for visit_kind in ("first", "repeat"):
            a, b = med(r, "auspex", f"{visit_kind}_ready"), med(r, "bare_wheels", f"{visit_kind}_ready")
            ratio = a / b if a and b else None
            out.append(
                (
                    f"engine ready within 1.25x bare Pyodide + same wheels ({visit_kind} visit, {label})",
                    f"{ratio:.2f}x ({a:.0f} / {b:.0f} ms)" if ratio else "n/a",
                    None if ratio is None else ratio <= 1.25,
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
    rt = med(t, "auspex", "resolve_median")
    out.append(
        (
            "resolve round trip median under 50 ms, throttled",
            f"{rt:.1f} ms" if rt else "n/a",
            None if rt is None else rt < 50,
        )
    )
    for r, label in ((u, "unthrottled"), (t, "throttled")):
        om, of = med(r, "auspex", "odds_median"), med(r, "auspex", "odds_first")
        out.append(
            (
                f"odds of a Full Auto Burst (RoF 10, Tearing, RF, armour by location) under 150 ms, {label}",
                f"{om:.0f} ms (first call, importing the odds engine: {of:.0f} ms)" if om and of else "n/a",
                None if om is None else om < 150,
            )
        )
    return out


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
        lines.append(f"\nCPU {key} (median [min-max] over runs)")
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
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--resolves", type=int, default=50)
    ap.add_argument("--throttle", type=float, action="append", help="CPU slowdown(s) to run (default 1 and 4)")
    ap.add_argument("--out", default=str(ROOT / "bench-results" / "bench.json"))
    ap.add_argument(
        "--engines", default="firefox,webkit", help="other browser engines to time (comma-separated; 'none' for none)"
    )
    ap.add_argument("--engine-runs", type=int, default=3, help="fresh browsers per other engine (WebKit takes ~1 min each)")
    ap.add_argument("--only-engines", action="store_true", help="time only the other engines, not Chromium")
    args = ap.parse_args(argv)
    if not (ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs").exists():
        print("static/vendor/ is missing: run `make vendor` first", file=sys.stderr)
        return 1
    started = time.time()
    engines = [e for e in args.engines.split(",") if e and e != "none"]
    results = {} if args.only_engines else run(args.runs, args.resolves, args.throttle or [1.0, 4.0])
    other = engine_ready(engines, args.engine_runs) if engines else {}
    checks = budgets(results)
    print(table(results))
    if other:
        print(engines_table(other))
    print("\nBudgets" if results else "")
    for name, measured, met in checks if results else []:
        mark = "n/a " if met is None else ("MET " if met else "MISS")
        print(f"  [{mark}] {name}: {measured}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {
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
            },
            indent=2,
        )
    )
    print(f"\nwritten to {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
