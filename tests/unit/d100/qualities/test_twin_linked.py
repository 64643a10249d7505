"""Twin-Linked, in each ruleset: the same reading in all three, counted in each ruleset's degrees.

- DH2 (DH2 Core, Ch. V, Twin-Linked), DH1 (DH1 Ascension, Armoury, Weapon Qualities; not in seed 003 or the DH1
  core book) and Deathwatch (seed 001, Weapon Qualities: "+20 to hit, may score one additional hit if the attack
  roll succeeds by two or more degrees of success"): +20 to hit, twice the ammunition, one more hit from two
  degrees of success.

Storm doubles the hits after Twin-Linked's is added, and a Blast multiplies them on a Horde:
test_quality_order.py.
"""

from __future__ import annotations

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, locations, resolve_ok, scenario, weapon

from .readings import mods

TWIN = weapon(LASGUN, name="Twin-linked Lasgun", qualities=["Twin-Linked"])


TWIN_DH1 = weapon(dh1.LASGUN, name="Twin-linked Lasgun", qualities=["Twin-Linked"])


@pytest.mark.parametrize(
    ("roll", "degrees", "placed"),
    [
        (55, 3, ["Body", "Body"]),  # 40 + 10 + 20 = 70: DoS 7-5+1 = 3 -> one more hit (reversed 55 Body)
        (65, 2, ["Body", "Body"]),  # DoS 2: still one more (reversed 56 Body)
        (70, 1, ["Head"]),  # DoS 1: no extra hit (reversed 07 Head)
    ],
)
def test_twin_linked_dh2(roll: int, degrees: int, placed: list[str]) -> None:
    # d10 5 per hit (DoS <= 3 replace none): 5 wounds each; two rounds whatever the hits
    hits = len(placed)
    res = resolve_ok(scenario(TWIN, dice=[roll] + [5] * hits))
    assert ("Twin-Linked", 20) in mods(res)
    assert (res["target_number"], res["degrees"], res["hits_scored"]) == (70, degrees, hits)
    assert locations(res) == placed
    assert res["total_wounds"] == 5 * hits
    assert (res["rounds_fired"], res["rounds_left"]) == (2, 58)


def test_twin_linked_dh2_without_it_the_same_roll_misses() -> None:
    res = resolve_ok(scenario(LASGUN, dice=[55]))
    assert (res["target_number"], res["outcome"], res["rounds_fired"]) == (50, "miss", 1)


def test_twin_linked_dh1() -> None:
    # BS 40 + 20 = 60; roll 23 -> DoS 3 (at least 2) -> 1 + 1 = 2 hits (Body, Body); both barrels: 2 rounds
    res = resolve_ok(dh1.scenario(TWIN_DH1, dice=[23, 1, 1]))
    assert ("Twin-Linked", 20) in dh1.mods_of(res)
    assert (res["target_number"], res["degrees"], res["hits_scored"]) == (60, 3, 2)
    assert dh1.locations(res) == ["Body", "Body"]
    assert (res["rounds_fired"], res["rounds_left"]) == (2, 58)


def test_twin_linked_dh1_no_extra_hit_below_two_degrees() -> None:
    # roll 45 -> DoS (60 - 45) // 10 = 1: one hit, still two rounds spent
    res = resolve_ok(dh1.scenario(TWIN_DH1, dice=[45, 1]))
    assert (res["degrees"], res["hits_scored"], res["rounds_fired"]) == (1, 1, 2)


def test_twin_linked_dh1_semi_auto_burst() -> None:
    # BS 40 + 10 + 20 = 70; roll 23 -> DoS 4 -> 1 + 2 = 3 (RoF 3) + 1 = 4 hits; 2 x 3 = 6 rounds
    res = resolve_ok(dh1.scenario(TWIN_DH1, action="Semi-Auto Burst", dice=[23, 1, 1, 1, 1]))
    assert (res["target_number"], res["hits_scored"], res["rounds_fired"]) == (70, 4, 6)


@pytest.mark.parametrize(
    ("roll", "degrees", "placed"),
    [
        (35, 2, ["Body", "Body"]),  # BS 40 + 0 + 20 = 60: (60 - 35) // 10 = 2 -> one more hit (reversed 53 Body)
        (45, 1, ["Body"]),  # (60 - 45) // 10 = 1: no extra hit (reversed 54 Body)
    ],
)
def test_twin_linked_dw(roll: int, degrees: int, placed: list[str]) -> None:
    # Autogun 1d10+3 Twin-Linked, a single shot: both barrels fire, two rounds whatever the hits.
    res = dw.attack(dw.scenario(weapon(dw.AUTOGUN, qualities=["Twin-Linked"]), dice=[roll] + [1] * len(placed)))
    assert ("Twin-Linked", 20) in mods(res)
    assert (res["target_number"], res["degrees"], res["hits_scored"]) == (60, degrees, len(placed))
    assert dw.locations(res) == placed
    assert (res["rounds_fired"], res["rounds_left"]) == (2, 28)
