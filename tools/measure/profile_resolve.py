"""Where the Resolve round trip spends its time: a diagnostic, not a benchmark.

Opens the page in Chromium (a fresh on-disk profile), waits for the ``auspex:ready`` mark, throttles
the page's main thread (CDP ``Emulation.setCPUThrottlingRate``; the worker is not throttled), then:

1. times ``--runs`` taps exactly as ``tools/measure/bench.py``'s RESOLVE_ONCE does (click on #resolve ->
   MutationObserver on #result -> rAF + setTimeout 0): median, p95, min, max;
2. records a CDP trace of ``--traced`` more taps and splits each tap's main-thread time by what ran
   (script by file, style recalculation, layout, HTML parsing, paint, ...), with the worker's own busy
   time (its Python resolve + render) beside it, averaged per tap;
3. reports the result's HTML size (bytes) and element count.

    .venv/bin/python tools/measure/profile_resolve.py --throttle 4 --runs 50
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.build.serve import make_server  # noqa: E402
from tools.measure.bench import RESOLVE_ONCE  # noqa: E402  (the bench's own tap, so the profile times what it times)
from tools.testing.browser import launch_persistent  # noqa: E402

SIZE = """() => { const r = document.querySelector('#result');
  return { bytes: new TextEncoder().encode(r.innerHTML).length, elements: r.querySelectorAll('*').length }; }"""

CATEGORIES = {
    "FunctionCall": "script",
    "EvaluateScript": "script",
    "v8.compile": "script",
    "TimerFire": "script",
    "EventDispatch": "script",
    "FireAnimationFrame": "script",
    "RunMicrotasks": "script",
    "UpdateLayoutTree": "style",
    "RecalculateStyles": "style",
    "Layout": "layout",
    "ParseHTML": "parse HTML",
    "Paint": "paint",
    "PrePaint": "paint",
    "Layerize": "paint",
    "UpdateLayer": "paint",
    "CompositeLayers": "paint",
    "Commit": "paint",
    "HitTest": "hit test",
    "ScheduleStyleRecalculation": "style",
    "MajorGC": "GC",
    "MinorGC": "GC",
    "V8.GC_SCAVENGER": "GC",
}


def split(events: list[dict[str, Any]], taps: int) -> dict[str, Any]:
    """The main thread's self time per tap by category and by trace event (each complete event's
    duration less its children's), the script time by file, and the worker's busy time."""
    names = {
        (e["pid"], e["tid"]): e["args"].get("name")
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    by_cat: dict[str, float] = defaultdict(float)
    by_name: dict[str, float] = defaultdict(float)
    scripts: dict[str, float] = defaultdict(float)
    worker = worker_cpu = main_cpu = 0.0
    counts: dict[str, int] = defaultdict(int)
    threads: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "dur" in e:
            threads[(e["pid"], e["tid"])].append(e)
    for key, xs in threads.items():
        tasks = [e for e in xs if e["name"] == "ThreadControllerImpl::RunTask"]
        if names.get(key) == "DedicatedWorker thread":
            worker += sum(e["dur"] for e in tasks) / 1000
            worker_cpu += sum(e.get("tdur", 0) for e in tasks) / 1000
        if names.get(key) == "CrRendererMain":
            main_cpu += sum(e.get("tdur", 0) for e in tasks) / 1000
        if names.get(key) != "CrRendererMain":
            continue
        xs.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack: list[dict[str, Any]] = []
        for e in xs:
            e["_self"] = e["dur"]
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                stack.pop()
            if stack:
                stack[-1]["_self"] -= e["dur"]
                e["_url"] = stack[-1].get("_url")
            data = e.get("args", {}).get("data", {})
            if data.get("url"):
                e["_url"] = data["url"].rsplit("/", 1)[-1]
            stack.append(e)
        for e in xs:
            ms = max(e["_self"], 0) / 1000
            by_name[e["name"]] += ms
            counts[e["name"]] += 1
            cat = CATEGORIES.get(e["name"], "other")
            by_cat[cat] += ms
            if cat == "script" or e["name"].startswith("V8") or e["name"].startswith("v8"):
                scripts[e.get("_url") or "?"] += ms

    def top(d: dict[str, float], n: int = 15) -> dict[str, float]:
        return {k: round(v / taps, 2) for k, v in sorted(d.items(), key=lambda kv: -kv[1])[:n] if v / taps >= 0.05}

    return {
        "main_by_category": top(by_cat),
        "main_by_event": top(by_name, 25),
        "script_by_file": top(scripts),
        "main_cpu": round(main_cpu / taps, 2),
        "worker_busy": round(worker / taps, 2),
        "worker_cpu": round(worker_cpu / taps, 2),
        "frames_per_tap": {k: round(counts[k] / taps, 1) for k in ("Paint", "Layout", "UpdateLayoutTree", "Commit")},
    }


def js_profile(page: Any, cdp: Any, taps: int) -> dict[str, float]:
    """The main thread's JavaScript self time per tap by function (V8's sampling profiler, 50 us)."""
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 50})
    cdp.send("Profiler.start")
    for _ in range(taps):
        page.evaluate(RESOLVE_ONCE)
    prof = cdp.send("Profiler.stop")["profile"]
    nodes = {n["id"]: n for n in prof["nodes"]}
    self_us: dict[str, float] = defaultdict(float)
    for sample, delta in zip(prof["samples"], prof["timeDeltas"], strict=True):
        f = nodes[sample]["callFrame"]
        where = f["url"].rsplit("/", 1)[-1]
        self_us[f"{f['functionName'] or '(anonymous)'} {where}:{f['lineNumber'] + 1}".strip()] += delta
    ranked = sorted(self_us.items(), key=lambda kv: -kv[1])
    return {k: round(v / 1000 / taps, 2) for k, v in ranked[:20] if not k.startswith("(idle)")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--throttle", type=float, default=4.0)
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--traced", type=int, default=10, help="taps recorded in the trace (0: none)")
    ap.add_argument("--width", type=int, default=1280, help="viewport width (px; 1280 as the bench, 390 a phone)")
    ap.add_argument("--css", default="", help="a style sheet added to the page (to try a change before making it)")
    ap.add_argument(
        "--trace-out", type=Path, help="write the trace's events here (open in DevTools' Performance panel)"
    )
    ap.add_argument("--invalidations", action="store_true", help="trace what invalidates style, layout and paint too")
    ap.add_argument("--json", action="store_true", help="print JSON only")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = make_server(0, "/auspex/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/auspex/"
    profile = tempfile.mkdtemp(prefix="auspex-profile-")
    report: dict[str, Any] = {"throttle": args.throttle}
    try:
        with sync_playwright() as p:
            context = launch_persistent(p, profile)
            page = context.pages[0] if context.pages else context.new_page()
            page.set_viewport_size({"width": args.width, "height": 720 if args.width >= 760 else 800})
            page.goto(url)
            page.wait_for_function(
                "() => performance.getEntriesByName('auspex:ready').length > 0", timeout=180_000, polling=50
            )
            if args.css:
                # a constructed sheet: the page's CSP refuses an inline <style>
                page.evaluate(
                    "(css) => { const s = new CSSStyleSheet(); s.replaceSync(css); document.adoptedStyleSheets = [s]; }",
                    args.css,
                )
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
            for _ in range(3):  # warm-up: the first calls compile what later ones reuse
                page.evaluate(RESOLVE_ONCE)
            times = sorted(page.evaluate(RESOLVE_ONCE) for _ in range(args.runs))
            report["resolve"] = {
                "median": round(statistics.median(times), 1),
                "p95": round(times[min(len(times) - 1, round(0.95 * (len(times) - 1)))], 1),
                "min": round(times[0], 1),
                "max": round(times[-1], 1),
            }
            report["result"] = page.evaluate(SIZE)
            if args.traced:
                events: list[dict[str, Any]] = []
                cdp.on("Tracing.dataCollected", lambda d: events.extend(d["value"]))
                done = threading.Event()
                cdp.on("Tracing.tracingComplete", lambda _d: done.set())
                cats = "devtools.timeline,disabled-by-default-devtools.timeline,toplevel"
                if args.invalidations:
                    cats += ",disabled-by-default-devtools.timeline.invalidationTracking"
                cdp.send("Tracing.start", {"categories": cats, "transferMode": "ReportEvents"})
                traced = [page.evaluate(RESOLVE_ONCE) for _ in range(args.traced)]
                cdp.send("Tracing.end")
                while not done.is_set():
                    page.wait_for_timeout(100)
                report["js_self_by_function"] = js_profile(page, cdp, args.traced)
                report["traced_median"] = round(statistics.median(traced), 1)
                if args.trace_out:
                    args.trace_out.write_text(json.dumps({"traceEvents": events}), encoding="utf-8")
                report.update(split(events, args.traced))
            context.close()
    finally:
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    print(json.dumps(report, indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
