"""The fan-made Warhammer 40,000 Roleplay: armour penetration, cover, force fields, duck-back, Damage Charts.

Seed 000, Armour Penetration: "Once a target is hit, the shot/blow has to penetrate any armour worn before
damage can be caused. If a character is protected by a wall, vehicle or so on then this must be
penetrated first"; "These modifiers should be added to the basic armour saves ... Roll a D100 if the
result is equal or less than the penetration value, the armour has been penetrated"; "Some weapons are
more capable than others of penetrating armour at short range rather than at long range"; "Force fields
are not affected by the penetration values of weapons"; "If cover is penetrated then work out the second
armour penetration as normal except add +10 to the damage roll". Min/Max Penetration: "100% or above ...
automatically been penetrated. If the penetration value is 0% or less, then the armour is penetrated on
the roll of 01." Duck-back: "If a character is hit but the shot fails to penetrate his armour then the
duck-back rule applies. If the character suffers damage then the duck-back rule does not apply, even
where some shots penetrate and others don't." Hand-to-hand: "The Damage Charts dictate how much damage
... Humans and human-sized creatures basically roll on Chart 1"; "Remember to apply any modifications
due to S and T".

Readings (module docstring): the order is cover, force field, armour; an unarmoured location shot at is
penetrated without a roll; duck-back is judged per action; the damage roll is a d100 unless the player's
chart says otherwise; the chart is the weapon's (Chart 1 for a gun) or, in hand-to-hand, the attacker's.

Defaults (wh40krp_scenarios): BS 40, single shot, the Autogun (illustrative modifiers: short range
primitive +20, physical +10, energy 0, cover 0; long range each 10 lower) at 20 m. The to-hit roll 27
hits (27 <= 40; 30% at long range) and reverses to 72: the Body.
"""

from __future__ import annotations

from typing import Any

import pytest
from wh40krp_scenarios import (
    AUTOGUN,
    GRENADE_LAUNCHER,
    PLASMA_GUN,
    SWORD,
    armour,
    errors_of,
    layers,
    purposes,
    resolve,
    scenario,
    step_text,
    weapon,
)

from rules.wh40krp.readings import penetrates

WALL = {"name": "Wall", "chance": 30}  # illustrative basic chance to penetrate the cover
CHART_1 = {"chart": 1, "rows": "01-30: Flesh wound\n31-100: Down"}

# --- the pure function -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chance", "roll", "expected"),
    [
        (50, 50, True),
        (50, 51, False),
        (100, None, True),
        (130, None, True),
        (0, 1, True),
        (0, 2, False),
        (-20, 1, True),
    ],
)
def test_penetrates(chance: int, roll: int | None, expected: bool) -> None:
    assert penetrates(chance, roll) is expected


def test_penetrates_needs_a_roll_under_100() -> None:
    with pytest.raises(ValueError):
        penetrates(99, None)


# --- armour: basic chance + the weapon's modifier by type and range ----------------------------------------


@pytest.mark.parametrize(
    ("type_", "distance", "chance"),
    [
        ("primitive", 20, 60),  # 40 + 20 (short)
        ("physical", 20, 50),  # 40 + 10
        ("energy", 20, 40),  # 40 + 0
        ("primitive", 60, 50),  # 40 + 10 (long: over half of 100 m)
        ("physical", 60, 40),  # 40 + 0
        ("energy", 60, 30),  # 40 - 10
        ("physical", 3, 50),  # point blank uses the short-range figures: 40 + 10
    ],
)
def test_armour_chance_is_basic_plus_the_weapons_modifier(type_: str, distance: float, chance: int) -> None:
    target = {"armour": armour(40, type_)}
    # a roll equal to the chance penetrates: then the damage d100 55
    res = resolve(scenario(target=target, distance=distance, dice=[27, chance, 55]))
    shot = res["shots"][0]
    assert shot["location"] == "Body"
    assert layers(shot) == [("armour", chance, chance, True)]
    layer = shot["layers"][0]
    assert (layer["type"], layer["basic"], layer["modifier"]) == (type_, 40, chance - 40)
    assert shot["damage"]["roll"] == 55
    # one more does not: no damage die
    res = resolve(scenario(target=target, distance=distance, dice=[27, chance + 1]))
    assert (res["shots"][0]["penetrated"], res["shots"][0]["damage"]) == (False, None)


