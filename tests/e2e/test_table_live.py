"""The whole table over the live connection at 390x844: a GM's page and two players' pages, each in
a browser context of its own, connected by the QR exchange (each code read from the page's canvas
by the decoder, as tests/e2e/test_live.py does). A two-round DH2 fight in which every claim,
proposal and decision travels over the WebRTC data channel (no link is shown):

- Ann claims the Guard and Bo the Sister; the GM accepts both (each decision back on its own page).
- Round 1, the Guard's turn: Ann's Standard Attack with her typed dice 34 7 is applied (the GM's
  file equal to the same event typed on the GM's page; the Cultist's card changes). Bo's attack is
  refused as out of turn: the engine's reason on the GM's page and on Bo's.
- The Sister's turn: Bo's attack (50 3) is declined: nothing changes.
- Round 2, the Sister's turn: Bo's attack with 30 6 is applied.

After every event each player's view is the engine's players' view of the GM's file, and no number
of the Cultist is in a player's DOM or in the messages it received.

The fight: Guard and Sister (party; BS 40, Autogun 1d10+3), Cultist (20 W, TB 3, no Reaction, so
a player's dice are all the attack's rolls). Initiative dice 7, 5, 2 with Ag bonus 3 each: Guard 10,
Sister 8, Cultist 5. A Standard Attack at 20 m: BS 40 + 10 (Standard Attack) + 10 (short range,
20 m of the Autogun's 90) = 60; 34 and 30 hit; damage 7 + 3 - TB 3 = 7, then 6 + 3 - 3 = 6, so the
Cultist has taken 7, then 13 of 20.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from rules.encounter.run import run_encounter
from tests.e2e.test_encounter import press
from tests.e2e.test_live import connect, follows, gm_file, live_browser, no_npc_numbers, phone
from tests.e2e.test_proposals import CULTIST, GUARD

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
__all__ = ["live_browser"]  # the fixture, used here

SISTER = {**GUARD, "name": "Sister"}


def fight() -> tuple[dict[str, Any], dict[str, Any]]:
    file: dict[str, Any] = {"auspex_encounter": 1, "system": "dh2", "events": []}
    out: dict[str, Any] = {}
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
        {
            "type": "add",
            "combatant": {
                "id": "s",
                "name": "Sister",
                "side": "party",
                "attacker": SISTER,
                "target": {"name": "Sister", "wounds": 11},
            },
        },
        {
            "type": "add",
            "combatant": {"id": "c", "name": "Cultist", **CULTIST, "target": {**CULTIST["target"], "wounds": 20}},
        },
        {"type": "initiative", "dice": [7, 5, 2]},
    ):
        out = run_encounter({"encounter": file, "then": event})
        assert out["status"] == "ok", out
        file = out["encounter"]
    return file, out["state"]


def each_follows(gm: Page, *players: Page) -> dict[str, Any]:
    now = gm_file(gm)
    for player in players:
        follows(player, now)
    return now


def sent_live(player: Page) -> None:
    """The message went over the data channel: said so, and no link or QR code shown instead."""
    expect(player.locator("#pp-send")).to_contain_text("Sent over the live connection.")
    assert player.locator('#pp-send [data-k="link-q"]').count() == 0


def pending(gm: Page) -> Locator:
    item = gm.locator("#pp-pending .pp-item").last
    expect(item.locator('[data-k="pending"]')).to_be_visible()
    return item


def decide(gm: Page, item: Locator, button: str) -> None:
    item.locator(f'[data-do="{button}"]').click()
    expect(item.locator('[data-k="pending-decided"]')).to_be_visible()
    expect(item).to_contain_text("Sent over the live connection.")  # the decision, back live


def claim(gm: Page, player: Page, name: str, who: str, combatant: str) -> None:
    expect(player.locator("#pp-name")).not_to_have_value("")  # the name typed when joining
    player.locator("#pp-name").fill(name)
    player.locator(f'#pl-body li[data-id="{who}"] .pp-me').click()
    sent_live(player)
    item = pending(gm)
    expect(item.locator('[data-k="pending-ask"]')).to_have_text(f"{name} asks to play {combatant}")
    decide(gm, item, "accept")
    expect(player.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "accepted")
    expect(player.locator("#pp-attack h3")).to_have_text(f"{combatant}'s attack with Autogun")


def fill(player: Page, dice: str) -> None:
    player.locator("#pp-send").evaluate("box => box.replaceChildren()")  # this message's status only
    player.locator("#pp-at").select_option("c")
    player.locator("#pp-action").select_option("Standard Attack")
    player.locator("#pp-distance").fill("20")
    player.locator("#pp-dice").fill(dice)


def propose(player: Page, dice: str) -> None:
    fill(player, dice)
    player.locator("#pp-propose").click()
    sent_live(player)


def attack(who: str, dice: list[int]) -> dict[str, Any]:
    return {
        "type": "attack",
        "who": who,
        "at": "c",
        "action": {"type": "Standard Attack", "distance": 20},
        "dice": dice,
    }


def test_a_two_round_fight_with_the_players_claims_and_attacks_over_the_live_connection(
    live_browser: Browser, base_url: str
) -> None:
    file, _state = fight()
    gm = phone(live_browser, base_url, file)
    ann = phone(live_browser, base_url)
    bo = phone(live_browser, base_url)
    # each player types their name when joining; it comes with the answer's code and is on the GM's
    # list as text (Bo's markup not made an element), spaces squeezed, cut to 40 characters
    gm.locator("#live-start").click()
    ann.locator("#live-join-start").click()
    ann.locator("#live-name").fill("Ann")
    connect(gm, ann, "Ann")
    bo.locator("#live-join-start").click()
    bo.locator("#live-name").evaluate(
        "(input, v) => { input.value = v; }", "<b>Bo</b> \t " + "x" * 60
    )  # past maxlength
    gm.locator("#live-connect").click()
    connect(gm, bo, "<b>Bo</b> xxx")
    expect(gm.locator("#live-peers .live-name")).to_have_text(["Ann", "<b>Bo</b> " + "x" * 30])
    assert gm.locator("#live-peers b").count() == 0
    each_follows(gm, ann, bo)

    # the claims, accepted: the GM's file says who plays whom
    claim(gm, ann, "Ann", "g", "Guard")
    claim(gm, bo, "Bo", "s", "Sister")
    assert gm_file(gm)["claims"] == {"g": "Ann", "s": "Bo"}
    each_follows(gm, ann, bo)

    # round 1, the Guard's turn: Ann's attack applied, exactly the event typed on the GM's page
    before = gm_file(gm)
    propose(ann, "34 7")
    item = pending(gm)
    expect(item.locator('[data-k="pending-text"]')).to_contain_text("Guard attacks Cultist (Standard Attack): hit")
    # as a player and the GM read it on their phones (kept for review, not compared)
    ARTIFACTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "live-player-390x844.png"))
    item.scroll_into_view_if_needed()
    gm.screenshot(path=str(ARTIFACTS / "live-gm-pending-390x844.png"))
    decide(gm, item, "apply")
    typed = run_encounter({"encounter": before, "then": attack("g", [34, 7])})
    assert typed["status"] == "ok", typed
    assert gm_file(gm) == typed["encounter"]
    cultist = next(c for c in typed["state"]["combatants"] if c["id"] == "c")
    assert cultist["damage_taken"] == 7  # 7 + 3 - TB 3
    expect(gm.locator('#tk-view li[data-id="c"]')).to_contain_text("7")
    expect(ann.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "applied")
    expect(ann.locator('[data-k="decision-dice"]')).to_contain_text("to-hit d100: 34")
    each_follows(gm, ann, bo)

    # Bo's attack in the Guard's turn: refused as out of turn, the engine's reason on both pages
    kept = gm_file(gm)
    propose(bo, "30 6")
    item = pending(gm)
    expect(item.locator('[data-k="pending-reason"]')).to_have_text("It is Guard's turn, not Sister's")
    decide(gm, item, "decline")
    expect(bo.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "refused")
    expect(bo.locator('[data-k="decision-reason"]')).to_have_text("It is Guard's turn, not Sister's")
    assert gm_file(gm) == kept
    each_follows(gm, ann, bo)

    # the Sister's turn: Bo's attack declined, nothing changes
    press(gm, "#tk-end-turn")
    kept = each_follows(gm, ann, bo)
    propose(bo, "50 3")
    item = pending(gm)
    expect(item.locator('[data-k="pending-text"]')).to_contain_text("Sister attacks Cultist (Standard Attack)")
    decide(gm, item, "decline")
    expect(bo.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "declined")
    assert gm_file(gm) == kept
    each_follows(gm, ann, bo)

    # the Cultist's turn ends the round; round 2: the Guard's turn, then the Sister's. Bo types
    # the attack during the Guard's turn: the view that comes when the turn passes keeps the form
    for _ in range(2):
        press(gm, "#tk-end-turn")
        each_follows(gm, ann, bo)
    fill(bo, "30 6")
    bo.locator("#pp-distance").fill("21")
    press(gm, "#tk-end-turn")
    each_follows(gm, ann, bo)
    bo.wait_for_function(
        "document.documentElement.dataset.playersViews && document.getElementById('pp-turn').textContent.indexOf('the view shows') < 0"
    )
    expect(bo.locator("#pp-dice")).to_have_value("30 6")
    expect(bo.locator("#pp-distance")).to_have_value("21")
    expect(bo.locator("#pp-at")).to_have_value("c")
    bo.locator("#pp-distance").fill("20")
    before = gm_file(gm)
    bo.locator("#pp-propose").click()
    sent_live(bo)
    item = pending(gm)
    decide(gm, item, "apply")
    typed = run_encounter({"encounter": before, "then": attack("s", [30, 6])})
    assert typed["status"] == "ok", typed
    assert gm_file(gm) == typed["encounter"]
    assert typed["state"]["round"] == 2
    cultist = next(c for c in typed["state"]["combatants"] if c["id"] == "c")
    assert cultist["damage_taken"] == 13  # 7, then 6 + 3 - TB 3
    expect(bo.locator('[data-k="decision-outcome"]')).to_have_attribute("data-outcome", "applied")
    each_follows(gm, ann, bo)

    # a player's page never holds a number of the Cultist (DOM and every message received)
    secret = {20, 7, 13, cultist["initiative"]}
    no_npc_numbers(ann, secret)
    no_npc_numbers(bo, secret)
    # each decision went to the player it answers only
    for player, who, count in ((ann, "g", 2), (bo, "s", 4)):
        decisions = player.evaluate(
            "window.received.map((m) => JSON.parse(m)).filter((m) => m.kind === 'decision').map((m) => m.payload.who)"
        )
        assert decisions == [who] * count, decisions
    for page in (gm, ann, bo):
        page.context.close()


def test_a_decision_for_a_player_no_longer_connected_is_given_as_a_link(live_browser: Browser, base_url: str) -> None:
    """A claim came live from a peer whose connection is gone (its phone closed, or re-connected under
    a new code) while another player is connected: the GM's decision reaches nobody over the data
    channel, so the page gives its #d= link instead of saying it was sent."""
    file, _state = fight()
    gm = phone(live_browser, base_url, file)
    ann = phone(live_browser, base_url)
    gm.locator("#live-start").click()
    connect(gm, ann, "Player 1")
    each_follows(gm, ann)
    gm.evaluate(
        """() => dispatchEvent(new CustomEvent('auspex-peer',
            {detail: {kind: 'claim', payload: {player: 'Cy', who: 's'}, from: 'gone'}}))"""
    )
    item = pending(gm)
    item.locator('[data-do="accept"]').click()
    expect(item.locator('[data-k="link-d"]')).to_be_visible()
    assert "#d=" in item.locator('[data-k="link-d"]').input_value()
    expect(item).not_to_contain_text("Sent over the live connection.")
    assert ann.evaluate("window.received.filter((m) => JSON.parse(m).kind === 'decision').length") == 0
    for page in (gm, ann):
        page.context.close()
