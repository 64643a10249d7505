"""The order in which stacked weapon qualities apply, pinned.

Each test is a hand-worked attack whose answer differs when two qualities apply the other way round,
with the arithmetic in its comments and the rule (seed line, or book chapter and section) that puts
them in this order. The order lives in the hooks' ``order`` in ``rules/d100/qualities.py`` (Pen:
additions, then the doublings and Lance; the clamp of each damage die; hits; ammunition) and in the
stages of ``rules/d100/stages/`` (armour and damage in ``damage.py``, the damage dice and the
degrees' die in ``damage_dice.py``, hits in ``hits.py``, jams in ``test.py``). Where a ruleset lacks a quality, its test is
left out (DH1 has none of the Pen qualities: its Pen order is the armour doubling's).

The scenarios come from the ``*_scenarios`` builders, driven through ``rules.run`` as the page and
the CLI drive it. Defaults (see each builder): DH2 and DH1 BS/WS 40, SB 3, TB 3, 20 wounds; Deathwatch
BS/WS 40, SB 4, TB 4. DH2 degrees are tens digits (target - roll) + 1 and a success replaces one
damage die with its degrees where that gives more wounds; DH1 and Deathwatch count whole tens of
margin. Hit location: the roll reversed (23 -> 32 Body, 50 -> 05 Head, 33 -> Body).
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
import pytest
from dh2_scenarios import LASGUN, SWORD, resolve_ok, scenario, weapon


def with_fields(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """Set scenario fields the builders have no argument for: ``psy_rating`` on the attacker,
    ``maximal`` on the action."""
    if "psy_rating" in fields:
        data["attacker"]["psy_rating"] = fields["psy_rating"]
    if "maximal" in fields:
        data["action"]["maximal"] = fields["maximal"]
    return data


def only_hit(res: dict[str, Any]) -> dict[str, Any]:
    [hit] = res["hits"]
    return hit


def dice_of(hit: dict[str, Any]) -> list[tuple[int, int, bool]]:
    """A hit's damage dice as (natural, value counted, kept)."""
    return [(d["natural"], d["value"], d["kept"]) for d in hit["dice"]]


# --- Pen: Force and Maximal add before Lance, Razor Sharp and Melta multiply ---------------------------------
# DH2 Core, Ch. V: Force raises the weapon's damage and Pen by the psy rating, Maximal's setting is a profile
# with +2 Pen; Razor Sharp and Melta double "the weapon's Penetration" and Lance adds "its base value" once per
# degree: the Pen they double or multiply is the weapon's Pen as it is fired, additions included (the
# stacked qualities' example). Deathwatch reads Force (DW Core, Ch. V, Force Weapons) and Razor Sharp (seed 001, Weapon Qualities:
# "double the weapon's Penetration") the same way.


def test_pen_force_before_razor_sharp_dh2() -> None:
    # The stacked qualities' Force sword: Pen 2, psy rating 3, Razor Sharp, Body AP 10. WS 90 + 10 (Standard Attack) = 100;
    # roll 33 -> DoS 10 - 3 + 1 = 8, reversed 33 Body. Damage d10 8 (not below the 8 DoS) + SB 3 + Force 3 = 14.
    # Force first: Pen (2 + 3) x 2 = 10 -> armour 0 -> 14 - 0 - TB 3 = 11 wounds.
    # Force after:  Pen 2 x 2 + 3 = 7   -> armour 3 -> 14 - 3 - 3 = 8 wounds.
    sword = weapon(SWORD, name="Force Sword", pen=2, qualities=["Force", "Razor Sharp"])
    res = resolve_ok(with_fields(scenario(sword, WS=90, armour={"Body": 10}, dice=[33, 8]), psy_rating=3))
    assert res["degrees"] == 8
    hit = only_hit(res)
    assert (hit["damage"], hit["penetration"], hit["effective_armour"], hit["wounds"]) == (14, 10, 0, 11)


