"""One smoke test of the page for any browser engine: what a player does and reads, in two page loads.

The engines players use besides Chromium (Firefox; WebKit, the engine of every iOS browser) are
driven by different tools (tests/browsers/test_firefox.py, test_webkit.py), so the steps are
written here once, as JavaScript run in the page, against a small :class:`Driver`:

1. load the page from a local server (under ``/auspex/``, as GitHub Pages serves it) and wait for
   ``<html data-engine="ready">``;
2. resolve the default attack in "I rolled" mode with the dice :data:`DICE` typed in, and read the
   numbers a player reads (``#result [data-k]``); they must be what the engine (``rules.run``, the
   CLI's) gives for the scenario the page sent with those dice;
3. make a share link with the page's own Share button (:func:`share_link`, the one step to adapt if
   Share changes) and wait until the service worker controls the page;
4. stop the server (offline), open the share link: the page must load from the service worker's
   copy, start its engine and show the same numbers.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import zlib
from dataclasses import dataclass, field
from typing import Any, Protocol

import pytest

from rules import run
from tools.build.serve import make_server
from tools.testing.engines import WAIT_FOR_ENGINE

PREFIX = "/auspex/"
DICE = [23, 4]  # the to-hit d100, then the first hit's damage d10; any further die is typed as 1
ENGINE_TIMEOUT_S = 240  # WebKitGTK took 20-30 s to be ready on a 2-core machine; a loaded one is slower


def unavailable(what: str) -> None:
    """Skip the test because ``what`` is not installed, or fail it when ``AUSPEX_REQUIRE_BROWSERS=1``
    (``make test`` as root sets it: there ``make browsers`` installs every engine, so none may be skipped)."""
    if os.environ.get("AUSPEX_REQUIRE_BROWSERS") == "1":
        pytest.fail(f"{what} (AUSPEX_REQUIRE_BROWSERS=1)", pytrace=False)
    pytest.skip(what)


class Driver(Protocol):
    """What the smoke test needs of a browser: open a URL (returns after the load event), and run
    an async JavaScript function in the page (its source, with JSON arguments) for its JSON result."""

    def goto(self, url: str) -> None: ...

    def run(self, fn: str, *args: Any) -> Any: ...


@dataclass
class Server:
    """The repository served as a static host would, under :data:`PREFIX`, on a free port; stop() is
    the network going away."""

    url: str = ""
    _server: Any = None
    _thread: threading.Thread | None = None

    def start(self) -> Server:
        self._server = make_server(0, PREFIX)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        host, port = self._server.server_address[:2]
        self.url = f"http://{host}:{port}{PREFIX}"
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


# Resolve in "I rolled" mode, typing each die the page asks for; the result's numbers as the player reads them.
ROLL_BY_HAND = """async (dice) => {
  const root = document.documentElement;
  const until = async (test, ms = 60000) => {
    const t0 = performance.now();
    while (!test() && performance.now() - t0 < ms) await new Promise((r) => setTimeout(r, 50));
    return test();
  };
  await until(() => root.dataset.catalogue === "ready" || !("catalogue" in root.dataset), 30000);
  document.querySelector('input[name="dice-mode"][value="manual"]').click();
  document.getElementById("clear-dice")?.click();
  const typed = [];
  for (let i = 0; i < 30; i++) {
    delete root.dataset.status;
    document.getElementById("resolve").click();
    await until(() => root.dataset.status);
    if (root.dataset.status !== "needs") break;
    const input = document.querySelector("#dice-rows li.next input");
    const count = Number(input.dataset.count ?? 1);
    const value = count > 1 ? Array(count).fill("1").join(" ") : String(dice[typed.length] ?? 1);
    typed.push(value);
    input.value = value;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  const numbers = {};
  for (const el of document.querySelectorAll("#result [data-k]")) (numbers[el.dataset.k] ??= []).push(el.textContent.trim());
  const headline = document.querySelector("#result .headline, #result .verdict");
  return { status: root.dataset.status ?? null, typed, numbers,
           headline: headline ? headline.textContent.replace(/\\s+/g, " ").trim() : "",
           result: document.getElementById("result").textContent.replace(/\\s+/g, " ").trim().slice(0, 300) };
}"""

# The page's own Share button; the link it shows. The one step to adapt when Share changes.
SHARE = """async () => {
  document.getElementById("share-button").click();
  const box = document.getElementById("share-url");
  const t0 = performance.now();
  while (!/#r=/.test(box.value) && performance.now() - t0 < 20000) await new Promise((r) => setTimeout(r, 50));
  return box.value;
}"""

CONTROLLED = """async (timeoutMs) => {
  if (!("serviceWorker" in navigator)) return "no service worker API";
  await navigator.serviceWorker.ready;
  const t0 = performance.now();
  while (!navigator.serviceWorker.controller && performance.now() - t0 < timeoutMs) await new Promise((r) => setTimeout(r, 100));
  return navigator.serviceWorker.controller ? "controlled" : "not controlled";
}"""

# Open a shared link: it opens as the Shared roll view (README: share links), resolved with the link's dice.
SHARED_RESULT = """async (timeoutMs) => {
  const root = document.documentElement;
  const t0 = performance.now();
  while (root.dataset.sharedStatus !== "ok" && performance.now() - t0 < timeoutMs) await new Promise((r) => setTimeout(r, 100));
  const numbers = {};
  for (const el of document.querySelectorAll("#shared-body [data-k]")) (numbers[el.dataset.k] ??= []).push(el.textContent.trim());
  return { status: root.dataset.sharedStatus ?? null, numbers };
}"""


def share_link(driver: Driver) -> str:
    """A share link of the result on screen, made by the page's own Share button."""
    link = driver.run(SHARE)
    assert isinstance(link, str) and "#r=" in link, f"Share made no link: {link!r}"
    return link


def decode_link(link: str) -> dict[str, Any]:
    """The payload of a ``#r=`` link (README: share links): ``{"v": 1, "scenario", "dice" | "seed"}``."""
    text = link.split("#r=", 1)[1]
    packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    payload: dict[str, Any] = json.loads(zlib.decompress(packed, wbits=-15))
    return payload


def numbers_of(resolution: dict[str, Any]) -> dict[str, list[str]]:
    """What a player reads for a d100 ruleset's resolution, as the page writes it (``data-k`` keys)."""
    hits = resolution["hits"]
    wounds = resolution["total_wounds"]
    return {
        "target-number": [str(resolution["target_number"])],
        "roll": [str(resolution["roll"])],
        "damage": [str(h["damage"]) for h in hits],
        "wounds": [str(h["wounds"]) for h in hits],
        "total-wounds": [f"{wounds} wound" + ("" if wounds == 1 else "s")],
    }


def read(numbers: dict[str, list[str]]) -> dict[str, list[str]]:
    return {key: numbers.get(key, []) for key in ("target-number", "roll", "damage", "wounds", "total-wounds")}


@dataclass
class SmokeReport:
    """What the smoke run measured: the engine-ready times (ms, as the page counts them)."""

    ready_ms: list[float] = field(default_factory=list)


def smoke(driver: Driver, server: Server) -> SmokeReport:
    """The whole smoke test (module docstring); raises AssertionError with what the player saw."""
    report = SmokeReport()
    driver.goto(server.url)
    ready = driver.run(WAIT_FOR_ENGINE, ENGINE_TIMEOUT_S * 1000)
    assert ready["engine"] == "ready", f"the engine did not start: {ready}"
    report.ready_ms.append(ready["ms"])

    rolled = driver.run(ROLL_BY_HAND, DICE)
    assert rolled["status"] == "ok", f"no resolution: {rolled}"
    assert rolled["typed"][: len(DICE)] == [str(d) for d in DICE], rolled

    link = share_link(driver)
    payload = decode_link(link)
    assert payload["v"] == 1 and payload["dice"][: len(DICE)] == DICE, payload
    engine = run({**payload["scenario"], "dice": payload["dice"]})
    assert engine["status"] == "ok", engine
    expected = numbers_of(engine["resolution"])
    assert expected["roll"] == [str(DICE[0])]
    assert read(rolled["numbers"]) == expected, f"the page reads {rolled['numbers']}, the engine says {expected}"
    assert rolled["headline"], rolled

    assert driver.run(CONTROLLED, 60_000) == "controlled", "the service worker never took the page"
    server.stop()  # offline from here on
    driver.goto("about:blank")
    driver.goto(link)
    ready = driver.run(WAIT_FOR_ENGINE, ENGINE_TIMEOUT_S * 1000)
    assert ready["engine"] == "ready", f"offline, the engine did not start: {ready}"
    report.ready_ms.append(ready["ms"])
    shared = driver.run(SHARED_RESULT, 60_000)
    assert shared["status"] == "ok", f"offline, the share link showed no result: {shared}"
    assert read(shared["numbers"]) == expected, f"the share link reads {shared['numbers']}, the engine says {expected}"
    return report
