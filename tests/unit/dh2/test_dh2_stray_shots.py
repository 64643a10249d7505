"""Stray Shots (seed 004 L26-28), a table rule (``options.stray_shots``), and a DH2 burst's extra hits
on nearby foes (DH2 Core, Ch. VII, Semi-Auto Burst and Full Auto Burst).

Seed 004 L28: "GMs keen on reinforcing the merciless nature of the 41st Millennium can rule that if
a character shooting into a melee combat misses her target by a small margin (one degree of
failure), the attack instead hits another target engaged in the same melee. The GM might also rule
that anyone shooting into a melee combat with a Semi-Auto Burst or Full Auto Burst must allocate
multiple hits to different targets engaged in the melee."

A shot "into a melee combat" is one with the circumstance "Shooting into Melee Combat" (-20, DH2
Core, Ch. VII, Combat Circumstances); those "engaged in the same melee" are ``target.nearby``, the
first listed being the one a stray shot strikes (the GM orders the list).

Hand count: Lasgun 1d10+3 E, BS 40, Standard Attack +10, Shooting into Melee Combat -20, 60 m (+0):
30. d100 35: DH2 degrees of failure 3 - 3 + 1 = 1. d100 45: 4 - 3 + 1 = 2.
"""

from __future__ import annotations

from typing import Any

from dh2_scenarios import AUTOGUN, errors_of, purposes, resolve_ok, scenario
from encounter_helpers import dh2_fight

INTO_MELEE = "Shooting into Melee Combat"
ALLY = {"name": "Ally", "toughness_bonus": 4, "wounds": 12, "armour": {"Body": 4}}
THUG = {"name": "Thug", "toughness_bonus": 2, "wounds": 8}


def _into_melee(dice: list[int], stray: bool = True, nearby: list[dict[str, Any]] | None = None, **kw: Any) -> dict:
    data = scenario(dice=dice, **kw)
    data["action"]["circumstances"] = [INTO_MELEE]
    data["target"]["nearby"] = [dict(f) for f in (nearby if nearby is not None else [ALLY])]
    if stray:
        data["options"] = {"stray_shots": True}
    return data


def test_stray_shot_miss_by_one_degree_hits_the_first_other_engaged() -> None:
    # 35 against 30: 1 degree of failure. Reversed 53: Body. Ally: d10 6 + 3 = 9 - AP 4 - TB 4 = 1.
    res = resolve_ok(_into_melee([35, 6]))
    assert res["outcome"] == "miss"
    assert purposes(res) == [("to-hit d100", 100, 35), ("Ally hit 1 damage d10", 10, 6)]
    hit = res["hits"][0]
    assert (hit["person"], hit["name"], hit["location"], hit["damage"], hit["wounds"]) == (1, "Ally", "Body", 9, 1)
    assert (res["total_wounds"], res["damage_taken_after"]) == (0, 0)  # the target is untouched
    step = next(s for s in res["steps"] if s["rule"] == "Stray Shots")
    assert "Ally" in step["detail"] and step["source"].startswith("seed 004, Stray Shots")


def test_stray_shot_miss_by_two_degrees_is_a_plain_miss() -> None:
    res = resolve_ok(_into_melee([45]))
    assert (res["outcome"], res["hits"]) == ("miss", [])
    assert not any(s["rule"] == "Stray Shots" for s in res["steps"])


def test_stray_shots_off_a_one_degree_miss_is_a_plain_miss() -> None:
    res = resolve_ok(_into_melee([35], stray=False))
    assert (res["outcome"], res["hits"]) == ("miss", [])


def test_stray_shot_needs_the_shot_fired_into_a_melee() -> None:
    data = _into_melee([35])
    data["action"]["circumstances"] = []  # BS 50 now: 35 hits, so miss by 1 DoF at 65 instead
    data["dice"] = [65]
    res = resolve_ok(data)
    assert (res["outcome"], res["hits"]) == ("miss", [])


