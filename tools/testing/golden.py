"""The golden corpus: what the engine answers today, recorded, so a reshape proves it changed
nothing a player can see.

Each corpus file under ``tests/golden/`` is gzipped JSON lines, one entry per line,
``{"id": ..., "input": <scenario dict>, "output": <envelope of rules.run(input)>}``, sorted by id.
``tests/unit/tooling/test_golden.py`` replays every entry through :func:`rules.run` and fails on any
difference in the JSON (steps, dice order and purposes, needs, numbers).

The files:

- ``examples.jsonl.gz``: every ``examples/*.json``.
- ``suite.jsonl.gz``: every scenario the unit tests resolve, captured while they run
  (``python tools/testing/golden.py capture``: runs ``pytest tests/unit`` with this module as a plugin,
  which records the scenario and its dice source at each call of ``rules.api.resolve_scenario``; the first
  12 distinct scenarios of each test are kept, since property tests resolve thousands).
- ``qualities.jsonl.gz``: every weapon quality of the d100 rulesets alone (a melee and a ranged
  weapon, seeded and with hand-typed dice that run out) and every pair of qualities (one weapon each).
- ``odds.jsonl.gz``: the exact odds (``rules.odds.run_odds``, entries with ``"kind": "odds"``) of
  the examples, every d100 quality alone, and a few drawn scenarios of the fan ruleset and Epic.
- ``drawn.jsonl.gz``: scenarios of all five rulesets drawn by hypothesis with a fixed seed (bursts,
  hordes, nearby foes, cover, evasion, called shots, hand-typed dice that run out).

``python tools/testing/golden.py record`` rebuilds them all from scratch (capture included), new inputs and
all: never for a change of rule. ``python tools/testing/golden.py refresh`` re-answers the recorded inputs and
rewrites only the entries whose answer changed (listed with their first difference), so a commit that
fixes a real rule bug re-records its own entries and nothing else, and says which entries change and
why. ``python tools/testing/golden.py diff`` lists the entries that differ today: the fields and figures
added (keys the recorded answer does not have) apart from the changes (a recorded value that is
different or gone), with the first changed path of each entry.

``python tools/testing/golden.py add`` is the path for an addition: a new field or figure in the answers is
written into the recorded entries, each recorded value kept as it was. It re-answers every recorded
input and, when no recorded value changed anywhere (only keys absent from the recorded answers are
new), writes those keys alone and prints each entry's added paths; when any recorded value changed, it
prints the changes and writes nothing (that is a rule fix's ``refresh``, with its reasons).
"""

from __future__ import annotations

import copy
import gzip
import hashlib
import itertools
import json
import os
import subprocess
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
CAPTURE_ENV = "AUSPEX_GOLDEN_CAPTURE"
MAX_OUTPUT = 300_000  # characters: an entry bigger than this is left out (the limits tests cover those)
FILES = ("examples", "suite", "qualities", "drawn", "odds")

Entry = dict[str, Any]


# ----------------------------------------------------------------------------------------------
# Reading and writing


def canonical(value: Any) -> str:
    """``value`` as canonical JSON (sorted keys, no spaces): the form compared and stored."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_id(prefix: str, data: dict[str, Any]) -> str:
    """A stable id for a scenario: ``prefix`` and the first 12 hex digits of its canonical JSON's sha256."""
    return f"{prefix}-{hashlib.sha256(canonical(data).encode()).hexdigest()[:12]}"


def path_of(name: str) -> Path:
    return GOLDEN / f"{name}.jsonl.gz"


def write(name: str, entries: Iterable[Entry]) -> int:
    """Write ``entries`` (deduplicated by id, sorted) to the corpus file ``name``; byte-for-byte the
    same for the same entries (gzip with no name and mtime 0). Returns how many were written."""
    unique = {e["id"]: e for e in entries}
    lines = "".join(canonical(unique[k]) + "\n" for k in sorted(unique))
    GOLDEN.mkdir(parents=True, exist_ok=True)
    with path_of(name).open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
        gz.write(lines.encode())
    return len(unique)


def read(name: str) -> list[Entry]:
    """The entries of the corpus file ``name`` (an empty list if it does not exist)."""
    path = path_of(name)
    if not path.exists():
        return []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def answer(data: dict[str, Any], kind: str = "run") -> dict[str, Any]:
    """What the engine answers today for ``data`` (a deep copy is sent: nothing is shared):
    ``kind`` ``"run"`` is :func:`rules.run`'s envelope, ``"odds"`` :func:`rules.odds.run_odds`'s."""
    from rules import run
    from rules.odds import run_odds

    call = run_odds if kind == "odds" else run
    out: dict[str, Any] = json.loads(json.dumps(call(copy.deepcopy(data))))
    return out


