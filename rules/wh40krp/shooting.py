"""A fire action of the fan ruleset (seed 000, S, SA, A; Shooting; Jams; Duck-back): every to-hit
roll first, then the hits' penetration and damage ("Damage is not worked out until all of the hits
have been allocated"), then duck-back; a plasma weapon's overload; clearing a jam."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..d100 import signed
from .checks import MODE_NAME
from .hits import damage as damage_roll
from .hits import log_hit, penetrate
from .models import Deviation, RpAction, RpBody, Shot
from .modifiers import shooting_modifiers
from .readings import D100Reading, hit_location, recoil
from .state import Aim, RoundState
from .tables import src

if TYPE_CHECKING:
    from .procedure import Wh40krpRound


def fire(
    rnd: Wh40krpRound, state: RoundState, i: int, action: RpAction, aim: Aim, automatic: frozenset[int]
) -> RoundState:
    """Fire action ``i``: its shots at the targets (``automatic``: those hit automatically), then
    each hit's penetration and damage, duck-back, a plasma overload; returns the round after it."""
    steps = recoil(action.kind, rnd.weapon.weapon_class == "Heavy")
    count = action.shots or len(steps)
    _announce(rnd, i, action, steps, count)
    fired, state = _to_hit(rnd, state, i, action, aim, automatic, count)
    done: list[Shot] = []
    for shot in fired:  # penetration and damage, shot by shot, once every hit is allocated
        done.append(rnd.resolve_hit(shot, False, 0, state.damage_index(done)) if shot.hit else shot)
    shots, ducked = duck_back(rnd, state, i, done)
    state = replace(state, shots=(*state.shots, *shots), duck=ducked)
    if any(s.overloaded for s in done):
        state = overload(rnd, state)
    if state.jammed or state.overloaded:
        state = replace(state, stopped="the weapon jammed" if state.jammed else "the weapon overloaded")
    return state


def _announce(rnd: Wh40krpRound, i: int, action: RpAction, steps: list[int], count: int) -> None:
    """The step naming the action's mode, shots and recoil."""
    heavy = rnd.weapon.weapon_class == "Heavy"
    name = "Heavy automatic" if action.kind == "auto" and heavy else MODE_NAME[action.kind].capitalize()
    spread = f" (stops after {count} of {len(steps)}: spreading fire)" if count < len(steps) else ""
    recoil_text = (
        f", recoil {', '.join(signed(v) for v in steps[:count])}." if any(steps[:count]) else ", no recoil penalty."
    )
    rnd.step(
        f"Action {i + 1}: {name}", src("S, SA, A"), f"{count} shot{'s' if count > 1 else ''}{spread}" + recoil_text
    )


def _to_hit(
    rnd: Wh40krpRound,
    state: RoundState,
    i: int,
    action: RpAction,
    aim: Aim,
    automatic: frozenset[int],
    count: int,
) -> tuple[list[Shot], RoundState]:
    """Each shot's to-hit roll, until the clip is empty, the gun jams or overloads; following fire
    swings onto the next target after the shots it names. Returns the shots and the round (rounds
    fired, jammed, overloaded, stopped)."""
    w = rnd.weapon
    target = action.at
    fired: list[Shot] = []
    for k in range(count):
        if w.clip is not None and state.rounds_fired >= w.clip:
            state = replace(state, stopped=f"{w.name} is out of rounds")
            rnd.step(
                "Out of rounds",
                src("Actions: reloading takes 4 actions"),
                f"{w.name} is empty after {state.rounds_fired} rounds.",
            )
            break
        if k in action.follow:
            target += 1
            rnd.step(
                "Following fire",
                rnd.t.following_fire.source,
                f"After shot {k} the weapon swings onto {rnd.bodies[target].name}, "
                f"{rnd.s.target.others[target - 1].gap:g} m from the previous target.",
            )
        rnd.before_shot(i, k, target, state, tuple(fired), aim)
        number = len(state.shots) + len(fired) + 1
        shot = shoot(rnd, i, number, k, target, action, aim, target in automatic)
        fired.append(shot)
        state = replace(
            state,
            rounds_fired=state.rounds_fired + 1,
            jammed=state.jammed or shot.jammed,
            overloaded=state.overloaded or shot.overloaded,
        )
        if shot.jammed or shot.overloaded:
            break
    return fired, state


