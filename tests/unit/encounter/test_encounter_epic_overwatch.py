"""Epic's overwatch across turns in the encounter (seed 002, Overwatch).

Seed 002: "A formation that takes an overwatch action may not move, but may shoot, outside of the
normal turn sequence in response to an enemy formation's movement." "Once it has fired, the
formation is no longer considered to be on overwatch." "Formations remain on overwatch until they
either shoot, or they undertake a new action in the following turn. ... a unit can go into
overwatch on one turn, and not shoot until the following turn. Shooting in the following turn
counts as the formation's action for that turn, preventing it from taking an action later on. If
the formation does not shoot in the following turn then it may take an action instead of
shooting."

An Epic turn is the encounter's round (every formation acts once). The Guard company is added
first, so it acts first each round; the Marines second.
"""

from __future__ import annotations

from encounter_helpers import Fight

HEAVY_BOLTERS = [{"name": f"Squad {i}", "weapons": "Heavy bolter 30 AP4"} for i in (1, 2)]
OVERWATCH_FIRE = {"kind": "overwatch", "trigger": "move"}


def fight() -> Fight:
    f = Fight("epic")
    guards = [{"name": f"Guard {i}", "distance": 10 + i} for i in range(1, 5)]
    f.do({"type": "add", "combatant": {"id": "t", "name": "Guard company", "target": {"units": guards}}})
    marines = {"id": "a", "name": "Marines", "attacker": {"name": "Marines", "units": HEAVY_BOLTERS}}
    f.do({"type": "add", "combatant": marines})
    f.do({"type": "initiative"})
    f.end("t")  # round 1: the Guard company's turn ends
    return f


def names(f: Fight, cid: str) -> list[str]:
    return [c["name"] for c in f.who(cid)["conditions"]]


def test_overwatch_is_the_formations_action_and_it_fires_out_of_turn_on_a_move() -> None:
    f = fight()
    f.do({"type": "overwatch", "who": "a"})
    assert names(f, "a") == ["On overwatch"]
    assert f.who("a")["half_actions"] == 2  # its action for the turn
    f.end("a")
    # round 2: the Guard company moves; the Marines fire from overwatch, out of their turn.
    # Heavy bolters AP4 roll 2 and 5: one hit on Guard 1 (no save): destroyed.
    f.do({"type": "move", "who": "t"})
    out = f.do({"type": "attack", "who": "a", "at": "t", "action": OVERWATCH_FIRE, "dice": [2, 5]})
    assert out["resolution"]["overwatch_ended"] is True
    # "Once it has fired, the formation is no longer considered to be on overwatch"; fired in the
    # following turn, the fire is marked as that turn's action
    assert names(f, "a") == ["Fired from overwatch"]
    assert f.who("t")["lost"] == [0]


def test_shooting_from_overwatch_in_the_following_turn_is_that_turns_action() -> None:
    f = fight()
    f.do({"type": "overwatch", "who": "a"})
    f.end("a")
    f.do({"type": "move", "who": "t"})
    f.do({"type": "attack", "who": "a", "at": "t", "action": OVERWATCH_FIRE, "dice": [6, 6]})
    f.end("t")
    # the Marines' turn in round 2: their action was the overwatch fire
    errors = f.refused({"type": "attack", "who": "a", "at": "t", "action": {}, "dice": [1, 1]})
    assert any("overwatch" in e["message"] and "seed 002" in e["message"] for e in errors)
    f.end("a")


def test_a_new_action_in_the_following_turn_ends_overwatch() -> None:
    f = fight()
    f.do({"type": "overwatch", "who": "a"})
    f.end("a")
    f.end("t")
    # round 2, the Marines' turn: still on overwatch; a new action ends it
    assert names(f, "a") == ["On overwatch"]
    f.do({"type": "move", "who": "a"})
    assert names(f, "a") == []
    f.end("a")
    errors = f.refused({"type": "attack", "who": "a", "at": "t", "action": OVERWATCH_FIRE, "dice": [1, 1]})
    assert errors


def test_overwatch_ends_after_the_following_turn() -> None:
    f = fight()
    f.do({"type": "overwatch", "who": "a"})
    f.end("a")
    f.end("t")
    assert names(f, "a") == ["On overwatch"]  # round 2, its turn: still on overwatch
    f.end("a")  # no shot and no action in the following turn: round 3 begins, the overwatch is over
    assert f.state()["round"] == 3
    assert names(f, "a") == []


def test_overwatch_fire_needs_overwatch_and_a_move() -> None:
    f = fight()
    f.end("a")
    f.do({"type": "move", "who": "t"})
    errors = f.refused({"type": "attack", "who": "a", "at": "t", "action": OVERWATCH_FIRE, "dice": [1, 1]})
    assert errors and errors[0]["field"] == "then.who"


def test_the_overwatch_event_is_a_kill_zone_outside_epic_and_names_none_in_epic() -> None:
    # one event type, two rules: in the d100 rulesets a kill zone for a weapon (seed 001, Overwatch:
    # rules.d100.encounter.upkeep), which DH2's tables do not give (refused at its type); an Epic formation's
    # overwatch (seed 002) names no burst to fire
    f = Fight("dh2")
    f.do({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": {"characteristics": {"BS": 40}}}})
    f.do({"type": "initiative", "dice": [5]})
    errors = f.refused({"type": "overwatch", "who": "g"})
    assert errors[0]["field"] == "then.type" and "Dark Heresy 2nd edition" in errors[0]["message"]
    e = fight()
    errors = e.refused({"type": "overwatch", "who": "a", "fire": "Full Auto Burst"})
    assert errors[0]["field"] == "then.fire"
