"""Write ``static/vendor/precache.js``: what the service worker (``sw.js``) precaches, and its version.

Run after ``tools/build/vendor.py`` (``make vendor`` does), and again after changing any file the page
loads: the service worker serves the version it precached, whole, until a new version replaces it.
Lists, as URLs relative to the page:

- ``runtime``: the vendored runtime the page loads: Pyodide's core, every pinned wheel, and the
  PyScript files it uses (``core.js`` and the chunks it imports on start, found by reading their
  imports; not CodeMirror, xterm or MicroPython, which load only for editors and terminals);
- ``app``: Auspex's own files: the page (as ``./``), every ``static/*.js``, ``*.css``, ``*.svg``,
  ``*.webmanifest`` and ``*.png`` (but the install icons: see install_only), every
  ``static/families/*.js`` (each ruleset family's forms), the worker's
  ``worker.py``, the app wheel and the forms' catalogue;
- ``version``: a hash of the names and contents of all of those and of ``sw.js`` itself. It names
  the service worker's cache, and any change to any file changes it, which makes the browser
  install the new version beside the old one (see sw.js).

Also checks that the workers' inline configuration (``WHEELS`` and ``PYODIDE`` in ``static/engine.js``,
which the page uses so that PyScript has no config file to miss and fall back to its CDN) is the one
``pyscript.toml`` declares (the page never fetches that file), lists
exactly the wheels in ``static/vendor/`` (with ``packages_cache: "passthrough"`` nothing resolves
dependencies, so a missing wheel breaks the page) and names an index (``index_urls``), and exits 1
with a message when it does not.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENDOR = ROOT / "static" / "vendor"
OUT = VENDOR / "precache.js"

# PyScript's core chunk imports its plugins on start (the error overlay, the deprecations notice,
# donkey, and the py-editor / py-game / py-terminal hooks, which load nothing more until used) and
# its TOML parser; what those import lazily (CodeMirror, xterm, MicroPython) the page never uses.
# The page needs: core.js, what it imports statically, and the core chunk's dynamic imports
# except the editor's CodeMirror, the zip helper (used for `files` archives, which we do not use) and
# the packages graph (loaded only when the config gives no index_urls; static/engine.js names one).
CORE_LAZY_UNUSED = re.compile(r"^(codemirror|zip|pyodide_graph)[-_.]")
STATIC_IMPORT = re.compile(r'\b(?:from|import)\s*"\./([^"]+)"')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"\./([^"]+)"\s*\)')
# Auspex's own files in static/, by kind; a new module or style sheet there is precached as it is added.
APP_EXTENSIONS = ("js", "css", "svg", "webmanifest", "png")
APPLE_TOUCH_ICON = re.compile(r'<link rel="apple-touch-icon" href="\./static/([^"/]+)"')


def install_only() -> set[str]:
    """The install icons' file names in static/ (tools/build/icons.py): the manifest's PNG icons and the
    apple-touch-icon. The browser fetches them itself, online, when it installs the app; the page
    never loads them, and precaching them would add their 16 KB to every first visit."""
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    names = {icon["src"] for icon in manifest["icons"] if icon.get("type") == "image/png"}
    return names | set(APPLE_TOUCH_ICON.findall((ROOT / "index.html").read_text()))


def rel(path: Path) -> str:
    """A file's URL relative to the page."""
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
    """The vendored runtime the page loads: PyScript's files, Pyodide's core, the pinned wheels, the QR encoder and decoder."""
    pyodide = sorted((VENDOR / "pyodide").iterdir())
    wheels = sorted((VENDOR / "wheels").glob("*.whl"))
    qrcode = sorted((VENDOR / "qrcode").glob("*.mjs"))  # the players' link's QR encoder
    jsqr = sorted((VENDOR / "jsqr").glob("*.js"))  # the QR decoder where the browser has no BarcodeDetector
    return [*pyscript_files(), *pyodide, *wheels, *qrcode, *jsqr]


ENGINE_JS = ROOT / "static" / "engine.js"
PYSCRIPT_TOML = ROOT / "pyscript.toml"
WHEELS_LIST = re.compile(r"export const WHEELS = \[(.*?)\];", re.S)
PYODIDE_URL = re.compile(r'export const PYODIDE = "([^"]+)";')


