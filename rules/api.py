"""One entry point for every adapter (CLI, page): a scenario dict in, an envelope dict out.

``run(data)`` returns one of:

- ``{"status": "ok", "resolution": {...}}``                 the attack resolved;
- ``{"status": "needs", "needs": {"purpose", "sides", "index", "count"}, "dice": [...]}``
  the scripted dice ran out (``dice`` are the dice consumed so far, with their purposes; ``count``
  is how many dice of that purpose are needed together: a group of Epic d6s, else 1);
- ``{"status": "invalid", "errors": [{"field", "message"}, ...]}`` the scenario is invalid.

It never raises for bad input; anything else is a bug and propagates.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any, TypeAlias

from pydantic import ValidationError

from . import jsonsafe, registry, tables
from .dice import DiceSource, Roller, ScriptedDice, SeededDice
from .errors import FieldError, NeedDie, ScenarioError
from .models import Resolution, Scenario, Step

if TYPE_CHECKING:  # the fan-made ruleset's and Epic's models load only when a scenario asks for them
    from .epic.models import EpicResolution, EpicScenario
    from .wh40krp.models import RpResolution, RpScenario

    AnyScenario: TypeAlias = Scenario | RpScenario | EpicScenario
    AnyResolution: TypeAlias = Resolution | RpResolution | EpicResolution


def scenario_model(data: dict[str, Any] | str) -> type[Scenario] | type[RpScenario] | type[EpicScenario]:
    """The scenario model for ``data``'s ``system`` (:mod:`rules.registry`): :class:`RpScenario`
    for ``wh40krp``, :class:`EpicScenario` for ``epic``, the d100 :class:`Scenario` for the d100
    rulesets and for an unknown or missing system (whose validation names the system)."""
    system: object = None
    if isinstance(data, str):
        try:
            parsed = json.loads(data)
        except (ValueError, RecursionError):  # bad JSON: the model's validation says why
            parsed = None
        system = parsed.get("system") if isinstance(parsed, dict) else None
    else:
        system = data.get("system")
    ruleset = registry.find(system) or registry.get(registry.DEFAULT)
    model: type[Scenario] | type[RpScenario] | type[EpicScenario] = ruleset.scenario_model()
    return model


def _field_path(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc if part not in ("function-after", "function-before"))


_OBJECT = "Must be a group of fields (a JSON object, {{...}})"
_MESSAGES = {
    "less_than_equal": "Must be at most {le}",
    "greater_than_equal": "Must be at least {ge}",
    "less_than": "Must be less than {lt}",
    "greater_than": "Must be more than {gt}",
    "multiple_of": "Must be a multiple of {multiple_of}",
    "int_type": "Must be a whole number",
    "int_parsing": "Must be a whole number",
    "int_parsing_size": "Must be a whole number of at most a few digits",
    "int_from_float": "Must be a whole number",
    "float_type": "Must be a number",
    "float_parsing": "Must be a number",
    "finite_number": "Must be a number",
    "bool_type": "Must be true or false",
    "bool_parsing": "Must be true or false",
    "string_type": "Must be text",
    "string_unicode": "Contains a character that cannot be shown: retype it",
    "string_pattern_mismatch": "Not in the form this field takes",
    "dict_type": _OBJECT,
    "model_type": _OBJECT,
    "model_attributes_type": _OBJECT,
    "dataclass_type": _OBJECT,
    "list_type": "Must be a list ([...])",
    "tuple_type": "Must be a list ([...])",
    "set_type": "Must be a list ([...])",
    "iterable_type": "Must be a list ([...])",
    "none_required": "Must be left empty (null)",
    "json_invalid": "Not JSON: {error}",
    "json_type": "Must be JSON text",
    "missing": "Required",
    "extra_forbidden": "Not a field of this form",
    "too_long": "Too many (at most {max_length})",
    "too_short": "Give at least {min_length}",
    "string_too_long": "Too long (at most {max_length} characters)",
    "string_too_short": "Required",
    "literal_error": "Must be one of {expected}",
    "enum": "Must be one of {expected}",
    "union_tag_invalid": "Must be one of {expected_tags}",
    "union_tag_not_found": "Needs its {discriminator} field",
}
"""pydantic's error types in the field's words: what is wrong and what is allowed, never a Python
type's name. A type not listed keeps pydantic's sentence only when it names no type (see
:func:`_message`)."""


def _plain(value: object) -> object:
    """A bound as a player reads it: ``100000`` for ``100000.0``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _message(err: Any) -> str:
    """The message for one pydantic error (a dict of ``ValidationError.errors()``), in the field's
    words: what is wrong and what is allowed. NaN or infinity given to a number field reads "Must
    be a number" whatever bound it also breaks."""
    value = err.get("input")
    if isinstance(value, float) and not math.isfinite(value) and err["type"] not in ("missing", "extra_forbidden"):
        return "Must be a number"
    template = _MESSAGES.get(err["type"])
    if template is not None:
        try:
            return template.format(**{k: _plain(v) for k, v in err.get("ctx", {}).items()})
        except (KeyError, IndexError, ValueError):
            pass
    msg = str(err["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    if msg.startswith("Input should"):  # pydantic's wording for a type not listed above
        return "Not a value this field takes"
    return msg[:1].upper() + msg[1:]


def load_scenario(data: dict[str, Any] | str) -> AnyScenario:
    """Validate a scenario (a dict, or JSON text) into a :class:`Scenario` (the d100 rulesets), an
    :class:`RpScenario` (``system: "wh40krp"``) or an :class:`EpicScenario` (``system: "epic"``).

    Raises :class:`ScenarioError` with one :class:`FieldError` per invalid field, the field named
    by its dotted path in the scenario JSON (``attacker.characteristics.BS``); at ``scenario`` when
    the whole is too large, too deeply nested or holds too long a number (:mod:`rules.jsonsafe`)."""
    if isinstance(data, str):  # parsed once here for the model's choice, the text check and the qualities
        jsonsafe.check_text(data, what="scenario")
        parsed = _parsed(data)
        unreadable = [] if parsed is None else jsonsafe.check_value(parsed, what="scenario", structure=False)
    else:  # one walk: nesting and numbers refused here, unreadable text returned
        parsed = data
        unreadable = jsonsafe.check_value(data, what="scenario")
    model = scenario_model(parsed if isinstance(parsed, dict) else {})
    if unreadable:  # before any model or parser reads the text (a lone surrogate breaks their messages)
        raise ScenarioError(unreadable)
    try:
        if isinstance(data, str):
            return model.model_validate_json(data)
        return model.model_validate(data)
    except ValidationError as exc:
        errors = []
        for err in exc.errors():
            loc = tuple(err["loc"])
            # Unions report the branch name in the path; drop it so the path is the JSON's.
            path = _field_path(tuple(p for p in loc if not (isinstance(p, str) and "[" in p)))
            errors.append(FieldError(path or "scenario", _message(err)))
        raise ScenarioError(errors + _quality_errors(parsed, errors)) from None


def _parsed(text: str) -> Any:
    """The JSON ``text`` (which :func:`rules.jsonsafe.check_text` passed) parsed, or None when it
    does not parse: the model's own parser then says why."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _quality_errors(data: Any, found: list[FieldError]) -> list[FieldError]:
    """When other fields are invalid, still report unknown qualities in the same answer, so the
    player fixes everything in one round (the resolver checks them again on a valid scenario).
    ``data``: the scenario as parsed JSON (None or anything else when it is not an object)."""
    try:
        system = str(data.get("system", "dh2"))
        texts = data["attacker"]["weapon"]["qualities"]
    except (AttributeError, KeyError, TypeError):
        return []
    if isinstance(texts, str):
        texts = [q.strip() for q in texts.split(",") if q.strip()]
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        return []
    ruleset = registry.find(system)
    if ruleset is None or ruleset.family != "d100":  # the d100 family's qualities are checked by name
        return []
    taken = {e.field for e in found}
    _, errors = tables.check_qualities(system, ruleset.name, texts)
    return [e for e in errors if e.field not in taken]


def _source(scenario: AnyScenario) -> DiceSource:
    if scenario.dice is not None:
        return ScriptedDice(scenario.dice)
    if scenario.seed is not None:
        return SeededDice(scenario.seed)
    raise ScenarioError.at("dice", "Give the dice rolled by hand, or a seed to roll for you")


def _resolve(scenario: AnyScenario, roller: Roller) -> AnyResolution:
    resolution: AnyResolution = registry.get(scenario.system).resolve(scenario, roller)
    if scenario.seed is not None and scenario.dice is None:
        resolution = resolution.model_copy(update={"seed": scenario.seed})
    if isinstance(roller.source, ScriptedDice) and roller.source.used < len(roller.source.values):
        unused = roller.source.values[roller.source.used :]
        note = Step(
            rule="Unused dice",
            source="Auspex",
            detail=f"{len(unused)} die/dice given were not needed and were left out: {', '.join(map(str, unused))}.",
        )
        resolution = resolution.model_copy(update={"steps": [*resolution.steps, note]})
    return resolution


def resolve(scenario: AnyScenario, source: DiceSource | None = None) -> AnyResolution:
    """Resolve one attack. ``source`` defaults to the scenario's own dice or seed.

    Raises :class:`ScenarioError` (an attack the rules do not allow, at the field concerned) and
    :class:`NeedDie` (scripted dice ran out). ValueError is the base of both."""
    return _resolve(scenario, Roller(source if source is not None else _source(scenario)))


def run(data: dict[str, Any] | str) -> dict[str, Any]:
    """Validate and resolve; return the envelope described in the module docstring."""
    try:
        scenario = load_scenario(data)
        roller = Roller(_source(scenario))
        try:
            resolution = _resolve(scenario, roller)
        except NeedDie as need:
            dice = [{"purpose": r.purpose, "sides": r.sides, "value": r.value} for r in roller.records]
            return {"status": "needs", **need.as_dict(), "dice": dice}
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    return {"status": "ok", "resolution": resolution.model_dump(mode="json")}


def run_text(text: str) -> dict[str, Any]:
    """``run`` on JSON text, returning the envelope dict (bad JSON, or JSON beyond the limits of
    :func:`rules.jsonsafe.loads`, is an ``invalid`` envelope at field ``scenario``)."""
    try:
        data = jsonsafe.loads(text, what="scenario")
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    if not isinstance(data, dict):
        return {"status": "invalid", "errors": [{"field": "scenario", "message": "A scenario is a JSON object"}]}
    return run(data)


def run_json(text: str) -> str:
    """``run`` on JSON text, returning JSON text."""
    return json.dumps(run_text(text))
