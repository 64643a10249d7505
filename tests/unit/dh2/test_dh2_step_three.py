"""Step Three: hit location, the Multiple Hits table, how many hits each action scores, Called
Shot, and Evasion reactions negating hits.

Seed 004, Step Three (reverse the digits; Hit Locations; Multiple Hits incl. "Each Additional
Hit") and Evasion Reactions; DH2 Core, Ch. VII for hits per action and degrees negated by Evasion.
The table names only "Arm"/"Leg": the engine reads them as the first hit's side, right otherwise
(rules/data/dh2/tables.json, multiple_hits._note).
"""

from __future__ import annotations

import pytest
from dh2_scenarios import AUTOGUN, LASGUN, SWORD, locations, resolve_ok, scenario, weapon

# --- the first hit's location, through run() -----------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "location"),
    [
        (1, "Head"),  # 01 -> 10
        (10, "Head"),  # 10 -> 01
        (20, "Head"),  # 20 -> 02
        (11, "Right Arm"),  # 11
        (2, "Right Arm"),  # 02 -> 20
        (12, "Left Arm"),  # 12 -> 21
        (3, "Left Arm"),  # 03 -> 30
        (13, "Body"),  # 13 -> 31
        (7, "Body"),  # 07 -> 70
        (23, "Body"),  # 23 -> 32
        (32, "Left Arm"),  # 32 -> 23
        (17, "Right Leg"),  # 17 -> 71
        (58, "Right Leg"),  # 58 -> 85
        (68, "Left Leg"),  # 68 -> 86
        (99, "Left Leg"),  # 99 -> 99
    ],
)
def test_hit_location_reversed_roll(roll: int, location: str) -> None:
    # Sword, WS 90 +10 Standard = 100: every roll but 100 hits; melee never jams. d10 1 (no fury).
    res = resolve_ok(scenario(SWORD, WS=90, dice=[roll, 1]))
    assert res["outcome"] == "hit"
    assert locations(res) == [location]


# --- the Multiple Hits table ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "expected"),
    [
        # Head row: Head, Head, Arm, Body, Arm, then Body for each additional hit
        (10, ["Head", "Head", "Right Arm", "Body", "Right Arm", "Body", "Body"]),
        # Arm row: Arm, Arm, Body, Head, Body, then Arm
        (11, ["Right Arm", "Right Arm", "Body", "Head", "Body", "Right Arm", "Right Arm"]),
        (12, ["Left Arm", "Left Arm", "Body", "Head", "Body", "Left Arm", "Left Arm"]),
        # Body row: Body, Body, Arm, Head, Arm, then Body
        (13, ["Body", "Body", "Right Arm", "Head", "Right Arm", "Body", "Body"]),
        # Leg row: Leg, Leg, Body, Arm, Head, then Body
        (17, ["Right Leg", "Right Leg", "Body", "Right Arm", "Head", "Body", "Body"]),
        (19, ["Left Leg", "Left Leg", "Body", "Left Arm", "Head", "Body", "Body"]),
    ],
)
def test_multiple_hits_table_every_row_and_each_additional_hit(roll: int, expected: list[str]) -> None:
    # Full Auto, BS 80 -10 = 70; a roll in the teens -> DoS 7-1+1 = 7 -> 7 hits (RoF 10, clip 30).
    # Reversed: 10 -> 01 Head, 11 -> 11 Right Arm, 12 -> 21 Left Arm, 13 -> 31 Body,
    # 17 -> 71 Right Leg, 19 -> 91 Left Leg. Seven d10s of 1 each; wounds 100 so nothing else matters.
    res = resolve_ok(scenario(AUTOGUN, action="Full Auto Burst", BS=80, wounds=100, dice=[roll] + [1] * 7))
    assert res["degrees"] == 7
    assert res["hits_scored"] == 7
    assert locations(res) == expected
    assert [h["number"] for h in res["hits"]] == list(range(1, 8))


def test_multiple_hits_table_data_matches_the_seed() -> None:
    from rules.d100 import tables

    rows = tables.tables("dh2").multiple_hits.rows
    assert rows == {
        "Head": ["Head", "Head", "Arm", "Body", "Arm", "Body"],
        "Arm": ["Arm", "Arm", "Body", "Head", "Body", "Arm"],
        "Body": ["Body", "Body", "Arm", "Head", "Arm", "Body"],
        "Leg": ["Leg", "Leg", "Body", "Arm", "Head", "Body"],
    }