def test_without_long_range_figures_the_short_ones_apply() -> None:
    # penetration_long left out: at 60 m the physical modifier is still +10: 50%
    gun = weapon(AUTOGUN, penetration_long=None)
    res = resolve(scenario(weapon=gun, target={"armour": armour(40)}, distance=60, dice=[27, 50, 55]))
    assert layers(res["shots"][0]) == [("armour", 50, 50, True)]


def test_armour_is_read_on_the_struck_location() -> None:
    # Body physical 40 (50%), Head energy 70 (70%): roll 10 reverses to 01, the Head: 70%, 70 penetrates
    target = {"armour": {**armour(40, locations=["Body"]), **armour(70, "energy", ["Head"])}}
    res = resolve(scenario(target=target, dice=[10, 70, 55]))
    assert res["shots"][0]["location"] == "Head"
    assert layers(res["shots"][0]) == [("armour", 70, 70, True)]


# --- cover -------------------------------------------------------------------------------------------------


def test_cover_is_penetrated_first_then_armour_with_10_on_the_damage_roll() -> None:
    # Wall 30 + 0 (cover, short) = 30%: 25 penetrates; armour 40 + 10 = 50%: 45 penetrates;
    # damage d100 55 + 10 (through cover) = 65
    res = resolve(scenario(target={"cover": WALL, "armour": armour(40)}, dice=[27, 25, 45, 55]))
    shot = res["shots"][0]
    assert layers(shot) == [("cover", 30, 25, True), ("armour", 50, 45, True)]
    assert shot["damage"]["total"] == 65
    assert [(m["label"], m["value"]) for m in shot["damage"]["modifiers"]] == [("Through cover (lost velocity)", 10)]
    assert purposes(res) == [
        "shot 1 to-hit d100 (Cultist)",
        "shot 1 cover penetration d100",
        "shot 1 armour penetration d100",
        "shot 1 damage d100 (Chart 1)",
    ]


@pytest.mark.parametrize(
    ("wpn", "distance", "chance"),
    [
        (AUTOGUN, 20, 30),  # 30 + 0
        (AUTOGUN, 60, 20),  # 30 - 10 (the Autogun's long-range cover modifier)
        (GRENADE_LAUNCHER, 20, 50),  # 30 + 20
    ],
)
def test_cover_chance_uses_the_weapons_cover_modifier(wpn: dict[str, Any], distance: float, chance: int) -> None:
    # unarmoured behind the wall: cover roll equal to the chance penetrates; the damage d100 55 + 10 = 65
    res = resolve(scenario(weapon=wpn, distance=distance, target={"cover": WALL}, dice=[27, chance, 55]))
    shot = res["shots"][0]
    assert layers(shot) == [("cover", chance, chance, True)]
    assert shot["damage"]["total"] == 65


def test_cover_that_stops_the_shot_ends_it() -> None:
    # 30%, rolled 31: stopped; no armour roll, no damage; the target ducks back
    res = resolve(scenario(target={"cover": WALL, "armour": armour(40)}, dice=[27, 31]))
    shot = res["shots"][0]
    assert layers(shot) == [("cover", 30, 31, False)]
    assert (shot["penetrated"], shot["damage"], res["penetrating_hits"]) == (False, None, 0)
    assert res["duck_back"] == ["Cultist"]


def test_cover_protects_only_the_locations_it_hides() -> None:
    # a low wall hiding the legs: a Body hit (27 -> 72) meets no cover, only the armour (50%)
    low_wall = {**WALL, "locations": ["Right Leg", "Left Leg"]}
    res = resolve(scenario(target={"cover": low_wall, "armour": armour(40)}, dice=[27, 45, 55]))
    assert layers(res["shots"][0]) == [("armour", 50, 45, True)]
    assert res["shots"][0]["damage"]["total"] == 55  # no +10
    # a Left Leg hit (19 -> 91) must go through the wall first
    res = resolve(scenario(target={"cover": low_wall, "armour": armour(40)}, dice=[19, 25, 45, 55]))
    assert res["shots"][0]["location"] == "Left Leg"
    assert layers(res["shots"][0]) == [("cover", 30, 25, True), ("armour", 50, 45, True)]


# --- force fields ------------------------------------------------------------------------------------------


