"""Two-weapon fighting in an encounter: the Action both attacks take and both weapons' clips.

seed 004 l.133: "If a character with the Two-Weapon Wielder (Ballistic) talent is armed with two
Pistols ... she can perform a ranged Attack action ... If she does so, she can then perform another
ranged Attack action ... with her second weapon." DH2 Core, Ch. IV, Two-Weapon Wielder: both
attacks are part of the same Half Action. seed 001 (Deathwatch): "spend a Full Action to attack with
both weapons".
"""

from __future__ import annotations

from typing import Any

from encounter_helpers import dh2_fight
from test_two_weapon_dh2 import LEFT, STUB

GUNSLINGER: dict[str, Any] = {
    "name": "Guard",
    "characteristics": {"WS": 30, "BS": 45, "Ag": 35},
    "weapon": STUB,
    "second_weapon": LEFT,
}
BOTH = {
    "type": "Semi-Auto Burst",
    "distance": 10,
    "two_weapon": "both",
    "two_weapon_wielder": ["Ballistic"],
}


def test_dh2_both_pistols_are_one_half_action_and_each_clip_pays_its_burst() -> None:
    f = dh2_fight(guard=GUNSLINGER)
    # BS 45 + 0 + 10 (Short) - 20 = 35 each: 90 and 91 miss (94 or more would jam a burst).
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": BOTH, "dice": [90, 91]})
    res = out["resolution"]
    assert (res["outcome"], res["second"]["outcome"]) == ("miss", "miss")
    g = f.who("g")
    assert g["half_actions"] == 1
    assert (g["weapon"]["rounds"], g["second_weapon"]["rounds"]) == (6, 6)  # 9 - 3 each
    # The second weapon's Semi-Auto Burst hits: 14 against 35, 3 degrees, two hits; the Cultist's
    # Dodge (30) rolls 80 and fails; the damage dice 1 and 2, the 3 degrees replacing the 1 (seed 004,
    # Step Four): 3 + 3 - TB 3 = 3 and 2 + 3 - 3 = 2, 5 wounds.
    f.do({"type": "end_turn", "who": "g"})
    f.do({"type": "end_turn", "who": "c"})
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": BOTH, "dice": [90, 14, 80, 1, 2]})
    two = out["resolution"]["second"]
    assert (two["hits_scored"], two["total_wounds"]) == (2, 5)
    c = f.who("c")
    assert c["damage_taken"] == 5 and c["reaction_used"]
    g = f.who("g")
    assert (g["weapon"]["rounds"], g["second_weapon"]["rounds"]) == (3, 3)


def test_an_empty_second_weapon_is_refused() -> None:
    f = dh2_fight(guard={**GUNSLINGER, "second_weapon": {**LEFT, "clip": 3}})
    f.do({"type": "attack", "who": "g", "at": "c", "action": BOTH, "dice": [90, 91]})
    f.do({"type": "end_turn", "who": "g"})
    f.do({"type": "end_turn", "who": "c"})
    errors = f.refused({"type": "attack", "who": "g", "at": "c", "action": BOTH, "dice": [90, 91]})
    assert "Left Stub is empty (0 of 3): Reload first" in errors[0]["message"]


def test_deathwatch_both_weapons_are_a_full_action() -> None:
    f = dh2_fight(guard=GUNSLINGER, system="dw")
    f.do({"type": "attack", "who": "g", "at": "c", "action": {**BOTH, "type": "Standard Attack"}, "dice": [95, 95]})
    assert f.who("g")["half_actions"] == 2


def test_the_second_weapon_is_reloaded_on_its_own() -> None:
    """Reload with ``weapon: "second"`` loads the other hand's clip (Rld: Full, a Full Action), the
    first weapon's rounds untouched; a combatant with one weapon is refused at the field."""
    f = dh2_fight(guard={**GUNSLINGER, "second_weapon": {**LEFT, "reload": "Full"}})
    f.do({"type": "adjust", "who": "g", "rounds": 4, "second_rounds": 1})
    g = f.who("g")
    assert (g["weapon"]["rounds"], g["second_weapon"]["rounds"]) == (4, 1)
    f.do({"type": "reload", "who": "g", "weapon": "second"})
    g = f.who("g")
    assert (g["weapon"]["rounds"], g["second_weapon"]["rounds"]) == (4, 9)
    assert g["half_actions"] == 2
    assert "reloads the Left Stub: 9 of 9 rounds" in f.state()["log"][-1]["text"]
    one = dh2_fight()
    errors = one.refused({"type": "reload", "who": "g", "weapon": "second"})
    assert errors[0]["field"].endswith(".weapon") and "no second weapon" in errors[0]["message"]


def test_the_second_weapon_jams_and_clears_on_its_own() -> None:
    """``adjust`` ``second_jammed`` jams the other hand's weapon; Clear Jam with ``weapon: "second"``
    is its BS test (seed 004, Weapon Jams: a Full Action and a BS test; cleared, the clip is lost):
    BS 45, 30 passes; the first weapon stays loaded."""
    f = dh2_fight(guard=GUNSLINGER)
    f.do({"type": "adjust", "who": "g", "second_jammed": True})
    g = f.who("g")
    assert (g["weapon"]["jammed"], g["second_weapon"]["jammed"]) == (False, True)
    errors = f.refused({"type": "reload", "who": "g", "weapon": "second"})
    assert "Left Stub is jammed" in errors[0]["message"]
    f.do({"type": "clear_jam", "who": "g", "weapon": "second", "dice": [30]})
    g = f.who("g")
    assert g["second_weapon"]["jammed"] is False and g["second_weapon"]["rounds"] == 0
    assert g["weapon"]["rounds"] == 9


def test_adjust_second_rounds_over_its_clip_is_refused_at_the_field() -> None:
    f = dh2_fight(guard=GUNSLINGER)
    errors = f.refused({"type": "adjust", "who": "g", "second_rounds": 10})
    assert errors[0]["field"].endswith(".second_rounds") and "At most 9" in errors[0]["message"]