def shoot(
    rnd: Wh40krpRound, i: int, number: int, k: int, target: int, action: RpAction, aim: Aim, automatic: bool
) -> Shot:
    """Shot ``number`` (the ``k``-th of action ``i``) at target ``target``: one to-hit roll, its
    jam or overload, its location; on a miss by an area weapon, its deviation."""
    w = rnd.weapon
    body = rnd.bodies[target]
    mods = shooting_modifiers(rnd, target, action.kind, k, aim, action)
    total = rnd.s.attacker.BS + sum(m.value for m in mods)
    chance = max(rnd.t.minimum_chance.value, total)
    reads = D100Reading(chance, w.is_gun, action.kind == "auto", w.plasma, automatic)
    roll = rnd.to_hit_die(f"shot {number} to-hit d100 ({body.name})", reads, ("shot", number))
    jam, overload_, hit = reads(roll)
    kind = ("heavy auto" if w.weapon_class == "Heavy" else "auto") if action.kind == "auto" else action.kind
    location: str | None = None
    location_roll = None
    if hit:
        if rnd.s.action.called_location is not None and target == 0:
            location = rnd.s.action.called_location
        else:
            location_roll, location = hit_location(roll)
    shot = Shot(
        number=number,
        action=i + 1,
        kind=kind,
        target=body.name,
        target_index=target,
        base=rnd.s.attacker.BS,
        modifiers=mods,
        chance=chance,
        roll=roll,
        hit=hit,
        automatic=automatic and not jam,
        jammed=jam and not overload_,
        overloaded=overload_,
        location=location,
        location_roll=location_roll,
    )
    rnd.step(
        f"Shot {number}: to hit",
        src("Shooting to hit modifiers; Jams; Hit Location"),
        _shot_text(rnd, shot, total, automatic),
    )
    if w.area_effect and not hit and not jam:
        shot = shot.model_copy(update={"landed": deviate(rnd, number, target)})
    return shot


def _shot_text(rnd: Wh40krpRound, shot: Shot, total: int, automatic: bool) -> str:
    """The to-hit step: BS and each modifier, the chance, the roll and what it reads."""
    floor = rnd.t.minimum_chance.value
    roll = shot.roll
    detail = f"BS {shot.base}" + "".join(f" {signed(m.value)} ({m.label})" for m in shot.modifiers) + f" = {total}%"
    if total < floor:
        detail += f", at least {floor}%"
    if automatic:
        detail = f"a large target within reach is hit automatically; the die is rolled for a jam ({detail})"
    detail += f"; rolled {roll}: "
    if shot.overloaded:
        detail += f"{roll} overloads the plasma weapon: it explodes, a point-blank hit on the firer"
    elif shot.jammed:
        why = f"{roll} is a double, on automatic" if (roll or 0) < rnd.t.jams.low else f"{roll} (98-00)"
        detail += f"jammed: {why}"
    elif shot.hit and shot.location_roll is not None:
        detail += f"hit; reversed to {shot.location_roll:02d} on the WFRP table: {shot.location}"
    elif shot.hit:
        detail += f"hit; the {shot.location}, as aimed at (a small target)"
    else:
        detail += "miss"
    return detail + "."


def deviate(rnd: Wh40krpRound, number: int, target: int) -> Deviation:
    """Where an area effect shot that missed lands: a d12 clock direction and d10 metres (seed
    000, Area Effect); one that would come back onto the firer does not, unless the GM rules so."""
    area = rnd.t.area_effect
    clock = rnd.unread_die(area.direction, f"shot {number} deviation direction d12 (clock face)")
    metres = rnd.unread_die(area.metres, f"shot {number} deviation distance d10 (metres)")
    note = None
    if clock == 6 and metres >= rnd.distance_to(target):
        note = "it would come back onto the firer: by the rule it does not, unless the GM rules otherwise"
    rnd.step(
        f"Shot {number}: deviation",
        area.source,
        f"The shot missed: it lands {metres} m from the target towards {clock} o'clock (12: straight on, 6: back towards the firer)"
        + (f"; {note}" if note else "")
        + ".",
    )
    return Deviation(clock=clock, metres=metres, note=note)


