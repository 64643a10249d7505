"""Write ``static/vendor/precache.js``: what the service worker (``sw.js``) precaches for offline use.

Run after ``tools/vendor.py`` (``make vendor`` does). Lists, as URLs relative to the page:

- ``runtime``: the vendored runtime the page loads: Pyodide's core, every pinned wheel, and the
  PyScript files it uses (``core.js`` and the chunks it imports on start, found by reading their
  imports; not CodeMirror, xterm or MicroPython, which load only for editors and terminals);
- ``app``: Auspex's own wheel and the forms' catalogue (served network-first, they change with the code);
- ``version``: a hash of the runtime files' names and contents, which names the service worker's
  cache, so a new runtime is precached anew.

Also checks that ``pyscript.toml`` lists exactly the wheels in ``static/vendor/`` (with
``packages_cache = "passthrough"`` nothing resolves dependencies, so a missing wheel breaks the
page), and exits 1 with a message when it does not.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"
OUT = VENDOR / "precache.js"

# PyScript's core chunk imports its plugins on start (the error overlay, the deprecations notice,
# donkey, and the py-editor / py-game / py-terminal hooks, which load nothing more until used) and
# its TOML parser; what those import lazily (CodeMirror, xterm, MicroPython) the page never uses.
# The page needs: core.js, what it imports statically, and the core chunk's dynamic imports
# except the editor's CodeMirror, the zip helper (used for `files` archives, which we do not use) and
# the packages graph (loaded only when pyscript.toml gives no index_urls; ours names one).
CORE_LAZY_UNUSED = re.compile(r"^(codemirror|zip|pyodide_graph)[-_.]")
STATIC_IMPORT = re.compile(r'\b(?:from|import)\s*"\./([^"]+)"')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"\./([^"]+)"\s*\)')


def rel(path: Path) -> str:
    return "./" + path.relative_to(ROOT).as_posix()


def pyscript_files() -> list[Path]:
    """core.js and the PyScript chunks it loads for a Pyodide worker (see CORE_LAZY_UNUSED)."""
    folder = VENDOR / "pyscript"
    (core_chunk,) = folder.glob("core-*.js")
    todo, seen = ["core.js"], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        text = (folder / name).read_text(encoding="utf-8")
        todo += STATIC_IMPORT.findall(text)
        if name == core_chunk.name:
            todo += [n for n in DYNAMIC_IMPORT.findall(text) if not CORE_LAZY_UNUSED.match(n)]
    return sorted(folder / name for name in seen)


def runtime_files() -> list[Path]:
    pyodide = sorted((VENDOR / "pyodide").iterdir())
    wheels = sorted((VENDOR / "wheels").glob("*.whl"))
    return [*pyscript_files(), *pyodide, *wheels]


def check_pyscript_toml(wheels: list[Path]) -> list[str]:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    listed = set(config.get("packages", []))
    present = {rel(p) for p in wheels}
    problems = [f"pyscript.toml lists {u}, which static/vendor/ does not hold" for u in sorted(listed - present)]
    problems += [f"pyscript.toml does not list {u}" for u in sorted(present - listed)]
    if not config.get("index_urls"):
        problems.append("pyscript.toml gives no index_urls: PyScript would load its packages graph, which is not precached")
    return problems


def main() -> int:
    if not (VENDOR / "pyodide" / "pyodide.mjs").exists():
        print("precache: static/vendor/ is empty: run tools/vendor.py first", file=sys.stderr)
        return 1
    runtime = runtime_files()
    app = sorted((VENDOR / "app").glob("*.whl"))
    problems = check_pyscript_toml([p for p in runtime if p.suffix == ".whl"] + app)
    app += sorted((VENDOR / "app").glob("*.json"))  # the forms' catalogue
    if problems:
        print("precache: " + "\n  ".join(problems), file=sys.stderr)
        return 1
    digest = hashlib.sha256()
    for path in runtime:
        digest.update(rel(path).encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    manifest = {
        "version": digest.hexdigest()[:16],
        "runtime": [rel(p) for p in runtime],
        "app": [rel(p) for p in app],
    }
    OUT.write_text(
        "// Written by tools/precache.py (make vendor): what sw.js precaches. Do not edit.\n"
        f"self.AUSPEX_PRECACHE = {json.dumps(manifest, indent=1)};\n"
    )
    size = sum(p.stat().st_size for p in runtime + app) / 1e6
    print(
        f"precache: {len(runtime)} runtime files + {len(app)} app wheel ({size:.1f} MB), version {manifest['version']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
