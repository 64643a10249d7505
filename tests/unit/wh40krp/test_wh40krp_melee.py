"""The fan-made Warhammer 40,000 Roleplay: hand-to-hand, effective initiative, parries.

Seed 000, Hand-to-hand combat: "roll to hit as normal using the character's WS. BS is not used even
for a firearm in combat." Combat Modifiers (run together in the seed, read row by row): Charging +10,
Advantage of higher ground +10, Winning combat in previous round +10, Opponent behind obstacle -10,
Each engaged opponent above 1 -10, Using a weapon wrong-handed -10, Unarmed -20, Using a basic weapon
(unless fitted with bayonet) -20, Using a weapon in each hand -10, Wearing Terminator/Power Armour +10.
"Once the blow has landed ... Roll for [penetration] exactly as if the character was using a ranged
weapon." Parrying: "a successful parry (rolling under WS as normal) reduces the chance of penetrating
armour by the targets WS. A target without armour counts as having primitive armour with a penetration
value of WS%." Effective Initiative: "Divide the creature's Initiative at the start of the round by the
number of Attacks which it can make. Its blows will then fall at regular intervals throughout the round
(round fractions up)." The example: "An Eldar Harlequin with I 72, is facing a hive world gang leader
with I 30. The Harlequin has 3 Attacks, the gang leader has 2. The Harlequin's three Attacks take place
at I 72, 48, and 24; and two replies from the gang leader are at I 30 and 15. Thus, the sequence of
attacks is: Eldar (72), Eldar (48), Human (30), Eldar (24), Human (15)."

Readings (module docstring): blow k of A falls at I x k / A rounded up; equal initiatives strike in order
of full Initiative; an unarmoured target's "WS%" is the attacker's WS; a parry succeeds on a roll equal
or under the defender's WS.

Defaults (wh40krp_scenarios): WS 40, I 30, 1 Attack, the Sword (illustrative: primitive +10, physical 0,
energy -20); an unarmoured target. A blow roll of 90 misses every chance below.
"""

from __future__ import annotations

from typing import Any

import pytest
from wh40krp_scenarios import (
    AUTOGUN,
    HEAVY_STUBBER,
    SWORD,
    armour,
    chances,
    errors_of,
    layers,
    mods,
    purposes,
    resolve,
    scenario,
    step_text,
    weapon,
)

from rules.wh40krp.readings import blow_order, effective_initiative


def melee(**overrides: Any) -> dict[str, Any]:
    """A hand-to-hand round with the Sword (unless another weapon is given)."""
    overrides.setdefault("weapon", SWORD)
    return scenario(actions=["melee"], **overrides)


# --- effective initiative ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("initiative", "attacks", "times"),
    [
        (72, 3, [72, 48, 24]),  # the seed's Harlequin: 72 / 3 = 24 apart
        (30, 2, [30, 15]),  # the seed's gang leader
        (30, 1, [30]),
        (35, 5, [35, 28, 21, 14, 7]),
        (40, 3, [40, 27, 14]),  # 40 x 2/3 = 26.7 -> 27; 40 x 1/3 = 13.3 -> 14 (fractions up)
        (1, 3, [1, 1, 1]),  # 2/3 -> 1, 1/3 -> 1
    ],
)
def test_effective_initiative(initiative: int, attacks: int, times: list[int]) -> None:
    assert effective_initiative(initiative, attacks) == times


def test_effective_initiative_needs_an_attack() -> None:
    with pytest.raises(ValueError):
        effective_initiative(30, 0)


def test_the_seeds_harlequin_example() -> None:
    # Eldar (72), Eldar (48), Human (30), Eldar (24), Human (15): "the Eldar gets 2 strikes before the Human"
    expected = [("Eldar", 72), ("Eldar", 48), ("Human", 30), ("Eldar", 24), ("Human", 15)]
    order = blow_order([("Eldar", 72, 3), ("Human", 30, 2)])
    assert [(b.who, b.initiative) for b in order] == expected
    # the same whichever creature is listed first
    order = blow_order([("Human", 30, 2), ("Eldar", 72, 3)])
    assert [(b.who, b.initiative) for b in order] == expected


