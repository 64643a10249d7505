"""Epic, the roll to hit (seed 002, Roll to Hit; To Hit Modifiers; Zero To Hit).

Seed 002: "For each weapon fired, the attacker must decide whether to use its AP, AT, or AA value if
it has more than one ... A roll of 6 is always considered a miss." "If some units in the target
formation are in cover, but others are exposed, the attacker can elect to ignore the cover bonus.
In exchange, however, they are unable to score any hits on the units that remain in cover." To Hit
Modifiers: Target Has Cover -1, Attacker Double Moved -1, Attacker Sustained Fire +1. Zero To Hit:
"0: 1 followed by 1, 2, or 3; -1: 1 followed by 1 or 2; -2: 1 followed by 1; -3: Impossible".

This game hits on a d6 equal or UNDER the value (AP4 hits on 1-4). Where a test does not care about
what the hits do, the target is an armoured vehicle: AP hits cannot go on it, so they are lost and
no save die is asked for.
"""

from __future__ import annotations

from typing import Any

import pytest
from epic_scenarios import (
    allocated,
    errors_of,
    form,
    groups,
    integrity,
    needs,
    resolve,
    scenario,
    shooter,
    step_text,
    unit,
    vehicle,
)

from rules.d100.models import AppliedModifier
from rules.dice import Roller, ScriptedDice
from rules.epic.models import EpicScenario
from rules.epic.procedure import EpicAttack
from rules.epic.readings import hits_on, zero_to_hit

TANK = [vehicle("Tank")]


def _mods(res: dict[str, Any], n: int = 0) -> list[tuple[str, int]]:
    return [(m["label"], m["value"]) for m in res["to_hit"][n]["modifiers"]]


# --- equal or under; a 6 misses ------------------------------------------------------------------------------


def test_roll_equal_or_under_hits() -> None:
    # Six Heavy bolters at AP4 roll 1 2 3 4 5 6: the 1-4 hit (equal or under), 5 and 6 miss: 4 hits,
    # all lost on the tank (AP hits go only on infantry).
    res = resolve(scenario([shooter("6x Heavy bolter 30 AP4")], TANK, dice=[1, 2, 3, 4, 5, 6]))
    assert groups(res) == [("Heavy bolter", "AP", 4, [1, 2, 3, 4, 5, 6], 4)]
    assert res["hits"] == {"AP": 4}
    assert form(res)["unallocated"] == {"AP": 4}


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_roll_equal_to_the_value_hits_one_over_misses(value: int) -> None:
    # AP n: a roll of n hits, n + 1 misses.
    res = resolve(scenario([shooter(f"2x Gun 30 AP{value}")], TANK, dice=[value, value + 1]))
    assert res["to_hit"][0]["hits"] == 1


def test_a_six_always_misses() -> None:
    # AP6: a 5 hits, the 6 misses though 6 <= 6.
    res = resolve(scenario([shooter("2x Gun 30 AP6")], TANK, dice=[6, 5]))
    assert groups(res) == [("Gun", "AP", 6, [6, 5], 1)]


def test_a_six_always_misses_when_sustained_fire_makes_the_value_7() -> None:
    # AP6 + 1 (sustained fire) = 7: the 6s still miss, the 5 hits.
    res = resolve(scenario([shooter("3x Gun 30 AP6")], TANK, attacker={"sustained_fire": True}, dice=[6, 6, 5]))
    assert groups(res) == [("Gun", "AP", 7, [6, 6, 5], 1)]
    assert hits_on(7, 6) is False
    assert hits_on(7, 5) is True


