"""Dice expressions, dice sources and the order the engine consumes dice in.

Seed 004, Step Four (damage listings are a die roll plus or minus a number) and Righteous Fury
("This also includes a result of 10 when rolling 1d5"); rules/dice.py for the d5-as-halved-d10.
"""

from __future__ import annotations

import pytest
from dh2_scenarios import LASGUN, purposes, resolve_ok, scenario, weapon

from rules import DiceExpression, NeedDie, Roller, ScriptedDice, SeededDice, run

# --- dice expressions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "count", "sides", "modifier"),
    [
        ("1d10+3", 1, 10, 3),
        ("2d10+5", 2, 10, 5),
        ("1d5-3", 1, 5, -3),
        ("3d10+6", 3, 10, 6),
        ("4d10+6", 4, 10, 6),
        ("2d10", 2, 10, 0),
    ],
)
def test_dice_expression_parse_format_pair(text: str, count: int, sides: int, modifier: int) -> None:
    expr = DiceExpression.parse(text)
    assert (expr.count, expr.sides, expr.modifier) == (count, sides, modifier)
    assert expr.format() == text
    assert DiceExpression.parse(expr.format()) == expr


def test_dice_expression_count_defaults_to_one_and_spaces_are_normalised() -> None:
    assert DiceExpression.parse("d10").format() == "1d10"
    assert DiceExpression.parse(" 1d10 + 3 ").format() == "1d10+3"


@pytest.mark.parametrize("text", ["2x10", "d", "1d7", "0d10", "1d10+", "", "ten"])
def test_dice_expression_invalid_raises_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        DiceExpression.parse(text)


# --- the d5 -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("d10", "d5"),
    [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4), (9, 5), (10, 5)],
)
def test_d5_is_d10_halved_rounding_up(d10: int, d5: int) -> None:
    die = Roller(ScriptedDice([d10])).die(5, "test d5")
    assert (die.natural, die.value) == (d10, d5)


def test_d5_natural_ten_counts_for_righteous_fury() -> None:
    # d10 10 -> d5 5, and the natural 10 is what Righteous Fury looks for
    assert Roller(ScriptedDice([10])).die(5, "x").natural_ten
    # d10 9 -> d5 5 too, but no natural 10
    assert not Roller(ScriptedDice([9])).die(5, "x").natural_ten


def test_d5_is_recorded_as_the_d10_rolled() -> None:
    roller = Roller(ScriptedDice([7]))
    roller.die(5, "hit 1 damage d5")
    (rec,) = roller.records
    assert (rec.sides, rec.value) == (10, 7)
    assert rec.purpose.startswith("hit 1 damage d5")


# --- dice sources ----------------------------------------------------------------------------------


def test_scripted_dice_need_die_names_purpose_and_sides() -> None:
    dice = ScriptedDice([42])
    assert dice.roll(100, "to-hit d100") == 42
    with pytest.raises(NeedDie) as info:
        dice.roll(10, "hit 1 damage d10")
    assert (info.value.purpose, info.value.sides, info.value.index) == ("hit 1 damage d10", 10, 1)
    assert isinstance(info.value, ValueError)


def test_run_returns_needs_with_the_dice_consumed_so_far() -> None:
    # BS 40 +10 Standard = 50; roll 23 hits, so the engine next wants hit 1's damage d10
    out = run(scenario(dice=[23]))
    assert out["status"] == "needs"
    assert out["needs"] == {
        "purpose": "hit 1 damage d10",
        "sides": 10,
        "index": 1,
        "count": 1,
        "step": {"hits": 1, "of": 1, "dice": 1, "sides": 10},  # one hit: 1d10
    }
    assert out["dice"] == [{"purpose": "to-hit d100", "sides": 100, "value": 23}]


def test_run_with_no_dice_needs_the_to_hit_d100() -> None:
    out = run(scenario(dice=[]))
    assert out["status"] == "needs"
    assert out["needs"] == {"purpose": "to-hit d100", "sides": 100, "index": 0, "count": 1}
    assert out["dice"] == []


