"""The encounter replay's scaling on CPython (``make bench``'s replay row; also alone:
``python tools/measure/bench_replay.py``): a dh2 fight of 100 to 2,000 events (the file's limit) replayed
from its file, the best of a few runs each, and the time per event, which stays flat when the
replay is linear in its events (it grew with the square of them while every event deep-copied
the whole state, its log included: 2,000 events 15.4 s).

The fight (:func:`long_fight`) is built one event at a time with a fixed seed: a Guard (BS 40,
Ag 35, an Autogun) and a Cultist (10 Wounds, TB 3, a Dodge of 30, a knife) attack, aim and end
their turns; the GM resets their wounds and the Guard's clip now and then so it goes on.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.encounter.engine import apply, replay
from rules.encounter.models import EncounterError, EncounterState
from rules.encounter.run import load_event, load_file

SIZES = (100, 250, 500, 1000, 2000)
BUDGET_S = 1.0
"""A 2,000-event file replays in well under this (seconds, CPython)."""

AUTOGUN = {"name": "Autogun", "class": "Basic", "range": 90, "rof": "S/3/10", "damage": "1d10+3", "clip": 30}
GUARD = {"name": "Guard", "characteristics": {"WS": 30, "BS": 40, "Ag": 35}, "weapon": AUTOGUN}
CULTIST = {
    "attacker": {
        "name": "Cultist",
        "characteristics": {"WS": 30, "BS": 25, "Ag": 30},
        "weapon": {"name": "Knife", "class": "Melee", "damage": "1d5"},
    },
    "target": {"name": "Cultist", "wounds": 10, "toughness_bonus": 3, "evasion": {"reaction": "Dodge", "skill": 30}},
}


def long_fight(events: int, seed: int = 1) -> tuple[dict[str, Any], EncounterState]:
    """A dh2 encounter file of ``events`` events (a JSON dict) built one event at a time with
    :func:`rules.encounter.engine.apply`, as the page adds them, and the state that build ends in."""
    rnd = random.Random(seed)
    state = EncounterState(system="dh2")
    stored: list[dict[str, Any]] = []

    def go(data: dict[str, Any]) -> None:
        nonlocal state
        done = apply(state, load_event(data))
        state = done.state
        stored.append(done.event.model_dump(mode="json", exclude_none=True))

    go({"type": "add", "combatant": {"id": "g", "name": "Guard", "attacker": GUARD, "target": {"wounds": 12}}})
    go({"type": "add", "combatant": {"id": "c", "name": "Cultist", **CULTIST}})
    go({"type": "initiative", "seed": 3})
    while len(stored) < events:
        now = state.turn or "g"
        other = "c" if now == "g" else "g"
        pick = rnd.random()
        data: dict[str, Any]
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


def replay_scaling(sizes: tuple[int, ...] = SIZES, runs: int = 3) -> list[dict[str, Any]]:
    """For each size: ``{"events", "seconds", "us_per_event"}``, the best of ``runs`` replays of
    :func:`long_fight`'s file (validation not timed: the file is loaded once)."""
    rows = []
    for n in sizes:
        file = load_file(long_fight(n)[0])
        best = float("inf")
        for _ in range(runs):
            t0 = time.perf_counter()
            replay(file)
            best = min(best, time.perf_counter() - t0)
        rows.append({"events": n, "seconds": round(best, 4), "us_per_event": round(best / n * 1e6, 1)})
    return rows


def replay_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The table's lines, and whether it is linear: the time per event at the largest size within
    twice the smallest's, and the largest within :data:`BUDGET_S`."""
    lines = ["\nEncounter replay (CPython, best of 3)", f"  {'events':>7} {'seconds':>9} {'us/event':>9}"]
    lines += [f"  {r['events']:>7} {r['seconds']:>9.3f} {r['us_per_event']:>9.1f}" for r in rows]
    lines.append(f"  linear: {'yes' if replay_linear(rows) else 'NO'}")
    return lines


def replay_linear(rows: list[dict[str, Any]]) -> bool:
    """Linear: the largest fight's time per event at most twice the smallest's, and in budget."""
    first, last = rows[0], rows[-1]
    return last["us_per_event"] <= 2 * first["us_per_event"] and last["seconds"] < BUDGET_S


if __name__ == "__main__":
    print("\n".join(replay_lines(replay_scaling())))
