"""The fan ruleset's time in the encounter (seed 000): the turn of six rounds, and the 4-action task
of taking an item from a fallen character.

Seed 000 L3: "The round and turn based system of WFRP applies - with 1 round being 10 seconds and a
turn being 1 minute or 6 rounds. However in Warhammer 40k roleplay a character can perform 4
actions in a round." Seed 000 L47: "It takes 4 ACTIONS to accomplish any one of the following: ...
Taking a hand-held item from a dead, wounded or knocked out character."
"""

from __future__ import annotations

from auspex_web.render_encounter import headline
from encounter_helpers import Fight
from test_encounter_rp_run import rp_fight


def test_the_fan_rulesets_turn_is_six_rounds() -> None:
    # rounds 1-6 are turn 1, round 7 is turn 2's first round
    f = rp_fight()
    st = f.state()
    assert (st["round"], st["game_turn"], st["round_of_turn"]) == (1, 1, 1)
    for _ in range(6):
        f.end("k")
        f.end("c")
    st = f.state()
    assert (st["round"], st["game_turn"], st["round_of_turn"]) == (7, 2, 1)
    assert headline(st) == "Turn 2, round 1 (round 7) \u00b7 Kell's turn"


def test_the_d100_rulesets_have_no_six_round_turn() -> None:
    f = Fight("dh2")
    f.do({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": {"characteristics": {"BS": 40}}}})
    f.do({"type": "initiative", "dice": [5]})
    st = f.state()
    assert "game_turn" not in st and "round_of_turn" not in st


def test_taking_an_item_from_a_fallen_character_takes_4_actions() -> None:
    f = rp_fight()
    f.do({"type": "take_item", "who": "k", "other": "c"})
    k = f.who("k")
    assert k["half_actions"] == 4  # the round's 4 actions
    errors = f.refused({"type": "move", "who": "k"})
    assert errors


def test_a_4_action_task_begun_late_in_a_round_finishes_in_the_next() -> None:
    # Kell moves (1 action), then begins taking the item: 3 actions this round, 1 at his next turn
    f = rp_fight()
    f.do({"type": "move", "who": "k"})
    f.do({"type": "take_item", "who": "k", "other": "c"})
    k = f.who("k")
    assert k["half_actions"] == 4
    assert [(c["name"], c["value"]) for c in k["conditions"]] == [("Taking an item", 1)]
    f.end("k")
    f.end("c")
    f.do({"type": "take_item", "who": "k", "other": "c"})
    k = f.who("k")
    assert k["half_actions"] == 1 and k["conditions"] == []


def test_another_action_breaks_off_a_4_action_task() -> None:
    f = rp_fight()
    f.do({"type": "move", "who": "k"})
    f.do({"type": "take_item", "who": "k", "other": "c"})
    f.end("k")
    f.end("c")
    f.do({"type": "move", "who": "k"})
    assert f.who("k")["conditions"] == []  # begun again, it takes 4 actions


def test_taking_an_item_is_the_fan_rulesets_and_needs_another_combatant() -> None:
    f = rp_fight()
    assert f.refused({"type": "take_item", "who": "k"})[0]["field"] == "then.other"
    assert f.refused({"type": "take_item", "who": "k", "other": "k"})[0]["field"] == "then.other"
    g = Fight("dh2")
    g.do({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": {"characteristics": {"BS": 40}}}})
    g.do({"type": "initiative", "dice": [5]})
    assert g.refused({"type": "take_item", "who": "g", "other": "h"})[0]["field"] == "then.type"