@pytest.mark.parametrize(
    ("dice", "field"),
    [
        ([0], "dice.0"),  # a d100 is 1-100
        ([101], "dice.0"),
        ([23, 11], "dice.1"),  # 23 hits; the damage d10 cannot be 11
        ([23, -1], "dice.1"),
    ],
)
def test_scripted_die_out_of_range_is_a_field_error(dice: list[int], field: str) -> None:
    out = run(scenario(dice=dice))
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == [field]


def test_a_d10_showing_0_reads_as_10() -> None:
    # A physical d10 shows 0 for its 10: BS 40 +10 Standard = 50, the d100 23 hits (DoS 2), the
    # damage d10 typed 0 is a 10, the Lasgun's 1d10+3 -> 13, and the 10 is Righteous Fury's
    # natural 10 (seed 004, Step Four and "Righteous Fury"), so a confirmation d100 is asked next.
    typed_zero = run(scenario(dice=[23, 0]))
    typed_ten = run(scenario(dice=[23, 10]))
    assert typed_zero["status"] == "needs", typed_zero
    assert typed_zero == typed_ten
    assert typed_zero["dice"][1] == {"purpose": "hit 1 damage d10", "sides": 10, "value": 10}


def test_a_d5_rolled_as_a_d10_showing_0_is_5() -> None:
    # d5 = d10 halved rounding up: the d10's 0 is its 10, so 5, and a natural 10
    die = Roller(ScriptedDice([0])).die(5, "x")
    assert (die.natural, die.value, die.natural_ten) == (10, 5, True)


def test_a_0_on_a_d100_or_a_d6_is_still_refused() -> None:
    # only the d10 shows 0 for its 10; the d100's 100 is typed 100 (the page reads "00" as 100)
    with pytest.raises(ValueError, match="must be 1 to 100, not 0"):
        ScriptedDice([0]).roll(100, "to-hit d100")
    with pytest.raises(ValueError, match="must be 1 to 6, not 0"):
        ScriptedDice([0]).roll(6, "to-hit d6")


def test_seeded_dice_replay_the_same_values_for_the_same_seed() -> None:
    a, b, c = SeededDice(1234), SeededDice(1234), SeededDice(4321)
    rolls_a = [a.roll(s, "x") for s in (100, 10, 10, 5, 100) * 10]
    rolls_b = [b.roll(s, "x") for s in (100, 10, 10, 5, 100) * 10]
    rolls_c = [c.roll(s, "x") for s in (100, 10, 10, 5, 100) * 10]
    assert rolls_a == rolls_b
    assert rolls_a != rolls_c
    assert all(1 <= v <= s for v, s in zip(rolls_a, (100, 10, 10, 5, 100) * 10, strict=True))


def test_seeded_run_replays_and_reports_its_seed() -> None:
    data = scenario(weapon(LASGUN), BS=60, seed=77)
    first, second = resolve_ok(data), resolve_ok(data)
    assert first == second
    assert first["seed"] == 77


def test_scripted_run_reports_no_seed() -> None:
    # BS 40 +10 = 50; 23 hits (DoS 5-2+1 = 4), reversed 32 Body; d10 4 -> 4 degrees do not beat 4
    res = resolve_ok(scenario(dice=[23, 4]))
    assert res["seed"] is None


def test_dice_and_seed_together_are_refused() -> None:
    out = run({**scenario(dice=[23, 4]), "seed": 5})
    assert out["status"] == "invalid"


def test_neither_dice_nor_seed_is_refused_at_dice() -> None:
    out = run(scenario())
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["dice"]


# --- the order dice are consumed in ----------------------------------------------------------------


