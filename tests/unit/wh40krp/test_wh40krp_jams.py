"""The fan-made Warhammer 40,000 Roleplay: jams, doubles on automatic, plasma overloads, the Tek test.

Seed 000, Jams: "On a roll of 98-00, the gun that is being fired has suddenly jammed. If it's a
plasma weapon then something more serious has happened: the plasma weapon overloads and explodes
causing a point-blank hit, check for armour penetration and damage as normal. Any other weapon will
be fully repaired in 4 rounds and ready to fire if the character successfully rolls under his Tek."
A: "Firing on automatic means there is more of a risk that the weapon will jam. To represent this
any double result, such as 11/22/33/44/55/66/77/88/99/00, will result in the weapon jamming."
Minimum and maximum to hit: at 100% or more "the dice should still be thrown to see if the weapon
jammed".

Readings (module docstring of rules/wh40krp/procedure.py): a roll that jams is a jam, not a hit; a jam
or an overload ends the round's shooting; the overload's location is a fresh d100, reversed, and the
firer's armour is penetrated with the weapon's short-range modifiers; the Tek test is rolled at once
when Tek is given, succeeding on a roll equal or under.

Defaults (wh40krp_scenarios): BS 40, the Autogun (S/SA/A) at 20 m, an unarmoured target; 90 misses.
"""

from __future__ import annotations

from typing import Any

import pytest
from wh40krp_scenarios import (
    HEAVY_STUBBER,
    PLASMA_GUN,
    armour,
    layers,
    purposes,
    resolve,
    scenario,
    step_text,
    weapon,
)

from rules.wh40krp.readings import is_double, jams

# --- the pure functions ------------------------------------------------------------------------------------


def test_doubles() -> None:
    assert [r for r in range(1, 101) if is_double(r)] == [11, 22, 33, 44, 55, 66, 77, 88, 99, 100]


def test_which_rolls_jam() -> None:
    # 98-00 always; on automatic every double as well
    assert [r for r in range(1, 101) if jams(r, automatic=False)] == [98, 99, 100]
    assert [r for r in range(1, 101) if jams(r, automatic=True)] == [11, 22, 33, 44, 55, 66, 77, 88, 98, 99, 100]


# --- 98-00 -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["single", "semi", "auto"])
@pytest.mark.parametrize("roll", [98, 99, 100])
def test_98_to_00_jams_every_mode(kind: str, roll: int) -> None:
    # BS 100: the first shot's chance is 100 (S), 95 (SA) or 90 (A); 98, 99 and 00 jam all the same,
    # and the jam is no hit. The burst's other shots are not fired.
    res = resolve(scenario(attacker={"BS": 100}, actions=[kind], dice=[roll]))
    assert len(res["shots"]) == 1
    shot = res["shots"][0]
    assert (shot["jammed"], shot["hit"], shot["location"]) == (True, False, None)
    assert (res["jammed"], res["outcome"], res["hits"], res["rounds_fired"]) == (True, "jam", 0, 1)
    assert "(98-00)" in step_text(res, "Shot 1: to hit")


@pytest.mark.parametrize("kind", ["single", "auto"])
def test_a_heavy_weapon_jams_on_98_to_00(kind: str) -> None:
    res = resolve(scenario(weapon=HEAVY_STUBBER, actions=[kind], dice=[99]))
    assert res["jammed"] is True


# --- doubles -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("roll", [11, 22, 33, 44, 55, 66, 77, 88, 100])
def test_a_double_jams_on_automatic(roll: int) -> None:
    # A, BS 100: the first shot is at 90%; every double up to 88 would hit, but jams instead
    res = resolve(scenario(attacker={"BS": 100}, actions=["auto"], dice=[roll]))
    shot = res["shots"][0]
    assert (shot["jammed"], shot["hit"]) == (True, False)
    assert res["outcome"] == "jam"
    if roll < 98:
        assert f"{roll} is a double, on automatic" in step_text(res, "Shot 1: to hit")


def test_a_double_jams_a_heavy_weapon_on_automatic() -> None:
    # Heavy stubber on A, BS 40: the first shot is at 40%; 33 would hit, but it is a double
    res = resolve(scenario(weapon=HEAVY_STUBBER, actions=["auto"], dice=[33]))
    assert res["shots"][0]["jammed"] is True


def test_a_double_on_a_later_automatic_shot_jams() -> None:
    # A, BS 60: shot 1 at 50%, 90 misses; shot 2 at 40%, 44 is a double: jammed; shots 3 and 4 not fired
    res = resolve(scenario(attacker={"BS": 60}, actions=["auto"], dice=[90, 44]))
    assert [(s["roll"], s["jammed"]) for s in res["shots"]] == [(90, False), (44, True)]
    assert res["rounds_fired"] == 2


