"""The page in Firefox (Debian's firefox-esr, over WebDriver BiDi with puppeteer-core): it loads, starts
its engine, resolves the default attack with dice typed in, shares it and opens the link offline
(tests/browsers/smoke.py). ``make browsers`` installs what it needs; without it the test is skipped
and says what is missing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .smoke import Server, smoke

ROOT = Path(__file__).resolve().parents[2]
FIREFOX = os.environ.get("AUSPEX_FIREFOX", "/usr/bin/firefox-esr")
MODULES = ROOT / ".cache" / "puppeteer" / "node_modules"

pytestmark = pytest.mark.e2e


class Firefox:
    """tests/browsers/firefox.mjs, one JSON command per line (see there)."""

    def __init__(self) -> None:
        env = {**os.environ, "AUSPEX_NODE_MODULES": str(MODULES), "AUSPEX_FIREFOX": FIREFOX}
        self.process = subprocess.Popen(
            ["node", str(Path(__file__).with_name("firefox.mjs"))],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.version = self._answer()["version"]

    def _answer(self) -> Any:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise AssertionError(f"the Firefox driver ended (exit status {self.process.wait()})")
        answer = json.loads(line)
        if "error" in answer:
            raise AssertionError(f"in Firefox: {answer['error']}")
        return answer["ok"]

    def send(self, **command: Any) -> Any:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def goto(self, url: str) -> None:
        self.send(op="goto", url=url)

    def run(self, fn: str, *args: Any) -> Any:
        return self.send(op="run", fn=fn, args=list(args))

    def close(self) -> None:
        try:
            self.send(op="close")
        finally:
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture
def firefox() -> Iterator[Firefox]:
    missing = [what for what, ok in (
        (FIREFOX, Path(FIREFOX).exists()),
        ("node", shutil.which("node") is not None),
        ("puppeteer-core in .cache/puppeteer (tools/fetch_puppeteer.py)", (MODULES / "puppeteer-core").is_dir()),
    ) if not ok]
    if missing:
        pytest.skip(f"Firefox smoke test needs {', '.join(missing)}: run `make browsers` (as root: apt-get installs firefox-esr)")
    if not (ROOT / "static" / "vendor" / "precache.js").exists():
        pytest.fail("static/vendor/ is not ready: run `make vendor` first", pytrace=False)
    browser = Firefox()
    yield browser
    errors = browser.send(op="errors")
    browser.close()
    assert errors == [], f"uncaught errors in the page: {errors}"


def test_firefox_loads_resolves_typed_dice_shares_and_works_offline(firefox: Firefox) -> None:
    server = Server().start()
    try:
        report = smoke(firefox, server)
    finally:
        server.stop()
    print(f"firefox {firefox.version}: engine ready after {[round(ms) for ms in report.ready_ms]} ms")