def test_the_seeds_question_i40_a2_against_i35_a5() -> None:
    # "Should a creature with I 40 and 2 Attacks strike with both before a creature with I 35 and 5 Attacks?"
    # 40, 20 and 35, 28, 21, 14, 7: no, the second blow falls at 20
    order = blow_order([("A", 40, 2), ("B", 35, 5)])
    assert [(b.who, b.initiative) for b in order] == [
        ("A", 40),
        ("B", 35),
        ("B", 28),
        ("B", 21),
        ("A", 20),
        ("B", 14),
        ("B", 7),
    ]


def test_equal_effective_initiatives_go_to_the_higher_initiative() -> None:
    # I 60 / 2 Attacks: 60, 30; I 30, 1 Attack: 30. At 30 the creature of I 60 strikes first
    for creatures in ([("Quick", 60, 2), ("Slow", 30, 1)], [("Slow", 30, 1), ("Quick", 60, 2)]):
        order = blow_order(creatures)
        assert [(b.who, b.initiative) for b in order] == [("Quick", 60), ("Quick", 30), ("Slow", 30)]


def test_the_harlequin_example_through_a_round() -> None:
    # the Harlequin (WS 50, I 72, 3 Attacks) against the gang leader (I 30, 2 Attacks): three blows at I 72, 48
    # and 24, all missing (90, 91, 92 > 50); the round's order names the gang leader's replies too
    res = resolve(
        melee(
            attacker={"name": "Eldar Harlequin", "WS": 50, "I": 72, "A": 3},
            target={"name": "Gang Leader", "I": 30, "A": 2},
            dice=[90, 91, 92],
        )
    )
    assert [s["initiative"] for s in res["shots"]] == [72, 48, 24]
    assert res["initiative"] == [
        {"who": "Eldar Harlequin", "initiative": 72},
        {"who": "Eldar Harlequin", "initiative": 48},
        {"who": "Gang Leader", "initiative": 30},
        {"who": "Eldar Harlequin", "initiative": 24},
        {"who": "Gang Leader", "initiative": 15},
    ]
    assert step_text(res, "Effective initiative") == (
        "The round's blows: Eldar Harlequin (72), Eldar Harlequin (48), Gang Leader (30), "
        "Eldar Harlequin (24), Gang Leader (15)."
    )
    assert "strikes 3 times this round at I 72, 48, 24" in step_text(res, "Hand-to-hand")


def test_without_the_targets_initiative_no_order_is_given() -> None:
    res = resolve(melee(attacker={"I": 72, "A": 3}, dice=[90, 90, 90]))
    assert res["initiative"] == []


def test_a_target_without_attacks_strikes_once() -> None:
    # target I 50, A not given: 1 blow at 50; the attacker's I 30, 1 Attack: 30
    res = resolve(melee(target={"I": 50}, dice=[90]))
    assert res["initiative"] == [{"who": "Cultist", "initiative": 50}, {"who": "Sergeant Kell", "initiative": 30}]


# --- the WS test and the Combat Modifiers -------------------------------------------------------------------

FISTS = {"name": "Fists", "class": "Unarmed", "range": 0}


@pytest.mark.parametrize(
    ("overrides", "expected_mods", "chance"),
    [
        pytest.param({"melee": {"charging": True}}, [("Charging", 10)], 50, id="charging"),
        pytest.param({"melee": {"higher_ground": True}}, [("Higher ground", 10)], 50, id="higher-ground"),
        pytest.param({"melee": {"won_last_round": True}}, [("Won the previous round", 10)], 50, id="won-last-round"),
        pytest.param({"melee": {"behind_obstacle": True}}, [("Opponent behind an obstacle", -10)], 30, id="obstacle"),
        pytest.param({"melee": {"opponents": 2}}, [("1 engaged opponent above 1", -10)], 30, id="two-opponents"),
        pytest.param({"melee": {"opponents": 3}}, [("2 engaged opponents above 1", -20)], 20, id="three-opponents"),
        pytest.param({"wrong_hand": True}, [("Weapon used wrong-handed", -10)], 30, id="wrong-hand"),
        pytest.param({"weapon": FISTS}, [("Unarmed", -20)], 20, id="unarmed"),
        pytest.param({"weapon": AUTOGUN}, [("Basic weapon without a bayonet", -20)], 20, id="basic-weapon"),
        pytest.param({"weapon": weapon(AUTOGUN, bayonet=True)}, [], 40, id="basic-with-bayonet"),
        pytest.param({"weapon": weapon(AUTOGUN, name="Autopistol", cls="Pistol")}, [], 40, id="pistol"),
        pytest.param({"two_weapons": True}, [("A weapon in each hand", -10)], 30, id="two-weapons"),
        pytest.param(
            {"attacker": {"power_armour": True}}, [("Wearing Terminator or Power armour", 10)], 50, id="power-armour"
        ),
        pytest.param({"modifiers": [{"label": "Slippery floor", "value": -5}]}, [("Slippery floor", -5)], 35, id="gm"),
    ],
)
def test_combat_modifiers(overrides: dict[str, Any], expected_mods: list[tuple[str, int]], chance: int) -> None:
    # WS 40 + the row's modifier; one blow, 90 misses
    res = resolve(melee(dice=[90], **overrides))
    assert mods(res["shots"][0]) == expected_mods
    assert chances(res) == [chance]


