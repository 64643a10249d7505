// Worker of bare.html: load Pyodide from static/vendor/, optionally the wheels static/engine.js lists (WHEELS)
// (?wheels=1), optionally importing Auspex's engine as its worker does (?wheels=1&app=1).
self.onmessage = async (e) => {
  const { wheels, app, base } = e.data;
  const { loadPyodide } = await import(base + "static/vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: base + "static/vendor/pyodide/" });
  if (wheels) {
    const config = await (await fetch(base + "static/engine.js")).text();
    const urls = [...config.matchAll(/"(\.\/[^"]+\.whl)"/g)].map((m) => new URL(m[1], base).href);
    await pyodide.loadPackage(urls);
    // `import pydantic` alone is lazy; BaseModel loads the machinery any user of the wheel pays for.
    pyodide.runPython("from pydantic import BaseModel");
    // ?app=1: also what Auspex's worker does before Resolve is enabled (import, one warm-up call),
    // so the benchmark can tell PyScript's own cost from the engine's.
    if (app) pyodide.runPython("from auspex_web.worker import handle; handle('{}')");
  }
  self.postMessage(String(pyodide.runPython("1+1")));
};
