"""Two-Weapon Fighting in Dark Heresy 2nd edition (seed 004 lines 124-136), worked by hand.

The pistolier below has BS 45 and WS 40 and two Stub Automatics (Pistol, 30 m, S/3/-, 1d10+3 I,
Pen 0, Clip 9). At 10 m a 30 m weapon is at Short range (+10, under half its range; DH2 Core
Table 7-3); a DH2 Semi-Auto Burst is +0 and a Standard Attack +10 (DH2 Core Table 7-1). The target
has TB 3, 12 Wounds, no armour. Degrees of success: tens of the target minus tens of the roll, plus
one (DH2). A Semi-Auto Burst hits once, plus once for every two degrees beyond the first.
"""

from __future__ import annotations

import copy
from typing import Any

from dh2_scenarios import AUTOGUN, SWORD, errors_of, purposes, resolve_ok, weapon
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import run

STUB = {"name": "Stub Automatic", "class": "Pistol", "range": 30, "rof": "S/3/-", "damage": "1d10+3", "clip": 9}
LEFT = {**STUB, "name": "Left Stub"}
AUTOPISTOL = {"name": "Autopistol", "class": "Pistol", "range": 30, "rof": "S/-/6", "damage": "1d10+2", "clip": 18}


def pair(
    first: dict[str, Any] | None = None,
    second: dict[str, Any] | None = None,
    *,
    action: str = "Semi-Auto Burst",
    second_action: dict[str, Any] | None = None,
    talents: tuple[str, ...] = ("Ballistic",),
    ambidextrous: bool = False,
    two_weapon: str = "both",
    dice: list[int] | None = None,
    **more: Any,
) -> dict[str, Any]:
    """Two weapons, one in each hand, at a target 10 m away."""
    data: dict[str, Any] = {
        "system": "dh2",
        "attacker": {
            "name": "Vex",
            "characteristics": {"WS": 40, "BS": 45, "S": 30, "T": 30, "Ag": 30},
            "weapon": copy.deepcopy(first or STUB),
            "second_weapon": copy.deepcopy(second or LEFT),
        },
        "target": {"name": "Cultist", "toughness_bonus": 3, "wounds": 12},
        "action": {
            "type": action,
            "distance": 10,
            "two_weapon": two_weapon,
            "ambidextrous": ambidextrous,
            "two_weapon_wielder": list(talents),
            **more,
        },
    }
    if second_action is not None:
        data["action"]["second_action"] = second_action
    if dice is not None:
        data["dice"] = dice
    return data


def mods(res: dict[str, Any]) -> list[tuple[str, int]]:
    return [(m["label"], m["value"]) for m in res["modifiers"]]


def test_two_weapon_wielder_attacks_with_both_weapons_at_minus_20_each() -> None:
    # seed 004 l.129: "If the character has the Two-Weapon Wielder talent, she can attack with both
    # weapons, but each attack suffers a -20 penalty to the Weapon Skill or Ballistic Skill test."
    # l.133: "... she can then perform another ranged Attack action (either a Standard Attack,
    # Semi-Auto Burst, or Full Auto Burst) with her second weapon."
    res = resolve_ok(pair(dice=[22, 5, 14, 7, 8], second_action={"type": "Semi-Auto Burst"}))
    two = res["second"]
    # Each hand: BS 45 + 0 (Semi-Auto Burst) + 10 (Short) - 20 (two weapons) = 35.
    for r in (res, two):
        assert mods(r) == [
            ("Semi-Auto Burst", 0),
            ("Short range (10 m, weapon 30 m)", 10),
            ("Two weapons, one attack each", -20),
        ]
        assert (r["characteristic"], r["target_number"], r["rounds_fired"], r["rounds_left"]) == ("BS", 35, 3, 6)
    # First: 22 against 35, 3 - 2 + 1 = 2 degrees: one hit; 5 + 3 = 8 - TB 3 = 5 wounds.
    assert (res["weapon"], res["roll"], res["degrees"], res["hits_scored"], res["total_wounds"]) == (
        "Stub Automatic",
        22,
        2,
        1,
        5,
    )
    # Second: 14 against 35, 3 - 1 + 1 = 3 degrees: two hits; (7+3-3) + (8+3-3) = 15 wounds, on
    # top of the first's 5: 20 taken of 12 Wounds, 8 of them Critical damage.
    assert (two["weapon"], two["roll"], two["degrees"], two["hits_scored"], two["total_wounds"]) == (
        "Left Stub",
        14,
        3,
        2,
        15,
    )
    assert (res["damage_taken_after"], two["damage_taken_after"], two["critical_damage"]) == (5, 20, 8)
    assert purposes(res) == [("to-hit d100", 100, 22), ("hit 1 damage d10", 10, 5)]
    assert purposes(two) == [
        ("second weapon: to-hit d100", 100, 14),
        ("second weapon: hit 1 damage d10", 10, 7),
        ("second weapon: hit 2 damage d10", 10, 8),
    ]
    cost = [s for s in res["steps"] if s["rule"] == "Two-Weapon Fighting"]
    assert cost and "one Half Action" in cost[0]["detail"]


