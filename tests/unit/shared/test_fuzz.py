"""The engine never lets bad input through as a traceback or an unreadable message (hypothesis).

Scenarios of all five rulesets, from the examples and the unit tests' builders, mutated: fields
dropped, given the wrong type, huge or negative numbers, NaN, long strings, lone surrogates and
control characters, random qualities text, random dice lists. Every one goes through
``rules.api.run``, as the page and the CLI send it, and must answer:

- with no exception;
- ``invalid``: each error at a non-empty field that names a real path (the keys sent, then the
  scenario models' own field names), with a message a player can act on (no Python type names,
  no pydantic wording, no ``100000.0`` for a whole number, nothing that cannot be shown);
- ``ok``: wounds >= 0, hits within what the limits allow, Magnitude >= 0, every die given used or
  reported unused, and a seeded resolution replayed from its recorded dice gives the same result.

A short, derandomized profile runs with the unit tests (a few hundred scenarios); ``make fuzz``
sets ``AUSPEX_FUZZ=long`` for 10,000 scenarios per ruleset and prints the counts.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

import dh1_scenarios
import dh2_scenarios
import dw_scenarios
import epic_scenarios
import pytest
import wh40krp_scenarios
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import limits, run
from rules.api import load_scenario, resolve
from rules.d100.models import Scenario
from rules.dice import ScriptedDice
from rules.epic.models import EpicScenario
from rules.wh40krp.models import RpScenario

LONG = os.environ.get("AUSPEX_FUZZ") == "long"
EXAMPLES = 10_000 if LONG else 100
EXAMPLES_DIR = Path(__file__).resolve().parents[3] / "examples"
COUNTS: dict[str, Counter[str]] = {}


def _example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES_DIR / name).read_text())
    return data


BASES: dict[str, list[dict[str, Any]]] = {
    "dh2": [
        _example("lasgun.json"),
        dh2_scenarios.scenario(dh2_scenarios.AUTOGUN, action="Full Auto Burst", seed=7),
        dh2_scenarios.scenario(dh2_scenarios.SWORD, distance=1, seed=3),
    ],
    "dh1": [
        _example("dh1-storm-bolter.json"),
        dh1_scenarios.scenario(dh1_scenarios.FLAMER, distance=10, seed=5),
    ],
    "dw": [
        _example("dw-bolter-horde.json"),
        {**dw_scenarios.scenario(dw_scenarios.STORM_BOLTER, action="Full Auto Burst"), "seed": 11},
        {**dw_scenarios.scenario(dw_scenarios.POWER_FIST, distance=1), "seed": 2},
    ],
    "wh40krp": [
        _example("wh40krp-autogun-round.json"),
        wh40krp_scenarios.scenario(actions=["auto"], seed=4),
    ],
    "epic": [
        _example("epic-tactical-shooting.json"),
        _example("epic-barrage.json"),
        epic_scenarios.scenario(seed=9),
    ],
}

QUALITY_NAMES = [
    "Tearing", "Blast", "Storm", "Devastating", "Proven", "Reliable", "Unreliable", "Twin-Linked", "Felling",
    "Accurate", "Inaccurate", "Scatter", "Flame", "Spray", "Toxic", "Concussive", "Penetrating", "Primitive",
    "Maximal", "Power Field", "Force", "Overheats", "Graviton", "Razor Sharp", "Snare", "Shocking", "Nonsense",
]  # fmt: skip


@st.composite
def quality_texts(draw: st.DrawFn) -> object:
    """Qualities as typed: names with or without an X (sometimes huge or negative), as a list or one text."""
    items = draw(
        st.lists(
            st.builds(
                lambda n, x: n if x is None else f"{n} ({x})",
                st.sampled_from(QUALITY_NAMES),
                st.one_of(st.none(), st.integers(-3, 40), st.sampled_from([100, 30000, 3000000, 10**30])),
            ),
            max_size=6,
        )
    )
    return ", ".join(items) if draw(st.booleans()) else items


ODD_TEXT = [
    "\ud800", "a\udfffb", "nul\x00", "bell\x07", "tab\tand\nline", " " * 60000 + "x", "ap 1 " * 2000, "",
    "Blast (30000)", "1d10+3", "2d10 + 99999", "S/3/10", "S/99999/-", "-/-/1000000", "x" * 300, "\u00b2",
    "Heavy bolter 30 AP4", "4x lascannon 45 AT5", "01-20: Flesh wound\n21-100: Down", "1" * 5000,
]  # fmt: skip

ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.sampled_from([0, -1, 1, 7, 100, 2**53, 2**63, 10**6]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(ODD_TEXT),
    st.lists(st.integers(-5, 120), max_size=8),
    st.dictionaries(st.sampled_from(["a", "name", "\ud800", "x" * 100]), st.integers(-5, 5), max_size=2),
    quality_texts(),
)


def _paths(value: object, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    out: list[tuple[str | int, ...]] = []
    items: list[tuple[str | int, object]] = []
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    for key, item in items:
        out.append((*prefix, key))
        out.extend(_paths(item, (*prefix, key)))
    return out


def _parent(data: Any, path: tuple[str | int, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


@st.composite
def scenarios(draw: st.DrawFn, ruleset: str) -> dict[str, Any]:
    """A scenario of ``ruleset``: a base, its dice source changed, then 0-3 mutations."""
    data: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(BASES[ruleset])))
    source = draw(st.sampled_from(["keep", "seed", "dice"]))
    if source != "keep":
        data.pop("dice", None)
        data.pop("seed", None)
        if source == "seed":
            data["seed"] = draw(st.integers(0, 2**32))
        else:
            data["dice"] = draw(st.lists(st.integers(1, 100), max_size=40))
    for _ in range(draw(st.integers(0, 3))):
        paths = _paths(data)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, key = _parent(data, path), path[-1]
        op = draw(st.sampled_from(["drop", "odd", "odd", "qualities", "big"]))
        if op == "drop":
            del parent[key]
        elif op == "qualities":
            parent[key] = draw(quality_texts())
        elif op == "big" and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] = draw(st.sampled_from([limits.ROF, limits.MAGNITUDE, limits.QUALITY_VALUE, 10**9, -(10**9)]))
        else:
            parent[key] = draw(ODD)
    if draw(st.integers(0, 4)) == 0:  # a weapon with every count at its limit
        weapon = data.get("attacker", {}).get("weapon") if isinstance(data.get("attacker"), dict) else None
        if isinstance(weapon, dict) and "rof" in weapon:
            weapon["rof"] = f"S/{limits.ROF}/{limits.ROF}"
            weapon["qualities"] = [f"Blast ({limits.QUALITY_VALUE})", "Storm", "Twin-Linked"]
    return data


def _known_names() -> set[str]:
    names: set[str] = {"scenario"}
    for model in (Scenario, RpScenario, EpicScenario):
        schema = model.model_json_schema(by_alias=True)
        for part in [schema, *schema.get("$defs", {}).values()]:
            names.update(part.get("properties", {}))
        schema = model.model_json_schema(by_alias=False)
        for part in [schema, *schema.get("$defs", {}).values()]:
            names.update(part.get("properties", {}))
    return names


KNOWN = _known_names()
UNREADABLE = re.compile(
    r"\b(dict|int|str|NoneType|input_value|input_type|pydantic)\b|Input should|Value error|\d\.0\b"
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]"
)


def _real_path(data: Any, field: str) -> bool:
    """``field`` follows the keys sent as far as they go, then names the models' own fields."""
    parts = field.split(".")
    at: Any = data
    for i, part in enumerate(parts):
        if isinstance(at, dict) and part in at:
            at = at[part]
        elif isinstance(at, list) and part.isdigit() and int(part) < len(at):
            at = at[int(part)]
        else:
            return all(p in KNOWN or p.isdigit() for p in parts[i:])
    return True


