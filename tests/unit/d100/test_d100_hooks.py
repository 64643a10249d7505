"""The d100 procedure's declared points: the quality hook registry
(``rules/d100/qualities.py``), its stacking order, the dice roles and the seams the odds engine
plugs into (``rules/d100/seams.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import run
from rules.d100 import qualities, seams
from rules.d100.models import Scenario
from rules.d100.qualities import HOOKS, POINTS, Hook, hooks
from rules.d100.state import AttackState
from rules.dh2 import DH2Attack
from rules.dice import Roller, ScriptedDice

ARMOUR_10 = {loc: 10 for loc in ("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg")}


def force_sword(**over: Any) -> dict[str, Any]:
    """A psyker (psy rating 3) with a Force sword, Pen 2 and Razor Sharp, against armour 10: the
    issue's case. WS 70 + 10 (Standard Attack) against a 05: 9 degrees of success (DH2)."""
    scenario: dict[str, Any] = {
        "system": "dh2",
        "attacker": {
            "characteristics": {"WS": 70, "BS": 30, "S": 30},
            "psy_rating": 3,
            "weapon": {
                "name": "Force sword",
                "class": "Melee",
                "damage": "1d10",
                "pen": 2,
                "qualities": ["Force", "Razor Sharp"],
            },
        },
        "target": {"toughness_bonus": 3, "wounds": 20, "armour": ARMOUR_10},
        "action": {"type": "Standard Attack"},
        "dice": [5, 9],
    }
    scenario.update(over)
    return scenario


def test_every_hook_sits_at_a_declared_point_in_a_unique_order() -> None:
    for point, registered in HOOKS.items():
        assert point in POINTS
        orders = [h.order for h in registered]
        assert orders == sorted(orders) and len(set(orders)) == len(orders), point


def test_pen_hooks_add_before_they_multiply() -> None:
    """Maximal and Force add to Pen; Lance, Razor Sharp and Melta multiply it, after them."""
    assert [h.quality for h in HOOKS["pen"]] == ["Maximal", "Force", "Lance", "Razor Sharp", "Melta"]


def test_hits_hooks_in_order() -> None:
    """Scatter's extra hits, then Twin-Linked's, then Storm doubles them all."""
    assert [h.quality for h in HOOKS["hits"]] == ["Scatter", "Twin-Linked", "Storm"]


