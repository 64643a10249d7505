"""Spray and Pray (seed 004 L6, L30-32): an attacker unaware of where the target is.

Seed 004 L32: "it is up to the Game Master to determine a number between 1 and 100 that represents
the character's percentage chance of hitting her target [...] Then, during Step Two of the attack,
the Game Master rolls 1d100 and compares the result to the percentage chance. If she rolls equal to
or under the number, the attack proceeds as normal. If she rolls over the number, the attack misses
the hidden opponent, and has no effect other than perhaps drawing even more unwanted attention".

Hand count: Lasgun 1d10+3 E (S/3/-, clip 60), BS 40, Standard Attack +10, 60 m (+0): 50.
"""

from __future__ import annotations

from typing import Any

import pytest
from dh2_scenarios import AUTOGUN, errors_of, purposes, resolve_ok, scenario
from encounter_helpers import dh2_fight
from hypothesis import given, settings
from hypothesis import strategies as st


def _unaware(chance: Any, dice: list[int], **kw: Any) -> dict[str, Any]:
    data = scenario(dice=dice, **kw)
    data["action"]["unaware_chance"] = chance
    return data


def test_spray_and_pray_gm_roll_under_the_chance_lets_the_attack_proceed() -> None:
    # GM's chance 40, GM d100 40 (equal: proceeds); then d100 45 <= 50: hit, reversed 54 Body;
    # d10 6 + 3 = 9 - TB 3 = 6 wounds.
    res = resolve_ok(_unaware(40, [40, 45, 6]))
    assert purposes(res)[:2] == [("Spray and Pray d100 (GM)", 100, 40), ("to-hit d100", 100, 45)]
    assert (res["outcome"], res["total_wounds"]) == ("hit", 6)
    step = next(s for s in res["steps"] if s["rule"] == "Spray and Pray")
    assert "proceeds" in step["detail"] and step["source"] == "seed 004, Spray and Pray"


def test_spray_and_pray_gm_roll_over_the_chance_misses_with_no_effect() -> None:
    # GM's chance 40, GM d100 41: the attack misses; no test d100, no jam check, no damage.
    res = resolve_ok(_unaware(40, [41]))
    assert purposes(res) == [("Spray and Pray d100 (GM)", 100, 41)]
    assert (res["outcome"], res["success"], res["hits"], res["jammed"]) == ("miss", False, [], False)
    # Reading: the attack is made (she fires wildly), so the shot's rounds are spent.
    assert (res["rounds_fired"], res["rounds_left"]) == (1, 59)


def test_spray_and_pray_burst_over_the_chance_spends_the_burst() -> None:
    res = resolve_ok(_unaware(10, [95], wpn=AUTOGUN, action="Full Auto Burst"))
    assert (res["outcome"], res["rounds_fired"], res["rounds_left"]) == ("miss", 10, 20)


@pytest.mark.parametrize("chance", [0, 101, -5, "40"])
def test_spray_and_pray_chance_outside_1_to_100_is_refused_at_the_field(chance: Any) -> None:
    errors = errors_of(_unaware(chance, [40, 45, 6]))
    assert list(errors) == ["action.unaware_chance"]


def test_spray_and_pray_is_refused_where_the_ruleset_does_not_have_it() -> None:
    data = _unaware(40, [40, 45, 6])
    data["system"] = "dh1"
    assert "action.unaware_chance" in errors_of(data)


def test_spray_and_pray_in_an_encounter_spends_the_rounds_and_nothing_else() -> None:
    # Guard's Autogun (clip 30) single shot at chance 30, GM d100 31: a miss, 29 rounds left.
    f = dh2_fight()
    out = f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20, "unaware_chance": 30},
            "dice": [31],
        }
    )
    assert out["resolution"]["outcome"] == "miss"
    assert f.who("g")["weapon"]["rounds"] == 29
    assert f.who("c")["damage_taken"] == 0


def test_spray_and_pray_bad_chance_in_an_encounter_changes_nothing() -> None:
    f = dh2_fight()
    errors = f.refused(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20, "unaware_chance": 0},
            "dice": [31],
        }
    )
    assert errors[0]["field"] == "then.action.unaware_chance"


def test_spray_and_pray_odds_match_brute_force() -> None:
    # The exact odds walk the GM's d100 by what it makes of the attack (proceeds or not): the same
    # distribution as every face of every die through the resolver. BS 20 + 10 = 30, chance 35.
    from test_odds_brute_force import ARMOUR, Case, assert_d100_matches_brute_force, says

    data = scenario(BS=20, armour=ARMOUR)
    data["action"]["unaware_chance"] = 35
    assert_d100_matches_brute_force(Case(data, lambda r: says(r, "is over it"), "a Spray and Pray miss"))


@settings(max_examples=60, deadline=None)
@given(chance=st.integers(1, 100), seed=st.integers(0, 2**32))
def test_spray_and_pray_gm_die_first_and_over_the_chance_never_strikes(chance: int, seed: int) -> None:
    # Property: the GM's d100 is always the first die; over the chance, it is the only die and the
    # attack strikes no one; equal or under, the attack's own test d100 follows.
    data = scenario(seed=seed)
    data["action"]["unaware_chance"] = chance
    res = resolve_ok(data)
    gm = res["dice"][0]
    assert gm["purpose"] == "Spray and Pray d100 (GM)"
    if gm["value"] > chance:
        assert (len(res["dice"]), res["outcome"], res["hits"]) == (1, "miss", [])
    else:
        assert res["dice"][1]["purpose"] == "to-hit d100"
