"""Razor Sharp, in each ruleset.

- DH2 (DH2 Core, Ch. V, Razor Sharp): Pen doubled when the attack scores three or more degrees of success.
- DH1: not a DH1 quality (neither seed 003's table nor the DH1 Core has it): refused.
- Deathwatch (seed 001, Weapon Qualities: "If the attack roll results in two or more degrees of success, double
  the weapon's Penetration"): from two degrees.

Razor Sharp doubles the Pen after Force's psy rating is added: test_quality_order.py.
"""

from __future__ import annotations

import dw_scenarios as dw
import pytest
from dh2_scenarios import SWORD, resolve_ok, scenario, weapon

from .readings import BUILD, refused


@pytest.mark.parametrize(
    ("qualities", "roll", "degrees", "pen", "wounds"),
    [
        # Sword Pen 2, AP 6 on both arms; WS 40 + 10 = 50; d10 6 + SB 3 = 9
        (["Razor Sharp"], 32, 3, 4, 4),  # DoS 5-3+1 = 3 (Left Arm): Pen 2 x 2 = 4 -> AP 2 -> 9 - 2 - 3 = 4
        (["Razor Sharp"], 41, 2, 2, 2),  # DoS 5-4+1 = 2 (Right Arm): not doubled -> AP 4 -> 2
        ([], 32, 3, 2, 2),  # without Razor Sharp
    ],
)
def test_razor_sharp_dh2(qualities: list[str], roll: int, degrees: int, pen: int, wounds: int) -> None:
    sword = weapon(SWORD, pen=2, qualities=qualities)
    res = resolve_ok(scenario(sword, armour={"Left Arm": 6, "Right Arm": 6}, dice=[roll, 6]))
    assert res["degrees"] == degrees
    hit = res["hits"][0]
    assert (hit["penetration"], hit["wounds"]) == (pen, wounds)


def test_razor_sharp_dh1() -> None:
    refused("dh1", "Razor Sharp")


@pytest.mark.parametrize(
    ("roll", "degrees", "pen", "wounds"),
    [
        (30, 1, 2, 3),  # 1 DoS: Pen 2; Head AP 6 - 2 = 4; 11 - 4 - TB 4 = 3
        (20, 2, 4, 5),  # (40 - 20) // 10 = 2 DoS: Pen 2 x 2 = 4; 6 - 4 = 2; 11 - 2 - 4 = 5
    ],
)
def test_razor_sharp_dw(roll: int, degrees: int, pen: int, wounds: int) -> None:
    # a Razor Sharp knife (Pen 2), WS 40; reversed 03 / 02: Head (AP 6). d10 5 + 2 + SB 4 = 11
    res = dw.attack(dw.scenario(weapon(dw.KNIFE, qualities=["Razor Sharp"]), armour={"Head": 6}, dice=[roll, 5]))
    hit = res["hits"][0]
    assert (res["degrees"], hit["location"], hit["penetration"], hit["wounds"]) == (degrees, "Head", pen, wounds)


@pytest.mark.parametrize(("system", "roll", "pen", "wounds"), [("dh2", 43, 2, 4), ("dw", 13, 4, 6)])
def test_razor_sharp_two_degrees_in_each_ruleset(system: str, roll: int, pen: int, wounds: int) -> None:
    # One knife, 1d10+2 Pen 2 Razor Sharp, against Body AP 6, with a roll that scores exactly two degrees:
    # DH2: WS 40 + 10 = 50, roll 43 -> DoS 5 - 4 + 1 = 2, reversed 34 Body. Two is under DH2's three: Pen 2 ->
    #      armour 4; d10 6 + 2 + SB 3 = 11 - 4 - TB 3 = 4 wounds.
    # Deathwatch: WS 40 + 0 = 40, roll 13 -> (40 - 13) // 10 = 2, reversed 31 Body. Two is enough: Pen 4 ->
    #      armour 2; d10 6 + 2 + SB 4 = 12 - 2 - TB 4 = 6 wounds.
    knife = weapon(dw.KNIFE, qualities=["Razor Sharp"])
    res = resolve_ok(BUILD[system](knife, armour={"Body": 6}, dice=[roll, 6]))
    hit = res["hits"][0]
    assert (res["degrees"], hit["location"], hit["penetration"], hit["wounds"]) == (2, "Body", pen, wounds)
