"""The encounter engine and the tables' text form never let bad input through as a traceback or a
broken invariant (hypothesis), as a hostile or unlucky user would meet them.

Three profiles, each run for every ruleset:

- **events**: an encounter file of the ruleset (combatants made from the scenario fuzz's bases,
  :data:`test_fuzz.BASES`; the fight started or not) and a random sequence of events of every
  type, with the ids in play, odd ids, dice or seeds, some mutated (fields dropped, wrong types,
  huge numbers, odd text: :data:`test_fuzz.ODD`). Each event goes through
  :func:`rules.encounter.run.run_encounter` as the page sends it, the last one also through the
  CLI (``python -m rules encounter FILE --then EVENT``, in process).
- **typed numbers**: the same, the combatants' profiles holding numbers as a form or a hand-made
  file may give them ("35.0", "+35", " 35", "3_5", 35.0, true).
- **tables**: a tables file of the ruleset's critical tables (the template, rows given odd text:
  brackets, line breaks, U+2028) checked, written as the panel's paste-in text and read back: what
  was accepted reads back as the same tables (the round trip the panel's Save relies on).

Invariants: no exception escapes (every refusal is ``invalid`` with each error at a field of the
request, ``then.*``, ``encounter.*``, ``undo``, in words a player can act on; the CLI exits 0, 2 or
3); a taken event's file replays (:func:`rules.encounter.engine.replay`, from scratch) to the
state the event built; Undo of it gives back the file and the state before; Magnitude and units
never above their start.

Failures in areas other branches fix are listed in :data:`KNOWN` (one place: delete an entry once
its fix is merged and the fuzz must pass without it); they are counted and printed, not failed.
A short derandomized profile runs with the unit tests; ``make fuzz`` (``AUSPEX_FUZZ=long``) runs
10,000 cases per ruleset and profile and prints the counts.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import re
import tempfile
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_fuzz import BASES, ODD, _parent, _paths, unreadable

from rules.__main__ import main as cli_main
from rules.critical.check import check_tables, dump, tables_text
from rules.critical.text import SYSTEMS, template
from rules.encounter.engine import replay
from rules.encounter.models import EVENT_TYPES
from rules.encounter.run import load_file, run_encounter

LONG = os.environ.get("AUSPEX_FUZZ") == "long"
EXAMPLES = int(os.environ.get("AUSPEX_FUZZ_EXAMPLES", 10_000 if LONG else 12))
EVENTS_PER_CASE = 8
COUNTS: dict[str, Counter[str]] = {}

# --- known failures: one not yet fixed, matched here, is counted instead of failed (none now) ---

Failure = dict[str, Any]  # {"kind": "exception" | "field" | "invariant" | "roundtrip", ...}
KNOWN: dict[str, Callable[[Failure], bool]] = {}


def _known(failure: Failure) -> str | None:
    return next((name for name, match in KNOWN.items() if match(failure)), None)


def _fail(counts: Counter[str], failure: Failure) -> None:
    """Count ``failure`` under its known reason, or fail the test with it."""
    reason = _known(failure)
    if reason is None:
        pytest.fail(json.dumps(failure, default=str, ensure_ascii=True)[:4000])
    counts[f"known: {reason}"] += 1
    if "at" in failure:  # where it broke, for the report
        counts[f"known at {failure['at']}"] += 1
    if failure["kind"] == "field":  # the refusal's field, its indices as N
        counts[f"known field {re.sub(r'[0-9]+', 'N', failure['field'])}"] += 1


# --- the encounter files and events ------------------------------------------------------------

TYPED = [
    lambda v: f"{v}.0",
    lambda v: f"+{v}",
    lambda v: f" {v}",
    lambda v: f"{str(v)[:1]}_{str(v)[1:]}" if len(str(v)) > 1 else f"{v}",
    float,
    lambda v: True,
]


@st.composite
def typed_numbers(draw: st.DrawFn, profile: dict[str, Any]) -> dict[str, Any]:
    """``profile`` with 1-3 of its whole numbers written as a form or a hand-made file may: text
    ("35.0", "+35", " 35", "3_5"), a float or ``true``."""
    profile = copy.deepcopy(profile)
    numbers = [p for p in _paths(profile) if _is_int(_parent(profile, p)[p[-1]])]
    for _ in range(draw(st.integers(1, 3)) if numbers else 0):
        path = draw(st.sampled_from(numbers))
        parent = _parent(profile, path)
        if _is_int(parent[path[-1]]):
            parent[path[-1]] = draw(st.sampled_from(TYPED))(parent[path[-1]])
    return profile


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


IDS = ["a", "b", "c"]


@st.composite
def combatant(draw: st.DrawFn, ruleset: str, cid: str, typed: bool) -> dict[str, Any]:
    base = draw(st.sampled_from(BASES[ruleset]))
    attacker, target = copy.deepcopy(base.get("attacker")), copy.deepcopy(base.get("target"))
    if typed:
        attacker = draw(typed_numbers(attacker)) if isinstance(attacker, dict) else attacker
        target = draw(typed_numbers(target)) if isinstance(target, dict) else target
    new: dict[str, Any] = {"id": cid, "name": draw(st.sampled_from(["Guard", "Café", "Ork <b>", "Mob"]))}
    keep = draw(st.sampled_from(["both", "both", "attacker", "target"]))
    if keep != "target":
        new["attacker"] = attacker
    if keep != "attacker":
        new["target"] = target
    return new


def _action(draw: st.DrawFn, ruleset: str) -> dict[str, Any]:
    action = copy.deepcopy(draw(st.sampled_from(BASES[ruleset])).get("action", {}))
    if isinstance(action, dict):
        action.pop("aim", None)  # the encounter's Aim is an event of its own
    return action if isinstance(action, dict) else {}


@st.composite
def event(draw: st.DrawFn, ruleset: str, typed: bool) -> dict[str, Any]:
    """One event of any type, its ids among those in play (or not), dice or a seed, sometimes mutated."""
    kind = draw(st.sampled_from([*EVENT_TYPES, "attack", "attack", "attack", "end_turn", "end_turn"]))
    who = draw(st.sampled_from([*IDS, "zz", "turn", "turn", "turn", "turn"]))  # "turn": whoever's turn it is
    at = draw(st.sampled_from([*IDS, "a", "b", "zz"]))
    ev: dict[str, Any] = {"type": kind, "who": who}
    if kind == "add":
        ev = {"type": "add", "combatant": draw(combatant(ruleset, draw(st.sampled_from([*IDS, "d"])), typed))}
    elif kind == "profile":
        new = draw(combatant(ruleset, who, typed))
        ev.update({k: new[k] for k in ("attacker", "target") if k in new})
    elif kind == "attack":
        ev.update({"at": at, "action": _action(draw, ruleset)})
        if draw(st.integers(0, 5)) == 0:
            ev["nearby"] = [draw(st.sampled_from(IDS))]
    elif kind == "initiative":
        ev = {"type": "initiative"}
    elif kind == "aim":
        ev["aim"] = draw(st.sampled_from(["half", "full"]))
    elif kind == "condition":
        ev["condition"] = draw(
            st.sampled_from(["Stunned", "Prone", "Pinned", "Blood Loss", "On Fire", "Grappled", "X"])
        )
        ev["rounds"] = draw(st.sampled_from([None, 1, 2]))
        ev["remove"] = draw(st.booleans())
    elif kind == "adjust":
        for key in draw(st.lists(st.sampled_from(["damage_taken", "fatigue", "magnitude", "rounds", "critical"]))):
            ev[key] = draw(st.integers(0, 40))
        if draw(st.booleans()):
            ev["jammed"] = draw(st.booleans())
    elif kind == "test":
        ev["test"] = draw(st.sampled_from(["skill", "jump", "leap", "focus_power"]))
        if draw(st.booleans()):
            ev["value"] = draw(st.integers(0, 100))
    elif kind == "critical_tables":
        ev = {"type": "critical_tables", "tables": []}
    elif kind == "take_item":
        ev["other"] = at
    if kind in ("initiative", "attack", "clear_jam", "test", "end_turn", "add"):
        source = draw(st.sampled_from(["seed", "seed", "dice", "none"]))
        if source == "seed":
            ev["seed"] = draw(st.integers(0, 2**31))
        elif source == "dice":
            ev["dice"] = draw(st.lists(st.integers(1, 100), max_size=12))
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):
        paths = [p for p in _paths(ev) if p != ("type",)]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _parent(ev, path)
        if draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(ODD)
    return ev


@st.composite
def fights(draw: st.DrawFn, ruleset: str, typed: bool) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An encounter file (2-3 combatants, started or not) and the events to send to it."""
    n = draw(st.integers(2, 3))
    events: list[dict[str, Any]] = [
        {"type": "add", "combatant": draw(combatant(ruleset, cid, typed)), "seed": 1} for cid in IDS[:n]
    ]
    if draw(st.booleans()):
        events.append({"type": "initiative", "seed": draw(st.integers(0, 1000))})
    file = {"auspex_encounter": 1, "system": ruleset, "events": events}
    return file, draw(st.lists(event(ruleset, typed), min_size=1, max_size=EVENTS_PER_CASE))


