"""Storm, in each ruleset.

- DH2 (DH2 Core, Ch. V, Storm): doubles the hits and the ammunition spent; a burst's hits stay within the
  weapon's rate of fire.
- DH1 (DH1 Ascension, Armoury, Weapon Qualities; not in seed 003 or the DH1 core book): doubles the hits and the
  ammunition; never more hits than rounds fired.
- Deathwatch (seed 001, Weapon Qualities: "Doubles the number of hits inflicted on the target"): the same as DH1.

Twin-Linked's extra hit is doubled with the others, and Scatter's Point Blank hits are lost to Storm's cap (a rule
bug, a strict xfail): test_quality_order.py. Storm into a Horde: test_dw_hordes.py.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import AUTOGUN, locations, resolve_ok, scenario, weapon

from .readings import BUILD

STORM_BOLTER = weapon(AUTOGUN, name="Storm Bolter", rof="S/2/4", clip=60, qualities=["Storm"])


STORM_BOLTER_DH1 = weapon(
    dh1.AUTOGUN, name="Storm Bolter", rof="S/2/4", damage="1d10+5", damage_type="X", pen=4, clip=60, qualities=["Storm"]
)


def test_storm_dh2() -> None:
    # Full Auto: BS 60 - 10 = 50; roll 33 -> DoS 5-3+1 = 3 -> 3 hits (RoF 4). Storm: 6 -> capped at 4.
    # 8 rounds (4 x 2), 52 left. Reversed 33 Body: Body, Body, Right Arm, Head; d10 5 each -> 5 x 4 = 20.
    res = resolve_ok(scenario(STORM_BOLTER, action="Full Auto Burst", BS=60, wounds=100, dice=[33, 5, 5, 5, 5]))
    assert res["hits_scored"] == 4
    assert locations(res) == ["Body", "Body", "Right Arm", "Head"]
    assert (res["rounds_fired"], res["rounds_left"]) == (8, 52)
    assert res["total_wounds"] == 20
    # Without Storm: 3 hits, 4 rounds
    plain = resolve_ok(
        scenario(weapon(STORM_BOLTER, qualities=[]), action="Full Auto Burst", BS=60, wounds=100, dice=[33, 5, 5, 5])
    )
    assert (plain["hits_scored"], plain["rounds_fired"], plain["total_wounds"]) == (3, 4, 15)


def test_storm_dh2_below_the_cap() -> None:
    # roll 43 -> DoS 5-4+1 = 2 -> 2 hits -> Storm 4 (= RoF 4, not over it)
    res = resolve_ok(scenario(STORM_BOLTER, action="Full Auto Burst", BS=60, wounds=100, dice=[43, 5, 5, 5, 5]))
    assert res["hits_scored"] == 4


def test_storm_dh2_single_shot() -> None:
    # Standard: 50, roll 23 -> 1 hit -> Storm 2 (two rounds fired): Body, Body; d10 5 each -> 10
    res = resolve_ok(scenario(STORM_BOLTER, wounds=100, dice=[23, 5, 5]))
    assert (res["hits_scored"], res["rounds_fired"], res["total_wounds"]) == (2, 2, 10)
    assert locations(res) == ["Body", "Body"]


@pytest.mark.parametrize(
    ("action", "bs_target", "hits", "rounds", "where"),
    [
        # roll 23 -> Body each time; Storm doubles the hits and the rounds spent
        ("Standard Attack", 40, 2, 2, ["Body", "Body"]),  # DoS 1, one hit -> 2; 2 rounds
        ("Semi-Auto Burst", 50, 4, 4, ["Body", "Body", "Right Arm", "Head"]),  # DoS 2 -> 1 + 1 = 2 -> 4; 2 x 2 rounds
        # DoS 3 -> 1 + 3 = 4 (RoF 4) -> 8; 4 x 2 rounds
        ("Full Auto Burst", 60, 8, 8, ["Body", "Body", "Right Arm", "Head", "Right Arm"] + ["Body"] * 3),
    ],
)
def test_storm_dh1(action: str, bs_target: int, hits: int, rounds: int, where: list[str]) -> None:
    # d10 1 each: 1 + 5 = 6 - 3 = 3 wounds a hit (wounds 50)
    res = resolve_ok(dh1.scenario(STORM_BOLTER_DH1, action=action, wounds=50, dice=[23] + [1] * 8))
    assert res["target_number"] == bs_target
    assert (res["hits_scored"], res["rounds_fired"], res["rounds_left"]) == (hits, rounds, 60 - rounds)
    assert dh1.locations(res) == where
    assert res["total_wounds"] == 3 * hits


def test_storm_dh1_never_more_hits_than_rounds_fired() -> None:
    # 3 rounds left: a semi-auto burst would spend 4, fires 3; DoS 2 -> 2 hits -> 4, capped at the 3 rounds
    res = resolve_ok(
        dh1.scenario(weapon(STORM_BOLTER_DH1, clip=3), action="Semi-Auto Burst", wounds=50, dice=[23, 1, 1, 1])
    )
    assert (res["hits_scored"], res["rounds_fired"], res["rounds_left"]) == (3, 3, 0)


def test_storm_dh1_single_shot_with_one_round_left() -> None:
    res = resolve_ok(dh1.scenario(weapon(STORM_BOLTER_DH1, clip=1), dice=[23, 1]))
    assert (res["hits_scored"], res["rounds_fired"]) == (1, 1)


def test_storm_dw() -> None:
    # Storm Bolter, Standard Attack: BS 40, roll 33 -> 0 DoS, one hit, doubled: 2 (2 rounds: Storm doubles the
    # ammunition). Reversed 33 Body: Body, Body. Three d10 of 1 a hit: 1 + 1 + 5 = 7 - TB 4 = 3 each
    res = dw.attack(dw.scenario(dw.STORM_BOLTER, dice=[33] + [1] * 6))
    assert (res["hits_scored"], res["rounds_fired"]) == (2, 2)
    assert dw.locations(res) == ["Body", "Body"]
    assert res["total_wounds"] == 6


def test_storm_dw_never_more_hits_than_rounds_fired() -> None:
    # Storm Bolter with 3 rounds left, Full Auto: BS 40 + 20 = 60; roll 10 -> 5 DoS -> 6 hits, capped at the
    # 3 rounds; Storm doubles to 6, but only 3 rounds were fired: 3. Reversed 01 Head: Head, Head, Right Arm
    res = dw.attack(dw.scenario(weapon(dw.STORM_BOLTER, clip=3), action="Full Auto Burst", dice=[10] + [1] * 9))
    assert (res["hits_scored"], res["rounds_fired"], res["rounds_left"]) == (3, 3, 0)
    assert dw.locations(res) == ["Head", "Head", "Right Arm"]


@pytest.mark.parametrize(("system", "target", "hits"), [("dh2", 70, 2), ("dh1", 80, 4), ("dw", 80, 4)])
def test_storm_the_same_burst_in_each_ruleset(system: str, target: int, hits: int) -> None:
    # A Storm gun S/2/4, Semi-Auto Burst, BS 70 (DH2 +0; DH1 and Deathwatch +10), roll 10 -> 7 degrees in each.
    # Two rounds of the burst, doubled by Storm: 4 fired in each.
    # DH2: 1 + (7 - 1) // 2 = 4, capped at the burst's 2; doubled 4, capped at the RoF 2 -> 2 hits.
    # DH1 and Deathwatch: 1 + 7 // 2 = 4, capped at 2; doubled 4, within the 4 rounds fired -> 4 hits.
    gun = weapon(AUTOGUN, name="Storm Gun", rof="S/2/4", damage="1d10+5", pen=4, clip=60, qualities=["Storm"])
    res = resolve_ok(BUILD[system](gun, action="Semi-Auto Burst", BS=70, wounds=100, dice=[10] + [1] * 8))
    assert (res["target_number"], res["degrees"]) == (target, 7)
    assert (res["hits_scored"], res["rounds_fired"]) == (hits, 4)
