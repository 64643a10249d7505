"""Hand-to-hand in the fan ruleset (seed 000, Hand-to-hand combat; Combat Modifiers; Parrying;
Effective Initiative): one WS test per Attack at its effective initiative, a parry for each hit
while the defender has parries, and each hit's penetration and damage."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.d100.models import AppliedModifier

from ..d100 import signed
from .models import Shot
from .modifiers import combat_modifiers
from .readings import D100Reading, blow_order, effective_initiative, hit_location
from .state import RoundState
from .tables import src

if TYPE_CHECKING:
    from .procedure import Wh40krpRound


def melee(rnd: Wh40krpRound, state: RoundState) -> RoundState:
    """The round's blows, in order, each tested, parried and resolved; a gun that jams ends them.
    Raises :class:`ScenarioError` at ``target.WS`` for a parry with no WS to test. Returns the
    round with the blows and, when the target's Initiative is given, the order of blows."""
    a, tgt = rnd.s.attacker, rnd.s.target
    times = effective_initiative(a.I, a.A)
    mods = combat_modifiers(rnd)
    chance = a.WS + sum(m.value for m in mods)
    detail = f"WS {a.WS}" + "".join(f" {signed(m.value)} ({m.label})" for m in mods) + f" = {chance}%"
    rnd.step(
        "Hand-to-hand",
        src("Hand-to-hand combat; Combat Modifiers"),
        f"{a.name} strikes {a.A} time{'s' if a.A > 1 else ''} this round at I {', '.join(map(str, times))}; each blow: {detail}.",
    )
    if tgt.parries and tgt.WS is None:
        raise rnd.refuse("target.WS", "A parry is a WS test: give the target's WS")
    parries_left = tgt.parries
    for k, time in enumerate(times):
        shot = blow(rnd, k + 1, time, chance, mods)
        if shot.jammed:
            state = replace(state, jammed=True)
        elif shot.hit:
            parry = 0
            if parries_left and tgt.WS is not None:
                parries_left -= 1
                shot, parry = parried(rnd, shot)
            shot = rnd.resolve_hit(shot, True, parry, state.damage_index())
        state = state.adding(shot)
        if shot.jammed:
            break
    return _initiative(rnd, state)


def blow(rnd: Wh40krpRound, number: int, time: int, chance: int, mods: list[AppliedModifier]) -> Shot:
    """Blow ``number`` at Initiative ``time``: its WS test (a gun in hand-to-hand still jams on
    98-00) and, on a hit, its location."""
    a, tgt = rnd.s.attacker, rnd.s.target
    reads = D100Reading(chance, gun=rnd.weapon.is_gun)  # a gun jams on 98-00; no overload
    roll = rnd.to_hit_die(f"blow {number} WS d100", reads, ("blow", number))
    jam, _, hit = reads(roll)
    location_roll, location = hit_location(roll) if hit else (None, None)
    text = f"at I {time}: rolled {roll} against {chance}%: " + (
        f"hit; reversed to {location_roll:02d}: {location}" if hit else ("the gun jams (98-00)" if jam else "miss")
    )
    rnd.step(f"Blow {number}", src("Hand-to-hand combat"), text + ".")
    return Shot(
        number=number,
        action=1,
        kind="blow",
        target=tgt.name,
        characteristic="WS",
        base=a.WS,
        modifiers=mods,
        chance=chance,
        roll=roll,
        hit=hit,
        jammed=jam,
        location=location,
        location_roll=location_roll,
        initiative=time,
    )


def parried(rnd: Wh40krpRound, shot: Shot) -> tuple[Shot, int]:
    """The target's parry of a blow that hit: a WS test; parried, the chance to penetrate falls by
    its WS. Returns the blow with the parry recorded, and the parry's value (0 when it failed)."""
    tgt = rnd.s.target
    ws = tgt.WS or 0
    proll = rnd.to_hit_die(f"blow {shot.number} parry d100 ({tgt.name}'s WS {ws})", D100Reading(ws), None)
    ok = proll <= ws
    rnd.step(
        f"Blow {shot.number}: parry",
        src("Parrying: 'reduces the chance of penetrating armour by the target's WS'"),
        f"{tgt.name} parries: rolled {proll} against WS {ws}: "
        + (f"parried, the chance to penetrate falls by {ws}." if ok else "failed."),
    )
    return shot.model_copy(update={"parry_roll": proll, "parried": ok}), ws if ok else 0


def _initiative(rnd: Wh40krpRound, state: RoundState) -> RoundState:
    """The round's blows in effective initiative order, when the target's Initiative is given."""
    a, tgt = rnd.s.attacker, rnd.s.target
    if tgt.I is None:
        return state
    order = blow_order([(a.name, a.I, a.A), (tgt.name, tgt.I, tgt.A or 1)])
    rnd.step(
        "Effective initiative",
        src("Effective Initiative: 'Divide the creature's Initiative ... by the number of Attacks'"),
        "The round's blows: " + ", ".join(f"{b.who} ({b.initiative})" for b in order) + ".",
    )
    return replace(state, initiative=tuple(order))
