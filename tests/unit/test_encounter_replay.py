"""The encounter's replay is linear in its events and derives the very state the events built one
at a time: a stored fight of 2,000 events (the file's limit) is shown without replaying each event
against a copy of the whole log before it.

The fight is drawn with a fixed seed: the Guard and the Cultist (:mod:`encounter_helpers`) attack,
aim and end their turns; the GM resets their wounds and the Guard's clip now and then so the fight
goes on for as long as the file allows."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from encounter_helpers import CULTIST_ATTACKER, CULTIST_TARGET, GUARD

from rules.encounter.engine import apply, replay
from rules.encounter.models import EncounterError, EncounterFile, EncounterState, LogLine
from rules.encounter.run import load_event, load_file, run_encounter


def long_fight(events: int, seed: int = 1) -> tuple[dict[str, Any], EncounterState]:
    """A dh2 file of ``events`` events built one event at a time with :func:`apply` (as the page
    adds them), and the state that build ends in."""
    rnd = random.Random(seed)
    state = EncounterState(system="dh2")
    stored: list[dict[str, Any]] = []

    def go(data: dict[str, Any]) -> None:
        nonlocal state
        done = apply(state, load_event(data))
        state = done.state
        stored.append(done.event.model_dump(mode="json", exclude_none=True))

    go({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD, "target": {"wounds": 12}}})
    go(
        {
            "type": "add",
            "combatant": {"id": "c", "name": "Cultist", "attacker": CULTIST_ATTACKER, "target": CULTIST_TARGET},
        }
    )
    go({"type": "initiative", "seed": 3})
    while len(stored) < events:
        now = state.turn or "g"
        other = "c" if now == "g" else "g"
        pick = rnd.random()
        if pick < 0.4:
            action = {"type": "Standard Attack", "distance": 20 if now == "g" else 1}
            data = {"type": "attack", "who": now, "at": other, "action": action, "seed": rnd.randrange(10**6)}
        elif pick < 0.55:
            data = {"type": "adjust", "who": other, "damage_taken": 0, "critical": 0}
            if other == "g":
                data["rounds"] = 30
        elif pick < 0.65:
            data = {"type": "aim", "who": now, "aim": "half"}
        else:
            data = {"type": "end_turn", "who": now}
        for attempt in (data, {"type": "end_turn", "who": now}, {"type": "adjust", "who": now, "damage_taken": 0}):
            try:
                go(attempt)
                break
            except EncounterError:
                continue
    return {"auspex_encounter": 1, "system": "dh2", "events": stored}, state


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
