"""Step One: modifiers to the attacker's characteristic, summed and capped at +-60.

Seed 004, Step One (Standard Attack +10, Full Auto Burst -10, the +-60 cap); DH2 Core, Ch. VII for
the other actions, aim and range (rules/data/dh2/actions.json and tables.json cite them);
seed 004, Unarmed Combat (-20 against an armed foe).

Most cases roll a miss (one d100 consumed) so the test is only about the target number.
"""

from __future__ import annotations

import pytest
from dh2_scenarios import AUTOGUN, FISTS, LASGUN, SWORD, errors_of, resolve_ok, scenario, weapon


def _mods(res: dict) -> list[tuple[str, int]]:
    return [(m["label"], m["value"]) for m in res["modifiers"]]


def test_modifier_cap_plus_60() -> None:
    # WS 30; All Out Attack +30, full aim +20, "Helpless" +30 = +80 -> capped +60; target 90.
    # roll 90 -> hit, DoS 9-9+1 = 1; reversed 09 Head; d10 5 (1 DoS never replaces).
    res = resolve_ok(scenario(SWORD, action="All Out Attack", WS=30, aim="full", mods=[("Helpless", 30)], dice=[90, 5]))
    assert sum(v for _, v in _mods(res)) == 80
    assert res["modifier_total"] == 60
    assert res["target_number"] == 90
    assert res["success"] and res["degrees"] == 1


def test_modifier_cap_minus_60() -> None:
    # BS 70; Full Auto -10, Extreme range (350 m, range 100) -30, Darkness -40 = -80 -> -60; target 10.
    # roll 10 -> hit (DoS 1-1+1 = 1); roll 11 -> miss.
    common = dict(action="Full Auto Burst", distance=350, BS=70, mods=[("Darkness", -40)])
    miss = resolve_ok(scenario(AUTOGUN, **common, dice=[11]))
    assert miss["modifier_total"] == -60
    assert miss["target_number"] == 10
    assert miss["outcome"] == "miss"
    hit = resolve_ok(scenario(AUTOGUN, **common, dice=[10, 5]))
    # reversed 01 Head; 1 DoS -> 1 hit
    assert hit["outcome"] == "hit"
    assert hit["target_number"] == 10


def test_modifier_exactly_60_is_not_capped() -> None:
    # WS 30; Charge +20, full aim +20, extra +20 = +60; target 90
    res = resolve_ok(scenario(SWORD, action="Charge", WS=30, aim="full", mods=[("High ground", 20)], dice=[95]))
    assert res["modifier_total"] == 60
    assert res["target_number"] == 90
    assert res["outcome"] == "miss"


@pytest.mark.parametrize(
    ("action", "wpn", "modifier"),
    [
        ("Standard Attack", LASGUN, 10),
        ("Standard Attack", SWORD, 10),
        ("Called Shot", LASGUN, -20),
        ("All Out Attack", SWORD, 30),
        ("Charge", SWORD, 20),
        ("Guarded Attack", LASGUN, -10),
        ("Guarded Attack", SWORD, -10),
        ("Swift Attack", SWORD, 0),
        ("Lightning Attack", SWORD, -10),
        ("Semi-Auto Burst", AUTOGUN, 0),
        ("Full Auto Burst", AUTOGUN, -10),
        ("Suppressing Fire", AUTOGUN, -20),
    ],
)
def test_action_modifier(action: str, wpn: dict, modifier: int) -> None:
    # WS/BS 40 + the action's modifier (+0 Standard range at 60 m for the 100 m guns); roll 90 misses
    res = resolve_ok(scenario(wpn, action=action, called="Head" if action == "Called Shot" else None, dice=[90]))
    assert res["modifiers"][0]["label"] == action
    assert res["modifiers"][0]["value"] == modifier
    assert res["modifier_total"] == modifier
    assert res["target_number"] == 40 + modifier
    assert res["characteristic"] == ("WS" if wpn["class"] == "Melee" else "BS")
    assert res["outcome"] == "miss"


@pytest.mark.parametrize(("aim", "bonus"), [("none", 0), ("half", 10), ("full", 20)])
def test_aim_half_plus_10_full_plus_20(aim: str, bonus: int) -> None:
    # BS 40 +10 Standard + aim; roll 90 misses
    res = resolve_ok(scenario(aim=aim, dice=[90]))
    assert res["modifier_total"] == 10 + bonus
    assert res["target_number"] == 50 + bonus
    aims = [v for label, v in _mods(res) if label.startswith("Aim")]
    assert aims == ([bonus] if bonus else [])


