"""Deathwatch: the degrees of success are the minimum result of one damage die (a reading: see the ruleset's Readings).

DW Core, Ch. VIII, Attacker Determines Damage: "For all attack rolls, count the Degrees of Success. The
number of Degrees of Success is the minimum amount of Damage that the attack will inflict on a single dice.
If the attack inflicts more than one dice of Damage, the player may apply the Degree of Success from the
attack roll as the minimum result to one dice of his choice." The player's choice is the lowest die: raising
it gains the most (DoS - lowest), and with Tearing the top dice of the raised pool are never fewer. Auspex
picks the die that gains the most wounds (the code DH2's replacement uses), which is that die.

Deathwatch degrees are whole tens of margin; the Autogun's 1d10+3 at BS 40 and a roll of 10 scores
(40 - 10) // 10 = 3 degrees; 10 reversed is 01, the Head. The Ork has TB 4 and no armour.
"""

from __future__ import annotations

from typing import Any

from dw_scenarios import AUTOGUN, BOLTER, attack, scenario, weapon


def dice(hit: dict[str, Any]) -> list[tuple[int, int, bool, bool]]:
    return [(d["natural"], d["value"], d["kept"], d["replaced_by_degrees"]) for d in hit["dice"]]


def test_degrees_are_the_minimum_of_the_one_damage_die_dw() -> None:
    # The hand count: 1d10+3, 3 DoS, a die of 1 -> the die counts 3: 3 + 3 = 6 damage, not 4; - TB 4 = 2.
    res = attack(scenario(AUTOGUN, dice=[10, 1]))
    assert res["degrees"] == 3
    [hit] = res["hits"]
    assert dice(hit) == [(1, 3, True, True)]
    assert (hit["damage"], hit["wounds"]) == (6, 2)


def test_degrees_raise_the_lowest_of_two_damage_dice_dw() -> None:
    # The hand count: 2d10+5, 3 DoS, dice 1 and 2 -> the 1 (the lowest) counts 3: 3 + 2 + 5 = 10, not 8.
    # Raising the 2 instead would give 1 + 3 + 5 = 9: the lowest die is the player's best choice.
    res = attack(scenario(weapon(BOLTER, qualities=[]), dice=[10, 1, 2]))
    [hit] = res["hits"]
    assert dice(hit) == [(1, 3, True, True), (2, 2, True, False)]
    assert (hit["damage"], hit["wounds"]) == (10, 6)


def test_degrees_under_every_die_change_nothing_dw() -> None:
    # 3 DoS and a die of 5: the minimum 3 is already met; 5 + 3 = 8 - 4 = 4 wounds.
    [hit] = attack(scenario(AUTOGUN, dice=[10, 5]))["hits"]
    assert dice(hit) == [(5, 5, True, False)]
    assert (hit["damage"], hit["wounds"]) == (8, 4)


def test_degrees_raise_a_die_before_tearing_drops_the_lowest_dw() -> None:
    # Order (Readings): the degrees raise one die of all those rolled, then Tearing drops the lowest (DW's
    # Tearing: one more die, the lowest dropped). Bolter 2d10+5 Tearing, 3 DoS: dice 1, 2 and Tearing's 6.
    # The 1 counts 3; the 2 is now the lowest and goes: 3 + 6 + 5 = 14 damage, 10 wounds. (Tearing first drops
    # the 1 and raises the 2: the same 14, with the other die kept.)
    [hit] = attack(scenario(BOLTER, dice=[10, 1, 2, 6]))["hits"]
    assert dice(hit) == [(1, 3, True, True), (2, 2, False, False), (6, 6, True, False)]
    assert (hit["damage"], hit["wounds"]) == (14, 10)


def test_a_die_raised_to_10_is_no_natural_10_dw() -> None:
    # Only a natural 10 calls Righteous Fury (DW Core, Ch. VIII, Righteous Fury): BS 100 + 20 (Full Aim) = 120,
    # roll 11 -> (120 - 11) // 10 = 10 DoS, reversed 11 Right Arm; the die's 4 counts 10: 10 + 3 = 13 - 4 = 9,
    # and no Fury (no confirmation die is asked for: ``attack`` checks every die was used).
    res = attack(scenario(AUTOGUN, BS=100, aim="full", dice=[11, 4]))
    assert (res["target_number"], res["degrees"]) == (120, 10)
    [hit] = res["hits"]
    assert dice(hit) == [(4, 10, True, True)]
    assert (hit["damage"], hit["wounds"], hit["righteous_fury"]) == (13, 9, None)


def test_the_minimum_holds_when_no_wound_is_gained_dw() -> None:
    # The minimum is the rule, not a choice to take only for wounds: Head AP 5, 3 DoS, die 1 -> 3 + 3 = 6 damage
    # (not 4), 6 - 5 - TB 4 -> 0 wounds either way.
    [hit] = attack(scenario(AUTOGUN, armour={"Head": 5}, dice=[10, 1]))["hits"]
    assert dice(hit) == [(1, 3, True, True)]
    assert (hit["damage"], hit["wounds"]) == (6, 0)