def unreadable(message: str) -> bool:
    """A message a player cannot act on: empty, in Python's or pydantic's words, a whole number
    shown as a float, holding a character the page cannot show, or so long it must quote a huge
    input whole (the longest real one lists a ruleset's combat circumstances: ~420 characters)."""
    return not message.strip() or UNREADABLE.search(message) is not None or len(message) > 1000


MAX_HITS = limits.ROF * 2 * 2 * 3 * (limits.QUALITY_VALUE + 2) * (limits.OTHERS_IN_BLAST + 1)


def _check_ok(data: dict[str, Any], res: dict[str, Any]) -> None:
    assert res.get("total_wounds", 0) >= 0
    hits = res.get("hits")
    if isinstance(hits, list):  # the d100 rulesets: one entry per hit
        assert all(hit["wounds"] >= 0 for hit in hits)
        assert len(hits) <= MAX_HITS
    elif isinstance(hits, int):  # the fan ruleset: a count of the round's hits, one shot each at most
        assert 0 <= hits <= limits.RP_ACTIONS * limits.RP_SHOTS
        assert hits <= len(res["shots"])
    elif isinstance(hits, dict):  # Epic: hits by kind, each from a weapon's d6 (a macro-weapon's count twice)
        shots = sum(len(r["rolls"]) for r in res["to_hit"])
        assert all(0 <= n <= 2 * shots for n in hits.values()), (hits, shots)
    horde = res.get("horde")
    if horde:
        assert horde["magnitude_after"] >= 0, horde
    recorded = [d["value"] for d in res["dice"]]
    unused = [s for s in res["steps"] if s["rule"] == "Unused dice"]
    if data.get("dice") is not None:  # the dice typed in are used in order; the rest are reported unused
        given = data["dice"]
        assert recorded == given[: len(recorded)]
        assert (len(given) > len(recorded)) == bool(unused)
    elif "seed" in data:  # the same dice typed in replay the seeded resolution exactly
        scenario = load_scenario(data)
        replay = resolve(scenario, ScriptedDice(recorded)).model_dump(mode="json")
        for key in ("hits", "total_wounds", "dice", "horde", "formations", "shots"):
            assert replay.get(key) == res.get(key), key


def _run_one(ruleset: str, data: dict[str, Any]) -> str:
    out = run(data)  # no exception may escape
    status = out["status"]
    assert status in ("ok", "needs", "invalid"), out
    if status == "invalid":
        assert out["errors"], out
        for error in out["errors"]:
            assert error["field"] and _real_path(data, error["field"]), error
            assert not unreadable(error["message"]), error
    elif status == "ok":
        _check_ok(data, out["resolution"])
    COUNTS.setdefault(ruleset, Counter())[status] += 1
    return status


@pytest.mark.parametrize("ruleset", list(BASES))
def test_no_scenario_escapes_or_gets_an_unreadable_message(ruleset: str) -> None:
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(scenarios(ruleset))
    def check(data: dict[str, Any]) -> None:
        _run_one(ruleset, data)

    check()
    if LONG:
        counts = COUNTS.get(ruleset, Counter())
        print(f"\nfuzz {ruleset}: {sum(counts.values())} scenarios, {dict(counts)}, 0 escaped, 0 unreadable")