def test_stray_shot_with_no_one_else_engaged_is_a_miss_the_step_names() -> None:
    res = resolve_ok(_into_melee([35], nearby=[]))
    assert (res["outcome"], res["hits"]) == ("miss", [])
    step = next(s for s in res["steps"] if s["rule"] == "Stray Shots")
    assert "no one else" in step["detail"]


def test_burst_into_melee_spreads_its_hits_over_those_engaged() -> None:
    # Autogun Full Auto Burst: BS 80 - 10 (Full Auto) - 20 (into melee) = 50; d100 05: 5 - 0 + 1 = 6
    # degrees: 6 hits. Stray Shots: the hits go round those engaged in turn (target, Ally, Thug,
    # target, Ally, Thug), whatever hits each nearby foe asked (1 by default): 2 each. Ally and Thug
    # each roll their first hit location (d100 reversed) and follow the Multiple Hits table.
    data = _into_melee([5, 11, 22, 1, 1, 1, 1, 1, 1], nearby=[ALLY, THUG], wpn=AUTOGUN, action="Full Auto Burst", BS=80)
    res = resolve_ok(data)
    assert res["hits_scored"] == 6
    assert [(h["person"], h["location"]) for h in res["hits"]] == [
        (0, "Body"),
        (0, "Body"),
        (1, "Right Arm"),  # 11 reversed: 11
        (1, "Right Arm"),
        (2, "Left Arm"),  # 22 reversed: 22
        (2, "Left Arm"),
    ]


def test_dh2_burst_extra_hits_go_to_nearby_foes_as_asked() -> None:
    # DH2 Core, Ch. VII, Semi-Auto / Full Auto Burst: extra hits may go to other targets within 2 m.
    # No table rule: target.nearby's own hits. BS 40 - 10 = 30 (no melee); d100 05: 4 hits; Thug takes 2.
    data = scenario(dice=[5, 33, 1, 1, 1, 1], wpn=AUTOGUN, action="Full Auto Burst", BS=40)
    data["target"]["nearby"] = [{**THUG, "hits": 2}]
    res = resolve_ok(data)
    assert [(h["person"], h["location"]) for h in res["hits"]] == [
        (0, "Body"),
        (0, "Body"),
        (1, "Body"),  # 33 reversed: 33
        (1, "Body"),  # the Multiple Hits table's second hit from the Body
    ]
    step = next(s for s in res["steps"] if s["rule"] == "Nearby foes")
    assert step["source"].startswith("DH2 Core, Ch. VII")


def test_stray_shots_refused_where_the_ruleset_does_not_have_them() -> None:
    data = _into_melee([35])
    data["system"] = "dw"
    data["action"]["circumstances"] = []
    assert "options.stray_shots" in errors_of(data)


def test_stray_shot_in_an_encounter_names_the_hit_for_the_gm() -> None:
    # Guard BS 40 + 10 (Standard) + 10 (20 m Short) - 20 (into melee) = 40; d100 45: 4 - 4 + 1 = 1 DoF.
    f = dh2_fight(cultist={"name": "Cultist", "wounds": 10, "toughness_bonus": 3, "nearby": [ALLY]})
    f.file["options"] = {"stray_shots": True}
    out = f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "dice": [45, 6],
            "action": {"type": "Standard Attack", "distance": 20, "circumstances": [INTO_MELEE]},
        }
    )
    assert out["resolution"]["hits"][0]["name"] == "Ally"
    assert f.who("c")["damage_taken"] == 0
    # Ally: d10 6 + 3 = 9 - AP 4 - TB 4 = 1 wound, named for the GM in the log
    assert "Ally (nearby): 1 wound(s) to apply with Adjust" in f.state()["log"][-1]["text"]


def test_stray_shot_odds_match_brute_force() -> None:
    # The odds read the target's outcome: a stray shot's hit on another leaves the target a miss.
    from test_odds_brute_force import Case, assert_d100_matches_brute_force, says

    data = _into_melee([])
    del data["dice"]
    assert_d100_matches_brute_force(Case(data, lambda r: says(r, "strikes Ally instead"), "a stray shot"))