@pytest.mark.parametrize(
    ("distance", "band", "modifier"),
    [
        (0, "Point Blank", 30),
        (1, "Point Blank", 30),
        (2, "Point Blank", 30),  # 2 m or less
        (2.5, "Short", 10),
        (49, "Short", 10),
        (49.9, "Short", 10),  # under half of 100 m
        (50, "Standard", 0),  # half the range is no longer short
        (100, "Standard", 0),
        (200, "Standard", 0),  # up to twice the range
        (200.5, "Long", -10),
        (300, "Long", -10),  # up to three times
        (300.5, "Extreme", -30),
        (400, "Extreme", -30),  # up to four times
    ],
)
def test_range_band_from_distance_against_weapon_range(distance: float, band: str, modifier: int) -> None:
    # Lasgun, range 100 m; BS 40 +10 Standard + range band (at most 80); roll 95 misses and does not jam
    res = resolve_ok(scenario(distance=distance, dice=[95]))
    assert res["range_band"] == band
    assert _mods(res)[1][1] == modifier
    assert _mods(res)[1][0].startswith(band)
    assert res["target_number"] == 40 + 10 + modifier


def test_range_beyond_four_times_is_refused_at_action_distance() -> None:
    out = errors_of(scenario(distance=400.5, dice=[50]))
    assert "action.distance" in out


def test_range_band_scales_with_weapon_range() -> None:
    # A 30 m pistol at 20 m: not under 15 m (half), within 60 m -> Standard +0.
    # At 70 m: over 60 m (2x), within 90 m (3x) -> Long -10. At 14 m: Short +10.
    pistol = weapon(LASGUN, klass="Pistol", range=30, rof="S/2/-", clip=6)
    assert resolve_ok(scenario(pistol, distance=20, dice=[95]))["range_band"] == "Standard"
    assert resolve_ok(scenario(pistol, distance=70, dice=[95]))["range_band"] == "Long"
    assert resolve_ok(scenario(pistol, distance=14, dice=[95]))["range_band"] == "Short"
    # 121 m is beyond 4 x 30 = 120 m
    assert "action.distance" in errors_of(scenario(pistol, distance=121, dice=[95]))


def test_melee_attack_has_no_range_band() -> None:
    # WS 40 +10 Standard = 50 at any distance
    res = resolve_ok(scenario(SWORD, distance=500, dice=[90]))
    assert res["range_band"] is None
    assert res["target_number"] == 50
    assert len(res["modifiers"]) == 1


def test_labelled_extra_modifiers_are_listed_and_summed() -> None:
    # examples/lasgun.json: BS 45 +10 Standard +10 Short (20 m < 50 m) -20 Fog = 45;
    # roll 23 -> DoS 4-2+1 = 3; reversed 32 Body (AP 2); d10 4 (3 DoS < 4, stands) + 3 = 7 - 2 - 3 = 2
    res = resolve_ok(scenario(BS=45, distance=20, mods=[("Fog", -20)], armour={"Body": 2}, wounds=10, dice=[23, 4]))
    assert _mods(res) == [("Standard Attack", 10), ("Short range (20 m, weapon 100 m)", 10), ("Fog", -20)]
    assert res["modifier_total"] == 0
    assert res["target_number"] == 45
    assert res["degrees"] == 3
    assert res["hits"][0]["location"] == "Body"
    assert res["total_wounds"] == 2


def test_several_extra_modifiers_add_up() -> None:
    # BS 40 +10 Standard -10 Smoke -10 Running target +20 Huge = +10; target 50
    res = resolve_ok(scenario(mods=[("Smoke", -10), ("Running target", -10), ("Huge", 20)], dice=[90]))
    assert res["modifier_total"] == 10
    assert res["target_number"] == 50


def test_unarmed_against_armed_foe_minus_20() -> None:
    # WS 40 +10 Standard -20 unarmed vs armed = 30
    res = resolve_ok(scenario(FISTS, armed=True, dice=[90]))
    assert ("Unarmed against an armed foe", -20) in _mods(res)
    assert res["target_number"] == 30


def test_unarmed_against_unarmed_foe_no_penalty() -> None:
    # WS 40 +10 Standard = 50
    res = resolve_ok(scenario(FISTS, armed=False, dice=[90]))
    assert all(v != -20 for _, v in _mods(res))
    assert res["target_number"] == 50


def test_armed_attacker_against_armed_foe_no_unarmed_penalty() -> None:
    res = resolve_ok(scenario(SWORD, armed=True, dice=[90]))
    assert res["target_number"] == 50
