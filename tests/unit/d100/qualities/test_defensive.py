"""Defensive, in each ruleset: one reading.

- DH2 (DH2 Core, Ch. V, Defensive), DH1 (seed 003, Weapon Qualities: "+15 WS when Parrying, but -10 WS when
  attacking") and Deathwatch (seed 001, Weapon Qualities: Defensive): +15 to Parry with it, -10 to attack with it.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import SWORD, resolve_ok, scenario, weapon

from .readings import dh1_parry, dw_parry, mods


def test_defensive_dh2() -> None:
    # Sword: WS 40 + 10 = 50, roll 45 hits (DoS 5-4+1 = 2, reversed 54 Body, d10 5 + 3 - 3 = 5);
    # Defensive Sword: 50 - 10 = 40, roll 45 misses
    plain = resolve_ok(scenario(SWORD, dice=[45, 5]))
    assert (plain["target_number"], plain["outcome"], plain["total_wounds"]) == (50, "hit", 5)
    res = resolve_ok(scenario(weapon(SWORD, qualities=["Defensive"]), dice=[45]))
    assert ("Defensive", -10) in mods(res)
    assert (res["target_number"], res["outcome"]) == (40, "miss")


def test_defensive_dh1() -> None:
    # 30 + 15 = 45: 44 succeeds (and fails without it)
    assert resolve_ok(dh1_parry(30, ["Defensive"], 44))["outcome"] == "evaded"
    assert resolve_ok(dh1_parry(30, [], 44))["outcome"] == "hit"


def test_defensive_dh1_attacks_at_minus_10() -> None:
    # seed 003: "+15 WS when Parrying, but -10 WS when attacking": WS 40 - 10 = 30
    res = resolve_ok(dh1.scenario(weapon(dh1.SWORD, qualities=["Defensive"]), dice=[95]))
    assert ("Defensive", -10) in dh1.mods_of(res)
    assert res["target_number"] == 30


@pytest.mark.parametrize(("qualities", "outcome", "wounds"), [([], "hit", 7), (["Defensive"], "evaded", 0)])
def test_defensive_dw(qualities: list[str], outcome: str, wounds: int) -> None:
    # Parry 30: 44 fails; with a Defensive weapon 30 + 15 = 45 and 44 succeeds.
    res = resolve_ok(dw_parry(30, qualities, 44))
    assert (res["outcome"], res["total_wounds"]) == (outcome, wounds)


def test_defensive_dw_attacks_at_minus_10() -> None:
    # WS 40 + 0 (Standard Attack) - 10 = 30
    res = dw.attack(dw.scenario(weapon(dw.KNIFE, qualities=["Defensive"]), dice=[95]))
    assert ("Defensive", -10) in mods(res)
    assert res["target_number"] == 30
