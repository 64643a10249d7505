"""Force, in each ruleset.

- DH2 (DH2 Core, Ch. V, Force): in a psyker's hands, + psy rating to damage and Pen, and Energy damage.
- DH1: not a DH1 quality here (neither seed 003 nor rules/data/dh1/qualities.json has it): refused.
- Deathwatch (DW Core, Ch. V, Force Weapons; seed 001's tables read 'Special'): + psy rating to damage and Pen;
  the weapon keeps its damage type.

Force adds to the Pen before Razor Sharp doubles it: test_quality_order.py.
"""

from __future__ import annotations

import dw_scenarios as dw
import pytest
from dh2_scenarios import SWORD, resolve_ok, scenario, weapon

from .readings import refused, with_fields

FORCE_SWORD = weapon(SWORD, name="Force Sword", qualities=["Force"])


@pytest.mark.parametrize(
    ("psy", "damage", "pen", "effective", "wounds"),
    [
        # Sword 50, roll 23 -> DoS 4, Body AP 4; d10 6 + SB 3 = 9
        (0, 9, 0, 4, 2),  # not a psyker: 9 - 4 - 3 = 2
        (3, 12, 3, 1, 8),  # psy rating 3: damage 9 + 3 = 12, Pen 3: AP 4 - 3 = 1 -> 12 - 1 - 3 = 8
    ],
)
def test_force_dh2(psy: int, damage: int, pen: int, effective: int, wounds: int) -> None:
    data = with_fields(scenario(FORCE_SWORD, armour={"Body": 4}, dice=[23, 6]), psy_rating=psy)
    hit = resolve_ok(data)["hits"][0]
    assert (hit["damage"], hit["penetration"], hit["effective_armour"], hit["wounds"]) == (
        damage,
        pen,
        effective,
        wounds,
    )


def test_psy_rating_without_force_changes_nothing() -> None:
    data = with_fields(scenario(SWORD, armour={"Body": 4}, dice=[23, 6]), psy_rating=3)
    hit = resolve_ok(data)["hits"][0]
    assert (hit["damage"], hit["penetration"], hit["wounds"]) == (9, 0, 2)


def test_force_in_a_psykers_hands_deals_energy_damage() -> None:
    # Psy rating 3, Body AP 0, 5 wounds: 23 -> Body; d10 6 + 3 + 3 = 12 - 3 = 9 -> 4 Critical damage,
    # Energy (not the Sword's Rending)
    data = with_fields(scenario(FORCE_SWORD, wounds=5, dice=[23, 6]), psy_rating=3)
    crit = resolve_ok(data)["hits"][0]["critical"]
    assert crit == {"amount": 4, "total": 4, "damage_type": "Energy", "location": "Body"}


def test_force_dh1() -> None:
    refused("dh1", "Force")


@pytest.mark.parametrize(
    ("psy", "damage", "pen", "wounds", "critical"),
    [
        # Knife 1d10+2 Pen 2, WS 40, roll 23 -> DoS 1, Body AP 4, 5 wounds; d10 6 + 2 + SB 4 = 12
        (0, 12, 2, 6, 1),  # not a psyker: armour 4 - 2 = 2 -> 12 - 2 - TB 4 = 6 -> 1 Critical
        (3, 15, 5, 11, 6),  # psy rating 3: 12 + 3 = 15, Pen 5 -> armour 0 -> 15 - 4 = 11 -> 6 Critical
    ],
)
def test_force_dw(psy: int, damage: int, pen: int, wounds: int, critical: int) -> None:
    knife = weapon(dw.KNIFE, name="Force Knife", qualities=["Force"])
    data = with_fields(dw.scenario(knife, armour={"Body": 4}, wounds=5, dice=[23, 6]), psy_rating=psy)
    hit = dw.attack(data)["hits"][0]
    assert (hit["damage"], hit["penetration"], hit["wounds"]) == (damage, pen, wounds)
    # the knife's Rending stays: Deathwatch's Force has no Energy reading
    assert (hit["critical"]["amount"], hit["critical"]["damage_type"]) == (critical, "Rending")
