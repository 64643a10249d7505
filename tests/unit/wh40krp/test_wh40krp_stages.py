"""The fan ruleset's stages driven one at a time (``rules/wh40krp/``): a frozen record in, a record
out, with the dice each stage draws, in order. Hand-worked from seed 000 (Shooting; S, SA, A;
Jams; Duck-back; Effective Initiative) with the illustrative weapons of ``wh40krp_scenarios``."""

from __future__ import annotations

from typing import Any

import wh40krp_scenarios as rps

from rules.api import load_scenario
from rules.dice import Roller, ScriptedDice
from rules.wh40krp.melee import melee
from rules.wh40krp.models import Shot
from rules.wh40krp.procedure import Wh40krpRound
from rules.wh40krp.shooting import duck_back, fire
from rules.wh40krp.sight import sight_stage
from rules.wh40krp.state import Aim, RoundState


def round_of(data: dict[str, Any], dice: list[int]) -> tuple[Wh40krpRound, Roller]:
    roller = Roller(ScriptedDice(dice))
    return Wh40krpRound(load_scenario(data), roller), roller  # type: ignore[arg-type]


def purposes(roller: Roller) -> list[str]:
    return [d.purpose for d in roller.records]


def test_fire_rolls_every_to_hit_before_any_penetration() -> None:
    # Semi-automatic at BS 40: shot 1 at 35% (-5), shot 2 at 30% (-10). 34 hits (reversed 43: Left
    # Arm), 20 hits (02: Head). Physical armour 30 +10 (the Autogun at short range) = 40%: shot 1's
    # 10 penetrates (damage d100 50), shot 2's 90 is stopped. "Damage is not worked out until all of
    # the hits have been allocated": both to-hit dice come first.
    data = rps.scenario(actions=[{"kind": "semi"}], target={"armour": rps.armour(30)})
    rnd, roller = round_of(data, [34, 20, 10, 50, 90])
    before = RoundState()
    after = fire(rnd, before, 0, rnd.s.action.actions[0], Aim(), frozenset())
    assert before == RoundState()  # the record handed in is untouched
    assert [(s.roll, s.location_roll, s.location, s.penetrated) for s in after.shots] == [
        (34, 43, "Left Arm", True),
        (20, 2, "Head", False),
    ]
    assert [s.chance for s in after.shots] == [35, 30]
    assert after.rounds_fired == 2
    assert (after.jammed, after.overloaded, after.stopped) == (False, False, None)
    # damaged by this action: the Cultist does not duck back though shot 2 did not penetrate
    assert after.duck == ()
    assert purposes(roller) == [
        "shot 1 to-hit d100 (Cultist)",
        "shot 2 to-hit d100 (Cultist)",
        "shot 1 armour penetration d100",
        "shot 1 damage d100 (Chart 1)",
        "shot 2 armour penetration d100",
    ]


def test_a_double_on_automatic_jams_and_stops_the_round() -> None:
    # Automatic: shot 1 at 30% rolls 90 (a miss), shot 2 rolls 22, a double on automatic: jammed.
    # The burst stops there, and the round's later shooting with it.
    data = rps.scenario(actions=[{"kind": "auto"}])
    rnd, roller = round_of(data, [90, 22])
    after = fire(rnd, RoundState(), 0, rnd.s.action.actions[0], Aim(), frozenset())
    assert [(s.roll, s.hit, s.jammed) for s in after.shots] == [(90, False, False), (22, False, True)]
    assert (after.rounds_fired, after.jammed, after.stopped) == (2, True, "the weapon jammed")
    assert len(roller.records) == 2


def test_an_empty_clip_fires_nothing_and_draws_no_die() -> None:
    data = rps.scenario(weapon=rps.weapon(rps.AUTOGUN, clip=1), actions=["single", "single"])
    rnd, roller = round_of(data, [])
    after = fire(rnd, RoundState(rounds_fired=1), 1, rnd.s.action.actions[1], Aim(), frozenset())
    assert (after.shots, after.stopped) == ((), "Autogun is out of rounds")
    assert roller.records == []


def test_a_stopped_round_fires_no_later_action_and_keeps_the_aim() -> None:
    data = rps.scenario(actions=["single", "single"])
    rnd, roller = round_of(data, [])
    stopped = RoundState(jammed=True, stopped="the weapon jammed")
    state, aim = rnd.act(1, rnd.s.action.actions[1], "Single shot", stopped, Aim(1, True), frozenset())
    assert (state, aim) == (stopped, Aim(1, True))
    assert roller.records == []
    assert rnd.steps[-1].detail == "Not fired: the weapon jammed."


