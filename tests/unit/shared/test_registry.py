"""rules/registry.py: one table maps ``system`` to its ruleset's parts, every part's dotted path
resolves, the dispatch reads it, and the page's start-up imports no more than before."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel

from rules import registry
from rules.dice import SeededDice
from rules.errors import ScenarioError
from rules.registry import RULESETS, Ruleset

ROOT = Path(__file__).resolve().parents[3]
SYSTEMS = list(RULESETS)


def test_the_rulesets_in_the_forms_order_with_their_names_and_families() -> None:
    assert SYSTEMS == ["dh2", "dh1", "dw", "wh40krp", "epic"]
    assert {s: (r.name, r.family) for s, r in RULESETS.items()} == {
        "dh2": ("Dark Heresy 2nd edition", "d100"),
        "dh1": ("Dark Heresy 1st edition", "d100"),
        "dw": ("Deathwatch", "d100"),
        "wh40krp": ("Warhammer 40,000 Roleplay (fan-made, WFRP)", "wh40krp"),
        "epic": ("Epic formation shooting", "epic"),
    }
    assert all(r.system == s for s, r in RULESETS.items())


def _paths(r: Ruleset) -> list[str]:
    parts = [r.scenario, r.resolver, r.catalogue, r.odds, r.renderer, r.initiative, r.attack, *r.party]
    return [p for p in parts if p is not None]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_path_of_every_ruleset_resolves(system: str) -> None:
    r = RULESETS[system]
    for path in _paths(r):
        assert ":" in path, path
        assert registry.load(path) is not None, path
    assert issubclass(r.scenario_model(), BaseModel)
    assert r.scenario_model().model_fields["system"].default in (system, "dh2")
    assert callable(registry.load(r.resolver)) and callable(registry.load(r.renderer))
    assert callable(registry.load(r.catalogue))
    for kind in ("attackers", "weapons", "targets"):
        model = r.party_model(kind)
        assert model is None or issubclass(model, BaseModel)
    if r.initiative is not None:
        assert list(inspect.signature(registry.load(r.initiative)).parameters) == [
            "system",
            "combatants",
            "roller",
            "steps",
        ]


def test_a_ruleset_is_frozen_and_an_unknown_system_is_refused() -> None:
    with pytest.raises(AttributeError):
        RULESETS["dh2"].name = "x"  # type: ignore[misc]
    assert registry.find("dh3") is None and registry.find(None) is None and registry.find(["dh2"]) is None
    with pytest.raises(ValueError, match="unknown system 'dh3'"):
        registry.get("dh3")
    with pytest.raises(ModuleNotFoundError):
        registry.load("rules.no_such_module:x")
    with pytest.raises(AttributeError):
        registry.load("rules.registry:no_such_name")


def test_a_ruleset_added_to_the_registry_is_resolved_rendered_and_catalogued(monkeypatch: pytest.MonkeyPatch) -> None:
    # A ruleset is one registry line: a copy of DH2 under a new id reaches the resolver, the
    # renderer, the party's models, initiative and the catalogue without any other change.
    from auspex_web.render import render_resolution

    import rules
    from rules.catalogue import catalogue
    from rules.dice import SeededDice
    from rules.initiative import InitiativeCombatant, roll_initiative
    from rules.party import entry_model

    twin = Ruleset(**{**RULESETS["dh2"].__dict__, "system": "twin", "name": "DH2 twin"})
    monkeypatch.setitem(RULESETS, "twin", twin)
    scenario = rules.load_scenario({"seed": 5, "attacker": {"weapon": {"range": 100, "clip": 30}}})
    resolution = twin.resolve(scenario, rules.Roller(SeededDice(5)))
    assert resolution.outcome in ("hit", "miss", "jam", "evaded")
    assert "<article" in render_resolution({**resolution.model_dump(mode="json"), "system": "twin"})
    assert entry_model("twin", "weapons") is entry_model("dh2", "weapons")
    from rules import initiative  # its sources are rule text, cited per ruleset

    monkeypatch.setitem(initiative._ROLL, "twin", initiative._ROLL["dh2"])
    monkeypatch.setitem(initiative._TIES, "twin", initiative._TIES["dh2"])
    result = roll_initiative("twin", [InitiativeCombatant(name="A", Ag=40)], SeededDice(1))
    assert result.system == "twin" and "AgB" in result.steps[0].rule
    with pytest.raises(FileNotFoundError, match=r"data/twin/tables\.json"):  # its folder is the other half
        catalogue()


def test_the_engines_start_imports_no_ruleset_or_odds_module_it_did_not_import_before() -> None:
    # What the page's worker imports at start (auspex_web.bridge): the d100 engine's shared modules
    # and the registry, never the fan ruleset's, Epic's, the odds', the party's or initiative's.
    code = (
        "import sys, json\n"
        "import auspex_web.bridge\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('rules', 'auspex_web')))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'static'}"},
    )
    loaded = set(json.loads(out.stdout))
    assert loaded <= {
        "auspex_web",
        "auspex_web.bridge",
        "auspex_web.render",
        # a step's source in the book's words, for the renderer: one small mapping
        "auspex_web.sources",
        "rules.sources",
        "rules",
        "rules.api",
        # the d100 scenario's critical tables and the renderer's words for a row read
        "rules.critical",
        "rules.critical.models",
        "rules.critical.reading",
        "rules.dice",
        "rules.errors",
        "rules.jsonsafe",
        "rules.limits",
        "rules.registry",
        # the d100 scenario and its tables, in the d100 family's folder (its package's own module
        # holds the d100 primitives: a roll-under test, degrees, the modifier cap; it imports nothing)
        "rules.d100",
        "rules.d100.models",
        "rules.d100.tables",
        # a weapon quality's text as the model and the tables both read it, below both
        "rules.d100.quality_text",
        # the data files' reader (the tables read beside rules/data, without importlib.resources)
        "rules.data",
    }, loaded


def test_no_dispatch_chain_names_a_ruleset_outside_the_registry() -> None:
    # "the ten Python dispatch chains read it"; what is left names a ruleset in its rule
    # text (initiative's sources), or a docstring.
    files = [
        "rules/api.py",
        "rules/odds/__init__.py",
        "rules/party.py",
        "rules/initiative.py",
        "rules/catalogue.py",
        "rules/__main__.py",
        "rules/__init__.py",
        "static/auspex_web/render.py",
        "static/auspex_web/render_initiative.py",
        "static/auspex_web/bridge.py",
        "static/auspex_web/worker.py",
    ]
    for name in files:
        text = (ROOT / name).read_text(encoding="utf-8")
        if name == "rules/party.py":  # Epic's forms type a unit's weapons as datasheet text
            text = text.replace('ruleset.family == "epic" and kind == "attackers"', "")
        for needle in ('system == "', "system in D100_RULESETS", '== "epic"', '== "wh40krp"', '== "dw"'):
            assert needle not in text, (name, needle)


def test_the_refusals_that_read_the_registry_keep_their_words() -> None:
    from rules.initiative import EPIC, InitiativeCombatant, roll_initiative, run_initiative
    from rules.party import check_party

    assert run_initiative({"system": "epic", "combatants": [{"name": "x" * 100}], "seed": 1})["errors"] == [
        {"field": "system", "message": EPIC}
    ]
    with pytest.raises(ScenarioError) as refused:
        roll_initiative("dh3", [InitiativeCombatant(name="A", Ag=30)], SeededDice(1))
    assert refused.value.as_dict()["errors"] == [{"field": "system", "message": "No initiative for the ruleset 'dh3'"}]
    assert run_initiative({"system": "dh3", "combatants": [{"name": "A"}], "seed": 1})["errors"] == [
        {"field": "system", "message": "Must be one of 'dh2', 'dh1', 'dw' or 'wh40krp'"}
    ]
    # bad JSON text: jsonsafe.loads answers (the old 'except json.JSONDecodeError' never ran)
    bad = run_initiative("{")
    assert bad["status"] == "invalid" and bad["errors"][0]["field"] == "initiative"
    assert bad["errors"][0]["message"].startswith("Not JSON: Expecting property name")
    party = check_party(json.dumps({"auspex_party": 1, "weapons": [{"name": "W", "system": "dh3", "data": {}}]}))
    assert party["errors"] == [
        {
            "field": "weapons.0.system",
            "message": "Must be one of 'dh2', 'dh1', 'dw', 'wh40krp' or 'epic'",
            "where": 'Weapon 1 "W", system',
        }
    ]
    epic = check_party(json.dumps({"auspex_party": 1, "weapons": [{"name": "W", "system": "epic", "data": {}}]}))
    assert epic["errors"][0]["message"] == (
        "Epic formation shooting has no weapon entries: a unit's weapons are saved with its formation"
    )