def _has_typed(value: object) -> bool:
    """Whether a profile in ``value`` holds a number typed as text, a float or a bool."""
    if isinstance(value, dict):
        return any(_has_typed(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_typed(v) for v in value)
    return isinstance(value, (float, bool)) or (
        isinstance(value, str) and bool(re.fullmatch(r"\s*[+-]?[\d_.]+\s*", value))
    )


PREFIXES = ("then", "encounter", "undo", "preview")


def _errors(counts: Counter[str], request: dict[str, Any], out: dict[str, Any], typed: bool) -> None:
    assert out["errors"], out
    for e in out["errors"]:
        head = e["field"].split(".")[0]
        if head not in PREFIXES:
            _fail(counts, {"kind": "field", "field": e["field"], "message": e["message"], "typed": typed})
        elif unreadable(_unquoted(e["message"], request)):
            _fail(counts, {"kind": "message", "field": e["field"], "message": e["message"], "typed": typed})


def _floats(value: object) -> bool:
    if isinstance(value, dict):
        return any(_floats(v) for v in value.values())
    if isinstance(value, list):
        return any(_floats(v) for v in value)
    return isinstance(value, float) or (isinstance(value, str) and re.search(r"\d\.0\b", value) is not None)


def _unquoted(message: str, request: dict[str, Any]) -> str:
    """``message`` without the "35.0" it may quote when the request itself holds such a number
    (a seed sent as 0.0 is named as sent; :func:`test_fuzz.unreadable` flags a whole number the
    engine itself shows as a float)."""
    return re.sub(r"\d\.0\b", "", message) if _floats(request) else message


def _state_ok(counts: Counter[str], state: dict[str, Any], typed: bool) -> None:
    for c in state["combatants"]:
        assert c["damage_taken"] >= 0 and c["fatigue"] >= 0, c
        for now, start in (("magnitude", "magnitude_start"), ("units", "units_start")):
            if c.get(now) is not None and c.get(start) is not None and c[now] > c[start]:
                _fail(counts, {"kind": "invariant", "what": "above start", "combatant": c["id"], "typed": typed})
        for w in (c.get("weapon"), c.get("second_weapon")):
            if w and w.get("clip"):
                assert 0 <= w["rounds"] <= w["clip"], w


def _send(counts: Counter[str], request: dict[str, Any], typed: bool) -> dict[str, Any] | None:
    """``run_encounter(request)``; None when it raised (counted as known, or the test fails)."""
    try:
        return run_encounter(request)
    except Exception as exc:  # the fuzz's point: nothing may escape
        where = traceback.extract_tb(exc.__traceback__)[-1]
        _fail(
            counts,
            {
                "kind": "exception",
                "error": repr(exc)[:300],
                "at": f"{Path(where.filename).name}:{where.lineno} {where.name}",
                "typed": typed or _has_typed(request),
                "request": request,
            },
        )
        counts["exception"] += 1
        return None


def _cli(counts: Counter[str], file: dict[str, Any], ev: dict[str, Any], typed: bool) -> None:
    """The CLI path: ``encounter FILE --then EVENT`` in process: exit 0, 2 or 3, never a traceback."""
    with tempfile.TemporaryDirectory() as tmp:
        fpath, epath = Path(tmp, "fight.json"), Path(tmp, "event.json")
        fpath.write_text(json.dumps(file, ensure_ascii=False), encoding="utf-8", errors="surrogatepass")
        epath.write_text(json.dumps(ev, ensure_ascii=False), encoding="utf-8", errors="surrogatepass")
        out, err = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = cli_main(["encounter", str(fpath), "--then", str(epath)])
        except Exception as exc:
            where = traceback.extract_tb(exc.__traceback__)[-1]
            failure = {"kind": "exception", "path": "cli", "error": repr(exc)[:300], "typed": typed or _has_typed(ev)}
            failure["at"] = f"{Path(where.filename).name}:{where.lineno} {where.name}"
            _fail(counts, failure)
            counts["cli exception"] += 1
            return
    assert code in (0, 2, 3), (code, err.getvalue())
    if code == 2:
        assert json.loads(err.getvalue())["errors"]
    counts[f"cli exit {code}"] += 1


def play(ruleset: str, file: dict[str, Any], events: list[dict[str, Any]], typed: bool) -> None:
    """Send ``events`` to ``file`` one at a time and check every invariant after each."""
    counts = COUNTS.setdefault(f"events {ruleset}" + (" typed" if typed else ""), Counter())
    out = _send(counts, {"encounter": file}, typed)
    if out is None:
        return
    if out["status"] == "invalid":  # a starting file refused (typed numbers, a profile the ruleset refuses)
        counts["file refused"] += 1
        _errors(counts, {"encounter": file}, out, typed)
        return
    file, state = out["encounter"], out["state"]  # as stored (defaults filled in, seeds as dice)
    for i, raw in enumerate(events):
        ev = copy.deepcopy(raw)
        if ev.get("who") == "turn":
            ev["who"] = state.get("turn") or "a"
        if i == len(events) - 1:
            _cli(counts, file, ev, typed)
        request = {"encounter": file, "then": ev}
        out = _send(counts, request, typed)
        if out is None:
            return
        counts[out["status"]] += 1
        if out["status"] == "invalid":
            _errors(counts, request, out, typed)
            continue
        if out["status"] == "needs":
            assert out["needs"]["sides"] in (2, 3, 5, 6, 10, 20, 100), out
            continue
        new_file, new_state = out["encounter"], out["state"]
        again = replay(load_file(new_file)).model_dump(mode="json")  # from scratch, not the memo
        if again != new_state:
            _fail(counts, {"kind": "replay", "file": new_file, "typed": typed})
        undone = _send(counts, {"encounter": new_file, "undo": True}, typed)
        if undone is not None and (undone["encounter"] != file or undone["state"] != state):
            _fail(counts, {"kind": "undo", "file": new_file, "typed": typed})
        _state_ok(counts, new_state, typed)
        file, state = new_file, new_state


def _settings() -> Callable[[Any], Any]:
    return settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


def _print(key: str) -> None:
    if LONG:
        counts = COUNTS.get(key, Counter())
        print(f"\nfuzz {key}: {dict(sorted(counts.items()))}")


@pytest.mark.parametrize("ruleset", list(BASES))
def test_no_encounter_event_escapes_or_breaks_replay_or_undo(ruleset: str) -> None:
    @_settings()
    @given(fights(ruleset, typed=False))
    def check(case: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
        play(ruleset, *case, typed=False)

    check()
    _print(f"events {ruleset}")


@pytest.mark.parametrize("ruleset", list(BASES))
def test_typed_numbers_in_profiles_never_escape(ruleset: str) -> None:
    @_settings()
    @given(fights(ruleset, typed=True))
    def check(case: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
        play(ruleset, *case, typed=True)

    check()
    _print(f"events {ruleset} typed")


# --- the critical tables' round trip ------------------------------------------------------------

ROW_TEXT = [
    "Knocked down [slain]",
    "Limps\nEnergy, Head, 1: [slain]",
    "Reels\u2028back",
    "Dazed [stunned 1]",
    "a [b] c",
    "ends with ]",
    "[",
    "  spaced  ",
    "tab\tin",
    "Café",
    "x" * 200,
    "",
]
EFFECTS = [
    {"kind": "prone"},
    {"kind": "slain"},
    {"kind": "stunned", "dice": "1d5"},
    {"kind": "stunned", "value": 2},
    {"kind": "fatigue", "value": 1},
    {"kind": "blood_loss"},
]


@st.composite
def tables_files(draw: st.DrawFn, system: str) -> dict[str, Any]:
    """The ruleset's template with some rows given odd text and effects."""
    data = dump(template(system))
    if system == "wh40krp":  # the fan ruleset's damage charts: rows from 1 (or 0, "00", "1", 1.0) to 100
        cuts = sorted(draw(st.sets(st.integers(2, 100), max_size=4)))
        lows = [1, *cuts]
        rows = [
            {
                "low": low,
                "high": (lows[i + 1] - 1 if i + 1 < len(lows) else 100),
                "result": draw(st.sampled_from(ROW_TEXT[:-1])),
            }
            for i, low in enumerate(lows)
        ]
        rows[0]["low"] = draw(st.sampled_from([1, 1, 0, "00", "1", 1.0]))
        data["charts"] = [{"chart": draw(st.integers(1, 3)), "rows": rows}]
    rows = [row for table in data["tables"] for row in table["rows"]]
    for _ in range(draw(st.integers(1, 6)) if rows else 0):
        row = draw(st.sampled_from(rows))
        row["text"] = draw(st.one_of(st.sampled_from(ROW_TEXT), st.text(max_size=30)))
        row["effects"] = draw(st.lists(st.sampled_from(EFFECTS), max_size=2))
    return data


def roundtrip(counts: Counter[str], system: str, data: dict[str, Any]) -> None:
    """Accepted tables JSON, written as the panel's text and read back, is the same tables."""
    first = check_tables(json.dumps(data))
    counts[f"json {first['status']}"] += 1
    if first["status"] != "ok":
        assert first["errors"] and all(e["field"] and not unreadable(e["message"]) for e in first["errors"]), first
        return
    saved = json.dumps(first["file"])
    try:
        text = tables_text(system, saved)
        assert text["status"] == "ok", text
        back = check_tables(json.dumps({"system": system, "text": text["text"]}), saved)
    except Exception as exc:  # the fuzz's point: nothing may escape
        where = traceback.extract_tb(exc.__traceback__)[-1]
        at = f"{Path(where.filename).name}:{where.lineno} {where.name}"
        _fail(counts, {"kind": "roundtrip", "system": system, "error": repr(exc)[:300], "at": at})
        counts["exception"] += 1
        return
    if back["status"] != "ok" or _meaning(back["file"]) != _meaning(first["file"]):
        _fail(counts, {"kind": "roundtrip", "system": system, "status": back["status"]})
        return
    counts["round trip ok"] += 1


def _meaning(file: dict[str, Any]) -> dict[str, Any]:
    """A tables file with its defaults written out (a chart's die: d100 when not given)."""
    charts = [{"die": 100, **chart} for chart in file.get("charts", [])]
    return {**file, "charts": charts}


@pytest.mark.parametrize("system", SYSTEMS)
def test_critical_tables_read_back_as_the_same_tables(system: str) -> None:
    counts = COUNTS.setdefault(f"tables {system}", Counter())

    @_settings()
    @given(tables_files(system))
    def check(data: dict[str, Any]) -> None:
        roundtrip(counts, system, data)

    check()
    _print(f"tables {system}")
