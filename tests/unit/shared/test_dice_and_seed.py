"""Dice and seeds that mean what they say: a die is a whole number (no
``true``, no ``"1"``, not even ``4.0``), a seed is 0 to 2^53 - 1 (what a browser holds exactly),
and an attack that legally needs many dice can be given all of them (the old caps, 500 and Epic's
2,000, asked for a die and then refused it)."""

from __future__ import annotations

import json
from typing import Any

import dh1_scenarios as dh1
import epic_scenarios as epic
import pytest
from run_helpers import ROOT, errors_of, resolve

from rules import run
from rules.initiative import run_initiative

MAX_SEED = 2**53 - 1  # Number.MAX_SAFE_INTEGER

EXAMPLES = {
    name: json.loads((ROOT / "examples" / f"{name}.json").read_text())
    for name in ("lasgun", "dh1-storm-bolter", "dw-bolter-horde", "wh40krp-autogun-round", "epic-tactical-shooting")
}


def _without_dice(data: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {**{k: v for k, v in data.items() if k not in ("dice", "seed")}, **extra}


def _initiative(**extra: Any) -> dict[str, Any]:
    return {"system": "dh2", "combatants": [{"name": "A", "Ag": 40}, {"name": "B", "Ag": 30}], **extra}


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("bad", [True, "1", 4.0], ids=["true", "string", "float"])
def test_a_die_that_is_not_an_int_is_refused_at_its_index(name: str, bad: object) -> None:
    errors = errors_of(_without_dice(EXAMPLES[name], dice=[bad, 4]))
    assert list(errors) == ["dice.0"]
    assert errors["dice.0"].startswith("A die is a whole number")
    assert json.dumps(bad) in errors["dice.0"]


def test_initiative_die_that_is_not_an_int_is_refused() -> None:
    out = run_initiative(_initiative(dice=[3, True]))
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["dice.1"]


@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("seed", [MAX_SEED + 1, MAX_SEED + 2, 2**63, -1, True, "5", 5.0])
def test_a_seed_outside_0_to_2_53_minus_1_is_refused_with_the_range(name: str, seed: object) -> None:
    errors = errors_of(_without_dice(EXAMPLES[name], seed=seed))
    assert list(errors) == ["seed"]
    assert "from 0 to 9007199254740991" in errors["seed"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_largest_seed_resolves_and_is_reported(name: str) -> None:
    out = run(_without_dice(EXAMPLES[name], seed=MAX_SEED))
    assert out["status"] == "ok", out
    assert out["resolution"]["seed"] == MAX_SEED


def test_initiative_seed_above_2_53_is_refused() -> None:
    out = run_initiative(_initiative(seed=MAX_SEED + 1))
    assert [e["field"] for e in out["errors"]] == ["seed"]


def _replayed_by_hand(data: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """Resolve ``data`` (with a seed), then again with the same dice typed in by hand: how many
    dice it took, and both resolutions."""
    seeded = resolve(data)
    dice = [d["value"] for d in seeded["dice"]]
    by_hand = resolve(_without_dice(data, dice=dice))
    return len(dice), seeded, by_hand


def test_a_dh1_blast_on_50_others_needing_over_500_dice_takes_them_all_by_hand() -> None:
    gun = dh1.weapon(dh1.AUTOGUN, damage="5d10", damage_type="X", qualities=["Blast (3)", "Tearing"], clip=100)
    n, seeded, by_hand = _replayed_by_hand(dh1.scenario(gun, action="Full Auto Burst", others=50, BS=100, seed=7))
    assert n > 500
    assert by_hand["hits"] == seeded["hits"]
    assert by_hand["total_wounds"] == seeded["total_wounds"]


def test_an_epic_formation_of_30_units_takes_all_its_dice_by_hand() -> None:
    weapons = "; ".join(f"12x Gun{i} 30 AP5" for i in range(12))
    shooters = [epic.shooter(weapons, name=f"S{i}") for i in range(30)]
    targets = [epic.infantry(f"T{i}", armour=4, integrity=30) for i in range(30)]
    n, seeded, by_hand = _replayed_by_hand(epic.scenario(shooters, targets, seed=3))
    assert n > 2000
    assert by_hand["to_hit"] == seeded["to_hit"]
