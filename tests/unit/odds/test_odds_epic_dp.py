"""Epic odds by composition (``rules.odds.epic_dp``) against the brute-force walk
of the whole resolver (``rules.odds.walked.walk``): on small formations of the bench's shape
(several attacking units, several weapon groups, AP and AT, cover, crossfire, macro-weapons,
breaking) the two distributions must be equal, fraction for fraction; the bench's large cases
must come out exact and consistent (probabilities summing to 1, expected hits n*p per group)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import epic_scenarios as es
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.api import load_scenario
from rules.odds import _epic, odds, outcome_distribution
from rules.odds.dist import Dist
from rules.odds.epic_dp import composed, marginals
from rules.odds.walked import EpicOutcome, walk

ROOT = Path(__file__).resolve().parents[3]
CURVE = ROOT / "tools" / "measure" / "bench" / "curve"


def both(data: dict[str, Any]) -> tuple[Dist[EpicOutcome], Dist[EpicOutcome]]:
    """The composed distribution and the walked one (the walk with a high limit)."""
    scenario = load_scenario(data)
    fast = composed(scenario)
    assert fast is not None, "the composition should apply to this shape"
    return fast, walk(scenario, limit=200_000)


def boyz(n: int, **fields: Any) -> dict[str, Any]:
    return es.infantry(f"Boyz {n}", armour=2, distance=12 + n % 3, **fields)


SMALL = {
    "two AP groups on the same infantry": es.scenario(
        [es.shooter("Heavy bolter 30 AP4; Missile launcher 45 AP3 AT3", name=f"Tac {i}") for i in range(2)],
        [boyz(1), boyz(2), boyz(3)],
    ),
    "AP on infantry and AT on vehicles, cover and a cover save": es.scenario(
        [es.shooter("Heavy bolter 30 AP4; Lascannon 45 AT5", name=f"Tac {i}") for i in range(2)],
        [boyz(1, in_cover=True, cover_save=3), boyz(2), es.vehicle("Wagon", armour=3, distance=13)],
    ),
    "integrity 2 and crossfire": es.scenario(
        [es.shooter("2x Heavy bolter 30 AP4", name="Tac")],
        [boyz(1, integrity=2), boyz(2)],
        crossfire={"length": 10, "through_target": True, "ally_line_of_fire": True},
    ),
    "macro-weapon AT on vehicles, AP on infantry": es.scenario(
        [es.shooter("Heavy bolter 30 AP4; Volcano cannon 45 AT3 MW", name="Tac")],
        [boyz(1), es.vehicle("Wagon", armour=4, distance=13), es.vehicle("Wagon 2", armour=4, distance=14)],
    ),
    "a formation with Shock that breaks": es.scenario(
        [es.shooter("2x Heavy bolter 30 AP5", name=f"Tac {i}") for i in range(2)],
        [boyz(1), boyz(2), boyz(3)],
        target={"shock": 1},
    ),
    "wiped out, no save": es.scenario([es.shooter("3x Heavy bolter 30 AP5")], [es.infantry("Grot", distance=10)]),
    "hits that find no unit (AT at infantry only)": es.scenario(
        [es.shooter("2x Lascannon 45 AT5; Heavy bolter 30 AP4", name="Tac")], [boyz(1), boyz(2)]
    ),
    "macro-weapon hits after the normal hits, on the same infantry": es.scenario(
        [es.shooter("Heavy bolter 30 AP4; Multi-melta 15 AP3 AT4 MW", name=f"Speeder {i}") for i in range(2)],
        [boyz(1, integrity=2), boyz(2), es.vehicle("Wagon", armour=3, distance=13)],
    ),
    # weapon groups reaching overlapping, unequal sets of units (composed count by count)
    "a range-30 and a range-45 group, a unit 40 tiles away": es.scenario(
        [es.shooter("Heavy bolter 30 AP4; Missile launcher 45 AP3 AT3", name=f"Tac {i}") for i in range(2)],
        [boyz(1), es.infantry("Far", armour=2, distance=40), boyz(2, integrity=2)],
    ),
    "the longer range listed first: the shorter range's hits are still placed first": es.scenario(
        [es.shooter("Missile launcher 45 AP3; Heavy bolter 30 AP5", name="Tac")],
        [es.infantry("Far", armour=4, distance=40), boyz(1)],
    ),
    "three ranges, three overlapping sets, Shock that breaks": es.scenario(
        [es.shooter("Heavy bolter 15 AP4; Missile launcher 30 AP3; Autocannon 45 AP4", name="Tac")],
        [
            es.infantry("Near", armour=2, distance=10),
            es.infantry("Mid", armour=3, distance=25),
            es.infantry("Far", armour=1, distance=40),
        ],
        target={"shock": 1},
    ),
    "overlapping sets beside a group of its own (AT on a vehicle)": es.scenario(
        [es.shooter("Heavy bolter 30 AP4; Missile launcher 45 AP3; Lascannon 45 AT5", name="Tac")],
        [boyz(1), es.infantry("Far", armour=2, distance=40), es.vehicle("Wagon", armour=3, distance=13)],
    ),
    "overlapping ranges, then macro-weapon hits on the same infantry": es.scenario(
        [es.shooter("Heavy bolter 30 AP4; Missile launcher 45 AP3; Multi-melta 15 AP3 AT4 MW", name="Speeder")],
        [boyz(1, integrity=2), es.infantry("Far", armour=2, distance=40)],
    ),
    "Zero To Hit after cover and a double move": es.scenario(
        [es.shooter("2x Autocannon 45 AP1", name="Tac")],
        [boyz(1, in_cover=True, cover_save=3), boyz(2)],
        attacker={"double_moved": True},
    ),
}


@pytest.mark.parametrize("name", list(SMALL))
def test_composed_equals_the_walk_of_the_whole_resolver(name: str) -> None:
    fast, slow = both(SMALL[name])
    assert fast == slow, f"{name}: composed {fast} != walked {slow}"


@pytest.mark.parametrize("name", list(SMALL))
def test_the_marginals_equal_the_walks_hits_and_losses(name: str) -> None:
    """What the odds report reads, composed apart (hits; units destroyed, broken, wiped out),
    against the walk of the whole resolver mapped to each."""
    scenario = load_scenario(SMALL[name])
    got = marginals(scenario)
    assert got is not None
    slow = walk(scenario, limit=200_000)
    assert got[0] == slow.map(lambda o: o.hits)
    assert got[1] == slow.map(lambda o: (o.destroyed, o.broken, o.wiped_out))


@pytest.mark.parametrize("name", list(SMALL))
def test_the_odds_from_the_marginals_are_the_odds_from_the_joint(name: str) -> None:
    """The odds' JSON is the same, figure for figure, read off the marginals (the odds' own way)
    or off the whole joint distribution of :func:`composed`."""
    scenario = load_scenario(SMALL[name])
    dist, sample = outcome_distribution(scenario)
    assert odds(scenario).model_dump() == _epic(scenario, dist, sample).model_dump()


def test_the_small_cases_see_what_they_are_about() -> None:
    """Witnesses: each rule the small cases are about happens in some outcome of the walk."""
    broken = walk(load_scenario(SMALL["a formation with Shock that breaks"]))
    assert broken.chance(lambda o: o.broken) > 0
    wiped = walk(load_scenario(SMALL["wiped out, no save"]))
    assert wiped.chance(lambda o: o.wiped_out) > 0
    lost = walk(load_scenario(SMALL["hits that find no unit (AT at infantry only)"]))
    assert lost.chance(lambda o: o.hits == 3 and o.destroyed == 0) > 0  # two Lascannon hits lost
    assert lost.chance(lambda o: o.destroyed == 2) == 0
    after = walk(load_scenario(SMALL["macro-weapon hits after the normal hits, on the same infantry"]))
    assert after.chance(lambda o: o.destroyed == 3) > 0
    macro = walk(load_scenario(SMALL["macro-weapon AT on vehicles, AP on infantry"]))
    assert macro.chance(lambda o: o.destroyed >= 2) > 0


def test_macro_weapons_reaching_different_units_are_composed_like_normal_hits() -> None:
    """Two macro weapons whose hits may go on different units (one out of the Multi-melta's
    range) and no normal hit on those units: placed count by count, shortest range first, like
    overlapping normal hits, and saved as macro-weapon hits; equal to the walk of the resolver."""
    data = es.scenario(
        [es.shooter("Multi-melta 15 AP3 AT4 MW; Volcano cannon 45 AP2 MW", name="Speeder", distance=10)],
        [boyz(1), es.infantry("Far", armour=2, distance=20)],
    )
    scenario = load_scenario(data)
    fast = composed(scenario)
    assert fast is not None
    assert fast == walk(scenario, limit=200_000)
    assert odds(scenario).exact


def test_macro_and_normal_hits_on_the_same_units_with_macro_weapons_of_different_reach_are_walked() -> None:
    """Macro-weapon hits that may go on units normal hits may go on, from macro weapons of different
    reach: :func:`_with_macro` scans one reach only, so the composition says so (None) and the odds
    walk the resolver whole."""
    data = es.scenario(
        [es.shooter("Heavy bolter 30 AP4; Multi-melta 15 AP3 AT4 MW; Volcano cannon 45 AP2 MW", name="Speeder")],
        [boyz(1), es.infantry("Far", armour=2, distance=20)],
    )
    scenario = load_scenario(data)
    assert composed(scenario) is None
    assert odds(scenario).exact


def test_the_shorter_range_is_placed_first_whatever_the_order_the_weapons_are_listed_in() -> None:
    """Seed 002, Allocate Hits, as the resolver reads it (rules.epic.shooting.allocate_and_save):
    each weapon group's hits are placed shortest range first. One Heavy bolter hit (range 30: only
    Boyz 1) and one Missile launcher hit (range 45: Boyz 1 or Far): the Heavy bolter's goes on Boyz
    1, then the Missile launcher's on Far, which has fewer; Boyz 1 never takes both."""
    data = SMALL["the longer range listed first: the shorter range's hits are still placed first"]
    scenario = load_scenario(data)
    walked = walk(scenario, limit=200_000)
    assert composed(scenario) == walked
    # Had the Missile launcher's hit been placed first it would have gone on Boyz 1 (front-most of
    # two with none), the Heavy bolter's too, and Far could never be destroyed. Both units destroyed:
    # both hit (a d6 equal or under the value: AP5 on 1-5, 5/6; AP3 on 1-3, 3/6), Boyz 1's save of
    # armour 2 failed (3-6: 4/6) and Far's of armour 4 (5-6: 2/6).
    both = Fraction(5, 6) * Fraction(3, 6) * Fraction(4, 6) * Fraction(2, 6)
    assert both == Fraction(5, 54)
    assert walked.chance(lambda o: o.destroyed == 2) == both