def test_combat_modifiers_add_up() -> None:
    # charging +10, higher ground +10, won last round +10, obstacle -10, 3 opponents -20, wrong hand -10,
    # two weapons -10, power armour +10: 10 + 10 + 10 - 10 - 20 - 10 - 10 + 10 = -10: 40 - 10 = 30
    res = resolve(
        melee(
            attacker={"power_armour": True},
            melee={
                "charging": True,
                "higher_ground": True,
                "won_last_round": True,
                "behind_obstacle": True,
                "opponents": 3,
            },
            wrong_hand=True,
            two_weapons=True,
            dice=[90],
        )
    )
    assert sorted(v for _, v in mods(res["shots"][0])) == [-20, -10, -10, -10, 10, 10, 10, 10]
    assert chances(res) == [30]


def test_hand_to_hand_uses_ws_not_bs() -> None:
    # "BS is not used even for a firearm in combat": BS 10, WS 40, a pistol: 40%
    res = resolve(melee(weapon=weapon(AUTOGUN, name="Autopistol", cls="Pistol"), attacker={"BS": 10}, dice=[90]))
    assert chances(res) == [40]


def test_a_heavy_weapon_is_not_used_in_hand_to_hand() -> None:
    errors = errors_of(melee(weapon=HEAVY_STUBBER))
    assert list(errors) == ["attacker.weapon.class"]


def test_a_ws_test_per_attack() -> None:
    # 2 Attacks (I 30: blows at 30 and 15), WS 40. Blow 1: 30 hits (reversed 03: Head); unarmoured, so primitive
    # at the attacker's WS 40 + 10 (sword, primitive) = 50%: 45 penetrates; damage 60. Blow 2: 41 misses.
    res = resolve(melee(attacker={"A": 2}, dice=[30, 45, 60, 41]))
    assert [(s["initiative"], s["roll"], s["hit"], s["location"]) for s in res["shots"]] == [
        (30, 30, True, "Head"),
        (15, 41, False, None),
    ]
    assert purposes(res) == [
        "blow 1 WS d100",
        "blow 1 armour penetration d100",
        "blow 1 damage d100 (Chart 1)",
        "blow 2 WS d100",
    ]
    assert (res["hits"], res["penetrating_hits"], res["outcome"]) == (1, 1, "hit")


def test_a_blow_equal_to_ws_hits() -> None:
    # 40 against 40%: a hit (reversed 04: Head); penetration 50% rolled 90: stopped
    res = resolve(melee(dice=[40, 90]))
    assert (res["shots"][0]["hit"], res["shots"][0]["location"]) == (True, "Head")


def test_all_blows_missing() -> None:
    res = resolve(melee(attacker={"A": 3}, dice=[90, 90, 90]))
    assert (res["hits"], res["outcome"]) == (0, "miss")


# --- armour and parries ------------------------------------------------------------------------------------

PARRYING = {"WS": 35, "parries": 1, "armour": armour(50)}  # physical armour, basic 50%