def test_pen_force_before_razor_sharp_dw() -> None:
    # Deathwatch Razor Sharp doubles from two degrees. Knife 1d10+2 Pen 2 with Force and Razor Sharp, psy
    # rating 3, Body AP 10. WS 50 + 0 (DW Standard Attack) = 50; roll 23 -> DoS (50 - 23) // 10 = 2, Body.
    # Damage d10 6 + 2 + SB 4 + Force 3 = 15.
    # Force first: Pen (2 + 3) x 2 = 10 -> armour 0 -> 15 - TB 4 = 11 wounds.
    # Force after:  Pen 2 x 2 + 3 = 7   -> armour 3 -> 15 - 3 - 4 = 8 wounds.
    knife = weapon(dw.KNIFE, name="Force Knife", qualities=["Force", "Razor Sharp"])
    res = dw.attack(with_fields(dw.scenario(knife, WS=50, armour={"Body": 10}, dice=[23, 6]), psy_rating=3))
    assert (res["target_number"], res["degrees"]) == (50, 2)
    hit = only_hit(res)
    assert (hit["damage"], hit["penetration"], hit["effective_armour"], hit["wounds"]) == (15, 10, 0, 11)


def test_pen_maximal_before_lance_dh2() -> None:
    # A Lance weapon fired on Maximal (DH2 Core, Ch. V, Maximal: +2 Pen): Pen 4, Head AP 12. 60 m is the
    # Standard band even of the 110 m Maximal range: 40 + 10 = 50; roll 50 -> DoS 1, reversed 05 Head.
    # Damage d10 6 + Maximal d10 7 + 3 = 16.
    # Maximal first: Pen (4 + 2) x (1 + 1) = 12 -> armour 0 -> 16 - 3 = 13 wounds.
    # Maximal after:  Pen 4 x 2 + 2 = 10        -> armour 2 -> 16 - 2 - 3 = 11 wounds.
    gun = weapon(LASGUN, name="Lance Plasma", pen=4, qualities=["Maximal", "Lance"])
    res = resolve_ok(with_fields(scenario(gun, armour={"Head": 12}, dice=[50, 6, 7]), maximal=True))
    hit = only_hit(res)
    assert (hit["location"], hit["damage"], hit["penetration"], hit["wounds"]) == ("Head", 16, 12, 13)


def test_pen_maximal_before_melta_dh2() -> None:
    # A Melta weapon on Maximal at Short range (under half of the 110 m Maximal range; DH2 Core, Ch. V, Melta):
    # Pen 4, Body AP 12. 40 + 10 + 10 (Short) = 60; roll 23 -> DoS 6 - 2 + 1 = 5, Body.
    # Damage d10 6 + Maximal d10 7 + 3 = 16 (both dice above the 5 DoS).
    # Maximal first: Pen (4 + 2) x 2 = 12 -> armour 0 -> 16 - 3 = 13 wounds.
    # Maximal after:  Pen 4 x 2 + 2 = 10  -> armour 2 -> 11 wounds.
    gun = weapon(LASGUN, name="Maximal Melta", pen=4, qualities=["Maximal", "Melta"])
    res = resolve_ok(with_fields(scenario(gun, distance=20, armour={"Body": 12}, dice=[23, 6, 7]), maximal=True))
    assert (res["range_band"], res["degrees"]) == ("Short", 5)
    hit = only_hit(res)
    assert (hit["damage"], hit["penetration"], hit["wounds"]) == (16, 12, 13)


def test_graviton_adds_the_armour_before_pen_reduces_it_dh2() -> None:
    # DH2 Core, Ch. V, Graviton: extra damage equal to the armour points of the location struck: the
    # location's AP as it stands, not what is left of it after Pen. Lasgun Pen 4, Body AP 6; roll 23 -> Body;
    # damage d10 6 + 3 = 9.
    # AP first: 9 + Graviton 6 - (6 - 4) - TB 3 = 10 wounds.
    # Pen first: 9 + Graviton 2 (the AP left) - 2 - 3 = 6 wounds.
    gun = weapon(LASGUN, pen=4, qualities=["Graviton"])
    hit = only_hit(resolve_ok(scenario(gun, armour={"Body": 6}, dice=[23, 6])))
    assert (hit["graviton"], hit["effective_armour"], hit["wounds"]) == (6, 2, 10)


# --- armour: doubled (Primitive) before Pen reduces it --------------------------------------------------------
# Seed 003, Weapon Qualities (Primitive: "All armour points are double, unless the armour is also Primitive")
# and seed 001, Weapon Qualities (Primitive: "AP doubled"); Pen then reduces the armour as in every attack
# (DH1 Core, Ch. VIII, Damage; seed 001, Armour). Doubling after Pen would double only what Pen leaves.


