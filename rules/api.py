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
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from . import jsonsafe, tables
from .dice import DiceSource, Roller, ScriptedDice, SeededDice
from .errors import FieldError, NeedDie, ScenarioError
from .models import Resolution, Scenario, Step
from .systems import D100_RULESETS, resolver_for, ruleset_name

if TYPE_CHECKING:  # the fan-made ruleset's and Epic's models load only when a scenario asks for them
    from .epic_models import EpicResolution, EpicScenario
    from .wh40krp_models import RpResolution, RpScenario

    AnyScenario = Scenario | RpScenario | EpicScenario
    AnyResolution = Resolution | RpResolution | EpicResolution


def scenario_model(data: dict[str, Any] | str) -> type[Scenario] | type[RpScenario] | type[EpicScenario]:
    """The scenario model for ``data``'s ``system``: :class:`RpScenario` for ``wh40krp``,
    :class:`EpicScenario` for ``epic``, else the d100 :class:`Scenario` (which also names an
    unknown system)."""
    system: object = None
    if isinstance(data, str):
        try:
            parsed = json.loads(data)
        except (ValueError, RecursionError):  # bad JSON: the model's validation says why
            parsed = None
        system = parsed.get("system") if isinstance(parsed, dict) else None
    else:
        system = data.get("system")
    if system == "wh40krp":
        from .wh40krp_models import RpScenario

        return RpScenario
    if system == "epic":
        from .epic_models import EpicScenario

        return EpicScenario
    return Scenario


def _field_path(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc if part not in ("function-after", "function-before"))


_MESSAGES = {
    "less_than_equal": "Must be at most {le}",
    "greater_than_equal": "Must be at least {ge}",
    "int_parsing": "Must be a whole number",
    "int_from_float": "Must be a whole number",
    "int_parsing_size": "Too large a number",  # pydantic's "Unable to parse input string as an integer, exceeded maximum size"
    "float_parsing": "Must be a number",
    "missing": "Required",
    "extra_forbidden": "Not a field of this form",
    "too_long": "Too many (at most {max_length})",
    "too_short": "Give at least {min_length}",
    "string_too_long": "Too long (at most {max_length} characters)",
    "string_too_short": "Required",
}


def _message(err: Any) -> str:
    template = _MESSAGES.get(err["type"])
    if template is not None:
        try:
            return template.format(**err.get("ctx", {}))
        except KeyError:
            pass
    if err["type"] == "literal_error":
        return "Must be one of " + str(err.get("ctx", {}).get("expected", "the listed values"))
    msg = str(err["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    return msg[:1].upper() + msg[1:]


def load_scenario(data: dict[str, Any] | str) -> AnyScenario:
    """Validate a scenario (a dict, or JSON text) into a :class:`Scenario` (the d100 rulesets), an
    :class:`RpScenario` (``system: "wh40krp"``) or an :class:`EpicScenario` (``system: "epic"``).

    Raises :class:`ScenarioError` with one :class:`FieldError` per invalid field, the field named
    by its dotted path in the scenario JSON (``attacker.characteristics.BS``); at ``scenario`` when
    the whole is too large, too deeply nested or holds too long a number (:mod:`rules.jsonsafe`)."""
    if isinstance(data, str):
        jsonsafe.check_text(data, what="scenario")
    else:
        jsonsafe.check_value(data, what="scenario")
    model = scenario_model(data)
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
        raise ScenarioError(errors + _quality_errors(data, errors)) from None


def _quality_errors(data: dict[str, Any] | str, found: list[FieldError]) -> list[FieldError]:
    """When other fields are invalid, still report unknown qualities in the same answer, so the
    player fixes everything in one round (the resolver checks them again on a valid scenario)."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError):
            return []
    try:
        system = str(data.get("system", "dh2"))  # type: ignore[union-attr]
        texts = data["attacker"]["weapon"]["qualities"]  # type: ignore[index]
    except (AttributeError, KeyError, TypeError):
        return []
    if isinstance(texts, str):
        texts = [q.strip() for q in texts.split(",") if q.strip()]
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        return []
    name = ruleset_name(system)
    if name is None or system not in D100_RULESETS:
        return []
    taken = {e.field for e in found}
    _, errors = tables.check_qualities(system, name, texts)
    return [e for e in errors if e.field not in taken]


def _source(scenario: AnyScenario) -> DiceSource:
    if scenario.dice is not None:
        return ScriptedDice(scenario.dice)
    if scenario.seed is not None:
        return SeededDice(scenario.seed)
    raise ScenarioError.at("dice", "Give the dice rolled by hand, or a seed to roll for you")


def _resolve(scenario: AnyScenario, roller: Roller) -> AnyResolution:
    resolution: AnyResolution = resolver_for(scenario.system)(scenario, roller)
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