# --- modifiers -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cover", "formation", "expected_mods", "needed"),
    [
        (True, {}, [("Target has cover", -1)], 3),
        (False, {"double_moved": True}, [("Attacker double moved", -1)], 3),
        (False, {"sustained_fire": True}, [("Attacker sustained fire", 1)], 5),
        (True, {"sustained_fire": True}, [("Target has cover", -1), ("Attacker sustained fire", 1)], 4),
        (True, {"double_moved": True}, [("Target has cover", -1), ("Attacker double moved", -1)], 2),
        (False, {}, [], 4),
    ],
)
def test_to_hit_modifiers(
    cover: bool, formation: dict[str, Any], expected_mods: list[tuple[str, int]], needed: int
) -> None:
    # AP4 with the modifiers; two dice: `needed` hits, `needed + 1` misses. Cover: one of the two tanks
    # is in cover (-1 to the whole formation: "any unit in cover").
    targets = [vehicle("Tank A", in_cover=cover), vehicle("Tank B")]
    res = resolve(scenario([shooter("2x Heavy bolter 30 AP4")], targets, attacker=formation, dice=[needed, needed + 1]))
    assert _mods(res) == expected_mods
    assert groups(res) == [("Heavy bolter", "AP", needed, [needed, needed + 1], 1)]


def test_cover_of_a_unit_out_of_line_of_fire_gives_no_minus_one() -> None:
    # Tank A is in cover but the attackers cannot see it: the cover they shoot into is none; AP4 stays 4.
    targets = [vehicle("Tank A", in_cover=True, line_of_fire=False), vehicle("Tank B")]
    res = resolve(scenario([shooter()], targets, dice=[4]))
    assert _mods(res) == []
    assert groups(res) == [("Heavy bolter", "AP", 4, [4], 1)]


def test_double_moved_and_sustained_fire_is_refused() -> None:
    # Sustained fire is the action of a formation that did not move; it cannot also have double moved.
    errors = errors_of(scenario(attacker={"double_moved": True, "sustained_fire": True}, dice=[1]))
    assert "attacker.sustained_fire" in errors


# --- ignoring cover ------------------------------------------------------------------------------------------


def _covered_and_exposed() -> list[dict[str, Any]]:
    return [unit("Dug in", in_cover=True, distance=5, integrity=3), unit("Exposed", distance=10, integrity=3)]


def test_ignore_cover_removes_the_minus_one_and_no_hit_goes_on_units_in_cover() -> None:
    # Ignoring cover: AP4 with no -1, so two 4s both hit. Neither may go on "Dug in" (in cover) though
    # it is closer: both on "Exposed" (no save), integrity 3 -> 1.
    res = resolve(scenario([shooter("2x Heavy bolter 30 AP4")], _covered_and_exposed(), ignore_cover=True, dice=[4, 4]))
    assert _mods(res) == []
    assert groups(res) == [("Heavy bolter", "AP", 4, [4, 4], 2)]
    assert allocated(res) == {"Exposed": 2}
    assert integrity(res) == {"Exposed": 1}
    assert "Dug in" in step_text(res, "Ignore cover")


def test_without_ignoring_cover_the_minus_one_applies_and_hits_go_closest_first() -> None:
    # Not ignoring cover: AP4 - 1 = 3; the 4 misses and the two 3s hit, one each (evenly, the closest,
    # "Dug in", first).
    res = resolve(scenario([shooter("3x Heavy bolter 30 AP4")], _covered_and_exposed(), dice=[4, 3, 3]))
    assert groups(res) == [("Heavy bolter", "AP", 3, [4, 3, 3], 2)]
    assert allocated(res) == {"Dug in": 1, "Exposed": 1}


@pytest.mark.parametrize(
    "targets",
    [
        [unit("A", in_cover=True), unit("B", in_cover=True)],
        # B is in the open but out of line of fire: every unit the attackers can SEE is in cover
        [unit("A", in_cover=True), unit("B", line_of_fire=False)],
    ],
)
def test_ignore_cover_when_every_visible_unit_is_in_cover_is_refused(targets: list[dict[str, Any]]) -> None:
    errors = errors_of(scenario([shooter()], targets, ignore_cover=True, dice=[1]))
    assert list(errors) == ["action.ignore_cover"]


# --- Zero To Hit ---------------------------------------------------------------------------------------------


def test_zero_to_hit_table() -> None:
    assert zero_to_hit(0) == [1, 2, 3]
    assert zero_to_hit(-1) == [1, 2]
    assert zero_to_hit(-2) == [1]
    assert zero_to_hit(-3) is None
    assert zero_to_hit(-4) is None


