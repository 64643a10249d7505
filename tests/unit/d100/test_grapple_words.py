"""The Grapple action as the forms offer it, in the game's words. Seed 004 (Grappling; Grapple
Action; Grappled Target Options): an attempt to Grapple "uses either a Charge action or a Standard
Attack action" (a Half Action), the controller declares "Grapple as a Full Action", the grappled
one "as a Half Action". So the action is "Half or Full" (DH2 Core Table 7-1 prints Half/Full), and
the engine's accounting (an attempt leaves a Half Action) reads the same as its label. The hint
names the options as the book does, never the scenario's field path or keys."""

from __future__ import annotations

import pytest

from rules.catalogue import d100_catalogue as catalogue


def grapple(system: str) -> dict[str, object]:
    return next(a for a in catalogue(system)["actions"] if a["name"] == "Grapple")


@pytest.mark.parametrize("system", ["dh2", "dw"])
def test_grapple_is_half_or_full_where_an_attempt_is_a_standard_attack(system: str) -> None:
    g = grapple(system)
    assert g["type_words"] == "Half or Full"
    note = str(g["note"])
    assert "Break Free" in note and "Slip Free" in note and "Take Control" in note and "Damage Opponent" in note
    assert "action." not in note and "_" not in note


def test_dh1_grapple_stays_a_full_action_and_its_hint_is_in_words() -> None:
    g = grapple("dh1")  # DH1's attempt is a Full Action (rules/dh1 readings)
    assert g.get("type_words") is None and g["type"] == "Full"
    note = str(g["note"])
    assert "Break Free" in note and "action." not in note and "_" not in note
