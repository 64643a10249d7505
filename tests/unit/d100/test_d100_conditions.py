"""The conditions an attack's result leaves (``rules.d100.conditions.conditions_from``): each from a
resolved scenario with scripted dice, counted by hand from the quality's rule in its ruleset
(``rules/data/<system>/qualities.json``, ``test.effect``; the pinning rule in ``dw/tables.json``).
"""

from __future__ import annotations

from typing import Any

import dh1_scenarios as dh1
import dh2_scenarios as dh2
import dw_scenarios as dw
from dh2_scenarios import LASGUN, resolve_ok, weapon
from qualities.readings import with_fields

from rules.api import load_scenario
from rules.d100.conditions import Inflicted, conditions_from
from rules.d100.models import Resolution, Scenario


def conditions(data: dict[str, Any], with_scenario: bool = False) -> list[tuple[str, int, str, int | None]]:
    """Resolve ``data`` and list its conditions as (who, person, name, rounds)."""
    res = Resolution.model_validate(resolve_ok(data))
    scenario = load_scenario(data) if with_scenario else None
    assert scenario is None or isinstance(scenario, Scenario)
    got = conditions_from(res, scenario)
    assert all(c.source and c.detail for c in got)
    return [(c.who, c.person, c.name, c.rounds) for c in got]


def test_dh2_concussive_stuns_one_round_per_degree_of_failure() -> None:
    # Lasgun with Concussive (2): roll 23 hits (DoS 4, Body), d10 6 + 3 - TB 3 = 6 wounds; T 50 - 20 = 30:
    # roll 65 -> DoF 6 - 3 + 1 = 4: Stunned for 4 rounds
    data = with_fields(dh2.scenario(weapon(LASGUN, qualities=["Concussive (2)"]), dice=[23, 6, 65]), target_T=50)
    assert conditions(data) == [("target", 0, "Stunned", 4)]


def test_dh2_concussive_knocks_prone_when_the_damage_passes_the_strength_bonus() -> None:
    # as above, T test passed (roll 25: DoS 3 - 2 + 1 = 2); 6 wounds > SB 3 (S 35): Prone, needs the scenario's S
    data = with_fields(
        dh2.scenario(weapon(LASGUN, qualities=["Concussive (2)"]), dice=[23, 6, 25]), target_T=50, target_S=35
    )
    assert conditions(data) == []
    assert conditions(data, with_scenario=True) == [("target", 0, "Prone", None)]
    # S 60: SB 6, 6 wounds is not more: not knocked down
    data["target"]["characteristics"]["S"] = 60
    assert conditions(data, with_scenario=True) == []


def test_dw_concussive_stuns_for_one_round() -> None:
    # Knife, WS 60, roll 23 -> 3 DoS, Body; d10 6 + 2 + SB 4 - TB 4 = 8 wounds; T 40 - 30 = 10: 25 fails
    data = dw.scenario(weapon(dw.KNIFE, qualities=["Concussive"]), WS=60, target_T=40, dice=[23, 6, 25])
    assert conditions(data) == [("target", 0, "Stunned", 1)]


def test_dh2_shocking_stuns_half_the_degrees_of_failure_rounded_up_and_tires() -> None:
    # Lasgun with Shocking: roll 23 (DoS 4, Body), d10 6 + 3 - TB 3 = 6 wounds; T 40: roll 75 -> DoF 7 - 4 + 1 = 4
    # -> Stunned 2 rounds, and 1 level of Fatigue
    data = with_fields(dh2.scenario(weapon(LASGUN, qualities=["Shocking"]), dice=[23, 6, 75]), target_T=40)
    assert conditions(data) == [("target", 0, "Stunned", 2), ("target", 0, "Fatigue", None)]
    # roll 45 -> DoF 1 -> 1 round (rounded up)
    data["dice"] = [23, 6, 45]
    assert conditions(data)[0] == ("target", 0, "Stunned", 1)


def test_dh1_shocking_stuns_half_the_damage_taken_rounded_up() -> None:
    # Shock Maul 1d10+1, SB 3: roll 23 Body (AP 2). d10 8 + 1 + 3 = 12 - 2 - 3 = 7 wounds; T 40 + 20 = 60:
    # roll 70 fails: Stunned (7 + 1) // 2 = 4 rounds
    maul = weapon(dh1.SWORD, name="Shock Maul", damage="1d10+1", damage_type="I", qualities=["Shocking"])
    data = dh1.scenario(maul, armour={"Body": 2}, target_T=40, dice=[23, 8, 70])
    assert conditions(data) == [("target", 0, "Stunned", 4)]


def test_dw_shocking_stuns_without_a_duration() -> None:
    # Knife with Shocking, Body AP 2: roll 33 -> Body, d10 6 + 2 + SB 4 - 0 - TB 4 = 8 wounds; T 30 + 20 = 50: 75 fails
    data = dw.scenario(weapon(dw.KNIFE, qualities=["Shocking"]), armour={"Body": 2}, target_T=30, dice=[33, 6, 75])
    assert conditions(data) == [("target", 0, "Stunned", None)]