def test_primitive_doubles_the_armour_before_pen_dh1() -> None:
    # Sword 1d10 Pen 3 with Primitive, Body AP 4. WS 40 + 0 = 40, roll 23 -> DoS 1, Body; damage 6 + SB 3 = 9.
    # Doubled first: armour 2 x 4 - 3 = 5 -> 9 - 5 - 3 = 1 wound.
    # Pen first:     armour 2 x (4 - 3) = 2 -> 9 - 2 - 3 = 4 wounds.
    club = weapon(dh1.SWORD, name="Primitive Blade", pen=3, qualities=["Primitive"])
    hit = only_hit(resolve_ok(dh1.scenario(club, armour={"Body": 4}, dice=[23, 6])))
    assert (hit["damage"], hit["effective_armour"], hit["wounds"]) == (9, 5, 1)


def test_primitive_doubles_the_armour_before_pen_dw() -> None:
    # Primitive Weapon 1d10 with Pen 3, Body AP 4. WS 40, roll 23 -> Body; damage 6 + SB 4 = 10.
    # Doubled first: armour 2 x 4 - 3 = 5 -> 10 - 5 - TB 4 = 1 wound.
    # Pen first:     armour 2 x (4 - 3) = 2 -> 10 - 2 - 4 = 4 wounds.
    hit = only_hit(dw.attack(dw.scenario(weapon(dw.CLUB, pen=3), armour={"Body": 4}, dice=[23, 6])))
    assert (hit["damage"], hit["effective_armour"], hit["wounds"]) == (10, 5, 1)


# --- damage dice: Primitive, Proven, Tearing, Maximal, Accurate and the degrees' die -----------------------------


def test_primitive_caps_the_dice_before_the_degrees_replace_one_dh2() -> None:
    # Seed 004, Step Four: the degrees of success replace the result on one damage die; DH2 Core, Ch. V,
    # Primitive (X) caps what a die rolled counts. Auspex caps the rolled dice, then lets the degrees replace one
    # (uncapped). BS 90 + 10 = 100, roll 13 -> DoS 10 - 1 + 1 = 10, reversed 31 Body. Primitive (7), d10 3.
    # Cap first:         3 -> 3, the degrees replace it with 10 -> 10 + 3 = 13 damage, 13 - 3 = 10 wounds.
    # Degrees first:     3 -> 10, capped to 7 -> 7 + 3 = 10 damage, 7 wounds.
    gun = weapon(LASGUN, qualities=["Primitive (7)"])
    hit = only_hit(resolve_ok(scenario(gun, BS=90, dice=[13, 3])))
    assert (hit["damage"], hit["wounds"]) == (13, 10)
    assert hit["dice"][0]["natural"] == 3 and hit["dice"][0]["value"] == 10
    assert hit["dice"][0]["replaced_by_degrees"] is True


def test_proven_raises_the_dice_before_tearing_drops_the_lowest_dh2() -> None:
    # DH2 Core, Ch. V, Proven (X): a die under X counts as X; Tearing: roll one more die and remove the lowest.
    # Proven (3), d10 1 and Tearing d10 2; roll 50 -> DoS 1 (replaces nothing), Head.
    # Proven first: 1 -> 3 and 2 -> 3, a tie: the later die (Tearing's) goes; the weapon's die counts 3.
    # Tearing first: the 1 goes, the Tearing die's 2 counts 3. Same 3 + 3 = 6 damage, but the other die kept.
    gun = weapon(LASGUN, qualities=["Proven (3)", "Tearing"])
    hit = only_hit(resolve_ok(scenario(gun, dice=[50, 1, 2])))
    assert dice_of(hit) == [(1, 3, True), (2, 3, False)]
    assert (hit["damage"], hit["wounds"]) == (6, 3)


def test_primitive_tie_keeps_the_weapon_die_natural_10_dh2() -> None:
    # Primitive (7) with Tearing: the weapon's d10 10 and Tearing's 8 both count 7 (Primitive first); the tie
    # drops the later die, so the kept natural 10 causes Righteous Fury (DH2 Core, Ch. V, Primitive: "a natural
    # 10 still causes Righteous Fury"); its d5 comes from the next d10 (4 -> 2). 7 + 3 - 3 = 7 wounds.
    gun = weapon(LASGUN, qualities=["Primitive (7)", "Tearing"])
    hit = only_hit(resolve_ok(scenario(gun, dice=[50, 10, 8, 4])))
    assert dice_of(hit) == [(10, 7, True), (8, 7, False)]
    assert hit["wounds"] == 7
    assert hit["righteous_fury"] is not None


