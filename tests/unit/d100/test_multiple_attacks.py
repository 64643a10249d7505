"""Multiple Attacks with Swift Attack or Lightning Attack, in DH1 and Deathwatch.

Seed 003 L33 (DH1): "Multiple Attacks | Full | Use Swift Attack or Lightning Attack talents to make multiple
attacks"; seed 001, Combat Actions (Deathwatch): Multiple Attacks, attack more than once in the same round.
DH1 Core and DW Core, Ch. IV: Swift Attack makes two melee attacks with the action, Lightning Attack three;
each attack is its own WS test, hit location and damage. ``action.talent`` names the talent; the later
attacks are in the resolution's ``attacks``, their dice prefixed ``attack N:``.

DH1 (dh1_scenarios): WS 40, SB 3, the target TB 3 and 20 wounds; the Sword 1d10 R. Deathwatch: WS 40, SB 4,
TB 4; the Astartes Combat Knife 1d10+2 R Pen 2. Multiple Attacks is +0. Degrees are whole tens of margin.
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dw_scenarios as dw
from dh2_scenarios import SWORD, errors_of, resolve_ok
from dh2_scenarios import scenario as dh2_scenario
from encounter_helpers import GUARD, dh2_fight

from rules.odds import run_odds


def multiple(data: dict[str, Any], talent: str | None) -> dict[str, Any]:
    data["action"]["type"] = "Multiple Attacks"
    if talent is not None:
        data["action"]["talent"] = talent
    return data


def test_swift_attack_makes_two_attacks_each_its_own_test_dh1() -> None:
    # Attack 1: roll 23 <= 40, 1 DoS, reversed 32 Body; d10 5 + SB 3 = 8 - TB 3 = 5 wounds.
    # Attack 2: roll 31 <= 40, reversed 13 Right Arm; d10 7 + 3 = 10 - 3 = 7 wounds; 12 taken in all.
    res = resolve_ok(multiple(dh1.scenario(SWORD, distance=1, dice=[23, 5, 31, 7]), "Swift Attack"))
    assert (res["roll"], res["total_wounds"], res["hits"][0]["location"]) == (23, 5, "Body")
    [second] = res["attacks"]
    assert (second["roll"], second["total_wounds"], second["hits"][0]["location"]) == (31, 7, "Right Arm")
    assert second["damage_taken_after"] == 12
    assert [d["purpose"] for d in second["dice"]] == ["attack 2: to-hit d100", "attack 2: hit 1 damage d10"]


def test_lightning_attack_makes_three_attacks_dw() -> None:
    # Attack 1: roll 35 -> 0 DoS, reversed 53 Body; d10 6 + 2 + SB 4 = 12 - TB 4 = 8.
    # Attack 2: roll 40 -> 0 DoS, reversed 04 Head; d10 3 + 6 = 9 - 4 = 5 (13 taken).  Attack 3: roll 90 misses.
    res = dw.attack(multiple(dw.scenario(dw.KNIFE, distance=1, dice=[35, 6, 40, 3, 90]), "Lightning Attack"))
    assert res["total_wounds"] == 8
    two, three = res["attacks"]
    assert (two["total_wounds"], two["hits"][0]["location"], two["damage_taken_after"]) == (5, "Head", 13)
    assert (three["outcome"], three["roll"], three["damage_taken_after"]) == ("miss", 90, 13)


def test_the_target_evades_once_a_round_dh1() -> None:
    # Dodge 40: attack 1 (roll 23) is dodged with the d100 30; the Reaction is spent, so attack 2 (roll 31,
    # Right Arm, d10 7 -> 7 wounds) faces no Evasion.
    data = dh1.scenario(SWORD, distance=1, evasion={"reaction": "Dodge", "skill": 40}, dice=[23, 30, 31, 7])
    res = resolve_ok(multiple(data, "Swift Attack"))
    assert res["outcome"] == "evaded"
    [second] = res["attacks"]
    assert (second["outcome"], second["total_wounds"]) == ("hit", 7)


def test_multiple_attacks_without_a_talent_is_one_attack_as_before_dw() -> None:
    # An old Deathwatch scenario ("Multiple Attacks", no talent) keeps its meaning: one attack, no "attacks".
    res = dw.attack(multiple(dw.scenario(dw.KNIFE, distance=1, dice=[35, 6]), None))
    assert res["total_wounds"] == 8
    assert "attacks" not in res


def test_the_talent_is_refused_where_it_does_not_fit() -> None:
    # A ranged weapon, another action, DH2 (its Swift and Lightning Attacks are actions of their own).
    assert list(errors_of(multiple(dw.scenario(dw.BOLTER, dice=[35]), "Swift Attack"))) == ["action.talent"]
    other = dh1.scenario(SWORD, distance=1, dice=[23, 5])
    other["action"]["talent"] = "Swift Attack"
    assert list(errors_of(other)) == ["action.talent"]
    dh2 = dh2_scenario(SWORD, distance=1, dice=[23, 5])
    dh2["action"]["talent"] = "Lightning Attack"
    assert "action.talent" in errors_of(dh2)


def test_dh1_multiple_attacks_needs_its_talent() -> None:
    # Seed 003 L33: the action is made "with Swift Attack or Lightning Attack talents"; DH1 had no such action
    # before, so there is no old one-attack meaning to keep.
    assert list(errors_of(multiple(dh1.scenario(SWORD, distance=1, dice=[23, 5]), None))) == ["action.talent"]


def test_the_encounter_applies_every_attack_to_the_target_dw() -> None:
    # The Guard (WS 30, S 30: SB 3) with the Astartes Combat Knife 1d10+2 makes a Swift Attack on the Cultist
    # (TB 3, 10 wounds), who makes no Reaction: attack 1 roll 25 <= 30, 0 DoS, reversed 52 Body, d10 1:
    # 1 + 2 + 3 = 6 - TB 3 = 3; attack 2 roll 12, 1 DoS (no die under it to raise), reversed 21 Left Arm,
    # d10 2: 7 - 3 = 4. The Cultist has taken 3 + 4 = 7 of 10; the two attacks are one Full Action.
    guard = {**GUARD, "characteristics": {**GUARD["characteristics"], "S": 30}, "weapon": dw.KNIFE}
    f = dh2_fight(guard, system="dw")
    action = {"type": "Multiple Attacks", "talent": "Swift Attack", "distance": 1}
    out = f.do({"type": "attack", "who": "g", "at": "c", "action": action, "reaction": False, "dice": [25, 1, 12, 2]})
    res = out["resolution"]
    assert (res["total_wounds"], res["attacks"][0]["total_wounds"]) == (3, 4)
    assert f.who("c")["damage_taken"] == 7
    assert f.who("g")["half_actions"] == 2  # spent: the whole turn


def test_the_odds_say_they_are_each_attacks_alone_dw() -> None:
    # The exact odds walk one attack; a Swift Attack's report says its figures are each attack's alone.
    data = multiple(dw.scenario(dw.KNIFE, distance=1), "Swift Attack")
    data.pop("dice", None)
    notes = run_odds(data)["odds"]["notes"]
    assert any(n.startswith("Swift Attack: 2 attacks, each its own test") for n in notes)
