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


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_import_path_re_exports_its_new_homes_public_names(old: str) -> None:
    new = importlib.import_module(MOVED[old])
    shim = importlib.import_module(old)
    public = [n for n in vars(new) if not n.startswith("_")]
    assert public, MOVED[old]
    missing = [n for n in public if getattr(shim, n, None) is not getattr(new, n)]
    assert not missing, missing
