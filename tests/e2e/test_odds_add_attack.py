"""The Odds panel's exchange on a phone (390x844): a player adds their own planned attack (Sergeant
Rusk's second Standard Attack, his other Half Action) to the engine's default list against the
Heretic; the figures shown are rules.odds.exchange's for the list the page asked for."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from rules.odds.exchange import run_exchange
from tests.e2e.test_encounter import KEY, PHONE, go, ready
from tests.e2e.test_odds_exchange import FIGHT, again, expected, shown

pytestmark = pytest.mark.e2e


def test_a_player_adds_a_planned_attack_to_this_round_against_the_heretic(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url)
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps({'v': 1, 'files': {'dh2': FIGHT}}))})")
    page.reload()
    ready(page)
    go(page, "action")
    page.select_option("#tk-at", "heretic")
    go(page, "result")
    page.get_by_role("tab", name="Odds").click()
    again(page, page.get_by_role("button", name="This round against Heretic").click)
    assert [who for who, _, _ in shown(page)[0]] == ["Guardsman Vael", "Sergeant Rusk"]

    page.get_by_label("Who makes the attack to add").select_option(label="Sergeant Rusk")
    page.get_by_label("Action of the attack to add").select_option("Standard Attack")
    again(page, page.get_by_role("button", name="Add an attack").click)
    asked = json.loads(page.evaluate("document.getElementById('odds-x').lastRequest"))
    assert [a["who"] for a in asked["attacks"]] == ["vael", "rusk", "rusk"]
    assert asked["attacks"][2]["action"]["type"] == "Standard Attack"
    report = run_exchange(asked)
    assert report["status"] == "ok", report
    assert shown(page) == expected(report["exchange"])
    assert [who for who, _, _ in shown(page)[0]] == ["Guardsman Vael", "Sergeant Rusk", "Sergeant Rusk"]