def test_primitive_tie_keeps_the_tearing_die_natural_10_dh2() -> None:
    # The same dice the other way round: weapon d10 8, Tearing d10 10, both count 7. Today the 10 (the later die)
    # is dropped and no Fury is rolled; the dice are interchangeable, so the answer should not depend on which
    # one Tearing added.
    gun = weapon(LASGUN, qualities=["Primitive (7)", "Tearing"])
    hit = only_hit(resolve_ok(scenario(gun, dice=[50, 8, 10, 4])))
    assert hit["righteous_fury"] is not None


def test_the_degrees_replace_a_die_before_tearing_drops_the_lowest_dh2() -> None:
    # Seed 004, Step Four: the degrees replace "the result on a single damage die"; DH2 Core, Ch. V, Tearing: roll
    # one more die and remove the lowest result. Auspex lets the degrees replace any die rolled, Tearing's included,
    # and then drops the lowest of the results. Roll 23 -> DoS 4, Body; d10 1 and Tearing d10 2.
    # Degrees first: the 1 becomes 4, the 2 is dropped -> 4 + 3 = 7 damage, 4 wounds.
    # Tearing first: the 1 is dropped, the kept 2 becomes 4 -> the same 7, but the other die replaced and kept
    # (what the resolution's dice say, and which natural 10 would count for Righteous Fury).
    hit = only_hit(resolve_ok(scenario(weapon(LASGUN, qualities=["Tearing"]), dice=[23, 1, 2])))
    assert [(d["natural"], d["value"], d["kept"], d["replaced_by_degrees"]) for d in hit["dice"]] == [
        (1, 4, True, True),
        (2, 2, False, False),
    ]
    assert (hit["damage"], hit["wounds"]) == (7, 4)


def test_tearing_drops_the_lowest_of_the_weapon_and_maximal_dice_dh2() -> None:
    # DH2 Core, Ch. V, Maximal: +1d10 damage, one more die of the weapon's damage; Tearing then rolls one
    # more die and removes the lowest of them all. Pen 4; roll 50 -> DoS 1, Head; d10 8, Maximal d10 2,
    # Tearing d10 5.
    # Maximal's die in the pool: the 2 goes -> 8 + 5 + 3 = 16 damage, Pen 4 + 2 = 6 vs AP 0 -> 13 wounds.
    # Tearing on the weapon's die alone: 8 vs 5, the 5 goes, + Maximal 2 -> 8 + 2 + 3 = 13 damage.
    gun = weapon(LASGUN, pen=4, qualities=["Maximal", "Tearing"])
    hit = only_hit(resolve_ok(with_fields(scenario(gun, dice=[50, 8, 2, 5]), maximal=True)))
    assert dice_of(hit) == [(8, 8, True), (2, 2, False), (5, 5, True)]
    assert (hit["damage"], hit["wounds"]) == (16, 13)


def test_tearing_drops_before_accurate_dice_are_added_dh2() -> None:
    # DH2 Core, Ch. V, Accurate: an aimed single shot from a Basic weapon adds 1d10 per two degrees beyond the
    # first; those are Accurate's dice, not the weapon's damage dice that Tearing rolls one more of.
    # BS 40 + 10 + 20 (Full Aim) + 10 (Accurate) = 80; roll 50 -> DoS 8 - 5 + 1 = 4 -> (4 - 1) // 2 = 1 Accurate
    # d10. Dice: d10 7, Tearing 6, Accurate 5 (every die above the 4 DoS, so none is replaced).
    # Tearing first:     7 vs 6, the 6 goes; + Accurate 5 -> 7 + 5 + 3 = 15 damage, 12 wounds.
    # Accurate in pool:  the 5 goes -> 7 + 6 + 3 = 16 damage.
    gun = weapon(LASGUN, qualities=["Accurate", "Tearing"])
    res = resolve_ok(scenario(gun, aim="full", dice=[50, 7, 6, 5]))
    assert (res["target_number"], res["degrees"]) == (80, 4)
    hit = only_hit(res)
    assert dice_of(hit) == [(7, 7, True), (6, 6, False), (5, 5, True)]
    assert (hit["damage"], hit["wounds"]) == (15, 12)


