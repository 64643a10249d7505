"""The fan ruleset's odds walk (``rules.odds.walked``) reads each to-hit, WS and parry d100 by what
the round makes of it (jammed, overloaded, passed) and each hit's penetration as one die weighted
over the hit's locations. These tests check that shortcut against the walk that takes every face of
those d100s through the resolver (``Wh40krpRound`` as it is, only the penetration dice read as
through or stopped, which ``test_odds_brute_force.py`` checks face by face): the two distributions
must be equal, fraction for fraction. Each case also has a witness, so it cannot pass without the
rule it is about happening in some outcome."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from math import sqrt
from pathlib import Path
from typing import Any

import pytest
import wh40krp_scenarios as rps

from rules.api import load_scenario, resolve
from rules.dice import SeededDice
from rules.odds import odds
from rules.odds.dist import Dist
from rules.odds.explore import Merge, Walker, explore, explore_marked
from rules.odds.walked import RpOutcome, _PenRound, rp_summarize, rp_tally, shot_chances, walk, walk_rp

ROOT = Path(__file__).resolve().parents[3]
D6_CHART = {"chart": 1, "die": 6, "rows": "1-3: Wounded\n4-5: Badly wounded\n6: Killed outright"}


def face_by_face(data: dict[str, Any]) -> Dist[RpOutcome]:
    """Every face of every to-hit, WS and parry d100, through the resolver as it is (only the
    penetration dice read as through or stopped, and the dice no figure reads as one class)."""
    scenario = load_scenario(data)

    def run(walker: Walker) -> RpOutcome:
        return rp_summarize(_PenRound(scenario, walker).resolve())

    return explore(run, limit=200_000).reduced()


def differences(fast: Dist[Any], slow: Dist[Any]) -> str:
    keys = sorted(set(fast.weights) | set(slow.weights), key=repr)
    lines = [
        f"{k}: walked {fast.chance(lambda x, k=k: x == k)}, face by face {slow.chance(lambda x, k=k: x == k)}"
        for k in keys
        if fast.chance(lambda x, k=k: x == k) != slow.chance(lambda x, k=k: x == k)
    ]
    return f"{len(lines)} outcome(s) differ:\n" + "\n".join(lines[:12])


COVERED_LEGS = {
    "exposure": "cover_standing",
    "armour": rps.armour(40, locations=["Body", "Head"]),
    "cover": {"name": "Wall", "chance": 30, "locations": ["Right Leg", "Left Leg"]},
}


CASES = [
    pytest.param(
        rps.scenario(actions=["semi"], target=COVERED_LEGS, charts=[D6_CHART]),
        lambda o: sum(hit for hit, _ in o.shots) == 2 and 0 < o.penetrating < 2,
        id="semi-auto-two-shots-armour-and-cover",
    ),
    pytest.param(
        rps.scenario(actions=[{"kind": "auto", "shots": 2}], target=COVERED_LEGS, charts=[D6_CHART]),
        lambda o: o.jammed and len(o.shots) == 2 and o.shots[0][1],
        id="automatic-second-shot-jams-after-a-penetrating-hit",
    ),
    pytest.param(
        # two actions: the second action's shots are walked once per state the first leaves
        # (rounds fired, jammed, who ducked back) and shared by every way of reaching it
        rps.scenario(actions=["single", "single"], target={"armour": rps.armour(50, locations=["Body", "Head"])}),
        lambda o: o.shots == ((True, False), (True, True)),
        id="two-actions-share-what-follows-the-first",
    ),
    pytest.param(
        rps.scenario(
            weapon=rps.PLASMA_GUN,
            target={"armour": rps.armour(60, "energy")},
            attacker={"BS": 60},
            charts=[D6_CHART],
        ),
        lambda o: o.outcome == "jam" and len(o.shots) == 2,  # the overload's hit on the firer
        id="plasma-overload-hits-the-firer",
    ),
    pytest.param(
        rps.scenario(actions=["semi"], called_location="Head", target={"armour": rps.armour(50, locations=["Head"])}),
        lambda o: o.penetrating == 1,
        id="called-shot-at-the-head",
    ),
    pytest.param(
        rps.scenario(
            weapon=rps.SWORD,
            actions=["melee"],
            target={"WS": 35, "parries": 1, "armour": rps.armour(100, locations=["Body"])},
            charts=[D6_CHART],
        ),
        # the Body's armour stops no blow (100%) unless the parry takes 35 off it
        lambda o: o.shots == ((True, False),),
        id="a-parried-blow",
    ),
    pytest.param(
        rps.scenario(
            weapon=rps.SWORD,
            actions=["melee"],
            attacker={"A": 2},
            target={"armour": rps.armour(40)},
            charts=[D6_CHART],
        ),
        lambda o: o.shots == ((True, True), (True, False)),
        id="two-blows",
    ),
    pytest.param(
        # the GM typed the first penetrating hit's reading only: the second action's hit reads the
        # typed "Wounded" when the first shot did not penetrate, else rolls on a chart a 6 is off.
        # The second action is shared by the penetrating hits before it too (the
        # key left them out, and the walk gave the second shot the first's reading)
        rps.scenario(
            actions=["single", "single"],
            chart_results=["Wounded", ""],
            charts=[{"chart": 1, "die": 6, "rows": "1-3: Wounded\n4-5: Badly wounded"}],
        ),
        lambda o: o.penetrating == 2 and o.off_chart == 1,
        id="two-actions-the-gms-reading-typed-for-the-first-penetrating-hit",
    ),
]


@pytest.mark.parametrize(("data", "witness"), CASES)
def test_fan_ruleset_walk_reads_each_d100_by_what_the_round_makes_of_it(
    data: dict[str, Any], witness: Callable[[RpOutcome], bool]
) -> None:
    fast = walk(load_scenario(data))
    slow = face_by_face(data)
    assert any(witness(o) for o in slow.weights), "no outcome shows the rule this case is about"
    assert fast == slow, differences(fast, slow)
    assert fast.total == 1


def test_fan_ruleset_automatic_round_matches_sampling() -> None:
    # the example's aimed burst of four shots against armour and cover: exact, and 20,000 seeded
    # resolutions fall within 4 standard errors of each shot's chance to hit and to penetrate
    data = json.loads((ROOT / "examples" / "wh40krp-autogun-round.json").read_text())
    scenario = load_scenario(data)
    report = odds(scenario)
    assert report.exact
    source = SeededDice(4043)
    n = 20_000
    runs = [rp_summarize(resolve(scenario, source)) for _ in range(n)]
    checks: list[tuple[str, Fraction, Callable[[RpOutcome], bool]]] = [
        ("jam", _chance(report, "jam"), lambda o: o.jammed)
    ]
    for s in report.shots:
        i = s.number - 1
        checks.append(
            (f"shot {s.number} hits", Fraction(s.hit.exact), lambda o, i=i: len(o.shots) > i and o.shots[i][0])
        )
        checks.append(
            (
                f"shot {s.number} penetrates",
                Fraction(s.penetrate.exact),
                lambda o, i=i: len(o.shots) > i and o.shots[i][1],
            )
        )
    for what, exact, pred in checks:
        p = float(exact)
        estimate = sum(1 for o in runs if pred(o)) / n
        se = sqrt(p * (1 - p) / n)
        assert se > 0 and abs(estimate - p) <= 4 * se, f"{what}: exact {p:.5f}, sampled {estimate:.5f}"


def _chance(report: Any, key: str) -> Fraction:
    (fig,) = [f for f in report.headline if f.key == key]
    return Fraction(fig.chance.exact)


def test_explore_checkpoint_shares_what_follows_a_state_and_counts_it_once_per_way_in() -> None:
    # a d6, then a rest that depends only on whether it was odd: a d6 and, over 3, a d4. With the
    # checkpoint the rest is walked once per parity (2 x 15 runs, then one run for each of the other
    # four first faces); the distribution is the same as walking every die.
    runs = 0

    def run(walker: Walker) -> tuple[int, int]:
        nonlocal runs
        runs += 1
        a = walker.roll(6, "first")
        walker.checkpoint(a % 2, (a,))
        b = walker.roll(6, "second")
        c = walker.roll(4, "third") if b > 3 else 0
        return a, 10 * (a % 2) + b + c

    merge = Merge(split=lambda outcome, before: outcome[1], join=lambda before, after: (before[0], after))
    shared = explore(run, merge=merge)
    walked_runs, runs = runs, 0
    every = explore(run)
    assert shared == every and shared.total == 1
    assert (walked_runs, runs) == (2 * 15 + 4, 6 * 15)


def test_explore_marked_counts_each_mark_at_its_probability_across_shared_checkpoints() -> None:
    # three d4s with a checkpoint after each of the first two (state: parity so far), a mark for
    # each die over 2 and one at the end; with the checkpoints most runs stop and take the marks
    # of what follows, and each mark's probability must equal the walk of every die.
    def run(walker: Walker) -> int:
        total = 0
        for k in range(3):
            if k:
                walker.checkpoint((k, total % 2), total)
            face = walker.roll(4, f"die {k}")
            total += face
            if face > 2:
                walker.mark(("over 2", k))
        walker.mark(("even", total % 2 == 0))
        return total

    merge = Merge(split=lambda outcome, before: outcome - before, join=lambda before, after: before + after)
    shared, marks = explore_marked(run, merge=merge)
    every, marks_every = explore_marked(run)
    assert shared == every
    assert marks == marks_every
    assert marks[("over 2", 2)] == Fraction(1, 2) and marks[("even", True)] == Fraction(1, 2)


PART_CHART = {"chart": 1, "rows": "01-30: Flesh wound\n31-70: Down"}  # no rows for 71-100


def test_fan_ruleset_odds_count_a_roll_off_the_chart_as_its_own_figure_never_a_neighbour_row() -> None:
    # a roll not on the chart says so. A single shot at an unarmoured target: every
    # hit penetrates, and its damage d100 is off a chart of 01-70 on 71-100: 30 faces in 100. So the
    # chance of a hit read off the chart is the chance to hit times 3/10, and the other figures are
    # those of the same round with a full chart (a chart of 21-100 once refused the odds at "1")
    full = odds(load_scenario(rps.scenario(charts=[{"chart": 1, "rows": "01-100: Down"}])))
    part = odds(load_scenario(rps.scenario(charts=[PART_CHART])))
    late = odds(load_scenario(rps.scenario(charts=[{"chart": 1, "rows": "21-100: Down"}])))
    heads = {f.key: f for f in part.headline}
    hit = Fraction(heads["hit"].chance.exact)  # type: ignore[union-attr]
    assert Fraction(heads["off_chart"].chance.exact) == hit * Fraction(3, 10)  # type: ignore[union-attr]
    assert "off your chart" in heads["off_chart"].label
    late_off = next(f for f in late.headline if f.key == "off_chart")
    assert Fraction(late_off.chance.exact) == hit * Fraction(2, 10)  # type: ignore[union-attr]
    assert [f.key for f in full.headline] == [f.key for f in part.headline if f.key != "off_chart"]
    assert "off_chart" not in {f.key for f in full.headline}


def test_fan_ruleset_walk_counts_off_chart_hits_as_the_resolver_does() -> None:
    data = rps.scenario(actions=["semi"], target=COVERED_LEGS, charts=[PART_CHART])
    fast = walk(load_scenario(data))
    slow = face_by_face(data)
    assert any(o.off_chart for o in slow.weights)
    assert fast == slow, differences(fast, slow)


# The report's walk (walk_rp) keeps only what the report reads: the tally and each shot's chances.
@pytest.mark.parametrize(("data", "witness"), CASES)
def test_fan_ruleset_shot_by_shot_walk_gives_the_tally_and_each_shots_chances_of_every_face(
    data: dict[str, Any], witness: Callable[[RpOutcome], bool]
) -> None:
    fast = walk_rp(load_scenario(data), limit=200_000)
    slow = face_by_face(data)
    assert any(witness(o) for o in slow.weights), "no outcome shows the rule this case is about"
    tally = slow.map(rp_tally).reduced()
    assert fast == tally, differences(fast, tally)
    assert fast.shots == shot_chances(slow)
    assert fast.total == 1


# Rounds too long to take face by face: the oracle is the whole-round walk (each shot kept in its
# outcome, checked face by face above), against which walk_rp's sharing shot by shot is checked.
LONGER_ROUNDS = [
    pytest.param(
        rps.scenario(actions=["auto", "auto"], target=COVERED_LEGS, charts=[D6_CHART]),
        lambda o: o.jammed and o.penetrating >= 2,
        id="two-bursts-a-jam-after-two-penetrating-hits",
    ),
    pytest.param(
        rps.scenario(actions=["aim", "auto", "semi"], target=COVERED_LEGS),
        lambda o: len(o.shots) >= 6 and not o.shots[0][0] and o.shots[5][1],
        id="aimed-burst-then-semi-auto",
    ),
    pytest.param(
        rps.scenario(
            weapon=rps.PLASMA_GUN,
            actions=["single", "single"],
            target={"armour": rps.armour(60, "energy")},
            attacker={"BS": 60},
            charts=[D6_CHART],
        ),
        lambda o: o.outcome == "jam" and len(o.shots) == 3,
        id="plasma-overload-on-the-second-action",
    ),
    pytest.param(
        rps.scenario(
            actions=[{"kind": "auto", "shots": 3}, "semi"],
            called_location="Head",
            target={"armour": rps.armour(50, locations=["Head"])},
            chart_results=["Wounded", ""],
            charts=[D6_CHART],
        ),
        lambda o: o.penetrating >= 3,
        id="called-burst-with-the-gms-reading-typed-for-the-first-hit",
    ),
]


@pytest.mark.parametrize(("data", "witness"), LONGER_ROUNDS)
def test_fan_ruleset_shot_by_shot_walk_matches_the_whole_round_walk_on_longer_rounds(
    data: dict[str, Any], witness: Callable[[RpOutcome], bool]
) -> None:
    fast = walk_rp(load_scenario(data), limit=200_000)
    slow = walk(load_scenario(data), limit=200_000)
    assert any(witness(o) for o in slow.weights), "no outcome shows the rule this case is about"
    tally = slow.map(rp_tally).reduced()
    assert fast == tally, differences(fast, tally)
    assert fast.shots == shot_chances(slow)
    assert fast.total == 1


@pytest.mark.parametrize("actions", [1, 2])
def test_fan_ruleset_shot_by_shot_walk_matches_the_whole_round_walk_on_the_bench_bursts(actions: int) -> None:
    data = json.loads((ROOT / "tools" / "measure" / "bench" / "curve" / f"rp-auto-{actions}.json").read_text())
    whole = walk(load_scenario(data), limit=200_000)
    fast = walk_rp(load_scenario(data))
    tally = whole.map(rp_tally).reduced()
    assert fast == tally, differences(fast, tally)
    assert fast.shots == shot_chances(whole)
    assert len(fast.shots) == 4 * actions


def test_fan_ruleset_three_bursts_are_exact() -> None:
    data = json.loads((ROOT / "tools" / "measure" / "bench" / "curve" / "rp-auto-3.json").read_text())
    report = odds(load_scenario(data))
    assert report.exact and report.sample is None
    assert sum(b.p.p for b in report.chart.bars) == pytest.approx(1)
    assert [s.number for s in report.shots] == list(range(1, 13))
