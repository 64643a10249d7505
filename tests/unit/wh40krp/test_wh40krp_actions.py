"""The fan-made Warhammer 40,000 Roleplay: the round's actions, aiming, a rested weapon, spreading fire.

Seed 000, Actions: "a character can perform 4 actions in a round"; 1 action for walking, running,
crawling, resting a weapon, aiming, firing two shots (SA), four shots (A) or one shot (S) and the
like; "It takes 4 ACTIONS to accomplish ... Reloading"; "fighting in combat takes a whole round".
Aiming: "A character can spend up to 2 actions aiming ... Each action spent aiming increases the
chance to hit by +5%. This all depends on the target not moving ... It is possible to aim with an
automatic weapon although it only applies with the first shot". Rested Weapon: "It takes 1 complete
action to rest a weapon. The advantage ... is lost as soon as the firer moves ... +5 to hit which
may be combined with aiming". Spreading Fire: "he may cease firing after any roll to hit".

Defaults (wh40krp_scenarios): BS 40, the Autogun (S/SA/A, 100 m) at 20 m (short range: +0), the
target standing in the open; a roll of 90 misses every chance here and neither jams nor is a double.
"""

from __future__ import annotations

from typing import Any

import pytest
from wh40krp_scenarios import (
    HEAVY_STUBBER,
    SWORD,
    chances,
    errors_of,
    mods,
    resolve,
    scenario,
    step_text,
)

# --- the 4-action limit ------------------------------------------------------------------------------------


def test_reload_takes_all_four_actions() -> None:
    # Actions: "It takes 4 ACTIONS to accomplish ... Reloading": a reload alone is the round (4 of 4)
    res = resolve(scenario(actions=["reload"]))
    assert res["actions_spent"] == 4
    assert res["action"] == "Reload"
    assert res["shots"] == []
    assert res["dice"] == []


def test_reload_and_a_shot_are_refused() -> None:
    # 4 (reload) + 1 (single shot) = 5 actions > 4
    errors = errors_of(scenario(actions=["reload", "single"]))
    assert list(errors) == ["action.actions"]
    assert "5 actions" in errors["action.actions"]
    assert "4" in errors["action.actions"]


def test_hand_to_hand_takes_the_whole_round() -> None:
    # "fighting in combat takes a whole round": hand-to-hand counts 4, so aiming as well is 5
    errors = errors_of(scenario(weapon=SWORD, actions=["melee", "aim"]))
    assert "5 actions" in errors["action.actions"]
    res = resolve(scenario(weapon=SWORD, actions=["melee"], dice=[90]))
    assert res["actions_spent"] == 4


def test_five_actions_are_refused_by_the_form() -> None:
    # a round holds 4 actions at most: a fifth is refused at the list itself
    errors = errors_of(scenario(actions=["move", "move", "move", "move", "single"]))
    assert list(errors) == ["action.actions"]


def test_four_one_action_tasks_fit_the_round() -> None:
    # walk, rest, single, single: 1 + 1 + 1 + 1 = 4 of 4
    res = resolve(scenario(actions=["move", "rest", "single", "single"], dice=[90, 90]))
    assert res["actions_spent"] == 4
    assert len(res["shots"]) == 2


def test_the_action_summary_names_each_action() -> None:
    # aim, aim, semi-automatic: 3 actions; an 'other' action is named by its label
    res = resolve(
        scenario(actions=["aim", "aim", "semi", {"kind": "other", "label": "Switch chamber selector"}], dice=[90, 90])
    )
    assert res["action"] == "Aim, Aim, Semi-automatic, Switch chamber selector"
    assert res["actions_spent"] == 4
    assert step_text(res, "Actions") == (
        "Aim, Aim, Semi-automatic, Switch chamber selector: 4 of 4 actions this round."
    )


def test_a_mode_the_weapon_lacks_is_refused() -> None:
    # the Heavy stubber fires S/A: no semi-automatic
    errors = errors_of(scenario(weapon=HEAVY_STUBBER, actions=["semi"]))
    assert list(errors) == ["action.actions.0.kind"]
    assert "S/A" in errors["action.actions.0.kind"]


def test_only_a_shooting_action_fires_shots() -> None:
    errors = errors_of(scenario(actions=[{"kind": "aim", "shots": 2}, "single"]))
    assert list(errors) == ["action.actions.0.kind"]


