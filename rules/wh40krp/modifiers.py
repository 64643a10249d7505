"""The fan ruleset's to-hit modifiers: a shot's (seed 000, Shooting to hit modifiers; S, SA, A;
Range; Aiming; Rested Weapon) and a blow's (Combat Modifiers), each applied with its source."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.d100.models import AppliedModifier

from .checks import MODE_NAME
from .models import RpAction
from .readings import range_band, recoil
from .state import Aim
from .tables import applied, src

if TYPE_CHECKING:
    from .procedure import Wh40krpRound


def shooting_modifiers(
    rnd: Wh40krpRound, index: int, kind: str, shot: int, aim: Aim, action: RpAction
) -> list[AppliedModifier]:
    """The modifiers of shot ``shot`` (0-based) of a ``kind`` action at target ``index``, in the
    order the step log lists them: the shot's own (recoil, range, aim), the target's cover and
    speed, the firer's movement and wounds, the target's size, how the weapon is held, the GM's."""
    return [
        *_shot_modifiers(rnd, index, kind, shot, aim, action),
        *_target_modifiers(rnd, index),
        *_firer_modifiers(rnd, action),
        *_size_modifiers(rnd, index),
        *_handling_modifiers(rnd),
    ]


def _shot_modifiers(
    rnd: Wh40krpRound, index: int, kind: str, shot: int, aim: Aim, action: RpAction
) -> list[AppliedModifier]:
    """Recoil, range, aim (the first shot of a burst only; lost on a moving target or firer)
    and the rested weapon."""
    rows = rnd.t.shooting_modifiers.rows
    w = rnd.weapon
    out: list[AppliedModifier] = []
    step = recoil(kind, w.weapon_class == "Heavy")[shot]
    if step:
        name = "Heavy automatic" if kind == "auto" and w.weapon_class == "Heavy" else MODE_NAME[kind].capitalize()
        out.append(AppliedModifier(label=f"{name}, shot {shot + 1}", value=step, source=src("S, SA, A")))
    band = range_band(rnd.distance_to(index), w.range)
    if band == "point blank":
        out.append(applied(rows["point_blank"], src("Range")))
    elif band == "long":
        out.append(applied(rows["long_range"], src("Range")))
    if aim.actions and rnd.bodies[index].speed == 0 and action.moving == "no" and shot == 0:
        label = f"Aimed ({aim.actions} action{'s' if aim.actions > 1 else ''})"
        out.append(applied(rows["aim"], src("Aiming"), rows["aim"].value * aim.actions, label))
    if aim.rested and action.moving == "no":
        out.append(applied(rows["rested"], src("Rested Weapon")))
    return out


def _target_modifiers(rnd: Wh40krpRound, index: int) -> list[AppliedModifier]:
    """The target's: partly hidden, moving (-10 per full 100 m a round)."""
    rows = rnd.t.shooting_modifiers.rows
    source = src("Shooting to hit modifiers")
    body = rnd.bodies[index]
    out: list[AppliedModifier] = []
    if body.exposure != "open":
        out.append(applied(rows["partially_hidden"], source))
    hundreds = int(body.speed // 100)
    if hundreds:
        label = f"Moving target ({body.speed:g} m per round)"
        out.append(applied(rows["moving_target"], source, rows["moving_target"].value * hundreds, label))
    return out


def _size_modifiers(rnd: Wh40krpRound, index: int) -> list[AppliedModifier]:
    """A small target (or a part of a normal one aimed at), or a large one."""
    rows = rnd.t.shooting_modifiers.rows
    source = src("Shooting to hit modifiers")
    body = rnd.bodies[index]
    if rnd.is_small(index):
        label = f"Small target (aimed at the {rnd.s.action.called_location})" if body.size == "normal" else None
        return [applied(rows["small_target"], source, label=label)]
    if body.size == "large":
        return [applied(rows["large_target"], source)]
    return []


def _firer_modifiers(rnd: Wh40krpRound, action: RpAction) -> list[AppliedModifier]:
    """The firer's: firing while walking or running, wounded, with the wrong hand."""
    rows = rnd.t.shooting_modifiers.rows
    source = src("Shooting to hit modifiers")
    keys = []
    if action.moving == "walking":
        keys.append("firing_moving")
    elif action.moving == "running":
        keys.append("firing_running")
    if rnd.s.attacker.wounded != "none":
        keys.append(f"{rnd.s.attacker.wounded}_wound")
    if rnd.s.action.wrong_hand:
        keys.append("wrong_hand")
    return [applied(rows[key], source) for key in keys]


def _handling_modifiers(rnd: Wh40krpRound) -> list[AppliedModifier]:
    """How the weapon is held (a Basic or Heavy weapon one-handed, two weapons), then the GM's."""
    rows = rnd.t.shooting_modifiers.rows
    source = src("Shooting to hit modifiers")
    rnd_action = rnd.s.action
    w = rnd.weapon
    keys = []
    if rnd_action.one_handed and w.weapon_class == "Basic":
        keys.append("basic_one_handed")
    elif rnd_action.one_handed and w.weapon_class == "Heavy":
        keys.append("heavy_one_handed")
    if rnd_action.two_weapons:
        keys.append("two_weapons")
    out = [applied(rows[key], source) for key in keys]
    return out + [AppliedModifier(label=m.label, value=m.value, source="GM") for m in rnd_action.modifiers]


def combat_modifiers(rnd: Wh40krpRound) -> list[AppliedModifier]:
    """The hand-to-hand modifiers (seed 000, Combat Modifiers)."""
    rows = rnd.t.combat_modifiers.rows
    source = src("Combat Modifiers")
    m = rnd.s.action.melee
    rnd_action = rnd.s.action
    w = rnd.weapon
    out = [
        applied(rows[key], source)
        for key in ("charging", "higher_ground", "won_last_round", "behind_obstacle")
        if getattr(m, key)
    ]
    if m.opponents > 1:
        extra = m.opponents - 1
        label = f"{extra} engaged opponent{'s' if extra > 1 else ''} above 1"
        out.append(applied(rows["extra_opponent"], source, rows["extra_opponent"].value * extra, label))
    keys = []
    if rnd_action.wrong_hand:
        keys.append("wrong_hand")
    if w.weapon_class == "Unarmed":
        keys.append("unarmed")
    if w.weapon_class == "Basic" and not w.bayonet:
        keys.append("basic_weapon")
    if rnd_action.two_weapons:
        keys.append("two_weapons")
    if rnd.s.attacker.power_armour:
        keys.append("power_armour")
    out += [applied(rows[key], source) for key in keys]
    return out + [AppliedModifier(label=mod.label, value=mod.value, source="GM") for mod in rnd_action.modifiers]