def test_tearing_drops_before_accurate_dice_are_added_dw() -> None:
    # DW Core, Ch. V, Accurate: one extra d10 per two degrees (at most two) on an aimed single shot. BS 40 + 20
    # (Full Aim) + 10 (Accurate) = 70; roll 23 -> DoS 4 -> 2 Accurate d10s. Dice: d10 7, Tearing 6, Accurate 2, 2.
    # The 4 DoS are the minimum of one die (DW Core, Ch. VIII, Attacker Determines Damage): an Accurate 2 counts 4.
    # Tearing first:    the 6 goes -> 7 + 4 + 2 + 3 = 16 damage, 16 - TB 4 = 12 wounds.
    # Accurate in pool: a 2 goes   -> 7 + 6 + 4 + 3 = 20 damage.
    gun = weapon(dw.AUTOGUN, qualities=["Accurate", "Tearing"])
    res = dw.attack(dw.scenario(gun, aim="full", dice=[23, 7, 6, 2, 2]))
    assert (res["target_number"], res["degrees"]) == (70, 4)
    hit = only_hit(res)
    assert dice_of(hit) == [(7, 7, True), (6, 6, False), (2, 4, True), (2, 2, True)]
    assert (hit["damage"], hit["wounds"]) == (16, 12)


def test_best_craftsmanship_and_force_add_to_the_damage_before_it_is_floored_dh2() -> None:
    # Seed 004, Step Four: damage is the dice plus the weapon's modifier (and SB in melee); Best craftsmanship
    # (+1, DH2 Core, Ch. V, Craftsmanship) and Force (+ psy rating) add to that total before it is floored at 0,
    # so one flat sum. A 1d5-6 Force sword of Best craftsmanship (+10 WS too), psy rating 2, SB 3: WS 40 + 10 + 10
    # = 60, roll 23 -> DoS 6 - 2 + 1 = 5, above the d5's 1, so the degrees replace it: 5.
    # One sum:                          5 - 6 + SB 3 + Best 1 + Force 2 = 5 damage -> 5 - TB 3 = 2 wounds.
    # The weapon's own part floored first: max(0, 5 - 6) + 3 + 1 + 2 = 6 damage -> 3 wounds.
    knife = weapon(SWORD, name="Best Force Knife", damage="1d5-6", qualities=["Force"], craftsmanship="Best")
    hit = only_hit(resolve_ok(with_fields(scenario(knife, dice=[23, 1]), psy_rating=2)))
    assert (hit["damage"], hit["wounds"]) == (5, 2)


def test_unstable_doubles_the_whole_damage_before_armour_and_toughness_dh1() -> None:
    # DH1 Core, Ch. V, Unstable: the hit's damage is halved or doubled (1d10: 1 half, 10 double); the damage is the
    # dice and what adds to them (SB), and armour and TB come off after (seed 003, Attack steps 3 and 4).
    # Blade 1d10+2, SB 3, Body AP 4: roll 23 -> Body; d10 6 -> 6 + 2 + 3 = 11; Unstable d10 10: double.
    # Whole damage doubled first: 22 - 4 - TB 3 = 15 wounds.
    # The dice alone doubled: 12 + 2 + 3 = 17 -> 10. Doubled after armour and TB: (11 - 4 - 3) x 2 = 8.
    blade = weapon(dh1.SWORD, name="Unstable Blade", damage="1d10+2", qualities=["Unstable"])
    hit = only_hit(resolve_ok(dh1.scenario(blade, armour={"Body": 4}, dice=[23, 6, 10])))
    assert (hit["damage"], hit["effective_armour"], hit["wounds"]) == (22, 4, 15)


# --- hits: Twin-Linked and Scatter before Storm doubles, Blast last against a Horde ------------------------------
# DH2 Core, Ch. V, Storm: "doubles the number of hits" the attack scores; Twin-Linked's extra hit is one of them
# (DH2 Core, Ch. V, Twin-Linked; DH1 Ascension, Armoury; seed 001, Weapon Qualities: Twin-linked "may score one
# additional hit", Storm "doubles the number of hits inflicted on the target").


