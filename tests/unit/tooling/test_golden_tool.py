"""The golden corpus's tool (``tools/testing/golden.py``): the path for an addition and the diff that shows
additions apart from changes.

An addition is a key today's answer has where the recorded answer has none (a new field or figure);
``add`` writes those keys into the recorded entries and keeps every recorded value, and refuses, writing
nothing, when any recorded value changed (that is a rule fix's ``refresh``). The corpus here is a
temporary one and the engine's answer a stand-in, so each test reads exactly what it wrote.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tools.testing import golden

RECORDED = {"status": "ok", "resolution": {"hits": [{"wounds": 7}], "outcome": "hit"}}


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, dict[str, Any]]:
    """A corpus file ``examples`` of two entries in a temporary folder; the returned dict maps an id to
    the answer the stand-in engine gives today (the recorded answer until a test changes it)."""
    monkeypatch.setattr(golden, "GOLDEN", tmp_path)
    golden.write(
        "examples",
        [
            {"id": "examples-a", "input": {"system": "dh2"}, "output": RECORDED},
            {"id": "examples-b", "input": {"system": "dw"}, "output": {"status": "invalid", "errors": []}},
        ],
    )
    today = {e["id"]: e["output"] for e in golden.read("examples")}
    monkeypatch.setattr(golden, "replay", lambda entry: today[entry["id"]])
    return today


def test_compare_tells_a_new_key_from_a_changed_value() -> None:
    got = {"status": "ok", "resolution": {"hits": [{"wounds": 7, "critical": 0}], "outcome": "hit", "odds": 1}}
    assert golden.compare(RECORDED, got) == (["$.resolution.odds", "$.resolution.hits[0].critical"], [])
    changed = {"status": "ok", "resolution": {"hits": [{"wounds": 8}], "outcome": "hit"}}
    assert golden.compare(RECORDED, changed) == ([], ["$.resolution.hits[0].wounds: want 7, got 8"])
    gone = {"status": "ok", "resolution": {"hits": [{"wounds": 7}]}}
    assert golden.compare(RECORDED, gone) == ([], ['$.resolution.outcome: want "hit", got nothing'])
    # a new list item (a die, a step, a hit) is a change, never an addition
    more = {"status": "ok", "resolution": {"hits": [{"wounds": 7}, {"wounds": 2}], "outcome": "hit"}}
    assert golden.compare(RECORDED, more) == ([], ["$.resolution.hits: want 1 items, got 2"])
    assert golden.compare(RECORDED, RECORDED) == ([], [])


def test_add_writes_only_the_new_keys_and_keeps_the_recorded_values(corpus: dict[str, dict[str, Any]]) -> None:
    corpus["examples-a"] = {
        "status": "ok",
        "resolution": {"hits": [{"wounds": 7, "critical": 3}], "outcome": "hit"},
        "odds": {"kill": 0.25},
    }
    assert golden.add(["examples"]) == 1
    entries = {e["id"]: e for e in golden.read("examples")}
    assert entries["examples-a"]["output"] == {
        "status": "ok",
        "resolution": {"hits": [{"wounds": 7, "critical": 3}], "outcome": "hit"},
        "odds": {"kill": 0.25},
    }
    assert entries["examples-b"]["output"] == {"status": "invalid", "errors": []}
    assert entries["examples-a"]["input"] == {"system": "dh2"}
    assert golden.diff(["examples"]) == 0


def test_add_refuses_and_writes_nothing_when_a_recorded_value_changed(
    corpus: dict[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    before = golden.path_of("examples").read_bytes()
    corpus["examples-a"] = {**RECORDED, "odds": {"kill": 0.25}}
    corpus["examples-b"] = {"status": "invalid", "errors": [{"field": "system"}]}
    assert golden.add(["examples"]) == -1
    assert golden.path_of("examples").read_bytes() == before
    out = capsys.readouterr().out
    assert "changed examples examples-b: $.errors: want 0 items, got 1" in out
    assert "refused: 1 entries changed a recorded value; nothing written" in out


def test_add_with_nothing_new_rewrites_nothing(corpus: dict[str, dict[str, Any]]) -> None:
    before = golden.path_of("examples").stat().st_mtime_ns
    assert golden.add(["examples"]) == 0
    assert golden.path_of("examples").stat().st_mtime_ns == before


def test_diff_lists_additions_apart_from_changes(
    corpus: dict[str, dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert golden.diff(["examples"]) == 0
    assert capsys.readouterr().out == ""
    corpus["examples-a"] = {**RECORDED, "odds": {"kill": 0.25}}
    corpus["examples-b"] = {"status": "needs", "errors": []}
    assert golden.diff(["examples"]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        'changed examples examples-b: $.status: want "invalid", got "needs"',
        "added examples examples-a: $.odds",
    ]


def test_main_add_exits_1_when_refused(corpus: dict[str, dict[str, Any]]) -> None:
    corpus["examples-a"] = {"status": "needs"}
    assert golden.main(["add", "examples"]) == 1
    corpus["examples-a"] = {**RECORDED, "seed": 4}
    assert golden.main(["add", "examples"]) == 0
    assert golden.main(["diff", "examples"]) == 0