def test_zero_to_hit_at_0_a_one_then_one_to_three() -> None:
    # AP1 - 1 (cover) = 0: three first dice 1 1 2; the two 1s each roll a second die: 3 hits (1-3),
    # 4 misses. One hit on the unit (no save): integrity 3 -> 2.
    res = resolve(scenario([shooter("3x Gun 30 AP1")], [unit("A", in_cover=True, integrity=3)], dice=[1, 1, 2, 3, 4]))
    r = res["to_hit"][0]
    assert (r["needed"], r["zero_to_hit"], r["rolls"], r["second_rolls"], r["hits"]) == (
        0,
        "a 1, then 1, 2 or 3",
        [1, 1, 2],
        [3, 4],
        1,
    )
    assert integrity(res) == {"A": 2}


def test_zero_to_hit_at_minus_1_a_one_then_one_or_two() -> None:
    # AP1 - 1 (cover) - 1 (double moved) = -1: first dice 1 1, second dice 2 (hits: 1-2) and 3 (misses).
    res = resolve(
        scenario(
            [shooter("2x Gun 30 AP1")],
            [vehicle("Tank", in_cover=True)],
            attacker={"double_moved": True},
            dice=[1, 1, 2, 3],
        )
    )
    r = res["to_hit"][0]
    assert (r["needed"], r["zero_to_hit"], r["second_rolls"], r["hits"]) == (-1, "a 1, then 1 or 2", [2, 3], 1)


def test_zero_to_hit_only_a_first_one_earns_a_second_die() -> None:
    # AP1 - 1 = 0: first dice 6 and 2 are not 1s: no second die is asked for, no hit.
    res = resolve(scenario([shooter("2x Gun 30 AP1")], [vehicle("Tank", in_cover=True)], dice=[6, 2]))
    r = res["to_hit"][0]
    assert (r["rolls"], r["second_rolls"], r["hits"]) == ([6, 2], [], 0)
    assert len(res["dice"]) == 2


def _attack(dice: list[int]) -> tuple[EpicAttack, Roller]:
    roller = Roller(ScriptedDice(dice))
    return EpicAttack(EpicScenario.model_validate(scenario(dice=dice)), roller), roller


def _minus(n: int) -> list[AppliedModifier]:
    return [AppliedModifier(label=f"Test -1 ({i})", value=-1, source="test") for i in range(n)]


def test_zero_to_hit_at_minus_2_a_one_then_one() -> None:
    # A value of 1 with three -1s is -2 (no scenario reaches it: values are at least 1 and the seed's
    # modifiers at most -2, so the engine's roll is driven directly). First dice 1 1 5: two second
    # dice, 1 hits, 2 misses.
    attack, roller = _attack([1, 1, 5, 1, 2])
    r = attack.roll_to_hit("Gun", "AP", 1, 3, _minus(3))
    assert (r.needed, r.zero_to_hit, r.rolls, r.second_rolls, r.hits) == (-2, "a 1, then 1", [1, 1, 5], [1, 2], 1)
    assert len(roller.records) == 5


def test_zero_to_hit_at_minus_3_is_impossible_and_no_die_is_rolled() -> None:
    attack, roller = _attack([1, 1, 1])
    r = attack.roll_to_hit("Gun", "AP", 1, 3, _minus(4))
    assert (r.needed, r.zero_to_hit, r.rolls, r.hits) == (-3, "impossible", [], 0)
    assert roller.records == []


# --- AP, AT or AA --------------------------------------------------------------------------------------------


def test_use_picks_the_value_fired() -> None:
    # "use AP": the Lascannon fires AP2 though AT5 is better against the tank; the 2 hits and goes on
    # the infantry (the tank cannot take an AP hit).
    res = resolve(
        scenario(
            [shooter("Lascannon 45 AT5 AP2 use AP")],
            [vehicle("Tank", distance=5), unit("Guards", distance=10)],
            dice=[2],
        )
    )
    assert groups(res) == [("Lascannon", "AP", 2, [2], 1)]
    assert allocated(res) == {"Guards": 1}
    assert "the attacker's choice" in step_text(res, "Choose")