@pytest.mark.parametrize("roll", [11, 22, 55])
def test_a_double_does_not_jam_a_single_shot(roll: int) -> None:
    # S, BS 60: 11, 22 and 55 are under 60: hits; unarmoured, so the damage d100 (50) follows
    res = resolve(scenario(attacker={"BS": 60}, dice=[roll, 50]))
    shot = res["shots"][0]
    assert (shot["jammed"], shot["hit"]) == (False, True)
    assert res["jammed"] is False


@pytest.mark.parametrize("roll", [11, 22, 55])
def test_a_double_does_not_jam_semi_automatic(roll: int) -> None:
    # SA, BS 60: shot 1 at 55% (11, 22, 55 hit); shot 2 at 50%, 90 misses; then shot 1's damage d100 50
    res = resolve(scenario(attacker={"BS": 60}, actions=["semi"], dice=[roll, 90, 50]))
    assert [(s["hit"], s["jammed"]) for s in res["shots"]] == [(True, False), (False, False)]
    assert res["jammed"] is False


def test_a_double_on_the_second_semi_automatic_shot_does_not_jam() -> None:
    # SA, BS 60: shot 1 90 misses (55%); shot 2 44 hits (50%): reversed 44, the Left Arm; damage d100 50
    res = resolve(scenario(attacker={"BS": 60}, actions=["semi"], dice=[90, 44, 50]))
    assert [(s["hit"], s["jammed"]) for s in res["shots"]] == [(False, False), (True, False)]
    assert res["shots"][1]["location"] == "Left Arm"


def test_a_double_does_not_jam_a_heavy_weapon_on_single_shot() -> None:
    # Heavy stubber, S, BS 40: 33 hits (reversed 33: Right Arm); damage d100 50
    res = resolve(scenario(weapon=HEAVY_STUBBER, dice=[33, 50]))
    assert (res["shots"][0]["hit"], res["jammed"]) == (True, False)


# --- a jam ends the round's shooting -------------------------------------------------------------------------


def test_a_jam_ends_the_rounds_shooting() -> None:
    # Actions: auto, then single. A, BS 60: shot 1 at 50%, 35 hits (reversed 53: Left Arm); shot 2 at 40%,
    # 22 is a double: jammed. Shots 3 and 4 are not fired, nor is action 2. Shot 1's damage d100 is 60;
    # the last two dice given (90, 90) are not needed.
    res = resolve(scenario(attacker={"BS": 60}, actions=["auto", "single"], dice=[35, 22, 60, 90, 90]), unused=2)
    assert [(s["number"], s["hit"], s["jammed"]) for s in res["shots"]] == [(1, True, False), (2, False, True)]
    assert res["shots"][0]["damage"]["roll"] == 60
    assert purposes(res) == [
        "shot 1 to-hit d100 (Cultist)",
        "shot 2 to-hit d100 (Cultist)",
        "shot 1 damage d100 (Chart 1)",
    ]
    assert (res["outcome"], res["jammed"], res["hits"], res["rounds_fired"]) == ("hit", True, 1, 2)
    assert step_text(res, "Action 2") == "Not fired: the weapon jammed."


# --- plasma overload ---------------------------------------------------------------------------------------

PLASMA_FIRER: dict[str, Any] = {"Tek": 50, "armour": armour(20)}  # physical armour, basic chance 20%, everywhere


@pytest.mark.parametrize("roll", [98, 99, 100])
def test_a_plasma_weapon_overloads_on_98_to_00(roll: int) -> None:
    # The plasma gun, BS 40, roll 98-00: it overloads and explodes, a point-blank hit on the firer.
    # Fresh location d100 27, reversed 72: Body. The firer's physical armour 20% + the plasma gun's
    # physical +50 = 70%: 65 penetrates. Damage d100 40 on Chart 1. A plasma weapon is not "repaired
    # ... if the character successfully rolls under his Tek" (that is "any other weapon"): no Tek die.
    res = resolve(scenario(weapon=PLASMA_GUN, attacker=PLASMA_FIRER, dice=[roll, 27, 65, 40]))
    first, blast = res["shots"]
    assert (first["overloaded"], first["jammed"], first["hit"]) == (True, False, False)
    assert (blast["kind"], blast["target"], blast["target_index"]) == ("overload", "Sergeant Kell", -1)
    assert (blast["location_roll"], blast["location"]) == (72, "Body")
    assert layers(blast) == [("armour", 70, 65, True)]
    assert (blast["penetrated"], blast["damage"]["roll"], blast["damage"]["chart"]) == (True, 40, 1)
    assert (res["overloaded"], res["jammed"], res["outcome"]) == (True, False, "jam")
    assert (res["hits"], res["penetrating_hits"], res["tek_roll"], res["jam_cleared"]) == (0, 0, None, None)
    assert purposes(res) == [
        "shot 1 to-hit d100 (Cultist)",
        "overload hit location d100 (reversed)",
        "overload armour penetration d100",
        "overload damage d100 (Chart 1)",
    ]


