"""The page in Firefox and in WebKit (the engine of every iOS browser), driven as tools/testing/engines.py
says: it loads, starts its engine, resolves the default attack with dice typed in (the numbers a
player reads are the engine's), makes a share link with its own Share button and opens it offline
from the service worker's copy (tests/browsers/smoke.py). Two page loads per engine: WebKit takes
20-40 s to start the engine here. ``make browsers`` installs what they need; without it each test is
skipped and says what is missing (``make test`` as root fails instead: AUSPEX_REQUIRE_BROWSERS)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.testing.engines import WAIT_FOR_ENGINE, Firefox, WebKit, missing_for, start

from .fight import CARDS, EXPECTED_CARDS, PLAY, ROUNDS, SEED, SETUP, party_text
from .smoke import ENGINE_TIMEOUT_S, Server, smoke, unavailable

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.e2e


@pytest.fixture(params=["firefox", "webkit"])
def browser(request: pytest.FixtureRequest) -> Iterator[Firefox | WebKit]:
    engine: str = request.param
    lacking = missing_for(engine)
    if lacking:
        unavailable(
            f"the {engine} smoke test needs {', '.join(lacking)}: run `make browsers` (as root it installs them)"
        )
    if not (ROOT / "static" / "vendor" / "precache.js").exists():
        pytest.fail("static/vendor/ is not ready: run `make vendor` first", pytrace=False)
    driver = start(engine)
    try:
        yield driver
        errors = driver.page_errors()
        assert errors == [], f"uncaught errors in the page: {errors}"
    finally:
        driver.close()


def test_the_page_loads_resolves_typed_dice_shares_and_works_offline(browser: Firefox | WebKit) -> None:
    server = Server().start()
    try:
        report = smoke(browser, server)
    finally:
        server.stop()
    print(
        f"{browser.name} {browser.version}: engine ready after {[round(ms) for ms in report.ready_ms]} ms (first, offline)"
    )


def test_the_table_fight_reads_the_same_cards_as_in_chromium(browser: Firefox | WebKit) -> None:
    # the DH2 fight of tests/e2e/test_table_fight.py (two PCs from the party, two Cultists as one
    # x2 entry, a knife given on a card, three rounds of dice typed by hand), played by the same
    # script as in Chromium (tests/browsers/fight.py): the cards read the hand count there too
    server = Server().start()
    try:
        browser.goto(server.url)
        assert browser.run(WAIT_FOR_ENGINE, ENGINE_TIMEOUT_S * 1000)["engine"] == "ready"
        browser.run(SEED, party_text())
        browser.goto(server.url)
        for ops in (SETUP, ROUNDS):
            played = browser.run(PLAY, ops)
            assert played == {"ok": True}, f"{browser.name}: {played}"
        assert browser.run(CARDS) == EXPECTED_CARDS
    finally:
        server.stop()