def test_a_force_field_is_flat() -> None:
    # "Force fields are not affected by the penetration values of weapons": the plasma gun (illustrative
    # +30 energy, +50 physical) meets a 40% field at 40%: 40 penetrates; then the physical armour
    # 40 + 50 = 90%: 85 penetrates; damage d100 55, no modifier (a field is not cover)
    res = resolve(scenario(weapon=PLASMA_GUN, target={"force_field": 40, "armour": armour(40)}, dice=[27, 40, 85, 55]))
    shot = res["shots"][0]
    assert layers(shot) == [("force field", 40, 40, True), ("armour", 90, 85, True)]
    assert (shot["layers"][0]["basic"], shot["layers"][0]["modifier"]) == (40, 0)
    assert shot["damage"]["modifiers"] == []
    assert "flat 40%" in step_text(res, "Shot 1: armour penetration")


def test_a_force_field_that_holds_stops_the_shot() -> None:
    res = resolve(scenario(target={"force_field": 40, "armour": armour(40)}, dice=[27, 41]))
    assert layers(res["shots"][0]) == [("force field", 40, 41, False)]
    assert res["duck_back"] == ["Cultist"]


def test_cover_then_force_field_then_armour() -> None:
    # plasma gun: wall 30 + 40 = 70% (70 penetrates); field 40% (40); armour 40 + 50 = 90% (90);
    # damage 55 + 10 (through cover) = 65
    res = resolve(
        scenario(
            weapon=PLASMA_GUN,
            target={"cover": WALL, "force_field": 40, "armour": armour(40)},
            dice=[27, 70, 40, 90, 55],
        )
    )
    shot = res["shots"][0]
    assert layers(shot) == [("cover", 70, 70, True), ("force field", 40, 40, True), ("armour", 90, 90, True)]
    assert shot["damage"]["total"] == 65
    assert purposes(res)[1:4] == [
        "shot 1 cover penetration d100",
        "shot 1 force field penetration d100",
        "shot 1 armour penetration d100",
    ]


# --- minimum and maximum penetration -------------------------------------------------------------------------


@pytest.mark.parametrize("basic", [90, 110])
def test_100_percent_or_more_penetrates_without_a_roll(basic: int) -> None:
    # 90 + 10 = 100%, 110 + 10 = 120%: no penetration die; straight to the damage d100 55
    res = resolve(scenario(target={"armour": armour(basic)}, dice=[27, 55]))
    shot = res["shots"][0]
    assert layers(shot) == [("armour", basic + 10, None, True)]
    assert purposes(res) == ["shot 1 to-hit d100 (Cultist)", "shot 1 damage d100 (Chart 1)"]
    assert "no roll needed (100% or more)" in step_text(res, "Shot 1: armour penetration")


def test_a_force_field_of_100_needs_no_roll() -> None:
    res = resolve(scenario(target={"force_field": 100}, dice=[27, 55]))
    assert layers(res["shots"][0]) == [("force field", 100, None, True)]


@pytest.mark.parametrize("basic", [10, 5])
def test_0_percent_or_less_penetrates_only_on_01(basic: int) -> None:
    # energy armour at 60 m: the Autogun's long-range energy modifier -10: 10 - 10 = 0%, 5 - 10 = -5%.
    # To hit 40 - 10 = 30%: 27 hits. 01 penetrates (damage 55); 02 does not
    target = {"armour": armour(basic, "energy")}
    res = resolve(scenario(target=target, distance=60, dice=[27, 1, 55]))
    assert layers(res["shots"][0]) == [("armour", basic - 10, 1, True)]
    assert "only 01 penetrates" in step_text(res, "Shot 1: armour penetration")
    res = resolve(scenario(target=target, distance=60, dice=[27, 2]))
    assert layers(res["shots"][0]) == [("armour", basic - 10, 2, False)]


def test_an_unarmoured_location_needs_no_roll() -> None:
    # armour on the Head only; the Body (27 -> 72) is bare: no penetration die, the damage d100 55 at once
    res = resolve(scenario(target={"armour": armour(40, locations=["Head"])}, dice=[27, 55]))
    shot = res["shots"][0]
    assert (shot["layers"], shot["penetrated"], shot["damage"]["roll"]) == ([], True, 55)
    assert "no armour on that location" in step_text(res, "Shot 1: armour penetration")


# --- duck-back ---------------------------------------------------------------------------------------------


def test_a_hit_that_does_not_penetrate_makes_the_target_duck_back() -> None:
    # armour 40 + 10 = 50%, rolled 60: stopped
    res = resolve(scenario(target={"armour": armour(40)}, dice=[27, 60]))
    assert res["duck_back"] == ["Cultist"]
    assert "ducks back" in step_text(res, "Duck-back")


