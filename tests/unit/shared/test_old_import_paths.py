"""The old import paths players' scripts may use keep working after the rules were laid out by
ruleset family: each old module re-exports every public name of its new home, the same object
(so ``from rules.models import Scenario`` still validates the scenario the engine reads)."""

from __future__ import annotations

import importlib

import pytest

# old path -> new home (docs/architecture.md, "Old import paths")
MOVED = {
    "rules.models": "rules.d100.models",
    "rules.tables": "rules.d100.tables",
    "rules.encounter.grapple": "rules.d100.encounter.grapple",
    "rules.encounter.manoeuvres": "rules.d100.encounter.manoeuvres",
    "rules.encounter.moves": "rules.d100.encounter.moves",
    "rules.encounter.nearby": "rules.d100.encounter.nearby",
    "rules.encounter.upkeep": "rules.d100.encounter.upkeep",
    "rules.encounter.criticals": "rules.d100.encounter.criticals",
    "rules.encounter.fan_time": "rules.wh40krp.fan_time",
    "rules.encounter.epic_overwatch": "rules.epic.overwatch",
}
# names rules.encounter.families held before each family's class moved beside its ruleset
FAMILIES_NAMES = {
    "D100": "rules.d100.encounter.family",
    "Fan": "rules.wh40krp.family",
    "Epic": "rules.epic.family",
    "Family": "rules.encounter.family",
    "own_names": "rules.encounter.family",
    "profile_words": "rules.encounter.family",
    "PROFILE_WORDS": "rules.encounter.family",
    "put_condition": "rules.d100.encounter.effects",
    "fury_effects": "rules.d100.encounter.effects",
    "fatigue_limit": "rules.d100.encounter.effects",
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_import_path_re_exports_its_new_homes_public_names(old: str) -> None:
    new = importlib.import_module(MOVED[old])
    shim = importlib.import_module(old)
    public = [n for n in vars(new) if not n.startswith("_")]
    assert public, MOVED[old]
    missing = [n for n in public if getattr(shim, n, None) is not getattr(new, n)]
    assert not missing, missing


@pytest.mark.parametrize("name", sorted(FAMILIES_NAMES))
def test_the_old_families_module_re_exports_what_it_held(name: str) -> None:
    from rules.encounter import families

    assert getattr(families, name) is getattr(importlib.import_module(FAMILIES_NAMES[name]), name)


def test_each_ruleset_finds_its_familys_class_through_the_registry() -> None:
    from rules.encounter.families import family

    found = {s: type(family(s)).__module__ for s in ("dh2", "dh1", "dw", "wh40krp", "epic")}
    assert found == {
        "dh2": "rules.d100.encounter.family",
        "dh1": "rules.d100.encounter.family",
        "dw": "rules.d100.encounter.family",
        "wh40krp": "rules.wh40krp.family",
        "epic": "rules.epic.family",
    }
