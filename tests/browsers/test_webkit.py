"""The page in WebKit, the engine of every iOS browser (Debian's WebKitGTK: ``WebKitWebDriver``
driving ``MiniBrowser --automation`` under ``xvfb-run -a``, through selenium): it loads, starts its
engine, resolves the default attack with dice typed in, shares it and opens the link offline
(tests/browsers/smoke.py). ``make browsers`` installs what it needs; without it the test is skipped
and says what is missing. WebKit is slow to start the engine here (20-30 s against 4-6 s in
Chromium), so the suite keeps to two page loads."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .smoke import ENGINE_TIMEOUT_S, Server, smoke

ROOT = Path(__file__).resolve().parents[2]
DRIVER = os.environ.get("AUSPEX_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("AUSPEX_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")

pytestmark = pytest.mark.e2e


class WebKit:
    """A selenium session on WebKitWebDriver (started here, under xvfb-run, on a free port)."""

    def __init__(self) -> None:
        from selenium import webdriver  # imported here: only this test needs selenium
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            ["xvfb-run", "-a", DRIVER, f"--port={port}", "--host=127.0.0.1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # xvfb-run's Xvfb and the driver end with it (see close)
        )
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        deadline = time.monotonic() + 60
        while True:
            try:
                connection = RemoteConnection(client_config=ClientConfig(remote_server_addr=f"http://127.0.0.1:{port}"))
                self.driver = webdriver.Remote(command_executor=connection, options=options)
                break
            except Exception:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.close()
                    raise
                time.sleep(0.5)
        self.driver.set_script_timeout(ENGINE_TIMEOUT_S + 60)
        self.driver.set_page_load_timeout(120)
        self.version = self.driver.capabilities.get("browserVersion", "?")

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def run(self, fn: str, *args: Any) -> Any:
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"({fn})(...arguments[0]).then((ok) => done({{ ok }}), (e) => done({{ error: String(e && e.stack || e) }}));",
            list(args),
        )
        if "error" in answer:
            raise AssertionError(f"in WebKit: {answer['error']}")
        return answer.get("ok")

    def close(self) -> None:
        try:
            if hasattr(self, "driver"):
                self.driver.quit()
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)  # the session this test started: xvfb-run, Xvfb, the driver
            self.process.wait(timeout=30)


@pytest.fixture
def webkit() -> Iterator[WebKit]:
    missing = [what for what, ok in (
        (DRIVER, Path(DRIVER).exists()),
        (MINIBROWSER, Path(MINIBROWSER).exists()),
        ("xvfb-run", shutil.which("xvfb-run") is not None),
    ) if not ok]
    if missing:
        pytest.skip(f"WebKit smoke test needs {', '.join(missing)}: run `make browsers` (as root: apt-get installs webkit2gtk-driver and xvfb)")
    pytest.importorskip("selenium", reason="selenium is pinned in requirements-dev.txt: run `make venv`")
    if not (ROOT / "static" / "vendor" / "precache.js").exists():
        pytest.fail("static/vendor/ is not ready: run `make vendor` first", pytrace=False)
    browser = WebKit()
    yield browser
    browser.close()


def test_webkit_loads_resolves_typed_dice_shares_and_works_offline(webkit: WebKit) -> None:
    server = Server().start()
    try:
        report = smoke(webkit, server)
    finally:
        server.stop()
    print(f"webkit {webkit.version}: engine ready after {[round(ms) for ms in report.ready_ms]} ms")
