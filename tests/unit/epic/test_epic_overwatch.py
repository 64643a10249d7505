"""Epic, overwatch fire (seed 002, Overwatch).

Seed 002: "A formation that takes an overwatch action may not move, but may shoot, outside of the
normal turn sequence in response to an enemy formation's movement." "... may choose to shoot
immediately after an enemy formation completes a move or unloads troops" (a double move or a march
is made of moves: "it may shoot at a formation making several moves after it has completed one of
these moves"). "... may only react when a formation moves or unloads troops. They may not choose to
shoot at a formation that does anything else in their line of fire, such as shooting without moving
or regrouping." "Resolve the shooting attacks using the normal rules ... Once it has fired, the
formation is no longer considered to be on overwatch."

The overwatching formation has not moved, so it cannot have double moved or sustained its fire (the
engine's checks). Defaults: one Heavy bolter squad, one target unit with no save (epic_scenarios).
"""

from __future__ import annotations

import pytest
from epic_scenarios import errors_of, groups, resolve, scenario, shooter


def test_overwatch_fire_needs_the_formation_on_overwatch() -> None:
    errors = errors_of(scenario(kind="overwatch", trigger="move", dice=[1]))
    assert list(errors) == ["attacker.overwatch"]


@pytest.mark.parametrize("trigger", ["move", "double move", "march", "unload"])
def test_overwatch_trigger_move_double_move_march_unload_accepted(trigger: str) -> None:
    # The normal rules: the Heavy bolter's 1 hits AP4 and destroys the target (no save); then the
    # formation is off overwatch.
    res = resolve(scenario(attacker={"overwatch": True}, kind="overwatch", trigger=trigger, dice=[1]))
    assert res["action"] == f"Overwatch fire (after a {trigger})"
    assert groups(res) == [("Heavy bolter", "AP", 4, [1], 1)]
    assert res["outcome"] == "wiped out"
    assert res["overwatch_ended"] is True


@pytest.mark.parametrize("trigger", ["shoot", "regroup", "assault", "other"])
def test_overwatch_trigger_shoot_regroup_assault_refused(trigger: str) -> None:
    errors = errors_of(scenario(attacker={"overwatch": True}, kind="overwatch", trigger=trigger, dice=[1]))
    assert list(errors) == ["action.trigger"]
    assert trigger in errors["action.trigger"]


def test_overwatch_without_a_trigger_is_refused() -> None:
    errors = errors_of(scenario(attacker={"overwatch": True}, kind="overwatch", dice=[1]))
    assert list(errors) == ["action.trigger"]


@pytest.mark.parametrize("moved", ["double_moved", "sustained_fire"])
def test_overwatch_with_double_moved_or_sustained_fire_refused(moved: str) -> None:
    errors = errors_of(scenario(attacker={"overwatch": True, moved: True}, kind="overwatch", trigger="move", dice=[1]))
    assert list(errors) == [f"attacker.{moved}"]


def test_a_formation_not_on_overwatch_does_not_leave_it() -> None:
    res = resolve(scenario(dice=[5]))
    assert res["overwatch_ended"] is False
    assert res["action"] == "Shooting"


def test_a_formation_on_overwatch_that_shoots_leaves_overwatch() -> None:
    # "Formations remain on overwatch until they either shoot, or they undertake a new action in the
    # following turn ... Shooting in the following turn counts as the formation's action for that
    # turn." A formation on overwatch that takes a shooting action (its Heavy bolter rolls a 5, a
    # miss) has shot: it is no longer on overwatch.
    res = resolve(scenario(attacker={"overwatch": True}, dice=[5]))
    assert res["action"] == "Shooting"
    assert res["overwatch_ended"] is True


def test_overwatch_fire_with_no_unit_able_to_shoot_has_not_fired() -> None:
    # "Once it has fired, the formation is no longer considered to be on overwatch": the only unit has
    # no line of fire, nothing is fired, no die: the formation stays on overwatch.
    res = resolve(
        scenario([shooter(line_of_fire=False)], attacker={"overwatch": True}, kind="overwatch", trigger="move", dice=[])
    )
    assert res["outcome"] == "no shooters"
    assert res["overwatch_ended"] is False


def test_an_artillery_formation_on_overwatch_fires_its_barrage() -> None:
    # "Resolve the shooting attacks using the normal rules"; barrage weapons "grouped together in an
    # attack ... always fire a single barrage": the action "overwatch barrage". Two Earthshakers of
    # 3 BP: 6 BP, row 5-6 (radius 1, AP 2). The unit at the centre tile: one die, a 2: hit (no
    # save), destroyed.
    res = resolve(
        scenario(
            [shooter("Earthshaker 120 BP3", name="B1"), shooter("Earthshaker 120 BP3", name="B2")],
            [{"name": "Bikes", "type": "infantry", "from_centre": 0}],
            attacker={"overwatch": True},
            kind="overwatch barrage",
            trigger="move",
            dice=[2],
        )
    )
    assert res["barrage"] is not None
    assert (res["barrage"]["bp"], res["barrage"]["AP"]) == (6, 2)
    assert res["outcome"] == "wiped out"
    assert res["overwatch_ended"] is True