def test_multiple_hits_each_additional_hit_continues_past_seven() -> None:
    # BS 90 -10 Full Auto +20 full aim = 100; roll 03 -> DoS 10-0+1 = 11 -> 10 hits (RoF 10);
    # reversed 30 Left Arm: LA, LA, Body, Head, Body, then LA for hits 6-10
    res = resolve_ok(scenario(AUTOGUN, action="Full Auto Burst", BS=90, aim="full", wounds=200, dice=[3] + [1] * 10))
    assert res["hits_scored"] == 10
    assert locations(res) == ["Left Arm", "Left Arm", "Body", "Head", "Body"] + ["Left Arm"] * 5


# --- hits per action -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "degrees", "hits"),
    [
        (70, 1, 1),  # 1 + (1-1)//2 = 1
        (61, 2, 1),  # 1 + (2-1)//2 = 1
        (51, 3, 2),  # 1 + (3-1)//2 = 2
        (41, 4, 2),  # 1 + 3//2 = 2
        (31, 5, 3),  # 1 + 4//2 = 3
        (21, 6, 3),  # 1 + 5//2 = 3
        (11, 7, 4),  # 1 + 6//2 = 4
        (5, 8, 4),  # 1 + 7//2 = 4
    ],
)
def test_semi_auto_hits_one_plus_one_per_two_degrees_beyond_the_first(roll: int, degrees: int, hits: int) -> None:
    # RoF S/5/- so the RoF never caps here; BS 70 +0 Semi +0 range = 70; DoS = 7 - tens + 1
    gun = weapon(AUTOGUN, rof="S/5/-")
    res = resolve_ok(scenario(gun, action="Semi-Auto Burst", BS=70, wounds=100, dice=[roll] + [1] * hits))
    assert res["degrees"] == degrees
    assert res["hits_scored"] == hits
    assert len(res["hits"]) == hits
    assert res["rounds_fired"] == 5
    assert res["rounds_left"] == 25


def test_semi_auto_hits_capped_by_rof() -> None:
    # S/3/-: BS 70, roll 05 -> DoS 8 -> 1 + 7//2 = 4 hits earned, capped at 3
    res = resolve_ok(scenario(LASGUN, action="Semi-Auto Burst", BS=70, wounds=100, dice=[5, 1, 1, 1]))
    assert res["hits_scored"] == 3
    assert res["rounds_fired"] == 3


def test_semi_auto_hits_capped_by_rounds_in_clip() -> None:
    # S/3/- with 2 rounds loaded: fires 2; DoS 8 -> 4 earned, capped at 2; clip left 0
    gun = weapon(LASGUN, clip=2)
    res = resolve_ok(scenario(gun, action="Semi-Auto Burst", BS=70, wounds=100, dice=[5, 1, 1]))
    assert res["hits_scored"] == 2
    assert (res["rounds_fired"], res["rounds_left"]) == (2, 0)


@pytest.mark.parametrize(("roll", "degrees"), [(70, 1), (51, 3), (31, 5), (1, 8)])
def test_full_auto_hits_one_per_degree(roll: int, degrees: int) -> None:
    # BS 80 -10 Full Auto = 70; DoS = 7 - tens + 1; RoF 10 does not cap
    res = resolve_ok(scenario(AUTOGUN, action="Full Auto Burst", BS=80, wounds=100, dice=[roll] + [1] * degrees))
    assert res["degrees"] == degrees
    assert res["hits_scored"] == degrees
    assert (res["rounds_fired"], res["rounds_left"]) == (10, 20)


def test_full_auto_hits_capped_by_rof() -> None:
    # RoF S/3/4; BS 80 -10 = 70; roll 01 -> DoS 8 -> capped at 4 hits, 4 rounds fired
    gun = weapon(AUTOGUN, rof="S/3/4")
    res = resolve_ok(scenario(gun, action="Full Auto Burst", BS=80, wounds=100, dice=[1, 1, 1, 1, 1]))
    assert res["hits_scored"] == 4
    assert (res["rounds_fired"], res["rounds_left"]) == (4, 26)


def test_full_auto_hits_capped_by_rounds_in_clip() -> None:
    # RoF 10 but 3 rounds loaded; DoS 8 -> 3 hits; the clip is empty after
    gun = weapon(AUTOGUN, clip=3)
    res = resolve_ok(scenario(gun, action="Full Auto Burst", BS=80, wounds=100, dice=[1, 1, 1, 1]))
    assert res["hits_scored"] == 3
    assert (res["rounds_fired"], res["rounds_left"]) == (3, 0)


