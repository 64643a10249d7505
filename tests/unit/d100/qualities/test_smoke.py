"""Smoke, in each ruleset: the attack resolves as without it, then its smokescreen is rolled where the round
lands (hit or miss; a jammed weapon fires nothing), a step and the resolution's ``smoke`` saying how wide and
for how long.

- DH2 (DH2 Core, Ch. V, Smoke (X)): a smokescreen of X metres radius for 1d10+10 rounds.
- DH1 (DH1 Core, Ch. V, Smoke (not in seed 003)): a smokescreen 3d10 metres across where it lands, for 2d10
  rounds.
- Deathwatch (seed 001 L460-462, Weapon Qualities (Smoke): "Creates smoke screen 3d10 metres in diameter, lasts
  2d10 Rounds"): likewise.
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dh2_scenarios as dh2
import dw_scenarios as dw

from .readings import details, purposes_only, rolled

KEYS = ("target_number", "degrees", "hits", "total_wounds", "target_tests", "outcome")


def _same_attack(res: dict[str, Any], plain: dict[str, Any]) -> None:
    assert {k: res[k] for k in KEYS} == {k: plain[k] for k in KEYS}


def test_smoke_dw() -> None:
    # Autogun, roll 23 hits, damage d10 6; then Smoke: 3d10 = 4 + 5 + 6 = 15 metres across,
    # 2d10 = 3 + 8 = 11 rounds (seed 001 L460-462)
    plain = dw.attack(dw.scenario(dw.AUTOGUN, dice=[23, 6]))
    res = dw.attack(dw.scenario(dh2.weapon(dw.AUTOGUN, qualities=["Smoke"]), dice=[23, 6, 4, 5, 6, 3, 8]))
    _same_attack(res, plain)
    assert res["smoke"] == {"metres_across": 15, "rounds": 11}
    assert purposes_only(res)[2:] == [
        "Smoke: metres across d10 (1 of 3)",
        "Smoke: metres across d10 (2 of 3)",
        "Smoke: metres across d10 (3 of 3)",
        "Smoke: rounds d10 (1 of 2)",
        "Smoke: rounds d10 (2 of 2)",
    ]
    assert details(res, "Quality: Smoke") == [
        "A smokescreen 3d10 = 4 + 5 + 6 = 15 metres across where the round lands, lasting 2d10 = 3 + 8 = 11 "
        "rounds (the GM places it on the field)."
    ]


def test_smoke_dw_a_miss_still_raises_the_screen() -> None:
    # roll 90 misses (BS 40 +0); the round lands somewhere: 3d10 = 10 + 10 + 10 = 30 m, 2d10 = 1 + 1 = 2 rounds
    res = dw.attack(dw.scenario(dh2.weapon(dw.AUTOGUN, qualities=["Smoke"]), dice=[90, 10, 10, 10, 1, 1]))
    assert res["outcome"] == "miss"
    assert res["smoke"] == {"metres_across": 30, "rounds": 2}


def test_smoke_dw_a_jam_fires_no_screen() -> None:
    # roll 97: a single shot jams on 96-00 (seed 001, Weapon Jams): nothing fired, no smoke dice
    res = dw.attack(dw.scenario(dh2.weapon(dw.AUTOGUN, qualities=["Smoke"]), dice=[97]))
    assert res["outcome"] == "jam"
    assert "smoke" not in res
    assert rolled(res) == [97]


def test_smoke_dh1() -> None:
    # Lasgun, roll 23 hits, damage d10 6; Smoke 3d10 = 1 + 2 + 3 = 6 m across, 2d10 = 9 + 10 = 19 rounds
    plain = dh2.resolve_ok(dh1.scenario(dh1.LASGUN, dice=[23, 6]))
    res = dh2.resolve_ok(dh1.scenario(dh2.weapon(dh1.LASGUN, qualities=["Smoke"]), dice=[23, 6, 1, 2, 3, 9, 10]))
    _same_attack(res, plain)
    assert res["smoke"] == {"metres_across": 6, "rounds": 19}
    assert rolled(res) == [23, 6, 1, 2, 3, 9, 10]


def test_smoke_dh2() -> None:
    # Smoke (3): 3 metres radius, 6 across; 1d10 + 10 = 7 + 10 = 17 rounds (DH2 Core, Ch. V, Smoke (X))
    plain = dh2.resolve_ok(dh2.scenario(dh2.LASGUN, dice=[23, 6]))
    res = dh2.resolve_ok(dh2.scenario(dh2.weapon(dh2.LASGUN, qualities=["Smoke (3)"]), dice=[23, 6, 7]))
    _same_attack(res, plain)
    assert res["smoke"] == {"metres_across": 6, "rounds": 17}
    assert details(res, "Quality: Smoke (3)") == [
        "A smokescreen of 3 metres radius (6 metres across) where the round lands, lasting 1d10+10 = 7 + 10 = 17 "
        "rounds (the GM places it on the field)."
    ]