def test_ambidextrous_lessens_the_penalty_to_minus_10() -> None:
    # seed 004 l.130: "If the character has the Ambidextrous talent ... Her penalty for fighting with
    # two weapons drops to -10".
    res = resolve_ok(pair(action="Standard Attack", ambidextrous=True, dice=[40, 5, 90]))
    # BS 45 + 10 (Standard) + 10 (Short) - 10 = 55 for each hand.
    assert ("Two weapons, one attack each (Ambidextrous)", -10) in mods(res)
    assert res["target_number"] == res["second"]["target_number"] == 55
    assert res["second"]["outcome"] == "miss"


def test_either_hand_alone_is_one_attack() -> None:
    # seed 004 l.128: "The character can use either hand to make an attack." The off hand's -20 is
    # DH2 Core, Ch. VII, Combat Circumstances (Off-Hand Attack); no second attack is made.
    res = resolve_ok(pair(action="Standard Attack", two_weapon="off_hand", dice=[40, 5]))
    assert ("Off-hand weapon", -20) in mods(res)
    assert "second" not in res
    # The second weapon a saved attacker holds does nothing until "both" is chosen.
    alone = resolve_ok(pair(action="Standard Attack", two_weapon="none", dice=[40, 5]))
    assert "second" not in alone and not [m for m in mods(alone) if "eapons" in m[0] or "hand" in m[0]]


def test_one_attack_without_a_second_weapon_is_as_before() -> None:
    # "both" with no second weapon: this attack is one of the two (resolve each on its own), as
    # Deathwatch has always done: -20, one resolution, no "second" key in the JSON.
    data = pair(action="Standard Attack", dice=[40, 5])
    del data["attacker"]["second_weapon"]
    res = resolve_ok(data)
    assert ("Two weapons, one attack each", -20) in mods(res) and "second" not in res


def test_only_one_handed_weapons_fight_with_a_weapon_in_each_hand() -> None:
    # seed 004 l.126: "The character can use any melee weapons or ranged weapons that can be
    # reasonably used in one hand ... Pistol class ranged weapons (though some Basic class weapons
    # can ... simply [be] used with a penalty), and melee weapons that note they are one-handed".
    errors = errors_of(pair(second=AUTOGUN, dice=[40, 5, 40, 5]))
    assert "Autogun is a Basic weapon" in errors["attacker.second_weapon"]
    great = weapon(SWORD, name="Eviscerator", qualities=["Unwieldy"])
    errors = errors_of(pair(SWORD, great, action="Standard Attack", talents=("Melee",), dice=[40, 5, 40, 5]))
    assert "Unwieldy" in errors["attacker.second_weapon"]
    # A Basic weapon fired one-handed may (with the one-handed Basic penalty, DH2 Core Ch. V).
    res = resolve_ok(
        pair(
            second=weapon(AUTOGUN, range=100),
            action="Standard Attack",
            second_action={"type": "Standard Attack", "one_handed": True},
            dice=[40, 5, 40, 5],
        )
    )
    assert res["second"]["weapon"] == "Autogun"


def test_two_pistols_need_two_weapon_wielder_ballistic() -> None:
    # seed 004 l.133: "If a character with the Two-Weapon Wielder (Ballistic) talent is armed with
    # two Pistols ... she can then perform another ranged Attack action ... with her second weapon."
    errors = errors_of(pair(talents=(), dice=[40, 5, 40, 5]))
    assert "Two-Weapon Wielder (Ballistic)" in errors["action.two_weapon_wielder"]
    errors = errors_of(pair(talents=("Melee",), dice=[40, 5, 40, 5]))
    assert "action.two_weapon_wielder" in errors


