"""The layout of rules/ by ruleset family: the generic encounter engine reaches each family's part
through its family's hooks and flags (:class:`rules.encounter.family.Family`), never by the
family's name."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FAMILY_NAMES = {"d100", "wh40krp", "epic"}


def _name_comparisons(path: Path) -> list[str]:
    """Each ``x.name == "epic"`` (or ``!=``) in ``path``: a branch on a family's name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "name":
            for right in node.comparators:
                if isinstance(right, ast.Constant) and right.value in FAMILY_NAMES:
                    found.append(f"{path.name}:{node.lineno}")
    return found


def test_the_encounter_engine_branches_on_no_familys_name() -> None:
    assert _name_comparisons(ROOT / "rules/encounter/engine.py") == []


def test_each_family_sets_the_flags_of_its_own_rules() -> None:
    from rules.encounter.families import family

    flags = ("table_options", "attack_upkeep", "formation_overwatch", "damage_charts", "long_tasks")
    got = {s: {f for f in flags if getattr(family(s), f)} for s in ("dh2", "wh40krp", "epic")}
    assert got == {
        "dh2": {"table_options", "attack_upkeep"},  # the d100 tables' options, the d100 upkeep
        "wh40krp": {"damage_charts", "long_tasks"},  # seed 000: Damage Charts, 4-action tasks
        "epic": {"formation_overwatch"},  # seed 002, Overwatch
    }
