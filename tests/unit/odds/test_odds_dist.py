"""The odds' exact arithmetic (:mod:`rules.odds.dist`) and dice walk (:mod:`rules.odds.explore`)
against icepool's exact distributions, and the laws :meth:`Dist.add` must keep (hypothesis).

icepool is a test dependency only (``requirements-dev.txt``): the page never ships it. Each icepool
die is turned into a :class:`Dist` (its outcomes and quantities over its denominator) and compared
with ``==`` (equal as probabilities, outcome by outcome).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import comb
from typing import Any

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.odds.dist import RADIX, Dist, mix, pack, sum_all, unpack
from rules.odds.explore import TooManyOutcomes, Walker, explore


def of(die: icepool.Die) -> Dist[Any]:
    """An icepool die as a :class:`Dist`."""
    return Dist({k: int(q) for k, q in die.items()}, int(die.denominator()))


def uniform(sides: int) -> Dist[int]:
    return Dist.uniform(range(1, sides + 1))


# ----------------------------------------------------------------------------------- sums of pools


@pytest.mark.parametrize(
    ("pool", "ours", "theirs"),
    [
        ("d6", [6], icepool.d6),
        ("2d6", [6, 6], 2 @ icepool.d6),
        ("3d6", [6, 6, 6], 3 @ icepool.d6),
        ("d10", [10], icepool.d10),
        ("2d10", [10, 10], 2 @ icepool.d10),
        ("4d10", [10] * 4, 4 @ icepool.d10),
        ("d6+d10", [6, 10], icepool.d6 + icepool.d10),
        ("3d6+2d10", [6, 6, 6, 10, 10], 3 @ icepool.d6 + 2 @ icepool.d10),
        ("10d10", [10] * 10, 10 @ icepool.d10),
    ],
)
def test_sum_of_pool_matches_icepool(pool: str, ours: list[int], theirs: icepool.Die) -> None:
    got = sum_all(uniform(s) for s in ours)
    assert got == of(theirs), pool
    assert got.total == 1


@pytest.mark.parametrize(
    ("pool", "count", "sides", "modifier"),
    [("1d10+3", 1, 10, 3), ("2d10+5", 2, 10, 5), ("1d5-3", 1, 5, -3), ("3d5", 3, 5, 0)],
)
def test_damage_expression_sum_matches_icepool(pool: str, count: int, sides: int, modifier: int) -> None:
    # a damage roll as the engines add it: the dice, then the flat modifier
    ours = sum_all(uniform(sides) for _ in range(count)).map(lambda k: k + modifier)
    assert ours == of(count @ icepool.d(sides) + modifier), pool


def test_mean_and_variance_of_3d6_match_icepool() -> None:
    ours = sum_all(uniform(6) for _ in range(3))
    theirs = 3 @ icepool.d6
    assert ours.mean() == theirs.mean()
    assert ours.variance() == theirs.variance()


# ---------------------------------------------------------------------------------------- mix


def test_mix_of_equal_parts_matches_icepool_mixture() -> None:
    # half the time a d6, half the time a d10
    ours = mix([uniform(6).scaled(1, 2), uniform(10).scaled(1, 2)])
    assert ours == of(icepool.Die([icepool.d6, icepool.d10]))


def test_mix_of_weighted_parts_matches_icepool_mixture() -> None:
    ours = mix([uniform(6).scaled(1, 4), uniform(10).scaled(3, 4)])
    assert ours == of(icepool.Die([icepool.d6, icepool.d10], times=[1, 3]))


def test_mix_of_sub_distributions_matches_icepool_map() -> None:
    # a d10: on 1-3 roll a d6, else a d10 (the parts' denominators differ: 10 x 6 and 10 x 10)
    low = uniform(6).scaled(3, 10)
    high = uniform(10).scaled(7, 10)
    assert low.total == Fraction(3, 10)
    ours = mix([low, high])
    theirs = icepool.d10.map(lambda v: icepool.d6 if v <= 3 else icepool.d10)
    assert ours == of(theirs)
    assert ours.total == 1


def test_mix_of_nothing_is_empty() -> None:
    assert mix([]).total == 0


# -------------------------------------------------------------------------------- pack / unpack


def test_packed_fields_add_as_icepool_vectors() -> None:
    # each d6 counts (its value, whether it is a 6): three of them summed field by field
    packed = Dist.uniform(pack(v, int(v == 6)) for v in range(1, 7))
    ours = sum_all([packed] * 3).map(lambda k: unpack(k, 2))
    theirs = 3 @ icepool.d6.map(lambda v: icepool.Vector((v, int(v == 6))))
    assert ours == Dist({tuple(k): int(q) for k, q in theirs.items()}, int(theirs.denominator()))


def test_packed_four_fields_of_a_hit_add_field_by_field() -> None:
    # the d100 engine's packing: (wounds, Magnitude, Fury, slain)
    a, b = pack(12, 1, 1, 0), pack(7, 0, 1, 1)
    assert unpack(a + b, 4) == (19, 1, 2, 1)
    assert unpack(pack(RADIX - 1, 0, 0, RADIX - 1), 4) == (RADIX - 1, 0, 0, RADIX - 1)


@pytest.mark.parametrize("bad", [-1, RADIX])
def test_pack_refuses_a_count_outside_its_field(bad: int) -> None:
    with pytest.raises(ValueError, match="packed count"):
        pack(0, bad)


# ------------------------------------------------------------------------------------ explore


def two_d6(w: Walker) -> int:
    return w.roll(6, "first d6") + w.roll(6, "second d6")


def d10_then_d5_on_a_ten(w: Walker) -> int:
    v = w.roll(10, "d10")
    return v + w.roll(5, "d5") if v == 10 else v


def d6_exploding_twice(w: Walker) -> int:
    total = v = w.roll(6, "d6")
    for depth in range(2):
        if v != 6:
            break
        v = w.roll(6, f"explosion {depth + 1}")
        total += v
    return total


@pytest.mark.parametrize(
    ("run", "theirs"),
    [
        pytest.param(two_d6, 2 @ icepool.d6, id="2d6"),
        pytest.param(
            d10_then_d5_on_a_ten, icepool.d10.map(lambda v: v + icepool.d5 if v == 10 else v), id="d10-on-a-10-add-d5"
        ),
        pytest.param(d6_exploding_twice, icepool.d6.explode(depth=2), id="d6-explode-depth-2"),
    ],
)
def test_explore_matches_icepool(run: Callable[[Walker], int], theirs: icepool.Die) -> None:
    got = explore(run)
    assert got == of(theirs)
    assert got.total == 1


def test_explore_two_d6_walks_36_outcomes() -> None:
    runs = 0

    def counted(w: Walker) -> int:
        nonlocal runs
        runs += 1
        return two_d6(w)

    d = explore(counted)
    assert runs == 36
    assert d.denom == 36
    assert d.chance(lambda k: k == 7) == Fraction(1, 6)


def test_explore_by_classes_of_a_d100_test_matches_icepool() -> None:
    # a d100 test against 45 walked as two classes: 01-45 (45 faces) and 46-00 (55 faces)
    def run(w: Walker) -> bool:
        return w.roll_classes(100, "test d100", [(1, 45), (46, 55)]) <= 45

    d = explore(run)
    assert d == of(icepool.d100 <= 45)
    assert d.denom == 100


@pytest.mark.parametrize(("count", "good"), [(1, 2), (3, 2), (4, 3), (5, 4)])
def test_explore_by_classes_of_good_d6s_matches_icepool(count: int, good: int) -> None:
    # Epic's fistful: count d6 walked as k good (a roll of ``good`` or under) of count, each class
    # standing for C(count, k) good^k bad^(count - k) of the 6^count faces
    classes = [(k, comb(count, k) * good**k * (6 - good) ** (count - k)) for k in range(count + 1)]

    def run(w: Walker) -> int:
        return w.roll_classes(6**count, f"{count}d6", classes)

    assert explore(run) == of(count @ (icepool.d6 <= good))


def test_explore_classes_function_lumps_only_the_dice_it_names() -> None:
    # a d10 by value plus a d6 by "6 or not": the d6 walked as two classes, the d10 face by face
    def classes(sides: int, purpose: str) -> list[tuple[int, int]] | None:
        return [(1, 5), (6, 1)] if purpose == "lumped d6" else None

    def run(w: Walker) -> int:
        return w.roll(10, "d10") + 10 * (w.roll(6, "lumped d6") == 6)

    d = explore(run, classes=classes)
    assert d == of(icepool.d10 + 10 * (icepool.d6 == 6))


def test_explore_stops_past_its_limit() -> None:
    with pytest.raises(TooManyOutcomes):
        explore(lambda w: w.roll(100, "a") + w.roll(100, "b"), limit=9_999)
    assert explore(lambda w: w.roll(100, "a") + w.roll(100, "b"), limit=10_000).total == 1


# --------------------------------------------------------------------------- laws of Dist.add


@st.composite
def dists(draw: st.DrawFn) -> Dist[int]:
    """A small integer distribution, full or a sub-distribution (weights under the denominator)."""
    weights = draw(st.dictionaries(st.integers(-20, 40), st.integers(1, 30), min_size=1, max_size=6))
    slack = draw(st.integers(0, 40))
    return Dist(weights, sum(weights.values()) + slack)


@settings(max_examples=150, deadline=None)
@given(dists(), dists())
def test_add_is_commutative(a: Dist[int], b: Dist[int]) -> None:
    assert a.add(b) == b.add(a)


@settings(max_examples=150, deadline=None)
@given(dists(), dists(), dists())
def test_add_is_associative(a: Dist[int], b: Dist[int], c: Dist[int]) -> None:
    assert a.add(b).add(c) == a.add(b.add(c))


@settings(max_examples=150, deadline=None)
@given(dists(), dists())
def test_add_multiplies_totals(a: Dist[int], b: Dist[int]) -> None:
    assert a.add(b).total == a.total * b.total


@settings(max_examples=150, deadline=None)
@given(dists(), dists())
def test_add_adds_means_of_full_distributions(a: Dist[int], b: Dist[int]) -> None:
    full_a = Dist(a.weights, sum(a.weights.values()))
    full_b = Dist(b.weights, sum(b.weights.values()))
    assert full_a.add(full_b).mean() == full_a.mean() + full_b.mean()
    assert full_a.add(full_b).variance() == full_a.variance() + full_b.variance()


@settings(max_examples=150, deadline=None)
@given(dists())
def test_certain_zero_is_the_identity_of_add(a: Dist[int]) -> None:
    assert a.add(Dist.certain(0)) == a


@settings(max_examples=150, deadline=None)
@given(dists(), st.integers(1, 12))
def test_reduced_and_rescaled_are_the_same_probabilities(a: Dist[int], factor: int) -> None:
    bigger = Dist({k: w * factor for k, w in a.weights.items()}, a.denom * factor)
    assert bigger == a
    assert bigger.reduced() == a
    assert bigger.reduced().denom <= a.denom
    for k in a.weights:
        assert bigger.chance(lambda x, k=k: x == k) == a.chance(lambda x, k=k: x == k)


@settings(max_examples=150, deadline=None)
@given(dists(), dists())
def test_mix_total_is_the_sum_of_the_parts(a: Dist[int], b: Dist[int]) -> None:
    half_a, half_b = a.scaled(1, 2), b.scaled(1, 2)
    assert mix([half_a, half_b]).total == (a.total + b.total) / 2


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([4, 5, 6, 8, 10, 12]), min_size=1, max_size=4))
def test_sum_of_any_small_pool_matches_icepool(sides: list[int]) -> None:
    theirs = icepool.Die([0])
    for s in sides:
        theirs = theirs + icepool.d(s)
    assert sum_all(uniform(s) for s in sides) == of(theirs)