def test_an_overload_stopped_by_the_firers_armour() -> None:
    # 70% as above; 71 does not penetrate: no damage die
    res = resolve(scenario(weapon=PLASMA_GUN, attacker=PLASMA_FIRER, dice=[99, 27, 71]))
    blast = res["shots"][1]
    assert (blast["penetrated"], blast["damage"]) == (False, None)


def test_an_overload_uses_the_short_range_modifiers() -> None:
    # At 60 m (over half of 80 m: long range, to hit 40 - 10 = 30) with long-range modifiers of +0: the
    # overload is point blank, so still 20 + 50 = 70%; 70 penetrates (equal or under)
    plasma = weapon(PLASMA_GUN, penetration_long={"primitive": 0, "physical": 0, "energy": 0, "cover": 0})
    res = resolve(scenario(weapon=plasma, attacker=PLASMA_FIRER, distance=60, dice=[99, 27, 70, 40]))
    assert res["shots"][0]["chance"] == 30
    assert layers(res["shots"][1]) == [("armour", 70, 70, True)]


def test_an_overload_on_an_unarmoured_firer() -> None:
    # no armour on the firer's Body: nothing to penetrate, straight to the damage d100
    res = resolve(scenario(weapon=PLASMA_GUN, dice=[98, 27, 40]))
    blast = res["shots"][1]
    assert (blast["layers"], blast["penetrated"], blast["damage"]["roll"]) == ([], True, 40)


def test_an_overload_ends_the_rounds_shooting() -> None:
    # single, single: the second shot is not fired; the 90 given for it is not needed
    res = resolve(scenario(weapon=PLASMA_GUN, actions=["single", "single"], dice=[99, 27, 40, 90]), unused=1)
    assert step_text(res, "Action 2") == "Not fired: the weapon overloaded."


def test_a_plasma_weapon_under_98_fires_normally() -> None:
    # BS 40, 27 hits (reversed 72: Body), unarmoured target: damage d100 50
    res = resolve(scenario(weapon=PLASMA_GUN, dice=[27, 50]))
    assert (res["shots"][0]["hit"], res["overloaded"], len(res["shots"])) == (True, False, 1)


# --- clearing a jam: the Tek test --------------------------------------------------------------------------


@pytest.mark.parametrize(("tek_roll", "cleared"), [(1, True), (45, True), (46, False), (100, False)])
def test_a_tek_test_clears_the_jam(tek_roll: int, cleared: bool) -> None:
    # Tek 45: equal or under clears it ("fully repaired in 4 rounds")
    res = resolve(scenario(attacker={"Tek": 45}, dice=[98, tek_roll]))
    assert (res["tek_roll"], res["jam_cleared"]) == (tek_roll, cleared)
    assert purposes(res)[-1] == "Tek test to clear the jam d100 (Tek 45)"
    if cleared:
        assert "ready to fire in 4 rounds" in step_text(res, "Clearing the jam")


def test_the_tek_test_is_rolled_at_the_end() -> None:
    # as in test_a_jam_ends_the_rounds_shooting (BS 60, A): shot 1 hits, shot 2 jams (22), shot 1's damage, then the Tek d100 (30)
    res = resolve(scenario(attacker={"BS": 60, "Tek": 45}, actions=["auto"], dice=[35, 22, 60, 30]))
    assert purposes(res) == [
        "shot 1 to-hit d100 (Cultist)",
        "shot 2 to-hit d100 (Cultist)",
        "shot 1 damage d100 (Chart 1)",
        "Tek test to clear the jam d100 (Tek 45)",
    ]
    assert res["jam_cleared"] is True


def test_without_tek_the_step_names_the_test() -> None:
    res = resolve(scenario(dice=[99]))
    assert (res["tek_roll"], res["jam_cleared"]) == (None, None)
    text = step_text(res, "Clearing the jam")
    assert "Tek test" in text
    assert "4 rounds" in text


def test_no_jam_no_tek_test() -> None:
    res = resolve(scenario(attacker={"Tek": 45}, dice=[90]))
    assert (res["tek_roll"], res["jam_cleared"]) == (None, None)
    assert "Clearing the jam" not in [s["rule"] for s in res["steps"]]
