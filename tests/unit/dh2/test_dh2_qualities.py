"""Weapon qualities, craftsmanship, weapon classes and combat circumstances in Dark Heresy 2nd edition.

Every quality in ``rules/data/dh2/qualities.json`` is shown changing the result of an attack against
the same attack without it (and, where its text says so, *not* changing it): each in its own file,
``tests/unit/d100/qualities/test_<quality>.py``, beside its DH1 and Deathwatch readings, and here what
several qualities share (the parrying weapon's table, the tests a struck target takes, the qualities
DH2 refuses), with scripted dice in
the order the engine consumes them (``rules/d100/stages/``): the test d100 (Spray: each person's
Agility d100 instead); the evasion d100 and a Power Field d100; one hit-location d100 per other
person in a Blast; then every hit's damage dice (weapon dice, Maximal d10, Tearing die, Accurate
d10s, a Righteous Fury d5 right after its hit); then, hit by hit, the tests the qualities make the
struck target take (alphabetical by quality).

Sources: DH2 Core, Ch. V, Weapon Special Qualities (the readings in qualities.json), Craftsmanship
and Weapon Classes; Ch. VII, Combat Circumstances; seed 004, The Attack.

Defaults (dh2_scenarios.scenario): BS/WS 40, S 30 (SB 3), target TB 3, 20 wounds, no armour, 60 m,
which is the Standard band (+0) of a 100 m weapon. So a Lasgun (1d10+3 E, Pen 0) Standard Attack is
tested at 40 + 10 = 50, and so is a Sword (1d10 R, Pen 0, + SB 3) Standard Attack.
DH2 degrees: tens digit of the target - tens digit of the roll + 1. Location: the roll reversed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from dh2_scenarios import AUTOGUN, FISTS, LASGUN, SWORD, errors_of, purposes, resolve_ok, scenario, weapon

from rules import run
from rules.d100 import tables

# --- helpers --------------------------------------------------------------------------------------------


def put(data: dict[str, Any], fields: dict[str, Any]) -> dict[str, Any]:
    """Set scenario fields the builder has no argument for, by dotted path: ``{"target.size": "Puny"}``."""
    for path, value in fields.items():
        *parents, last = path.split(".")
        node = data
        for p in parents:
            node = node.setdefault(p, {})
        node[last] = value
    return data


def mods(res: dict[str, Any]) -> list[tuple[str, int]]:
    return [(m["label"], m["value"]) for m in res["modifiers"]]


def details(res: dict[str, Any], rule: str) -> list[str]:
    """The details of every step with this rule name."""
    return [s["detail"] for s in res["steps"] if s["rule"] == rule]


def rolled(res: dict[str, Any]) -> list[int]:
    return [d["value"] for d in res["dice"]]


def quality(name: str) -> Any:
    q = tables.qualities("dh2").get(name)
    assert q is not None, name
    return q


PISTOL = weapon(LASGUN, name="Laspistol", klass="Pistol", range=30, rof="S/2/-", clip=30)
# A 30 m weapon: Point Blank <= 2 m, Short < 15 m, Standard <= 60 m, Long <= 90 m, Extreme <= 120 m.


# --- every quality is covered ------------------------------------------------------------------------------

COVERED = {
    "Accurate",
    "Balanced",
    "Blast",
    "Concussive",
    "Corrosive",
    "Crippling",
    "Defensive",
    "Felling",
    "Flame",
    "Flexible",
    "Force",
    "Graviton",
    "Hallucinogenic",
    "Haywire",
    "Inaccurate",
    "Indirect",
    "Lance",
    "Maximal",
    "Melta",
    "Overheats",
    "Power Field",
    "Primitive",
    "Proven",
    "Razor Sharp",
    "Recharge",
    "Reliable",
    "Sanctified",
    "Scatter",
    "Shocking",
    "Smoke",
    "Snare",
    "Spray",
    "Storm",
    "Tearing",
    "Toxic",
    "Twin-Linked",
    "Unbalanced",
    "Unreliable",
    "Unwieldy",
    "Vengeful",
}


def test_every_dh2_quality_has_tests_in_this_file() -> None:
    # A quality added to the data file must get its tests here or in tests/unit/d100/qualities/test_<quality>.py.
    assert {q.name for q in tables.qualities("dh2").qualities} == COVERED


# --- Balanced, Defensive, Unbalanced (the parrying weapon) -------------------------------------------------------

PARRY_40 = {"reaction": "Parry", "skill": 40}


@pytest.mark.parametrize(
    ("parry_qualities", "parry_roll", "parry_target", "outcome", "wounds"),
    [
        # Sword WS 40 + 10 = 50, roll 23 -> DoS 4, Body. Parry 40.
        ([], 45, 40, "hit", 5),  # 45 > 40 fails; d10 5 + SB 3 = 8 - 3 = 5
        (["Balanced"], 45, 50, "evaded", 0),  # 40 + 10 = 50: 45 -> DoS 5-4+1 = 2 -> the one hit negated
        (["Defensive"], 45, 55, "evaded", 0),  # 40 + 15 = 55
        (["Balanced", "Defensive"], 62, 65, "evaded", 0),  # 40 + 10 + 15 = 65
        ([], 35, 40, "evaded", 0),  # 35 <= 40: DoS 4-3+1 = 2
        (["Unbalanced"], 35, 30, "hit", 5),  # 40 - 10 = 30: 35 fails -> d10 5 -> 5 wounds
    ],
)
def test_parrying_weapon_qualities_change_the_parry(
    parry_qualities: list[str], parry_roll: int, parry_target: int, outcome: str, wounds: int
) -> None:
    dice = [23, parry_roll] + ([5] if outcome == "hit" else [])
    res = resolve_ok(scenario(SWORD, evasion={**PARRY_40, "qualities": parry_qualities}, dice=dice))
    assert res["target_number"] == 50
    assert res["outcome"] == outcome
    assert res["total_wounds"] == wounds
    assert f"= {parry_target}; rolled {parry_roll}" in details(res, "Evasion")[0]
    assert len(res["dice"]) == len(dice)


@pytest.mark.parametrize("name", ["Unbalanced", "Unwieldy"])
def test_unbalanced_and_unwieldy_cannot_make_a_lightning_attack(name: str) -> None:
    errors = errors_of(scenario(weapon(SWORD, qualities=[name]), action="Lightning Attack", dice=[23, 5]))
    assert errors == {"action.type": f"An {name} weapon cannot make a Lightning Attack"}


# --- tests the struck target takes: Concussive, Hallucinogenic, Snare, Toxic, Shocking, Flame --------------------


@pytest.mark.parametrize(
    ("name", "char", "value", "modifier", "test_roll", "success", "degrees"),
    [
        # Lasgun hit: roll 23 (DoS 4), Body; d10 6 + 3 - 3 = 6 wounds; then the quality's test d100 35.
        ("Concussive (2)", "T", 40, -20, 35, False, -2),  # T 40 - 10x2 = 20: 35 -> DoF 3-2+1 = 2
        ("Hallucinogenic (3)", "T", 40, -30, 35, False, -3),  # 40 - 30 = 10: DoF 3-1+1 = 3
        ("Snare (1)", "Ag", 40, -10, 35, False, -1),  # Ag 40 - 10 = 30: DoF 3-3+1 = 1
        ("Toxic (1)", "T", 40, -10, 25, True, 2),  # T 40 - 10 = 30: 25 -> DoS 3-2+1 = 2
        ("Shocking", "T", 40, 0, 35, True, 2),  # T 40 + 0: 35 -> DoS 4-3+1 = 2
        ("Flame", "Ag", 40, 0, 41, False, -1),  # Ag 40 + 0: 41 -> DoF 4-4+1 = 1
    ],
)
def test_quality_makes_the_struck_target_test(
    name: str, char: str, value: int, modifier: int, test_roll: int, success: bool, degrees: int
) -> None:
    gun = weapon(LASGUN, qualities=[name])
    res = resolve_ok(put(scenario(gun, dice=[23, 6, test_roll]), {f"target.characteristics.{char}": value}))
    assert res["total_wounds"] == 6
    [tt] = res["target_tests"]
    base = name.split(" (")[0]
    assert tt == {
        "quality": base,
        "person": 0,
        "hit": 1,
        "characteristic": char,
        "modifier": modifier,
        "target": value + modifier,
        "roll": test_roll,
        "success": success,
        "degrees": degrees,
        "effect": quality(base).test.effect,
    }
    assert res["dice"][2]["purpose"] == f"{base} {'Toughness' if char == 'T' else 'Agility'} test d100"
    # Without the quality: no test, no third die
    plain = resolve_ok(put(scenario(LASGUN, dice=[23, 6]), {f"target.characteristics.{char}": value}))
    assert plain["target_tests"] == [] and len(plain["dice"]) == 2


@pytest.mark.parametrize(
    ("name", "char", "modifier"),
    [
        ("Concussive (2)", "Toughness", -20),
        ("Hallucinogenic (1)", "Toughness", -10),
        ("Snare (2)", "Agility", -20),
        ("Toxic (3)", "Toughness", -30),
        ("Shocking", "Toughness", 0),
        ("Flame", "Agility", 0),
    ],
)
def test_quality_test_left_to_the_gm_when_the_characteristic_is_not_given(name: str, char: str, modifier: int) -> None:
    # Same hit (23, Body, d10 6 -> 6 wounds); no target characteristics: no die for the test
    res = resolve_ok(scenario(weapon(LASGUN, qualities=[name]), dice=[23, 6]))
    assert len(res["dice"]) == 2
    [tt] = res["target_tests"]
    assert (tt["modifier"], tt["target"], tt["roll"], tt["success"], tt["degrees"]) == (
        modifier,
        None,
        None,
        None,
        None,
    )
    detail = details(res, f"Quality: {name}")[0]  # Concussive adds a knock-down step after it
    sign = f"{modifier:+d}".replace("-", "\u2212")
    assert detail.startswith(f"Target (hit 1) tests {char} {sign}; on a failure: ")
    assert detail.endswith(f"The target's {char} is not given: the GM rolls this test.")


@pytest.mark.parametrize(
    ("name", "tested"),
    [
        ("Concussive (1)", True),  # when hit
        ("Hallucinogenic (1)", True),
        ("Snare (1)", True),
        ("Flame", True),  # "even without damage"
        ("Toxic (1)", False),  # only when damaged
        ("Shocking", False),
    ],
)
def test_quality_test_when_hit_or_only_when_damaged(name: str, tested: bool) -> None:
    # Body AP 20: d10 6 + 3 = 9 - 20 - 3 -> 0 wounds (4 DoS replacing the 6 would not help)
    data = put(
        scenario(weapon(LASGUN, qualities=[name]), armour={"Body": 20}, dice=[23, 6] + ([50] if tested else [])),
        {"target.characteristics.T": 40, "target.characteristics.Ag": 40},
    )
    res = resolve_ok(data)
    assert res["total_wounds"] == 0
    assert len(res["target_tests"]) == (1 if tested else 0)
    assert len(res["dice"]) == (3 if tested else 2)


def test_shocking_tested_when_righteous_fury_deals_its_one_wound() -> None:
    # Body AP 20: d10 10 + 3 = 13 -> 0, but the natural 10 deals 1 wound (no d5): the target was damaged,
    # so it tests T 40: 35 -> DoS 4-3+1 = 2
    data = put(
        scenario(weapon(LASGUN, qualities=["Shocking"]), armour={"Body": 20}, dice=[23, 10, 35]),
        {"target.characteristics.T": 40},
    )
    res = resolve_ok(data)
    assert res["total_wounds"] == 1
    assert [(t["quality"], t["success"], t["degrees"]) for t in res["target_tests"]] == [("Shocking", True, 2)]


def test_quality_tests_come_after_every_hits_damage_dice_one_per_hit() -> None:
    # Semi-Auto Burst, BS 50 + 0 = 50; roll 14 -> DoS 5-1+1 = 5 -> 1 + 4//2 = 3 hits: Body, Body, Right Arm.
    # d10 5 each (5 DoS: no gain) -> 5 wounds each. Then Concussive (1): T 40 - 10 = 30, one test per hit:
    # 25 (DoS 3-2+1 = 2), 31 (DoF 1), 99 (DoF 9-3+1 = 7).
    data = put(
        scenario(
            weapon(LASGUN, qualities=["Concussive (1)"]),
            action="Semi-Auto Burst",
            BS=50,
            wounds=100,
            dice=[14, 5, 5, 5, 25, 31, 99],
        ),
        {"target.characteristics.T": 40},
    )
    res = resolve_ok(data)
    assert [p for p, _, _ in purposes(res)] == [
        "to-hit d100",
        "hit 1 damage d10",
        "hit 2 damage d10",
        "hit 3 damage d10",
        "Concussive Toughness test d100",
        "Concussive Toughness test d100",
        "Concussive Toughness test d100",
    ]
    assert [(t["hit"], t["target"], t["success"], t["degrees"]) for t in res["target_tests"]] == [
        (1, 30, True, 2),
        (2, 30, False, -1),
        (3, 30, False, -7),
    ]


def test_several_quality_tests_on_one_hit_in_alphabetical_order() -> None:
    # Toxic (1) and Shocking on one damaging hit (6 wounds): Shocking T 40 first (roll 35: DoS 2), then
    # Toxic T 30 (roll 35: DoF 1)
    data = put(
        scenario(weapon(LASGUN, qualities=["Toxic (1)", "Shocking"]), dice=[23, 6, 35, 35]),
        {"target.characteristics.T": 40},
    )
    res = resolve_ok(data)
    assert [(t["quality"], t["target"], t["success"]) for t in res["target_tests"]] == [
        ("Shocking", 40, True),
        ("Toxic", 30, False),
    ]


# --- craftsmanship ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("craft", "modifier", "target", "degrees", "damage"),
    [
        # Sword, roll 23 -> Body; d10 6 (above every DoS here) + SB 3
        ("Poor", -10, 40, 3, 9),  # 50 - 10 = 40: DoS 4-2+1 = 3
        ("Common", 0, 50, 4, 9),
        ("Good", 5, 55, 4, 9),  # 55: DoS 5-2+1 = 4
        ("Best", 10, 60, 5, 10),  # 60: DoS 6-2+1 = 5; +1 damage
    ],
)
def test_melee_craftsmanship(craft: str, modifier: int, target: int, degrees: int, damage: int) -> None:
    res = resolve_ok(scenario(weapon(SWORD, craftsmanship=craft), dice=[23, 6]))
    assert [v for label, v in mods(res) if label.endswith("craftsmanship")] == ([modifier] if modifier else [])
    assert (res["target_number"], res["degrees"]) == (target, degrees)
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (damage, damage - 3)


def test_ranged_craftsmanship_does_not_change_the_test_or_damage() -> None:
    # Lasgun 50 for every craftsmanship; 23 -> Body; d10 6 + 3 - 3 = 6
    for craft in ("Poor", "Good", "Best"):
        res = resolve_ok(scenario(weapon(LASGUN, craftsmanship=craft), dice=[23, 6]))
        assert (res["target_number"], res["total_wounds"]) == (50, 6)
        assert len(res["modifiers"]) == 2


def test_unarmed_has_no_craftsmanship() -> None:
    # Fists vs an unarmed foe: WS 40 + 10 = 50 even when "Best"
    res = resolve_ok(scenario(weapon(FISTS, craftsmanship="Best"), armed=False, dice=[95]))
    assert res["target_number"] == 50


@pytest.mark.parametrize(
    ("craft", "qualities", "roll", "jams"),
    [
        # Lasgun single shot at 50: every roll misses
        ("Poor", [], 90, False),
        ("Poor", [], 91, True),  # Poor: counts as Unreliable
        ("Common", [], 91, False),
        ("Poor", ["Unreliable"], 51, True),  # Poor and Unreliable: jams on any failed attack
        ("Common", ["Unreliable"], 51, False),
        ("Good", [], 96, False),  # Good: counts as Reliable
        ("Good", [], 100, True),
        ("Good", ["Unreliable"], 91, False),  # Good: loses Unreliable (jams on 96 again)
        ("Good", ["Unreliable"], 96, True),
        ("Best", [], 100, False),  # Best: never jams
        ("Best", ["Unreliable"], 99, False),
    ],
)
def test_ranged_craftsmanship_jams(craft: str, qualities: list[str], roll: int, jams: bool) -> None:
    res = resolve_ok(scenario(weapon(LASGUN, craftsmanship=craft, qualities=qualities), dice=[roll]))
    assert res["success"] is False
    assert res["outcome"] == ("jam" if jams else "miss")


def test_best_ranged_weapon_hits_on_99() -> None:
    # BS 90: 100; Common jams on 99; Best: a hit (DoS 10-9+1 = 2, reversed 99 Left Leg), d10 5 -> 5 wounds
    assert resolve_ok(scenario(LASGUN, BS=90, dice=[99]))["outcome"] == "jam"
    res = resolve_ok(scenario(weapon(LASGUN, craftsmanship="Best"), BS=90, dice=[99, 5]))
    assert (res["outcome"], res["total_wounds"]) == ("hit", 5)


# --- weapon classes ----------------------------------------------------------------------------------------------


def test_basic_weapon_fired_one_handed_minus_20() -> None:
    # 40 + 10 - 20 = 30
    res = resolve_ok(put(scenario(LASGUN, dice=[95]), {"action.one_handed": True}))
    assert ("Basic weapon fired one-handed", -20) in mods(res)
    assert res["target_number"] == 30


def test_pistol_fired_one_handed_no_penalty() -> None:
    # Laspistol at 20 m (Standard): 40 + 10 = 50
    res = resolve_ok(put(scenario(PISTOL, distance=20, dice=[95]), {"action.one_handed": True}))
    assert res["target_number"] == 50


HEAVY = weapon(AUTOGUN, name="Heavy Stubber", klass="Heavy", rof="S/3/10", clip=100)


def test_heavy_weapon_unbraced_minus_30() -> None:
    # Braced: 40 + 10 = 50; unbraced: 50 - 30 = 20
    assert resolve_ok(scenario(HEAVY, dice=[95]))["target_number"] == 50
    res = resolve_ok(put(scenario(HEAVY, dice=[95]), {"action.braced": False}))
    assert ("Heavy weapon not braced", -30) in mods(res)
    assert res["target_number"] == 20


@pytest.mark.parametrize("action", ["Semi-Auto Burst", "Full Auto Burst", "Suppressing Fire"])
def test_heavy_weapon_unbraced_cannot_fire_bursts(action: str) -> None:
    errors = errors_of(put(scenario(HEAVY, action=action, dice=[95]), {"action.braced": False}))
    assert list(errors) == ["action.braced"]


def test_heavy_weapon_braced_fires_bursts() -> None:
    # Semi-Auto: 40 + 0 = 40; roll 93 misses, no jam (bursts jam from 94)
    res = resolve_ok(scenario(HEAVY, action="Semi-Auto Burst", dice=[93]))
    assert (res["target_number"], res["outcome"]) == (40, "miss")


def test_pistol_engaged_in_melee_ignores_range_bands() -> None:
    # At 1 m: Point Blank +30 -> 80; engaged in melee the range band does not apply -> 50
    assert resolve_ok(scenario(PISTOL, distance=1, dice=[95]))["target_number"] == 80
    res = resolve_ok(put(scenario(PISTOL, distance=1, dice=[95]), {"action.engaged": True}))
    assert res["target_number"] == 50
    assert mods(res) == [("Standard Attack", 10)]
    assert details(res, "Pistol in melee")


def test_basic_weapon_engaged_in_melee_refused() -> None:
    errors = errors_of(put(scenario(LASGUN, distance=1, dice=[95]), {"action.engaged": True}))
    assert errors == {
        "action.engaged": "Engaged in melee, only a Pistol can shoot; the Lasgun is a Basic weapon",
    }


@pytest.mark.parametrize("wpn", [LASGUN, SWORD])
def test_weapon_used_without_training_minus_20(wpn: dict[str, Any]) -> None:
    # 40 + 10 - 20 = 30
    res = resolve_ok(scenario(weapon(wpn, trained=False), dice=[95]))
    assert ("Used without its Weapon Training talent", -20) in mods(res)
    assert res["target_number"] == 30


# --- circumstances, difficulty, size ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wpn", "circumstances", "target"),
    [
        (LASGUN, ["Darkness"], 20),  # BS -30
        (SWORD, ["Darkness"], 30),  # WS -20
        (LASGUN, ["Difficult Terrain"], 50),  # WS only: no BS modifier
        (SWORD, ["Difficult Terrain"], 40),  # WS -10
        (LASGUN, ["Fatigued", "Target Prone"], 30),  # -10 - 10
        (SWORD, ["Fatigued", "Target Prone"], 50),  # -10 + 10
        (SWORD, ["Ganging Up (3 to 1 or more)"], 70),  # +20
        (LASGUN, ["Unaware Target", "Stunned Target"], 100),  # +30 + 20
    ],
)
def test_circumstances_modify_ws_or_bs(wpn: dict[str, Any], circumstances: list[str], target: int) -> None:
    res = resolve_ok(put(scenario(wpn, dice=[100]), {"action.circumstances": circumstances}))
    assert res["target_number"] == target


def test_circumstance_that_does_not_apply_to_bs_is_named() -> None:
    res = resolve_ok(put(scenario(LASGUN, dice=[95]), {"action.circumstances": ["Difficult Terrain"]}))
    assert details(res, "Circumstance: Difficult Terrain") == ["Does not apply to a BS test."]


@pytest.mark.parametrize(("difficulty", "target"), [("Easy", 80), ("Challenging", 50), ("Hard", 30), ("Hellish", -10)])
def test_difficulty_modifies_the_test(difficulty: str, target: int) -> None:
    # Lasgun 50 + difficulty (Hellish -60: +10 - 60 = -50 total, within the cap)
    res = resolve_ok(put(scenario(LASGUN, dice=[100]), {"action.difficulty": difficulty}))
    assert res["target_number"] == target


@pytest.mark.parametrize(("size", "target"), [("Miniscule", 20), ("Puny", 30), ("Average", 50), ("Hulking", 60)])
def test_target_size_modifies_the_test(size: str, target: int) -> None:
    res = resolve_ok(put(scenario(LASGUN, dice=[95]), {"target.size": size}))
    assert res["target_number"] == target


def test_unknown_circumstance_refused_at_its_index() -> None:
    errors = errors_of(put(scenario(LASGUN, dice=[95]), {"action.circumstances": ["Darkness", "Blizzard"]}))
    assert list(errors) == ["action.circumstances.1"]
    assert errors["action.circumstances.1"].startswith(
        "'Blizzard' is not a Dark Heresy 2nd edition combat circumstance: choose one of Darkness, "
    )


def test_unknown_difficulty_refused() -> None:
    errors = errors_of(put(scenario(LASGUN, dice=[95]), {"action.difficulty": "Impossible"}))
    assert list(errors) == ["action.difficulty"]
    assert errors["action.difficulty"].startswith("'Impossible' is not a Dark Heresy 2nd edition difficulty")


def test_unknown_size_refused() -> None:
    errors = errors_of(put(scenario(LASGUN, dice=[95]), {"target.size": "Huge"}))
    assert list(errors) == ["target.size"]


# --- qualities DH2 does not have ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Volatile", "Unstable"])
def test_quality_dh2_does_not_have_is_refused(name: str) -> None:
    errors = errors_of(scenario(weapon(LASGUN, qualities=["Tearing", name]), dice=[23, 6]))
    assert errors == {"attacker.weapon.qualities.1": f"'{name}' is not a Dark Heresy 2nd edition weapon quality"}


def test_parrying_weapon_quality_dh2_does_not_have_is_refused() -> None:
    out = run(scenario(SWORD, evasion={**PARRY_40, "qualities": ["Balanced", "Volatile"]}, dice=[23, 10]))
    assert out["status"] == "invalid"
    assert {e["field"]: e["message"] for e in out["errors"]} == {
        "target.evasion.qualities.1": "'Volatile' is not a Dark Heresy 2nd edition weapon quality"
    }


# ------------------------------------------------------------------------------- "Proven 3" as players write it


@pytest.mark.parametrize("text", ["Proven 3", "Proven(3)", "proven 3", "Proven (3)", " Proven  ( 3 ) ", "Proven3"])
def test_a_qualitys_value_reads_with_or_without_brackets(text: str) -> None:
    name, value = tables.parse_quality(text)
    assert (name.lower(), value) == ("proven", 3)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        (["Proven 3"], ["Proven (3)"]),
        (["Blast 3", "Tearing"], ["Blast (3)", "Tearing"]),
        (["blast(3)"], ["blast (3)"]),
        (["Primitive 7"], ["Primitive (7)"]),
        (["Felling 2"], ["Felling (2)"]),
        (["Blast (3)"], ["Blast (3)"]),
    ],
)
def test_a_quality_with_a_bare_value_is_read_as_the_book_writes_it(typed: list[str], read: list[str]) -> None:
    from rules.api import load_scenario

    loaded = load_scenario(scenario(weapon(LASGUN, qualities=typed), seed=1))
    assert loaded.attacker.weapon.qualities == read


def test_proven_3_resolves_as_proven_bracket_3() -> None:
    bare = resolve_ok(scenario(weapon(LASGUN, qualities=["Proven 3"]), seed=7))
    book = resolve_ok(scenario(weapon(LASGUN, qualities=["Proven (3)"]), seed=7))
    assert bare == book


def test_blast_3_typed_in_one_text_resolves_as_blast_bracket_3() -> None:
    bare = resolve_ok(scenario(weapon(LASGUN, qualities="Blast 3, Tearing"), seed=7))
    book = resolve_ok(scenario(weapon(LASGUN, qualities=["Blast (3)", "Tearing"]), seed=7))
    assert bare == book


def test_an_unknown_quality_with_a_value_is_still_refused_with_the_list() -> None:
    got = errors_of(scenario(weapon(LASGUN, qualities=["Sparkly 3"]), seed=1))
    assert "Sparkly" in got["attacker.weapon.qualities.0"]
    assert "'Sparkly' is not a" in got["attacker.weapon.qualities.0"]


def test_a_party_weapon_with_proven_3_is_accepted() -> None:
    from rules.party import check_party

    party = {
        "auspex_party": 1,
        "weapons": [
            {"name": "Club", "system": "dh2", "data": {"name": "Club", "class": "Melee", "qualities": ["Proven 3"]}}
        ],
    }
    got = check_party(json.dumps(party))
    assert got["status"] == "ok", got
