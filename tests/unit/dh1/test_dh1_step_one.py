"""Dark Heresy 1st edition, the attack test's modifiers: actions, aim, range bands, size, combat
circumstances, difficulty, weapon class, training, melee craftsmanship, and the +/-60 cap.

Seed 003: Actions (All Out Attack +20 WS, Charge +10 WS, Guarded Attack -10 WS, Semi-Auto Burst
+10 BS, Full Auto Burst +20 BS, Suppressing Fire -20 BS, Aim +10 half / +20 full), Combat
Circumstances (Called Shots -20, Point Blank +30, Short +10, Long -10, Extreme -30 and every other
row), Difficulty, Size, Weapon Characteristics (Range: never beyond 4x; Basic one-handed -20; Heavy
unbraced -30 and no bursts). The band distances (Point Blank within 3 m, Short under half, Long
beyond 2x, Extreme beyond 3x), the cap, training and craftsmanship are the DH1 book's, as
rules/data/dh1/tables.json and rules/dh1/__init__.py cite.

Most cases roll a miss (one d100 consumed) so the test is only about the target number. A single
shot jams on 96+ and a burst on 94+, so the misses use 90-95.
"""

from __future__ import annotations

from typing import Any

import pytest
from dh1_scenarios import (
    AUTOGUN,
    FISTS,
    LASGUN,
    SWORD,
    errors_of,
    mods_of,
    resolve_ok,
    scenario,
    step_text,
    weapon,
)

DH1_ACTIONS = (
    "Standard Attack, Called Shot, Multiple Attacks, All Out Attack, Charge, Guarded Attack, Semi-Auto Burst, "
    "Full Auto Burst, Suppressing Fire, Feint, Manoeuvre, Knock-Down, Stun, Defensive Stance, Grapple"
)

# --- actions ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "wpn", "modifier", "char"),
    [
        ("Standard Attack", LASGUN, 0, "BS"),  # seed: a Standard Attack is Challenging (+0)
        ("Standard Attack", SWORD, 0, "WS"),
        ("Called Shot", LASGUN, -20, "BS"),  # seed: Called Shots WS & BS -20
        ("Called Shot", SWORD, -20, "WS"),
        ("All Out Attack", SWORD, 20, "WS"),  # seed: +20 to WS
        ("Charge", SWORD, 10, "WS"),  # seed: +10 to WS
        ("Guarded Attack", SWORD, -10, "WS"),  # seed: -10 WS
        ("Semi-Auto Burst", AUTOGUN, 10, "BS"),  # seed action table: +10 to BS
        ("Full Auto Burst", AUTOGUN, 20, "BS"),  # seed action table: +20 to BS
        ("Suppressing Fire", AUTOGUN, -20, "BS"),  # seed: -20 to BS
    ],
)
def test_action_modifier(action: str, wpn: dict[str, Any], modifier: int, char: str) -> None:
    # WS/BS 40 + the action's modifier (+0 Standard band at 60 m for the 100 m guns; melee has no band).
    # Roll 90 is over every target (at most 60) and under the burst jam range (94): a miss, and
    # its degrees of failure are whole tens: (90 - (40 + modifier)) // 10.
    res = resolve_ok(scenario(wpn, action=action, called="Head" if action == "Called Shot" else None, dice=[90]))
    assert mods_of(res)[0] == (action, modifier)
    assert res["modifier_total"] == modifier
    assert res["characteristic"] == char
    assert res["target_number"] == 40 + modifier
    assert res["outcome"] == "miss"
    assert res["degrees"] == -((90 - (40 + modifier)) // 10)


@pytest.mark.parametrize("action", ["Swift Attack", "Lightning Attack"])
def test_dh2_only_actions_refused_naming_dark_heresy_1st_edition(action: str) -> None:
    # DH1 has no Swift or Lightning Attack as one attack (seed 003: Multiple Attacks uses those
    # talents to make separate attacks); the refusal names the ruleset and the actions it has.
    errors = errors_of(scenario(SWORD, action=action, dice=[23, 5]))
    assert list(errors) == ["action.type"]
    assert errors["action.type"] == (
        f"'{action}' is not a Dark Heresy 1st edition attack action: choose one of {DH1_ACTIONS}"
    )


# Every action of seed 003's table is offered (Feint, Defensive Stance, Stun, Grapple and
# Knock-Down: tests/unit/dh1/test_dh1_manoeuvres.py; Multiple Attacks: tests/unit/d100/test_multiple_attacks.py)


@pytest.mark.parametrize("action", ["All Out Attack", "Charge", "Guarded Attack"])
def test_melee_actions_refuse_a_gun(action: str) -> None:
    errors = errors_of(scenario(LASGUN, action=action, dice=[23, 5]))
    assert errors["action.type"] == f"{action} is a melee action; the Lasgun is a Basic weapon"


@pytest.mark.parametrize("action", ["Semi-Auto Burst", "Full Auto Burst", "Suppressing Fire"])
def test_ranged_actions_refuse_a_sword(action: str) -> None:
    errors = errors_of(scenario(SWORD, action=action, dice=[23, 5]))
    assert errors["action.type"] == f"{action} is a ranged action; the Sword is a Melee weapon"


def test_called_shot_needs_its_location() -> None:
    errors = errors_of(scenario(LASGUN, action="Called Shot", dice=[23, 5]))
    assert "action.called_location" in errors


# --- aim ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("aim", "bonus"), [("none", 0), ("half", 10), ("full", 20)])
def test_aim_half_plus_10_full_plus_20(aim: str, bonus: int) -> None:
    # seed 003, Aim: +10 as a Half Action, +20 as a Full Action. BS 40 + aim; roll 90 misses.
    res = resolve_ok(scenario(aim=aim, dice=[90]))
    assert res["target_number"] == 40 + bonus
    assert [v for label, v in mods_of(res) if label.startswith("Aim")] == ([bonus] if bonus else [])


# --- range bands --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "band", "modifier"),
    [
        (0, "Point Blank", 30),
        (2, "Point Blank", 30),
        (3, "Point Blank", 30),  # DH1: within 3 m (DH2 says 2)
        (3.5, "Short", 10),
        (49.9, "Short", 10),  # under half of 100 m
        (50, "Standard", 0),  # exactly half is not "under half"
        (100, "Standard", 0),
        (200, "Standard", 0),  # not yet more than twice
        (200.5, "Long", -10),  # more than twice
        (300, "Long", -10),  # not yet more than three times
        (300.5, "Extreme", -30),  # more than three times
        (400, "Extreme", -30),  # up to four times
    ],
)
def test_range_band_from_distance_against_weapon_range(distance: float, band: str, modifier: int) -> None:
    # Lasgun, range 100 m: BS 40 + band (at most 70); roll 95 misses and a single shot jams only on 96+
    res = resolve_ok(scenario(distance=distance, dice=[95]))
    assert res["range_band"] == band
    label, value = mods_of(res)[1]
    assert label.startswith(f"{band} range")
    assert value == modifier
    assert res["target_number"] == 40 + modifier


