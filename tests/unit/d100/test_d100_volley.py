"""A mob's volley in one scenario (``count``, rules.d100.volley): N identical attackers make the
attack in turn at one target from one group of dice; the Reaction spent once, the damage carried.

Hand count (DH2, as test_encounter_volley's): three Cultists (BS 30, an Autogun 1d10+3 I, Pen 0) at a
Guardsman (12 Wounds, TB 3, no armour, Dodge 30), a Standard Attack (+10) at 20 m (Short +10): 50.
Cultist 1: 23 hits (DoS 4), the Dodge 71 fails, damage 6 + 3 - 3 = 6 (6 of 12). Cultist 2: 41 hits,
no Evasion left (one Reaction a round), 5 + 3 - 3 = 5 (11 of 12). Cultist 3: 80 misses."""

from __future__ import annotations

from typing import Any

from rules.api import run

AUTOGUN = {"name": "Autogun", "class": "Basic", "range": 90, "rof": "S/3/10", "damage": "1d10+3", "clip": 30}
SCENARIO: dict[str, Any] = {
    "system": "dh2",
    "count": 3,
    "attacker": {"name": "Cultist", "characteristics": {"BS": 30}, "weapon": AUTOGUN},
    "target": {"name": "Guardsman", "wounds": 12, "toughness_bonus": 3, "evasion": {"reaction": "Dodge", "skill": 30}},
    "action": {"type": "Standard Attack", "distance": 20},
    "dice": [23, 71, 6, 41, 5, 80],
}


def test_three_attackers_in_turn_the_dodge_once_and_the_wounds_carried() -> None:
    out = run(SCENARIO)
    assert out["status"] == "ok", out
    r = out["resolution"]
    made = [r, *r["volley"]]
    assert [(x["outcome"], x["total_wounds"], x["damage_taken_after"]) for x in made] == [
        ("hit", 6, 6),
        ("hit", 5, 11),
        ("miss", 0, 11),
    ]
    assert not any("(evasion)" in d["purpose"] for d in r["volley"][0]["dice"])  # its Reaction spent
    assert [d["purpose"] for d in r["volley"][1]["dice"]] == ["attacker 3 of 3: to-hit d100"]
    assert r["volley_total"] == {
        "attackers": 3,
        "fired": 3,
        "hits": 2,
        "wounds": 11,
        "damage_taken_after": 11,
        "magnitude_after": None,
        "slain": False,
    }


def test_no_count_or_one_attacker_is_one_attack_as_before() -> None:
    one = {k: v for k, v in SCENARIO.items() if k != "count"}
    alone = run({**one, "dice": [23, 71, 6]})
    assert "volley" not in alone["resolution"] and "volley_total" not in alone["resolution"]
    assert run({**one, "count": 1, "dice": [23, 71, 6]}) == alone


def test_too_few_dice_asks_naming_the_attacker() -> None:
    out = run({**SCENARIO, "dice": [23, 71, 6, 41]})
    assert out["status"] == "needs"
    assert out["needs"]["purpose"] == "attacker 2 of 3: hit 1 damage d10" and out["needs"]["index"] == 4


def test_a_horde_destroyed_the_later_attackers_hold_their_fire() -> None:
    # Deathwatch: a Horde of Magnitude 1; attacker 1's 23 hits, 6 + 3 - TB 3 = 6 > 0: Magnitude 0
    horde = {"name": "Mob", "wounds": 10, "toughness_bonus": 3, "horde": {"magnitude": 1}}
    out = run({**SCENARIO, "system": "dw", "target": horde, "dice": [23, 6]})
    assert out["status"] == "ok", out
    r = out["resolution"]
    assert r["volley"] == [] and r["volley_total"]["fired"] == 1 and r["volley_total"]["slain"]
    assert r["volley_total"]["magnitude_after"] == 0
    assert "Mob is down: attackers 2 to 3 hold their fire." in [s["detail"] for s in r["steps"]]


def test_a_fate_re_roll_is_refused_with_a_volley() -> None:
    out = run({**SCENARIO, "fate_reroll": "attack"})
    assert out["status"] == "invalid"
    assert out["errors"][0]["field"] == "count"


def test_the_odds_of_a_scenario_s_volley_are_the_volley_s_kills_and_one_attacker_s_other_figures() -> None:
    from rules.odds import run_odds

    one = {k: v for k, v in SCENARIO.items() if k not in ("dice", "count")}
    alone, three = run_odds(one)["odds"], run_odds({**one, "count": 3})["odds"]

    def each(odds: dict[str, Any]) -> list[tuple[str, Any]]:
        return [(f["key"], f["chance"]) for f in odds["headline"] if f["key"] not in ("kill", "wounds")]

    assert each(three) == each(alone)  # one attacker's (7/20 to hit)
    assert all(f["label"].endswith("(each attacker)") for f in three["headline"] if f["key"] not in ("kill", "wounds"))
    assert three["attacker"] == "3 x Cultist"
    assert [s["name"] for s in three["steps"]] == ["Cultist 1", "Cultist 2", "Cultist 3"]
    assert three["notes"][-1].startswith("A volley of 3: the chart, Kills and the steps are the volley's")
