"""The encounter's one entry point for adapters (the page's worker, the CLI): a dict in, an
envelope dict out, never raising for bad input.

``run_encounter({"encounter": FILE, "then": EVENT | None, "undo": false})`` returns

- ``{"status": "ok", "encounter": FILE, "state": STATE, "resolution": {...} | None, "steps": [...],
  "undone": EVENT | None, "undone_text": str | None}``: the file with the new event appended (its
  dice filled in) or the last one taken away (``undo``; ``undone_text`` says what it undid, in the
  game's words: ``Undone: Guardsman's Semi-Auto Burst at Cultist 1``), the state derived from it,
  the attack's resolution; after a d100
  attack, ``"fate"``: the tests a Fate point of a combatant with one left may re-roll (each with its
  ``test``, ``label``, ``owner``, ``name``, ``who`` and its die's index ``die``: undo the attack and apply
  it again with ``fate_reroll``, the new die after that one), left out when there is none; ``"turn"``:
  the acting combatant's ``{"who", "target", "allowed"}`` (:func:`rules.encounter.turn.turn_view`:
  its default target, for each control None or the reason the engine refuses it now, and
  ``scenario`` with its ``notes``: the scenario its attack on that target is resolved with now, the
  Attacker and Target forms' numbers), or None; ``"controls"``: the ruleset's controls on the page
  (:func:`rules.encounter.controls.controls`: which show, their words, the fields they ask for);
- with ``"preview": {"who", "at", "action"}`` instead of ``then``: ``{"status": "ok", "scenario": {...},
  "notes": [...], "state": STATE}``, the scenario that attack would be resolved with now (for the
  forms and the odds), nothing applied;
- with ``"whole": {"name", "attacker"?, "target"?}`` instead of ``then``: ``{"status": "ok",
  "attacker": {...} | None, "target": {...} | None, "notes": [...], "state": STATE}``, one combatant's two sides with
  the one missing built from its own profile (:func:`rules.encounter.profiles.whole`: a d100
  character's defences from its T and Ag, its bare hands from its defences), for an ``add``; nothing
  applied, nothing checked (the ``add`` checks it);
- with ``"forms": {"who", "at"}`` instead of ``then``: ``{"status": "ok", "scenario": {...} | None,
  "notes": [...], "reason": str | None}``, what the page's Attacker and Target forms show for that
  pair (:func:`rules.encounter.turn.forms_scenario`: the scenario ``turn.scenario`` is for the
  acting combatant and its default target; None and the reason when there is no such pair);
- ``{"status": "needs", "needs": {...}, "dice": [...]}``: the new event's scripted dice ran out
  (``dice``: those it consumed before, ``{purpose, sides, value}``, as :func:`rules.run` gives them);
- ``{"status": "invalid", "errors": [{"field", "message"}]}``: the file (``encounter.events.3.who``)
  or the new event (``then.action.type``) is not allowed; nothing changed.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .. import jsonsafe
from ..errors import FieldError, NeedDie, ScenarioError
from .controls import controls
from .engine import apply, preview, replay
from .models import EVENT_TYPES, AttackEvent, EncounterError, EncounterFile, EncounterState, Event
from .profiles import whole
from .turn import forms_scenario, turn_view
from .words import event_words

_EVENT: TypeAdapter[Any] = TypeAdapter(Event)
MAX_ERRORS = 20


def validation_error(prefix: str, exc: ValidationError) -> EncounterError:
    """``exc`` (a pydantic error of a file, an event or a message read under ``prefix``) as an
    :class:`EncounterError`, each error at its field (``then.action.type``), at most MAX_ERRORS."""
    from ..api import error_message, field_path

    errors = []
    for err in exc.errors()[:MAX_ERRORS]:
        loc = _untagged(tuple(p for p in err["loc"] if not (isinstance(p, str) and "[" in p)))
        path = field_path(loc)
        errors.append(FieldError(f"{prefix}.{path}" if path else prefix, error_message(err)))
    return EncounterError(errors)


def _untagged(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    """``loc`` without the event's type (the union's tag, its first event-type word): a field named
    as an event type stays (an attack's ``critical_tables``; a test event's ``test``)."""
    tag = next((i for i, p in enumerate(loc) if isinstance(p, str) and p in EVENT_TYPES), None)
    return loc if tag is None else loc[:tag] + loc[tag + 1 :]


def _checked(data: Any, prefix: str) -> list[FieldError]:
    """:func:`rules.jsonsafe.check_value`'s text errors of a file or event (paths from its root);
    a number it refuses (not finite, too many digits) or a nesting too deep raises
    :class:`EncounterError` at that number's path under ``prefix`` (``then.who``), as every refusal
    of the file or event is named inside it."""
    try:
        return jsonsafe.check_value(data, what=prefix)
    except ScenarioError as exc:
        raise EncounterError(
            [e if e.field == prefix else FieldError(f"{prefix}.{e.field}", e.message) for e in exc.errors]
        ) from None


def load_file(data: Any, prefix: str = "encounter") -> EncounterFile:
    """An encounter file validated (every error of the whole file, each naming its event and
    field: ``encounter.events.3.who``). Raises :class:`EncounterError`."""
    if not isinstance(data, dict):
        raise EncounterError.at(prefix, "An encounter file is a JSON object with auspex_encounter, system and events")
    unreadable = _checked(data, prefix)
    if unreadable:
        raise EncounterError([FieldError(f"{prefix}.{e.field}", e.message) for e in unreadable])
    try:
        return EncounterFile.model_validate(data)
    except ValidationError as exc:
        raise validation_error(prefix, exc) from None


def load_event(data: Any, prefix: str = "then") -> Any:
    """One event validated, with the text limits its file is read with (:func:`load_file`), so
    an event taken is never one its stored file refuses. Raises :class:`EncounterError` at
    ``then.<field>``."""
    unreadable = _checked(data, prefix)
    if unreadable:
        raise EncounterError([FieldError(f"{prefix}.{e.field}", e.message) for e in unreadable])
    try:
        return _EVENT.validate_python(data)
    except ValidationError as exc:
        raise validation_error(prefix, exc) from None


_KEPT = 8
_states: OrderedDict[str, EncounterState] = OrderedDict()


def _key(file: EncounterFile) -> str:
    text = json.dumps(file.model_dump(mode="json", exclude_none=True), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _replayed(file: EncounterFile) -> EncounterState:
    """:func:`replay` of ``file``, remembered for the last few files: the page sends the whole file
    with every event, and the file it sends is the one the previous answer returned, so its state
    is already known (replaying a 60-round fight re-resolves every attack: about 170 ms on CPython
    for each tap). A pure memo keyed by the file's content (as :func:`functools.cache`); the engine
    never mutates a state it returns (:func:`apply` works on a copy)."""
    key = _key(file)
    state = _states.get(key)
    if state is None:
        state = replay(file, "encounter.events")
    _remember(key, state)
    return state


def _remember(key: str, state: EncounterState) -> None:
    _states[key] = state
    _states.move_to_end(key)
    while len(_states) > _KEPT:
        _states.popitem(last=False)


def _whole(system: str, ask: Any) -> dict[str, Any]:
    """The ``whole`` request's envelope (the module docstring); raises :class:`EncounterError` at
    ``whole`` or ``whole.name`` when it is not ``{"name", "attacker"?, "target"?}``."""
    if not isinstance(ask, dict):
        raise EncounterError.at("whole", "Give the combatant's name and its attacker and/or target profile")
    name = ask.get("name")
    if not isinstance(name, str) or not name.strip():
        raise EncounterError.at("whole.name", "Give the combatant a name")
    sides = [ask.get(k) for k in ("attacker", "target")]
    if not any(isinstance(x, dict) for x in sides):
        raise EncounterError.at("whole", f"{name}: give its attacker or its target profile")
    attacker, target, notes = whole(system, name.strip(), *(x if isinstance(x, dict) else None for x in sides))
    return {"status": "ok", "attacker": attacker, "target": target, "notes": notes}


def _forms(state: EncounterState, ask: Any) -> dict[str, Any]:
    """The ``forms`` request's envelope. Raises :class:`EncounterError` at ``forms.who`` or
    ``forms.at`` when one is not a combatant's id."""
    if not isinstance(ask, dict):
        raise EncounterError.at("forms", "Give who and at")
    ids = {c.id for c in state.combatants}
    for key in ("who", "at"):
        if ask.get(key) not in ids:
            raise EncounterError.at(f"forms.{key}", "Pick a combatant of this encounter")
    scenario, notes, reason = forms_scenario(state, ask["who"], ask["at"])
    return {"status": "ok", "scenario": scenario, "notes": notes, "reason": reason}