def test_beyond_four_times_the_range_is_refused_at_action_distance() -> None:
    # seed 003, Weapon Characteristics (Range): "Can't be more than 4x range distance": 4 x 100 = 400 m
    errors = errors_of(scenario(distance=400.5, dice=[50]))
    assert errors == {"action.distance": "Out of range: 400.5 m is beyond four times the Lasgun's 100 m range"}


def test_range_bands_scale_with_the_weapon_range() -> None:
    # A 30 m pistol: Short under 15 m, Standard to 60 m, Long to 90 m, Extreme to 120 m, refused beyond
    pistol = weapon(LASGUN, name="Laspistol", klass="Pistol", range=30, rof="S/-/-", clip=30)
    assert resolve_ok(scenario(pistol, distance=14, dice=[95]))["range_band"] == "Short"
    assert resolve_ok(scenario(pistol, distance=15, dice=[95]))["range_band"] == "Standard"
    assert resolve_ok(scenario(pistol, distance=61, dice=[95]))["range_band"] == "Long"
    assert resolve_ok(scenario(pistol, distance=91, dice=[95]))["range_band"] == "Extreme"
    assert "action.distance" in errors_of(scenario(pistol, distance=121, dice=[95]))


def test_melee_has_no_range_band() -> None:
    # WS 40 +0 at any distance
    res = resolve_ok(scenario(SWORD, distance=500, dice=[90]))
    assert res["range_band"] is None
    assert mods_of(res) == [("Standard Attack", 0)]
    assert res["target_number"] == 40


