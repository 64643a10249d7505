"""The installable, offline page: the web app manifest and its icons, the service worker's
offline copy, and a new version offered in a banner and taken whole.

Every test runs in a fresh context whose requests are all logged: any request outside the page's
origin and sub-path, or any HTTP error, fails the test (see conftest.py).
"""

from __future__ import annotations

import json
import mimetypes
import struct
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urljoin

import pytest
from playwright.sync_api import BrowserContext, Page, Request, expect

from tools.build.serve import ROOT

from .conftest import PREFIX, RecordingHandler, RequestLog, wait_for_engine
from .test_page import resolve

pytestmark = pytest.mark.e2e

PRECACHE = ROOT / "static" / "vendor" / "precache.js"


def precache_list() -> dict[str, Any]:
    """static/vendor/precache.js as tools/build/precache.py wrote it: {version, runtime, app}."""
    text = PRECACHE.read_text()
    listed: dict[str, Any] = json.loads(text[text.index("{") : text.rindex("}") + 1])
    return listed


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, read from its header (the IHDR chunk comes first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def controlled(page: Page) -> str:
    """Wait until the service worker is active and controls the page (reloading once if it did not
    take it over); returns the version it serves (<html data-version>)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload()
        wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.version")
    return str(page.evaluate("document.documentElement.dataset.version"))


def test_manifest_makes_the_page_installable(page: Page, base_url: str) -> None:
    page.goto(base_url, wait_until="domcontentloaded")
    manifest_url = urljoin(base_url, page.locator('link[rel="manifest"]').get_attribute("href") or "")
    response = page.request.get(manifest_url)
    assert response.ok
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(response.body())
    assert manifest["name"] == "Auspex"
    assert manifest["short_name"] and manifest["description"]
    assert manifest["display"] == "standalone"
    # relative to the manifest, the start URL and the scope are the page itself, under its sub-path
    assert urljoin(manifest_url, manifest["start_url"]) == base_url
    assert urljoin(manifest_url, manifest["scope"]) == base_url
    # the dark theme's colour, which the page also gives the browser for a dark system
    dark = page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')
    assert dark.get_attribute("content") == manifest["theme_color"] == manifest["background_color"]
    light = page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')
    assert light.get_attribute("content") not in (None, manifest["theme_color"])

    pngs: dict[str, list[tuple[int, int]]] = {"any": [], "maskable": []}
    for icon in manifest["icons"]:
        icon_url = urljoin(manifest_url, icon["src"])
        assert icon_url.startswith(base_url + "static/")
        got = page.request.get(icon_url)
        assert got.ok, icon_url
        assert got.headers["content-type"] == icon["type"]
        if icon["type"] == "image/svg+xml":
            assert icon["sizes"] == "any" and got.body().lstrip().startswith(b"<svg")
            continue
        size = png_size(got.body())
        assert icon["sizes"] == f"{size[0]}x{size[1]}", icon["src"]
        pngs[icon.get("purpose", "any")].append(size)
    assert {(192, 192), (512, 512)} <= set(pngs["any"])
    assert (512, 512) in pngs["maskable"]

    # iOS: its own icon and the standalone metas
    apple = page.locator('link[rel="apple-touch-icon"]').get_attribute("href") or ""
    assert png_size(page.request.get(urljoin(base_url, apple)).body()) == (180, 180)
    assert page.locator('meta[name="apple-mobile-web-app-capable"]').get_attribute("content") == "yes"
    assert page.locator('meta[name="apple-mobile-web-app-title"]').get_attribute("content") == "Auspex"


def test_works_offline_after_the_first_visit_with_no_failed_request(
    context: BrowserContext, ready_page: Page, request_log: RequestLog, base_url: str
) -> None:
    page = ready_page
    version = controlled(page)
    assert version == precache_list()["version"]
    # what the page itself (and its engine's worker) asks for, and any request that fails
    page_urls: set[str] = set()
    failed: list[str] = []

    def seen(request: Request) -> None:
        if request.service_worker is None:
            page_urls.add(request.url.split("#")[0])

    context.on("request", seen)
    context.on("requestfailed", lambda request: failed.append(f"{request.url} {request.failure}"))
    context.set_offline(True)
    page.reload()
    wait_for_engine(page)
    resolve(page, "ok")
    expect(page.locator("#result [data-k=outcome]")).to_be_visible()
    expect(page.locator("#update-banner")).to_be_empty()  # nothing new: no banner
    # opened as index.html, it is the same page (precached once, as "./")
    page.goto(f"{base_url}index.html")
    wait_for_engine(page)
    resolve(page, "ok")
    assert failed == []
    # everything the page loaded offline came from the precache list, which the build wrote
    listed = precache_list()
    precached = {urljoin(base_url, url) for url in [*listed["runtime"], *listed["app"]]}
    loaded = {url for url in page_urls if not url.startswith("data:") and not url.startswith("blob:")}
    assert {base_url, f"{base_url}index.html"} <= loaded
    assert loaded - {f"{base_url}index.html"} <= precached, loaded - precached
    # and the engine did load the big runtime that way (so the log saw the worker's requests)
    assert f"{base_url}static/vendor/pyodide/pyodide.asm.wasm" in loaded
    assert any(url.endswith(".whl") for url in loaded)


@pytest.fixture
def publish(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[dict[str, bytes]], None]]:
    """Make the test server answer some paths with other bytes, as a newly published version would."""
    published: dict[str, bytes] = {}
    original = RecordingHandler.do_GET

    def do_get(self: RecordingHandler) -> None:
        body = published.get(self.path.split("?")[0])
        if body is None:
            original(self)
            return
        self.send_response(200)
        kind = "text/html" if self.path.endswith("/") else mimetypes.guess_type(self.path)[0]
        self.send_header("Content-Type", kind or "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    monkeypatch.setattr(RecordingHandler, "do_GET", do_get)
    yield published.update


def test_a_new_version_is_offered_and_taken_whole(
    context: BrowserContext, ready_page: Page, base_url: str, publish: Callable[[dict[str, bytes]], None]
) -> None:
    page = ready_page
    old = controlled(page)
    assert page.evaluate("caches.keys()") == [f"auspex-{old}"]
    expect(page.locator("#update-banner")).to_be_empty()

    # Publish a new version: the precache list names another version, and the page has changed.
    new = "0123456789abcdef"
    assert new != old
    listed = PRECACHE.read_text()
    page_html = (ROOT / "index.html").read_text().replace("<head>", '<head>\n<meta name="auspex-test" content="new">')
    publish(
        {
            f"{PREFIX}static/vendor/precache.js": listed.replace(old, new).encode(),
            PREFIX: page_html.encode(),
            f"{PREFIX}index.html": page_html.encode(),
        }
    )
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    banner = page.locator("#update-banner")
    expect(banner).to_contain_text("A new version of Auspex is ready", timeout=60_000)
    expect(banner).to_have_attribute("role", "status")
    # installed, it waits: a page opened meanwhile is still the old version, whole
    other = context.new_page()
    other.goto(base_url)
    wait_for_engine(other)
    assert other.evaluate("document.documentElement.dataset.version") == old
    expect(other.locator('meta[name="auspex-test"]')).to_have_count(0)
    resolve(other, "ok")
    other.close()
    expect(page.locator('meta[name="auspex-test"]')).to_have_count(0)

    # Reload, from the keyboard: the new worker takes over and the page reloads into it
    reload = banner.get_by_role("button", name="Reload")
    reload.focus()
    expect(reload).to_be_focused()
    with page.expect_navigation():
        page.keyboard.press("Enter")
    wait_for_engine(page)
    page.wait_for_function(f"document.documentElement.dataset.version === {json.dumps(new)}")
    expect(page.locator('meta[name="auspex-test"]')).to_have_count(1)  # the new page
    page.wait_for_function("navigator.serviceWorker.controller.state === 'activated'")  # old caches deleted
    assert page.evaluate("caches.keys()") == [f"auspex-{new}"]
    expect(banner).to_be_empty()
    resolve(page, "ok")
    expect(page.locator("#result [data-k=outcome]")).to_be_visible()
