"""Maximal, in each ruleset.

- DH2 (DH2 Core, Ch. V, Maximal): fired on its Maximal setting (``action.maximal``), +10 m range, +1d10 damage,
  +2 Pen, Blast +2 and three times the ammunition.
- DH1: not a DH1 quality: refused.
- Deathwatch: not on seed 001's list of Weapon Qualities: refused.

Maximal's +2 Pen comes before Lance and Melta, its d10 joins Tearing's pool: test_quality_order.py.
"""

from __future__ import annotations

from dh2_scenarios import LASGUN, errors_of, purposes, resolve_ok, scenario, weapon

from .readings import details, refused, with_fields

PLASMA = weapon(LASGUN, name="Plasma Gun", pen=4, qualities=["Maximal"])


def test_maximal_dh2() -> None:
    # Maximal: range 100 + 10 = 110 m, so 54 m is Short (under 55): 40 + 10 + 10 = 60; roll 23 ->
    # DoS 6-2+1 = 5; Body AP 6. d10 6 + Maximal d10 7 + 3 = 16 (5 DoS < 6, 7); Pen 4 + 2 = 6 -> AP 0;
    # 16 - 3 = 13. Three times the ammunition: 3 rounds, 57 left.
    res = resolve_ok(with_fields(scenario(PLASMA, distance=54, armour={"Body": 6}, dice=[23, 6, 7]), maximal=True))
    assert (res["range_band"], res["target_number"], res["degrees"]) == ("Short", 60, 5)
    hit = res["hits"][0]
    assert (hit["damage"], hit["penetration"], hit["effective_armour"], hit["wounds"]) == (16, 6, 0, 13)
    assert [p for p, _, _ in purposes(res)] == ["to-hit d100", "hit 1 damage d10", "hit 1 Maximal d10"]
    assert (res["rounds_fired"], res["rounds_left"]) == (3, 57)
    # Standard setting: 54 m is not under 50 -> Standard, 50; DoS 4; d10 6 + 3 = 9, Pen 4 -> AP 2 -> 4
    std = resolve_ok(scenario(PLASMA, distance=54, armour={"Body": 6}, dice=[23, 6]))
    assert (std["range_band"], std["target_number"]) == ("Standard", 50)
    hit = std["hits"][0]
    assert (hit["damage"], hit["penetration"], hit["wounds"]) == (9, 4, 4)
    assert (std["rounds_fired"], std["rounds_left"]) == (1, 59)


def test_maximal_extends_the_maximum_range() -> None:
    # 430 m is beyond 4 x 100 m; on Maximal 4 x 110 = 440 m allows it, Extreme (over 330 m): 40 + 10 - 30 = 20
    assert "action.distance" in errors_of(scenario(PLASMA, distance=430, dice=[95]))
    res = resolve_ok(with_fields(scenario(PLASMA, distance=430, dice=[95]), maximal=True))
    assert (res["range_band"], res["target_number"]) == ("Extreme", 20)


def test_maximal_semi_auto_burst_uses_three_times_the_burst() -> None:
    # Plasma S/3/-: a semi-auto burst of 3 rounds x 3 = 9 (60 - 9 = 51 left); roll 90 misses at 40
    # (no jam: bursts jam from 94)
    gun = weapon(PLASMA, rof="S/3/-")
    res = resolve_ok(with_fields(scenario(gun, action="Semi-Auto Burst", dice=[90]), maximal=True))
    assert (res["rounds_fired"], res["rounds_left"]) == (9, 51)


def test_maximal_adds_2_to_blast() -> None:
    gun = weapon(PLASMA, qualities=["Maximal", "Blast (2)"])
    std = resolve_ok(scenario(gun, dice=[23, 6]))
    assert "Everyone within 2 m of the target is hit" in details(std, "Quality: Blast (2)")[0]
    maxi = resolve_ok(with_fields(scenario(gun, dice=[23, 6, 6]), maximal=True))
    assert "Everyone within 4 m of the target is hit" in details(maxi, "Quality: Blast (2)")[0]


def test_maximal_refused_without_the_quality() -> None:
    errors = errors_of(with_fields(scenario(LASGUN, dice=[23, 6]), maximal=True))
    assert errors == {"action.maximal": "The Lasgun has no Maximal setting (no Maximal quality)"}


def test_maximal_refused_when_the_clip_is_short() -> None:
    # 3 rounds needed for a single shot, 2 loaded
    errors = errors_of(with_fields(scenario(weapon(PLASMA, clip=2), dice=[23, 6, 7]), maximal=True))
    assert "attacker.weapon.clip" in errors


def test_maximal_dh1() -> None:
    refused("dh1", "Maximal")


def test_maximal_dw() -> None:
    refused("dw", "Maximal")