# --- size, circumstances, difficulty -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "modifier"),
    [
        ("Massive", 30),
        ("Enormous", 20),
        ("Hulking", 10),
        ("Average", 0),
        ("Scrawny", -10),
        ("Puny", -20),
        ("Miniscule", -30),
    ],
)
def test_target_size(size: str, modifier: int) -> None:
    # seed 003, Size table. Sword, WS 40 + size (at most 70); roll 99 misses (melee never jams)
    res = resolve_ok(scenario(SWORD, size=size, dice=[99]))
    assert res["target_number"] == 40 + modifier
    sized = [(label, v) for label, v in mods_of(res) if label.startswith("Target size")]
    assert sized == ([(f"Target size: {size}", modifier)] if modifier else [])


CIRCUMSTANCES = [
    # (name, WS, BS) as seed 003's Combat Circumstances table gives them; None: no modifier to that skill
    ("Darkness", -20, -30),
    ("Difficult Terrain", -10, None),
    ("Fatigued", -10, -10),
    ("Fog, Mist or Shadow", None, -20),
    ("Ganging Up (2 to 1)", 10, None),
    ("Ganging Up (3 to 1 or more)", 20, None),
    ("Higher Ground", 10, None),
    ("Off Hand Attacks", -20, -20),
    ("Target Prone", 10, None),  # "WS on prone +10"
    ("Attacker Prone", -10, -10),  # "WS & BS by prone -10"
    ("Shooting into Melee Combat", None, -20),
    ("Stunned Targets", 20, 20),
    ("Unaware Targets", 30, 30),
    ("Weather and Unnatural Conditions", -20, -20),
]


@pytest.mark.parametrize(("name", "ws", "bs"), CIRCUMSTANCES)
def test_circumstance_on_a_melee_attack_uses_its_ws_value(name: str, ws: int | None, bs: int | None) -> None:
    # Sword, WS 40 + the WS column (at most 70); roll 99 misses
    res = resolve_ok(scenario(SWORD, circumstances=[name], dice=[99]))
    assert res["target_number"] == 40 + (ws or 0)
    if ws is None:
        assert len(res["modifiers"]) == 1
        assert step_text(res, f"Circumstance: {name}") == "Does not apply to a WS test."
    else:
        assert mods_of(res)[1] == (name, ws)


@pytest.mark.parametrize(("name", "ws", "bs"), CIRCUMSTANCES)
def test_circumstance_on_a_ranged_attack_uses_its_bs_value(name: str, ws: int | None, bs: int | None) -> None:
    # Lasgun at 60 m (+0), BS 40 + the BS column (at most 70); roll 95 misses without jamming.
    # A row with no BS value (Higher Ground, Ganging Up...) adds nothing to a ranged attack.
    res = resolve_ok(scenario(LASGUN, circumstances=[name], dice=[95]))
    assert res["target_number"] == 40 + (bs or 0)
    if bs is None:
        assert [label for label, _ in mods_of(res)] == ["Standard Attack", "Standard range (60 m, weapon 100 m)"]
        assert step_text(res, f"Circumstance: {name}") == "Does not apply to a BS test."
    else:
        assert mods_of(res)[2] == (name, bs)


def test_circumstances_add_up() -> None:
    # Sword: WS 40 + Higher Ground 10 + Stunned Targets 20 + Fatigued -10 = 60; roll 61 misses by 1 (0 DoF)
    res = resolve_ok(scenario(SWORD, circumstances=["Higher Ground", "Stunned Targets", "Fatigued"], dice=[61]))
    assert res["modifier_total"] == 20
    assert res["target_number"] == 60
    assert (res["success"], res["degrees"]) == (False, 0)


def test_unknown_circumstance_refused_at_its_index() -> None:
    errors = errors_of(scenario(SWORD, circumstances=["Darkness", "Running Target"], dice=[50]))
    assert list(errors) == ["action.circumstances.1"]
    assert errors["action.circumstances.1"].startswith(
        "'Running Target' is not a Dark Heresy 1st edition combat circumstance"
    )


@pytest.mark.parametrize(
    ("difficulty", "modifier"),
    [
        ("Easy", 30),
        ("Routine", 20),
        ("Ordinary", 10),
        ("Challenging", 0),
        ("Difficult", -10),
        ("Hard", -20),
        ("Very Hard", -30),
    ],
)
def test_difficulty(difficulty: str, modifier: int) -> None:
    # seed 003, Difficulty table. BS 40 + difficulty (at most 70); roll 95 misses
    res = resolve_ok(scenario(difficulty=difficulty, dice=[95]))
    assert res["target_number"] == 40 + modifier
    assert res["modifier_total"] == modifier


