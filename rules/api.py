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

import contextlib
import json
import math
import types
import typing
from functools import partial
from typing import TYPE_CHECKING, Any, TypeAlias

from pydantic import BaseModel, ValidationError

from rules import jsonsafe, registry
from rules.d100 import tables
from rules.d100.models import Resolution, Scenario, Step

from .dice import DiceSource, Roller, ScriptedDice, SeededDice
from .errors import FieldError, NeedDie, ScenarioError

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


def field_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error's location as the dotted field path a player reads (``attacker.BS``, ``weapon.qualities.0``)."""
    return ".".join(str(part) for part in loc if part not in ("function-after", "function-before"))


_OBJECT = "Must be a group of fields (a JSON object, {{...}})"
_MESSAGES = {
    "less_than_equal": "At most {le}",
    "greater_than_equal": "At least {ge}",
    "less_than": "Less than {lt}",
    "greater_than": "More than {gt}",
    "multiple_of": "A multiple of {multiple_of}",
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
:func:`error_message`). A number field whose bounds the model gives reads them both instead
(:func:`_bounded`: "A whole number from 0 to 100", "A number from 0 m to 100,000 m")."""

_NUMBER_ERRORS = frozenset(
    {
        "less_than_equal",
        "greater_than_equal",
        "less_than",
        "greater_than",
        "int_type",
        "int_parsing",
        "int_from_float",
        "float_type",
        "float_parsing",
        "finite_number",
    }
)


def _plain(value: object) -> object:
    """A bound as a player reads it: ``100000`` for ``100000.0``, ``1,000`` for ``1000``."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return value


def error_message(err: Any, model: type[BaseModel] | None = None) -> str:
    """The message for one pydantic error (a dict of ``ValidationError.errors()``), in the field's
    words: what is wrong and what is allowed. NaN or infinity given to a number field reads "Must
    be a number" whatever bound it also breaks, unless ``model`` (the model validated) gives the
    field's bounds: then any number error reads them, with the field's unit ("A number from 0 m to
    100,000 m", "A whole number from 1 to 10")."""
    if model is not None and err["type"] in _NUMBER_ERRORS:
        bounded = _bounded(model, tuple(err.get("loc", ())))
        if bounded:
            return bounded
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


def _bounded(model: type[BaseModel], loc: tuple[int | str, ...]) -> str:
    """ "A whole number from 0 to 100" for the number field at ``loc`` in ``model``, from its own
    bounds, type and unit (a description in metres: "m"); "" when ``loc`` is not such a field."""
    found = _field_at(model, loc)
    if found is None:
        return ""
    kind, metadata, description = found
    low = next((getattr(m, "ge", None) for m in metadata if getattr(m, "ge", None) is not None), None)
    high = next((getattr(m, "le", None) for m in metadata if getattr(m, "le", None) is not None), None)
    unit = " m" if "metres" in description and " per " not in description else ""
    what = "A whole number" if kind is int else "A number"
    if low is not None and high is not None:
        return f"{what} from {_plain(low)}{unit} to {_plain(high)}{unit}"
    if low is not None:
        return f"{what} of at least {_plain(low)}{unit}"
    if high is not None:
        return f"{what} of at most {_plain(high)}{unit}"
    return ""


