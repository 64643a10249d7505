"""How the smoke tests (tests/browsers/) and the benchmark (tools/measure/bench.py) drive the two browser
engines besides Chromium, each through the tool that works for it on Debian:

- :class:`Firefox`: Debian's ``firefox-esr`` over WebDriver BiDi with npm ``puppeteer-core`` (pinned in
  ``tools/testing/puppeteer/``, installed into ``.cache/puppeteer/`` by ``tools/testing/fetch_puppeteer.py``), from
  ``tools/testing/firefox.mjs``, a Node script this class talks to one JSON line at a time;
- :class:`WebKit`: WebKitGTK (the engine of every iOS browser), Debian's ``webkit2gtk-driver``:
  ``WebKitWebDriver`` driving ``MiniBrowser --automation`` under ``xvfb-run -a`` (MiniBrowser has no
  headless mode), through PyPI ``selenium``.

Both offer the same two calls: ``goto(url)`` (returns after the load event) and ``run(fn, *args)``
(the source of an async JavaScript function, run in the page with JSON arguments, for its JSON
result; a JavaScript error raises :class:`EngineError`). Each browser starts with a fresh profile.
:func:`missing_for` says what a machine lacks for an engine (``make browsers`` installs it).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIREFOX = os.environ.get("AUSPEX_FIREFOX", "/usr/bin/firefox-esr")
NODE_MODULES = ROOT / ".cache" / "puppeteer" / "node_modules"
WEBKIT_DRIVER = os.environ.get("AUSPEX_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("AUSPEX_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
SCRIPT_TIMEOUT_S = 300  # the longest a run() may take (waiting for WebKit's engine on a loaded machine)


# Wait (up to timeoutMs) until the page says whether its engine started: <html data-engine="ready">
# (or "failed"); data-engine-ms is the time from navigation start, as the page counts it.
WAIT_FOR_ENGINE = """async (timeoutMs) => {
  const root = document.documentElement;
  const t0 = performance.now();
  while (!root.dataset.engine && performance.now() - t0 < timeoutMs) await new Promise((r) => setTimeout(r, 100));
  return { engine: root.dataset.engine ?? null, ms: Number(root.dataset.engineMs ?? NaN),
           status: document.getElementById("engine-status")?.textContent.trim() ?? "" };
}"""


class EngineError(AssertionError):
    """The browser or its driver failed, or the page's function threw: the message says which."""


def missing_for(engine: str) -> list[str]:
    """What this machine lacks to drive ``engine`` ("firefox" or "webkit"): [] when nothing."""
    if engine == "firefox":
        needs = [
            (FIREFOX, Path(FIREFOX).exists()),
            ("node", shutil.which("node") is not None),
            (
                "puppeteer-core in .cache/puppeteer (tools/testing/fetch_puppeteer.py)",
                (NODE_MODULES / "puppeteer-core").is_dir(),
            ),
        ]
    elif engine == "webkit":
        try:
            import selenium  # noqa: F401
        except ImportError:
            has_selenium = False
        else:
            has_selenium = True
        needs = [
            (WEBKIT_DRIVER, Path(WEBKIT_DRIVER).exists()),
            (MINIBROWSER, Path(MINIBROWSER).exists()),
            ("xvfb-run", shutil.which("xvfb-run") is not None),
            ("selenium (requirements-dev.txt)", has_selenium),
        ]
    else:
        raise ValueError(f"no engine {engine!r}: firefox or webkit")
    return [what for what, ok in needs if not ok]


class Firefox:
    """firefox-esr driven by tools/testing/firefox.mjs (puppeteer-core over WebDriver BiDi)."""

    name = "firefox"

    def __init__(self) -> None:
        env = {**os.environ, "AUSPEX_NODE_MODULES": str(NODE_MODULES), "AUSPEX_FIREFOX": FIREFOX}
        self.process = subprocess.Popen(
            ["node", str(ROOT / "tools" / "testing" / "firefox.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.version = str(self._answer()["version"])

    def _answer(self) -> Any:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise EngineError(f"the Firefox driver ended (exit status {self.process.wait()})")
        answer = json.loads(line)
        if "error" in answer:
            raise EngineError(f"in Firefox: {answer['error']}")
        return answer["ok"]

    def send(self, **command: Any) -> Any:
        """One command to tools/testing/firefox.mjs (see there); its answer."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def goto(self, url: str) -> None:
        self.send(op="goto", url=url)

    def run(self, fn: str, *args: Any) -> Any:
        return self.send(op="run", fn=fn, args=list(args))

    def page_errors(self) -> list[str]:
        """Uncaught errors in the page since the last call."""
        return list(self.send(op="errors"))

    def close(self) -> None:
        try:
            self.send(op="close")
        except (EngineError, OSError):
            pass
        finally:
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class WebKit:
    """MiniBrowser driven by WebKitWebDriver (started here, under xvfb-run, on a free port) via selenium."""

    name = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            ["xvfb-run", "-a", WEBKIT_DRIVER, f"--port={port}", "--host=127.0.0.1"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: xvfb-run, Xvfb and the driver end together (close)
        )
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        self.driver: Any = None
        deadline = time.monotonic() + 60
        while self.driver is None:
            try:
                connection = RemoteConnection(client_config=ClientConfig(remote_server_addr=f"http://127.0.0.1:{port}"))
                self.driver = webdriver.Remote(command_executor=connection, options=options)
            except Exception as error:  # the driver is still starting: it refuses the connection
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.close()
                    raise EngineError(f"WebKitWebDriver did not start a session: {error}") from error
                time.sleep(0.5)
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_S)
        self.driver.set_page_load_timeout(120)
        self.version = str(self.driver.capabilities.get("browserVersion", "?"))

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def run(self, fn: str, *args: Any) -> Any:
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"({fn})(...arguments[0]).then((ok) => done({{ ok }}), (e) => done({{ error: String(e && e.stack || e) }}));",
            list(args),
        )
        if "error" in answer:
            raise EngineError(f"in WebKit: {answer['error']}")
        return answer.get("ok")

    def page_errors(self) -> list[str]:
        """Uncaught errors in the page: not reported through WebKitWebDriver (always [])."""
        return []

    def close(self) -> None:
        try:
            if self.driver is not None:
                self.driver.quit()
        except Exception:
            pass  # the session is gone already; the processes are ended below all the same
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)  # the group this class started
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def start(engine: str) -> Firefox | WebKit:
    """A started browser of ``engine`` ("firefox" or "webkit")."""
    return Firefox() if engine == "firefox" else WebKit()
