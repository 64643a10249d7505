"""The engine's start on the real page (static/engine.js, static/boot.js): every file a first visit
needs, made to fail in turn, gives a message naming it within a bounded time (not "Still loading"
for ever), with a Retry button, and nothing is asked of another origin (the conftest fails a test
on any request outside the page's origin: PyScript's fallback is a public CDN). Retry starts the
engine again without a reload. The Content-Security-Policy lets the engine start and resolve, and
blocks a script injected into the page."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from tools.build import precache

from .conftest import RequestLog, wait_for_engine
from .test_page import resolve

pytestmark = pytest.mark.e2e

# A failure is reported at once when the browser says a file failed, and within the engine's
# first check of its files (LIMITS.check, 8 s) when Pyodide swallows the error; the bound is
# generous for a loaded 2-core machine.
FAILURE_BOUND_S = 45

WHEELS = [p.name for p in sorted((precache.VENDOR / "wheels").glob("*.whl"))] + ["auspex-0.1.0-py3-none-any.whl"]
# core.js and the chunks it imports on start but its TOML parser (tested apart: not needed)
PYSCRIPT = [p.name for p in precache.pyscript_files() if not p.name.startswith("toml-")]
TOML_CHUNK = next(p.name for p in precache.pyscript_files() if p.name.startswith("toml-"))
START_FILES = [
    *PYSCRIPT,  # core.js and the chunks it imports on start
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    *WHEELS,
    "worker.py",
    "start.js",  # the engine's own early start (async, beside app.js), which app.js imports too
    "app.js",
    "party.js",
    "engine.js",
    "families/index.js",  # imported from app.js's imports (boot.js follows them into sub-folders)
    "families/epic.js",
]


@pytest.mark.parametrize("name", START_FILES)
def test_a_start_file_that_fails_to_load_is_named_with_a_retry(
    context: BrowserContext, base_url: str, name: str
) -> None:
    context.route(f"**/{name}", lambda route: route.abort())
    page = context.new_page()
    # Pyodide's own uncaught error inside the worker (a wasm or stdlib it could not fetch) reaches
    # Playwright as a page error; the page itself must raise nothing else
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    page.goto(base_url)
    page.wait_for_function("document.documentElement.dataset.engine === 'failed'", timeout=FAILURE_BOUND_S * 1000)
    assert time.monotonic() - started < FAILURE_BOUND_S
    status = page.locator("#engine-status")
    expect(status).to_contain_text(name)
    expect(status).not_to_contain_text("Still loading")
    expect(page.locator("#engine-retry")).to_be_visible()
    expect(page.locator("#resolve")).to_be_disabled()
    assert all(error == "Failed to fetch" for error in errors), errors
    assert errors == [] or name in ("pyodide.asm.wasm", "python_stdlib.zip")


def test_retry_starts_the_engine_again_without_a_reload(context: BrowserContext, page: Page, base_url: str) -> None:
    failed: list[str] = []

    def fail_once(route: Route) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.abort()

    context.route("**/worker.py", fail_once)
    page.goto(base_url)
    page.wait_for_function("document.documentElement.dataset.engine === 'failed'", timeout=FAILURE_BOUND_S * 1000)
    expect(page.locator("#engine-status")).to_contain_text("worker.py")
    page.evaluate("window.notReloaded = true")
    page.click("#engine-retry")
    expect(page.locator("#engine-retry")).to_be_hidden()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
    assert page.evaluate("window.notReloaded") is True
    expect(page.locator("#engine-status")).to_contain_text("ready")
    resolve(page, "ok")


def test_the_engine_starts_from_an_inline_config(ready_page: Page, request_log: RequestLog) -> None:
    """No config file to miss (a missing pyscript.toml made PyScript fetch Pyodide from its CDN)."""
    urls = request_log.urls
    assert not any(url.endswith(".toml") for url in urls)
    assert any(url.endswith("/static/vendor/pyodide/pyodide.asm.wasm") for url in urls)


def test_without_pyscripts_toml_parser_the_engine_still_starts_from_this_origin(
    context: BrowserContext, page: Page, base_url: str
) -> None:
    """The config is inline JSON: PyScript's TOML chunk failing (which made PyScript fetch Pyodide
    from its CDN) changes nothing; the conftest fails the test on any request off the origin."""
    context.route(f"**/{TOML_CHUNK}", lambda route: route.abort())
    page.goto(base_url)
    wait_for_engine(page)
    resolve(page, "ok")


def test_the_content_security_policy_lets_the_engine_work_and_blocks_injected_scripts(ready_page: Page) -> None:
    page = ready_page
    policy = page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    directives = dict((d.split()[0], d.split()[1:]) for d in policy.split(";") if d.strip())
    assert "'unsafe-inline'" not in directives["script-src"]
    for name in ("script-src", "connect-src", "worker-src", "default-src"):
        assert directives[name][0] == "'self'" and not any(s.startswith(("http", "*")) for s in directives[name])
    resolve(page, "ok")
    page.click("#odds-toggle")  # the odds' bars get their widths without a style attribute
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=120_000)
    widths = page.locator("#odds .fill").evaluate_all("fills => fills.map(f => f.getBoundingClientRect().width)")
    assert widths and max(widths) > 10
    violations = page.evaluate(
        """async () => {
          const seen = [];
          document.addEventListener("securitypolicyviolation", (e) => seen.push(e.violatedDirective));
          window.injected = 0;
          const box = document.createElement("div");
          box.innerHTML = '<img src="data:," onerror="window.injected += 1">';
          document.body.append(box);
          const script = document.createElement("script");
          script.textContent = "window.injected += 10";
          document.body.append(script);
          await new Promise((r) => setTimeout(r, 500));
          return { seen, injected: window.injected };
        }"""
    )
    assert violations["injected"] == 0
    assert len(violations["seen"]) >= 2 and all(v.startswith("script-src") for v in violations["seen"])
