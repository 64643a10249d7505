"""rules.jsonsafe.check_value walks an input once and gives both answers the engine's entries used
two walks for: nesting and numbers refused (as check_value did) and the unreadable text found (as
rules.limits.text_errors did). Checked against those two walks, kept here as they were, on drawn
inputs with the limits made small so that every kind of error is drawn often."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import jsonsafe, limits
from rules.errors import FieldError, ScenarioError


def old_check_value(value: Any, *, what: str) -> None:
    """rules.jsonsafe.check_value before the merge."""
    stack: list[tuple[Any, int, str]] = [(value, 0, "")]
    while stack:
        item, depth, path = stack.pop()
        if isinstance(item, dict | list):
            if depth >= jsonsafe.MAX_DEPTH:
                raise ScenarioError.at(
                    what, f"Nested too deeply: at most {jsonsafe.MAX_DEPTH} levels of objects and arrays"
                )
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            stack.extend((child, depth + 1, f"{path}.{key}" if path else str(key)) for key, child in pairs)
        elif isinstance(item, bool):
            continue
        elif isinstance(item, int):
            if not -jsonsafe._TOO_BIG < item < jsonsafe._TOO_BIG:
                raise ScenarioError.at(path or what, f"A number too long: at most {jsonsafe.MAX_DIGITS} digits")
        elif isinstance(item, float) and not math.isfinite(item):
            raise ScenarioError.at(path or what, "Must be a number")


def old_text_errors(data: Any, path: str = "") -> list[FieldError]:
    """rules.limits.text_errors before the merge."""
    errors: list[FieldError] = []
    stack: list[tuple[str, Any]] = [(path, data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, str):
            if len(value) > limits.TEXT_LENGTH:
                errors.append(FieldError(where or "scenario", f"Too long (at most {limits.TEXT_LENGTH} characters)"))
            elif (message := limits.bad_character(value)) is not None:
                errors.append(FieldError(where or "scenario", message))
        elif isinstance(value, dict):
            for key, item in value.items():
                name = str(key)
                if len(name) > limits.KEY_LENGTH:
                    errors.append(
                        FieldError(where or "scenario", f"Has a field name over {limits.KEY_LENGTH} characters")
                    )
                elif (message := limits.bad_character(name)) is not None:
                    errors.append(FieldError(where or "scenario", "A field name " + message[0].lower() + message[1:]))
                else:
                    stack.append((f"{where}.{name}" if where else name, item))
        elif isinstance(value, list):
            stack.extend((f"{where}.{i}" if where else str(i), item) for i, item in enumerate(value))
    errors.reverse()
    return errors


def old_answer(value: Any) -> tuple[str, Any]:
    try:
        old_check_value(value, what="initiative")
    except ScenarioError as exc:
        return "raised", exc.as_dict()
    return "texts", [e.as_dict() for e in old_text_errors(value)]


def new_answer(value: Any) -> tuple[str, Any]:
    try:
        texts = jsonsafe.check_value(value, what="initiative")
    except ScenarioError as exc:
        return "raised", exc.as_dict()
    return "texts", [e.as_dict() for e in texts]


@pytest.fixture(autouse=True)
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "TEXT_LENGTH", 6)
    monkeypatch.setattr(limits, "KEY_LENGTH", 3)
    monkeypatch.setattr(jsonsafe, "MAX_DEPTH", 4)
    monkeypatch.setattr(jsonsafe, "_TOO_BIG", 1000)


TEXT = st.text(alphabet=st.sampled_from(["a", "b", "\t", "\x01", "\ud800", "\x9f", "é"]), max_size=9)
SCALARS = (
    TEXT
    | st.integers(min_value=-2000, max_value=2000)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.booleans()
    | st.none()
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=25,
)


@settings(max_examples=600, deadline=None)
@given(JSON)
def test_one_walk_answers_as_the_two_walks_did(value: Any) -> None:
    assert new_answer(value) == old_answer(value)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_text_errors_alone_are_the_old_walk_s(value: Any) -> None:
    # rules.jsonsafe.text_errors is the same walk without the nesting and number checks
    assert jsonsafe.text_errors(value, "x") == old_text_errors(value, "x")
    assert jsonsafe.check_value(value, what="file", structure=False) == old_text_errors(value)


def test_an_example_of_each_answer() -> None:
    assert new_answer({"ab": ["\x01", "toolongtext"], "abcd": {"k": "\x01"}}) == (
        "texts",
        [
            {"field": "ab.0", "message": "Contains a character that cannot be shown (U+0001): retype it"},
            {"field": "ab.1", "message": "Too long (at most 6 characters)"},
            {"field": "scenario", "message": "Has a field name over 3 characters"},
        ],
    )
    assert new_answer({"a": [1, "\x01", 10**5]}) == (
        "raised",
        {"errors": [{"field": "a.2", "message": "A number too long: at most 30 digits"}]},
    )
    assert new_answer([[[[["deep"]]]]])[0] == "raised"
