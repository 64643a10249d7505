"""Crippled (X): a quality that leaves a condition, added as one hook (the quality's, in
rules/d100/conditions.py: Crippling names the condition it leaves), one record (Crippled, with its
action-spent hook, in rules/encounter/conditions.py) and this test file.

DH2 Core, Ch. V, Crippling (X) (not in the seeds; read from the book's text as the ruleset's
``qualities.json`` summarises it, unchecked): "A target that takes a wound is Crippled for the
encounter: each turn it takes more than a Half Action it suffers X Rending damage to that location,
ignoring armour and TB." In the encounter: X is added to its damage taken as the action that takes
it past one Half Action on its own turn is spent, once a turn.
"""

from __future__ import annotations

from typing import Any

from encounter_helpers import AUTOGUN, GUARD, dh2_fight

CRIPPLING_GUARD = {**GUARD, "weapon": {**AUTOGUN, "qualities": ["Crippling (2)"]}}


def crippled_cultist() -> Any:
    """The Guard's Crippling (2) Autogun wounds the Cultist; then the Cultist's turn."""
    f = dh2_fight(guard=CRIPPLING_GUARD)
    # BS 40 + Standard Attack 10 + Short range 10 = 60: 23 hits; d10 6 + 3 = 9 - TB 3 = 6 wounds (no Dodge)
    f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20},
            "reaction": False,
            "dice": [23, 6],
        }
    )
    f.end("g")
    return f


def test_a_wounding_crippling_hit_leaves_crippled_with_its_x() -> None:
    f = crippled_cultist()
    cultist = f.who("c")
    assert cultist["damage_taken"] == 6
    crippled = [x for x in cultist["conditions"] if x["name"] == "Crippled"]
    assert len(crippled) == 1 and crippled[0]["value"] == 2 and crippled[0]["rounds"] is None
    assert "Crippling" in crippled[0]["source"]


def test_a_full_action_costs_the_crippled_x_damage() -> None:
    f = crippled_cultist()
    out = f.do({"type": "run", "who": "c"})  # a Full Action: more than a Half Action this turn
    # 6 + 2 (Crippling's X, ignoring armour and TB) = 8
    assert f.who("c")["damage_taken"] == 8
    assert (
        "Cultist is Crippled (2) and takes more than a Half Action (Run): 2 damage" in out["state"]["log"][-1]["text"]
    )


def test_one_half_action_costs_nothing_and_the_second_costs_x_once() -> None:
    f = crippled_cultist()
    f.do({"type": "ready", "who": "c"})  # one Half Action: not more than a Half Action
    assert f.who("c")["damage_taken"] == 6
    f.do({"type": "move", "who": "c"})  # the second Half Action: more than a Half Action
    assert f.who("c")["damage_taken"] == 8
    f.end("c")
    f.end("g")
    f.do({"type": "run", "who": "c"})  # its next turn: again
    assert f.who("c")["damage_taken"] == 10


def test_a_hit_that_does_not_wound_leaves_nothing() -> None:
    f = dh2_fight(guard=CRIPPLING_GUARD, cultist={"name": "Cultist", "wounds": 10, "toughness_bonus": 9})
    # 23 hits; d10 6 + 3 = 9 - TB 9 = 0 wounds: not crippled
    f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20},
            "dice": [23, 6],
        }
    )
    assert [x["name"] for x in f.who("c")["conditions"]] == []
