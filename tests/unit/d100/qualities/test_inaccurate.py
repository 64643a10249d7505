"""Inaccurate, in each ruleset: one reading.

- DH2 (DH2 Core, Ch. V, Inaccurate), DH1 (seed 003, Weapon Qualities) and Deathwatch (DW Core, Ch. V, Inaccurate;
  not on the GM screen): no bonus from aiming.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import details, mods


def test_inaccurate_dh2() -> None:
    # Full Aim: Lasgun 40 + 10 + 20 = 70; Inaccurate: 40 + 10 = 50 (roll 95 misses both, no jam below 96)
    plain = resolve_ok(scenario(LASGUN, aim="full", dice=[95]))
    inacc = resolve_ok(scenario(weapon(LASGUN, qualities=["Inaccurate"]), aim="full", dice=[95]))
    assert plain["target_number"] == 70
    assert inacc["target_number"] == 50
    assert not any(label.startswith("Aim") for label, _ in mods(inacc))
    assert details(inacc, "Quality: Inaccurate") == ["No bonus from aiming (the full Aim would give +20)."]


def test_inaccurate_dh2_without_aim_changes_nothing() -> None:
    # 50 either way; roll 23 -> DoS 4, Body; d10 6 + 3 - 3 = 6
    res = resolve_ok(scenario(weapon(LASGUN, qualities=["Inaccurate"]), dice=[23, 6]))
    assert (res["target_number"], res["total_wounds"]) == (50, 6)


def test_inaccurate_dh1() -> None:
    res = resolve_ok(dh1.scenario(weapon(dh1.LASGUN, qualities=["Inaccurate"]), aim="full", dice=[90]))
    assert res["target_number"] == 40
    assert not any(label.startswith("Aim") for label, _ in dh1.mods_of(res))
    assert "Quality: Inaccurate" in dh1.rules_applied(res)


def test_inaccurate_dw() -> None:
    # Full Aim would give +20: Autogun BS 40 + 0 = 40 with Inaccurate, 60 without (roll 90 misses both).
    plain = dw.attack(dw.scenario(dw.AUTOGUN, aim="full", dice=[90]))
    inacc = dw.attack(dw.scenario(weapon(dw.AUTOGUN, qualities=["Inaccurate"]), aim="full", dice=[90]))
    assert (plain["target_number"], inacc["target_number"]) == (60, 40)
    assert not any(label.startswith("Aim") for label, _ in mods(inacc))
