"""Fixtures for the browser tests: one static server under a sub-path and one Chromium for the
session, a fresh browser context per test whose every request (page, worker, service worker) is
logged, and which fails its test on any request outside the page's origin and sub-path, or any
HTTP error.

Two logs, because neither sees everything: Playwright's (every URL the browser asks for, any
origin; but it leaves out Chromium's own /favicon.ico requests) and the server's (every path that
reached it, favicon included)."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import ClassVar
from urllib.parse import urlsplit

import pytest

# Service-worker requests reach context.on("request") only with this set (before the driver starts).
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request, Response, sync_playwright

from tools.build.serve import ROOT, Handler, make_server
from tools.testing.browser import launch

PREFIX = "/auspex/"
ENGINE_TIMEOUT_MS = 60_000
ENGINE_TIMES_MS: list[int] = []


class RecordingHandler(Handler):
    """The project's static handler, noting each request's path and status."""

    served: ClassVar[list[tuple[str, int]]] = []

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.served.append((self.path, int(code) if str(code).isdigit() else 0))
        super().log_request(code, size)


@pytest.fixture(scope="session")
def base_url() -> Iterator[str]:
    if not (ROOT / "static" / "vendor" / "precache.js").exists():
        pytest.fail("static/vendor/ is not ready: run `make vendor` first", pytrace=False)
    server = make_server(0, PREFIX, handler_class=RecordingHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}{PREFIX}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = launch(playwright)
    yield browser
    browser.close()


@dataclass
class RequestLog:
    """Every request a context made, and the ones that break the page's promises."""

    base_url: str
    urls: list[str] = field(default_factory=list)
    from_service_worker: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)

    def on_request(self, request: Request) -> None:
        url = request.url
        self.urls.append(url)
        if request.service_worker is not None:
            self.from_service_worker.append(url)
        if not self.inside(url):
            self.outside.append(url)

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.http_errors.append(f"{response.status} {response.url}")

    def inside(self, url: str) -> bool:
        scheme = urlsplit(url).scheme
        if scheme == "data":
            return True
        if scheme == "blob":  # blob:http://host:port/uuid, made by the page itself
            url = url[len("blob:") :]
            return urlsplit(url).netloc == urlsplit(self.base_url).netloc
        return url.startswith(self.base_url)


@pytest.fixture
def request_log(base_url: str) -> RequestLog:
    return RequestLog(base_url)


@pytest.fixture
def served() -> list[tuple[str, int]]:
    """What reached the server during this test: (path, status), in order."""
    RecordingHandler.served.clear()
    return RecordingHandler.served


@pytest.fixture
def context(browser: Browser, request_log: RequestLog, served: list[tuple[str, int]]) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.on("request", request_log.on_request)
    context.on("response", request_log.on_response)
    yield context
    context.close()
    assert request_log.outside == [], f"requests outside {request_log.base_url}: {request_log.outside}"
    assert request_log.http_errors == [], f"HTTP errors: {request_log.http_errors}"
    bad = [(path, code) for path, code in served if not path.startswith(PREFIX) or code >= 400]
    assert bad == [], f"the server was asked for paths outside {PREFIX} or failed: {bad}"


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert errors == [], f"uncaught errors in the page: {errors}"


def wait_for_engine(page: Page) -> int:
    """Wait until the page says the engine is ready; returns the time it took (ms, as the page saw it)."""
    page.wait_for_function("document.documentElement.dataset.engine", timeout=ENGINE_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.engine") == "ready"
    ms = int(page.evaluate("document.documentElement.dataset.engineMs"))
    ENGINE_TIMES_MS.append(ms)
    return ms


@pytest.fixture
def ready_page(page: Page, base_url: str) -> Page:
    page.goto(base_url)
    wait_for_engine(page)
    return page


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if ENGINE_TIMES_MS:
        times = ", ".join(f"{ms / 1000:.1f}" for ms in ENGINE_TIMES_MS)
        terminalreporter.write_line(f"auspex: engine ready after (s): {times}")
