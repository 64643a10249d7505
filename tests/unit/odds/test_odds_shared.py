"""The single attack's odds with the hits summed once for attacks alike in their damage
(rules.odds.d100.outcomes(..., shared=...)): the sweep's inverse line tries BS 1-100 and each Aim,
an exchange's later attacks meet the target Stunned or its Reaction spent; what differs before the
damage (the test, the hits, evasion) is walked for each, the damage read off the walks already made.
Every distribution equals the one worked out alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules.api import load_scenario
from rules.odds import attack_class, d100
from rules.odds import exchange as exchange_module

# the benchmark's cases (tools/measure/bench/), read wherever pytest runs from
BENCH = Path(__file__).resolve().parents[3] / "tools" / "measure" / "bench"

with open(BENCH / "odds-full-auto.json", encoding="utf-8") as f:
    FULL_AUTO = json.load(f)
with open("examples/dh1-storm-bolter.json", encoding="utf-8") as f:
    STORM_BOLTER = json.load(f)


def variant(data: dict[str, Any], bs: int, **action: Any) -> Any:
    attacker = {**data["attacker"], "characteristics": {**data["attacker"]["characteristics"], "BS": bs}}
    return load_scenario({**data, "attacker": attacker, "action": {**data["action"], **action}, "dice": None})


def alone(scenario: Any) -> Any:
    return d100.outcomes(scenario, attack_class(scenario.system))


def test_attacks_alike_in_their_damage_share_its_walks_and_give_each_its_own_distribution() -> None:
    """DH2 (no Fury confirmation): the Full Auto Burst at BS 100, then at BS 50, 70 with a half
    Aim, against a Stunned target (seed 003, Stunned Targets: +20) and against one with a Dodge.
    The first reaches every degrees value the others do: one damage side serves them all."""
    shared: dict[str, Any] = {}
    dodging = {**FULL_AUTO, "target": {**FULL_AUTO["target"], "evasion": {"reaction": "Dodge", "skill": 40}}}
    scenarios = [
        variant(FULL_AUTO, 100),
        variant(FULL_AUTO, 50),
        variant(FULL_AUTO, 70, aim="half"),
        variant(FULL_AUTO, 45, circumstances=["Stunned Target"]),
        variant(dodging, 50),
    ]
    for scenario in scenarios:
        got = d100.outcomes(scenario, attack_class("dh2"), shared=shared)
        want = alone(scenario)
        assert (got.weights, got.denom) == (want.weights, want.denom)
    assert len(shared) == 1


def test_another_target_or_a_confirmed_fury_is_another_damage_side() -> None:
    """The target's TB changes every hit's wounds: its own walks. DH1 confirms Righteous Fury with
    the attack test again (seed 003, Righteous Fury), so the test's target number is read by the
    damage: another BS is another damage side, each distribution still its own."""
    shared: dict[str, Any] = {}
    tougher = {**FULL_AUTO, "target": {**FULL_AUTO["target"], "toughness_bonus": 6}}
    for scenario in (variant(FULL_AUTO, 60), variant(tougher, 60)):
        got = d100.outcomes(scenario, attack_class("dh2"), shared=shared)
        want = alone(scenario)
        assert (got.weights, got.denom) == (want.weights, want.denom)
    assert len(shared) == 2
    shared = {}
    for bs in (60, 40):
        scenario = variant(STORM_BOLTER, bs)
        got = d100.outcomes(scenario, attack_class("dh1"), shared=shared)
        want = alone(scenario)
        assert (got.weights, got.denom) == (want.weights, want.denom)
    assert len(shared) == 2


def test_the_bench_exchange_is_the_same_with_its_hits_summed_once(monkeypatch: Any) -> None:
    """The cost curve's exchange of 4 DH2 attacks (two Semi-Auto Bursts, a Concussive Standard
    Attack, a melee Standard Attack meeting the Stunned it leaves): the same JSON as with every
    attack's damage walked on its own."""
    with open(BENCH / "curve/exchange-dh2-4.json", encoding="utf-8") as f:
        data = json.load(f)
    shared = json.dumps(exchange_module.run_exchange(data))
    real = d100.outcomes

    def unshared(*args: Any, **kw: Any) -> Any:
        kw.pop("shared", None)
        return real(*args, **kw)

    monkeypatch.setattr(d100, "outcomes", unshared)
    assert json.dumps(exchange_module.run_exchange(data)) == shared


def test_a_later_attack_a_few_degrees_higher_is_served_by_the_first_walk() -> None:
    """An exchange's later attacks meet the target Stunned (seed 003, Stunned Targets: +20 to hit,
    two more degrees of success on the same roll) or come with an Aim (+10: one more): the first
    attack's damage walks go 3 degrees past the most it reaches, so BS 40 (at most 5 DoS on a roll
    of 01) serves BS 40 against a Stunned target (7) and BS 50 with a half Aim (7) too: one damage
    side, each distribution still its own."""
    shared: dict[str, Any] = {}
    scenarios = [
        variant(FULL_AUTO, 40),
        variant(FULL_AUTO, 40, circumstances=["Stunned Target"]),
        variant(FULL_AUTO, 50, aim="half"),
    ]
    first = None
    for scenario in scenarios:
        got = d100.outcomes(scenario, attack_class("dh2"), shared=shared)
        want = alone(scenario)
        assert (got.weights, got.denom) == (want.weights, want.denom)
        side = next(iter(shared.values()))
        first = first or side
        assert side is first
    assert len(shared) == 1
