"""What every encounter event may do to the one acting, below the engine so the families' event
handlers (:mod:`rules.d100.encounter.moves`, :mod:`rules.d100.encounter.upkeep`) reach it without
importing :mod:`rules.encounter.engine` back (which re-exports these names): the conditions' limit
on an action, the event's dice, held Aim lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..dice import Roller, ScriptedDice, SeededDice
from . import conditions
from .models import CombatantState, EncounterError

if TYPE_CHECKING:
    from .engine import Ctx


def limited(f: str, c: CombatantState, cost: int, what: str) -> None:
    """Refuse what ``c``'s conditions stop: any action (Stunned, Helpless, Unconscious...), or a
    Full Action (Pinned: Half Actions only)."""
    stop = conditions.limit(c)
    if stop is not None and stop[0] == "all":
        cond = stop[1]
        left = f", {cond.rounds} turn(s) left" if cond.rounds else ""
        raise EncounterError.at(
            f"{f}.who", f"{c.name} is {cond.name}{left}: no actions ({conditions.rule(cond.name).rule}); end its turn"
        )
    if stop is not None and stop[0] == "full" and cost >= 2:
        raise EncounterError.at(
            f"{f}.type",
            f"{c.name} is {stop[1].name}: Half Actions only, and {what} is a Full Action ({conditions.rule(stop[1].name).rule})",
        )


def event_roller(ctx: Ctx) -> Roller:
    """The event's dice: those given (rolled by hand), or a seed's; neither: an empty list, so the
    first die needed is asked for (a ``needs`` envelope) and an event that rolls none goes on."""
    ev = ctx.event
    if ev.seed is not None and ev.dice is None:
        return Roller(SeededDice(ev.seed))
    return Roller(ScriptedDice(ev.dice or []))


def lose_aim(c: CombatantState) -> None:
    """Aim is held for the next attack only: anything else loses it (seed 003, Aim: 'on your next attack')."""
    c.aim = "none"
    c.conditions = [x for x in c.conditions if x.name != "Aiming"]
