"""A psychic power with Spray is manifested by its Focus Power test first; Spray replaces only the hit roll.

DH2 Core, Ch. VI, Focus Power: the Focus Power test decides whether the power manifests at all, and its
doubles (Unfettered) or a Push call for Psychic Phenomena; DH2 Core, Ch. V, Spray: "no BS test": everyone
in the area tests Agility or takes a hit in the Body. So a Spray power rolls the Focus Power test (the
attack's d100), then, manifested, the Agility tests and the hits; failed, nothing more. A power is no
gun: its natural 9 on a damage die jams nothing (psychic attacks never jam).

Hand count: WP 45, Psychic Attack +0, the power's +10: Focus Power 55. The target has Ag 40 (Spray +0):
an Agility roll over 40 is struck, in the Body: d10 8 + 3 = 11; Pen 4 against Body AP 6: 2 AP; TB 3:
11 - 2 - 3 = 6 wounds.
"""

from __future__ import annotations

from typing import Any

import pytest
from dh2_scenarios import purposes, resolve_ok, scenario

SPRAY_POWER = {
    "name": "Warp Flame Spray",
    "class": "Pistol",
    "range": 10,
    "damage": "1d10+3",
    "damage_type": "E",
    "pen": 4,
    "qualities": ["Spray"],
}


def _psychic(dice: list[int], **focus: Any) -> dict[str, Any]:
    data = scenario(SPRAY_POWER, action="Psychic Attack", distance=5, dice=dice, armour={"Body": 6}, S=50)
    data["attacker"]["characteristics"]["WP"] = 45
    data["attacker"]["psy_rating"] = 3
    data["target"]["characteristics"] = {"Ag": 40}
    data["action"]["psychic"] = {"power": "Warp Flame Spray", "modifier": 10, **focus}
    return data


def _rules(res: dict[str, Any]) -> list[str]:
    return [s["rule"] for s in res["steps"]]


def test_the_focus_power_test_comes_first_then_sprays_agility_test() -> None:
    # Focus Power 55: 34 succeeds (no doubles, Unfettered: no Phenomena); the target's Ag 40: 50 fails, struck;
    # d10 8: 6 wounds
    res = resolve_ok(_psychic([34, 50, 8]))
    assert purposes(res) == [
        ("to-hit d100", 100, 34),
        ("Spray Agility test d100", 100, 50),
        ("hit 1 damage d10", 10, 8),
    ]
    assert (res["outcome"], res["total_wounds"]) == ("hit", 6)
    assert "Psychic Phenomena" not in _rules(res)


def test_a_failed_focus_power_test_manifests_nothing() -> None:
    # 97 is over 55: the power does not manifest; nobody tests Agility, nothing is hit
    res = resolve_ok(_psychic([97]))
    assert purposes(res) == [("to-hit d100", 100, 97)]
    assert (res["outcome"], res["success"], res["hits"], res["target_tests"]) == ("miss", False, [], [])


@pytest.mark.parametrize(
    ("dice", "focus", "why"),
    [
        # Unfettered doubles: 33 succeeds against 55 and calls for Phenomena; Ag 20 passes, nobody struck
        ([33, 20], {}, "doubles (33)"),
        # Pushed: every Push calls for Phenomena, whatever the roll
        ([34, 20], {"strength": "Push"}, "Pushed"),
        # a failed test is still a Focus Power test: Pushed and failed, the Phenomena are named
        ([97], {"strength": "Push"}, "Pushed"),
    ],
)
def test_psychic_phenomena_are_named_for_a_spray_power(dice: list[int], focus: dict[str, str], why: str) -> None:
    res = resolve_ok(_psychic(dice, **focus))
    step = next(s for s in res["steps"] if s["rule"] == "Psychic Phenomena")
    assert why in step["detail"]


def test_a_fettered_spray_power_names_no_phenomena_on_doubles() -> None:
    res = resolve_ok(_psychic([33, 20], strength="Fettered"))
    assert "Psychic Phenomena" not in _rules(res)


def test_a_spray_power_never_jams() -> None:
    # Focus 34 succeeds; Ag 50 fails; d10 9: a Spray gun would jam on the natural 9, a power does not
    res = resolve_ok(_psychic([34, 50, 9]))
    assert (res["outcome"], res["jammed"]) == ("hit", False)