def test_a_parry_lowers_the_penetration_chance_by_the_defenders_ws() -> None:
    # 2 Attacks, WS 40. Blow 1: 27 hits (Body); parry 30 <= WS 35: parried: 50 + 0 (sword, physical) - 35 = 15%:
    # 15 penetrates; damage 40. Blow 2: 26 hits (62: Body); no parry left: 50%: 45 penetrates; damage 50.
    res = resolve(melee(attacker={"A": 2}, target=PARRYING, dice=[27, 30, 15, 40, 26, 45, 50]))
    first, second = res["shots"]
    assert (first["parry_roll"], first["parried"]) == (30, True)
    assert layers(first) == [("armour", 15, 15, True)]
    assert (first["layers"][0]["basic"], first["layers"][0]["parry"]) == (50, 35)
    assert (second["parry_roll"], second["parried"]) == (None, None)
    assert layers(second) == [("armour", 50, 45, True)]
    assert purposes(res) == [
        "blow 1 WS d100",
        "blow 1 parry d100 (Cultist's WS 35)",
        "blow 1 armour penetration d100",
        "blow 1 damage d100 (Chart 1)",
        "blow 2 WS d100",
        "blow 2 armour penetration d100",
        "blow 2 damage d100 (Chart 1)",
    ]


def test_a_failed_parry_changes_nothing() -> None:
    # parry 36 > WS 35: failed; 50%: 45 penetrates; damage 40
    res = resolve(melee(target=PARRYING, dice=[27, 36, 45, 40]))
    shot = res["shots"][0]
    assert (shot["parried"], shot["layers"][0]["parry"]) == (False, 0)
    assert layers(shot) == [("armour", 50, 45, True)]


def test_a_parry_equal_to_ws_succeeds() -> None:
    res = resolve(melee(target=PARRYING, dice=[27, 35, 16]))
    assert res["shots"][0]["parried"] is True
    assert layers(res["shots"][0]) == [("armour", 15, 16, False)]


def test_no_parry_against_a_miss() -> None:
    # 1 parry, 2 blows: blow 1 misses (90), so the parry is kept for blow 2 (27 hits; parry 30: 15%; 15; 40)
    res = resolve(melee(attacker={"A": 2}, target=PARRYING, dice=[90, 27, 30, 15, 40]))
    assert [s["parry_roll"] for s in res["shots"]] == [None, 30]


def test_a_parry_below_0_percent_leaves_only_01() -> None:
    # armour 30 - 35 = -5%: 01 penetrates (damage 40), 02 does not
    target = {**PARRYING, "armour": armour(30)}
    res = resolve(melee(target=target, dice=[27, 30, 1, 40]))
    assert layers(res["shots"][0]) == [("armour", -5, 1, True)]
    res = resolve(melee(target=target, dice=[27, 30, 2]))
    assert layers(res["shots"][0]) == [("armour", -5, 2, False)]


def test_the_weapons_modifier_applies_by_armour_type() -> None:
    # energy armour 50: the sword's energy -20: 30%; 31 is stopped
    res = resolve(melee(target={"armour": armour(50, "energy")}, dice=[27, 31]))
    assert layers(res["shots"][0]) == [("armour", 30, 31, False)]


def test_an_unarmoured_target_counts_as_primitive_armour_at_the_attackers_ws() -> None:
    # module docstring reading: WS% is the attacker's WS (45, not the target's 30); primitive, so the sword's
    # primitive +10 applies: 55%. Blow 27 hits (Body); 55 penetrates; damage 40.
    res = resolve(melee(attacker={"WS": 45}, target={"WS": 30}, dice=[27, 55, 40]))
    layer = res["shots"][0]["layers"][0]
    assert (layer["type"], layer["basic"], layer["modifier"], layer["chance"]) == ("primitive", 45, 10, 55)
    assert "counts as primitive" in layer["name"]
    assert res["shots"][0]["penetrated"] is True


def test_an_unarmoured_target_parrying() -> None:
    # 55% as above, parried (20 <= WS 30): 55 - 30 = 25%: 25 penetrates; damage 40
    res = resolve(melee(attacker={"WS": 45}, target={"WS": 30, "parries": 1}, dice=[27, 20, 25, 40]))
    assert layers(res["shots"][0]) == [("armour", 25, 25, True)]


def test_a_parry_without_the_targets_ws_is_refused() -> None:
    errors = errors_of(melee(target={"parries": 1}, dice=[27, 30, 15, 40]))
    assert list(errors) == ["target.WS"]
