"""Epic's overwatch across turns in the encounter (seed 002, Overwatch).

An Epic turn is the encounter's round: every formation acts once. A formation takes the overwatch
action (its action for the turn) and is ``On overwatch`` from then:

- it may fire (``action.kind`` ``overwatch`` or ``overwatch barrage``) out of its turn, after an
  enemy formation moves or unloads (the Epic engine checks the trigger); once it has fired it is no
  longer on overwatch;
- fired in the following turn (the next round), that fire is the formation's action for that turn:
  when its turn comes it has none left ("preventing it from taking an action later on");
- a new action of its own in the following turn ends the overwatch ("or they undertake a new
  action in the following turn");
- Auspex's reading where the seed is silent: a formation that neither shoots nor acts in the
  following turn stays on overwatch to that turn's end, and is no longer on it when the next round
  begins (it "remains on overwatch until they either shoot, or they undertake a new action in the
  following turn": the overwatch does not run into a third turn).

Every function takes the encounter's state pieces and returns the words for the log; the engine
calls them through the Epic family's hooks (:class:`rules.epic.family.Epic`)."""

from __future__ import annotations

from typing import Any

from rules.encounter.models import CombatantState, Condition

ON = "On overwatch"
FIRED = "Fired from overwatch"
SOURCE = "seed 002, Overwatch"
KINDS = ("overwatch", "overwatch barrage")


def go_on(c: CombatantState, round_: int) -> str:
    """``c`` takes the overwatch action in round ``round_``: it is On overwatch (the round kept in
    the condition's ``value``). Returns the log's words."""
    c.conditions = [x for x in c.conditions if x.name not in (ON, FIRED)]
    c.conditions.append(
        Condition(
            name=ON,
            source=SOURCE,
            detail="may shoot out of turn after an enemy formation moves or unloads, until it shoots or "
            "acts in the following turn",
            value=round_,
        )
    )
    return f"{c.name} goes on overwatch: it may not move, but may shoot out of turn ({SOURCE})"


def out_of_turn(c: CombatantState, action: dict[str, Any], round_: int) -> str | None:
    """Whether ``c``'s attack out of its turn is overwatch fire it may make: the words for the log,
    or None (then the turn's usual rules apply). Fired in the following round, the fire is marked
    as that turn's action."""
    held = c.has(ON)
    if held is None or action.get("kind") not in KINDS:
        return None
    if round_ > (held.value or 0):
        c.conditions.append(Condition(name=FIRED, source=SOURCE, detail="its action for this turn", value=round_))
        return f"{c.name} fires from overwatch out of its turn: its action for this turn ({SOURCE})"
    return f"{c.name} fires from overwatch out of its turn ({SOURCE})"


def fired(c: CombatantState) -> str | None:
    """After ``c``'s overwatch fire: no longer on overwatch ("Once it has fired")."""
    if c.has(ON) is None:
        return None
    c.conditions = [x for x in c.conditions if x.name != ON]
    return f"{c.name} is no longer on overwatch: it has fired ({SOURCE})"


def acting(c: CombatantState, what: str, round_: int) -> str | None:
    """``c`` takes an action ``what`` in its turn: a new action (not its overwatch fire) in a
    turn after the one it went on overwatch ends the overwatch."""
    held = c.has(ON)
    if held is None or what in KINDS or round_ <= (held.value or 0):
        return None
    c.conditions = [x for x in c.conditions if x.name != ON]
    return f"{c.name} is no longer on overwatch: it takes a new action in the following turn ({SOURCE})"


def turn_starts(c: CombatantState, round_: int, budget: int) -> str | None:
    """``c``'s turn begins: when it fired from overwatch earlier this round, that was its action."""
    mark = c.has(FIRED)
    c.conditions = [x for x in c.conditions if x.name != FIRED]
    if mark is None or mark.value != round_:
        return None
    c.half_actions = budget
    c.actions = ["overwatch fire (seed 002, Overwatch: its action this turn)"]
    return f"{c.name} fired from overwatch this turn: that was its action ({SOURCE})"


def round_starts(c: CombatantState, round_: int) -> str | None:
    """A new round: an overwatch taken two rounds ago or more has run out (the following turn is
    over)."""
    held = c.has(ON)
    if held is None or round_ <= (held.value or 0) + 1:
        return None
    c.conditions = [x for x in c.conditions if x.name != ON]
    return f"{c.name} is no longer on overwatch: the following turn is over ({SOURCE}, Auspex's reading)"
