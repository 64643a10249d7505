"""The acting combatant's turn as the page offers it: whom it attacks by default and, for every
control, whether the engine takes it now (as pokerkit's ``can_X``/``verify_X``).

:func:`turn_view` is put in every envelope :func:`rules.encounter.run.run_encounter` returns
(``"turn"``). Nothing here is a rule of its own: each control's answer is :func:`~rules.encounter.engine.apply`
run on the event the control sends, on a copy of the state, and its refusal is the engine's own
message (the same checks as the event itself, never a second copy of them). An event that gets as
far as asking for a die (:class:`~rules.errors.NeedDie`) is allowed: every check comes before the dice.

What to fill (:func:`forms_scenario`): the scenario the acting combatant's attack on its default
target is resolved with now, :func:`~rules.encounter.engine.preview`'s (its damage taken with its
critical damage, Fatigue, the conditions' modifiers and its Reaction's penalties, the rounds left
in the clip, the held Aim, characteristic damage), so the page's Attacker and Target forms read
what the engine resolves and never build it themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import NeedDie
from .models import (
    AimEvent,
    AttackEvent,
    ClearJamEvent,
    EncounterError,
    EncounterState,
    OverwatchEvent,
    SimpleEvent,
    TestEvent,
)

Make = Callable[[str, str], Any]
"""A control's event for the acting combatant's id and its target's id."""
CONTROLS: dict[str, Make] = {
    "attack": lambda who, at: AttackEvent(type="attack", who=who, at=at),
    "grapple": lambda who, at: AttackEvent(type="attack", who=who, at=at, action={"type": "Grapple"}),
    "aim_half": lambda who, at: AimEvent(type="aim", who=who, aim="half"),
    "aim_full": lambda who, at: AimEvent(type="aim", who=who, aim="full"),
    "reload": lambda who, at: SimpleEvent(type="reload", who=who),
    "clear_jam": lambda who, at: ClearJamEvent(type="clear_jam", who=who),
    "stand": lambda who, at: SimpleEvent(type="stand", who=who),
    "ready": lambda who, at: SimpleEvent(type="ready", who=who),
    "move": lambda who, at: SimpleEvent(type="move", who=who),
    "move_full": lambda who, at: SimpleEvent(type="move", who=who, full=True),
    "run": lambda who, at: SimpleEvent(type="run", who=who),
    "delay": lambda who, at: SimpleEvent(type="delay", who=who),
    "disengage": lambda who, at: SimpleEvent(type="disengage", who=who),
    "tactical_advance": lambda who, at: SimpleEvent(type="tactical_advance", who=who),
    "brace": lambda who, at: SimpleEvent(type="brace", who=who),
    "overwatch": lambda who, at: OverwatchEvent(type="overwatch", who=who),
    "test": lambda who, at: TestEvent(type="test", who=who, test="jump"),
    "end_turn": lambda who, at: SimpleEvent(type="end_turn", who=who),
}
"""Every control of the acting combatant's turn and the event it sends: ``attack`` and ``grapple``
at the default target (the Action form's own action may differ: the engine answers that one when
it is sent), ``test`` a Jump (a Full Action test)."""


D100_ONLY = frozenset({"grapple", "move_full", "disengage", "tactical_advance", "brace", "test"})
"""The controls of the d100 rulesets' actions only (DH2, DH1, Deathwatch: seed 004's Grappling,
the moves and tests of :mod:`rules.d100.encounter.moves`); the page offers them nowhere else."""


def default_target(state: EncounterState) -> str | None:
    """The id the acting combatant attacks unless told otherwise: of the combatants that can be
    attacked (a target profile, not out of the fight, not itself), those of another side; the
    last one of them it attacked, else the next after it in initiative order (round and round).
    When none is of another side (a file written before sides: all ``foes``), any other one, by
    the same rule. None before the fight, or when there is nobody to attack."""
    me = state.get(state.turn or "")
    if me is None:
        return None
    able = [c for c in state.combatants if c.target is not None and not c.out and c.id != me.id]
    pool = [c for c in able if c.side != me.side] or able
    ids = {c.id for c in pool}
    if me.last_target in ids:
        return me.last_target
    order = state.order + [c.id for c in state.combatants if c.id not in state.order]
    place = order.index(me.id) if me.id in order else -1
    return next((cid for cid in order[place + 1 :] + order[: place + 1] if cid in ids), None)


def allowed(state: EncounterState, at: str | None) -> dict[str, str | None]:
    """For each of :data:`CONTROLS` (those of :data:`D100_ONLY` in the d100 rulesets only), None (the engine takes it now) or the reason it refuses it
    (its first error's message). ``at``: the target of ``attack`` and ``grapple`` (None: they are
    refused, there is nobody to attack). ``volley`` is listed only when the acting combatant has
    other bodies of its "xN" entry able to fire with it (:func:`volley_mates`): the volley of them
    all at ``at``."""
    from .families import family  # not at import: families is imported by the package's own modules

    me = state.turn or ""
    d100 = family(state.system).name == "d100"
    light = state.model_copy(update={"log": []})  # the log is not read by any check; not copied 18 times
    out: dict[str, str | None] = {}
    for name, make in CONTROLS.items():
        if name in D100_ONLY and not d100:
            continue
        if at is None and name in ("attack", "grapple"):
            out[name] = "Nobody to attack: add a combatant with a target profile"
            continue
        out[name] = reason(light, make(me, at or me))
    mates = volley_mates(state)
    if mates:  # several bodies of its "xN" entry able to fire: the volley (rules/encounter/volley.py)
        nobody = "Nobody to attack: add a combatant with a target profile"
        volley = AttackEvent(type="attack", who=me, at=at or me, volley=mates)
        out["volley"] = nobody if at is None else reason(light, volley)
    return out