@pytest.mark.parametrize(
    ("build", "gun", "roll", "target", "degrees"),
    [
        # DH2: 40 + 10 + Twin-Linked 20 = 70, roll 50 -> DoS 7 - 5 + 1 = 3 (at least 2)
        (scenario, LASGUN, 50, 70, 3),
        # DH1 and Deathwatch: 40 + 0 + 20 = 60, roll 40 -> DoS (60 - 40) // 10 = 2
        (dh1.scenario, dh1.LASGUN, 40, 60, 2),
        (dw.scenario, dw.AUTOGUN, 40, 60, 2),
    ],
    ids=["dh2", "dh1", "dw"],
)
def test_twin_linked_hit_before_storm_doubles(
    build: Any, gun: dict[str, Any], roll: int, target: int, degrees: int
) -> None:
    # A single shot: 1 hit; Twin-Linked +1 = 2; Storm doubles -> 4, within the 1 x 2 (Storm) x 2 (Twin-Linked) = 4
    # rounds fired. Storm first: 1 x 2 + 1 = 3 hits.
    res = resolve_ok(build(weapon(gun, qualities=["Storm", "Twin-Linked"]), dice=[roll, 5, 5, 5, 5]))
    assert (res["target_number"], res["degrees"]) == (target, degrees)
    assert (res["hits_scored"], res["rounds_fired"], len(res["hits"])) == (4, 4, 4)


@pytest.mark.parametrize(
    ("build", "gun"),
    [(dh1.scenario, dh1.SHOTGUN), (dw.scenario, weapon(dw.AUTOGUN, name="Shotgun", range=30, rof="S/-/-"))],
    ids=["dh1", "dw"],
)
def test_scatter_hits_at_point_blank_are_not_lost_to_storm(build: Any, gun: dict[str, Any]) -> None:
    # Seed 003 / seed 001, Scatter: at Point Blank every two degrees score another hit. At 2 m, roll 20 ->
    # 5 degrees: 1 + 5 // 2 = 3 hits without Storm (one round fired). With Storm (two rounds), today 2.
    plain = resolve_ok(build(weapon(gun, qualities=["Scatter"]), distance=2, dice=[20] + [5] * 8))
    assert plain["hits_scored"] == 3
    storm = resolve_ok(build(weapon(gun, qualities=["Scatter", "Storm"]), distance=2, dice=[20] + [5] * 8))
    assert storm["hits_scored"] >= plain["hits_scored"]


def test_horde_twin_linked_hit_before_blast_multiplies_before_explosive_adds_dw() -> None:
    # Seed 001, Hordes: a Blast (X) weapon that hits a Horde "hits a number of times equal to its Blast value",
    # and Explosive damage "count[s] as having inflicted one additional Hit". Frag missile 2d10 X Blast (3) with
    # Twin-Linked: BS 40 + 20 (Twin-Linked) + the Horde's size bonus -> 100; roll 50 -> DoS 5: 1 hit + Twin-Linked 1
    # = 2; Blast x 3 = 6; Explosive + 1 = 7 hits.
    # Blast before Twin-Linked: 1 x 3 + 1 + 1 = 5. Explosive before Blast: (2 + 1) x 3 = 9.
    launcher = weapon(dw.MISSILE_LAUNCHER, qualities=["Blast (3)", "Twin-Linked"])
    res = dw.attack(dw.scenario(launcher, horde={"magnitude": 30, "armour": 0}, dice=[50] + [5] * 14))
    assert (res["target_number"], res["degrees"]) == (100, 5)
    assert res["hits_scored"] == 7
    assert len(res["hits"]) == 7


# --- jams: craftsmanship before Reliable and Unreliable; Overheats before all -------------------------------------
# Each ruleset decides the weapon's standing first (craftsmanship, untrained use) and then reads its jam range:
# DH2 Core, Ch. V, Craftsmanship (Poor: the weapon counts as Unreliable; Good: as Reliable, or it loses
# Unreliable); DH1 Core, Ch. V, Craftsmanship and Ch. IV, Weapon Training (untrained: Unreliable); seed 001,
# Weapon Craftsmanship ("Poor ... Jam on any failed to hit roll") and Reliable ("If Jam, roll 1d10 and only on roll
# of 10 has it Jammed"); Overheats replaces the jam check (DH2 Core, Ch. V, Overheats: "instead of jamming").


def test_poor_craftsmanship_makes_reliable_unreliable_dh2() -> None:
    # Poor Reliable Lasgun, 40 + 10 = 50: Poor first makes it Unreliable (jams on 91-100) and Reliable no longer
    # counts: 92 jams. Reliable first: jams only on 100, so 92 is a plain miss.
    res = resolve_ok(scenario(weapon(LASGUN, qualities=["Reliable"], craftsmanship="Poor"), dice=[92]))
    assert (res["outcome"], res["jammed"], len(res["dice"])) == ("jam", True, 1)