def test_force_sword_pen_is_ten_and_the_order_decides_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stacked qualities' case: Pen 2 + psy rating 3 = 5, then Razor Sharp x2 = 10 (wounds 15 - 0 - 3 =
    12). Razor Sharp before Force would give 2 x 2 + 3 = 7 (wounds 9): the order is a rule."""
    hit = run(force_sword())["resolution"]["hits"][0]
    assert (hit["penetration"], hit["wounds"]) == (10, 12)

    swapped = [Hook(h.quality, h.point, {"Force": 45}.get(h.quality, h.order), h.apply) for h in HOOKS["pen"]]
    monkeypatch.setitem(HOOKS, "pen", sorted(swapped, key=lambda h: h.order))
    hit = run(force_sword())["resolution"]["hits"][0]
    assert (hit["penetration"], hit["wounds"]) == (7, 9)


def test_a_hook_at_an_unknown_point_or_a_taken_order_is_refused() -> None:
    with pytest.raises(ValueError, match="no point"):
        qualities.hook("Tearing", "nowhere", 1)
    with pytest.raises(ValueError, match="order 30"):
        qualities.hook("Tearing", "pen", 30)(lambda *_: None)


def test_hooks_are_those_of_the_weapons_qualities() -> None:
    attack = DH2Attack(Scenario.model_validate(force_sword()), Roller(ScriptedDice([5, 9])))
    assert [h.quality for h in hooks("pen", attack.q)] == ["Force", "Razor Sharp"]
    assert hooks("hits", attack.q) == []


def test_every_die_carries_its_role() -> None:
    """The dice of an attack say what they are for as data (not dumped: the resolution's dice are
    purpose, sides and value)."""
    scenario = force_sword(target={**force_sword()["target"], "evasion": {"reaction": "Parry", "skill": 20}})
    roller = Roller(ScriptedDice([5, 50, 9]))
    DH2Attack(Scenario.model_validate(scenario), roller).resolve()
    assert [(r.role, r.sides) for r in roller.records] == [(seams.TEST, 100), (seams.EVASION, 100), (seams.DAMAGE, 10)]
    assert "role" not in run(force_sword())["resolution"]["dice"][0]


def test_the_seams_are_where_the_procedure_asks() -> None:
    """A Seams subclass sees the evasion and the damage of the struck hits, and can stand in."""
    asked: list[str] = []

    class Watching(seams.Seams):
        def evasion(self, a: Any, st: AttackState, hits: int) -> int:
            asked.append(f"evasion of {hits}")
            return 0

        def damage(self, a: Any, st: AttackState, struck: tuple[tuple[int, str], ...]) -> AttackState:
            asked.append(f"damage of {len(struck)} at {st.degrees} degrees")
            return super().damage(a, st, struck)

    scenario = force_sword(target={**force_sword()["target"], "evasion": {"reaction": "Parry", "skill": 20}})
    res = DH2Attack(Scenario.model_validate(scenario), Roller(ScriptedDice([5, 9])), Watching()).resolve()
    assert asked == ["evasion of 1", "damage of 1 at 9 degrees"]
    assert res.hits[0].penetration == 10


def test_fury_confirm_hooks() -> None:
    """Volatile is the one quality that skips Righteous Fury's confirmation roll (Deathwatch);
    tests/unit/d100/qualities/test_volatile.py pins what it does."""
    assert [(h.quality, h.order) for h in HOOKS["fury_confirm"]] == [("Volatile", 10)]


def test_aim_hooks_inaccurate_before_accurate(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inaccurate takes the Aim's bonus away before Accurate looks for it: a Lasgun with both,
    fully aimed, is BS 40 + 10 (Standard Attack) = 50, no Aim and no Accurate bonus. The other way
    round Accurate's +10 would stand (60)."""
    from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

    assert [(h.quality, h.order) for h in HOOKS["aim"]] == [("Inaccurate", 10), ("Accurate", 20)]
    both = scenario(weapon(LASGUN, qualities=["Inaccurate", "Accurate"]), aim="full", dice=[95])
    assert resolve_ok(both)["target_number"] == 50

    swapped = [Hook(h.quality, h.point, {"Accurate": 5}.get(h.quality, h.order), h.apply) for h in HOOKS["aim"]]
    monkeypatch.setitem(HOOKS, "aim", sorted(swapped, key=lambda h: h.order))
    assert resolve_ok(both)["target_number"] == 60


def test_range_hooks() -> None:
    """Scatter (DH2) is the one quality with a modifier after the range band's
    (tests/unit/d100/qualities/test_scatter.py pins it and where it is listed)."""
    assert [(h.quality, h.order) for h in HOOKS["range"]] == [("Scatter", 10)]