def test_unknown_difficulty_refused() -> None:
    errors = errors_of(scenario(difficulty="Heroic", dice=[50]))
    assert errors["action.difficulty"].startswith("'Heroic' is not a Dark Heresy 1st edition difficulty")


def test_many_modifiers_together() -> None:
    # Autogun, Full Auto Burst +20, Short range (20 m < 50 m) +10, half aim +10, Fog -20, Hard -20,
    # Hulking target +10 = +10; BS 40 -> 50. Roll 50: a bare success (0 DoS) -> 1 + 0 = 1 hit;
    # reversed 05 Head; d10 5 + 2 = 7 - TB 3 = 4
    res = resolve_ok(
        scenario(
            AUTOGUN,
            action="Full Auto Burst",
            distance=20,
            aim="half",
            circumstances=["Fog, Mist or Shadow"],
            difficulty="Hard",
            size="Hulking",
            dice=[50, 5],
        )
    )
    assert sorted(v for _, v in mods_of(res)) == [-20, -20, 10, 10, 10, 20]
    assert res["target_number"] == 50
    assert (res["degrees"], res["hits_scored"], res["total_wounds"]) == (0, 1, 4)


# --- the +/-60 cap --------------------------------------------------------------------------------------


def test_modifier_cap_plus_60() -> None:
    # Autogun BS 30; Full Auto +20, Point Blank (2 m) +30, full aim +20 = +70 -> capped +60; target 90.
    # Roll 90: success with 0 DoS (no jam: a burst jams on 94+) -> 1 hit; reversed 09 Head; d10 5 + 2 - 3 = 4.
    # Roll 91: a miss (without the cap the target would be 100).
    common: dict[str, Any] = dict(action="Full Auto Burst", distance=2, aim="full", BS=30)
    hit = resolve_ok(scenario(AUTOGUN, **common, dice=[90, 5]))
    assert sum(v for _, v in mods_of(hit)) == 70
    assert hit["modifier_total"] == 60
    assert hit["target_number"] == 90
    assert (hit["outcome"], hit["degrees"], hit["hits_scored"], hit["total_wounds"]) == ("hit", 0, 1, 4)
    assert step_text(hit, "Step One").endswith("total +70, capped at +60 (the total may not pass \u00b160).")
    miss = resolve_ok(scenario(AUTOGUN, **common, dice=[91]))
    assert (miss["target_number"], miss["outcome"], miss["jammed"]) == (90, "miss", False)


def test_modifier_cap_minus_60() -> None:
    # Lasgun BS 70; Called Shot -20, Extreme range (350 m: over 3 x 100) -30, Darkness (BS) -30 = -80 -> -60;
    # target 10. Roll 10 hits (0 DoS) the called Head: d10 5 + 2 - 3 = 4. Roll 11 misses.
    common: dict[str, Any] = dict(action="Called Shot", called="Head", distance=350, BS=70, circumstances=["Darkness"])
    hit = resolve_ok(scenario(**common, dice=[10, 5]))
    assert sum(v for _, v in mods_of(hit)) == -80
    assert hit["modifier_total"] == -60
    assert hit["target_number"] == 10
    assert (hit["outcome"], hit["hits"][0]["location"], hit["total_wounds"]) == ("hit", "Head", 4)
    assert resolve_ok(scenario(**common, dice=[11]))["outcome"] == "miss"


def test_modifier_of_exactly_60_is_not_capped() -> None:
    # Sword WS 30; All Out Attack +20, full aim +20, Higher Ground +10, Ganging Up (2 to 1) +10 = +60; target 90
    res = resolve_ok(
        scenario(
            SWORD,
            action="All Out Attack",
            aim="full",
            WS=30,
            circumstances=["Higher Ground", "Ganging Up (2 to 1)"],
            dice=[95],
        )
    )
    assert res["modifier_total"] == 60
    assert res["target_number"] == 90
    assert "capped" not in step_text(res, "Step One")


# --- weapon class, training, craftsmanship ---------------------------------------------------------------


def test_basic_weapon_fired_one_handed_minus_20() -> None:
    # seed 003, Basic: "Two-handed. -20 penalty when used one-handed": BS 40 - 20 = 20
    res = resolve_ok(scenario(LASGUN, one_handed=True, dice=[95]))
    assert ("Basic weapon fired one-handed", -20) in mods_of(res)
    assert res["target_number"] == 20