def test_two_melee_weapons_need_two_weapon_wielder_melee() -> None:
    # seed 004 l.132: "If a character with the Two-Weapon Wielder (Melee) talent is armed with two
    # melee weapons, she can perform a melee Attack action (either a Standard Attack, Swift Attack,
    # or Lightning Attack) with one of these weapons. She can then perform a melee Attack action ..."
    left = weapon(SWORD, name="Left Sword")
    errors = errors_of(pair(SWORD, left, action="Standard Attack", talents=("Ballistic",), dice=[40, 5, 40, 5]))
    assert "Two-Weapon Wielder (Melee)" in errors["action.two_weapon_wielder"]
    # WS 40 + 10 (Standard) - 20 = 30, each: 25 succeeds (1 hit: 1d10 + SB 3 = 5 + 3 = 8 - 3 = 5),
    # the second a Swift Attack (+0): 40 + 0 - 20 = 20, rolled 30: a miss.
    res = resolve_ok(
        pair(
            SWORD,
            left,
            action="Standard Attack",
            second_action={"type": "Swift Attack"},
            talents=("Melee",),
            dice=[25, 5, 30],
        )
    )
    assert (res["characteristic"], res["target_number"], res["total_wounds"]) == ("WS", 30, 5)
    assert (res["second"]["action"], res["second"]["target_number"], res["second"]["outcome"]) == (
        "Swift Attack",
        20,
        "miss",
    )
    errors = errors_of(pair(SWORD, left, action="All Out Attack", talents=("Melee",), dice=[40, 5, 40, 5]))
    assert "Standard Attack, Swift Attack, Lightning Attack" in errors["action.type"]


def test_melee_and_pistol_need_both_talents_and_a_target_in_melee() -> None:
    # seed 004 l.135: "If a character with the Two-Weapon Wielder (Melee) and Two Weapon Wielder
    # (Ballistic) talent is armed with a Melee weapon in one hand and a one-handed ranged weapon in the
    # other ... Any ranged weapon hits must be inflicted upon targets in melee. Resolve each attack
    # separately by testing Weapon Skill for the melee weapon and Ballistic Skill for the ranged weapon."
    errors = errors_of(pair(SWORD, STUB, action="Standard Attack", talents=("Melee",), dice=[40, 5, 40, 5]))
    assert "Two-Weapon Wielder (Ballistic) and Two-Weapon Wielder (Melee)" in errors["action.two_weapon_wielder"]
    assert "in melee" in errors["action.engaged"]
    res = resolve_ok(
        pair(
            SWORD,
            STUB,
            action="Standard Attack",
            talents=("Melee", "Ballistic"),
            engaged=True,
            distance=1,
            dice=[25, 5, 25, 5],
        )
    )
    # The sword tests WS: 40 + 10 - 20 = 30; the pistol BS at a foe in melee, where range bands do
    # not apply: 45 + 10 (Standard) - 20 = 35.
    assert (res["characteristic"], res["second"]["characteristic"]) == ("WS", "BS")
    assert res["target_number"] == 30
    assert res["second"]["target_number"] == 35, mods(res["second"])


def test_different_fire_modes_but_one_area_of_suppressive_fire() -> None:
    # seed 004 l.134: "the character may fire each weapon on a different mode, for example, one on full
    # automatic and one on semi-automatic. When firing a full automatic weapon in each hand, the
    # character can only lay down one area of suppressive fire."
    res = resolve_ok(
        pair(AUTOPISTOL, STUB, action="Full Auto Burst", second_action={"type": "Semi-Auto Burst"}, dice=[90, 90])
    )
    assert (res["action"], res["rounds_fired"], res["second"]["action"], res["second"]["rounds_fired"]) == (
        "Full Auto Burst",
        6,
        "Semi-Auto Burst",
        3,
    )
    both = pair(
        AUTOPISTOL,
        {**AUTOPISTOL, "name": "Left Autopistol"},
        action="Suppressing Fire",
        second_action={"type": "Suppressing Fire"},
        dice=[90, 90],
    )
    assert "only one area of suppressive fire" in errors_of(both)["action.second_action.type"]


def test_the_second_weapon_defaults_to_the_first_action_when_it_can() -> None:
    # The Stub has no full auto: after a Full Auto Burst with the autopistol it makes a Standard Attack.
    res = resolve_ok(pair(AUTOPISTOL, STUB, action="Full Auto Burst", dice=[90, 90]))
    assert res["second"]["action"] == "Standard Attack"
    res = resolve_ok(pair(dice=[90, 90]))
    assert res["second"]["action"] == "Semi-Auto Burst"
    # After a Suppressing Fire the other hand lays down no second area: a Full Auto Burst.
    machine = {**AUTOPISTOL, "name": "Left Autopistol"}
    res = resolve_ok(pair(AUTOPISTOL, machine, action="Suppressing Fire", dice=[90, 90]))
    assert (res["action"], res["second"]["action"]) == ("Suppressing Fire", "Full Auto Burst")