def test_poor_craftsmanship_makes_reliable_unreliable_dh1() -> None:
    # DH1 reads Reliable as a d10 on a jam, but Poor first makes the Lasgun Unreliable (91-100) and Reliable's d10
    # is not rolled: 92 jams, one die used. Reliable first: 92 is under the plain 96 (no jam), or a d10 on a jam.
    res = resolve_ok(dh1.scenario(weapon(dh1.LASGUN, qualities=["Reliable"], craftsmanship="Poor"), dice=[92, 5]))
    assert (res["outcome"], res["jammed"]) == ("jam", True)
    assert [d["purpose"] for d in res["dice"]] == ["to-hit d100"]


@pytest.mark.parametrize(("d10", "jammed"), [(5, False), (10, True)])
def test_poor_craftsmanship_jam_then_reliable_d10_dw(d10: int, jammed: bool) -> None:
    # Deathwatch's Poor weapon jams on any failed roll, and then Reliable's 1d10 decides (only a 10 jams; see
    # rules/data/dw/tables.json's craftsmanship note). Poor Reliable Lasgun: 40 - 10 (Poor) + 0 = 30; roll 60
    # fails -> Poor jam -> Reliable d10: 5 no jam (a plain miss), 10 jams.
    # Reliable before Poor: the d10 would be rolled only on 96-100, and 60 would jam outright.
    res = dw.attack(dw.scenario(weapon(dw.LASGUN, craftsmanship="Poor"), dice=[60, d10]))
    assert res["target_number"] == 30
    assert (res["outcome"], res["jammed"]) == ("jam" if jammed else "miss", jammed)
    assert [d["purpose"] for d in res["dice"]] == ["to-hit d100", "Reliable jam d10"]


def test_good_craftsmanship_removes_unreliable_dh2() -> None:
    # Good Unreliable Lasgun at 50: Good first removes Unreliable, so the jam range is the plain 96-100 and 92 is a
    # miss. Unreliable read last: 92 jams.
    res = resolve_ok(scenario(weapon(LASGUN, qualities=["Unreliable"], craftsmanship="Good"), dice=[92]))
    assert (res["outcome"], res["jammed"]) == ("miss", False)


def test_untrained_unreliable_then_good_craftsmanship_removes_it_dh1() -> None:
    # DH1: a ranged weapon used without its Weapon Training counts as Unreliable (and -20); a Good one then loses
    # Unreliable. 40 - 20 = 20; 92 misses without a jam. Good first, untrained after: Unreliable, 92 jams.
    good = resolve_ok(dh1.scenario(weapon(dh1.LASGUN, craftsmanship="Good", trained=False), dice=[92]))
    assert (good["target_number"], good["outcome"], good["jammed"]) == (20, "miss", False)
    common = resolve_ok(dh1.scenario(weapon(dh1.LASGUN, trained=False), dice=[92]))
    assert (common["outcome"], common["jammed"]) == ("jam", True)


def test_overheats_before_poor_craftsmanship_dw() -> None:
    # An Overheats weapon makes the overheat check instead of the jam check, so Deathwatch's Poor jam on any failed
    # roll is never read: Poor plasma gun, 40 - 10 = 30, roll 60 fails: a miss, neither jammed nor overheated.
    # Poor read first: 60 jams.
    gun = weapon(dw.PLASMA_GUN, qualities=["Overheats"], craftsmanship="Poor")
    res = resolve_ok(dw.scenario(gun, dice=[60]))
    assert (res["outcome"], res["jammed"], res["overheated"]) == ("miss", False, False)


def test_overheats_before_poor_craftsmanship_dh2() -> None:
    # DH2's Poor weapon that is already Unreliable jams on any failed attack (DH2 Core, Ch. V, Craftsmanship); an
    # Overheats weapon makes the overheat check instead (Overheats: "instead of jamming"). Poor Unreliable
    # Overheats Lasgun at 50, roll 60 fails: a miss, neither jammed nor overheated. Poor read first: 60 jams.
    gun = weapon(LASGUN, qualities=["Overheats", "Unreliable"], craftsmanship="Poor")
    res = resolve_ok(scenario(gun, dice=[60]))
    assert (res["outcome"], res["jammed"], res["overheated"]) == ("miss", False, False)
