"""A mob's volley (rules/encounter/volley.py): the bodies of an entry added xN fire at one target as
one action, in initiative order, from one group of typed dice; the target's Reaction spent once.

Hand counts (DH2). Three Cultists (added x3: BS 30, Ag 30, an Autogun 1d10+3 I, Pen 0, Clip 30)
and a Guardsman (12 Wounds, TB 3, no armour, Dodge 30). Initiative d10s 9, 8, 7 (+ AgB 3: 12, 11,
10) for Cultists 1-3 and 1 (+ AgB 3: 4) for the Guardsman: the Cultists act first, in order.
A Standard Attack (+10, DH2 Core Table 7-1) at 20 m (Short range under 45 m for the Autogun's 90 m:
+10, Table 7-3): BS test 30 + 10 + 10 = 50. Degrees of success (DH2: 1 + the tens digits'
difference) replace a lower damage die (seed 004, damage with degrees of success).
"""

from __future__ import annotations

from typing import Any

from encounter_helpers import AUTOGUN, Fight

from rules.encounter.run import run_encounter

STANDARD = {"type": "Standard Attack", "distance": 20}


def cultists(n: int = 3, guard_wounds: int = 12, name: str = "Guardsman") -> Fight:
    """``n`` Cultists (ids cu-1..cu-n) and the Guardsman ("g"), initiative rolled: Cultist 1's turn."""
    f = Fight("dh2")
    profile = {"name": "Cultist", "characteristics": {"WS": 30, "BS": 30, "Ag": 30}, "weapon": AUTOGUN}
    target = {"name": "Cultist", "wounds": 10, "toughness_bonus": 3}
    f.do(
        {"type": "add", "count": n, "combatant": {"id": "cu", "name": "Cultist", "attacker": profile, "target": target}}
    )
    guard = {
        "name": "Guardsman",
        "wounds": guard_wounds,
        "toughness_bonus": 3,
        "evasion": {"reaction": "Dodge", "skill": 30},
    }
    attacker = {"name": "Guardsman", "characteristics": {"WS": 30, "BS": 40, "Ag": 35}, "weapon": AUTOGUN}
    f.do(
        {
            "type": "add",
            "combatant": {"id": "g", "name": name, "side": "party", "attacker": attacker, "target": guard},
        }
    )
    f.do({"type": "initiative", "dice": [*range(9, 9 - n, -1), 1]})
    return f


def volley(f: Fight, dice: list[int], mates: list[str] | None = None) -> dict[str, Any]:
    return f.do(
        {
            "type": "attack",
            "who": "cu-1",
            "at": "g",
            "action": STANDARD,
            "volley": mates or ["cu-2", "cu-3"],
            "dice": dice,
        }
    )


def envelope(f: Fight) -> dict[str, Any]:
    """The fight's envelope as it stands (its ``turn``)."""
    out = run_encounter({"encounter": f.file})
    assert out["status"] == "ok", out
    return out


def lines(out: dict[str, Any]) -> list[tuple[str, str | None, int, int, bool]]:
    return [(s["name"], s["outcome"], s["hits"], s["wounds"], s["reaction"]) for s in out["resolution"]["shots"]]