def test_two_targets_within_10_metres_of_each_other() -> None:
    # seed 004 l.136: "The character can fire two weapons at different targets, though the targets must
    # be within 10 metres of each other."
    other = {"name": "Heretic", "toughness_bonus": 2, "wounds": 8}
    far = pair(action="Standard Attack", second_target=other, targets_apart=12, dice=[40, 5, 40, 5])
    assert "within 10 m" in errors_of(far)["action.targets_apart"]
    res = resolve_ok(pair(action="Standard Attack", second_target=other, targets_apart=10, dice=[40, 5, 40, 6]))
    # Each on its own target: 5 + 3 - 3 = 5 on the Cultist; 6 + 3 - 2 = 7 on the Heretic, from 0.
    assert (res["target"], res["total_wounds"]) == ("Cultist", 5)
    assert (res["second"]["target"], res["second"]["total_wounds"], res["second"]["damage_taken_after"]) == (
        "Heretic",
        7,
        7,
    )
    bad = pair(action="Standard Attack", second_target={**other, "wounds": 0}, dice=[40, 5, 40, 6])
    assert "action.second_target.wounds" in errors_of(bad)


def test_the_target_evades_once_a_round() -> None:
    # seed 004 l.131: "... though she still cannot Evade more than once in a round": the target's
    # Dodge (its Reaction) against the first attack leaves none for the second.
    data = pair(action="Standard Attack", dice=[40, 90, 5, 40, 5])
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 30}
    res = resolve_ok(data)
    assert [p for p, _, _ in purposes(res)] == ["to-hit d100", "Dodge d100 (evasion)", "hit 1 damage d10"]
    assert "no Evasion against the second" in " ".join(s["detail"] for s in res["second"]["steps"])
    assert res["second"]["total_wounds"] == 5


def test_the_second_weapon_asks_for_its_dice_by_name() -> None:
    out = run(pair(action="Standard Attack", dice=[40, 5]))
    assert out["status"] == "needs" and out["needs"]["purpose"] == "second weapon: to-hit d100"


def test_a_refused_pair_rolls_nothing_and_names_every_field() -> None:
    bad = pair(second=AUTOGUN, talents=(), second_target={"name": "X"}, targets_apart=30, dice=[1, 1, 1, 1])
    errors = errors_of(bad)
    assert {"attacker.second_weapon", "action.two_weapon_wielder", "action.targets_apart"} <= set(errors)


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([STUB, AUTOPISTOL, {**AUTOPISTOL, "rof": "S/3/10", "name": "Machine Pistol"}]),
    st.sampled_from([STUB, AUTOPISTOL, {**AUTOPISTOL, "rof": "S/3/10", "name": "Machine Pistol"}]),
    st.sampled_from(["Standard Attack", "Semi-Auto Burst", "Full Auto Burst"]),
    st.sampled_from(["Standard Attack", "Semi-Auto Burst", "Full Auto Burst"]),
    st.integers(0, 2**32),
    st.integers(0, 60),
)
def test_two_weapon_attacks_never_exceed_the_two_weapons_rof(
    w1: dict[str, Any], w2: dict[str, Any], a1: str, a2: str, seed: int, bs: int
) -> None:
    # The two-weapon property: rounds fired and hits of each hand never exceed that weapon's RoF.
    data = pair(w1, {**w2, "name": "Left"}, action=a1, second_action={"type": a2})
    data["attacker"]["characteristics"]["BS"] = bs
    data["seed"] = seed
    out = run(data)
    if out["status"] == "invalid":  # a burst the weapon does not fire
        assert set(e["field"] for e in out["errors"]) <= {"action.type", "action.second_action.type"}
        return
    assert out["status"] == "ok", out
    res = out["resolution"]
    for r, w in ((res, w1), (res["second"], w2)):
        rof = w["rof"].split("/")
        size = {"Standard Attack": 1, "Semi-Auto Burst": rof[1], "Full Auto Burst": rof[2]}[r["action"]]
        assert r["rounds_fired"] <= int(size)
        assert r["hits_scored"] <= r["rounds_fired"]
    assert res["rounds_fired"] + res["second"]["rounds_fired"] <= sum(
        max(int(x) if x.isdigit() else 1 for x in w["rof"].split("/")) for w in (w1, w2)
    )