def test_pistol_fired_one_handed_has_no_penalty() -> None:
    pistol = weapon(LASGUN, name="Laspistol", klass="Pistol", range=30, rof="S/-/-", clip=30)
    res = resolve_ok(scenario(pistol, distance=20, one_handed=True, dice=[95]))
    assert res["target_number"] == 40


HEAVY = weapon(AUTOGUN, name="Heavy Stubber", klass="Heavy", rof="-/-/10", clip=100)


def test_heavy_weapon_unbraced_minus_30() -> None:
    # seed 003, Heavy: "Must be braced or -30 penalty": BS 40 - 30 = 10 (no burst possible, so a
    # single-shot heavy weapon: S/-/-)
    gun = weapon(HEAVY, rof="S/-/-")
    res = resolve_ok(scenario(gun, braced=False, dice=[95]))
    assert ("Heavy weapon not braced", -30) in mods_of(res)
    assert res["target_number"] == 10
    braced = resolve_ok(scenario(gun, braced=True, dice=[95]))
    assert braced["target_number"] == 40


def test_heavy_weapon_unbraced_cannot_fire_bursts() -> None:
    # seed 003, Heavy: "... and no Semi-Auto or Full-Auto"
    errors = errors_of(scenario(HEAVY, action="Full Auto Burst", braced=False, dice=[50, 5]))
    assert "action.braced" in errors


@pytest.mark.parametrize("wpn", [LASGUN, SWORD])
def test_untrained_weapon_minus_20(wpn: dict[str, Any]) -> None:
    # DH1 Core, Ch. IV: without the Weapon Training talent -20. WS/BS 40 - 20 = 20; roll 90 misses
    res = resolve_ok(scenario(weapon(wpn, trained=False), dice=[90]))
    assert ("Used without its Weapon Training talent", -20) in mods_of(res)
    assert res["target_number"] == 20


@pytest.mark.parametrize(("craft", "modifier"), [("Poor", -10), ("Common", 0), ("Good", 5), ("Best", 10)])
def test_melee_craftsmanship_modifier(craft: str, modifier: int) -> None:
    # DH1 Core, Ch. V: melee Poor -10, Good +5, Best +10 WS. WS 40 + craft; roll 99 misses
    res = resolve_ok(scenario(weapon(SWORD, craftsmanship=craft), dice=[99]))
    assert res["target_number"] == 40 + modifier
    crafted = [(label, v) for label, v in mods_of(res) if "craftsmanship" in label]
    assert crafted == ([(f"{craft} craftsmanship", modifier)] if modifier else [])


def test_best_melee_weapon_adds_one_damage() -> None:
    # Best sword: WS 40 + 10 = 50; roll 23 -> DoS (50 - 23) // 10 = 2; reversed 32 Body.
    # d10 6 + SB 3 + 1 (Best) = 10 - TB 3 = 7
    res = resolve_ok(scenario(weapon(SWORD, craftsmanship="Best"), dice=[23, 6]))
    assert res["target_number"] == 50
    assert (res["hits"][0]["damage"], res["total_wounds"]) == (10, 7)


@pytest.mark.parametrize("craft", ["Poor", "Good", "Best"])
def test_ranged_craftsmanship_does_not_change_the_test(craft: str) -> None:
    # A ranged weapon's craftsmanship changes its jams (test_dh1_step_two), not BS: 40
    res = resolve_ok(scenario(weapon(LASGUN, craftsmanship=craft), dice=[90]))
    assert res["target_number"] == 40


def test_unarmed_against_an_armed_target_minus_20() -> None:
    # DH1 Core, Ch. VIII, Unarmed Combat: WS 40 - 20 = 20
    res = resolve_ok(scenario(FISTS, armed=True, dice=[90]))
    assert ("Unarmed against an armed foe", -20) in mods_of(res)
    assert res["target_number"] == 20


def test_unarmed_against_an_unarmed_target_no_penalty() -> None:
    res = resolve_ok(scenario(FISTS, armed=False, dice=[90]))
    assert mods_of(res) == [("Standard Attack", 0)]
    assert res["target_number"] == 40


def test_labelled_extra_modifiers_add_up() -> None:
    # BS 40 + Running target -20 (seed 003, Run: enemies -20 BS, given as an extra modifier) + 5 = 25
    res = resolve_ok(scenario(mods=[("Running target", -20), ("Red-dot sight", 5)], dice=[90]))
    assert mods_of(res)[2:] == [("Running target", -20), ("Red-dot sight", 5)]
    assert res["target_number"] == 25