def test_no_duck_back_when_another_shot_of_the_action_damaged() -> None:
    # SA, BS 60: shot 1 55%, 27 hits (Body); shot 2 50%, 26 hits (62: Body). Shot 1: 45 penetrates (50%),
    # damage 55; shot 2: 60 stopped. "If the character suffers damage then the duck-back rule does not apply,
    # even where some shots penetrate and others don't."
    res = resolve(
        scenario(attacker={"BS": 60}, actions=["semi"], target={"armour": armour(40)}, dice=[27, 26, 45, 55, 60])
    )
    assert [s["penetrated"] for s in res["shots"]] == [True, False]
    assert res["duck_back"] == []
    assert "does not duck back" in step_text(res, "Duck-back")
    assert purposes(res) == [
        "shot 1 to-hit d100 (Cultist)",
        "shot 2 to-hit d100 (Cultist)",
        "shot 1 armour penetration d100",
        "shot 1 damage d100 (Chart 1)",
        "shot 2 armour penetration d100",
    ]


def test_duck_back_is_judged_per_action() -> None:
    # two single shots: action 1 is stopped (60 > 50%): the target ducks back; action 2 penetrates (45) and
    # damages (55), which does not undo action 1's duck-back (module docstring: per action)
    res = resolve(scenario(actions=["single", "single"], target={"armour": armour(40)}, dice=[27, 60, 26, 45, 55]))
    assert [s["penetrated"] for s in res["shots"]] == [False, True]
    assert res["duck_back"] == ["Cultist"]


def test_a_target_stopped_in_two_actions_is_named_once() -> None:
    # two single shots, both stopped (60, 70 > 50%): the Cultist ducks back; duck_back names who, once
    res = resolve(scenario(actions=["single", "single"], target={"armour": armour(40)}, dice=[27, 60, 26, 70]))
    assert res["duck_back"] == ["Cultist"]


def test_a_miss_or_a_damaging_hit_makes_no_one_duck_back() -> None:
    assert resolve(scenario(target={"armour": armour(40)}, dice=[90]))["duck_back"] == []
    assert resolve(scenario(dice=[27, 55]))["duck_back"] == []


def test_duck_back_by_target_under_following_fire() -> None:
    # SA, following fire after shot 1: the armoured Cultist (50%) is hit (27) and not penetrated (60); the bare
    # Heretic is hit (26 <= 30%) and damaged (55): only the Cultist ducks back
    res = resolve(
        scenario(
            actions=[{"kind": "semi", "follow": [1]}],
            target={"armour": armour(40), "others": [{"name": "Heretic", "gap": 5}]},
            dice=[27, 26, 60, 55],
        )
    )
    assert res["duck_back"] == ["Cultist"]


# --- Damage Charts -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "result"), [(1, "Flesh wound"), (30, "Flesh wound"), (31, "Down"), (100, "Down")])
def test_the_players_chart_is_read(roll: int, result: str) -> None:
    # unarmoured Body hit; the damage d100 is read on the player's Chart 1: 01-30 Flesh wound, 31-100 Down
    res = resolve(scenario(charts=[CHART_1], dice=[27, roll]))
    dmg = res["shots"][0]["damage"]
    assert (dmg["chart"], dmg["die"], dmg["roll"], dmg["total"]) == (1, 100, roll, roll)
    assert (dmg["result"], dmg["result_from"]) == (result, "chart")
    assert f"your Chart 1 reads: {result}" in step_text(res, "Shot 1: damage")


def test_through_cover_the_chart_reads_10_higher() -> None:
    # wall 100 + 0 = 100%: no cover roll; damage 25 + 10 = 35: Down
    res = resolve(scenario(charts=[CHART_1], target={"cover": {"chance": 100}}, dice=[27, 25]))
    dmg = res["shots"][0]["damage"]
    assert (dmg["total"], dmg["result"]) == (35, "Down")


@pytest.mark.parametrize(("modifier", "roll", "total", "result"), [(5, 27, 32, "Down"), (-10, 35, 25, "Flesh wound")])
def test_the_damage_modifier_for_s_and_t(modifier: int, roll: int, total: int, result: str) -> None:
    # "Remember to apply any modifications due to S and T": the player enters it from the book
    res = resolve(scenario(charts=[CHART_1], damage_modifier=modifier, dice=[27, roll]))
    dmg = res["shots"][0]["damage"]
    assert [(m["label"], m["value"]) for m in dmg["modifiers"]] == [("S and T", modifier)]
    assert (dmg["total"], dmg["result"]) == (total, result)