def _field_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> tuple[type, list[Any], str] | None:
    """The number field at ``loc`` in ``model``: its type (int or float), its constraints (``Ge``,
    ``Le``...) and its description; None when ``loc`` leads elsewhere (a union branch, a text)."""
    loc = tuple(p for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    tp: Any = model
    metadata: list[Any] = []
    description = ""
    for part in loc:
        tp, metadata, description = _unwrap(tp, metadata, description)
        if isinstance(tp, type) and issubclass(tp, BaseModel) and isinstance(part, str) and part in tp.model_fields:
            info = tp.model_fields[part]
            tp, metadata, description = info.annotation, list(info.metadata), info.description or ""
        elif typing.get_origin(tp) in (list, tuple) and isinstance(part, int):
            tp, metadata, description = typing.get_args(tp)[0], [], ""
        elif typing.get_origin(tp) is dict and isinstance(part, str):
            tp, metadata, description = typing.get_args(tp)[1], [], ""
        else:
            return None
    tp, metadata, description = _unwrap(tp, metadata, description)
    return (tp, metadata, description) if tp in (int, float) else None


def _unwrap(tp: Any, metadata: list[Any], description: str) -> tuple[Any, list[Any], str]:
    """``tp`` without ``Annotated`` (its constraints added to ``metadata``) and without ``| None``."""
    while True:
        if typing.get_origin(tp) is typing.Annotated:
            tp, *extra = typing.get_args(tp)
            for item in extra:
                metadata = [*metadata, *getattr(item, "metadata", [item])]
                description = description or (getattr(item, "description", None) or "")
        elif typing.get_origin(tp) in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp, metadata, description
            tp = args[0]
        else:
            return tp, metadata, description


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
            path = field_path(tuple(p for p in loc if not (isinstance(p, str) and "[" in p)))
            errors.append(FieldError(path or "scenario", error_message(err, model)))
        raise ScenarioError(_named(errors + _quality_errors(parsed, errors), parsed)) from None


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


_NAMES: dict[str, tuple[tuple[str, str], ...]] = {
    "d100": (
        ("attacker.name", "attacker"),
        ("attacker.weapon.name", "weapon"),
        ("attacker.second_weapon.name", "second weapon"),
        ("target.name", "target"),
        ("action.second_target.name", "second target"),
    ),
    "wh40krp": (("attacker.name", "attacker"), ("attacker.weapon.name", "weapon"), ("target.name", "target")),
    "epic": (
        ("attacker.name", "formation"),
        ("target.name", "target formation"),
        ("attacker.units.*.name", "unit"),
        ("target.units.*.name", "unit"),
    ),
}
"""The names the result reads, by ruleset family: the field and what it names."""


def name_errors(data: Any) -> list[FieldError]:
    """An error at each name the result reads (:data:`_NAMES`) given empty in ``data`` (the
    scenario as parsed JSON): "Name the target: the result reads it". A name left out takes the
    model's default and is not one. The page's forms ask for these (:func:`check`, and Resolve
    through ``rules.run(..., require_names=True)``); a saved scenario or a share link with an
    empty name still resolves (the result then reads "the target")."""
    if not isinstance(data, dict):
        return []
    ruleset = registry.find(data.get("system", registry.DEFAULT))
    errors = []
    for pattern, what in _NAMES.get(ruleset.family if ruleset else "", ()):
        for path, node in _values_at(data, pattern.split(".")):
            if isinstance(node, str) and not node.strip():
                errors.append(FieldError(path, f"Name the {what}: the result reads it"))
    return errors


def _values_at(node: Any, keys: list[str], at: str = "") -> list[tuple[str, Any]]:
    """The values at a dotted path in parsed JSON, ``*`` standing for each item of a list, with
    their paths (``attacker.units.*.name`` -> ``attacker.units.0.name``, ...)."""
    if not keys:
        return [(at, node)]
    key, rest = keys[0], keys[1:]
    join = f"{at}." if at else ""
    if key == "*":
        items = node if isinstance(node, list) else []
        return [found for i, item in enumerate(items) for found in _values_at(item, rest, f"{join}{i}")]
    if not isinstance(node, dict) or key not in node:
        return []
    return _values_at(node[key], rest, f"{join}{key}")


def _named(errors: list[FieldError], data: Any, *, required: bool = False) -> list[FieldError]:
    """``errors`` with an empty name's generic message (Epic's "Required") in the words of
    :func:`name_errors`; with ``required``, an empty name is an error even where the engine takes it."""
    names = {e.field: e for e in name_errors(data)}
    out = [names.pop(e.field, e) if e.field in names else e for e in errors]
    return out + list(names.values()) if required else out


def check(data: dict[str, Any] | str) -> dict[str, Any]:
    """What the page asks when a field loses focus: ``{"status": "ok"}`` or ``{"status":
    "invalid", "errors": [...]}`` with the messages :func:`run` gives, the names the result reads
    required (:func:`name_errors`); ``warnings`` (``[{"field", "message"}]``, left out when none):
    fields that are valid but read one way where a player may mean another (:func:`_warnings`). Validation only: the scenario's ``dice`` and ``seed`` are
    ignored, and the attack is followed only up to its first die (the rules' refusals that come
    before any die: an unknown quality, a burst the weapon cannot fire), none drawn."""
    parsed = _parsed(data) if isinstance(data, str) else data
    if isinstance(parsed, dict):
        parsed = {k: v for k, v in parsed.items() if k not in ("dice", "seed")}
    warnings: list[dict[str, str]] = []
    try:
        if isinstance(data, str):
            jsonsafe.check_text(data, what="scenario")
        if not isinstance(parsed, dict):
            if isinstance(data, str):
                load_scenario(data)  # raises with the JSON's own error
            raise ScenarioError.at("scenario", "A scenario is a JSON object")
        warnings = _warnings(parsed)
        scenario = load_scenario(parsed)
        with contextlib.suppress(NeedDie):
            resolve_scenario(scenario, Roller(ScriptedDice([])))
        errors = _named([], parsed, required=True)
    except ScenarioError as exc:
        errors = _named(exc.errors, parsed, required=True)
    out: dict[str, Any] = {"status": "invalid", "errors": [e.as_dict() for e in errors]} if errors else {"status": "ok"}
    if warnings:
        out["warnings"] = warnings
    return out


def _warnings(data: Any) -> list[dict[str, str]]:
    """What the page warns of at a field that is not wrong but may not say what the player meant:
    an Epic to-hit value typed with no ``+`` (``AP4``: this game's AP 4, not a datasheet's AP4+;
    :func:`rules.epic.text.plain_value_warnings`). ``data``: the scenario as given (a dict, or
    anything else: none). ``[{"field", "message"}]``."""
    if not isinstance(data, dict) or data.get("system") != "epic":
        return []
    from .epic.text import plain_value_warnings

    return [{"field": f, "message": m} for f, m in plain_value_warnings(data)]


def _source(scenario: AnyScenario) -> DiceSource:
    if scenario.dice is not None:
        return ScriptedDice(scenario.dice)
    if scenario.seed is not None:
        return SeededDice(scenario.seed)
    raise ScenarioError.at("dice", "Give the dice rolled by hand, or a seed to roll for you")


def resolve_scenario(scenario: AnyScenario, roller: Roller) -> AnyResolution:
    """Resolve a validated ``scenario`` of any ruleset with the dice of ``roller`` (its ruleset's resolver from the registry; a d100 Fate re-roll resolved twice)."""
    reroll = None
    resolver = registry.get(scenario.system).resolve
    if isinstance(scenario, Scenario) and scenario.count is not None and scenario.count > 1:
        from .d100 import volley  # a mob's volley: loaded when a scenario has several attackers

        if scenario.fate_reroll is not None:
            raise ScenarioError.at("count", "A Fate point re-rolls one attacker's test: resolve the volley without it")
        resolver = partial(volley.resolve, one=resolver)
    if isinstance(scenario, Scenario) and scenario.fate_reroll is not None:
        from .d100 import fate  # Fate points: loaded when a scenario re-rolls a test

        reroll = fate.start(scenario, roller)
    resolution: AnyResolution = resolver(scenario, roller)
    if reroll is not None and isinstance(scenario, Scenario) and isinstance(resolution, Resolution):
        from .d100 import fate

        resolution = fate.finish(scenario, resolution, reroll)  # Fate points: the re-roll's step
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
    return resolve_scenario(scenario, Roller(source if source is not None else _source(scenario)))


def run(data: dict[str, Any] | str, *, require_names: bool = False, fate: bool = False) -> dict[str, Any]:
    """Validate and resolve; return the envelope described in the module docstring. With
    ``require_names`` (the page's forms), an empty name the result reads is refused too
    (:func:`name_errors`), with any other error in the same answer. With ``fate`` (the page), an
    ``ok`` envelope of a d100 attack also gives ``"fate"``: the tests a Fate point may re-roll
    (:func:`rules.d100.fate.choices`: test, label, owner, name, and its die's index)."""
    try:
        scenario = load_scenario(data)
        if require_names and (named := name_errors(data if isinstance(data, dict) else _parsed(data))):
            # the scenario loaded, so its only errors are the names: said as they are (the except
            # below would work them out, and parse a text scenario, a second time)
            return {"status": "invalid", **ScenarioError(named).as_dict()}
        roller = Roller(_source(scenario))
        try:
            resolution = resolve_scenario(scenario, roller)
        except NeedDie as need:
            dice = [{"purpose": r.purpose, "sides": r.sides, "value": r.value} for r in roller.records]
            return {"status": "needs", **need.as_dict(), "dice": dice}
    except ScenarioError as exc:
        if require_names:
            exc = ScenarioError(_named(exc.errors, data if isinstance(data, dict) else _parsed(data), required=True))
        return {"status": "invalid", **exc.as_dict()}
    envelope: dict[str, Any] = {"status": "ok", "resolution": resolution.model_dump(mode="json")}
    if fate and isinstance(scenario, Scenario) and isinstance(resolution, Resolution):
        # Fate points: what the result may re-roll, among the first attack's own dice (a second
        # weapon's or a later attack's follow them)
        from .d100.fate import choices

        own = len(resolution.dice)
        envelope["fate"] = choices(scenario, [r.role for r in roller.records[:own]])
    return envelope


def run_text(text: str, *, require_names: bool = False, fate: bool = False) -> dict[str, Any]:
    """``run`` on JSON text, returning the envelope dict (bad JSON, or JSON beyond the limits of
    :func:`rules.jsonsafe.loads`, is an ``invalid`` envelope at field ``scenario``)."""
    try:
        data = jsonsafe.loads(text, what="scenario")
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    if not isinstance(data, dict):
        return {"status": "invalid", "errors": [{"field": "scenario", "message": "A scenario is a JSON object"}]}
    return run(data, require_names=require_names, fate=fate)


def run_json(text: str) -> str:
    """``run`` on JSON text, returning JSON text."""
    return json.dumps(run_text(text))