def test_overlapping_groups_past_the_budget_are_walked_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`OVERLAP_BUDGET` counts of hits the composition says so (None), and the odds walk
    the resolver whole (exact here: the formation is small)."""
    import rules.odds.epic_dp as epic_dp

    data = SMALL["a range-30 and a range-45 group, a unit 40 tiles away"]
    scenario = load_scenario(data)
    assert composed(scenario) is not None
    monkeypatch.setattr(epic_dp, "OVERLAP_BUDGET", 8)  # 3 x 3 counts of hits: one over
    assert composed(scenario) is None
    report = odds(scenario)
    assert report.exact
    monkeypatch.undo()
    assert report.model_dump() == odds(scenario).model_dump()


UNIT_TYPES = st.sampled_from(["infantry", "armoured vehicle"])
WEAPONS = st.lists(
    st.sampled_from(
        ["Heavy bolter 30 AP4", "2x Autocannon 45 AP2 AT2", "Lascannon 45 AT5", "Missile launcher 45 AP3 AT3"]
    ),
    min_size=1,
    max_size=2,
    unique=True,
)


@st.composite
def formations(draw: st.DrawFn) -> dict[str, Any]:
    attackers = [
        es.shooter("; ".join(draw(WEAPONS)), name=f"Tac {i}", distance=draw(st.integers(10, 20)))
        for i in range(draw(st.integers(1, 2)))
    ]
    targets = [
        es.unit(
            f"Unit {i}",
            draw(UNIT_TYPES),
            armour=draw(st.integers(0, 4)),
            integrity=draw(st.integers(1, 2)),
            in_cover=draw(st.booleans()),
            cover_save=draw(st.integers(0, 3)),
            distance=draw(st.sampled_from([5, 10, 15, 40, 50])),  # 40 and 50: beyond some weapons' reach
        )
        for i in range(draw(st.integers(1, 3)))
    ]
    return es.scenario(attackers, targets, target={"shock": draw(st.integers(0, 2))})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formations())
def test_composed_equals_the_walk_on_random_small_formations(data: dict[str, Any]) -> None:
    scenario = load_scenario(data)
    fast = composed(scenario)
    if fast is None:  # the composition does not apply: the walk answers instead
        return
    assert fast == walk(scenario, limit=200_000)


@pytest.mark.parametrize("name", ["epic-01", "epic-05", "epic-10", "epic-20", "epic-50", "epic-10-ranges"])
def test_the_bench_curve_is_exact_and_consistent(name: str) -> None:
    """The bench's cost-curve rows: exact, summing to 1, and the expected hits the sum of each
    weapon group's dice times its chance to hit (AP4 in cover at 3 hits on 1-3, AP3 at 2 on 1-2,
    AT5 at 4 on 1-4; the cover's -1 applies as some infantry is in cover)."""
    data = json.loads((CURVE / f"{name}.json").read_text())
    scenario = load_scenario(data)
    got = marginals(scenario)
    assert got is not None
    hits, losses = got
    assert hits.total == 1
    assert losses.total == 1
    shots = sum(4 for _ in scenario.attacker.units)  # 4 shots a weapon, each unit
    expected = shots * (Fraction(3, 6) + Fraction(2, 6) + Fraction(4, 6))
    assert hits.mean() == expected
    assert odds(scenario).exact
    assert losses.chance(lambda o: o[1]) > 0