def test_horde_hits_hooks_power_field_adds_before_blast_multiplies(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hits on a Horde (seed 001, Hordes): a Knife against 70, roll 20 -> 5 degrees; in melee
    max(1, 5 // 2) = 2, a Power Field one more = 3, a Blast (2)
    weapon's hit counts 2: 6. Blast before the Power Field would give 2 x 2 + 1 = 5. Devastating adds after
    Explosive damage's hit, at a point of its own (``horde_more_hits``)."""
    import dw_scenarios as dw
    from dh2_scenarios import resolve_ok, weapon

    assert [(h.quality, h.order) for h in HOOKS["horde_hits"]] == [("Power Field", 10), ("Blast", 20)]
    assert [(h.quality, h.order) for h in HOOKS["horde_more_hits"]] == [("Devastating", 10)]
    knife = weapon(dw.KNIFE, qualities=["Power Field", "Blast (2)"])
    both = dw.scenario(knife, horde={"magnitude": 30, "armour": 0}, dice=[20] + [5] * 6)
    assert dw.attack(both)["horde"]["hits"] == 6

    swapped = [Hook(h.quality, h.point, {"Blast": 5}.get(h.quality, h.order), h.apply) for h in HOOKS["horde_hits"]]
    monkeypatch.setitem(HOOKS, "horde_hits", sorted(swapped, key=lambda h: h.order))
    assert resolve_ok(both)["horde"]["hits"] == 5


def test_damage_dice_hooks_in_order() -> None:
    """A hit's dice after the weapon's: Maximal's, Tearing's, then Accurate's (Tearing's extra die is a weapon
    die, Accurate's are not: test_quality_order.py's Accurate-and-Tearing tests fail the other way round)."""
    assert [(h.quality, h.order) for h in HOOKS["damage_dice"]] == [("Maximal", 10), ("Tearing", 20), ("Accurate", 30)]


def test_damage_type_hooks() -> None:
    """Force is the one quality that changes the damage type (Energy in a psyker's hands, where the ruleset
    says so: tests/unit/d100/qualities/test_force.py)."""
    assert [(h.quality, h.order) for h in HOOKS["damage_type"]] == [("Force", 10)]
    attack = DH2Attack(Scenario.model_validate(force_sword()), Roller(ScriptedDice([5, 9])))
    assert (attack.weapon.damage_type, attack.damage_type()) == ("I", "E")


def test_unbraced_hooks() -> None:
    """Gyro-Stabilised is the one quality that lessens an unbraced Heavy weapon's -30
    (tests/unit/d100/qualities/test_gyro_stabilised.py)."""
    assert [(h.quality, h.order) for h in HOOKS["unbraced"]] == [("Gyro-Stabilised", 10)]


def test_range_band_hooks() -> None:
    """Gyro-Stabilised is the one quality that changes the range band (never Extreme:
    tests/unit/d100/qualities/test_gyro_stabilised.py)."""
    assert [(h.quality, h.order) for h in HOOKS["range_band"]] == [("Gyro-Stabilised", 10)]


def test_area_predicates() -> None:
    """Spray always, Flame where the ruleset reads it so (DH1 and Deathwatch; DH2 rolls the attack test): no
    attack test."""
    from rules.d100 import tables
    from rules.d100.qualities import Qualities, area_quality, no_attack_test

    def q(system: str, *names: str) -> Qualities:
        known = tables.qualities(system)
        return Qualities(dict.fromkeys(names), {n: d for n in names if (d := known.get(n)) is not None})

    assert [no_attack_test(q(s, "Flame")) for s in ("dh2", "dh1", "dw")] == [False, True, True]
    assert no_attack_test(q("dh2", "Spray")) and not no_attack_test(q("dh2", "Tearing"))
    assert (area_quality(q("dh2", "Spray", "Flame")), area_quality(q("dw", "Flame"))) == ("Spray", "Flame")


def test_hit_damage_hooks() -> None:
    """Unstable is the one quality that changes a hit's damage before armour (its d10 drawn after the hit's
    damage dice: tests/unit/d100/qualities/test_unstable.py)."""
    assert [(h.quality, h.order) for h in HOOKS["hit_damage"]] == [("Unstable", 10)]


def test_dice_notes_hooks_in_order() -> None:
    """Step Four's notes on the dice, in today's order: Tearing, Proven, Primitive, Accurate."""
    assert [(h.quality, h.order) for h in HOOKS["dice_notes"]] == [
        ("Tearing", 10),
        ("Proven", 20),
        ("Primitive", 30),
        ("Accurate", 40),
    ]


def test_dice_notes_tearing_before_proven(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Tearing, Proven (3) Lasgun: Step Four notes Tearing's die before Proven's floor; swapped, the other way."""
    from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

    gun = scenario(weapon(LASGUN, qualities=["Tearing", "Proven (3)"]), dice=[23, 6, 2])

    def notes() -> str:
        step = next(s for s in resolve_ok(gun)["steps"] if s["rule"].startswith("Step Four: damage"))
        return str(step["detail"])

    detail = notes()
    assert detail.index("Tearing rolled") < detail.index("Proven (3)")
    swapped = [Hook(h.quality, h.point, {"Proven": 5}.get(h.quality, h.order), h.apply) for h in HOOKS["dice_notes"]]
    monkeypatch.setitem(HOOKS, "dice_notes", sorted(swapped, key=lambda h: h.order))
    detail = notes()
    assert detail.index("Tearing rolled") > detail.index("Proven (3)")


def test_armour_damage_hooks() -> None:
    """Graviton is the one quality whose damage grows with the struck armour (tests/unit/d100/qualities/test_graviton.py)."""
    assert [(h.quality, h.order) for h in HOOKS["armour_damage"]] == [("Graviton", 10)]


def test_miss_hooks() -> None:
    """Blast is the one quality with a note on a miss (its round still lands: tests/unit/d100/qualities/test_blast.py)."""
    assert [(h.quality, h.order) for h in HOOKS["miss"]] == [("Blast", 10)]