@pytest.mark.parametrize(
    ("weapon", "targets", "kind", "value", "why"),
    [
        ("Lascannon 45 AT5 AP2", [unit("Guards")], "AP", 2, "the best value against units it can hit"),
        ("Lascannon 45 AT5 AP2", [vehicle("Tank")], "AT", 5, "the best value against units it can hit"),
        ("Lascannon 45 AT5 AP2", [unit("Guards"), vehicle("Tank")], "AT", 5, "the best value"),
        # the tank is beyond the weapon's 30 tiles: only the infantry can be hit, so AP
        ("Lascannon 30 AT5 AP2", [unit("Guards"), vehicle("Tank", distance=35)], "AP", 2, "the best value"),
        ("Hydra 30 AP3 AA5", [unit("Flyer", "aircraft")], "AA", 5, "the best value against units it can hit"),
        ("Hydra 30 AP3 AA5", [unit("Guards")], "AP", 3, "the best value against units it can hit"),
        # nothing it can hit: its best value anyway
        ("Lascannon 45 AT5 AP2", [unit("Flyer", "aircraft")], "AT", 5, "no unit it can hit"),
    ],
)
def test_automatic_choice_of_ap_at_aa(
    weapon: str, targets: list[dict[str, Any]], kind: str, value: int, why: str
) -> None:
    # One die of 6: a miss whatever the value, so only the choice is looked at.
    res = resolve(scenario([shooter(weapon)], targets, dice=[6]))
    r = res["to_hit"][0]
    assert (r["kind"], r["value"], r["hits"]) == (kind, value, 0)
    assert why in step_text(res, "Choose")


# --- the needs envelope --------------------------------------------------------------------------------------


def test_needs_asks_for_a_whole_group() -> None:
    # Three Lascannons are one group: with no dice typed, the engine asks for all three at once.
    out = needs(scenario([shooter("3x Lascannon 45 AT5")], TANK, dice=[]))
    assert out["needs"] == {"purpose": "Lascannon to-hit d6 (AT 5: roll 1-5)", "sides": 6, "index": 0, "count": 3}
    assert out["dice"] == []


def test_needs_asks_for_the_rest_of_a_part_typed_group() -> None:
    # One of the three typed: the other two, from die index 1.
    out = needs(scenario([shooter("3x Lascannon 45 AT5")], TANK, dice=[1]))
    assert (out["needs"]["index"], out["needs"]["count"]) == (1, 2)
    assert [d["value"] for d in out["dice"]] == [1]


def test_needs_then_asks_for_a_units_saves_as_one_group() -> None:
    # 1 2 3 all hit AT5: three AT hits on the tank (armour 4): its three saves next, together.
    out = needs(scenario([shooter("3x Lascannon 45 AT5")], [vehicle("Tank", armour=4)], dice=[1, 2, 3]))
    assert out["needs"] == {"purpose": "Tank save d6 (armour 4: roll 1-4)", "sides": 6, "index": 3, "count": 3}


def test_needs_asks_for_the_zero_to_hit_second_dice_together() -> None:
    # AP1 - 1 (cover) = 0: first dice 1 1 5, so two second dice are asked for at once.
    out = needs(scenario([shooter("3x Gun 30 AP1")], [vehicle("Tank", in_cover=True)], dice=[1, 1, 5]))
    assert (out["needs"]["index"], out["needs"]["count"]) == (3, 2)
    assert "Zero To Hit second d6" in out["needs"]["purpose"]


def test_a_typed_die_that_is_not_a_d6_is_refused_at_its_index() -> None:
    # The second Heavy bolter die typed as 7: refused at dice.1.
    errors = errors_of(scenario([shooter("2x Heavy bolter 30 AP4")], TANK, dice=[1, 7]))
    assert list(errors) == ["dice.1"]