def test_suppressing_fire_hits_one_plus_one_per_two_degrees_capped_by_rof() -> None:
    # Full auto (the weapon's full RoF 10 is used when no mode is named); BS 90 -20 = 70;
    # roll 11 -> DoS 7 -> 1 + 6//2 = 4 hits
    res = resolve_ok(scenario(AUTOGUN, action="Suppressing Fire", BS=90, wounds=100, dice=[11, 1, 1, 1, 1]))
    assert res["hits_scored"] == 4
    assert res["rounds_fired"] == 10
    # semi-auto mode: 3 rounds fired, so at most 3 hits
    res = resolve_ok(
        scenario(AUTOGUN, action="Suppressing Fire", fire_mode="semi", BS=90, wounds=100, dice=[11, 1, 1, 1])
    )
    assert res["hits_scored"] == 3
    assert res["rounds_fired"] == 3


def test_single_shot_actions_score_one_hit_and_fire_one_round() -> None:
    # BS 90 +10 = 100; roll 05 -> DoS 11, still one hit for a Standard Attack
    res = resolve_ok(scenario(AUTOGUN, BS=90, dice=[5, 1]))
    assert res["degrees"] == 11
    assert res["hits_scored"] == 1
    assert (res["rounds_fired"], res["rounds_left"]) == (1, 29)


def test_swift_attack_hits_per_two_degrees() -> None:
    # WS 45 (WSB 4) +0 Swift = 45; roll 05 -> DoS 4-0+1 = 5 -> 1 + 4//2 = 3 hits (under WSB 4)
    res = resolve_ok(scenario(SWORD, action="Swift Attack", WS=45, wounds=100, dice=[5, 1, 1, 1]))
    assert res["degrees"] == 5
    assert res["hits_scored"] == 3


def test_swift_attack_capped_at_ws_bonus() -> None:
    # WS 25 (WSB 2) +0 Swift +40 Helpless = 65; roll 05 -> DoS 6-0+1 = 7 -> 4 earned, capped at 2
    res = resolve_ok(scenario(SWORD, action="Swift Attack", WS=25, mods=[("Helpless", 40)], wounds=100, dice=[5, 1, 1]))
    assert res["degrees"] == 7
    assert res["hits_scored"] == 2


def test_lightning_attack_hits_per_degree() -> None:
    # WS 55 (WSB 5) -10 Lightning = 45; roll 15 -> DoS 4-1+1 = 4 -> 4 hits (under WSB 5)
    res = resolve_ok(scenario(SWORD, action="Lightning Attack", WS=55, wounds=100, dice=[15, 1, 1, 1, 1]))
    assert res["degrees"] == 4
    assert res["hits_scored"] == 4


def test_lightning_attack_capped_at_ws_bonus() -> None:
    # WS 35 (WSB 3) -10 Lightning +40 = 65; roll 05 -> DoS 7 -> capped at 3
    res = resolve_ok(
        scenario(SWORD, action="Lightning Attack", WS=35, mods=[("Helpless", 40)], wounds=100, dice=[5, 1, 1, 1])
    )
    assert res["degrees"] == 7
    assert res["hits_scored"] == 3


def test_melee_attacks_fire_no_rounds() -> None:
    res = resolve_ok(scenario(SWORD, dice=[23, 1]))
    assert res["rounds_fired"] == 0
    assert res["rounds_left"] is None


# --- Called Shot ----------------------------------------------------------------------------------


def test_called_shot_uses_the_named_location() -> None:
    # BS 50 -20 Called = 30; roll 23 -> DoS 3-2+1 = 2; reversed 32 would be Body, but the shot was
    # called on the Left Arm (AP 1): d10 6 + 3 = 9 - 1 - TB 3 = 5
    res = resolve_ok(scenario(action="Called Shot", called="Left Arm", BS=50, armour={"Left Arm": 1}, dice=[23, 6]))
    assert res["target_number"] == 30
    assert locations(res) == ["Left Arm"]
    assert res["hits"][0]["armour"] == 1
    assert res["total_wounds"] == 5


def test_called_shot_in_melee() -> None:
    # WS 50 -20 = 30; roll 12 (reversed 21 Left Arm) but called Head; d10 4 + SB 3 - TB 3 = 4
    res = resolve_ok(scenario(SWORD, action="Called Shot", called="Head", WS=50, dice=[12, 4]))
    assert locations(res) == ["Head"]
    assert res["total_wounds"] == 4


@pytest.mark.parametrize(
    ("action", "roll", "n", "expected"),
    [
        # Standard Attack: BS 40 +10 = 50; roll 23 -> DoS 4, reversed 32 Body (not the Head left in the form)
        ("Standard Attack", 23, 1, ["Body"]),
        # Full Auto: BS 40 -10 = 30; roll 13 -> DoS 3-1+1 = 3 -> 3 hits; reversed 31 Body: Body, Body, Right Arm
        ("Full Auto Burst", 13, 3, ["Body", "Body", "Right Arm"]),
    ],
)
def test_location_from_reversed_roll_unless_called_shot(action: str, roll: int, n: int, expected: list[str]) -> None:
    # Seed 004, Step Three: the location is the reversed roll; only a Called Shot (-20) names it.
    # A called_location on another action must either be refused or be ignored.
    from rules import run

    out = run(scenario(AUTOGUN, action=action, called="Head", wounds=100, dice=[roll] + [5] * n))
    if out["status"] == "invalid":
        assert "action.called_location" in {e["field"] for e in out["errors"]}
    else:
        assert out["status"] == "ok"
        assert locations(out["resolution"]) == expected


