"""Unbalanced, in each ruleset.

- DH2 (DH2 Core, Ch. V, Unbalanced): -10 to Parry with it, and no Lightning Attack (test_dh2_qualities.py, with
  Unwieldy).
- DH1 (seed 003, Weapon Qualities) and Deathwatch (seed 001, Weapon Qualities: "-10 when used to Parry"): -10 to
  Parry.
"""

from __future__ import annotations

import pytest
from dh2_scenarios import SWORD, resolve_ok, scenario

from .readings import dh1_parry, dw_parry


def test_unbalanced_dh1() -> None:
    # 40 - 10 = 30: 35 fails and the hit stands (5 wounds); without it 35 succeeds
    res = resolve_ok(dh1_parry(40, ["Unbalanced"], 35))
    assert (res["outcome"], res["total_wounds"]) == ("hit", 5)
    assert resolve_ok(dh1_parry(40, [], 35))["outcome"] == "evaded"


def test_unbalanced_dh2() -> None:
    # Sword WS 40 + 10 = 50, roll 23 hits (DoS 4, Body); Parry 40 - 10 = 30 with an Unbalanced weapon: 35 fails
    # and the hit stands: d10 5 + SB 3 - TB 3 = 5. Without it 35 succeeds.
    parry = {"reaction": "Parry", "skill": 40}
    res = resolve_ok(scenario(SWORD, evasion={**parry, "qualities": ["Unbalanced"]}, dice=[23, 35, 5]))
    assert (res["outcome"], res["total_wounds"]) == ("hit", 5)
    assert resolve_ok(scenario(SWORD, evasion=parry, dice=[23, 35]))["outcome"] == "evaded"


@pytest.mark.parametrize(("qualities", "outcome", "wounds"), [([], "evaded", 0), (["Unbalanced"], "hit", 7)])
def test_unbalanced_dw(qualities: list[str], outcome: str, wounds: int) -> None:
    # Parry 40: 35 succeeds; with an Unbalanced weapon 40 - 10 = 30 and 35 fails: 7 wounds.
    res = resolve_ok(dw_parry(40, qualities, 35))
    assert (res["outcome"], res["total_wounds"]) == (outcome, wounds)
