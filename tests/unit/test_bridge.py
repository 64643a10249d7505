"""bridge.handle on CPython: the JSON the page's worker answers with."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from auspex_web import bridge

import rules

EXAMPLE = json.loads((Path(__file__).resolve().parents[2] / "examples" / "lasgun.json").read_text())


def call(scenario: Any) -> dict[str, Any]:
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    answer: dict[str, Any] = json.loads(bridge.handle(text))
    return answer


def test_ok_carries_the_resolution_and_its_html() -> None:
    answer = call(EXAMPLE)
    assert answer["status"] == "ok"
    assert answer["resolution"]["outcome"] == "hit"
    assert 'data-k="target-number"' in answer["html"]


def test_needs_names_the_next_die() -> None:
    answer = call({**EXAMPLE, "dice": [23]})
    assert answer["status"] == "needs"
    assert answer["needs"]["index"] == 1
    assert answer["needs"]["sides"] == 10
    assert answer["dice"] == [{"purpose": "to-hit d100", "sides": 100, "value": 23}]
    assert "html" not in answer


def test_invalid_names_the_field() -> None:
    bad = json.loads(json.dumps(EXAMPLE))
    bad["attacker"]["characteristics"]["BS"] = 140
    answer = call(bad)
    assert answer["status"] == "invalid"
    assert [e["field"] for e in answer["errors"]] == ["attacker.characteristics.BS"]


def test_not_json_is_invalid_not_an_error() -> None:
    assert call("{")["status"] == "invalid"


def test_a_bug_becomes_a_short_message_and_a_logged_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(text: str) -> dict[str, object]:
        raise ZeroDivisionError("secret internals")

    monkeypatch.setattr(rules, "run_text", broken)
    answer = call(EXAMPLE)
    assert answer == {"status": "error", "message": bridge.ERROR_MESSAGE}
    assert "Traceback" in capsys.readouterr().err
