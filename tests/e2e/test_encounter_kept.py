"""A stored fight on the page: shown at once from the view kept for its very file (the engine's
replay of a long fight no longer holds the page), a Resolve tapped while the engine replays it
does not restart the worker (which would lose the state it remembers), and an import the player
declines says that nothing was replaced."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.conftest import wait_for_engine
from tests.e2e.test_encounter import KEY, card, guard_and_cultist, ready
from tools.measure.bench_replay import long_fight

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
FIGHT = json.loads((ROOT / "examples" / "encounters" / "dh2-three-rounds.json").read_text())
VIEW_KEY = "auspex:encounter-view:v1"


def _store(page: Page, file: dict[str, Any]) -> None:
    saved = {"v": 1, "files": {file["system"]: file}}
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(saved))})")


def test_a_stored_fight_shows_from_its_kept_view_before_the_engine_answers(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    try:
        page = context.new_page()
        page.goto(base_url)
        _store(page, FIGHT)
        page.reload()
        wait_for_engine(page)
        ready(page)
        expect(card(page, "Cultist")).to_be_visible()
        page.wait_for_function(f"localStorage.getItem('{VIEW_KEY}') !== null")  # kept after it was drawn
        shown = page.inner_html("#tk-view")

        held: list[Route] = []
        page.route("**/static/auspex_web/worker.py", lambda route: held.append(route))  # the engine never starts
        page.reload()
        page.wait_for_function("document.documentElement.dataset.encounterShown === 'kept'")
        expect(card(page, "Guardsman Vael")).to_be_visible()
        expect(card(page, "Cultist")).to_be_visible()
        # the players' link module (loaded after the page) puts its Show to players toggles on the cards
        expect(page.locator("#pl-make")).to_be_attached()
        # the view's own buttons (a card's profile Save) wait while the encounter loads: the same view,
        # each of them disabled and marked until the engine has replayed the fight
        kept = page.inner_html("#tk-view")
        waiting = ' disabled="" data-loading=""'
        assert kept.count(waiting) == page.locator("#tk-view [data-profile-save]").count() > 0
        assert kept.replace(waiting, "") == shown
        assert page.evaluate("document.documentElement.dataset.encounter") != "ready"  # no replay yet

        # the stored file changed since (another tab's event, an import): its kept view is not shown
        _store(page, {**FIGHT, "events": FIGHT["events"][:-1]})
        page.reload()
        page.wait_for_function("document.getElementById('tk-status').textContent.startsWith('Loading')")
        page.wait_for_timeout(500)
        assert page.evaluate("document.documentElement.dataset.encounterShown") is None
        expect(card(page, "Cultist")).to_have_count(0)
        for route in held:
            route.abort()
    finally:
        context.close()


def test_a_resolve_tapped_while_the_engine_replays_a_long_fight_waits_and_keeps_the_worker(ready_page: Page) -> None:
    page = ready(ready_page)
    file, _ = long_fight(2000)
    # every call counts as old at once ("Working… Cancel"), as a 2,000-event replay on a phone is
    started = page.evaluate(
        """async (file) => {
          const { engines, LIMITS } = await import("./static/engine.js");
          LIMITS.busy = 0;
          let stopped = 0;
          engines.main.addEventListener("state", (e) => { if (e.detail.state === "stopped") stopped++; });
          window.auspexStopped = () => stopped;
          window.auspexReplay = engines.main.call("encounter", JSON.stringify({ encounter: file }));
          return true;
        }""",
        file,
    )
    assert started
    page.click("#resolve")
    answer = json.loads(page.evaluate("window.auspexReplay"))
    assert answer["status"] == "ok", answer.get("message")
    assert len(answer["state"]["log"]) == 2000
    page.wait_for_function("document.getElementById('result').textContent.trim() !== ''")
    assert page.evaluate("window.auspexStopped()") == 0
    expect(page.locator("#result")).not_to_contain_text("restarted")


def test_declining_to_replace_the_encounter_says_nothing_was_replaced(ready_page: Page, tmp_path: Path) -> None:
    page = ready(ready_page)
    guard_and_cultist(page)
    before = page.evaluate(f"localStorage.getItem('{KEY}')")
    path = tmp_path / "other-fight.json"
    path.write_text(json.dumps(FIGHT))
    page.once("dialog", lambda d: d.dismiss())
    page.set_input_files("#tk-import-file", str(path))
    expect(page.locator("#tk-status")).to_have_text(
        "Nothing was replaced: the Dark Heresy 2nd edition encounter on this device is kept as it was "
        "(other-fight.json was not imported)."
    )
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == before
    expect(card(page, "Guard")).to_be_visible()
