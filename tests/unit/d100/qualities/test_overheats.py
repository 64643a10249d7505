"""Overheats, in each ruleset.

- DH2 (DH2 Core, Ch. V, Overheats): an unmodified 91 or more overheats the weapon instead of jamming; the attack
  is lost (the wielder's damage is the GM's); Best craftsmanship never overheats.
- DH1 (DH1 Core, Ch. V, Overheats; not in seed 003): the same, and a d10 on the Overheating table.
- Deathwatch (seed 001, Weapon Qualities: "Unmodified roll of 91 or more on to hit roll causes Overheat, see page
  129"): the same as DH2.

Overheats stands in for the jam check, craftsmanship's included: test_quality_order.py.
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, SWORD, resolve_ok, scenario, weapon

from .readings import details, rolled

OVERHEATS = weapon(LASGUN, name="Plasma Pistol", qualities=["Overheats"])


PLASMA_DH1: dict[str, Any] = {
    "name": "Plasma Gun",
    "class": "Basic",
    "range": 100,
    "rof": "S/2/-",
    "damage": "1d10+6",
    "damage_type": "E",
    "pen": 6,
    "clip": 20,
    "qualities": ["Overheats"],
}


def test_overheats_dh2() -> None:
    # BS 90 + 10 = 100. A plain Lasgun: 91 hits (DoS 10-9+1 = 2, reversed 19 Right Arm), d10 5 -> 5 wounds.
    plain = resolve_ok(scenario(LASGUN, BS=90, dice=[91, 5]))
    assert (plain["outcome"], plain["total_wounds"], plain["overheated"]) == ("hit", 5, False)
    # Overheats: an unmodified 91 overheats, the attack is lost: no location, no damage die
    res = resolve_ok(scenario(OVERHEATS, BS=90, dice=[91]))
    assert res["overheated"] is True
    assert res["success"] is False
    assert res["hits"] == [] and res["total_wounds"] == 0
    assert len(res["dice"]) == 1


def test_overheats_dh2_not_on_90() -> None:
    # 90 hits: DoS 10-9+1 = 2, reversed 09 Head, d10 5 -> 5 wounds
    res = resolve_ok(scenario(OVERHEATS, BS=90, dice=[90, 5]))
    assert (res["outcome"], res["overheated"], res["total_wounds"]) == ("hit", False, 5)


def test_overheats_dh2_replaces_jamming() -> None:
    # A plain Lasgun jams on 96; an Overheats weapon overheats instead (a miss either way at 50)
    plain = resolve_ok(scenario(LASGUN, dice=[96]))
    assert (plain["jammed"], plain["overheated"]) == (True, False)
    res = resolve_ok(scenario(OVERHEATS, dice=[96]))
    assert res["overheated"] is True
    assert details(res, "Weapon jam") == []


def test_overheats_dh2_melee_loses_the_attack() -> None:
    # WS 90 + 10 = 100; unmodified 95 >= 91: the weapon overheats and, like a ranged Overheats weapon,
    # the attack is lost: no hit, no damage die (the 5 stays unused)
    res = resolve_ok(scenario(weapon(SWORD, name="Plasma Blade", qualities=["Overheats"]), WS=90, dice=[95, 5]))
    assert res["overheated"] is True
    assert "the attack is lost" in details(res, "Quality: Overheats")[0]
    assert (res["success"], res["hits"], res["total_wounds"]) == (False, [], 0)
    assert rolled(res) == [95]


def test_overheats_dh2_never_with_best_craftsmanship() -> None:
    # Best: 99 hits at 100 (DoS 2, reversed 99 Left Leg), d10 5 -> 5 wounds; no overheat, no jam
    res = resolve_ok(scenario(weapon(OVERHEATS, craftsmanship="Best"), BS=90, dice=[99, 5]))
    assert (res["outcome"], res["overheated"], res["jammed"], res["total_wounds"]) == ("hit", False, False, 5)


@pytest.mark.parametrize(
    ("d10", "row"),
    [
        (1, "the firer tests Toughness or drops the weapon"),
        (5, "the firer tests Toughness or drops the weapon"),
        (6, "the firer takes 1d10+2 Energy damage and drops the weapon"),
        (8, "the firer takes 1d10+2 Energy damage and drops the weapon"),
        (9, "the weapon explodes and is destroyed"),
        (10, "the weapon explodes and is destroyed"),
    ],
)
def test_overheats_dh1(d10: int, row: str) -> None:
    res = resolve_ok(dh1.scenario(PLASMA_DH1, dice=[91, d10]))
    assert res["overheated"] is True
    assert (res["success"], res["hits"]) == (False, [])
    assert dh1.purposes(res) == [("to-hit d100", 100, 91), ("Overheats table d10", 10, d10)]
    assert f"Overheating table, 1d10 = {d10}: {row}" in dh1.step_text(res, "Quality: Overheats")
    assert "Weapon jam" not in dh1.rules_applied(res)


def test_overheats_dh1_not_below_91() -> None:
    res = resolve_ok(dh1.scenario(PLASMA_DH1, dice=[90]))
    assert (res["outcome"], res["overheated"], res["jammed"]) == ("miss", False, False)
    assert len(res["dice"]) == 1


def test_overheats_dh1_instead_of_jamming_on_a_burst() -> None:
    # a burst would jam on 94; an Overheats weapon overheats from 91 and never jams: 92 and 96 overheat
    for roll in (92, 96):
        res = resolve_ok(dh1.scenario(PLASMA_DH1, action="Semi-Auto Burst", dice=[roll, 2]))
        assert res["overheated"] is True
        assert "Weapon jam" not in dh1.rules_applied(res)


def test_overheats_dh1_even_when_the_roll_hits() -> None:
    # BS 70 + Point Blank 30 = 100: 91 would hit, but the weapon overheats and the attack is lost
    res = resolve_ok(dh1.scenario(PLASMA_DH1, BS=70, distance=2, dice=[91, 4]))
    assert res["target_number"] == 100
    assert (res["overheated"], res["success"], res["hits"]) == (True, False, [])


def test_overheats_dh1_never_with_best_craftsmanship() -> None:
    res = resolve_ok(dh1.scenario(weapon(PLASMA_DH1, craftsmanship="Best"), dice=[95]))
    assert (res["outcome"], res["overheated"], len(res["dice"])) == ("miss", False, 1)


@pytest.mark.parametrize(("roll", "overheated"), [(90, False), (91, True), (96, True)])
def test_overheats_dw(roll: int, overheated: bool) -> None:
    # Plasma gun with Overheats, BS 70 + Point Blank 30 = 100: 90 hits (DoS 1, reversed 09 Head; d10 5 + 9 - TB 4 =
    # 10); from 91 the weapon overheats, the attack is lost and no table d10 is rolled. The envelope reports an
    # overheat as the attack lost: outcome "jam" with ``overheated`` true and ``jammed`` false (Overheats is not a
    # jam, a reading; as in DH2 and DH1).
    gun = weapon(dw.PLASMA_GUN, qualities=["Overheats"])
    res = resolve_ok(dw.scenario(gun, BS=70, distance=2, dice=[roll, 5]))
    assert (res["overheated"], res["jammed"], res["outcome"]) == (
        overheated,
        False,
        "jam" if overheated else "hit",
    )
    if overheated:
        assert (res["success"], res["hits"], rolled(res)) == (False, [], [roll])
    else:
        assert res["total_wounds"] == 10


def test_overheats_odds_count_an_overheat_apart_from_a_jam() -> None:
    # DH2 Core, Ch. V, Overheats: "instead of jamming" -- so the Odds panel's Jams is 0 for a plasma
    # pistol, and its Overheats is the chance of an unmodified 91-00: 10 faces in 100 = 1/10
    from fractions import Fraction

    from rules.api import load_scenario
    from rules.odds import odds

    report = odds(load_scenario(scenario(OVERHEATS, dice=[5, 5])))
    figures = {f.key: f for f in report.headline}
    assert figures["jam"].chance is not None and Fraction(figures["jam"].chance.exact) == 0
    over = figures["overheat"].chance
    assert over is not None and Fraction(over.exact) == Fraction(1, 10)
    assert figures["overheat"].label == "Overheats"