def run_encounter(data: Any) -> dict[str, Any]:
    """Validate, replay, apply or undo; the envelope of the module docstring."""
    try:
        if not isinstance(data, dict):
            raise EncounterError.at("encounter", "Send {encounter, then} as a JSON object")
        file = load_file(data.get("encounter"))
        state = _replayed(file)
        undone = None
        undone_text = None
        resolution = None
        steps: list[Any] = []
        fate: list[Any] = []
        if data.get("undo"):
            if not file.events:
                raise EncounterError.at("undo", "Nothing to undo")
            undone = file.events[-1]
            undone_text = f"Undone: {event_words(state, undone)}"  # named from the state it was taken in
            file = file.model_copy(update={"events": file.events[:-1]})
            state = _replayed(file)
        elif data.get("preview") is not None:
            ask = data["preview"]
            if not isinstance(ask, dict):
                raise EncounterError.at("preview", "Give who, at and action")
            event = load_event({**ask, "type": "attack"}, "preview")
            assert isinstance(event, AttackEvent)
            scenario, notes = preview(state, event)
            return {"status": "ok", "scenario": scenario, "notes": notes, "state": state.model_dump(mode="json")}
        elif data.get("whole") is not None:
            return {**_whole(file.system, data["whole"]), "state": state.model_dump(mode="json")}
        elif data.get("forms") is not None:
            return _forms(state, data["forms"])
        elif data.get("then") is not None:
            event = load_event(data["then"])
            try:
                applied = apply(state, event, "then")
            except NeedDie as need:
                return {"status": "needs", **need.as_dict(), "dice": need.dice}
            file = file.model_copy(update={"events": [*file.events, applied.event]})
            state, resolution, steps = applied.state, applied.resolution, list(applied.steps)
            fate = list(applied.fate)
            _remember(_key(file), state)
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    return {
        **({"fate": fate} if fate else {}),  # Fate points: the attack's tests a point may re-roll
        "status": "ok",
        "encounter": file.model_dump(mode="json", exclude_none=True),
        "state": state.model_dump(mode="json"),
        "resolution": resolution.model_dump(mode="json") if resolution is not None else None,
        "steps": [s.model_dump(mode="json") for s in steps],
        "undone": undone.model_dump(mode="json", exclude_none=True) if undone is not None else None,
        # the acting combatant's default target and what each control may do now (rules/encounter/turn.py)
        "turn": turn_view(state),
        # the ruleset's controls on the page: which show, their words and fields (rules/encounter/controls.py)
        "controls": controls(state),
        "undone_text": undone_text,
    }
