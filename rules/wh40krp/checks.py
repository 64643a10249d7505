"""The fan ruleset's checks before any die: the round's actions fit in 4 and make sense, and each
fire action's mode, shots and following fire are ones the weapon allows (seed 000, Actions; S,
SA, A; Following Fire). Each refusal is a :class:`ScenarioError` at its field."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import FIRE_KINDS, RpAction
from .readings import recoil

if TYPE_CHECKING:
    from .procedure import Wh40krpRound

MODE_OF = {"single": "S", "semi": "SA", "auto": "A"}
MODE_NAME = {"single": "single shot", "semi": "semi-automatic", "auto": "automatic"}


def check_actions(rnd: Wh40krpRound) -> int:
    """The round's actions fit in 4 and make sense; returns the actions spent."""
    costs = rnd.t.action_costs.rows
    actions = rnd.s.action.actions
    spent = sum(costs[a.kind].actions for a in actions)
    limit = rnd.t.actions_per_round.value
    if spent > limit:
        raise rnd.refuse(
            "action.actions",
            f"These actions take {spent} actions; a round has {limit} (a reload or hand-to-hand takes all {limit})",
        )
    aim = 0
    for i, a in enumerate(actions):
        where = f"action.actions.{i}"
        if a.kind == "aim":
            aim += 1
            if aim > rnd.t.aim.max_actions:
                raise rnd.refuse(f"{where}.kind", f"A character aims for {rnd.t.aim.max_actions} actions at most")
        elif a.kind in FIRE_KINDS or a.kind in ("move", "run", "crawl"):
            aim = 0
        if a.kind == "melee" and not rnd.weapon.is_melee and rnd.weapon.weapon_class not in ("Pistol", "Basic"):
            raise rnd.refuse("attacker.weapon.class", f"A {rnd.weapon.weapon_class} weapon is not used in hand-to-hand")
        if a.kind in FIRE_KINDS:
            check_fire(rnd, i, a)
        elif a.shots is not None or a.follow or a.at:
            raise rnd.refuse(f"{where}.kind", "Only a shooting action fires shots at a target")
    return spent


def check_fire(rnd: Wh40krpRound, i: int, a: RpAction) -> None:
    """Action ``i`` fires a mode the weapon has, at most its shots, at a target that exists."""
    where = f"action.actions.{i}"
    w = rnd.weapon
    if w.is_melee:
        raise rnd.refuse(f"{where}.kind", f"{w.name} is a {w.weapon_class} weapon: it does not shoot")
    if w.clip == 0:
        raise rnd.refuse("attacker.weapon.clip", f"{w.name} is empty: reloading takes 4 actions (a round)")
    mode = MODE_OF[a.kind]
    if mode not in w.modes:
        raise rnd.refuse(
            f"{where}.kind", f"{w.name} does not fire {MODE_NAME[a.kind]} ({mode}); it fires {'/'.join(w.modes)}"
        )
    most = len(recoil(a.kind, w.weapon_class == "Heavy"))
    if a.shots is not None and a.shots > most:
        raise rnd.refuse(f"{where}.shots", f"{MODE_NAME[a.kind].capitalize()} fires at most {most} shots an action")
    if a.at > len(rnd.s.target.others):
        raise rnd.refuse(f"{where}.at", f"There is no other target number {a.at}")
    if a.follow and a.kind == "single":
        raise rnd.refuse(f"{where}.follow", "Following fire needs a semi-automatic or automatic weapon")
    check_following(rnd, i, a, a.shots or most)


def check_following(rnd: Wh40krpRound, i: int, a: RpAction, shots: int) -> None:
    """Following fire swings after shots the action fires, in order, onto further targets each
    within reach of the previous one (seed 000, Following Fire)."""
    where = f"action.actions.{i}"
    previous = 0
    for j, after in enumerate(a.follow):
        if not previous < after < shots:
            raise rnd.refuse(
                f"{where}.follow", f"The weapon swings after a shot it fires, in order: after shot 1 to {shots - 1}"
            )
        previous = after
        index = a.at + j + 1
        if index > len(rnd.s.target.others):
            raise rnd.refuse(
                f"{where}.follow", "There is no further target to swing onto: add one to the target's others"
            )
        gap = rnd.s.target.others[index - 1].gap
        if gap > rnd.t.following_fire.metres:
            raise rnd.refuse(
                f"target.others.{index - 1}.gap",
                f"Following fire swings only to a target within {rnd.t.following_fire.metres:g} m of the previous one ({gap:g} m)",
            )
