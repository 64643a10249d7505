"""The encounter's replay is linear in its events and derives the very state the events built one
at a time: a stored fight of 2,000 events (the file's limit) is shown without replaying each event
against a copy of the whole log before it.

The fight is :func:`tools.measure.bench_replay.long_fight` (a fixed seed: a Guard and a Cultist attack, aim
and end their turns; the GM resets their wounds and the Guard's clip now and then), the bench's."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.encounter.engine import apply, replay
from rules.encounter.models import EncounterFile, LogLine
from rules.encounter.run import load_event, load_file, run_encounter
from tools.measure.bench_replay import long_fight, replay_linear, replay_scaling


def test_replay_equals_the_state_built_event_by_event_over_a_long_fight() -> None:
    data, built = long_fight(600)
    assert replay(load_file(data)).model_dump(mode="json") == built.model_dump(mode="json")


def test_replay_copies_no_earlier_log_line_for_each_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """Quadratic today: each event deep-copied the whole state, its log of every earlier event
    included (600 events: 600 * 599 / 2 = 179,700 log-line copies). Linear: none at all, since a
    replay builds its own state and keeps no intermediate one."""
    data, _ = long_fight(600)
    file = load_file(data)
    copies = 0
    deep = LogLine.__deepcopy__

    def counted(self: LogLine, memo: dict[int, Any] | None = None) -> LogLine:
        nonlocal copies
        copies += 1
        return deep(self, memo)

    monkeypatch.setattr(LogLine, "__deepcopy__", counted)
    replay(file)
    assert copies <= len(file.events)


def test_apply_leaves_the_state_it_is_given_untouched_and_shares_no_log_list() -> None:
    """:func:`apply` is a pure step (Undo and a refused event rely on it): the state passed in
    keeps its log, its combatants and their counters; the new state's log is a list of its own."""
    _, built = long_fight(60)
    before = copy.deepcopy(built.model_dump(mode="json"))
    now = built.turn
    other = "c" if now == "g" else "g"
    done = apply(
        built,
        load_event(
            {
                "type": "attack",
                "who": now,
                "at": other,
                "action": {"type": "Standard Attack", "distance": 20 if now == "g" else 1},
                "seed": 5,
            }
        ),
    )
    assert built.model_dump(mode="json") == before
    assert done.state.log is not built.log and len(done.state.log) == len(built.log) + 1
    assert done.state.combatants[0] is not built.combatants[0]


def test_undo_after_a_long_fight_gives_the_state_before_the_last_event() -> None:
    data, _ = long_fight(300)
    shorter = {**data, "events": data["events"][:-1]}
    undone = run_encounter({"encounter": data, "undo": True})
    assert undone["status"] == "ok", undone
    assert undone["encounter"] == shorter
    assert undone["state"] == replay(EncounterFile.model_validate(shorter)).model_dump(mode="json")


def test_the_bench_row_times_each_size_and_calls_quadratic_times_not_linear() -> None:
    rows = replay_scaling((20, 40), runs=1)
    assert [r["events"] for r in rows] == [20, 40] and all(r["seconds"] > 0 for r in rows)
    # the figures measured before (500 events 0.73 s, 2,000 15.4 s): 1,460 then 7,700 us an event
    assert not replay_linear(
        [
            {"events": 500, "seconds": 0.73, "us_per_event": 1460},
            {"events": 2000, "seconds": 15.4, "us_per_event": 7700},
        ]
    )
    assert replay_linear(
        [{"events": 100, "seconds": 0.01, "us_per_event": 100}, {"events": 2000, "seconds": 0.2, "us_per_event": 100}]
    )


def test_an_event_with_a_character_that_cannot_be_shown_is_refused_at_its_field() -> None:
    """The file is read with the text limits (a control character refused at its field), so an
    event taken with one would be stored in a file that no longer replays: the event is refused
    at its own field, as the file's would be, and nothing is stored."""
    data, _ = long_fight(3)
    out = run_encounter({"encounter": data, "then": {"type": "condition", "who": "g", "condition": "Prone\x1f"}})
    assert out["status"] == "invalid", out
    assert [e["field"] for e in out["errors"]] == ["then.condition"]