# --- aiming ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("aims", "chance"), [(0, 40), (1, 45), (2, 50)])
def test_each_aim_action_adds_5(aims: int, chance: int) -> None:
    # Aiming: +5 per action: BS 40 + 5 x aims
    res = resolve(scenario(actions=["aim"] * aims + ["single"], dice=[90]))
    assert chances(res) == [chance]
    assert res["actions_spent"] == aims + 1


def test_aim_modifier_is_labelled() -> None:
    res = resolve(scenario(actions=["aim", "aim", "single"], dice=[90]))
    assert mods(res["shots"][0]) == [("Aimed (2 actions)", 10)]


def test_a_third_aim_action_is_refused() -> None:
    # "up to 2 actions aiming": the third aim (action index 2) is refused
    errors = errors_of(scenario(actions=["aim", "aim", "aim", "single"]))
    assert list(errors) == ["action.actions.2.kind"]
    assert "2 actions" in errors["action.actions.2.kind"]


def test_aiming_again_after_a_shot_is_a_new_count() -> None:
    # aim, single, aim, single: each shot has 1 aim action: 45 and 45 (the count starts over after a shot)
    res = resolve(scenario(actions=["aim", "single", "aim", "single"], dice=[90, 90]))
    assert chances(res) == [45, 45]


def test_aim_is_spent_by_the_shot_after_it() -> None:
    # aim, aim, single, single: the first shot has +10 (50); the second none (40)
    res = resolve(scenario(actions=["aim", "aim", "single", "single"], dice=[90, 90]))
    assert chances(res) == [50, 40]


def test_aim_applies_only_to_the_first_semi_automatic_shot() -> None:
    # seed 000, Aiming: aiming "only applies with the first shot, after which the weapon jolts the
    # character back"; the semi-automatic second shot carries recoil too ("-5 to hit for the 1st and
    # -10 for the 2nd"), so Aim is read as the first shot of any burst (a reading).
    # BS 40 + 10 (aim, 2 actions) - 5 = 45; the second shot: 40 - 10 = 30, no aim.
    res = resolve(scenario(actions=["aim", "aim", "semi"], dice=[90, 90]))
    assert chances(res) == [45, 30]
    assert [("Aimed (2 actions)", 10) in mods(s) for s in res["shots"]] == [True, False]


def test_aim_applies_only_to_the_first_automatic_shot() -> None:
    # "it only applies with the first shot": BS 60 + 10 - 10 = 60; then 60 - 20 = 40, - 30 = 30, - 40 = 20
    res = resolve(scenario(attacker={"BS": 60}, actions=["aim", "aim", "auto"], dice=[90, 90, 90, 90]))
    assert chances(res) == [60, 40, 30, 20]
    assert [("Aimed (2 actions)", 10) in mods(s) for s in res["shots"]] == [True, False, False, False]


def test_aim_on_a_heavy_automatic_burst_is_also_the_first_shot_only() -> None:
    # Heavy stubber on A, BS 40: 40 + 5 = 45, 40, 30, 20, 10, 0 -> at least 1
    res = resolve(scenario(weapon=HEAVY_STUBBER, actions=["aim", "auto"], dice=[90] * 6))
    assert chances(res) == [45, 40, 30, 20, 10, 1]


@pytest.mark.parametrize(("speed", "chance"), [(50, 40), (100, 30)])
def test_aim_is_lost_against_a_moving_target(speed: float, chance: int) -> None:
    # "This all depends on the target not moving": at 50 m/round no aim and no moving-target penalty
    # (under a full 100 m): 40; at 100 m/round no aim and -10: 30
    res = resolve(scenario(target={"speed": speed}, actions=["aim", "aim", "single"], dice=[90]))
    assert chances(res) == [chance]
    assert not any(label.startswith("Aimed") for label, _ in mods(res["shots"][0]))
    assert "lost: the target is moving" in step_text(res, "Action 1: aim")


@pytest.mark.parametrize("move", ["move", "run", "crawl"])
def test_aim_is_lost_after_the_firer_moves(move: str) -> None:
    # aim, aim, then a movement action: the aim starts over; the shot is at BS 40
    res = resolve(scenario(actions=["aim", "aim", move, "single"], dice=[90]))
    assert chances(res) == [40]
    assert "the aim bonus is lost" in step_text(res, "Action 3")