def test_a_total_off_the_chart_reads_its_first_or_last_row() -> None:
    # 5 - 20 = -15: the first row; 95 + 10 (cover) = 105: the last
    res = resolve(scenario(charts=[CHART_1], damage_modifier=-20, dice=[27, 5]))
    assert (res["shots"][0]["damage"]["total"], res["shots"][0]["damage"]["result"]) == (-15, "Flesh wound")
    res = resolve(scenario(charts=[CHART_1], target={"cover": {"chance": 100}}, dice=[27, 95]))
    assert (res["shots"][0]["damage"]["total"], res["shots"][0]["damage"]["result"]) == (105, "Down")


def test_the_gms_typed_results_in_order_of_penetrating_hits() -> None:
    # SA, BS 60, unarmoured: both shots hit (27 <= 55, 26 <= 50) and penetrate; the GM's readings apply in
    # order, ahead of the player's chart
    res = resolve(
        scenario(
            attacker={"BS": 60},
            actions=["semi"],
            charts=[CHART_1],
            chart_results=["Arm broken", "Dead"],
            dice=[27, 26, 10, 90],
        )
    )
    assert [(s["damage"]["result"], s["damage"]["result_from"]) for s in res["shots"]] == [
        ("Arm broken", "gm"),
        ("Dead", "gm"),
    ]
    assert "the GM read: Arm broken" in step_text(res, "Shot 1: damage")


def test_a_hit_that_does_not_penetrate_takes_no_typed_result() -> None:
    # SA, BS 60, armour 50%: shot 1 stopped (60), shot 2 penetrates (45), damage 10: it is the first
    # penetrating hit, so it reads the first typed result
    res = resolve(
        scenario(
            attacker={"BS": 60},
            actions=["semi"],
            target={"armour": armour(40)},
            chart_results=["Arm broken", "Dead"],
            dice=[27, 26, 60, 45, 10],
        )
    )
    assert res["shots"][0]["damage"] is None
    assert res["shots"][1]["damage"]["result"] == "Arm broken"


def test_a_blank_typed_result_falls_back_to_the_chart() -> None:
    res = resolve(scenario(charts=[CHART_1], chart_results=["  "], dice=[27, 30]))
    assert (res["shots"][0]["damage"]["result"], res["shots"][0]["damage"]["result_from"]) == ("Flesh wound", "chart")


def test_without_a_chart_the_result_is_left_to_the_book() -> None:
    res = resolve(scenario(dice=[27, 55]))
    dmg = res["shots"][0]["damage"]
    assert (dmg["chart"], dmg["roll"], dmg["result"], dmg["result_from"]) == (1, 55, None, None)
    assert "read Chart 1 in the book" in step_text(res, "Shot 1: damage")


def test_a_chart_may_name_its_own_die() -> None:
    # a d10 chart: the damage die is a d10; 7 reads 6-10: Down
    chart = {"chart": 1, "die": 10, "rows": "1-5: Graze\n6-10: Down"}
    res = resolve(scenario(charts=[chart], dice=[27, 7]))
    assert res["dice"][-1] == {"purpose": "shot 1 damage d10 (Chart 1)", "sides": 10, "value": 7}
    assert res["shots"][0]["damage"]["result"] == "Down"


def test_a_badly_typed_chart_is_refused() -> None:
    errors = errors_of(scenario(charts=[{"chart": 1, "rows": "01-30: Flesh wound\nthirty-one: Down"}], dice=[27, 5]))
    assert list(errors) == ["charts.0.rows"]


# --- which chart ---------------------------------------------------------------------------------------------

CHARTS = [
    {"chart": 1, "rows": "01-100: Chart one"},
    {"chart": 2, "rows": "01-100: Chart two"},
    {"chart": 3, "rows": "01-100: Chart three"},
]


def test_a_gun_rolls_on_chart_1() -> None:
    # a gun without a chart of its own: Chart 1, whatever the firer's own chart (2)
    res = resolve(scenario(attacker={"chart": 2}, charts=CHARTS, dice=[27, 55]))
    assert (res["shots"][0]["damage"]["chart"], res["shots"][0]["damage"]["result"]) == (1, "Chart one")


def test_a_gun_with_its_own_chart() -> None:
    res = resolve(scenario(weapon=weapon(AUTOGUN, chart=3), charts=CHARTS, dice=[27, 55]))
    assert (res["shots"][0]["damage"]["chart"], res["shots"][0]["damage"]["result"]) == (3, "Chart three")
    assert purposes(res)[-1] == "shot 1 damage d100 (Chart 3)"


