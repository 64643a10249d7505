"""Sides on the page at 390x844: the player characters added as the party and two Cultists as one
"x2" entry (named Cultist 1 and Cultist 2); the acting combatant's "At" is the engine's default
target, of the other side (never the ally next in order); an action the engine refuses now is
greyed out with its reason beside the actions; each card shows its defences, collapsed."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import PHONE, STORED_EVENTS, card, events, field, go, press, ready, show_encounter

pytestmark = pytest.mark.e2e


def add(page: Page, name: str, ag: str, side: str, count: str = "") -> None:
    """The forms' combatant named ``name`` (Ag ``ag``) added on ``side``, ``count`` of them."""
    go(page, "attacker")
    field(page, "attacker.name").fill(name)
    field(page, "attacker.characteristics.Ag").fill(ag)
    go(page, "result")
    show_encounter(page)
    page.select_option("#tk-side", side)
    page.fill("#tk-count", count)
    before = events(page)
    page.click("#tk-add-both")
    page.wait_for_function(f"{STORED_EVENTS} === {before + 1}")


def test_party_and_two_foes_at_defaults_to_a_foe_and_refusals_are_greyed(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    add(page, "Guardsman", "40", "party")
    # the Target form still shows its own "Cultist": its defences are built from its own profile
    # (Ag 40: Dodge 40), never the Target form's, which is said
    expect(page.locator("#tk-status")).to_contain_text("Guardsman's defences from its own profile")
    expect(page.locator("#tk-status")).to_contain_text("Dodge 40 (its Ag)")
    expect(page.locator("#tk-status")).to_contain_text("(not the Target form's, which shows Cultist)")
    add(page, "Adept", "30", "party")
    add(page, "Cultist", "30", "foes", "2")
    expect(card(page, "Cultist 1")).to_be_visible()
    expect(card(page, "Cultist 2")).to_be_visible()
    stored = page.evaluate(
        "JSON.parse(localStorage.getItem('auspex:encounter:v1')).files[document.getElementById('system').value].events"
    )
    assert [e["combatant"].get("side") for e in stored] == ["party", "party", None]
    assert stored[2]["count"] == 2
    # each joins under its own name: the Target form's name never goes in with another combatant
    assert [e["combatant"]["target"]["name"] for e in stored] == ["Guardsman", "Adept", "Cultist"]
    # initiative d10s in the order added: Guardsman 9 + AgB 4 = 13, Adept 8 + 3 = 11, Cultist 1
    # 5 + 3 = 8, Cultist 2 1 + 3 = 4: the Guardsman acts, the Adept (his ally) comes next
    page.fill("#tk-dice", "9 8 5 1")
    press(page, "#tk-start")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 1 \u00b7 Guardsman's turn")
    expect(page.locator("#tk-at option:checked")).to_have_text("Cultist 1")
    # a card's defences, collapsed
    expect(card(page, "Adept").locator('details[data-k="defences"]')).to_have_count(1)
    # a Full Action's Aim: the Half Actions are spent, Aim (Half) is greyed with the engine's reason
    press(page, "#tk-aim-full")
    aim = page.locator("#tk-aim-half")
    expect(aim).to_be_disabled()
    expect(page.locator("#tk-why")).to_contain_text("Aim (Half)")
    expect(page.locator("#tk-why")).to_contain_text("Half Action(s) left this turn")
    expect(page.locator("#tk-end-turn")).to_be_enabled()
    press(page, "#tk-end-turn")
    # the Adept's turn: its At is a Cultist too, and its Aim is offered again
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 1 \u00b7 Adept's turn")
    expect(page.locator("#tk-at option:checked")).to_have_text("Cultist 1")
    expect(aim).to_be_enabled()
