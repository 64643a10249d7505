// Worker of bare.html: load Pyodide from static/vendor/, optionally the wheels pyscript.toml lists.
self.onmessage = async (e) => {
  const { wheels, base } = e.data;
  const { loadPyodide } = await import(base + "static/vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: base + "static/vendor/pyodide/" });
  if (wheels) {
    const toml = await (await fetch(base + "pyscript.toml")).text();
    const urls = [...toml.matchAll(/"(\.\/[^"]+\.whl)"/g)].map((m) => new URL(m[1], base).href);
    await pyodide.loadPackage(urls);
    pyodide.runPython("import pydantic");
  }
  self.postMessage(String(pyodide.runPython("1+1")));
};