def test_in_hand_to_hand_the_attackers_chart() -> None:
    # "Humans and human-sized creatures basically roll on Chart 1 and any larger creatures roll for damage on
    # the higher charts": an attacker on Chart 2. WS 40: blow 27 hits (Body); unarmoured, counted as primitive
    # armour at the attacker's WS 40 + the sword's primitive +10 = 50%: 45 penetrates; damage 55 on Chart 2
    res = resolve(scenario(weapon=SWORD, actions=["melee"], attacker={"chart": 2}, charts=CHARTS, dice=[27, 45, 55]))
    dmg = res["shots"][0]["damage"]
    assert (dmg["chart"], dmg["result"]) == (2, "Chart two")
    assert purposes(res)[-1] == "blow 1 damage d100 (Chart 2)"


# --- a roll the player's chart leaves out: said so, never the nearest row ------------------

PART_CHART = {"chart": 1, "rows": "01-30: Flesh wound\n31-70: Down"}  # no rows for 71-100


def off_chart(res: dict[str, Any]) -> tuple[int, str | None, str | None]:
    dmg = res["shots"][0]["damage"]
    return dmg["total"], dmg["result"], dmg["result_from"]


def test_a_roll_the_chart_leaves_out_says_so_instead_of_reading_the_nearest_row() -> None:
    # "a roll not on a chart says so ("86 is not on your chart 1") instead of reading the nearest
    # row". 27 hits, the unarmoured target is penetrated, the damage d100 rolls 86: Chart 1 stops at 70
    res = resolve(scenario(charts=[PART_CHART], dice=[27, 86]))
    assert off_chart(res) == (86, None, "off_chart")
    assert "86 is not on your Chart 1 (its rows cover 01-70): the GM reads it" in step_text(res, "Shot 1: damage")


def test_a_roll_below_a_chart_that_starts_late_is_off_the_chart_too() -> None:
    res = resolve(scenario(charts=[{"chart": 1, "rows": "21-100: Down"}], dice=[27, 5]))
    assert off_chart(res) == (5, None, "off_chart")
    assert "5 is not on your Chart 1 (its rows cover 21-100): the GM reads it" in step_text(res, "Shot 1: damage")


def test_a_modified_total_inside_the_die_but_off_a_part_chart_is_off_the_chart() -> None:
    # 65 + 10 (through cover, seed 000 L213 "add +10 to the damage roll") = 75: a total a d100 can roll,
    # which the chart leaves out
    res = resolve(scenario(charts=[PART_CHART], target={"cover": {"chance": 100}}, dice=[27, 65]))
    assert off_chart(res) == (75, None, "off_chart")


def test_a_total_pushed_past_the_die_reads_the_row_at_the_dies_end_only_if_the_chart_reaches_it() -> None:
    # 95 + 10 (cover) = 105: past the d100; the chart reads as far as 70, so the d100's end (100) is not
    # on it either: off the chart, not its last row (01-70 "Down" was read before)
    res = resolve(scenario(charts=[PART_CHART], target={"cover": {"chance": 100}}, dice=[27, 95]))
    assert off_chart(res) == (105, None, "off_chart")
    assert "105 is not on your Chart 1 (its rows cover 01-70)" in step_text(res, "Shot 1: damage")
    # 5 - 20 (S and T) = -15: below the d100; the chart starts at 21, so its first row does not hold 1
    res = resolve(scenario(charts=[{"chart": 1, "rows": "21-100: Down"}], damage_modifier=-20, dice=[27, 5]))
    assert off_chart(res) == (-15, None, "off_chart")


def test_the_chart_off_a_hit_names_the_chart_it_concerns() -> None:
    charts = [{"chart": 2, "rows": "01-100: Crushed"}, PART_CHART]
    res = resolve(scenario(charts=charts, dice=[27, 86]))
    assert res["shots"][0]["damage"]["chart"] == 1
    assert off_chart(res) == (86, None, "off_chart")


def test_the_gms_reading_answers_a_roll_the_chart_leaves_out() -> None:
    res = resolve(scenario(charts=[PART_CHART], chart_results=["Killed outright"], dice=[27, 86]))
    assert (res["shots"][0]["damage"]["total"], res["shots"][0]["damage"]["result"]) == (86, "Killed outright")


def test_a_roll_on_the_part_the_chart_covers_reads_its_row() -> None:
    res = resolve(scenario(charts=[PART_CHART], dice=[27, 70]))
    assert res["shots"][0]["damage"]["result"] == "Down"
