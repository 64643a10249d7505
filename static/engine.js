// The rules engine's workers: how each starts, fails, is restarted and is called.
//
// Python (Pyodide) runs in PyScript workers, never on the page's thread. Each Engine is one such
// worker: the page's main one (resolve, the party's import check, initiative) and, opened lazily by
// the Odds panel, a second one for the odds, so a Resolve never waits behind the odds.
//
// A start goes through stages, each with an error path and a time limit, and a failure names the
// file or stage that failed: PyScript (core.js and its chunks, imported here; index.html only hints them),
// the worker's Python source (static/auspex_web/worker.py, fetched here), then the worker itself
// (Pyodide: pyodide.mjs, pyodide.asm.mjs/.wasm, python_stdlib.zip; then the wheels), and a first
// call. The configuration is inline (config()): every URL absolute and on the page's own origin,
// the interpreter given, so PyScript has no config file to miss and never reaches for its CDN.
//
// A call never rejects: it answers the worker's JSON text, or a JSON envelope
// {"status": "error" | "cancelled", "message"} when the worker could not answer. A call that
// rejects (a JS-side error: Pyodide's fatal errors, "Maximum call stack size exceeded") or a
// worker that reports an error means the worker is dead: it is terminated and, for the main
// engine, started again at once. cancel() does the same on the player's request.

const PAGE = new URL("../", import.meta.url); // this file is static/engine.js
const url = (path) => new URL(path, PAGE).href;

const CORE = "./static/vendor/pyscript/core.js";
const WORKER = "./static/auspex_web/worker.py";
export const PYODIDE = "./static/vendor/pyodide/pyodide.mjs";
// Every wheel the worker installs, dependencies included: with packages_cache "passthrough" Pyodide
// loads these URLs directly (no micropip, nothing resolves dependencies). tools/build/precache.py checks
// this list against static/vendor/ and fails `make vendor` when they differ.
export const WHEELS = [
  "./static/vendor/wheels/typing_extensions-4.16.0-py3-none-any.whl",
  "./static/vendor/wheels/annotated_types-0.8.0-py3-none-any.whl",
  "./static/vendor/wheels/typing_inspection-0.4.5-py3-none-any.whl",
  "./static/vendor/wheels/pydantic_core-2.50.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
  "./static/vendor/wheels/pydantic-2.14.3-py3-none-any.whl",
  "./static/vendor/app/auspex-0.1.0-py3-none-any.whl",
];

// Time limits (ms). A first visit downloads about 16 MB; a slow phone line gets minutes.
export const LIMITS = {
  core: 60_000, // core.js and the chunks it imports (about 150 KB)
  source: 30_000, // worker.py (a few hundred bytes)
  worker: 30_000, // PyScript reads the script element and creates the worker
  python: 120_000, // Pyodide and the wheels, downloaded and started in the worker
  firstCall: 60_000, // the first call (imports the rules)
  check: 8_000, // a start this slow has its files checked (diagnose()), and again every 15 s
  probe: 15_000, // one file's headers, when checking
  busy: 3_000, // a call this old shows "Working… Cancel"
};

/** The worker's PyScript configuration: Pyodide and the wheels from this origin, nothing else. */
export function config() {
  return {
    interpreter: url(PYODIDE),
    packages_cache: "passthrough",
    // The worker never touches the DOM: no SharedArrayBuffer needed (GitHub Pages cannot enable it).
    sync_main_only: true,
    // Every package is a URL: naming an index keeps PyScript from loading its packages graph.
    index_urls: [url("./static/vendor/wheels/")],
    packages: WHEELS.map(url),
  };
}

/** A start that failed: `what` names the file or stage, `retry` says whether a restart can help
 * without reloading the page (a module that failed to import stays failed until a reload). */
export class StartError extends Error {
  constructor(what, detail, { reload = false } = {}) {
    super(`${what} ${detail}`);
    this.name = "StartError";
    this.what = what;
    this.detail = detail;
    this.reload = reload;
  }
}

function within(promise, ms, onTimeout) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// Which file a start failed on. Pyodide does not always say (a wasm or stdlib that did not load
// leaves the worker waiting for ever), so while a start takes long, and when it fails, the files
// it needs are asked for again here, headers only: the first that fails is named.
const START_FILES = [
  CORE,
  PYODIDE,
  "./static/vendor/pyodide/pyodide.asm.mjs",
  "./static/vendor/pyodide/pyodide.asm.wasm",
  "./static/vendor/pyodide/python_stdlib.zip",
  ...WHEELS,
];

