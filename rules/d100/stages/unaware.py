"""Spray and Pray: an attacker aware of a danger but unable to see it (seed 004, The Attack, L6;
Spray and Pray, L32). The GM sets the chance the attack is aimed right (``action.unaware_chance``,
1-100) and rolls a d100 at Step Two, before the attack's own test: equal or under, the attack
proceeds as normal; over, it misses with no effect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..roles import SPRAY_AND_PRAY
from ..state import AttackState
from .test import ammo_detail

if TYPE_CHECKING:
    from ..attack import D100Attack

PURPOSE = "Spray and Pray d100 (GM)"


def proceeds(a: D100Attack, st: AttackState) -> bool:
    """Whether the attack goes on to its test: always without ``unaware_chance``; else the GM's
    d100 (drawn first, before the test's) is at most the chance. A miss is logged with the rounds
    it spends (the reading: the attack is made, wildly, so its ammunition is used)."""
    chance = a.s.action.unaware_chance
    if chance is None:
        return True
    roll = a.test_die(SPRAY_AND_PRAY, PURPOSE, chance)
    src = a.SRC["spray_and_pray"]
    if roll <= chance:
        a.step(
            "Spray and Pray",
            src,
            f"{a.s.attacker.name} cannot see the target: the GM's chance is {chance}%, the GM's d100 "
            f"{roll:02d} is not over it, so the attack proceeds as normal.",
        )
        return True
    a.step(
        "Spray and Pray",
        src,
        f"{a.s.attacker.name} cannot see the target: the GM's chance is {chance}%, the GM's d100 "
        f"{roll:02d} is over it, so the attack misses the hidden target and has no effect (no test is "
        f"rolled).",
    )
    if st.mode is not None:
        a.step("Ammunition", a.SRC["ammo"], ammo_detail(a, st.mode, st.rounds) + " (fired wildly all the same)")
    return False
