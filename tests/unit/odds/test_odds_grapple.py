"""The odds of a Grapple (seed 004, Grappling; rules.odds.grapple), worked by hand and checked against
brute force: every face of every die the resolver asks for, through rules.api.resolve.

Seed 004: "Attempting a Grapple is a melee attack ... The attacker makes a Weapon Skill test as
normal. The target of the Grapple may use a Reaction, if able, to avoid the attack." The controller
"can attempt to damage her opponent with brute force by making an Opposed Strength test"; the
grappled target may "Slip Free ... by making a Challenging (+0) Acrobatics test".

The fighters (as in test_dh2_grapple.py): Vex (WS 40, S 45, Ag 35) and an armed Cultist (S 35, TB 3,
10 wounds, 2 AP on the Body, Dodge 30).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.api import load_scenario, resolve
from rules.dice import ScriptedDice
from rules.odds import odds, run_odds
from rules.odds.dist import Dist
from rules.odds.explore import Walker, explore
from rules.odds.grapple import distribution, summarize


def grapple(option: str, **g: Any) -> dict[str, Any]:
    attacker: dict[str, Any] = {"name": "Vex", "characteristics": {"WS": 40, "S": 45, "Ag": 35}}
    attacker.update(g.pop("attacker", {}))
    target: dict[str, Any] = {
        "name": "Cultist",
        "toughness_bonus": 3,
        "wounds": 10,
        "armour": {"Body": 2},
        "characteristics": {"S": 35},
        "evasion": {"reaction": "Dodge", "skill": 30},
    }
    target.update(g.pop("target", {}))
    return {
        "system": "dh2",
        "attacker": attacker,
        "target": target,
        "action": {"type": "Grapple", "grapple": {"option": option, **g}},
    }


def figures(data: dict[str, Any]) -> dict[str, str]:
    report = odds(load_scenario(data))
    return {f.key: f.chance.exact for f in report.headline if f.chance is not None}


class _Recorded:
    def __init__(self, walker: Walker) -> None:
        self.walker = walker

    def roll(self, sides: int, purpose: str) -> int:
        return self.walker.roll(sides, purpose)


def brute_force(data: dict[str, Any]) -> Dist[Any]:
    """Every face of every die, each outcome resolved whole by the engine."""
    scenario = load_scenario(data)
    return explore(lambda w: summarize(resolve(scenario, _Recorded(w))), limit=40_000)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------ by hand


def test_grapple_odds_attempt_is_the_ws_test_then_the_targets_reaction() -> None:
    # WS 40 + 10 (Standard Attack) - 20 (unarmed against an armed foe) = 30: passes 30/100.
    # Dodge 30 avoids it 30/100 of the time: the grapple begins 30/100 x 70/100 = 21/100.
    f = figures(grapple("attempt"))
    assert f == {"grapple": "21/100", "test": "3/10", "evaded": "9/100"}


def test_grapple_odds_slip_free_is_one_challenging_acrobatics_test() -> None:
    # "a Challenging (+0) Acrobatics test": Acrobatics 47 passes on 01-47.
    assert figures(grapple("slip_free", acrobatics=47))["win"] == "47/100"
    # none given: Agility 35
    assert figures(grapple("slip_free"))["win"] == "7/20"


def test_grapple_odds_opposed_strength_test_counts_every_pair_of_d100s() -> None:
    # Vex S 45 against S 1 (succeeds only on a 01, with 1 DoS). Whenever Vex succeeds she wins:
    # alone, or on degrees, or tied at 1 DoS on the higher bonus (4 against 0): 45/100. The Cultist
    # wins only when Vex fails and it rolls 01: 55/100 x 1/100; both fail otherwise (stalemate).
    f = figures(grapple("throw", target={"characteristics": {"S": 1}}))
    assert f == {"win": "9/20", "lose": "11/2000", "stalemate": str(Fraction(55 * 99, 10_000))}


def test_grapple_odds_options_with_no_test_are_certain() -> None:
    assert figures(grapple("ready")) == {"certain": "1/1"}


def test_grapple_odds_refuse_what_resolving_refuses_at_its_field() -> None:
    data = grapple("damage", target={"characteristics": {}})
    out = run_odds(json.dumps(data))
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["target.characteristics.S"]


def test_grapple_odds_report_is_ok_on_the_cli_envelope() -> None:
    out = run_odds(json.dumps(grapple("damage")))
    assert out["status"] == "ok"
    assert out["odds"]["chart"]["measure"] == "wounds"
    assert out["odds"]["action"] == "Grapple: Damage Opponent"


# ------------------------------------------------------------------------------------ brute force


def test_grapple_odds_attempt_matches_brute_force() -> None:
    data = grapple("attempt", charge=True)
    assert distribution(load_scenario(data)) == brute_force(data)


def test_grapple_odds_throw_with_ties_size_and_assistance_matches_brute_force() -> None:
    # Equal Strength: ties in degrees and bonus, decided by the lower roll; a Large Vex's extra
    # degree; one helper each side; thrown down already (+10 to the controller).
    data = grapple(
        "throw",
        attacker={"size": "Hulking"},
        target={"characteristics": {"S": 45}},
        assist_attacker=1,
        assist_target=1,
        opponent_prone=True,
    )
    assert distribution(load_scenario(data)) == brute_force(data)


def test_grapple_odds_damage_opponent_wounds_match_brute_force() -> None:
    # A weak Vex (S 25) against S 60, no armour, TB 1: few pairs won, each then rolls its d5.
    data = grapple(
        "damage",
        attacker={"characteristics": {"WS": 40, "S": 25, "Ag": 35}},
        target={"characteristics": {"S": 60}, "armour": {}, "toughness_bonus": 1},
    )
    dist = distribution(load_scenario(data))
    assert dist == brute_force(data)
    assert dist.chance(lambda o: o.wounds > 0) > 0


def test_grapple_odds_push_metres_match_brute_force() -> None:
    data = grapple("push", target={"characteristics": {"S": 30}})
    assert distribution(load_scenario(data)) == brute_force(data)


# ------------------------------------------------------------------------------------ properties


@settings(max_examples=15, deadline=None)
@given(
    a=st.integers(1, 99),
    p=st.integers(1, 99),
    option=st.sampled_from(["throw", "break_free", "stand", "take_control"]),
    size=st.sampled_from(["Puny", "Average", "Hulking"]),
    ra=st.integers(1, 100),
    rp=st.integers(1, 100),
)
def test_grapple_odds_of_an_opposed_option_sum_to_one_and_hold_the_engines_outcome(
    a: int, p: int, option: str, size: str, ra: int, rp: int
) -> None:
    # Whatever the characteristics, the odds of an opposed option are a whole distribution, and
    # the outcome the engine gives any pair of d100s is one the odds count with a chance of at least
    # one pair in 10,000.
    data = grapple(option, attacker={"characteristics": {"WS": 40, "S": a, "Ag": 35}, "size": size})
    data["target"]["characteristics"] = {"S": p}
    scenario = load_scenario(data)
    dist = distribution(scenario)
    assert dist.total == 1
    got = summarize(resolve(scenario, ScriptedDice([ra, rp])))  # type: ignore[arg-type]
    assert dist.chance(lambda o: o == got) >= Fraction(1, 10_000)
    wins = dist.chance(lambda o: o.winner == "attacker")
    assert Fraction(odds(scenario).headline[0].chance.exact) == wins  # type: ignore[union-attr]