def test_dh2_hallucinogenic_lasts_one_round_plus_one_per_degree_of_failure() -> None:
    # Hallucinogenic (2): roll 23 (Body), d10 6; T 50 - 20 = 30: roll 45 -> DoF 4 - 3 + 1 = 2: 3 rounds
    data = with_fields(dh2.scenario(weapon(LASGUN, qualities=["Hallucinogenic (2)"]), dice=[23, 6, 45]), target_T=50)
    assert conditions(data) == [("target", 0, "Hallucinating", 3)]


def test_dh2_toxic_poisons_until_the_end_of_its_next_turn() -> None:
    # Toxic (2): roll 23, d10 6 -> 6 wounds; T 40 - 20 = 20: roll 25 fails: 1d10 at the end of its turn
    data = with_fields(dh2.scenario(weapon(LASGUN, qualities=["Toxic (2)"]), dice=[23, 6, 25]), target_T=40)
    assert conditions(data) == [("target", 0, "Poisoned", 1)]


def test_dh1_toxic_damage_is_immediate_so_no_condition() -> None:
    # roll 23 Body AP 2: 8 - 2 - 3 = 3 wounds; T 40 - 15 = 25: roll 30 fails, 1d10 7 more wounds at once
    toxic = weapon(dh1.LASGUN, name="Needle Rifle", qualities=["Toxic"])
    data = dh1.scenario(toxic, armour={"Body": 2}, target_T=40, dice=[23, 6, 30, 7])
    assert conditions(data) == []


def test_snare_immobilises_and_leaves_the_target_helpless() -> None:
    # DH1 Webber: roll 23 hits; Ag 30: roll 60 fails
    data = dh1.scenario(weapon(dh1.LASGUN, name="Webber", qualities=["Snare"]), target_Ag=30, dice=[23, 5, 60])
    assert conditions(data) == [("target", 0, "Immobilised", None), ("target", 0, "Helpless", None)]
    # DH2 Snare (2): Ag 40 - 20 = 20, roll 15 passes: nothing
    data = with_fields(dh2.scenario(weapon(LASGUN, qualities=["Snare (2)"]), dice=[23, 6, 15]), target_Ag=40)
    assert conditions(data) == []


def test_flame_sets_a_damaged_target_on_fire_but_not_the_area_test() -> None:
    # DH1 Flamer at 10 m: the target's Ag 30 area test 50 fails (struck: no condition of its own); d10 6 -> 7
    # wounds; damaged, it tests Ag again: 80 fails: On Fire
    data = dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, dice=[50, 6, 80])
    assert conditions(data) == [("target", 0, "On Fire", None)]
    data["dice"] = [50, 6, 20]
    assert conditions(data) == []


def test_flame_on_another_person_in_the_cone_names_that_person() -> None:
    # target 50 and person 1 70 struck; target d10 6, fire test 20 (no fire); person 1 d10 3, fire test 40 (on fire)
    data = dh1.scenario(dh1.FLAMER, distance=10, target_Ag=30, others=1, dice=[50, 70, 6, 20, 3, 40])
    assert conditions(data) == [("target", 1, "On Fire", None)]


def test_dw_suppressing_fire_pins_a_target_failing_willpower() -> None:
    # Autogun at 40 m: BS 30, roll 10 -> 2 hits, d10 5 and 5; WP 35 - 20 = 15: 16 fails: Pinned
    data = dw.scenario(action="Suppressing Fire", distance=40, target_WP=35, dice=[10, 5, 5, 16])
    assert conditions(data) == [("target", 0, "Pinned", None)]
    data["dice"] = [10, 5, 5, 15]
    assert conditions(data) == []


def test_a_test_left_to_the_gm_inflicts_nothing_yet() -> None:
    # no T given: the GM rolls Concussive's test; the resolution does not say it failed
    data = dh2.scenario(weapon(LASGUN, qualities=["Concussive (2)"]), dice=[23, 6])
    assert conditions(data) == []


def test_dh2_overheating_burns_the_wielder() -> None:
    # BS 90 + 10 = 100: an unmodified 91 overheats: the wielder takes the weapon's damage to an arm
    data = dh2.scenario(weapon(LASGUN, name="Plasma Pistol", qualities=["Overheats"]), BS=90, dice=[91])
    assert conditions(data) == [("attacker", 0, "Overheat damage", None)]


def test_dh1_overheating_harms_the_wielder_by_the_table() -> None:
    plasma = weapon(dh1.LASGUN, name="Plasma Gun", qualities=["Overheats"])
    # d10 7: 1d10+2 Energy damage to the firer; d10 3: a Toughness test or drop it (no damage)
    got = conditions_from(Resolution.model_validate(resolve_ok(dh1.scenario(plasma, dice=[91, 7]))))
    assert [(c.who, c.name) for c in got] == [("attacker", "Overheat damage")]
    assert "1d10+2 Energy damage" in got[0].detail
    assert conditions(dh1.scenario(plasma, dice=[91, 3])) == []


def test_inflicted_is_a_frozen_record() -> None:
    c = Inflicted(who="target", name="Stunned", rounds=1, source="s", detail="d")
    assert c.model_dump() == {
        "who": "target",
        "person": 0,
        "name": "Stunned",
        "rounds": 1,
        "source": "s",
        "detail": "d",
        "value": None,  # the quality's X a condition carries (Crippled (X)); None for the rest
    }
    try:
        c.rounds = 2  # type: ignore[misc]
    except Exception:
        pass
    else:
        raise AssertionError("Inflicted is not frozen")
