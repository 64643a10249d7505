"""Felling (X), in each ruleset.

- DH2 (DH2 Core, Ch. V, Felling (X)): ignores X points of the target's Unnatural Toughness (never its base TB).
- DH1: not a DH1 quality: refused.
- Deathwatch (seed 001, Weapon Qualities: "ignores a number of levels of Unnatural Toughness"): X levels, each
  level a multiple of the base TB (TB 8 with Unnatural Toughness (x2) is base 4 and one level).
"""

from __future__ import annotations

import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import BUILD, PLAIN, refused, with_fields


@pytest.mark.parametrize(
    ("qualities", "tb", "unnatural", "effective_tb", "wounds"),
    [
        # Lasgun 23 (Body), d10 6 + 3 = 9 (4 DoS < 6)
        ([], 6, 3, 6, 3),  # 9 - 6
        (["Felling (2)"], 6, 3, 4, 5),  # TB 6 of which 3 Unnatural: ignores 2 -> 4; 9 - 4
        (["Felling (4)"], 6, 3, 3, 6),  # ignores only the 3 Unnatural, never the base TB -> 3
        (["Felling (2)"], 6, 0, 6, 3),  # no Unnatural Toughness: nothing to ignore
    ],
)
def test_felling_dh2(qualities: list[str], tb: int, unnatural: int, effective_tb: int, wounds: int) -> None:
    data = with_fields(
        scenario(weapon(LASGUN, qualities=qualities), tb=tb, dice=[23, 6]), unnatural_toughness=unnatural
    )
    hit = resolve_ok(data)["hits"][0]
    assert (hit["toughness_bonus"], hit["wounds"]) == (effective_tb, wounds)


def test_felling_dh1() -> None:
    refused("dh1", "Felling (1)")


@pytest.mark.parametrize(
    ("felling", "tb", "ut", "tb_used"),
    [
        (None, 8, 4, 8),  # no Felling: TB 8
        (1, 8, 4, 4),  # TB 8 with Unnatural Toughness 4: base 4, one level; Felling (1) leaves 4
        (2, 8, 4, 4),  # Felling (2) but only one level to ignore: still 4
        (1, 12, 8, 8),  # base 4, two levels (x3): Felling (1) ignores one, 12 - 4 = 8
    ],
)
def test_felling_dw(felling: int | None, tb: int, ut: int, tb_used: int) -> None:
    # Knife, WS 40, roll 33 -> Body; d10 6 + 2 + SB 4 = 12 - TB
    qualities = [f"Felling ({felling})"] if felling else []
    res = dw.attack(dw.scenario(weapon(dw.KNIFE, qualities=qualities), tb=tb, unnatural_toughness=ut, dice=[33, 6]))
    hit = res["hits"][0]
    assert (hit["toughness_bonus"], hit["wounds"]) == (tb_used, 12 - tb_used)


@pytest.mark.parametrize(("system", "tb_used", "wounds"), [("dh2", 7, 2), ("dw", 4, 5)])
def test_felling_1_against_tb_8_in_each_ruleset(system: str, tb_used: int, wounds: int) -> None:
    # A 1d10+3 gun with Felling (1) against TB 8 of which 4 is Unnatural Toughness; roll 23 -> Body, d10 6:
    # DH2 reads points: TB 8 - 1 = 7 -> 6 + 3 - 7 = 2 (the 4 DoS replace nothing above them).
    # Deathwatch reads levels: base 4, one level of 4 -> TB 4 -> 9 - 4 = 5.
    gun = weapon(PLAIN[system], damage="1d10+3", qualities=["Felling (1)"])
    data = with_fields(BUILD[system](gun, tb=8, dice=[23, 6]), unnatural_toughness=4)
    hit = resolve_ok(data)["hits"][0]
    assert (hit["toughness_bonus"], hit["wounds"]) == (tb_used, wounds)
