"""The d100 odds of long bursts: exact at any size, and the same as the walk they stand for.

Three checks of :func:`rules.odds.d100.outcomes` where the degrees of success replace a damage die
(DH2), which walks the rest of a hit once per *group* of damage rolls (their total,
whether they call Righteous Fury, whether one jams a Flame), the degrees' die's gains read off the
resolver's own ``replace_with_degrees`` roll by roll:

- a RoF 20 Full Auto Burst with Storm (the benchmark's Full Auto case, doubled) is exact, and its
  hits are the same burst's without Storm, doubled, chance for chance;
- a small instance of the same shape (a Storm weapon's two hits, the degrees' die across them)
  agrees with brute force, every face of every die through the resolver
  (:func:`test_odds_brute_force.brute_force`);
- on random small bursts (hypothesis), the grouped walk equals the walk of every damage roll on its
  own (the group made of the roll's every die: the plain walk).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import dh2_scenarios as dh2s
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_odds_brute_force import brute_force, differences

from rules.api import load_scenario
from rules.dh2 import DH2Attack
from rules.odds import d100 as odds_d100
from rules.odds import odds
from rules.odds.d100 import outcomes, summarize, wounds_cap

FULL_AUTO = Path(__file__).resolve().parents[3] / "tools" / "measure" / "bench" / "odds-full-auto.json"


def _full_auto(rof: int, storm: bool) -> dict[str, Any]:
    """The benchmark's Full Auto case (DH2, Tearing, armour by location) at RoF ``rof``, with Storm."""
    data: dict[str, Any] = json.loads(FULL_AUTO.read_text())
    weapon = data["attacker"]["weapon"]
    weapon["rof"] = f"S/-/{rof}"
    weapon["clip"] = 4 * rof
    if storm:
        weapon["qualities"] = [*weapon["qualities"], "Storm"]
    return data


def test_rof_20_burst_with_storm_is_exact_and_doubles_every_hit() -> None:
    plain = odds(load_scenario(_full_auto(20, storm=False)))
    storm = odds(load_scenario(_full_auto(20, storm=True)))
    assert plain.exact and storm.exact
    plain_hits = {b.value: b.p.p for b in plain.hits if b.p.p}
    storm_hits = {b.value: b.p.p for b in storm.hits if b.p.p}
    assert max(storm_hits) == 2 * max(plain_hits) >= 12  # Storm doubles a burst of six hits and more
    assert storm_hits == {2 * k: p for k, p in plain_hits.items()}
    assert [(b.value, b.p.p) for b in storm.degrees] == [(b.value, b.p.p) for b in plain.degrees]
    # doubling the hits adds wounds: the Storm burst kills at least as often
    kill = {f.key: f.chance.p for f in storm.headline if f.chance is not None}
    assert kill["kill"] >= {f.key: f.chance.p for f in plain.headline if f.chance is not None}["kill"]


def test_storm_hits_with_the_degrees_die_across_them_match_brute_force() -> None:
    # DH2 Standard Attack with a Storm weapon against a Troop (Righteous Fury slays it: no d5 to
    # walk): BS 30 + 10, rolls 01-40 hit, Storm makes it two hits by the Multiple Hits table, and the
    # degrees' die (up to 4) replaces the die of the two that gains the most wounds.
    data = dh2s.scenario(
        dh2s.weapon(dh2s.AUTOGUN, rof="S/-/-", qualities=["Storm"]),
        BS=30,
        troop=True,
        wounds=9,
        armour={"Body": 1, "Right Arm": 2, "Left Arm": 2, "Head": 0, "Right Leg": 3, "Left Leg": 3},
    )
    scenario = load_scenario(data)
    fast = outcomes(scenario, DH2Attack)
    brute = brute_force(
        scenario,
        lambda r: summarize(r, wounds_cap(scenario, DH2Attack)),
        lambda r: len(r.hits) == 2 and any(d.replaced_by_degrees for d in r.hits[1].dice),
    )
    assert brute.witnessed, "no outcome shows the degrees' die replacing the second hit's die"
    assert fast == brute.dist, differences(fast, brute.dist)
    assert fast.total == 1


def _every_roll(self: Any, hd: Any) -> tuple[Any, ...]:
    """A group per damage roll: its every die (the walk of every roll on its own)."""
    dice = tuple((d.value, d.rolled.natural, d.rolled.sides, d.role, d.group, d.replaced) for d in hd.dice)
    return (dice, hd.total())


def _small_burst(rof: int, bs: int, damage: str, pen: int, qualities: list[str], tb: int, armour: list[int]) -> Any:
    """A DH2 Autogun's Full Auto Burst of RoF ``rof`` (the properties' random small bursts), the
    four ``armour`` values by location, the legs taking the left arm's and the head's."""
    data = dh2s.scenario(
        dh2s.weapon(dh2s.AUTOGUN, rof=f"S/-/{rof}", damage=damage, pen=pen, qualities=qualities, clip=40),
        action="Full Auto Burst",
        BS=bs,
        tb=tb,
        armour=dict(zip(["Head", "Body", "Right Arm", "Left Arm"], armour, strict=True))
        | {"Right Leg": armour[3], "Left Leg": armour[0]},
    )
    return load_scenario(data)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rof=st.integers(1, 4),
    bs=st.integers(20, 60),
    damage=st.sampled_from(["1d10", "1d10+2", "1d5+3", "2d10"]),
    pen=st.integers(0, 3),
    tearing=st.booleans(),
    storm=st.booleans(),
    tb=st.integers(1, 5),
    armour=st.lists(st.integers(0, 6), min_size=4, max_size=4),
)
def test_grouped_walk_equals_the_walk_of_every_roll(
    rof: int, bs: int, damage: str, pen: int, tearing: bool, storm: bool, tb: int, armour: list[int]
) -> None:
    qualities = [q for q, on in (("Tearing", tearing), ("Storm", storm)) if on]
    scenario = _small_burst(rof, bs, damage, pen, qualities, tb, armour)
    grouped = outcomes(scenario, DH2Attack)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(odds_d100._Replacing, "_group", _every_roll)
        every = outcomes(scenario, DH2Attack)
    assert grouped == every, differences(grouped, every)
    assert grouped.total == 1