def test_three_cultists_volley_spends_the_dodge_once_and_applies_the_wounds_in_order() -> None:
    # Cultist 1: 23 <= 50 hits (DoS 1 + 5 - 2 = 4), the Body (23 reversed: 32); the Guardsman Dodges
    #   (its one Reaction this round): 71 > 30 fails; damage d10 6 (> DoS 4, kept) + 3 - TB 3 = 6: 6 of 12.
    # Cultist 2: 41 hits (DoS 2); no Reaction left; damage 5 (> 2) + 3 - 3 = 5: 11 of 12.
    # Cultist 3: 80 > 50 misses.
    f = cultists()
    out = volley(f, [23, 71, 6, 41, 5, 80])
    assert lines(out) == [
        ("Cultist 1", "hit", 1, 6, True),
        ("Cultist 2", "hit", 1, 5, False),
        ("Cultist 3", "miss", 0, 0, False),
    ]
    res = out["resolution"]
    assert (res["fired"], res["hits"], res["wounds"]) == (3, 2, 11)
    assert res["target_after"] == "11 of 12 wounds taken"
    assert res["reaction"] == "Guardsman's Reaction used against Cultist 1's attack"
    assert f.who("g")["damage_taken"] == 11 and f.who("g")["reaction_used"]
    # every die used once, stored as the event's dice so the file replays to the same state
    assert out["encounter"]["events"][-1]["dice"] == [23, 71, 6, 41, 5, 80]
    assert [f.who(c)["weapon"]["rounds"] for c in ("cu-1", "cu-2", "cu-3")] == [29, 29, 29]


def test_a_dodged_first_hit_leaves_no_reaction_for_the_second() -> None:
    # Cultist 1: 23 hits; the Dodge 15 <= 30 negates the one hit (evaded, no damage die).
    # Cultist 2: 34 hits (DoS 1 + 5 - 3 = 3); no Reaction left: damage 7 + 3 - 3 = 7 of 12.
    # Cultist 3: 60 > 50 misses.
    f = cultists()
    out = volley(f, [23, 15, 34, 7, 60])
    assert lines(out) == [
        ("Cultist 1", "evaded", 0, 0, True),
        ("Cultist 2", "hit", 1, 7, False),
        ("Cultist 3", "miss", 0, 0, False),
    ]
    assert f.who("g")["damage_taken"] == 7


def test_the_bodies_that_fired_give_their_turn_to_the_volley() -> None:
    f = cultists()
    volley(f, [23, 71, 6, 41, 5, 80])
    out = f.end("cu-1")
    assert out["state"]["turn"] == "g"  # Cultists 2 and 3 have acted: their turns are the volley's
    assert "Cultist 2 fired in a volley this round: its turn is taken" in out["state"]["log"][-1]["text"]
    f.end("g")  # round 2: each acts on its own turn again
    assert f.state()["turn"] == "cu-1" and f.state()["round"] == 2


def test_a_body_with_an_empty_clip_is_skipped_and_keeps_its_turn() -> None:
    # Cultist 2's clip emptied by the GM: Cultists 1 and 3 fire, from dice 23 71 6 (Cultist 1, as
    # above: 6 wounds) and 41 5 (Cultist 3: 5 more, 11 of 12).
    f = cultists()
    f.do({"type": "adjust", "who": "cu-2", "rounds": 0})
    assert f.state()["turn"] == "cu-1"
    assert f.last["turn"]["volley"] == ["cu-3"]  # the engine offers only the bodies able to fire
    out = volley(f, [23, 71, 6, 41, 5])
    shots = out["resolution"]["shots"]
    assert shots[1]["skipped"] == "Cultist 2's Autogun is empty (0 of 30): Reload first"
    assert lines(out)[0] == ("Cultist 1", "hit", 1, 6, True)
    assert lines(out)[2] == ("Cultist 3", "hit", 1, 5, False)
    assert out["resolution"]["fired"] == 2
    assert f.end("cu-1")["state"]["turn"] == "cu-2"  # it did not fire: its turn is its own


def test_too_few_dice_asks_for_the_next_naming_the_attack_and_how_many_are_left() -> None:
    f = cultists()
    before = f.file
    event = {"type": "attack", "who": "cu-1", "at": "g", "action": STANDARD, "volley": ["cu-2", "cu-3"]}
    out = run_encounter({"encounter": f.file, "then": {**event, "dice": [23, 71, 6]}})
    assert out["status"] == "needs"
    needs = out["needs"]
    assert needs["index"] == 3 and needs["sides"] == 100
    assert needs["volley"] == {"attack": 2, "of": 3, "left": 2}
    assert needs["purpose"].startswith("Cultist 2 (attack 2 of 3, 2 still to roll)")
    assert [d["value"] for d in out["dice"]] == [23, 71, 6]
    assert f.file == before