async function startFiles() {
  // PyScript's chunks too: tools/build/precache.py lists every file the start needs (static/vendor/precache.js)
  if (navigator.serviceWorker?.controller) return START_FILES; // the offline copy holds them all
  try {
    const text = await (await fetch(url("./static/vendor/precache.js"))).text();
    const runtime = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)).runtime;
    // not PyScript's TOML parser: the config is inline JSON, so a start never needs it
    return [...new Set([...START_FILES, ...runtime, ...WHEELS])].filter((f) => !/\/toml-[^/]*\.js$/.test(f));
  } catch {
    return START_FILES;
  }
}

// Asked for with HEAD (headers only); a page the service worker controls has the file when it is
// in the offline copy (which that worker answers from), checked without a request.
async function reachable(path) {
  if (navigator.serviceWorker?.controller && (await caches.match(url(path)).catch(() => null))) return null;
  const control = new AbortController();
  try {
    const response = await within(fetch(url(path), { method: "HEAD", signal: control.signal }), LIMITS.probe, () => "slow");
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    // only a definite failure names a file: a slow answer is left to the start's own time limit
    if (error === "slow") {
      control.abort();
      return null;
    }
    return error.message || "failed";
  }
}

/** The first file a start needs that cannot be fetched now, as a StartError, or null. */
export async function diagnose() {
  const files = await startFiles();
  const answers = await Promise.all(files.map(reachable));
  const i = answers.findIndex((a) => a !== null);
  return i < 0 ? null : new StartError(files[i].slice(2), `could not be loaded (${answers[i]})`, { reload: files[i].includes("/pyscript/") });
}

