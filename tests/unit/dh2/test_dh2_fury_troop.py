"""Righteous Fury for Player Characters and NPCs (seed 004, L74-78) and its effects not stacking (L70).

Seed 004 L76: "These Troop level NPCs also usually cannot benefit from this rule when inflicting
damage on the Player." L78: "if all players agree, then all types of NPCs including low-level Troops
can use the Righteous Fury rules" (``options.all_npcs_fury``). L70: "these effects do not stack if a
target suffers Righteous Fury multiple times. Each roll is applied as a separate effect."

Hand count for every test: Lasgun 1d10+3 E, BS 40, Standard Attack +10, 60 m (Standard range +0):
50; d100 45 -> 2 DoS, reversed 54 Body; d10 10 (+3 = 13; 2 DoS do not replace a 10) - TB 3 = 10
wounds, and the 10 is Righteous Fury's face.
"""

from __future__ import annotations

from typing import Any

from dh2_scenarios import AUTOGUN, errors_of, purposes, resolve_ok, scenario
from encounter_helpers import dh2_fight
from hypothesis import given, settings
from hypothesis import strategies as st


def _troop_on_player(**options: bool) -> dict[str, Any]:
    data = scenario(dice=[45, 10, 5])  # the Fury d5 is a d10 halved: 5 -> 3
    data["attacker"]["troop"] = True
    data["target"]["player"] = True
    if options:
        data["options"] = options
    return data


def test_troop_attacker_inflicts_no_righteous_fury_on_a_player() -> None:
    data = _troop_on_player()
    data["dice"] = [45, 10]  # no Fury d5 is rolled
    res = resolve_ok(data)
    hit = res["hits"][0]
    assert (hit["damage"], hit["wounds"], hit["righteous_fury"]) == (13, 10, None)
    assert [p for p, _, _ in purposes(res)] == ["to-hit d100", "hit 1 damage d10"]
    step = next(s for s in res["steps"] if s["rule"] == "Righteous Fury, hit 1")
    assert "Troop NPC" in step["detail"] and "player character" in step["detail"]
    assert step["source"] == "seed 004, Righteous Fury for Player Characters and NPCs"


def test_troop_attacker_stopped_hit_deals_no_fury_wound_to_a_player() -> None:
    # Body AP 10: 13 - 10 - 3 = 0; a Fury would make it 1 wound; a Troop's does not.
    data = _troop_on_player()
    data["dice"] = [45, 10]
    data["target"]["armour"] = {"Body": 10}
    res = resolve_ok(data)
    assert (res["hits"][0]["wounds"], res["hits"][0]["righteous_fury"]) == (0, None)


def test_all_npcs_fury_lets_a_troop_inflict_righteous_fury() -> None:
    res = resolve_ok(_troop_on_player(all_npcs_fury=True))
    rf = res["hits"][0]["righteous_fury"]
    assert (rf["critical_effect"], rf["table"]) == (3, "Energy Critical Effects, Body")


def test_troop_attacker_on_an_npc_and_a_named_npc_on_a_player_keep_their_fury() -> None:
    npc = _troop_on_player()
    npc["target"]["player"] = False
    assert resolve_ok(npc)["hits"][0]["righteous_fury"]["critical_effect"] == 3
    named = _troop_on_player()
    named["attacker"]["troop"] = False
    assert resolve_ok(named)["hits"][0]["righteous_fury"]["critical_effect"] == 3


def test_troop_attacker_is_refused_where_the_ruleset_has_no_such_rule() -> None:
    data = _troop_on_player()
    data["system"] = "dh1"
    errors = errors_of(data)
    assert "attacker.troop" in errors


def test_encounter_records_each_fury_effect_separately_not_stacking() -> None:
    # Guard (BS 40) Standard Attack with the Autogun (1d10+3 I) at 20 m (Short +10): 40+10+10 = 60.
    # Twice: d100 45 -> Body; d10 10 -> 13 - TB 3 = 10 wounds; Fury d5 2, then d5 4 (each a d10 halved, rounding up).
    big = {"name": "Cultist", "wounds": 40, "toughness_bonus": 3}
    f = dh2_fight(cultist=big)
    f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20},
            "dice": [45, 10, 3],
        }
    )  # d10 3 halved: d5 2
    f.end("g")
    f.end("c")
    f.do(
        {
            "type": "attack",
            "who": "g",
            "at": "c",
            "action": {"type": "Standard Attack", "distance": 20},
            "dice": [45, 10, 8],
        }
    )  # d10 8 halved: d5 4
    cultist = f.who("c")
    assert [(e["table"], e["location"], e["effect"]) for e in cultist["fury"]] == [
        ("Impact Critical Effects, Body", "Body", 2),
        ("Impact Critical Effects, Body", "Body", 4),
    ]
    assert "do not stack" in f.last["state"]["log"][-1]["text"]


def test_encounter_table_rules_reach_every_attack_scenario() -> None:
    # One set of table rules for the whole encounter (options), put into each attack's scenario:
    # a Troop Guard's Fury on a player Cultist counts only with all_npcs_fury.
    for options, effect in (({"all_npcs_fury": True}, 2), (None, None)):
        guard = {
            "name": "Guard",
            "troop": True,
            "characteristics": {"BS": 40, "Ag": 35},
            "weapon": {
                "name": "Autogun",
                "class": "Basic",
                "range": 90,
                "rof": "S/3/10",
                "damage": "1d10+3",
                "clip": 30,
            },
        }
        f = dh2_fight(guard=guard, cultist={"name": "Cultist", "wounds": 40, "toughness_bonus": 3, "player": True})
        if options is not None:
            f.file["options"] = options
            assert f.run_preview("g", "c")["options"]["all_npcs_fury"] is True
        dice = [45, 10, 3] if effect else [45, 10]
        f.do(
            {
                "type": "attack",
                "who": "g",
                "at": "c",
                "action": {"type": "Standard Attack", "distance": 20},
                "dice": dice,
            }
        )
        assert [e["effect"] for e in f.who("c")["fury"]] == ([effect] if effect else [])


def test_encounter_table_rules_refused_outside_the_d100_rulesets() -> None:
    from rules.encounter.run import run_encounter

    out = run_encounter(
        {"encounter": {"auspex_encounter": 1, "system": "epic", "options": {"stray_shots": True}, "events": []}}
    )
    assert out["status"] == "invalid"
    assert out["errors"][0]["field"].endswith("options")


def test_troop_attacker_fury_on_a_player_odds_match_brute_force() -> None:
    from test_odds_brute_force import ARMOUR, Case, assert_d100_matches_brute_force, says

    data = scenario(BS=20, armour=ARMOUR)
    data["attacker"]["troop"] = True
    data["target"]["player"] = True
    assert_d100_matches_brute_force(Case(data, lambda r: says(r, "a Troop inflicts no"), "a Fury denied"))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), all_npcs=st.booleans())
def test_troop_on_player_never_righteous_fury_unless_the_table_says(seed: int, all_npcs: bool) -> None:
    # Property: no hit of a Troop's attack on a player character carries Righteous Fury, and no
    # Fury d5 is drawn, unless all_npcs_fury is on. Full Auto Burst, BS 90: many hits, many 10s.
    data = scenario(wpn=AUTOGUN, action="Full Auto Burst", BS=90, seed=seed)
    data["attacker"]["troop"] = True
    data["target"]["player"] = True
    data["options"] = {"all_npcs_fury": all_npcs}
    res = resolve_ok(data)
    if not all_npcs:
        assert all(h["righteous_fury"] is None for h in res["hits"])
        assert not any("Righteous Fury" in d["purpose"] for d in res["dice"])