def volley_mates(state: EncounterState) -> list[str]:
    """The other bodies of the acting combatant's "xN" entry that would fire with it in a volley
    now (:func:`rules.encounter.volley.mates`: in the fight, still to act this round, armed), in
    initiative order; empty when it has none, or its ruleset has no volleys."""
    from .families import family
    from .volley import mates

    me = state.get(state.turn or "")
    if me is None or not family(state.system).volleys:
        return []
    return mates(state, me)


def reason(state: EncounterState, event: Any) -> str | None:
    """None when :func:`~rules.encounter.engine.apply` takes ``event`` now (or asks for its first
    die), else its first error's message."""
    from .engine import apply

    try:
        apply(state, event)
    except NeedDie:
        return None
    except EncounterError as exc:
        return exc.errors[0].message
    return None


LEFT_OUT = ("critical_tables", "phenomena", "perils")
"""The scenario's parts :func:`forms_scenario` leaves out: the group's tables in force (no form
shows them; they are the state's ``critical_tables``, ``phenomena`` and ``perils``), which would
make every envelope as large as the tables."""


def forms_scenario(
    state: EncounterState, who: str, at: str | None
) -> tuple[dict[str, Any] | None, list[str], str | None]:
    """What the page's forms show for ``who`` attacking ``at``: ``(scenario, notes, None)``, the
    scenario (``{"system", "attacker", "target", "action"}``, the action the page's own default,
    ``{}``, with what the state puts in it: the held Aim, the conditions' modifiers) an attack
    would be resolved with now and the notes that say what the state put in it; or ``(None, [],
    reason)`` when there is no such pair (no attacker or target profile, itself, one out of the
    fight, an Epic formation broken or with no units left). A jammed, empty or overheated weapon
    is no reason here (its attack's refusal is ``allowed["attack"]``'s). The group's tables
    (:data:`LEFT_OUT`) are left out. Nothing is changed or rolled."""
    from .engine import preview

    if at is None:
        return None, [], "Nobody to attack: add a combatant with a target profile"
    light = state.model_copy(update={"log": []})  # the log is not read by a scenario; not copied
    try:
        data, notes = preview(light, AttackEvent(type="attack", who=who, at=at), "forms", armed=False)
    except EncounterError as exc:
        return None, [], exc.errors[0].message
    return {k: v for k, v in data.items() if k not in LEFT_OUT}, list(notes), None


def nothing_left(state: EncounterState, said: dict[str, str | None]) -> str | None:
    """Why the acting combatant can do nothing more this turn but end it, or None while the engine
    takes any of its controls (``said``: :func:`allowed`'s answer) besides End turn. Its budget
    spent (a turn is a Full Action or two Half Actions: seed 003 and seed 001, Action types; the fan
    ruleset's four actions a round: seed 000): ``No Half Action left (done: Aim (full))`` (``No
    action left`` outside the d100 rulesets); else the reason the engine gives most often (a
    Stunned combatant's: seed 001, Stunned)."""
    from .families import family

    reasons = [why for name, why in said.items() if name != "end_turn"]
    me = state.get(state.turn or "")
    if me is None or not reasons or None in reasons:
        return None
    fam = family(state.system)
    if me.half_actions >= fam.budget:
        unit = "Half Action" if fam.name == "d100" else "action"
        return f"No {unit} left (done: {', '.join(me.actions) or 'nothing'})"
    return max(reasons, key=lambda why: (reasons.count(why), -reasons.index(why)))


def turn_view(state: EncounterState) -> dict[str, Any] | None:
    """``{"who", "target", "allowed", "nothing_left", "scenario", "notes"}`` (and ``volley``: the
    other bodies a volley of its "xN" entry sends, when it has any, :func:`volley_mates`) for the acting
    combatant (None before the fight or when it is nobody's turn): its id, :func:`default_target`,
    :func:`allowed`, :func:`nothing_left` (None, or why only End turn is left), and
    :func:`forms_scenario` of that pair (None when there is none to attack) with its notes."""
    if state.turn is None or state.get(state.turn) is None:
        return None
    target = default_target(state)
    said = allowed(state, target)
    scenario, notes, _ = forms_scenario(state, state.turn, target)
    view = {
        "who": state.turn,
        "target": target,
        "allowed": said,
        "nothing_left": nothing_left(state, said),
        "scenario": scenario,
        "notes": notes,
    }
    mates = volley_mates(state)
    if mates:  # the ids a volley of the acting entry sends (left out when it has no other body able)
        view["volley"] = mates
    return view
