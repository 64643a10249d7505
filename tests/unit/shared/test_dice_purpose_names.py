"""Each die says what it is for, and a nearby foe's dice carry the foe's name:
"Gretchin hit 3 damage d10", not "person 1 hit 3 damage d10", so a player rolling a burst's dice
by hand knows whose damage the die is. The others caught in a Blast have no name of their own (the
target's profile): theirs stay "person N"."""

from __future__ import annotations

from dh1_scenarios import LASGUN
from dh1_scenarios import scenario as dh1
from dw_scenarios import AUTOGUN, attack, die_order, resolve_ok, scenario, weapon

GRETCHIN = {"name": "Gretchin", "toughness_bonus": 2, "wounds": 5, "hits": 1}


def test_a_nearby_foes_damage_die_carries_its_name() -> None:
    # Autogun full auto, BS 40 + 20 = 60; 33 -> 2 DoS -> 3 hits; the Gretchin takes the last (its
    # location d100 71); the Ork's two d10 1, 1, the Gretchin's d10 5.
    res = attack(scenario(action="Full Auto Burst", nearby=[GRETCHIN], dice=[33, 71, 1, 1, 5]))
    assert die_order(res) == [
        "to-hit d100",
        "Gretchin: hit location d100",
        "hit 1 damage d10",
        "hit 2 damage d10",
        "Gretchin hit 3 damage d10",
    ]


def test_every_die_of_a_nearby_foes_hit_names_the_foe() -> None:
    # The same burst with Tearing (a second d10 per hit, the lowest dropped) and a Righteous Fury on
    # the Gretchin's hit: its damage d10 10, Tearing 5, the confirmation d100 4 (under 60: confirmed),
    # the Fury's extra d10 3. Every die of hit 3 starts with the foe's name.
    gun = weapon(AUTOGUN, qualities=["Tearing"])
    res = attack(scenario(gun, action="Full Auto Burst", nearby=[GRETCHIN], dice=[33, 71, 1, 5, 1, 5, 10, 5, 4, 3]))
    assert [d["purpose"] for d in res["dice"] if "hit 3" in d["purpose"]] == [
        "Gretchin hit 3 damage d10",
        "Gretchin hit 3 Tearing d10",
        "Gretchin hit 3 Righteous Fury confirmation d100",
        "Gretchin hit 3 Righteous Fury d10 (1)",
    ]
    assert not any(d["purpose"].startswith("person ") for d in res["dice"])


def test_a_nearby_foes_quality_test_names_the_foe() -> None:
    # Concussive: each struck person tests Toughness (the target's T 40, the profile nearby foes
    # share); damage d10 5 on every hit, then the three tests in hit order, the Gretchin's last.
    gun = weapon(AUTOGUN, qualities=["Concussive"])
    res = attack(
        scenario(gun, action="Full Auto Burst", nearby=[GRETCHIN], target_T=40, dice=[33, 71, 5, 5, 5, 50, 50, 50])
    )
    assert [d["purpose"] for d in res["dice"] if "Toughness test" in d["purpose"]] == [
        "Concussive Toughness test d100",
        "Concussive Toughness test d100",
        "Gretchin Concussive Toughness test d100",
    ]


def test_the_others_in_a_blast_stay_numbered() -> None:
    # DH1, a Blast (4) shot with one other caught: 10 hits, the other's location d100 50; the
    # target's d10 4, the other's d10 10 (a Righteous Fury: confirmation 3, extra d10 4). The other
    # has no name of its own: "person 1" on its damage die, and its Fury's dice as before.
    res = resolve_ok(dh1(weapon(LASGUN, name="Frag", qualities=["Blast (4)"]), others=1, dice=[10, 50, 4, 10, 3, 4]))
    assert [d["purpose"] for d in res["dice"]] == [
        "to-hit d100",
        "Blast: person 1 hit location d100",
        "hit 1 damage d10",
        "person 1 hit 2 damage d10",
        "hit 2 Righteous Fury confirmation d100",
        "hit 2 Righteous Fury d10 (1)",
    ]