def test_aim_rest_and_move_hand_on_the_aim() -> None:
    # Seed 000, Aiming (+5 an action) and Rested Weapon (+5 until the firer moves); a move loses both.
    data = rps.scenario(actions=["aim", "rest", "move", "single"])
    rnd, _ = round_of(data, [])
    acts = rnd.s.action.actions
    aimed = rnd.prepare(0, acts[0], "Aim", Aim())
    rested = rnd.prepare(1, acts[1], "Rest", aimed)
    moved = rnd.prepare(2, acts[2], "Move", rested)
    assert (aimed, rested, moved) == (Aim(1, False), Aim(1, True), Aim())
    assert rnd.steps[-1].detail == "Move; the aim and rested weapon bonus is lost."


def test_firing_spends_the_aim_and_firing_on_the_move_loses_the_rest() -> None:
    # Aimed twice and rested: shot at 40 +10 +5 = 55% rolls 90 (a miss); the aim is spent, the rest
    # kept. Fired while walking, the rest is lost too.
    still = rps.scenario(actions=["single"])
    rnd, _ = round_of(still, [90])
    _, aim = rnd.act(0, rnd.s.action.actions[0], "Single shot", RoundState(), Aim(2, True), frozenset())
    assert aim == Aim(0, True)
    walking = rps.scenario(actions=[{"kind": "single", "moving": "walking"}])
    rnd, _ = round_of(walking, [90])
    _, aim = rnd.act(0, rnd.s.action.actions[0], "Single shot", RoundState(), Aim(2, True), frozenset())
    assert aim == Aim(0, False)


def test_duck_back_when_no_shot_of_the_action_penetrated() -> None:
    data = rps.scenario()
    rnd, _ = round_of(data, [])
    stopped = Shot(number=1, action=1, kind="single", target="Cultist", chance=40, hit=True, location="Body")
    shots, ducked = duck_back(rnd, RoundState(), 0, [stopped])
    assert ducked == ("Cultist",)
    assert shots[0].duck_back is True
    through = stopped.model_copy(update={"number": 2, "penetrated": True})
    shots, ducked = duck_back(rnd, RoundState(), 0, [stopped, through])
    assert ducked == ()
    assert shots[0].duck_back is False


def test_the_seed_harlequin_strikes_at_72_48_and_24() -> None:
    # Seed 000, Effective Initiative: a Harlequin (I 72, 3 Attacks) against a gang leader (I 30, 2):
    # Eldar 72, Eldar 48, Human 30, Eldar 24, Human 15. Each blow at WS 40 rolls 90: a miss.
    data = rps.scenario(
        weapon=rps.SWORD,
        actions=["melee"],
        attacker={"name": "Harlequin", "I": 72, "A": 3},
        target={"name": "Gang leader", "I": 30, "A": 2},
    )
    rnd, roller = round_of(data, [90, 90, 90])
    after = melee(rnd, RoundState())
    assert [s.initiative for s in after.shots] == [72, 48, 24]
    assert [(b.who, b.initiative) for b in after.initiative] == [
        ("Harlequin", 72),
        ("Harlequin", 48),
        ("Gang leader", 30),
        ("Harlequin", 24),
        ("Gang leader", 15),
    ]
    assert purposes(roller) == ["blow 1 WS d100", "blow 2 WS d100", "blow 3 WS d100"]


def test_a_plasma_overload_is_a_point_blank_hit_on_the_firer() -> None:
    # 99 overloads the plasma gun; a fresh d100 34 reversed to 43 (Left Arm) strikes the unarmoured
    # firer, who takes the damage d100 (50).
    data = rps.scenario(weapon=rps.PLASMA_GUN)
    rnd, roller = round_of(data, [99, 34, 50])
    after = fire(rnd, RoundState(), 0, rnd.s.action.actions[0], Aim(), frozenset())
    assert [(s.kind, s.target_index, s.location, s.penetrated) for s in after.shots] == [
        ("single", 0, None, False),
        ("overload", -1, "Left Arm", True),
    ]
    assert (after.overloaded, after.jammed, after.stopped) == (True, False, "the weapon overloaded")
    assert purposes(roller) == [
        "shot 1 to-hit d100 (Cultist)",
        "overload hit location d100 (reversed)",
        "overload damage d100 (Chart 1)",
    ]


def test_sight_names_the_targets_hit_automatically() -> None:
    # Seed 000, Targeting: a large target within 100 m is hit automatically; a normal one never.
    large, _ = round_of(rps.scenario(distance=50, target={"size": "large"}), [])
    normal, _ = round_of(rps.scenario(distance=50), [])
    assert sight_stage(large) == frozenset({0})
    assert sight_stage(normal) == frozenset()


def test_the_damage_index_counts_the_penetrating_hits_so_far() -> None:
    hit = Shot(number=1, action=1, kind="single", target="Cultist", chance=40, hit=True, penetrated=True)
    miss = hit.model_copy(update={"penetrated": False})
    state = RoundState(shots=(hit, miss))
    assert state.damage_index() == 1
    assert state.damage_index([hit]) == 2
