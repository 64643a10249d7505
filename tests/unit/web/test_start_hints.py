"""index.html's start: static/start.js starts the rules engine without waiting for
static/app.js's modules, and the files the engine's start imports first are fetched beside it
(``<link rel="modulepreload">``). A hint naming a file that is not there (PyScript's hashed core
chunk after a new PyScript is vendored) would fetch nothing useful and fail quietly: checked here."""

from __future__ import annotations

import re
from pathlib import Path

from tools.build import precache

ROOT = Path(__file__).resolve().parents[3]
INDEX = (ROOT / "index.html").read_text(encoding="utf-8")
HINTS = re.findall(r'<link rel="modulepreload" href="([^"]+)">', INDEX)


def test_the_page_hints_the_engine_and_pyscripts_core() -> None:
    assert "./static/engine.js" in HINTS
    assert "./static/vendor/pyscript/core.js" in HINTS
    assert any(re.fullmatch(r"\./static/vendor/pyscript/core-[\w-]+\.js", hint) for hint in HINTS), HINTS


def test_every_pyscript_chunk_the_start_imports_is_hinted() -> None:
    """core.js, its core chunk and the plugin chunks it imports before creating the worker; not the
    TOML parser (the configuration is inline JSON: static/engine.js)."""
    needed = {precache.rel(path) for path in precache.pyscript_files() if not path.name.startswith("toml-")}
    assert needed - set(HINTS) == set(), "add these to index.html's modulepreload hints"


def test_every_hinted_module_is_a_file_the_start_loads() -> None:
    runtime = {precache.rel(path) for path in precache.pyscript_files()}
    for hint in HINTS:
        assert hint.startswith("./"), hint  # relative: the page is served under a sub-path
        assert (ROOT / hint).is_file() or hint in runtime, f"{hint} is not there: update index.html's hints"
        assert hint == "./static/engine.js" or hint in runtime, f"{hint} is not a file the engine's start loads"


def test_the_engine_is_started_by_its_own_async_module_before_app_js() -> None:
    start = INDEX.index('<script type="module" async src="./static/start.js">')
    assert start < INDEX.index('<script type="module" src="./static/app.js">')
    app_js = (ROOT / "static" / "app.js").read_text(encoding="utf-8")
    first_import = re.search(r"^import .*$", app_js, re.M)
    assert first_import is not None and '"./start.js"' in first_import.group(0)
    assert "mainEngine.start()" in (ROOT / "static" / "start.js").read_text(encoding="utf-8")