def test_every_roll_walk_is_a_real_alternative() -> None:
    # the property above compares two different walks: with a group per roll the rest of a hit is
    # walked more often (were it not, the property would compare the walk with itself)
    scenario = load_scenario(copy.deepcopy(_full_auto(3, storm=False)))
    calls = {"n": 0}
    real = odds_d100._HitWalks.rest_of_hit

    def counting(self: Any, *args: Any) -> Any:
        calls["n"] += 1
        return real(self, *args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(odds_d100._HitWalks, "rest_of_hit", counting)
        outcomes(scenario, DH2Attack)
        grouped = calls["n"]
        calls["n"] = 0
        mp.setattr(odds_d100._Replacing, "_group", _every_roll)
        outcomes(scenario, DH2Attack)
    assert calls["n"] > 2 * grouped


# The sum by the greatest gain (_Sums._by_greatest_gain): in DH2 the degrees replace the
# one die of the whole attack that gains the most wounds (seed 004, Step Four), the first such hit's
# where hits tie. Where every replaced hit is its plain hit with its gain added to the wounds, the
# sum is the plain hits' sum plus the greatest gain, whichever hit takes the die; the odds then sum
# once per gain instead of choosing the hit hit by hit (_Sums._chosen). These check the two agree.


def _hit_by_hit(self: Any, location: str, degrees: int, gains: list[int]) -> bool:
    """``_Sums._adds_its_gain`` answering no: the sum chooses the replaced hit hit by hit."""
    return False


def _paths(scenario: Any) -> tuple[Any, Any, dict[str, int]]:
    """The outcomes by the greatest gain and hit by hit, and how often each sum was taken by the first."""
    calls = {"greatest": 0, "hit by hit": 0}
    greatest, chosen = odds_d100._Sums._by_greatest_gain, odds_d100._Sums._chosen

    def by_greatest(self: Any, *args: Any) -> Any:
        calls["greatest"] += 1
        return greatest(self, *args)

    def by_hit(self: Any, *args: Any) -> Any:
        calls["hit by hit"] += 1
        return chosen(self, *args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(odds_d100._Sums, "_by_greatest_gain", by_greatest)
        mp.setattr(odds_d100._Sums, "_chosen", by_hit)
        fast = outcomes(scenario, DH2Attack)
        taken = dict(calls)
        mp.setattr(odds_d100._Sums, "_adds_its_gain", _hit_by_hit)
        slow = outcomes(scenario, DH2Attack)
    return fast, slow, taken


def test_the_degrees_die_on_the_greatest_gain_sums_a_full_auto_burst_once_per_gain() -> None:
    # the benchmark's case at RoF 4 (up to 4 hits by location, Tearing, the degrees' die gaining a
    # few wounds): every sum is taken by the greatest gain, and the outcome is the hit-by-hit
    # choice's, chance for chance
    fast, slow, calls = _paths(load_scenario(_full_auto(4, storm=False)))
    assert calls["greatest"] > 0 and calls["hit by hit"] == 0
    assert fast == slow, differences(fast, slow)
    assert fast.total == 1


def test_a_replaced_hit_that_changes_more_than_its_wounds_is_summed_hit_by_hit() -> None:
    # DH2 Autogun with Vengeful (3) (Righteous Fury from a natural 3): the degrees' die replacing a
    # die changes the chance that the hit's Righteous Fury reads row 1 of the Critical Effects, not
    # only its wounds, so the sum by the greatest gain does not hold and the hit-by-hit choice is taken
    data = dh2s.scenario(
        dh2s.weapon(dh2s.AUTOGUN, rof="S/3/10", damage="1d10+3", pen=1, qualities=["Vengeful (3)"], clip=30),
        action="Full Auto Burst",
        BS=50,
        tb=4,
        wounds=14,
        armour={"Body": 4, "Head": 2, "Left Arm": 3, "Left Leg": 2, "Right Arm": 3, "Right Leg": 2},
    )
    fast, slow, calls = _paths(load_scenario(data))
    assert calls["hit by hit"] > 0
    assert fast == slow, differences(fast, slow)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rof=st.integers(1, 4),
    bs=st.integers(20, 60),
    damage=st.sampled_from(["1d10", "1d10+2", "1d5+3", "2d10"]),
    pen=st.integers(0, 3),
    qualities=st.lists(st.sampled_from(["Tearing", "Storm", "Vengeful (8)", "Proven (3)"]), max_size=2, unique=True),
    tb=st.integers(1, 5),
    armour=st.lists(st.integers(0, 6), min_size=4, max_size=4),
)
def test_the_sum_by_the_greatest_gain_equals_the_hit_by_hit_choice(
    rof: int, bs: int, damage: str, pen: int, qualities: list[str], tb: int, armour: list[int]
) -> None:
    fast, slow, _ = _paths(_small_burst(rof, bs, damage, pen, qualities, tb, armour))
    assert fast == slow, differences(fast, slow)
