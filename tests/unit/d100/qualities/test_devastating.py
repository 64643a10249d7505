"""Devastating (X), in each ruleset.

- DH2 and DH1: not their quality: refused.
- Deathwatch (seed 001 L419-421, Weapon Qualities: Devastating (X): "The weapon does one additional point of
  Cohesion Damage. If the target is a Horde, the Horde suffers additional hits equal to the number in
  parenthesis"): X more hits against a Horde; the extra point of Cohesion damage is the kill-team's (a Horde has
  no Cohesion), named in a step for the GM, who keeps the kill-team's Cohesion.
"""

from __future__ import annotations

import dw_scenarios as dw
from dh2_scenarios import weapon

from .readings import details, refused


def test_devastating_dw() -> None:
    # a knife with Devastating (2): WS 40, roll 40 -> 0 DoS -> max(1, 0 // 2) = 1 hit + 2 = 3.
    # d10 1 + 2 + SB 4 = 7 - AP 0 - TB 4 = 3 each
    res = dw.attack(
        dw.scenario(weapon(dw.KNIFE, qualities=["Devastating (2)"]), horde={"magnitude": 20}, dice=[40, 1, 1, 1])
    )
    assert res["horde"]["hits"] == 3
    # the step says what Devastating did: 2 more hits (1 -> 3) and no Cohesion on a Horde
    assert details(res, "Quality: Devastating (2)") == [
        "Against a Horde: 2 more hits (1 \u2192 3). Its extra point of Cohesion damage is a kill-team's: a "
        "Horde has none."
    ]


def test_devastating_dw_one_more_point_of_cohesion_damage() -> None:
    # a Battle-Brother struck by a Devastating (1) knife: WS 40, roll 23 hits (Body); d10 5 + 2 + SB 4 = 11 - AP 0
    # - TB 4 = 7 wounds. Cohesion damage is the kill-team's: the step adds its one more point for the GM.
    res = dw.attack(dw.scenario(weapon(dw.KNIFE, qualities=["Devastating (1)"]), dice=[23, 5]))
    assert res["total_wounds"] == 7
    assert details(res, "Quality: Devastating (1)") == [
        "One more point of Cohesion damage: should this attack cost the kill-team Cohesion, it costs one point "
        "more (the GM keeps the kill-team's Cohesion)."
    ]


def test_devastating_dw_a_miss_deals_no_cohesion() -> None:
    # roll 90 misses: no hit, no step for Devastating
    res = dw.attack(dw.scenario(weapon(dw.KNIFE, qualities=["Devastating (1)"]), dice=[90]))
    assert details(res, "Quality: Devastating (1)") == []


def test_devastating_dh2() -> None:
    refused("dh2", "Devastating (2)")


def test_devastating_dh1() -> None:
    refused("dh1", "Devastating (2)")
