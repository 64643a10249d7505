"""Where the engine's start goes: ``python tools/measure/startprof.py [--runs 3] [--throttle 4] [--pages auspex,bare_engine]``.

A diagnostic for the start's budget (engine ready within 1.10x bare Pyodide + the same wheels), not a
benchmark (``make bench`` is). Serves the worktree, and for each run visits each page in turn
(interleaved, so the shared machine's noise falls on all of them alike) in a fresh Chromium profile
(first visit), then reloads it (repeat visit), with the CPU throttled ``--throttle`` times (CDP
``Emulation.setCPUThrottlingRate``). Prints per page and visit the median [min-max] over runs, in ms
from navigation start, of:

- the page's stage marks (``auspex:engine:*`` from static/engine.js: ``start`` boot begins,
  ``core`` PyScript's core.js imported, ``worker`` PyScript created the worker, ``python``
  Pyodide + wheels + worker.py's imports done; ``auspex:ready`` Resolve enabled);
- when the worker's own fetches ended (resource timing read inside the worker, moved onto the
  page's clock): ``pyodide.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip``, the last wheel.

``--progress``: also PyScript's own steps inside its worker (the ``py:progress`` events it dispatches
there: ``Loading Storage``, ``Loading interpreter``, ``Loaded interpreter``, ``Loaded Pyodide``), and
``py:script start`` / ``py:script end`` around the worker's script (its start is after PyScript's
codeBeforeRun hook: its ``pyscript`` package written to the file system and imported). The page's
workers are wrapped for it (a module that imports the real one and listens), so its times are a
diagnosis, not the benchmark's.

``--base DIR --pages base,auspex``: the same page from another checkout (``git archive`` of the
commit before, with a copy of static/vendor/) beside this one, for a before/after.

The bare pages are tools/measure/bench/bare.html (``bare_wheels``: Pyodide + the wheels; ``bare_engine``:
also importing Auspex's engine and one warm-up call, as tools/measure/bench.py names them) and
tools/measure/bench/bare-pyscript.html (``bare_pyscript``: PyScript's worker with the page's config running
1+1; ``pyscript_engine``: Auspex's worker and warm-up call in it), which mark the same stages.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.build.serve import Handler  # noqa: E402
from tools.measure import bench  # noqa: E402

PAGES = {
    "bare_wheels": "tools/measure/bench/bare.html?wheels=1",
    "bare_engine": "tools/measure/bench/bare.html?wheels=1&app=1",
    "bare_pyscript": "tools/measure/bench/bare-pyscript.html",
    "pyscript_engine": "tools/measure/bench/bare-pyscript.html?app=1",
    "auspex": "",
    "base": "",  # the page as served from --base (another checkout, with its static/vendor/): before/after
}
MARKS = """() => Object.fromEntries(performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('auspex:')).map((m) => [m.name.replace('auspex:', ''), m.startTime]))"""
ORIGIN = "() => performance.timeOrigin"
# inside a worker: when each of its fetches ended, on its own clock
WORKER_FETCHES = """() => ({ origin: performance.timeOrigin,
  entries: performance.getEntriesByType('resource').map((e) => [e.name, e.responseEnd]),
  marks: performance.getEntriesByType('mark').filter((m) => m.name.startsWith('py:')).map((m) => [m.name, m.startTime]) })"""
# --progress: every module worker wrapped so its py:progress events become marks, and a PyScript
# script's text (the message carrying it) marked at its first and last line.
PROGRESS = r"""(() => {
  const Native = globalThis.Worker;
  const listen = 'addEventListener("py:progress", (e) => performance.mark("py:" + e.detail));';
  globalThis.Worker = class extends Native {
    constructor(url, options) {
      const real = JSON.stringify(new URL(String(url), location.href).href);
      const module = options?.type === "module";
      const wrapper = module ? `import ${real};\n${listen}` : `importScripts(${real});\n${listen}`;
      super(URL.createObjectURL(new Blob([wrapper], { type: "text/javascript" })), options);
    }
    postMessage(data, ...rest) {
      if (data && typeof data.code === "string" && data.hooks) {
        const at = (what) => `import js as _startprof\n_startprof.performance.mark("py:script ${what}")\n`;
        data.code = at("start") + data.code + "\n" + at("end");
      }
      return super.postMessage(data, ...rest);
    }
  };
})();"""
FILES = {
    "pyodide.mjs": "/pyodide.mjs",
    "wasm": "pyodide.asm.wasm",
    "stdlib": "python_stdlib.zip",
}


def worker_fetches(page: Any) -> dict[str, float]:
    """The worker's fetch ends (ms from the page's navigation start), by FILES key and ``wheels``."""
    origin = page.evaluate(ORIGIN)
    out: dict[str, float] = {}
    for worker in page.workers:
        try:
            got = worker.evaluate(WORKER_FETCHES)
        except Exception:  # a worker that ended (the bench page's reference has one only)
            continue
        shift = got["origin"] - origin
        for name, end in got["entries"]:
            for key, part in FILES.items():
                if part in name:
                    out[key] = end + shift
            if name.endswith(".whl"):
                out["wheels"] = max(out.get("wheels", 0.0), end + shift)
        for name, at in got.get("marks", []):  # --progress: PyScript's steps
            out.setdefault(name, at + shift)
    return out


def serve(root: Path) -> Any:
    """A started static server of ``root`` under /auspex/ (tools/build/serve.py's handler), on a free port."""
    handler = type("Prefixed", (Handler,), {"prefix": "/auspex/"})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def start_figures(page: Any) -> dict[str, float]:
    """The start's figures of a page once it is ready: its stage marks and the worker's fetch ends."""
    got: dict[str, float] = page.evaluate(MARKS)
    got.update(worker_fetches(page))
    page.wait_for_timeout(500)  # the service worker's registration and precache settle
    return got


def visit(playwright: Any, url: str, throttle: float, progress: bool = False) -> dict[str, dict[str, float]]:
    """A first visit in a fresh profile and a reload in it: {"first": figures, "repeat": figures}
    (tools/measure/bench.py's visit, with :func:`start_figures` read; ``progress``: with :data:`PROGRESS`)."""
    out: dict[str, dict[str, float]] = bench.visit(
        playwright,
        url,
        throttle,
        True,
        measure=start_figures,
        init_script=PROGRESS if progress else None,
        keep=False,
        polling=20,
    )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--throttle", type=float, default=1.0)
    ap.add_argument("--pages", default="bare_wheels,bare_engine,auspex", help="comma-separated: " + ", ".join(PAGES))
    ap.add_argument("--progress", action="store_true", help="also PyScript's steps inside its worker (diagnosis)")
    ap.add_argument("--base", type=Path, help="a checkout (with static/vendor/) the page 'base' is served from")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    servers = [serve(ROOT)]
    if args.base:
        servers.append(serve(args.base.resolve()))
    names = args.pages.split(",")
    roots = {name: servers[-1 if name == "base" else 0] for name in names}
    raw: dict[str, dict[str, dict[str, list[float]]]] = {}
    with sync_playwright() as p:
        for _ in range(args.runs):
            for name in names:
                url = f"http://127.0.0.1:{roots[name].server_address[1]}/auspex/" + PAGES[name]
                for label, figures in visit(p, url, args.throttle, args.progress).items():
                    for key, value in figures.items():
                        raw.setdefault(name, {}).setdefault(label, {}).setdefault(key, []).append(value)
    for server in servers:
        server.shutdown()
    print(f"ms from navigation start, median [min-max] of {args.runs}, CPU throttle {args.throttle:g}x")
    for label in ("first", "repeat"):
        for name in names:
            figures = raw[name][label]
            order = sorted(figures, key=lambda k: statistics.median(figures[k]))
            cells = [
                f"{k} {statistics.median(figures[k]):.0f} [{min(figures[k]):.0f}-{max(figures[k]):.0f}]" for k in order
            ]
            print(f"{label:6} {name:12} " + "; ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