def replay(entry: Entry) -> dict[str, Any]:
    """The engine's answer today for a corpus entry."""
    return answer(entry["input"], entry.get("kind", "run"))


def entries(prefix: str, inputs: Iterable[dict[str, Any]], kind: str = "run") -> Iterator[Entry]:
    """An entry for each input whose answer is not too large to keep."""
    for data in inputs:
        out = answer(data, kind)
        if len(canonical(out)) <= MAX_OUTPUT:
            entry = {"id": entry_id(prefix, data), "input": data, "output": out}
            yield entry if kind == "run" else {**entry, "kind": kind}


def first_difference(want: Any, got: Any, path: str = "$") -> str | None:
    """The JSON path of the first place ``got`` differs from ``want``, with both values; None if equal."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in sorted(set(want) | set(got)):
            if key not in got or key not in want:
                return f"{path}.{key}: want {canonical(want.get(key))[:200]}, got {canonical(got.get(key))[:200]}"
            found = first_difference(want[key], got[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(want, list) and isinstance(got, list):
        for i, (w, g) in enumerate(zip(want, got, strict=False)):
            found = first_difference(w, g, f"{path}[{i}]")
            if found:
                return found
        if len(want) != len(got):
            return f"{path}: want {len(want)} items, got {len(got)}"
        return None
    if want != got or type(want) is not type(got):
        return f"{path}: want {canonical(want)[:200]}, got {canonical(got)[:200]}"
    return None


def compare(want: Any, got: Any, path: str = "$") -> tuple[list[str], list[str]]:
    """How ``got`` (today's answer) differs from ``want`` (the recorded one), split in two:
    ``(additions, changes)``. An addition is the path of a key ``got`` has inside a dict where ``want``
    has none (``$.odds.critical``), its value not looked into; a change is any other difference,
    described as :func:`first_difference` describes it: a recorded key gone, a value or its type
    different, a list of another length (items are never additions: a new die or step is a change).
    Both lists are empty when the two are equal."""
    if isinstance(want, dict) and isinstance(got, dict):
        additions: list[str] = [f"{path}.{key}" for key in sorted(set(got) - set(want))]
        changes: list[str] = []
        for key in sorted(want):
            if key not in got:
                changes.append(f"{path}.{key}: want {canonical(want[key])[:200]}, got nothing")
                continue
            added, changed = compare(want[key], got[key], f"{path}.{key}")
            additions += added
            changes += changed
        return additions, changes
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        additions, changes = [], []
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            added, changed = compare(w, g, f"{path}[{i}]")
            additions += added
            changes += changed
        return additions, changes
    found = first_difference(want, got, path)
    return [], [found] if found else []


def with_additions(want: Any, got: Any) -> Any:
    """``want`` with every key ``got`` adds (see :func:`compare`) written in, at any depth; every value
    ``want`` holds is kept as it is. ``want`` is not modified."""
    if isinstance(want, dict) and isinstance(got, dict):
        merged = {key: with_additions(value, got[key]) if key in got else value for key, value in want.items()}
        merged.update({key: value for key, value in got.items() if key not in want})
        return merged
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        return [with_additions(w, g) for w, g in zip(want, got, strict=True)]
    return want


# ----------------------------------------------------------------------------------------------
# The examples and the suite


def examples() -> Iterator[dict[str, Any]]:
    for path in sorted((ROOT / "examples").glob("*.json")):
        yield json.loads(path.read_text())


def _captured(scenario: Any, roller: Any) -> dict[str, Any] | None:
    """The scenario dict (as the page sends it) that replays this call, or None if its dice
    source is neither seeded nor scripted."""
    from rules.dice import ScriptedDice, SeededDice

    data: dict[str, Any] = scenario.model_dump(mode="json", by_alias=True, exclude={"dice", "seed"})
    source = roller.source
    if isinstance(source, ScriptedDice):
        data["dice"] = list(source.values)
    elif isinstance(source, SeededDice):
        data["seed"] = source.seed
    else:
        return None
    return data


def pytest_configure(config: Any) -> None:
    """As a pytest plugin (``-p tools.testing.golden``) with ``AUSPEX_GOLDEN_CAPTURE=<file>`` set: record each
    scenario resolved through ``rules.api.resolve_scenario`` as a JSON line in that file."""
    target = os.environ.get(CAPTURE_ENV)
    if not target:
        return
    from rules import api

    original = api.resolve_scenario
    out = Path(target).open("a", encoding="utf-8")  # noqa: SIM115 (closed at exit by the interpreter)

    def recording(scenario: Any, roller: Any) -> Any:
        data = _captured(scenario, roller)
        if data is not None:
            out.write(canonical({"test": _CURRENT[0], "input": data}) + "\n")
        return original(scenario, roller)

    api.resolve_scenario = recording


_CURRENT = [""]
PER_TEST = 12  # distinct scenarios kept per test (property tests and odds sampling resolve thousands)


def pytest_runtest_setup(item: Any) -> None:
    """Remember which test is running, so the capture can keep a few scenarios per test."""
    _CURRENT[0] = item.nodeid


def capture() -> list[dict[str, Any]]:
    """Run the unit tests with the capture plugin; the scenarios they resolved, deduplicated."""
    target = ROOT / ".cache" / "golden-capture.jsonl"
    target.parent.mkdir(exist_ok=True)
    target.unlink(missing_ok=True)
    env = {**os.environ, CAPTURE_ENV: str(target)}
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "tests/unit",
        "-q",
        "-x",
        "-p",
        "tools.testing.golden",
        "-p",
        "no:cacheprovider",
    ]
    cmd += ["--deselect", "tests/unit/tooling/test_golden.py"]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    per_test: dict[str, dict[str, dict[str, Any]]] = {}
    with target.open(encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            kept = per_test.setdefault(record["test"], {})
            if len(kept) < PER_TEST:
                kept.setdefault(canonical(record["input"]), record["input"])
    return [data for kept in per_test.values() for data in kept.values()]


# ----------------------------------------------------------------------------------------------
# Qualities alone and in pairs


SWORD = {"name": "Sword", "class": "Melee", "damage": "1d10+2", "damage_type": "R", "pen": 2}
AUTOGUN = {
    "name": "Autogun",
    "class": "Basic",
    "range": 100,
    "rof": "S/3/10",
    "damage": "1d10+3",
    "damage_type": "I",
    "pen": 1,
    "clip": 30,
}


def _quality_names(system: str) -> list[str]:
    data = json.loads((ROOT / "rules" / "data" / system / "qualities.json").read_text())
    return [q["name"] + (" (3)" if q.get("takes_value") else "") for q in data["qualities"]]


def _d100(system: str, weapon: dict[str, Any], qualities: list[str], action: str, **extra: Any) -> dict[str, Any]:
    """A d100 scenario: a trained attacker (WS/BS 50, S 40, psy rating 3) against an armoured,
    evading target with every characteristic a quality may test."""
    data: dict[str, Any] = {
        "system": system,
        "attacker": {
            "name": "Attacker",
            "characteristics": {"WS": 50, "BS": 50, "S": 40, "T": 35, "Ag": 35, "WP": 40},
            "psy_rating": 3,
            "weapon": {**copy.deepcopy(weapon), "qualities": qualities},
        },
        "target": {
            "name": "Target",
            "toughness_bonus": 4,
            "wounds": 14,
            "armour": {"Head": 2, "Body": 4, "Right Arm": 3, "Left Arm": 3, "Right Leg": 2, "Left Leg": 2},
            "characteristics": {"T": 40, "Ag": 35, "WP": 30, "S": 35},
        },
        "action": {"type": action, "distance": 1 if weapon["class"] == "Melee" else 20},
    }
    data.update(extra)
    return data


def quality_scenarios() -> Iterator[dict[str, Any]]:
    """Every quality alone (sword and autogun; three seeds; dice that run out) and every pair."""
    for system in ("dh2", "dh1", "dw"):
        names = _quality_names(system)
        for q in names:
            for n, seed in enumerate((3, 17, 101)):
                yield _d100(system, SWORD, [q], "Standard Attack", seed=seed)
                action = ("Standard Attack", "Semi-Auto Burst", "Full Auto Burst")[n]
                yield _d100(system, AUTOGUN, [q], action, seed=seed)
            yield _d100(system, AUTOGUN, [q], "Full Auto Burst", dice=[12, 10, 9])
        for i, (a, b) in enumerate(itertools.combinations(names, 2)):
            weapon, action = (SWORD, "Standard Attack") if i % 2 else (AUTOGUN, "Full Auto Burst")
            yield _d100(system, weapon, [a, b], action, seed=i)


# ----------------------------------------------------------------------------------------------
# Drawn by hypothesis


def drawn_scenarios(per_ruleset: int = 400) -> list[dict[str, Any]]:
    """Scenarios of all five rulesets drawn by hypothesis, derandomized (the same list every run of
    the same hypothesis version; the corpus keeps what was drawn, so a new version changes nothing)."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    sys.path[:0] = [str(ROOT / "tests" / "unit")]
    import epic_scenarios
    import wh40krp_scenarios

    found: list[dict[str, Any]] = []
    locs = ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"]
    dice = st.one_of(
        st.integers(0, 2**31).map(lambda s: {"seed": s}),
        st.lists(st.integers(1, 10), min_size=1, max_size=14).map(lambda d: {"dice": d}),
        st.lists(st.integers(1, 100), min_size=1, max_size=3).map(lambda d: {"dice": d}),
    )

    @st.composite
    def d100(draw: Any, system: str) -> dict[str, Any]:
        names = _quality_names(system)
        actions = [
            a["name"] for a in json.loads((ROOT / "rules" / "data" / system / "actions.json").read_text())["actions"]
        ]
        weapon = copy.deepcopy(draw(st.sampled_from([SWORD, AUTOGUN, *_MORE_WEAPONS])))
        melee = weapon["class"] in ("Melee", "Unarmed")
        fitting = [a for a in actions if (a in _MELEE_ACTIONS) == melee or a in _BOTH_ACTIONS]
        weapon["craftsmanship"] = draw(st.sampled_from(["Common", "Common", "Poor", "Good", "Best"]))
        weapon["pen"] = draw(st.integers(0, 8))
        qualities = draw(st.lists(st.sampled_from(names), max_size=3, unique=True))
        data = _d100(system, weapon, qualities, draw(st.sampled_from(fitting)))
        data["attacker"]["characteristics"]["BS"] = draw(st.integers(10, 90))
        data["attacker"]["characteristics"]["WS"] = draw(st.integers(10, 90))
        act = data["action"]
        reach = [1, 2] if melee else [d for d in (2, 3, 5, 10, 20, 45, 90, 150, 250) if d <= 2 * weapon["range"]]
        act["distance"] = draw(st.sampled_from(reach))
        act["aim"] = draw(st.sampled_from(["none", "none", "half", "full"]))
        if act["type"] == "Suppressing Fire":
            act["fire_mode"] = draw(st.sampled_from(["semi", "full"]))
        if act["type"] == "Called Shot":
            act["called_location"] = draw(st.sampled_from(locs))
        tgt = data["target"]
        tgt["toughness_bonus"] = draw(st.integers(0, 8))
        tgt["wounds"] = draw(st.integers(1, 25))
        tgt["damage_taken"] = draw(st.integers(0, 20))
        tgt["armour"] = {loc: draw(st.integers(0, 8)) for loc in locs}
        tgt["troop"] = draw(st.booleans())
        if draw(st.booleans()):
            tgt["evasion"] = {"reaction": draw(st.sampled_from(["Dodge", "Parry"])), "skill": draw(st.integers(10, 80))}
        if system == "dw" and draw(st.integers(0, 3)) == 0:
            tgt["horde"] = {"magnitude": draw(st.integers(1, 60)), "armour": draw(st.integers(0, 8))}
        elif system == "dw" and draw(st.integers(0, 3)) == 0:
            tgt["nearby"] = [{"name": "Other", "toughness_bonus": 3, "wounds": 10, "hits": draw(st.integers(0, 4))}]
        if system == "dw" and draw(st.integers(0, 3)) == 0:
            tgt["cover"] = {
                "ap": draw(st.sampled_from([4, 8, 16])),
                "locations": draw(st.lists(st.sampled_from(locs), min_size=1, max_size=3, unique=True)),
            }
        data.update(draw(dice))
        return data

    @st.composite
    def rp(draw: Any) -> dict[str, Any]:
        weapon, modes = draw(st.sampled_from(_RP_GUNS))
        kinds = draw(st.lists(st.sampled_from([*modes, "aim", "move"]), min_size=1, max_size=4))
        data = wh40krp_scenarios.scenario(
            weapon=getattr(wh40krp_scenarios, weapon),
            actions=kinds,
            distance=draw(st.sampled_from([3, 10, 20, 60, 150, 280])),
            attacker={"BS": draw(st.integers(10, 90))},
            target={
                "armour": wh40krp_scenarios.armour(
                    draw(st.integers(0, 90)), draw(st.sampled_from(["primitive", "physical", "energy"]))
                )
            }
            if draw(st.booleans())
            else None,
        )
        data.pop("dice")
        data.update(draw(dice))
        return data

    @st.composite
    def epic(draw: Any) -> dict[str, Any]:
        weapons = draw(
            st.lists(
                st.sampled_from(
                    [
                        "Heavy bolter 30 AP4",
                        "Lascannon 45 AT5",
                        "Bolters 15 small arms",
                        "Battle cannon 75 AP4 AT4",
                        "Autocannon 45 AP5 AT6 use AT",
                        "Earthshaker 120 BP3",
                        "Power fist 0 assault",
                    ]
                ),
                min_size=1,
                max_size=3,
            )
        )
        shooters = [
            epic_scenarios.shooter(
                " ; ".join(weapons) if len(weapons) > 1 else weapons[0],
                name=f"Squad {i}",
                distance=draw(st.sampled_from([10, 25, 40, 60])),
            )
            for i in range(draw(st.integers(1, 3)))
        ]
        targets = [
            epic_scenarios.unit(
                f"Unit {i}",
                draw(st.sampled_from(["infantry", "infantry", "armoured vehicle"])),
                armour=draw(st.integers(3, 6)),
            )
            for i in range(draw(st.integers(1, 4)))
        ]
        data = epic_scenarios.scenario(shooters, targets, target={"shock": draw(st.integers(0, 3))})
        data.pop("dice", None)
        data.update(
            draw(st.one_of(dice, st.lists(st.integers(1, 6), min_size=1, max_size=12).map(lambda d: {"dice": d})))
        )
        return data

    def collect(strategy: Any, n: int) -> None:
        @settings(
            max_examples=n, derandomize=True, database=None, deadline=None, suppress_health_check=list(HealthCheck)
        )
        @given(strategy)
        def draw_one(data: dict[str, Any]) -> None:
            found.append(data)

        draw_one()

    for system in ("dh2", "dh1", "dw"):
        collect(d100(system), per_ruleset * 2)
    collect(rp(), per_ruleset)
    collect(epic(), per_ruleset)
    return found


_MELEE_ACTIONS = {"All Out Attack", "Charge", "Guarded Attack", "Swift Attack", "Lightning Attack"}
_BOTH_ACTIONS = {"Standard Attack", "Called Shot", "Multiple Attacks"}
_RP_GUNS = [
    ("AUTOGUN", ["single", "semi", "auto"]),
    ("HEAVY_STUBBER", ["single", "auto"]),
    ("PLASMA_GUN", ["single"]),
    ("GRENADE_LAUNCHER", ["single"]),
]
_MORE_WEAPONS = [
    {
        "name": "Heavy bolter",
        "class": "Heavy",
        "range": 150,
        "rof": "-/-/10",
        "damage": "2d10",
        "damage_type": "X",
        "pen": 5,
        "clip": 60,
    },
    {
        "name": "Laspistol",
        "class": "Pistol",
        "range": 30,
        "rof": "S/2/-",
        "damage": "1d10+2",
        "damage_type": "E",
        "pen": 0,
        "clip": 30,
    },
    {
        "name": "Flamer",
        "class": "Basic",
        "range": 20,
        "rof": "S/-/-",
        "damage": "1d10+4",
        "damage_type": "E",
        "pen": 2,
        "clip": 6,
    },
    {
        "name": "Frag grenade",
        "class": "Thrown",
        "range": 9,
        "rof": "S/-/-",
        "damage": "2d10",
        "damage_type": "X",
        "pen": 0,
        "clip": 1,
    },
    {"name": "Fists", "class": "Unarmed", "damage": "1d5-3", "damage_type": "I", "pen": 0},
    {"name": "Power fist", "class": "Melee", "damage": "2d10", "damage_type": "E", "pen": 9, "sb_multiplier": 2},
]


# ----------------------------------------------------------------------------------------------
# Odds


def odds_scenarios() -> Iterator[dict[str, Any]]:
    """The scenarios whose exact odds (``rules.odds.run_odds``) are kept: the examples, every d100
    quality alone on a sword and an autogun (and on a Full Auto Burst in DH2), and a few drawn
    scenarios of the fan ruleset and Epic."""
    yield from examples()
    for system in ("dh2", "dh1", "dw"):
        for q in _quality_names(system):
            yield _d100(system, SWORD, [q], "Standard Attack", seed=3)
            yield _d100(system, AUTOGUN, [q], "Standard Attack", seed=3)
            if system == "dh2":
                yield _d100(system, AUTOGUN, [q], "Full Auto Burst", seed=101)
    kept = {"wh40krp": 0, "epic": 0}
    for e in read("drawn"):
        system = e["input"]["system"]
        if system in kept and kept[system] < 12 and e["output"]["status"] == "ok":
            kept[system] += 1
            yield e["input"]


# ----------------------------------------------------------------------------------------------
# Command line


def record(names: Iterable[str]) -> None:
    """Rebuild the named corpus files (``examples``, ``suite``, ``qualities``, ``drawn``)."""
    sources = {
        "examples": lambda: examples(),
        "suite": capture,
        "qualities": quality_scenarios,
        "drawn": drawn_scenarios,
        "odds": odds_scenarios,
    }
    for name in names:
        n = write(name, entries(name, sources[name](), "odds" if name == "odds" else "run"))
        print(f"{name}: {n} entries, {path_of(name).stat().st_size:,} bytes")


def refresh(names: Iterable[str]) -> int:
    """Re-answer the entries already recorded, inputs unchanged, and rewrite only those whose answer
    differs (a rule fix's own entries), printing each changed id with its first difference; no new
    scenario is captured, so the corpus's inputs stay as they were. Returns how many changed."""
    changed = 0
    for name in names:
        out, before = [], changed
        for e in read(name):
            got = replay(e)
            found = first_difference(e["output"], got)
            if found:
                changed += 1
                print(f"{name} {e['id']}: {found}")
                e = {**e, "output": got}
            out.append(e)
        if changed > before:
            write(name, out)
    return changed


def _shown(paths: list[str], most: int = 5) -> str:
    """Up to ``most`` paths, comma-separated, with how many more there are."""
    more = f" and {len(paths) - most} more" if len(paths) > most else ""
    return ", ".join(paths[:most]) + more


def diff(names: Iterable[str]) -> int:
    """Print the entries whose answer differs from the corpus, the changed ones (``changed NAME ID:``
    the first change, and how many) apart from those with additions only (``added NAME ID:`` the new
    paths); an entry with both is printed on both lists. Returns how many entries differ."""
    added_lines: list[str] = []
    changed_lines: list[str] = []
    differ = 0
    for name in names:
        for e in read(name):
            additions, changes = compare(e["output"], replay(e))
            differ += bool(additions or changes)
            if changes:
                more = f" ({len(changes)} changes)" if len(changes) > 1 else ""
                changed_lines.append(f"changed {name} {e['id']}: {changes[0]}{more}")
            if additions:
                added_lines.append(f"added {name} {e['id']}: {_shown(additions)}")
    for line in changed_lines + added_lines:
        print(line)
    return differ


def add(names: Iterable[str]) -> int:
    """Write the fields and figures today's answers add into the recorded entries, keeping every
    recorded value (:func:`with_additions`), and print each entry's added paths. Refused, with
    nothing written, when any recorded value changed in any of the named files (printed: a rule fix
    re-records with ``refresh``). Returns how many entries gained a key, or -1 when refused."""
    updated: dict[str, list[Entry]] = {}
    gained, refused = 0, []
    for name in names:
        out, before = [], gained
        for e in read(name):
            got = replay(e)
            additions, changes = compare(e["output"], got)
            if changes:
                refused.append(f"changed {name} {e['id']}: {changes[0]}")
            if additions:
                gained += 1
                print(f"added {name} {e['id']}: {_shown(additions)}")
                e = {**e, "output": with_additions(e["output"], got)}
            out.append(e)
        if gained > before:
            updated[name] = out
    if refused:
        print("\n".join(refused))
        print(f"refused: {len(refused)} entries changed a recorded value; nothing written (a rule fix: refresh)")
        return -1
    for name, out in updated.items():
        write(name, out)
    return gained


def main(argv: list[str]) -> int:
    command, *names = argv or ["diff"]
    names = names or list(FILES)
    if command == "record":
        record(names)
        return 0
    if command == "capture":
        record(["suite"])
        return 0
    if command == "diff":
        return 1 if diff(names) else 0
    if command == "refresh":
        print(f"{refresh(names)} entries re-recorded")
        return 0
    if command == "add":
        gained = add(names)
        if gained < 0:
            return 1
        print(f"{gained} entries gained fields")
        return 0
    print(
        "usage: python tools/testing/golden.py record|capture|diff|refresh|add [examples suite qualities drawn odds]",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
