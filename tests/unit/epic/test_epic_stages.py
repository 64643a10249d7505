"""Epic's stages driven one at a time (``rules/epic/``): a frozen formation record in, a record
out, with the d6s each stage draws, in order. Hand-worked from seed 002 (Who Can Shoot; Allocate
Hits & Make Saving Throws; Crossfire; Barrage table; Apply Shock; Check Whether the Target Breaks)."""

from __future__ import annotations

from typing import Any

from epic_scenarios import barrage, infantry, scenario, shooter, unit, vehicle

from rules.dice import Roller, ScriptedDice
from rules.epic.barrage import barrage_points, under_template
from rules.epic.models import EpicScenario, ToHitRoll
from rules.epic.procedure import EpicAttack
from rules.epic.readings import barrage_row
from rules.epic.saves import saves
from rules.epic.shock import finish
from rules.epic.shooters import shooters
from rules.epic.shooting import allocate_and_save
from rules.epic.state import FormationState


def attack_of(data: dict[str, Any], dice: list[int]) -> tuple[EpicAttack, Roller]:
    roller = Roller(ScriptedDice(dice))
    return EpicAttack(EpicScenario.model_validate(data), roller), roller


def target_of(atk: EpicAttack) -> FormationState:
    return FormationState.of("target", atk.s.target)


def test_saves_take_a_point_of_integrity_per_failure_and_ignore_the_rest() -> None:
    # Three hits on a unit with armour 4 and integrity 1: 2 saves, 5 and 6 fail; it loses its one
    # point and the second failure is ignored ("excess hits on a destroyed unit are ignored").
    atk, roller = attack_of(scenario(targets=[infantry("Guards", armour=4)]), [2, 5, 6])
    before = target_of(atk)
    after = saves(atk, before, 0, 3, macro=False)
    assert before.integrity == (1,)  # the record handed in is untouched
    assert after.integrity == (0,)
    record = after.units[0].saves[0]
    assert (record.rolls, record.failed, record.integrity_lost) == ([2, 5, 6], 2, 1)
    assert after.units[0].destroyed
    assert [d.purpose for d in roller.records] == ["Guards save d6 (armour 4: roll 1-4)"] * 3


def test_the_crossfire_lowers_the_target_formations_saves_only() -> None:
    # Seed 002, Crossfire: -1 to every save of the target formation; a formation under the same
    # barrage's template but not the target keeps its save. Armour 4, both roll a 4.
    cross = {"length": 10, "through_target": True, "ally_line_of_fire": True}
    atk, _ = attack_of(scenario(targets=[infantry("Guards", armour=4)], crossfire=cross), [4, 4])
    target = saves(atk, target_of(atk), 0, 1, macro=False)
    other = saves(atk, FormationState.of("action.also_under.0", atk.s.target), 0, 1, macro=False)
    assert (target.units[0].saves[0].needed, target.integrity) == (3, (0,))
    assert (other.units[0].saves[0].needed, other.integrity) == (4, (1,))


def test_hits_go_front_to_back_evenly_then_are_saved_a_unit_at_a_time() -> None:
    # Three AP hits on two infantry units at 5 and 10 tiles: the closer takes 2, the other 1; no
    # save, so each loses a point. A tank cannot take AP hits: none goes on it.
    targets = [infantry("Near", distance=5), infantry("Far", distance=10), vehicle("Tank", distance=1)]
    atk, roller = attack_of(scenario(targets=targets), [])
    hits = ToHitRoll(weapon="Heavy bolter", kind="AP", value=4, needed=4, rolls=[1, 2, 3], hits=3, range=30)
    after = allocate_and_save(atk, [hits], target_of(atk), macro=False)
    assert {after.spec.units[i].name: r.allocated for i, r in after.units.items()} == {"Near": 2, "Far": 1}
    assert after.integrity == (0, 0, 1)
    assert roller.records == []


def test_who_can_shoot_suppresses_from_the_back() -> None:
    # Seed 002, Who Can Shoot: one point of Shock suppresses one unit, the farthest from the target.
    units = [shooter(name="Front", distance=10), shooter(name="Back", distance=20)]
    atk, _ = attack_of(scenario(units, attacker={"shock": 1}), [])
    out, shooting = shooters(atk)
    assert {s.name: s.status for s in out} == {"Front": "shoots", "Back": "suppressed"}
    assert shooting == [0]


def test_barrage_points_add_up_the_weapons_in_range() -> None:
    # A 1-BP battery and a unit of two (2x 1 BP) in range: 3 BP; a mortar 40 tiles away with range
    # 30 does not fire.
    units = [
        shooter("Basilisk 60 BP1", name="A"),
        shooter("2x Basilisk 60 BP1", name="B"),
        shooter("Mortar 30 BP1", name="C", distance=40),
    ]
    data = barrage(units, [unit("Guards", from_centre=0)])
    atk, roller = attack_of(data, [])
    bp, parts = barrage_points(atk, [0, 1, 2])
    assert (bp, parts) == (3, ["A's Basilisk 1", "B's 2x Basilisk 2"])
    assert "cannot reach the target tile 40 tiles away" in atk.steps[-1].detail
    assert roller.records == []


def test_under_the_template_the_formation_gains_shock_and_each_unit_is_rolled_for() -> None:
    # 1 BP reads the Barrage table's 1-2 row: radius 0 (the centre tile), no extra Shock, AP 1. The
    # unit on the centre tile is under it, the one 5 tiles off is not; the formation takes +1 Shock
    # for coming under fire; one roll per point of integrity (2): 1 hits, 6 misses; no save, so the
    # hit takes a point.
    data = barrage(
        [shooter("Basilisk 60 BP1")], [unit("Guards", from_centre=0, integrity=2), unit("Far", from_centre=5)]
    )
    atk, roller = attack_of(data, [1, 6])
    rolls, after = under_template(atk, target_of(atk), barrage_row(1))
    assert [(r.units, r.rolls, r.hits) for r in rolls] == [(["Guards"], [1, 6], 1)]
    assert [u.under_barrage for _, u in sorted(after.units.items())] == [True, False]
    assert [(g.reason, g.amount) for g in after.gains] == [("under fire", 1)]
    assert after.integrity == (1, 1)
    assert len(roller.records) == 2


def test_a_formation_breaks_when_every_unit_left_is_suppressed() -> None:
    # Seed 002: +1 Shock under fire, +1 for the unit destroyed; 2 Shock against 1 unit left: broken.
    atk, _ = attack_of(scenario(targets=[unit("A"), unit("B")]), [])
    f = target_of(atk).gaining("under fire", 1).with_integrity(0, 0)
    f = f.with_result(0, f.result(0).model_copy(update={"destroyed": True, "integrity_after": 0}))
    result = finish(atk, f)
    assert [(g.reason, g.amount) for g in result.shock_gained] == [("under fire", 1), ("losses", 1)]
    assert (result.shock_after, result.units_left, result.broken, result.wiped_out) == (2, 1, True, False)
    assert [u.name for u in result.units] == ["A", "B"]


def test_no_shock_gained_leaves_the_record_as_it_was() -> None:
    atk, _ = attack_of(scenario(), [])
    f = target_of(atk)
    assert f.gaining("barrage", 0) is f