def duck_back(rnd: Wh40krpRound, state: RoundState, i: int, shots: list[Shot]) -> tuple[list[Shot], tuple[str, ...]]:
    """Duck-back after action ``i``: each target hit without penetration, and not damaged by
    another shot of the same action, ducks back. Returns the shots with ``duck_back`` set on
    each hit that did not penetrate, and who has ducked back this round (seed 000, Duck-back)."""
    ducked: set[int] = set()
    who_ducks = list(state.duck)
    for index in sorted({s.target_index for s in shots if s.hit}):
        mine = [s for s in shots if s.hit and s.target_index == index]
        stopped = [s for s in mine if not s.penetrated]
        if not stopped:
            continue
        who = rnd.bodies[index].name
        if any(s.penetrated for s in mine):
            rnd.step(
                "Duck-back",
                src("Duck-back"),
                f"{who} was damaged by this action, so does not duck back though {len(stopped)} shot(s) did not penetrate.",
            )
            continue
        rnd.step(
            "Duck-back",
            src("Duck-back"),
            f"Action {i + 1} hit {who} without penetrating: {who} ducks back (flinches away).",
        )
        if who not in who_ducks:
            who_ducks.append(who)
        ducked.add(index)
    marked = [
        s.model_copy(update={"duck_back": s.target_index in ducked}) if s.hit and not s.penetrated else s for s in shots
    ]
    return marked, tuple(who_ducks)


def overload(rnd: Wh40krpRound, state: RoundState) -> RoundState:
    """A plasma weapon's overload: a point-blank hit on the firer (seed 000, Jams); returns the
    round with it recorded."""
    a = rnd.s.attacker
    roll = rnd.roller.d100("overload hit location d100 (reversed)")
    number, location = hit_location(roll)
    body = RpBody(name=a.name, armour=a.armour)
    layers, through, _ = penetrate(rnd, "overload", body, location, long_range=False, melee=False)
    dmg = damage_roll(rnd, "overload", False, False, state.damage_index()) if through else None
    shot = Shot(
        number=len(state.shots) + 1,
        action=state.shots[-1].action,
        kind="overload",
        target=a.name,
        target_index=-1,
        characteristic="-",
        chance=100,
        roll=roll,
        hit=True,
        location=location,
        location_roll=number,
        layers=layers,
        penetrated=through,
        damage=dmg,
    )
    rnd.step(
        "Plasma overload",
        src("Jams: 'the plasma weapon overloads and explodes causing a point-blank hit'"),
        f"A point-blank hit on {a.name}: d100 {roll} reversed to {number:02d}: {location} (a fresh roll: the jamming roll reversed would always strike a leg).",
    )
    log_hit(rnd, "overload", a.name, location, layers, dmg, "point blank")
    return state.adding(shot)


def clear_jam(rnd: Wh40krpRound) -> tuple[int | None, bool | None]:
    """The Tek test to clear a jam, rolled at once when Tek is given (seed 000, Jams); returns the
    roll and whether it cleared, or (None, None) for the GM to roll."""
    a = rnd.s.attacker
    source = rnd.t.jams.source
    rounds = rnd.t.jams.repair_rounds
    if a.Tek is None:
        rnd.step(
            "Clearing the jam",
            source,
            f"{a.weapon.name} is repaired in {rounds} rounds if {a.name} passes a Tek test (the GM rolls it: Tek not given).",
        )
        return None, None
    roll = rnd.unread_die(100, f"Tek test to clear the jam d100 (Tek {a.Tek})")
    ok = roll <= a.Tek
    rnd.step(
        "Clearing the jam",
        source,
        f"Tek {a.Tek}, rolled {roll}: "
        + (
            f"{a.weapon.name} is repaired and ready to fire in {rounds} rounds."
            if ok
            else "failed: the weapon stays jammed (the GM says when to try again)."
        ),
    )
    return roll, ok
