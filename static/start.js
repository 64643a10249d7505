// The main rules engine's start, as early as the page allows. index.html loads
// this module on its own (async), so the worker's start (PyScript's core.js, worker.py, then Pyodide
// and the wheels in the worker) begins as soon as this file and static/engine.js have arrived,
// without waiting for static/app.js's module graph (the forms, the party, the tables, the tracker:
// about 25 files, three imports deep) to load and run. app.js imports it too (the same module, run
// once) and takes over the status, the Resolve button and the calls: the engine's events that came
// before it are replayed from Engine.detail. A start that fails is reported the same way.
import { Engine, engines } from "./engine.js";

/** The page's main engine (resolve, the party's import check, the tracker's initiative), started. */
export const mainEngine = (engines.main ??= new Engine("rules engine"));
mainEngine.start();