def test_dice_order_to_hit_evasion_then_hit_by_hit_damage_tearing_fury() -> None:
    # Semi-Auto Burst, Tearing 1d10+3 RoF S/3/-, BS 50 +0 Semi +0 Standard range = 50.
    # roll 14 -> DoS 5-1+1 = 5 -> hits 1 + (5-1)//2 = 3 (RoF 3); reversed 41 Body: Body, Body, Right Arm.
    # Dodge 30, roll 30 -> DoS 3-3+1 = 1 -> negates 1 hit (the last, Right Arm): Body, Body remain.
    # Hit 1: d10 10, Tearing d10 4 -> drop 4 -> 10+3 = 13 - (Body 2 + TB 3) = 8 -> Righteous Fury d5
    #        rolled right after: d10 6 -> 3.
    # Hit 2: d10 2, Tearing d10 3 -> drop 2 -> 3+3 = 6 - 5 = 1; the 5 DoS replace a die of hit 2:
    #        [5, 3] drop 3 -> 8 - 5 = 3 (+2, the best gain). Total 8 + 3 = 11.
    gun = weapon(LASGUN, damage_type="I", clip=30, qualities=["Tearing"])
    data = scenario(
        gun,
        action="Semi-Auto Burst",
        BS=50,
        armour={"Body": 2},
        evasion={"reaction": "Dodge", "skill": 30},
        wounds=30,
        dice=[14, 30, 10, 4, 6, 2, 3],
    )
    res = resolve_ok(data)
    assert purposes(res) == [
        ("to-hit d100", 100, 14),
        ("Dodge d100 (evasion)", 100, 30),
        ("hit 1 damage d10", 10, 10),
        ("hit 1 Tearing d10", 10, 4),
        ("hit 1 Righteous Fury critical d5 (d5: d10 halved, rounding up)", 10, 6),
        ("hit 2 damage d10", 10, 2),
        ("hit 2 Tearing d10", 10, 3),
    ]
    assert res["hits_scored"] == 3
    assert res["hits_negated"] == 1
    assert [h["location"] for h in res["hits"]] == ["Body", "Body"]
    assert res["hits"][0]["wounds"] == 8
    assert res["hits"][0]["righteous_fury"]["critical_effect"] == 3
    assert res["hits"][0]["righteous_fury"]["table"] == "Impact Critical Effects, Body"
    assert res["hits"][1]["wounds"] == 3
    assert res["total_wounds"] == 11


def test_dice_order_needs_each_die_in_turn() -> None:
    # The same attack as above, cut short: each prefix asks for exactly the next die.
    gun = weapon(LASGUN, damage_type="I", clip=30, qualities=["Tearing"])
    full = [14, 30, 10, 4, 6, 2, 3]
    wanted = [
        ("to-hit d100", 100),
        ("Dodge d100 (evasion)", 100),
        ("hit 1 damage d10", 10),
        ("hit 1 Tearing d10", 10),
        ("hit 1 Righteous Fury critical d5 (d5: d10 halved, rounding up)", 10),
        ("hit 2 damage d10", 10),
        ("hit 2 Tearing d10", 10),
    ]
    for n, (purpose, sides) in enumerate(wanted):
        out = run(
            scenario(
                gun,
                action="Semi-Auto Burst",
                BS=50,
                armour={"Body": 2},
                evasion={"reaction": "Dodge", "skill": 30},
                wounds=30,
                dice=full[:n],
            )
        )
        assert out["status"] == "needs"
        asked = {key: value for key, value in out["needs"].items() if key != "step"}
        assert asked == {"purpose": purpose, "sides": sides, "index": n, "count": 1}
        assert [d["value"] for d in out["dice"]] == full[:n]


def test_dice_of_a_multi_die_weapon_are_numbered() -> None:
    # 2d10 at BS 40 +10 = 50; roll 23 (DoS 4) reversed 32 Body; dice 5 and 6 (the 4 DoS beat neither)
    res = resolve_ok(scenario(weapon(LASGUN, damage="2d10"), dice=[23, 5, 6]))
    assert [d["purpose"] for d in res["dice"]] == [
        "to-hit d100",
        "hit 1 damage d10 (1 of 2)",
        "hit 1 damage d10 (2 of 2)",
    ]
    assert res["hits"][0]["damage"] == 11
