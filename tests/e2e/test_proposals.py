"""A player's own attack into the GM's fight, by links only (no live connection): the GM's page
(1280x900) and a player's phone (390x844, a context of its own). The player opens the players'
link, taps "This is me" on the Guard and sends the claim as a #q= link; the GM accepts it and
sends the decision back as a #d= link. The player then types the Guard's Standard Attack with
their dice; the GM applies it, and the GM's file, log and cards are exactly those of the same event
typed on the GM's page. A second attack is declined (nothing changes); after the GM ends the
Guard's turn, a third is refused as out of turn, the engine's reason on both pages.

The fight (tests/unit/encounter/test_proposals.py's): the Guard (party; BS 40, Autogun 1d10+3) and a Cultist
(10 W, TB 3, no Reaction here, so the player's dice are all the attack rolls); initiative Guard
7 + 3 = 10 before Cultist 2 + 3 = 5. A Standard Attack at 20 m: 40 + 10 + 10 = 60; 34 hits, damage
7 + 3 - TB 3 = 7.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from rules.encounter.run import run_encounter
from tests.e2e.conftest import wait_for_engine
from tests.e2e.test_encounter import PHONE, ready

pytestmark = pytest.mark.e2e

WIDE = {"width": 1280, "height": 900}
GUARD = {
    "name": "Guard",
    "characteristics": {"WS": 30, "BS": 40, "Ag": 35},
    "weapon": {
        "name": "Autogun",
        "class": "Basic",
        "range": 90,
        "rof": "S/3/10",
        "damage": "1d10+3",
        "clip": 30,
        "reload": "Full",
    },
}
CULTIST = {
    "attacker": {
        "name": "Cultist",
        "characteristics": {"WS": 30, "BS": 25, "Ag": 30},
        "weapon": {"name": "Knife", "class": "Melee", "damage": "1d5"},
    },
    "target": {"name": "Cultist", "wounds": 10, "toughness_bonus": 3},
}
ATTACK = {"type": "attack", "who": "g", "at": "c", "action": {"type": "Standard Attack", "distance": 20}}


def fight() -> dict[str, Any]:
    file: dict[str, Any] = {"auspex_encounter": 1, "system": "dh2", "events": []}
    for event in (
        {
            "type": "add",
            "combatant": {
                "id": "g",
                "name": "Guard",
                "side": "party",
                "attacker": GUARD,
                "target": {"name": "Guard", "wounds": 12},
            },
        },
        {"type": "add", "combatant": {"id": "c", "name": "Cultist", **CULTIST}},
        {"type": "initiative", "dice": [7, 2]},
    ):
        out = run_encounter({"encounter": file, "then": event})
        assert out["status"] == "ok", out
        file = out["encounter"]
    return file


def gm_file(page: Page) -> dict[str, Any]:
    return dict(page.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.dh2"))


def players_link(gm: Page) -> str:
    gm.locator("#pl-make").click()
    expect(gm.locator("#pl-url")).to_be_visible()
    return gm.locator("#pl-url").input_value()


def open_view(player: Page, link: str) -> None:
    player.goto(link)
    player.wait_for_function("document.documentElement.dataset.playersView === 'shown'")
    player.wait_for_function("document.documentElement.dataset.proposals === 'ready'")


def sent_link(page: Page, mark: str, box: str) -> str:
    link = page.locator(f'{box} [data-k="link-{mark}"]').last
    expect(link).to_be_visible()
    value = link.input_value()
    assert f"#{mark}=" in value
    return value


def pending(gm: Page, link: str) -> Any:
    gm.locator("#pp-paste").fill(link)
    gm.locator("#pp-gm button", has_text="Open").click()
    item = gm.locator('#pp-pending [data-k="pending"]').last
    expect(item).to_be_visible()
    return item


def propose(player: Page, dice: str) -> str:
    player.locator("#pp-at").select_option("c")
    player.locator("#pp-action").select_option("Standard Attack")
    player.locator("#pp-distance").fill("20")
    player.locator("#pp-dice").fill(dice)
    player.locator("#pp-send").evaluate("box => box.replaceChildren()")  # the last link only
    player.locator("#pp-propose").click()
    return sent_link(player, "q", "#pp-send")


def decided(gm: Page, button: str) -> str:
    gm.locator("#pp-pending .pp-item").last.locator(f'[data-do="{button}"]').click()
    return sent_link(gm, "d", "#pp-pending .pp-item:last-child")


def test_a_claim_and_a_players_attack_by_links(page: Page, base_url: str, browser: Browser) -> None:
    gm = page
    gm.set_viewport_size(WIDE)
    file = fight()
    gm.goto(base_url)
    gm.evaluate("f => localStorage.setItem('auspex:encounter:v1', JSON.stringify({v: 1, files: {dh2: f}}))", file)
    gm.reload()
    wait_for_engine(gm)
    ready(gm)
    gm.wait_for_function("document.documentElement.dataset.proposals === 'ready'")

    player = browser.new_context(viewport=PHONE).new_page()
    open_view(player, players_link(gm))
    wait_for_engine(player)
    player.locator("#pp-name").fill("Ann <b>")
    player.locator('#pl-body li[data-id="g"] .pp-me').click()
    claim = pending(gm, sent_link(player, "q", "#pp-send"))
    expect(claim.locator('[data-k="pending-ask"]')).to_have_text("Ann <b> asks to play Guard")  # as text
    player.goto(decided(gm, "accept"))
    expect(player.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "accepted")
    assert gm_file(gm)["claims"] == {"g": "Ann <b>"}

    # the attack, applied: the same file and state as the event typed on the GM's page
    open_view(player, players_link(gm))
    expect(player.locator("#pp-attack h3")).to_have_text("Guard's attack with Autogun")
    item = pending(gm, propose(player, "34 7"))
    expect(item.locator('[data-k="pending-text"]')).to_contain_text("Guard attacks Cultist (Standard Attack): hit")
    before = gm_file(gm)
    player.goto(decided(gm, "apply"))
    typed = run_encounter({"encounter": before, "then": {**ATTACK, "dice": [34, 7]}})
    assert gm_file(gm) == typed["encounter"]
    expect(gm.locator('#tk-view li[data-id="c"]')).to_contain_text("7")
    expect(player.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "applied")
    expect(player.locator('[data-k="decision-dice"]')).to_contain_text("to-hit d100: 34")

    # declined: nothing changes (made from the older view: previewed again against now)
    item = pending(gm, propose(player, "50 3"))
    expect(item.locator('[data-k="pending-again"]')).to_contain_text("1 event(s)")
    kept = gm_file(gm)
    player.goto(decided(gm, "decline"))
    assert gm_file(gm) == kept
    expect(player.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "declined")

    # out of turn: refused with the engine's reason on both pages
    gm.locator("#tk-end-turn").click()
    gm.wait_for_function("JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.dh2.events.length === 5")
    kept = gm_file(gm)
    item = pending(gm, propose(player, "34 7"))
    expect(item.locator('[data-k="pending-reason"]')).to_have_text("It is Cultist's turn, not Guard's")
    player.goto(decided(gm, "decline"))
    assert gm_file(gm) == kept
    expect(player.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "refused")
    expect(player.locator('[data-k="decision-reason"]')).to_have_text("It is Cultist's turn, not Guard's")
    assert json.dumps(kept).count('"attack"') == 1


def test_a_hostile_peer_changes_nothing_on_the_gms_page(page: Page, base_url: str) -> None:
    """Messages as static/peer.js dispatches them (window's "auspex-peer"): a forged decision, a
    claim whose name is a script, one over 64 KB, an invalid proposal. The GM's file is unchanged,
    no script runs, the name is shown as text."""
    gm = page
    gm.set_viewport_size(WIDE)
    file = fight()
    gm.goto(base_url)
    gm.evaluate("f => localStorage.setItem('auspex:encounter:v1', JSON.stringify({v: 1, files: {dh2: f}}))", file)
    gm.reload()
    wait_for_engine(gm)
    ready(gm)
    gm.wait_for_function("document.documentElement.dataset.proposals === 'ready'")
    before = gm_file(gm)
    script = '<img src=x onerror="window.pwned = 1">'

    def peer(kind: str, payload: dict[str, Any]) -> None:
        gm.evaluate(
            "([kind, payload]) => dispatchEvent(new CustomEvent('auspex-peer', {detail: {kind, payload, from: 'p1'}}))",
            [kind, payload],
        )

    peer("decision", {"about": "claim", "who": "g", "outcome": "accepted", "reason": script})
    peer("claim", {"player": script, "who": "g"})
    ask = gm.locator('#pp-pending [data-k="pending-ask"]')
    expect(ask).to_have_text(f"{script} asks to play Guard")
    peer("claim", {"player": "Ann", "who": "g", "pad": ["x" * 50] * 1500})  # about 80 KB
    expect(gm.locator("#pp-gm-status")).to_contain_text("64 KB")
    peer("proposal", {"player": "Ann", "who": "g", "seen": 3, "event": {**ATTACK, "dice": [34, 7]}})
    expect(gm.locator('#pp-pending [data-k="pending-reason"]')).to_contain_text("not played by Ann")
    peer("proposal", {"player": "Ann", "who": "g", "seen": 3, "event": {**ATTACK, "dice": ["<script>"]}})
    expect(gm.locator("#pp-gm-status")).to_contain_text("message.event.dice.0")
    assert gm.evaluate("window.pwned") is None
    assert gm.locator("#pp-decision").count() == 0  # a decision is a player's page's only
    assert gm_file(gm) == before