def test_aim_after_a_move_counts() -> None:
    # move, aim, single: 40 + 5 = 45
    res = resolve(scenario(actions=["move", "aim", "single"], dice=[90]))
    assert chances(res) == [45]


def test_aim_is_lost_when_firing_while_moving() -> None:
    # aim, then a single shot fired while walking: the firer moves, so the aim is lost (module docstring:
    # "lost when the target moves ... or the firer moves (a move action, or firing while walking or running)");
    # BS 40 - 10 (firing and moving) = 30, not 35; running: 40 - 20 = 20
    res = resolve(scenario(actions=["aim", {"kind": "single", "moving": "walking"}], dice=[90]))
    assert chances(res) == [30]
    res = resolve(scenario(actions=["aim", "aim", {"kind": "semi", "moving": "running"}], dice=[90, 90]))
    assert chances(res) == [15, 10]  # 40 - 5 - 20, 40 - 10 - 20


# --- a rested weapon ---------------------------------------------------------------------------------------


def test_a_rested_weapon_adds_5() -> None:
    res = resolve(scenario(actions=["rest", "single"], dice=[90]))
    assert chances(res) == [45]
    assert mods(res["shots"][0]) == [("Rested weapon", 5)]


def test_rest_combines_with_aim() -> None:
    # rest, aim, aim, single: 40 + 5 (rested) + 10 (aimed twice) = 55, all 4 actions
    res = resolve(scenario(actions=["rest", "aim", "aim", "single"], dice=[90]))
    assert chances(res) == [55]
    assert sorted(mods(res["shots"][0])) == [("Aimed (2 actions)", 10), ("Rested weapon", 5)]


def test_rest_is_kept_from_shot_to_shot_while_the_firer_stays() -> None:
    # "lost as soon as the firer moves": firing does not move him: 45, 45
    res = resolve(scenario(actions=["rest", "single", "single"], dice=[90, 90]))
    assert chances(res) == [45, 45]


def test_rest_is_lost_when_the_firer_moves() -> None:
    # rest, walk, single: 40
    res = resolve(scenario(actions=["rest", "move", "single"], dice=[90]))
    assert chances(res) == [40]
    assert "rested weapon bonus is lost" in step_text(res, "Action 2")


def test_rest_is_lost_when_firing_while_moving() -> None:
    # rest, then a shot fired while walking: no rest bonus, -10 (firing and moving): 30;
    # the next shot, standing, has lost the rest too: 40
    res = resolve(scenario(actions=["rest", {"kind": "single", "moving": "walking"}, "single"], dice=[90, 90]))
    assert chances(res) == [30, 40]
    assert mods(res["shots"][0]) == [("Firing and moving in the same action", -10)]


# --- spreading fire ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wpn", "kind", "shots", "expected"),
    [
        (None, "auto", 2, [30, 20]),  # Autogun on A, stopping after 2 of 4: 40 - 10, 40 - 20
        (None, "semi", 1, [35]),  # SA, 1 of 2: 40 - 5
        (HEAVY_STUBBER, "auto", 3, [40, 40, 30]),  # Heavy on A, 3 of 6: 40, 40, 40 - 10
    ],
)
def test_spreading_fire_stops_after_fewer_shots(
    wpn: dict[str, Any] | None, kind: str, shots: int, expected: list[int]
) -> None:
    res = resolve(scenario(weapon=wpn, actions=[{"kind": kind, "shots": shots}], dice=[90] * shots))
    assert chances(res) == expected
    assert res["rounds_fired"] == shots
    assert "spreading fire" in step_text(res, "Action 1")


@pytest.mark.parametrize(("wpn", "kind", "shots"), [(None, "semi", 3), (None, "auto", 5), (HEAVY_STUBBER, "auto", 7)])
def test_more_shots_than_the_mode_are_refused(wpn: dict[str, Any] | None, kind: str, shots: int) -> None:
    # SA fires 2 an action, A 4, a Heavy weapon on A 6 (shots above 6 are refused by the form itself)
    errors = errors_of(scenario(weapon=wpn, actions=[{"kind": kind, "shots": shots}]))
    assert list(errors) == ["action.actions.0.shots"]


def test_a_full_heavy_burst_is_six_shots() -> None:
    res = resolve(scenario(weapon=HEAVY_STUBBER, actions=[{"kind": "auto", "shots": 6}], dice=[90] * 6))
    assert len(res["shots"]) == 6
    assert "spreading fire" not in step_text(res, "Action 1")
