"""Reliable, in each ruleset.

- DH2 (DH2 Core, Ch. V, Reliable): jams only on an unmodified 100.
- DH1 (seed 003, Weapon Qualities: "If it jams, roll 1d10. Only on a 10 it is jammed") and Deathwatch (seed 001,
  Weapon Qualities: "If Jam, roll 1d10 and only on roll of 10 has it Jammed"): on a roll that would jam, a d10,
  rolled right after the test; only a 10 jams.

With craftsmanship (Poor makes a DH2 or DH1 weapon Unreliable, a Deathwatch Poor jam still rolls the d10):
test_quality_order.py.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, errors_of, purposes, resolve_ok, scenario, weapon

from .readings import BUILD, PLAIN


@pytest.mark.parametrize(
    ("qualities", "roll", "jams"),
    [
        # Lasgun single shot at 50: every roll misses; a plain weapon jams on 96-100
        ([], 91, False),
        ([], 96, True),
        (["Reliable"], 96, False),
        (["Reliable"], 99, False),
        (["Reliable"], 100, True),
        (["Unreliable"], 90, False),
        (["Unreliable"], 91, True),
    ],
)
def test_reliable_dh2(qualities: list[str], roll: int, jams: bool) -> None:
    res = resolve_ok(scenario(weapon(LASGUN, qualities=qualities), dice=[roll]))
    assert res["outcome"] == ("jam" if jams else "miss")
    assert res["jammed"] is jams


def test_reliable_dh1() -> None:
    # Reliable lasgun, BS 70 + Point Blank 30 = 100. Roll 96 would jam: Reliable d10 9 -> no jam.
    # The attack hits: (100 - 96) // 10 = 0 DoS; reversed 69 Body; d10 5 + 2 = 7 - TB 3 = 4
    gun = weapon(dh1.LASGUN, qualities=["Reliable"])
    res = resolve_ok(dh1.scenario(gun, BS=70, distance=2, dice=[96, 9, 5]))
    assert dh1.purposes(res) == [("to-hit d100", 100, 96), ("Reliable jam d10", 10, 9), ("hit 1 damage d10", 10, 5)]
    assert (res["outcome"], res["jammed"], res["total_wounds"]) == ("hit", False, 4)
    assert dh1.locations(res) == ["Body"]


def test_reliable_dh1_d10_comes_before_the_evasion_roll() -> None:
    # Same shot; the target Dodges 40 and rolls 60 (fails): to-hit, Reliable d10, Dodge d100, damage
    gun = weapon(dh1.LASGUN, qualities=["Reliable"])
    res = resolve_ok(
        dh1.scenario(gun, BS=70, distance=2, evasion={"reaction": "Dodge", "skill": 40}, dice=[96, 9, 60, 5])
    )
    assert [p for p, _, _ in dh1.purposes(res)] == [
        "to-hit d100",
        "Reliable jam d10",
        "Dodge d100 (evasion)",
        "hit 1 damage d10",
    ]
    assert (res["outcome"], res["total_wounds"]) == ("hit", 4)


def test_reliable_dh1_jams_on_a_10() -> None:
    gun = weapon(dh1.LASGUN, qualities=["Reliable"])
    res = resolve_ok(dh1.scenario(gun, BS=70, distance=2, dice=[96, 10]))
    assert (res["outcome"], res["jammed"]) == ("jam", True)
    assert dh1.purposes(res) == [("to-hit d100", 100, 96), ("Reliable jam d10", 10, 10)]


def test_reliable_dh1_no_d10_when_the_roll_would_not_jam() -> None:
    # Roll 95 (a miss against 40) does not jam: no d10 is asked for
    res = resolve_ok(dh1.scenario(weapon(dh1.LASGUN, qualities=["Reliable"]), dice=[95]))
    assert dh1.purposes(res) == [("to-hit d100", 100, 95)]
    assert res["outcome"] == "miss"


def test_reliable_dh1_on_a_burst_from_94() -> None:
    # Semi-Auto Burst: BS 40 + 10 = 50; roll 94 (a miss) would jam: d10 3 -> no jam, a plain miss
    gun = weapon(dh1.LASGUN, qualities=["Reliable"])
    res = resolve_ok(dh1.scenario(gun, action="Semi-Auto Burst", dice=[94, 3]))
    assert dh1.purposes(res) == [("to-hit d100", 100, 94), ("Reliable jam d10", 10, 3)]
    assert (res["outcome"], res["jammed"]) == ("miss", False)


def test_reliable_dh1_with_unreliable_refused() -> None:
    errors = errors_of(dh1.scenario(weapon(dh1.LASGUN, qualities=["Reliable", "Unreliable"]), dice=[50, 5]))
    assert "attacker.weapon.qualities" in errors


@pytest.mark.parametrize(("d10", "jammed"), [(9, False), (10, True)])
def test_reliable_dw(d10: int, jammed: bool) -> None:
    # Lasgun (Reliable), BS 40: unmodified 96 would jam; the d10 decides. 96 misses 40 either way.
    res = dw.attack(dw.scenario(dw.LASGUN, dice=[96, d10]))
    assert purposes(res) == [("to-hit d100", 100, 96), ("Reliable jam d10", 10, d10)]
    assert res["jammed"] is jammed
    assert res["outcome"] == ("jam" if jammed else "miss")


def test_reliable_dw_no_d10_below_the_jam_range() -> None:
    # 95 does not jam a single shot: no d10
    res = dw.attack(dw.scenario(dw.LASGUN, dice=[95]))
    assert purposes(res) == [("to-hit d100", 100, 95)]


def test_reliable_dw_d10_on_a_hit_then_damage() -> None:
    # Lasgun BS 70 + Point Blank 30 = 100; 96 would jam, d10 4 -> no jam; (100 - 96) // 10 = 0 DoS, a hit.
    # Reversed 69 Body; d10 5 + 3 = 8 - TB 4 = 4
    res = dw.attack(dw.scenario(dw.LASGUN, BS=70, distance=2, dice=[96, 4, 5]))
    assert dw.die_order(res) == ["to-hit d100", "Reliable jam d10", "hit 1 damage d10"]
    assert (res["outcome"], dw.locations(res), res["total_wounds"]) == ("hit", ["Body"], 4)


@pytest.mark.parametrize(
    ("system", "dice", "jammed"),
    [
        ("dh2", [97], False),  # DH2: only 100 jams; no d10
        ("dh1", [97, 10], True),  # DH1: 97 would jam, the d10 shows 10: jammed
        ("dw", [97, 10], True),  # Deathwatch: the same
    ],
)
def test_reliable_97_in_each_ruleset(system: str, dice: list[int], jammed: bool) -> None:
    # A Reliable gun's single shot, unmodified 97 (a miss at any of the three targets).
    res = resolve_ok(BUILD[system](weapon(PLAIN[system], qualities=["Reliable"]), dice=dice))
    assert res["jammed"] is jammed
    assert [d["purpose"] for d in res["dice"]] == ["to-hit d100", "Reliable jam d10"][: len(dice)]
