"""Grappling on the real page, at 390 x 844: a three-round grapple in the
encounter (attempt, Damage Opponent, Break Free) with every die typed by hand and every number the
player reads matched to a hand count; the grapple's fields stay hidden until Grapple is chosen.
Screenshots are kept in test-artifacts/grapple-*.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import (
    ARTIFACTS,
    AUTOGUN,
    PHONE,
    STUBBER,
    add_combatant,
    by_hand,
    card,
    field,
    go,
    press,
    reads,
    ready,
    show_encounter,
    show_result,
)

pytestmark = pytest.mark.e2e


def add_grappler(page: Page, name: str, *, ws: str, s: str, ag: str, weapon: dict[str, str], wounds: str) -> None:
    """A combatant from both forms: WS, S and Ag on the Attacker form; its S again, its Wounds and
    no armour on the Target form (a grapple's opposed tests read the target's S)."""
    add_combatant(
        page,
        name,
        characteristics={"WS": ws, "S": s, "Ag": ag},
        weapon=weapon,
        wounds=wounds,
        target={"armour.Body": "0", "characteristics.S": s},
    )


def conditions(page: Page, name: str) -> list[str]:
    return card(page, name).locator('[data-k="condition"]').all_inner_texts()


def test_a_three_round_grapple_on_a_phone_reads_as_counted_by_hand(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    # a player who never grapples sees none of its fields
    go(page, "action")
    expect(page.locator("#grapple-fields")).to_be_hidden()
    add_grappler(page, "Guard", ws="40", s="45", ag="40", weapon=AUTOGUN, wounds="12")
    add_grappler(page, "Cultist", ws="30", s="35", ag="30", weapon=STUBBER, wounds="10")
    page.fill("#tk-dice", "7 2")  # initiative: Guard 7 + AgB 4 = 11, Cultist 2 + 3 = 5
    press(page, "#tk-start")

    # Round 1: the Guard attempts a Grapple (a Standard Attack): WS 40 + 10 - 20 (unarmed against the
    # armed Cultist) = 30; rolled 30: 1 DoS. The Cultist makes no Reaction (none on its form).
    go(page, "action")
    field(page, "action.type").select_option("Grapple")
    expect(page.locator("#grapple-fields")).to_be_visible()
    field(page, "action.grapple.option").select_option("attempt")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#grapple-fields").screenshot(path=str(ARTIFACTS / "grapple-fields-390.png"))
    go(page, "result")
    by_hand(page, [30])
    expect(page.locator('#result [data-k="outcome"]')).to_have_text("Grapple attempt: the grapple begins")
    expect(page.locator('#result [data-k="target-number"]')).to_have_text("30")
    assert conditions(page, "Guard") == ["Grappling Cultist (controls)"]
    assert conditions(page, "Cultist") == ["Grappled by Guard"]
    press(page, "#tk-end-turn")
    press(page, "#tk-end-turn")  # the Cultist, grappled, waits

    # Round 2: Damage Opponent: S 45 rolls 23 (4 - 2 + 1 = 3 DoS), the Cultist's S 35 rolls 60
    # (6 - 3 + 1 = 4 DoF): won; the d10 7 is a d5 of 4: 4 - 3 + SB 4 = 5, less TB 3 = 2 wounds, and
    # one level of Fatigue
    go(page, "action")
    field(page, "action.grapple.option").select_option("damage")
    go(page, "result")
    by_hand(page, [23, 60, 7])
    expect(page.locator('#result [data-k="outcome"]')).to_have_text("Damage Opponent: won")
    rolls = page.locator('#result [data-k="grapple-roll"]').all_inner_texts()
    assert rolls == ["23", "60"], rolls
    degrees = page.locator('#result [data-k="grapple-degrees"]').all_inner_texts()
    assert degrees == ["3 DoS", "4 DoF"], degrees
    assert reads(page, "Cultist", "harm") == "2 of 10 taken"
    assert reads(page, "Cultist", "fatigue") == "Fatigue 1"
    press(page, "#tk-end-turn")

    # the Cultist breaks free: S 35 - 10 (Fatigued) = 25 rolls 20 (2 - 2 + 1 = 1 DoS), the Guard's
    # S 45 rolls 60 (6 - 4 + 1 = 3 DoF)
    go(page, "action")
    field(page, "action.grapple.option").select_option("break_free")
    go(page, "result")
    by_hand(page, [20, 60])
    expect(page.locator('#result [data-k="outcome"]')).to_have_text("Break Free: won")
    targets = page.locator('#result [data-k="grapple-target"]').all_inner_texts()
    assert targets == ["25", "45"], targets
    degrees = page.locator('#result [data-k="grapple-degrees"]').all_inner_texts()
    assert degrees == ["1 DoS", "3 DoF"], degrees
    expect(page.locator('#result [data-k="controller"]')).to_have_text("the grapple ends")
    assert conditions(page, "Guard") == [] and conditions(page, "Cultist") == []
    show_result(page)
    page.locator("#result").screenshot(path=str(ARTIFACTS / "grapple-result-390.png"))
    show_encounter(page)
    page.locator("#tracker").screenshot(path=str(ARTIFACTS / "grapple-390x844.png"))
    # back to a Standard Attack: the grapple's fields hide again
    go(page, "action")
    field(page, "action.type").select_option("Standard Attack")
    expect(page.locator("#grapple-fields")).to_be_hidden()


def test_a_grapples_odds_on_a_phone_read_who_wins_and_mark_no_field(ready_page: Page) -> None:
    # the Odds panel gives a Grapple's exact odds instead of refusing
    # it. Damage Opponent: the default attacker against a target of S 35; no field goes red.
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    go(page, "target")
    field(page, "target.characteristics.S").fill("35")
    go(page, "action")
    field(page, "action.type").select_option("Grapple")
    field(page, "action.grapple.option").select_option("damage")
    go(page, "result")
    page.click("#odds-toggle")
    page.wait_for_function("document.documentElement.dataset.odds === 'ok'", timeout=60_000)
    expect(page.locator('[data-k="odds-action"]')).to_have_text("Grapple: Damage Opponent")
    expect(page.locator('[data-k="odds-win"]')).to_have_text(re.compile(r"^\d+\.\d%$"))
    expect(page.locator('[data-k="odds-stalemate"]')).to_have_text(re.compile(r"^\d+\.\d%$"))
    expect(page.locator('[data-k="odds-measure"]')).to_have_text("Wounds")
    assert page.locator('[aria-invalid="true"]').count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator('[data-k="odds"]').screenshot(path=str(ARTIFACTS / "grapple-odds-390.png"))
