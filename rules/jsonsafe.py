"""JSON read safely: size, nesting and number limits checked before anything is parsed.

Python's ``json.loads`` recurses once per level of nesting (a file nested 5,000 deep raises
``RecursionError``; in Pyodide the browser's own stack gives out first, "Maximum call stack size
exceeded"), and turns a 5,000-digit number into an int only to fail later when anything prints it
("Exceeds the limit (4300 digits) for integer string conversion"). Nothing an Auspex scenario,
party file or tracker request holds is nested more than a dozen levels or needs a number of more
than a few digits, so :func:`loads` refuses, with a message at one field:

- text longer than ``max_bytes`` (UTF-8) - :data:`MAX_BYTES`, 2 MB, by default;
- nesting deeper than :data:`MAX_DEPTH` (64) objects and arrays;
- a number with more than :data:`MAX_DIGITS` (30) digits in a row (a browser's numbers hold 17
  significant digits; ``JSON.stringify`` writes no longer run);
- ``NaN``, ``Infinity``, ``-Infinity`` (not JSON) and a number too large for a float (``1e999``).

The checks are linear scans with regular expressions free of nested repetition (no recursion, no
backtracking), run BEFORE ``json.loads``. :func:`check_value` does the same for a value already
parsed (a dict given to :func:`rules.api.run`), walking it with an explicit stack, and in the same
walk finds the text no field may hold (:func:`text_errors`), so an input is walked once.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from . import limits
from .errors import FieldError, ScenarioError

MAX_BYTES = 2_000_000
MAX_DEPTH = 64
MAX_DIGITS = 30

# A JSON string (escapes included), matched whole; no nested quantifier, so linear time.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
_TOO_BIG = 10**MAX_DIGITS


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 100_000 else f"{n:,} bytes"


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large a number")
    return value


def check_text(text: str, *, what: str, max_bytes: int = MAX_BYTES) -> None:
    """Raise :class:`ScenarioError` at field ``what`` when ``text`` is longer than ``max_bytes``
    (UTF-8), nests objects/arrays deeper than :data:`MAX_DEPTH`, or holds a run of more than
    :data:`MAX_DIGITS` digits outside its strings. Linear time; nothing is parsed."""
    if len(text) > max_bytes or len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise ScenarioError.at(what, f"Too large: at most {_size(max_bytes)}")
    bare = _STRING.sub('""', text)  # strings out of the way: brackets and digits inside them are text
    depth = 0
    for m in _BRACKET.finditer(bare):
        if m.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ScenarioError.at(what, f"Nested too deeply: at most {MAX_DEPTH} levels of objects and arrays")
        else:
            depth -= 1
    if _LONG_NUMBER.search(bare):
        raise ScenarioError.at(what, f"A number too long: at most {MAX_DIGITS} digits")


def loads(text: str, *, what: str, max_bytes: int = MAX_BYTES) -> Any:
    """``json.loads(text)`` after :func:`check_text`; NaN, Infinity and numbers beyond a float
    refused. Raises :class:`ScenarioError` at field ``what`` (``scenario``, ``file``...) with a
    message for the player, bad JSON included ("Not JSON: ...")."""
    check_text(text, what=what, max_bytes=max_bytes)
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except json.JSONDecodeError as exc:
        raise ScenarioError.at(what, f"Not JSON: {exc}") from None
    except (ValueError, RecursionError) as exc:  # a constant or float refused above
        raise ScenarioError.at(what, f"Not JSON: {exc}") from None


def loads_file(text: str) -> Any:
    """A file a player imported (a party file, a tables file): :func:`loads` at field ``file``,
    its bad JSON said as "Not a JSON file: ...". Raises :class:`ScenarioError` as :func:`loads`."""
    try:
        return loads(text, what="file")
    except ScenarioError as exc:
        message = exc.errors[0].message
        if message.startswith("Not JSON: "):
            raise ScenarioError.at("file", "Not a JSON file: " + message[len("Not JSON: ") :]) from None
        raise


def check_value(value: Any, *, what: str, structure: bool = True, path: str = "") -> list[FieldError]:
    """One walk of ``value`` (parsed JSON: dicts, lists, strings, numbers) that gives both answers.

    With ``structure``, raises :class:`ScenarioError` when it nests deeper than :data:`MAX_DEPTH`
    (at field ``what``) or holds an int of more than :data:`MAX_DIGITS` digits or a float that is
    not finite (at that number's own dotted path, ``attacker.characteristics.BS``, so the player is
    sent to the field); the first such found is raised (``structure`` False: input already read by
    :func:`loads`, or from text :func:`check_text` passed). Returns the text errors: every string
    longer than :data:`rules.limits.TEXT_LENGTH` or holding a character that cannot be shown, and
    every object key too long or unshowable (at the object; what is under such a key is not
    read for text), each a :class:`FieldError` at its dotted path from ``path`` (the root's at
    ``scenario``), in the input's order. Walks with an explicit stack, so no input can drive it past Python's
    recursion limit (a cycle is refused as too deep); linear in the size of ``value``."""
    errors: list[FieldError] = []
    stack: list[tuple[Any, int, str, bool]] = [(value, 0, path, True)]
    while stack:
        item, depth, path, texts = stack.pop()
        if isinstance(item, str):
            if texts:
                _text_error(item, path, errors)
        elif isinstance(item, dict | list):
            if structure and depth >= MAX_DEPTH:
                raise ScenarioError.at(what, f"Nested too deeply: at most {MAX_DEPTH} levels of objects and arrays")
            stack.extend(_children(item, depth, path, texts, errors))
        elif structure:
            _check_number(item, path or what)
    errors.reverse()
    return errors


def text_errors(data: Any, path: str = "") -> list[FieldError]:
    """Every string in ``data`` (a parsed JSON value) that is longer than :data:`TEXT_LENGTH` or
    holds a character that cannot be shown, as a :class:`FieldError` at its dotted path from
    ``path`` (an object's key that is too long or unshowable is reported at the object). Linear in
    the size of ``data``; iterative, so deep input cannot exhaust the stack. The walk is
    :func:`check_value`'s, which gives these with its nesting and number checks in
    one pass (as the engine's entries call it); here without them."""
    return check_value(data, what="scenario", structure=False, path=path)


def _children(
    item: dict[Any, Any] | list[Any], depth: int, path: str, texts: bool, errors: list[FieldError]
) -> list[tuple[Any, int, str, bool]]:
    """The entries of an object or array to walk next, each with its path; an object's key that
    is too long or unshowable is reported (when ``texts``) and what is under it not read for text."""
    if isinstance(item, list):
        return [(child, depth + 1, f"{path}.{i}" if path else str(i), texts) for i, child in enumerate(item)]
    out = []
    for key, child in item.items():
        name = str(key)
        readable = texts and _key_error(name, path, errors)
        out.append((child, depth + 1, f"{path}.{name}" if path else name, readable))
    return out


def _key_error(name: str, path: str, errors: list[FieldError]) -> bool:
    """Report an object's key that is too long or unshowable at the object; True when it is neither."""
    if len(name) > limits.KEY_LENGTH:
        errors.append(FieldError(path or "scenario", f"Has a field name over {limits.KEY_LENGTH} characters"))
        return False
    message = limits.bad_character(name)
    if message is not None:
        errors.append(FieldError(path or "scenario", "A field name " + message[0].lower() + message[1:]))
        return False
    return True


def _text_error(text: str, path: str, errors: list[FieldError]) -> None:
    """Report a string too long or holding a character that cannot be shown, at its path."""
    if len(text) > limits.TEXT_LENGTH:
        errors.append(FieldError(path or "scenario", f"Too long (at most {limits.TEXT_LENGTH} characters)"))
    elif (message := limits.bad_character(text)) is not None:
        errors.append(FieldError(path or "scenario", message))


def _check_number(item: object, where: str) -> None:
    """Refuse an int of more than :data:`MAX_DIGITS` digits or a float that is not finite, at ``where``."""
    if isinstance(item, bool):
        return
    if isinstance(item, int):
        if not -_TOO_BIG < item < _TOO_BIG:
            raise ScenarioError.at(where, f"A number too long: at most {MAX_DIGITS} digits")
    elif isinstance(item, float) and not math.isfinite(item):
        raise ScenarioError.at(where, "Must be a number")
