"""render_encounter on CPython: a combatant's card shows what the group's Critical Effects tables
did to it: its critical damage, each Righteous Fury row with the group's words
and effects (seed 004, Righteous Fury: separate effects, not stacking), the rows its critical damage
read, the conditions with their turns left, its characteristic damage and the locations lost.
Every text the group typed is escaped."""

from __future__ import annotations

from auspex_web.render_encounter import render_encounter
from test_render_encounter import card, combatant, state

STUNNED = {"kind": "stunned", "amount": 3, "dice": "1d5", "characteristic": None}


def test_card_shows_fury_row_text_and_effects() -> None:
    fury = [
        {
            "table": "Impact Critical Effects, Body",
            "location": "Body",
            "effect": 2,
            "text": "Winded <and> reeling",
            "effects": [STUNNED, {"kind": "fatigue", "amount": 1}],
        }
    ]
    html = render_encounter(state(combatant(fury=fury)))
    assert "Winded &lt;and&gt; reeling" in html  # the group's words escaped
    c = card(html, "g")
    assert (
        "Righteous Fury: Impact Critical Effects, Body row 2 \u2014 Winded <and> reeling (Stunned 3 rounds (1d5), Fatigue 1 level)"
        in c
    )
    assert "separate effects, not stacking" in c


def test_card_shows_critical_rows_damage_conditions_and_locations_lost() -> None:
    rows = [
        {
            "table": "Rending Critical Effects, Arm",
            "location": "Right Arm",
            "effect": 10,
            "text": "",
            "effects": [{"kind": "lost"}, {"kind": "characteristic", "characteristic": "WS", "amount": 10}],
        }
    ]
    g = combatant(
        damage_taken=22,
        critical=12,
        critical_rows=rows,
        characteristic_damage={"WS": 10, "Ag": 4},
        conditions=[{"name": "Stunned", "rounds": 2}, {"name": "Right Arm lost", "rounds": None}],
    )
    c = card(render_encounter(state(g)), "g")
    assert "22 taken: all 10 wounds, critical damage 12" in c  # not "22 of 10"
    assert "Critical: Rending Critical Effects, Arm row 10 \u2014 (Right Arm lost, WS damage 10)" in c
    assert "Characteristic damage: WS \u221210, Ag \u22124" in c
    assert "Stunned (2 turns left)" in c and "Right Arm lost" in c


def test_card_without_critical_effects_is_as_before() -> None:
    c = card(render_encounter(state(combatant())), "g")
    assert "Critical:" not in c and "Characteristic damage" not in c
    plain = [{"table": "Impact Critical Effects, Body", "location": "Body", "effect": 2}]
    assert "row 2 \u2014" not in card(render_encounter(state(combatant(fury=plain))), "g")
