// What the engine's Python start costs in Pyodide, without a browser: `node tools/measure/importprof.mjs
// [--runs 5] [--importtime] [--profile] [--first] [CHECKOUT ...]` (run `make vendor` first).
//
// A diagnostic beside tools/measure/startprof.py, not a benchmark: Pyodide from static/vendor/ in Node (the
// same wasm and V8 as Chromium's worker, no page, no PyScript, no network), the wheels engine.js
// lists, then each CHECKOUT's rules/ and static/auspex_web/ sources written over the installed app
// wheel (default: this checkout), so two checkouts compare without rebuilding the wheel. Before the
// timing it imports what PyScript's worker imports before worker.py runs (asyncio, inspect, html,
// base64, io, json; `from pydantic import BaseModel` as tools/measure/bench/bare-worker.mjs does), so the
// figure is what worker.py adds: `import auspex_web.worker` and the warm-up call handle("{}").
//
// Each run is a fresh Node process's Pyodide (a module imported once is not imported again);
// checkouts are interleaved run by run, so a shared machine's noise falls on all alike. Prints, per
// checkout, the median [min-max] wall and CPU ms (CPU includes V8's background compile threads).
// --importtime: one run with CPython's -X importtime (modules over 3 ms, cumulative µs, to stderr).
// --profile: one run under cProfile (the 40 heaviest calls by cumulative time).
// --first: also the first Resolve (handle() of examples/lasgun.json, as the page's forms ask) and then
// the first Odds (odds() of tools/measure/bench/odds-full-auto.json) after the start, each timed alone: what a
// model built on first use (pydantic's defer_build) or a module imported on first use costs there.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const VENDOR = path.join(ROOT, "static/vendor");
const PRELUDE = "import asyncio, inspect, html, base64, io, json\nfrom pydantic import BaseModel";
const ENGINE = "import auspex_web.worker as w\nw.handle('{}')";
const PROFILE = `import cProfile, io as _io, pstats
_p = cProfile.Profile()
_p.enable()
${ENGINE}
_p.disable()
_s = _io.StringIO()
pstats.Stats(_p, stream=_s).sort_stats("cumulative").print_stats(40)
print(_s.getvalue())`;

function wheels() {
  const engine = fs.readFileSync(path.join(ROOT, "static/engine.js"), "utf8");
  return [...engine.matchAll(/"\.\/static\/vendor\/([^"]+\.whl)"/g)].map((m) => path.join(VENDOR, m[1]));
}

// One measurement, in this process: {wall, cpu} ms of the engine's start after the prelude.
async function once(checkout, mode) {
  const { loadPyodide } = await import(path.join(VENDOR, "pyodide/pyodide.mjs"));
  const lines = [];
  const py = await loadPyodide({
    indexURL: path.join(VENDOR, "pyodide/"),
    args: mode === "importtime" ? ["-X", "importtime"] : [],
    stdout: (s) => lines.push(s),
    stderr: (s) => lines.push(s),
  });
  await py.loadPackage(wheels(), { messageCallback: () => {} });
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const overlay = (from, to) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      if (entry.name === "__pycache__") continue;
      const source = path.join(from, entry.name);
      const target = `${to}/${entry.name}`;
      if (entry.isDirectory()) {
        py.FS.mkdirTree(target);
        overlay(source, target);
      } else if (/\.(py|json)$/.test(entry.name)) py.FS.writeFile(target, fs.readFileSync(source));
    }
  };
  overlay(path.join(checkout, "rules"), `${site}/rules`);
  overlay(path.join(checkout, "static/auspex_web"), `${site}/auspex_web`);
  py.runPython(PRELUDE);
  lines.length = 0; // the prelude's own import times are not the engine's
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  py.runPython(mode === "profile" ? PROFILE : ENGINE);
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  const got = { wall, cpu: (cpu.user + cpu.system) / 1000, lines };
  if (mode === "first") {
    const timed = (call, file) => {
      py.globals.set("_request", fs.readFileSync(path.join(ROOT, file), "utf8"));
      const t0 = performance.now();
      const status = py.runPython(`import json as _j\n_j.loads(${call})["status"]`);
      if (status !== "ok") throw new Error(`${call} on ${file}: ${status}`);
      return performance.now() - t0;
    };
    got.resolve = timed("w.handle(_request, True)", "examples/lasgun.json");
    got.odds = timed("w.odds(_request)", "tools/measure/bench/odds-full-auto.json");
  }
  return got;
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const argv = process.argv.slice(2);
if (argv[0] === "--child") {
  const got = await once(argv[1], argv[2]);
  if (argv[2] === "importtime") got.lines = got.lines.filter((l) => Number(l.split("|")[1]) > 3000);
  process.stdout.write(JSON.stringify(got));
} else {
  let runs = 5;
  let mode = "time";
  const checkouts = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--runs") runs = Number(argv[++i]);
    else if (argv[i] === "--importtime") mode = "importtime";
    else if (argv[i] === "--profile") mode = "profile";
    else if (argv[i] === "--first") mode = "first";
    else checkouts.push(path.resolve(argv[i]));
  }
  if (!checkouts.length) checkouts.push(ROOT);
  if (mode !== "time" && mode !== "first") runs = 1;
  const got = new Map(checkouts.map((c) => [c, []]));
  for (let run = 0; run < runs; run++) {
    for (const checkout of checkouts) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", checkout, mode], { maxBuffer: 1 << 26 });
      const one = JSON.parse(out.toString());
      if (mode === "importtime" || mode === "profile") process.stderr.write(`${checkout}\n${one.lines.join("\n")}\n`);
      got.get(checkout).push(one);
    }
  }
  console.log(`ms of import auspex_web.worker + handle("{}") in Pyodide (Node ${process.version}), median [min-max] of ${runs}`);
  for (const [checkout, all] of got) {
    const cell = (k) => `${median(all.map((r) => r[k])).toFixed(0)} [${Math.min(...all.map((r) => r[k])).toFixed(0)}-${Math.max(...all.map((r) => r[k])).toFixed(0)}]`;
    const first = mode === "first" ? `; first Resolve ${cell("resolve")}; first Odds ${cell("odds")}` : "";
    console.log(`${checkout}: wall ${cell("wall")}; cpu ${cell("cpu")}${first}`);
  }
}
