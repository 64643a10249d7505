"""The exact odds against sampling, for scenarios too large to brute-force.

Each scenario is resolved many times through :func:`rules.api.resolve` from one seeded stream of
dice (one :class:`~rules.dice.SeededDice` passed again and again, as a player rolling attack after
attack), and every figure of the odds report (:func:`rules.odds.odds`, exact) must lie within four
standard errors of what the sample shows: for a chance ``p``, ``sqrt(p (1 - p) / n)``; for a mean,
the exact distribution's own standard deviation (the report's ``chart.sd``) over ``sqrt(n)``. A
chance that is exactly 0 must never happen in the sample.

Sample sizes: a resolution costs 0.2 to 0.3 ms, so 200,000 of each scenario would take about two
and a half minutes. The DH2 Full Auto Burst (the issue's case: RoF 10, Tearing, armour by location)
is sampled 200,000 times; the Deathwatch Horde and the Epic shooting 50,000 times each (their
standard errors are twice as wide). The sample of each scenario is taken once and shared by its
figures' tests, and taken in a second process while earlier tests run (``background.py``).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from pathlib import Path
from typing import Any

import background
import pytest

from rules.api import load_scenario, resolve
from rules.dh2 import DH2Attack
from rules.dice import SeededDice
from rules.dw import DWAttack
from rules.odds import odds
from rules.odds.d100 import summarize, wounds_cap
from rules.odds.models import Chance, Odds
from rules.odds.walked import epic_summarize

ROOT = Path(__file__).resolve().parents[3]

# The Full Auto Burst: a ripper gun (RoF 10, 1d10+4, Pen 2, Tearing) at 10 m (Short range)
# against a Heretic with armour by location, BS 50 - 10 + 10 = 50.
FULL_AUTO: dict[str, Any] = {
    "system": "dh2",
    "attacker": {
        "name": "Veteran",
        "characteristics": {"WS": 35, "BS": 50, "S": 35, "T": 30, "Ag": 40},
        "weapon": {
            "name": "Ripper gun",
            "class": "Basic",
            "range": 60,
            "rof": "S/-/10",
            "damage": "1d10+4",
            "damage_type": "I",
            "pen": 2,
            "clip": 40,
            "qualities": ["Tearing"],
        },
    },
    "target": {
        "name": "Heretic",
        "toughness_bonus": 4,
        "wounds": 14,
        "damage_taken": 0,
        "armour": {"Head": 2, "Right Arm": 3, "Left Arm": 3, "Body": 5, "Right Leg": 3, "Left Leg": 3},
    },
    "action": {"type": "Full Auto Burst", "distance": 10},
    "seed": 1,
}


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "examples" / name).read_text())
    return data


@dataclass(frozen=True)
class Sampled:
    """The exact report of a scenario and the summaries of ``n`` seeded resolutions of it."""

    report: Odds
    summaries: list[Any]

    @property
    def n(self) -> int:
        return len(self.summaries)


def _sample(data: dict[str, Any], n: int, seed: int, summarize_one: Callable[[Any], Any]) -> Sampled:
    scenario = load_scenario(data)
    report = odds(scenario)
    assert report.exact and report.sample is None
    source = SeededDice(seed)  # one stream for every resolution
    return Sampled(report, [summarize_one(resolve(scenario, source)) for _ in range(n)])


def sample_full_auto() -> Sampled:
    scenario = load_scenario(FULL_AUTO)
    cap = wounds_cap(scenario, DH2Attack)
    return _sample(FULL_AUTO, 200_000, 4040, lambda r: summarize(r, cap))


def sample_horde() -> Sampled:
    data = example("dw-bolter-horde.json")
    cap = wounds_cap(load_scenario(data), DWAttack)
    return _sample(data, 50_000, 4041, lambda r: summarize(r, cap))


def sample_epic() -> Sampled:
    return _sample(example("epic-tactical-shooting.json"), 50_000, 4042, epic_summarize)


# The three samples are taken in a second process while earlier tests run (background.py): the same
# functions, seeds and sizes, so the same samples as taken here.
BACKGROUND = [(sample_full_auto, ()), (sample_horde, ()), (sample_epic, ())]


@functools.cache
def full_auto() -> Sampled:
    return background.result(sample_full_auto)


@functools.cache
def horde() -> Sampled:
    return background.result(sample_horde)


@functools.cache
def epic() -> Sampled:
    return background.result(sample_epic)


# ------------------------------------------------------------------------------------ the checks


def figure(report: Odds, key: str) -> Any:
    found = [f for f in report.headline if f.key == key]
    assert len(found) == 1, [f.key for f in report.headline]
    return found[0]


def at_least(report: Odds, value: int) -> Chance:
    bars = [b for b in report.chart.bars if b.value == value]
    assert len(bars) == 1, [b.value for b in report.chart.bars]
    return bars[0].at_least


def assert_chance_within_four_standard_errors(
    what: str, chance: Chance, s: Sampled, pred: Callable[[Any], bool]
) -> None:
    exact = Fraction(chance.exact)
    assert chance.p == float(exact)
    count = sum(1 for o in s.summaries if pred(o))
    estimate = count / s.n
    p = float(exact)
    if exact in (0, 1):
        assert estimate == p, f"{what}: exactly {exact}, but {count} of {s.n} resolutions"
        return
    se = sqrt(p * (1 - p) / s.n)
    assert abs(estimate - p) <= 4 * se, (
        f"{what}: exact {p:.5f}, sampled {estimate:.5f} ({count}/{s.n}), "
        f"{abs(estimate - p) / se:.1f} standard errors apart"
    )


def assert_mean_within_four_standard_errors(what: str, mean: float, s: Sampled, value: Callable[[Any], int]) -> None:
    assert mean == pytest.approx(s.report.chart.mean)
    sd = s.report.chart.sd
    estimate = sum(value(o) for o in s.summaries) / s.n
    se = sd / sqrt(s.n)
    assert se > 0
    assert abs(estimate - mean) <= 4 * se, (
        f"{what}: exact mean {mean:.4f} (sd {sd:.4f}), sampled {estimate:.4f}, "
        f"{abs(estimate - mean) / se:.1f} standard errors apart"
    )


# ---------------------------------------------------------------------- DH2 Full Auto with Tearing


def test_full_auto_chance_of_at_least_one_hit_matches_sampling() -> None:
    s = full_auto()
    assert_chance_within_four_standard_errors("a hit", figure(s.report, "hit").chance, s, lambda o: o.hits > 0)


def test_full_auto_mean_wounds_matches_sampling() -> None:
    s = full_auto()
    assert s.report.chart.measure == "wounds"
    assert_mean_within_four_standard_errors("wounds", figure(s.report, "wounds").value, s, lambda o: o.wounds)


def test_full_auto_kill_chance_matches_sampling() -> None:
    # the Heretic has 14 wounds: killed at 14 wounds or more
    s = full_auto()
    assert_chance_within_four_standard_errors(
        "a kill", figure(s.report, "kill").chance, s, lambda o: o.wounds >= 14 or o.slain
    )


@pytest.mark.parametrize("k", [1, 10, 20, 30, 40])
def test_full_auto_chance_of_at_least_k_wounds_matches_sampling(k: int) -> None:
    s = full_auto()
    assert_chance_within_four_standard_errors(f"{k}+ wounds", at_least(s.report, k), s, lambda o: o.wounds >= k)


@pytest.mark.parametrize("k", [2, 4, 6])
def test_full_auto_chance_of_at_least_k_hits_matches_sampling(k: int) -> None:
    s = full_auto()
    bar = next(b for b in s.report.hits if b.value == k)
    assert_chance_within_four_standard_errors(f"{k}+ hits", bar.at_least, s, lambda o: o.hits >= k)


def test_full_auto_body_struck_matches_sampling() -> None:
    s = full_auto()
    body = next(loc for loc in s.report.locations if loc.location == "Body")
    assert_chance_within_four_standard_errors("the Body struck", body.hit, s, lambda o: "Body" in o.locations)


# ----------------------------------------------------------------- Deathwatch bolter at a Horde


def test_horde_chance_of_at_least_one_hit_matches_sampling() -> None:
    s = horde()
    assert_chance_within_four_standard_errors("a hit", figure(s.report, "hit").chance, s, lambda o: o.hits > 0)


def test_horde_mean_magnitude_lost_matches_sampling() -> None:
    s = horde()
    assert s.report.chart.measure == "Magnitude lost"
    assert_mean_within_four_standard_errors(
        "Magnitude lost", figure(s.report, "magnitude").value, s, lambda o: min(30, o.magnitude)
    )


def test_horde_destroyed_chance_matches_sampling() -> None:
    # Magnitude 30 against at most a handful of hits: exactly 0, and never in the sample
    s = horde()
    kill = figure(s.report, "kill").chance
    assert kill.exact == "0/1"
    assert_chance_within_four_standard_errors("the Horde destroyed", kill, s, lambda o: o.magnitude >= 30)


@pytest.mark.parametrize("k", [3, 4, 5])
def test_horde_chance_of_at_least_k_magnitude_matches_sampling(k: int) -> None:
    s = horde()
    assert_chance_within_four_standard_errors(
        f"{k}+ Magnitude", at_least(s.report, k), s, lambda o: min(30, o.magnitude) >= k
    )


def test_horde_chart_ends_at_the_most_magnitude_any_resolution_took() -> None:
    # the chart's last bar is the most Magnitude the burst can take: the sample reaches it, never more
    s = horde()
    most = max(b.value for b in s.report.chart.bars)
    assert max(min(30, o.magnitude) for o in s.summaries) == most


# --------------------------------------------------------------------------- Epic shooting


def test_epic_chance_of_at_least_one_hit_matches_sampling() -> None:
    s = epic()
    assert_chance_within_four_standard_errors("a hit", figure(s.report, "hit").chance, s, lambda o: o.hits > 0)


def test_epic_mean_units_destroyed_matches_sampling() -> None:
    s = epic()
    assert s.report.chart.measure == "units destroyed"
    assert_mean_within_four_standard_errors(
        "units destroyed", figure(s.report, "destroyed").value, s, lambda o: o.destroyed
    )


def test_epic_break_and_wipe_out_chances_match_sampling() -> None:
    s = epic()
    assert_chance_within_four_standard_errors(
        "broken", figure(s.report, "break").chance, s, lambda o: o.broken or o.wiped_out
    )
    assert_chance_within_four_standard_errors(
        "wiped out", figure(s.report, "wiped_out").chance, s, lambda o: o.wiped_out
    )


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_epic_chance_of_at_least_k_units_destroyed_matches_sampling(k: int) -> None:
    s = epic()
    assert_chance_within_four_standard_errors(
        f"{k}+ units destroyed", at_least(s.report, k), s, lambda o: o.destroyed >= k
    )