// A path on this origin named in an error's message ("…/static/vendor/pyodide/pyodide.mjs"), or null.
function pathIn(error) {
  const text = `${error?.message ?? error}`;
  const at = text.indexOf(PAGE.href);
  return at < 0 ? null : text.slice(at + PAGE.href.length).split(/[\s,;)'"]/)[0].replace(/\.$/, "");
}

let core = null; // PyScript's core.js, imported once per page
let source = null; // worker.py's text, fetched once per page

// Errors PyScript and Pyodide leave unhandled while an engine starts (a chunk PyScript imports on
// its own, a file the worker fetches) end that start at once, named, instead of leaving it waiting.
const starting = new Set(); // the runs now starting: {fail(StartError)}

addEventListener("unhandledrejection", (event) => {
  const path = pathIn(event.reason);
  if (!path || !starting.size) return;
  event.preventDefault(); // reported in the engine's status instead
  console.error("auspex: while starting the rules engine", event.reason);
  for (const run of starting) run.fail(new StartError(path, "could not be loaded", { reload: path.includes("/pyscript/") }));
});

function loadCore() {
  core ??= within(import(url(CORE)), LIMITS.core, () => new StartError("static/vendor/pyscript/core.js", "did not load", { reload: true })).catch(
    (error) => {
      core = null;
      throw error instanceof StartError ? error : new StartError("PyScript (static/vendor/pyscript/)", `did not load (${error.message})`, { reload: true });
    },
  );
  return core;
}

function loadSource() {
  source ??= within(
    fetch(url(WORKER)).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`)))),
    LIMITS.source,
    () => new StartError("static/auspex_web/worker.py", "did not load"),
  ).catch((error) => {
    source = null;
    throw error instanceof StartError ? error : new StartError("static/auspex_web/worker.py", `could not be loaded (${error.message})`);
  });
  return source;
}

// PyScript 0.7.31 gives a declared worker's <script> element an `xworker` property once it has
// read the element; it appears asynchronously and with no event.
function xworkerOf(script, run) {
  return new Promise((resolve, reject) => {
    const look = () => {
      if (run.ended) reject(new StartError("the rules engine", "stopped while starting"));
      else if (script.xworker) resolve(script.xworker);
      else setTimeout(look, 20);
    };
    look();
  });
}

// The first start's stages as performance marks ("auspex:engine:core" ...), read by tools/measure/startprof.py:
// start (boot begins), core (PyScript's core.js and chunks imported), worker (PyScript created the
// worker), python (Pyodide, the wheels and worker.py's imports done), then app.js's auspex:ready.
function mark(stage) {
  const name = `auspex:engine:${stage}`;
  if (!performance.getEntriesByName(name).length) performance.mark(name);
}

/** The page's engines by role ("main", "odds"), as app.js makes them: for the browser tests. */
export const engines = {};

/** One rules-engine worker, started on demand and restarted after a fatal error or a cancel.
 *
 * Events (`state`, detail {state, message}): "starting", "ready", "failed" (a start that failed:
 * detail.error is the StartError), "stopped" (a fatal error or a cancel ended the worker; a main
 * engine starts again at once), "busy" (a call has run for LIMITS.busy), "idle". */
export class Engine extends EventTarget {
  constructor(label, { restart = true } = {}) {
    super();
    this.label = label;
    this.restart = restart; // start again at once after a fatal error or a cancel
    this.run = null; // the current worker: {script, xworker, ready, calls, ended, started}
    this.state = "idle";
    this.detail = null; // the last event's detail: what a listener added late replays
    this.busySince = null;
  }

  emit(state, detail = {}) {
    this.state = state;
    this.detail = { state, ...detail };
    this.dispatchEvent(new CustomEvent("state", { detail: this.detail }));
  }

  /** The running worker's exports (Promise), starting it when none runs. Rejects with a StartError. */
  start() {
    if (this.run && !this.run.ended) return this.run.ready;
    const run = { script: null, xworker: null, calls: new Set(), ended: null, started: false };
    this.run = run;
    this.emit("starting");
    run.ready = this.watch(run).then(
      (sync) => {
        if (this.run === run && !run.ended) this.emit("ready");
        return sync;
      },
      (failure) => {
        console.error(`auspex: the ${this.label} did not start`, failure);
        if (this.run === run && !run.ended) {
          this.end(run, failure.message);
          this.emit("failed", { error: failure, message: failure.message });
        }
        throw failure;
      },
    );
    run.ready.catch(() => {}); // failures are reported through the "failed" event
    return run.ready;
  }

  // boot(), with its files checked while it takes long and when it fails, to name what failed.
  watch(run) {
    return new Promise((resolve, reject) => {
      let timer;
      let settled = false;
      const settle = (fn, value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn(value);
      };
      const check = async () => {
        const broken = await diagnose();
        if (broken) settle(reject, broken);
        else if (!settled) timer = setTimeout(check, 15_000);
      };
      timer = setTimeout(check, LIMITS.check);
      // a worker's uncaught error while it starts (Pyodide failing to fetch a file), or a chunk's
      run.fail = async (error) => {
        if (settled) return;
        const broken = await diagnose();
        settle(reject, broken ?? error);
      };
      run.stopped = () => settle(reject, new StartError(`the ${this.label}`, "was stopped while starting"));
      starting.add(run);
      this.boot(run).finally(() => starting.delete(run)).then(
        (sync) => settle(resolve, sync),
        async (error) => {
          const broken = await diagnose();
          if (broken) return settle(reject, broken);
          if (error instanceof StartError) return settle(reject, error);
          const path = pathIn(error);
          if (path) return settle(reject, new StartError(path, "could not be loaded", { reload: path.includes("/pyscript/") }));
          settle(reject, new StartError("the rules engine", `failed to start (${error?.message ?? error})`));
        },
      );
    });
  }

  async boot(run) {
    mark("start");
    const [, code] = await Promise.all([loadCore().then(() => mark("core")), loadSource()]);
    if (run.ended) throw new StartError("the rules engine", "stopped while starting");
    const script = document.createElement("script");
    script.type = "py";
    script.setAttribute("worker", "");
    script.setAttribute("config", JSON.stringify(config()));
    script.setAttribute("version", url(PYODIDE));
    script.dataset.engine = this.label;
    script.textContent = code;
    run.script = script;
    // static/start.js may get here while the page is still parsed: PyScript reads the element anywhere
    (document.body ?? document.head).append(script);
    const xworker = await within(xworkerOf(script, run), LIMITS.worker, () => new StartError("PyScript", "did not create the worker"));
    run.xworker = xworker;
    mark("worker");
    xworker.addEventListener("error", (event) => {
      if (this.run !== run || run.ended) return;
      event.preventDefault(); // reported in the engine's status instead
      const why = event.error?.message ?? event.message ?? "the worker reported an error";
      if (run.started) this.fatal(run, event.error ?? why);
      else run.fail(new StartError("Pyodide (static/vendor/pyodide/)", `failed while starting (${why.replace(/^Uncaught \w*:? ?/, "")})`));
    });
    await within(xworker.ready, LIMITS.python, () => new StartError("Pyodide and the wheels", `not started in ${LIMITS.python / 1000} s`));
    mark("python");
    // `ready` also resolves when the worker's Python failed (an import that failed): then the
    // first call fails, and the start with it.
    const sync = xworker.sync;
    const first = await within(sync.handle("{}"), LIMITS.firstCall, () => new StartError("the rules engine's first call", "no answer"));
    JSON.parse(first);
    run.started = true;
    return sync;
  }

  // Ends a worker: every call still waiting on it answers `envelope`.
  end(run, message, envelope = null) {
    if (run.ended) return;
    run.ended = envelope ?? { status: "error", message };
    run.stopped?.(); // a start still under way ends now
    for (const finish of run.calls) finish(run.ended);
    run.calls.clear();
    try {
      run.xworker?.terminate();
    } catch (error) {
      console.warn("auspex: terminating a worker", error);
    }
    run.script?.remove();
    if (this.run === run) this.noteBusy();
  }

  fatal(run, error) {
    const why = `${error?.message ?? error}`;
    console.error(`auspex: the ${this.label} stopped`, error);
    this.end(run, why, {
      status: "error",
      message: `The ${this.label} stopped (${why}) and is restarting. Nothing you typed is lost: try again in a moment.`,
    });
    this.emit("stopped", { message: why, reason: "fatal" });
    if (this.restart) this.start();
  }

  /** Starts again now: the worker still starting (or failed) is ended first. */
  retry() {
    if (this.run && !this.run.ended && !this.run.started) this.end(this.run, "Restarted.");
    return this.start();
  }

  /** Stops the running worker (its calls answer {"status": "cancelled"}); the main engine starts
   * a fresh one at once, others when next called. */
  cancel(message = "Cancelled.") {
    const run = this.run;
    if (!run || run.ended) return;
    this.end(run, message, { status: "cancelled", message });
    this.emit("stopped", { message, reason: "cancel" });
    if (this.restart) this.start();
  }

  /** Whether a call of the worker's `method` is in flight now. */
  busyWith(method) {
    return !!this.run && !this.run.ended && [...this.run.calls].some((finish) => finish.method === method);
  }

  /** Whether a call is in flight, and since when (performance.now()), for the busy controls. */
  noteBusy() {
    const calls = this.run && !this.run.ended ? [...this.run.calls] : [];
    if (!calls.length) {
      this.busySince = null;
      clearTimeout(this.busyTimer);
      if (this.state === "busy") this.emit("idle");
    } else if (this.busySince === null) {
      this.busySince = performance.now();
      clearTimeout(this.busyTimer);
      this.busyTimer = setTimeout(() => {
        if (this.busySince !== null) this.emit("busy", { since: this.busySince });
      }, LIMITS.busy);
    }
  }

  /** Calls the worker's `method(...args)`; answers its JSON text, or a JSON error envelope. */
  async call(method, ...args) {
    let sync;
    const ready = this.start();
    const run = this.run;
    try {
      sync = await ready;
    } catch (error) {
      if (run.ended?.status === "cancelled") return JSON.stringify(run.ended); // stopped while starting
      return JSON.stringify({ status: "error", message: `The ${this.label} is not running: ${error.message}.` });
    }
    if (run.ended) return JSON.stringify(run.ended);
    let finish;
    const ended = new Promise((resolve) => {
      finish = resolve;
    });
    finish.method = method; // what the call is, for busyWith
    run.calls.add(finish);
    this.noteBusy();
    try {
      const answer = await Promise.race([sync[method](...args), ended]);
      if (typeof answer === "string") return answer;
      return JSON.stringify(answer);
    } catch (error) {
      // A JS-side error, not the worker's JSON: Pyodide cannot be trusted after it (a fatal error).
      if (this.run === run && !run.ended) this.fatal(run, error);
      return JSON.stringify(run.ended ?? { status: "error", message: `The ${this.label} stopped: ${error?.message ?? error}` });
    } finally {
      run.calls.delete(finish);
      if (this.run === run) this.noteBusy();
    }
  }
}
