"""The odds engine against brute force: every face of every die, through the resolver itself.

Brute force here walks each die outcome with :func:`rules.odds.explore.explore` (no classes: all
faces), resolves the scenario on it, replays the same dice through :class:`ScriptedDice` (the
resolver's scripted source, as a player's typed dice) and counts the summary. The fast engine
(:func:`rules.odds.d100.outcomes`) must give exactly the same distribution.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules import api, dh1, dh2, dw
from rules.dice import ScriptedDice
from rules.odds import odds, run_odds
from rules.odds.d100 import outcomes, summarize, wounds_cap
from rules.odds.dist import Dist, mix, pack, unpack
from rules.odds.explore import Walker, explore
from rules.odds.walked import epic_summarize, walk

ROOT = Path(__file__).resolve().parents[3]
CLASSES = {"dh2": dh2.DH2Attack, "dh1": dh1.DH1Attack, "dw": dw.DWAttack}


def example(name: str, **changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "examples" / name).read_text())
    data = copy.deepcopy(data)
    for path, value in changes.items():
        cur = data
        *parts, last = path.split("__")
        for p in parts:
            cur = cur[p]
        cur[last] = value
    return data


def brute(scenario: Any, summarize_one: Any) -> Dist[Any]:
    def run(walker: Walker) -> Any:
        res = api.resolve(scenario, walker)
        again = api.resolve(scenario, ScriptedDice([d.value for d in res.dice]))
        assert again.model_dump() == res.model_dump()
        return summarize_one(res)

    return explore(run, limit=500_000).reduced()


D100_CASES = {
    "dh2_single_shot_with_fog": example("lasgun.json"),
    "dh2_degrees_die_replaced_across_two_hits": json.loads(
        (ROOT / "tools/measure/bench/odds-full-auto.json").read_text()
    )
    | {
        "attacker": {
            "name": "Veteran",
            "characteristics": {"WS": 35, "BS": 70, "S": 35, "T": 30, "Ag": 40},
            "weapon": {
                "name": "Autogun",
                "class": "Basic",
                "range": 60,
                "rof": "S/2/-",
                "damage": "1d10+4",
                "damage_type": "I",
                "pen": 2,
                "clip": 40,
                "qualities": [],
            },
        },
        "action": {"type": "Semi-Auto Burst", "distance": 10},
    },
    "dh2_troop_slain_by_righteous_fury": example("lasgun.json", target__troop=True),
}


@pytest.mark.parametrize("name", sorted(D100_CASES))
def test_d100_odds_equal_brute_force(name: str) -> None:
    scenario = api.load_scenario(D100_CASES[name])
    cls = CLASSES[scenario.system]
    cap = wounds_cap(scenario, cls)
    assert outcomes(scenario, cls) == brute(scenario, lambda r: summarize(r, cap))


def test_epic_odds_equal_brute_force() -> None:
    data = example("epic-tactical-shooting.json")
    data["attacker"]["units"] = data["attacker"]["units"][:1]
    data["target"]["units"] = data["target"]["units"][:2]
    scenario = api.load_scenario(data)
    assert walk(scenario) == brute(scenario, epic_summarize)


def test_explore_two_d6_is_the_triangle() -> None:
    d = explore(lambda w: w.roll(6, "a") + w.roll(6, "b"))
    assert d.chance(lambda k: k == 7) == pytest.approx(6 / 36)
    assert d == Dist({k: 6 - abs(k - 7) for k in range(2, 13)}, 36)


def test_dist_add_matches_icepool() -> None:
    icepool = pytest.importorskip("icepool")
    d10 = Dist.uniform(range(1, 11))
    ours = d10.add(d10).add(d10)
    theirs = icepool.d10 + icepool.d10 + icepool.d10
    for total in range(3, 31):
        assert ours.chance(lambda k, t=total: k == t) == theirs.probability(total)


def test_pack_adds_field_by_field_and_mix_sums_parts() -> None:
    assert unpack(pack(3, 1, 0, 1) + pack(4, 0, 1, 0), 4) == (7, 1, 1, 1)
    assert mix([Dist({1: 1}, 2), Dist({2: 1}, 3)]) == Dist({1: 3, 2: 2}, 6)


def test_lasgun_chance_to_pass_is_the_target_number() -> None:
    # BS 45, Standard Attack +10, Short range +10 (20 m of a 100 m weapon), Fog -20: 45 (seed 004,
    # Step One); a Reliable lasgun jams only on 00 (DH2 Core, Ch. V, Reliable).
    report = odds(api.load_scenario(example("lasgun.json")))
    figures = {f.key: f for f in report.headline}
    assert report.exact
    assert figures["test"].chance is not None and figures["test"].chance.exact == "9/20"
    assert figures["jam"].chance is not None and figures["jam"].chance.exact == "1/100"
    bars = report.chart.bars
    assert sum(b.p.p for b in bars) == pytest.approx(1)
    assert bars[0].at_least.p == pytest.approx(1)


def test_run_odds_refuses_an_invalid_scenario_at_its_field() -> None:
    bad = example("lasgun.json", attacker__characteristics={"BS": 400})
    out = run_odds(bad)
    assert out["status"] == "invalid"
    assert any("BS" in e["field"] for e in out["errors"])