def test_the_target_destroyed_midway_the_others_hold_their_fire() -> None:
    # Deathwatch: a Horde of Magnitude 1 (TB 3). Cultist 1's 23 <= 50 hits (a Horde makes no
    # Reaction); damage 6 + 3 - TB 3 = 6 > 0 takes 1 Magnitude (seed 001, Hordes): 0 left, destroyed.
    # Cultists 2 and 3 hold their fire (no die read for them) and keep their turns.
    f = Fight("dw")
    profile = {"name": "Cultist", "characteristics": {"WS": 30, "BS": 30, "Ag": 30}, "weapon": AUTOGUN}
    body = {"name": "Cultist", "wounds": 10, "toughness_bonus": 3}
    f.do({"type": "add", "count": 3, "combatant": {"id": "cu", "name": "Cultist", "attacker": profile, "target": body}})
    mob = {"name": "Mob", "wounds": 10, "toughness_bonus": 3, "horde": {"magnitude": 1}, "characteristics": {"Ag": 30}}
    f.do({"type": "add", "combatant": {"id": "g", "name": "Mob", "side": "party", "target": mob}})
    f.do({"type": "initiative", "dice": [9, 8, 7, 1]})
    out = volley(f, [23, 6])
    shots = out["resolution"]["shots"]
    assert lines(out)[0] == ("Cultist 1", "hit", 1, 1, False)
    assert [s["skipped"] for s in shots[1:]] == [
        "Mob is destroyed: Cultist 2 holds its fire",
        "Mob is destroyed: Cultist 3 holds its fire",
    ]
    assert out["resolution"]["target_after"] == "Magnitude 0 of 1 left: destroyed"
    assert out["encounter"]["events"][-1]["dice"] == [23, 6]
    assert f.end("cu-1")["state"]["turn"] == "cu-2"


def test_a_volley_is_refused_at_its_field() -> None:
    f = cultists()
    attack = {"type": "attack", "who": "cu-1", "at": "g", "action": STANDARD}
    errors = f.refused({**attack, "volley": ["cu-2", "g"]})
    assert errors[0]["field"] == "then.volley.1"
    assert "not one of the bodies of Cultist 1's entry" in errors[0]["message"]
    errors = f.refused({**attack, "volley": ["cu-2", "cu-2"]})
    assert errors[0]["field"] == "then.volley.1"
    errors = f.refused({**attack, "volley": ["cu-2"], "nearby": ["cu-3"]})
    assert errors[0]["field"] == "then.nearby"
    f.end("cu-1")  # Cultist 2's turn: Cultist 1 has had its turn this round
    errors = f.refused({**attack, "who": "cu-2", "volley": ["cu-1"]})
    assert errors[0]["field"] == "then.volley.0"
    assert "Cultist 1 has had its turn this round" in errors[0]["message"]


def test_the_turn_lists_a_volley_only_for_an_entry_with_several_bodies_able_to_fire() -> None:
    f = cultists()
    turn = envelope(f)["turn"]
    assert turn["allowed"]["volley"] is None and turn["volley"] == ["cu-2", "cu-3"]
    f.end("cu-1")
    f.end("cu-2")
    turn = envelope(f)["turn"]  # Cultist 3, the last of its entry to act: one body, no volley
    assert turn["who"] == "cu-3" and "volley" not in turn["allowed"] and "volley" not in turn
    f.end("cu-3")
    turn = envelope(f)["turn"]
    assert turn["who"] == "g" and "volley" not in turn["allowed"]
    errors = f.refused({"type": "attack", "who": "g", "at": "cu-1", "action": STANDARD, "volley": ["cu-2"]})
    assert errors[0]["field"] == "then.volley" and "single combatant" in errors[0]["message"]
