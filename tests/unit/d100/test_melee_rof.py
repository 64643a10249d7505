"""A melee weapon's RoF: the books print a melee weapon's RoF as a dash or leave it blank (DH2 Core
and DH1 Core, the Melee Weapons tables; seed 001, Melee Weapons: no RoF column), and a melee
attack fires no shots (seed 004, Step One: a melee attack is a WS test). So a Melee or Unarmed
weapon with a blank RoF or a dash (hyphen, en dash, em dash) reads as S/-/- in every d100 ruleset; a ranged weapon
still needs its RoF.
"""

from __future__ import annotations

import copy

import pytest
from dh2_scenarios import SWORD, resolve_ok, scenario, weapon
from pydantic import ValidationError

from rules.d100.models import Weapon

DASHES = ["", " ", "-", "\u2013", "\u2014", " \u2014 "]


@pytest.mark.parametrize("rof", DASHES)
@pytest.mark.parametrize("klass", ["Melee", "Unarmed"])
def test_a_melee_weapon_with_a_blank_or_dashed_rof_reads_as_single(rof: str, klass: str) -> None:
    w = Weapon.model_validate({"name": "Knife", "class": klass, "rof": rof, "damage": "1d5"})
    assert w.rof == "S/-/-"


@pytest.mark.parametrize("rof", ["", "-", "\u2014"])
def test_a_ranged_weapon_still_needs_its_rof(rof: str) -> None:
    with pytest.raises(ValidationError, match="is not a rate of fire"):
        Weapon.model_validate({"name": "Lasgun", "class": "Basic", "rof": rof, "damage": "1d10+3"})


@pytest.mark.parametrize(("system", "wounds"), [("dh2", 4), ("dh1", 2), ("dw", 2)])
@pytest.mark.parametrize("rof", ["", "\u2013"])
def test_a_knife_with_a_blank_rof_resolves_in_every_d100_ruleset(system: str, wounds: int, rof: str) -> None:
    # WS 40 +10 Standard Attack = 50; the d100 23 hits. The knife's 1d5 from a d10 of 4 is 2.
    # DH2 (seed 004, Step Four): the DoS, 1 + (5 - 2) = 4, replaces the lower die: 4 + SB 3 = 7,
    # less TB 3 = 4 wounds. DH1 and DW: 2 + SB 3 = 5, less TB 3 = 2 wounds. The same dice with the
    # RoF written S/-/- give the same resolution.
    knife = weapon(SWORD, name="Knife", rof=rof, damage="1d5", damage_type="R")
    data = scenario(knife, distance=1, dice=[23, 4])
    data["system"] = system
    typed = resolve_ok(data)
    written = copy.deepcopy(data)
    written["attacker"]["weapon"]["rof"] = "S/-/-"
    assert typed == resolve_ok(written)
    assert typed["total_wounds"] == wounds
    assert typed["weapon"] == "Knife"
