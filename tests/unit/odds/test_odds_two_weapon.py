"""The Odds panel's two-weapon fighting (seed 004, Two-Weapon Fighting: "one attack with each", each
at -20) against brute force: every face of every die of both attacks, resolved whole."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import background
import pytest
from test_odds_brute_force import BruteForce, brute_force

from rules.api import load_scenario
from rules.d100 import tables
from rules.d100.two_weapon import second_scenario
from rules.dh2 import DH2Attack
from rules.errors import ScenarioError
from rules.odds import odds, run_odds
from rules.odds.d100 import outcomes, summarize

PISTOL = {
    "name": "Autopistol",
    "class": "Pistol",
    "range": 30,
    "rof": "S/-/6",
    "damage": "1d10+2",
    "damage_type": "I",
    "pen": 0,
    "clip": 18,
}


def gunslinger(**action: Any) -> dict[str, Any]:
    """BS 15, a Standard Attack (+10) with an Autopistol in each hand at 20 m (Standard range, +0),
    -20 for two weapons: each hand's target number is 5. A Cultist: TB 3, 8 wounds, no armour."""
    return {
        "version": 1,
        "system": "dh2",
        "attacker": {
            "characteristics": {"BS": 15},
            "weapon": PISTOL,
            "second_weapon": {**PISTOL, "name": "Left Autopistol"},
        },
        "target": {"name": "Cultist", "toughness_bonus": 3, "wounds": 8},
        "action": {
            "type": "Standard Attack",
            "distance": 20,
            "two_weapon": "both",
            "two_weapon_wielder": ["Ballistic"],
            **action,
        },
    }


def both(res: Any) -> tuple[Any, Any]:
    return summarize(res), summarize(res.second) if res.second is not None else None


def both_brute_force() -> BruteForce:
    """Both hands' attacks walked face by face, every outcome resolved twice (walked and replayed),
    with the witness: some outcome where both hands hit."""
    scenario = load_scenario(gunslinger())
    return brute_force(scenario, both, lambda r: r.second is not None and r.hits and r.second.hits)


# The brute force runs in a second process while earlier tests run (background.py): the same walk.
BACKGROUND = [(both_brute_force, ())]


def test_both_attacks_on_one_target_each_and_their_sum_match_brute_force() -> None:
    scenario = load_scenario(gunslinger())
    brute = background.result(both_brute_force)
    assert brute.witnessed, "no outcome where both hands hit"
    report = odds(scenario)
    assert report.second is not None
    # each hand's own odds: the second as its own scenario, independent of the first
    tw = tables.tables("dh2").two_weapon
    assert tw is not None
    assert outcomes(scenario, DH2Attack) == brute.dist.map(lambda k: k[0])
    assert outcomes(second_scenario(scenario, tw), DH2Attack) == brute.dist.map(lambda k: k[1])
    assert report.headline[0].chance is not None and report.headline[0].chance.exact == "1/20"
    assert report.second.headline[0].chance is not None and report.second.headline[0].chance.exact == "1/20"
    # both together: the kill is 8 wounds (or a Troop slain) from the two attacks' wounds added
    kill = brute.dist.chance(lambda k: k[0].wounds + k[1].wounds >= 8 or k[0].slain or k[1].slain)
    mean = sum(
        (Fraction(w) * brute.dist.chance(lambda k, w=w: k[0].wounds + k[1].wounds == w) for w in range(60)), Fraction(0)
    )
    figures = {f.key: f for f in report.both}
    assert figures["both_kill"].chance is not None
    assert Fraction(figures["both_kill"].chance.exact) == kill
    assert figures["both_wounds"].value == pytest.approx(float(mean))


def test_a_different_target_gets_its_own_odds_and_no_sum() -> None:
    heretic = {"name": "Heretic", "toughness_bonus": 4, "wounds": 15, "armour": {"Body": 2}}
    report = odds(load_scenario(gunslinger(second_target=heretic, targets_apart=5)))
    assert report.second is not None and report.second.target == "Heretic"
    assert report.both == []


def test_evasion_on_the_same_target_shows_each_attack_and_says_why_not_the_sum() -> None:
    data = gunslinger()
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 30}
    report = odds(load_scenario(data))
    assert report.second is not None and report.both == []
    assert any("not added" in n for n in report.notes)


def test_a_single_attack_report_has_no_second_or_both_in_its_json() -> None:
    data = gunslinger(two_weapon="none")
    out = run_odds(data)["odds"]
    assert "second" not in out and "both" not in out


def test_a_pair_the_rules_refuse_is_refused_by_the_odds_too() -> None:
    data = gunslinger(two_weapon_wielder=[])
    with pytest.raises(ScenarioError) as err:
        odds(load_scenario(data))
    assert "action.two_weapon_wielder" in {e.field for e in err.value.errors}