# --- Evasion --------------------------------------------------------------------------------------

THREE_HITS = dict(action="Semi-Auto Burst", BS=50, wounds=100)
# Lasgun S/3/-, BS 50 +0 = 50; roll 14 -> DoS 5 -> 1 + 4//2 = 3 hits; reversed 41 Body:
# Body, Body, Right Arm.


@pytest.mark.parametrize(
    ("dodge_roll", "negated", "kept"),
    [
        (41, 0, ["Body", "Body", "Right Arm"]),  # Dodge 40: 41 fails
        (40, 1, ["Body", "Body"]),  # DoS 4-4+1 = 1: the last hit (Right Arm) is negated
        (32, 2, ["Body"]),  # DoS 4-3+1 = 2
    ],
)
def test_evasion_negates_one_hit_per_degree_last_placed_first(dodge_roll: int, negated: int, kept: list[str]) -> None:
    # d10 5 per kept hit: 5+3-3 = 5 each; 5 DoS replace one die: 5 -> 5 gains nothing
    n = len(kept)
    res = resolve_ok(
        scenario(LASGUN, **THREE_HITS, evasion={"reaction": "Dodge", "skill": 40}, dice=[14, dodge_roll] + [5] * n)
    )
    assert res["hits_scored"] == 3
    assert res["hits_negated"] == negated
    assert locations(res) == kept
    assert res["total_wounds"] == 5 * n
    assert res["dice"][1]["purpose"] == "Dodge d100 (evasion)"
    assert len(res["dice"]) == 2 + n


def test_evasion_negating_all_hits_is_evaded_with_no_damage_dice() -> None:
    # Dodge 40, roll 25 -> DoS 4-2+1 = 3 -> all 3 hits negated
    res = resolve_ok(scenario(LASGUN, **THREE_HITS, evasion={"reaction": "Dodge", "skill": 40}, dice=[14, 25]))
    assert res["outcome"] == "evaded"
    assert (res["hits_scored"], res["hits_negated"]) == (3, 3)
    assert res["hits"] == [] and res["total_wounds"] == 0
    assert len(res["dice"]) == 2


def test_evasion_modifier_is_added_to_the_skill() -> None:
    # Dodge 30 +10 (e.g. Guarded) = 40; roll 40 -> DoS 1 -> 1 hit negated
    res = resolve_ok(
        scenario(LASGUN, **THREE_HITS, evasion={"reaction": "Dodge", "skill": 30, "modifier": 10}, dice=[14, 40, 5, 5])
    )
    assert res["hits_negated"] == 1


def test_evasion_100_always_fails() -> None:
    res = resolve_ok(
        scenario(
            LASGUN, **THREE_HITS, evasion={"reaction": "Dodge", "skill": 100, "modifier": 20}, dice=[14, 100, 5, 5, 5]
        )
    )
    assert res["hits_negated"] == 0
    assert len(res["hits"]) == 3


def test_parry_negates_a_melee_hit() -> None:
    # WS 40 +10 = 50, roll 23 hits; Parry 40, roll 10 -> DoS 4-1+1 = 4 -> the single hit is negated
    res = resolve_ok(scenario(SWORD, evasion={"reaction": "Parry", "skill": 40}, dice=[23, 10]))
    assert res["outcome"] == "evaded"
    assert res["dice"][1]["purpose"] == "Parry d100 (evasion)"


def test_parry_against_ranged_attack_is_not_made() -> None:
    # BS 50, 23 hits (32: Body); no Parry d100 against a shot: d10 5 + 3 = 8 - TB 3 = 5 wounds
    res = resolve_ok(scenario(LASGUN, evasion={"reaction": "Parry", "skill": 40}, dice=[23, 5]))
    assert (res["outcome"], res["total_wounds"], len(res["dice"])) == ("hit", 5, 2)


def test_no_evasion_roll_after_a_miss() -> None:
    # target 50, roll 60 misses: there is no hit to evade
    res = resolve_ok(scenario(evasion={"reaction": "Dodge", "skill": 40}, dice=[60]))
    assert res["outcome"] == "miss"
    assert len(res["dice"]) == 1
