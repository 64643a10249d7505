"""When the acting combatant has nothing left to do (rules/encounter/turn.py, ``turn.nothing_left``):
every control of its turn but End turn refused by the engine. A turn is a Full Action or two Half
Actions (seed 003 and seed 001, Action types);
a Stunned combatant takes no actions (seed 001, Stunned). ``nothing_left`` says why in words
(None while anything is left), so the page can offer End turn with the reason."""

from __future__ import annotations

from encounter_helpers import dh2_fight
from test_encounter_dw_epic import epic_fight


def test_a_fresh_turn_and_one_half_action_spent_leave_something() -> None:
    f = dh2_fight()
    assert f.last["turn"]["nothing_left"] is None
    # a Half Action's Aim: one Half Action of the two is left (seed 003)
    f.do({"type": "aim", "who": "g", "aim": "half"})
    assert f.last["turn"]["nothing_left"] is None


def test_a_full_action_spends_the_turn_and_says_what_was_done() -> None:
    f = dh2_fight()
    # Aim as a Full Action: both Half Actions spent (seed 003: a Full Action counts as two)
    f.do({"type": "aim", "who": "g", "aim": "full"})
    assert f.last["turn"]["nothing_left"] == "No Half Action left (done: Aim (full))"
    # End turn itself is still allowed
    assert f.last["turn"]["allowed"]["end_turn"] is None


def test_two_half_actions_spend_the_turn() -> None:
    f = dh2_fight()
    f.do({"type": "aim", "who": "g", "aim": "half"})
    f.do({"type": "move", "who": "g"})
    assert f.last["turn"]["nothing_left"] == "No Half Action left (done: Aim (half), Move (Half))"


def test_a_stunned_combatant_has_nothing_left_in_the_engines_words() -> None:
    f = dh2_fight()
    f.end("g")
    # the Cultist is Stunned for its next turn: no actions at all (seed 001, Stunned)
    f.do({"type": "condition", "who": "g", "condition": "Stunned", "rounds": 1})
    f.end("c")
    turn = f.last["turn"]
    assert turn["who"] == "g"
    assert turn["nothing_left"] == turn["allowed"]["aim_half"]
    assert turn["nothing_left"].startswith("Guard is Stunned, 1 turn(s) left: no actions")


def test_an_epic_formation_that_shot_has_no_action_left() -> None:
    f = epic_fight()
    assert f.last["turn"]["nothing_left"] is None
    # a formation's shooting is its Full Action (seed 002); the dice as in the Epic fight's test
    f.do({"type": "attack", "who": "a", "at": "t", "action": {}, "dice": [2, 5]})
    assert f.last["turn"]["nothing_left"] == "No action left (done: Attack)"