def check_declared_config(engine_js: str, declared: dict[str, object]) -> list[str]:
    """What differs between static/engine.js's inline configuration and pyscript.toml's (``declared``,
    parsed): the interpreter, the wheel list in order, the index and the cache mode (nothing: [])."""
    problems = []
    found = WHEELS_LIST.search(engine_js)
    listed = re.findall(r'"([^"]+)"', found.group(1)) if found else []
    if listed != declared.get("packages"):
        problems.append(
            "static/engine.js's WHEELS and pyscript.toml's packages differ (the same wheels, in the same order)"
        )
    pyodide = PYODIDE_URL.search(engine_js)
    if pyodide is None or pyodide.group(1) != declared.get("interpreter"):
        problems.append("static/engine.js's PYODIDE and pyscript.toml's interpreter differ")
    for key, js in (
        ("index_urls", "index_urls:"),
        ("packages_cache", 'packages_cache: "passthrough"'),
        ("sync_main_only", "sync_main_only: true"),
    ):
        if key not in declared or js not in engine_js:
            problems.append(f"pyscript.toml and static/engine.js do not both give {key}")
    return problems


def check_engine_config(wheels: list[Path]) -> list[str]:
    """What is wrong with static/engine.js's wheel list (WHEELS) against the wheels vendored (nothing: [])."""
    text = ENGINE_JS.read_text(encoding="utf-8")
    found = WHEELS_LIST.search(text)
    if not found:
        return ["static/engine.js has no `export const WHEELS = [...]` list"]
    listed = set(re.findall(r'"([^"]+)"', found.group(1)))
    present = {rel(p) for p in wheels}
    problems = [f"static/engine.js lists {u}, which static/vendor/ does not hold" for u in sorted(listed - present)]
    problems += [f"static/engine.js does not list {u}" for u in sorted(present - listed)]
    if "index_urls:" not in text:
        problems.append(
            "static/engine.js gives no index_urls: PyScript would load its packages graph, which is not precached"
        )
    with PYSCRIPT_TOML.open("rb") as f:
        problems += check_declared_config(text, tomllib.load(f))
    return problems


def app_files() -> list[Path]:
    """Auspex's own files the page loads (the page first), each as it is on disk."""
    static = ROOT / "static"
    skip = install_only()
    own = sorted(p for ext in APP_EXTENSIONS for p in static.glob(f"*.{ext}") if p.name not in skip)
    families = sorted((static / "families").glob("*.js"))  # each ruleset family's forms
    app = VENDOR / "app"
    return [
        ROOT / "index.html",
        *own,
        *families,
        static / "auspex_web" / "worker.py",
        *sorted(app.glob("*.whl")),
        *sorted(app.glob("*.json")),  # the forms' catalogue
    ]


def url(path: Path) -> str:
    """The URL the page asks for: the page itself as "./" (precached once: see sw.js)."""
    return "./" if path == ROOT / "index.html" else rel(path)


def version_of(files: list[tuple[str, bytes]]) -> str:
    """A short hash of each file's URL and content, in order: the precached version's name."""
    digest = hashlib.sha256()
    for name, content in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256(content).digest())
    return digest.hexdigest()[:16]


def main() -> int:
    """Write precache.js; exit status 1, with a message, when a file is missing or static/engine.js's wheel list is wrong."""
    if not (VENDOR / "pyodide" / "pyodide.mjs").exists():
        print("precache: static/vendor/ is empty: run tools/build/vendor.py first", file=sys.stderr)
        return 1
    runtime = runtime_files()
    app = app_files()
    problems = check_engine_config([p for p in runtime + app if p.suffix == ".whl"])
    problems += [f"{rel(p)} is missing" for p in app if not p.exists()]
    if problems:
        print("precache: " + "\n  ".join(problems), file=sys.stderr)
        return 1
    files = [*runtime, *app, ROOT / "sw.js"]
    manifest = {
        "version": version_of([(url(p), p.read_bytes()) for p in files]),
        "runtime": [url(p) for p in runtime],
        "app": [url(p) for p in app],
    }
    OUT.write_text(
        "// Written by tools/build/precache.py (make vendor): what sw.js precaches. Do not edit.\n"
        f"self.AUSPEX_PRECACHE = {json.dumps(manifest, indent=1)};\n"
    )
    size = sum(p.stat().st_size for p in runtime + app) / 1e6
    print(f"precache: {len(runtime)} runtime + {len(app)} app files ({size:.1f} MB), version {manifest['version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
