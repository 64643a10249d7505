"""The fan-made Warhammer 40,000 Roleplay: targeting (cover, light, target size), area effect, following fire.

Seed 000, Targeting: "A character who is behind cover cannot be seen at ranges greater than those given
in the Cover Table below, unless they use specialist equipment ... A character who is completely hidden
behind cover cannot be seen at all. However, a character who fires a weapon reveals his position ... can
be targeted as normal and can even be seen at greater ranges." The Cover Table (run together in the
seed, read row by row): observing round a corner 40 m, over a corner 30 m, aiming from a corner 80 m,
standing from cover 60 m, kneeling from cover 50 m, standing from a window 40 m, kneeling from a window
30 m. "Small targets ... cannot be normally aimed at at distances over 50m without the use of some form
of targeting equipment. Normal targets ... up to 300m ... Large targets ... automatically hit at ranges up
to 100m (but remember to check for weapon malfunction)". "Twilight: All target location distances are
halved. Night: ... nothing can be seen at distances greater than 3 metres without some form of
illumination or infrared device." Illumination: head-lamp 150 m, searchlight 250 m, flashlight 15 m.
Area Effect Fire: "If the shot misses ... roll a D12 and workout the direction of deviation based on a
clock-face principle. The shot travels D10 metres". Following Fire: "The new target must be within 8
metres of the previous one and must be visible to the firer".

Readings (module docstring): twilight halves every targeting distance (the 100 m automatic hit too); a
lit target within the light's reach and an infrared device count as daylight; a target that gave itself
away (``revealed``) is not hidden by the Cover Table's limit or the dark.

Defaults (wh40krp_scenarios): BS 40, a single shot, 90 misses. The Heavy stubber (400 m, half 200 m) is
used where a distance beyond the Autogun's 100 m is needed.
"""

from __future__ import annotations

from typing import Any

import pytest
from wh40krp_scenarios import (
    GRENADE_LAUNCHER,
    HEAVY_STUBBER,
    chances,
    errors_of,
    mods,
    purposes,
    resolve,
    scenario,
    step_text,
)

COVER_TABLE = [
    ("round_corner", 40),
    ("over_corner", 30),
    ("corner_fire", 80),
    ("cover_standing", 60),
    ("cover_kneeling", 50),
    ("window_standing", 40),
    ("window_kneeling", 30),
]

# --- the Cover Table ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("exposure", "limit"), COVER_TABLE)
def test_cover_table_limit_is_a_shot_at_partially_hidden(exposure: str, limit: int) -> None:
    # at the table's distance the target is seen: BS 40 - 20 (partially hidden) = 20
    res = resolve(scenario(weapon=HEAVY_STUBBER, distance=limit, target={"exposure": exposure}, dice=[90]))
    assert mods(res["shots"][0]) == [("Target is partially hidden", -20)]
    assert chances(res) == [20]
    assert f"seen up to {limit} m" in step_text(res, "Targeting")


@pytest.mark.parametrize(("exposure", "limit"), COVER_TABLE)
def test_beyond_the_cover_table_is_refused(exposure: str, limit: int) -> None:
    errors = errors_of(scenario(weapon=HEAVY_STUBBER, distance=limit + 1, target={"exposure": exposure}))
    assert list(errors) == ["target.exposure"]
    assert f"seen up to {limit} m, not {limit + 1} m" in errors["target.exposure"]


@pytest.mark.parametrize(("exposure", "limit"), COVER_TABLE)
def test_twilight_halves_the_cover_table(exposure: str, limit: int) -> None:
    # "Twilight: All target location distances are halved"
    half = limit // 2
    resolve(scenario(weapon=HEAVY_STUBBER, distance=half, light="twilight", target={"exposure": exposure}, dice=[90]))
    errors = errors_of(
        scenario(weapon=HEAVY_STUBBER, distance=half + 1, light="twilight", target={"exposure": exposure})
    )
    assert f"seen up to {half} m" in errors["target.exposure"]


@pytest.mark.parametrize("lift", [{"target": {"revealed": True}}, {"equipment": True}])
def test_revealed_or_equipment_lifts_the_cover_table(lift: dict[str, Any]) -> None:
    # standing from cover (60 m) at 200 m: seen, because he fired/shouted (revealed) or with specialist
    # equipment; still partially hidden: 40 - 20 = 20
    target = {"exposure": "cover_standing", **lift.get("target", {})}
    extra = {k: v for k, v in lift.items() if k != "target"}
    res = resolve(scenario(weapon=HEAVY_STUBBER, distance=200, target=target, dice=[90], **extra))
    assert chances(res) == [20]
    assert "seen at any range" in step_text(res, "Targeting")


@pytest.mark.parametrize("revealed", [False, True])
def test_a_completely_hidden_target_is_refused(revealed: bool) -> None:
    # "A character who is completely hidden behind cover cannot be seen at all", even at 2 m
    errors = errors_of(scenario(distance=2, target={"exposure": "hidden", "revealed": revealed}))
    assert list(errors) == ["target.exposure"]


# --- target size -------------------------------------------------------------------------------------------


def test_a_small_target_up_to_50_m() -> None:
    # at 50 m (short range for the Autogun): 40 - 10 (small) = 30
    res = resolve(scenario(distance=50, target={"size": "small"}, dice=[90]))
    assert chances(res) == [30]


def test_a_small_target_beyond_50_m_is_refused_without_equipment() -> None:
    errors = errors_of(scenario(distance=51, target={"size": "small"}))
    assert list(errors) == ["target.size"]
    assert "50 m" in errors["target.size"]
    # with targeting equipment: 40 - 10 (small) - 10 (long range, 51 > 50) = 20
    res = resolve(scenario(distance=51, equipment=True, target={"size": "small"}, dice=[90]))
    assert chances(res) == [20]


def test_a_normal_target_up_to_300_m() -> None:
    resolve(scenario(weapon=HEAVY_STUBBER, distance=300, dice=[90]))
    errors = errors_of(scenario(weapon=HEAVY_STUBBER, distance=301))
    assert list(errors) == ["action.distance"]
    assert "up to 300 m" in errors["action.distance"]


def test_twilight_halves_the_size_limits() -> None:
    # small 50 -> 25 m; normal 300 -> 150 m
    resolve(scenario(distance=25, light="twilight", target={"size": "small"}, dice=[90]))
    assert list(errors_of(scenario(distance=26, light="twilight", target={"size": "small"}))) == ["target.size"]
    resolve(scenario(weapon=HEAVY_STUBBER, distance=150, light="twilight", dice=[90]))
    errors = errors_of(scenario(weapon=HEAVY_STUBBER, distance=151, light="twilight"))
    assert "up to 150 m" in errors["action.distance"]


def test_a_large_target_is_hit_automatically_within_100_m() -> None:
    # BS 40 + 10 (large) = 50%; 95 would miss, but within 100 m the shot hits automatically; the die
    # still gives the location: 95 reversed, 59: Body. Unarmoured: damage d100 50
    res = resolve(scenario(target={"size": "large"}, dice=[95, 50]))
    shot = res["shots"][0]
    assert (shot["chance"], shot["roll"], shot["hit"], shot["automatic"], shot["location"]) == (
        50,
        95,
        True,
        True,
        "Body",
    )
    assert "hit automatically" in step_text(res, "Shot 1: to hit")


def test_a_large_target_hit_automatically_still_jams_on_98() -> None:
    # "but remember to check for weapon malfunction"
    res = resolve(scenario(target={"size": "large"}, dice=[98]))
    shot = res["shots"][0]
    assert (shot["hit"], shot["automatic"], shot["jammed"], res["outcome"]) == (False, False, True, "jam")


def test_a_large_target_hit_automatically_still_jams_on_a_double_on_automatic() -> None:
    res = resolve(scenario(target={"size": "large"}, actions=["auto"], dice=[44]))
    assert res["shots"][0]["jammed"] is True


@pytest.mark.parametrize(
    ("distance", "light", "automatic"),
    [(100, "day", True), (101, "day", False), (50, "twilight", True), (51, "twilight", False)],
)
def test_the_automatic_hit_reaches_100_m(distance: float, light: str, automatic: bool) -> None:
    # Heavy stubber at 100 m or less (50 m in twilight): automatic; beyond it 95 is rolled against 50%: a miss
    dice = [95, 50] if automatic else [95]
    res = resolve(scenario(weapon=HEAVY_STUBBER, distance=distance, light=light, target={"size": "large"}, dice=dice))
    assert (res["shots"][0]["automatic"], res["shots"][0]["hit"]) == (automatic, automatic)


# --- light -------------------------------------------------------------------------------------------------


def test_at_night_within_3_m() -> None:
    resolve(scenario(distance=3, light="night", dice=[90]))
    errors = errors_of(scenario(distance=4, light="night"))
    assert list(errors) == ["action.light"]
    assert "3 m" in errors["action.light"]


@pytest.mark.parametrize(("source", "reach"), [("flashlight", 15), ("head-lamp", 150), ("searchlight", 250)])
def test_at_night_a_light_reaches_its_range(source: str, reach: int) -> None:
    # lit within reach: fired at as in daylight; one metre further the target is in the dark
    resolve(scenario(weapon=HEAVY_STUBBER, distance=reach, light="night", illumination=source, dice=[90]))
    errors = errors_of(scenario(weapon=HEAVY_STUBBER, distance=reach + 1, light="night", illumination=source))
    assert list(errors) == ["action.light"]


def test_at_night_infrared_sees_as_by_day() -> None:
    # an infrared device: the normal target's 300 m, no halving; 40 - 10 (long range: 300 > 200) = 30
    res = resolve(scenario(weapon=HEAVY_STUBBER, distance=300, light="night", illumination="infrared", dice=[90]))
    assert chances(res) == [30]


def test_at_night_a_revealed_target_can_be_shot_at() -> None:
    # the model's reading: a target that fired or showed a light gives itself away, even in the dark
    res = resolve(scenario(weapon=HEAVY_STUBBER, distance=100, light="night", target={"revealed": True}, dice=[90]))
    assert "gives itself away" in step_text(res, "Targeting")


def test_a_light_in_reach_lifts_twilight() -> None:
    # twilight at 200 m: a normal target is seen to 150 m only; a searchlight (250 m) lights it as by day,
    # a head-lamp (150 m) does not reach it
    errors = errors_of(scenario(weapon=HEAVY_STUBBER, distance=200, light="twilight", illumination="head-lamp"))
    assert "up to 150 m" in errors["action.distance"]
    resolve(scenario(weapon=HEAVY_STUBBER, distance=200, light="twilight", illumination="searchlight", dice=[90]))


# --- area effect -------------------------------------------------------------------------------------------


def test_an_area_effect_miss_deviates() -> None:
    # grenade launcher, BS 40 at 30 m: 90 misses; d12 3 (3 o'clock), d10 7: it lands 7 m from the target
    res = resolve(scenario(weapon=GRENADE_LAUNCHER, distance=30, dice=[90, 3, 7]))
    assert res["shots"][0]["landed"] == {"clock": 3, "metres": 7, "note": None}
    assert [(d["purpose"], d["sides"], d["value"]) for d in res["dice"]] == [
        ("shot 1 to-hit d100 (Cultist)", 100, 90),
        ("shot 1 deviation direction d12 (clock face)", 12, 3),
        ("shot 1 deviation distance d10 (metres)", 10, 7),
    ]


def test_an_area_effect_hit_does_not_deviate() -> None:
    # 20 hits (reversed 02: Head): centred on the target; damage d100 50
    res = resolve(scenario(weapon=GRENADE_LAUNCHER, distance=30, dice=[20, 50]))
    assert (res["shots"][0]["hit"], res["shots"][0]["landed"]) == (True, None)


def test_an_area_effect_jam_does_not_deviate() -> None:
    res = resolve(scenario(weapon=GRENADE_LAUNCHER, distance=30, dice=[98]))
    assert (res["jammed"], res["shots"][0]["landed"]) == (True, None)


def test_the_deviation_is_rolled_right_after_its_to_hit_roll() -> None:
    # two single shots: shot 1 misses (90) and deviates (d12 3, d10 7) before shot 2 is rolled (20 hits: Head,
    # damage 50)
    res = resolve(scenario(weapon=GRENADE_LAUNCHER, distance=30, actions=["single", "single"], dice=[90, 3, 7, 20, 50]))
    assert purposes(res) == [
        "shot 1 to-hit d100 (Cultist)",
        "shot 1 deviation direction d12 (clock face)",
        "shot 1 deviation distance d10 (metres)",
        "shot 2 to-hit d100 (Cultist)",
        "shot 2 damage d100 (Chart 1)",
    ]


def test_a_deviation_back_onto_the_firer_is_noted() -> None:
    # "This deviation should not cause the shot to land on the firer unless the GM rules otherwise":
    # at 6 m, 6 o'clock (back towards the firer) and 7 m would reach him; 5 m would not
    res = resolve(scenario(weapon=GRENADE_LAUNCHER, distance=6, dice=[90, 6, 7]))
    assert "back onto the firer" in res["shots"][0]["landed"]["note"]
    res = resolve(scenario(weapon=GRENADE_LAUNCHER, distance=6, dice=[90, 6, 5]))
    assert res["shots"][0]["landed"]["note"] is None


# --- following fire ----------------------------------------------------------------------------------------

HERETIC = {"name": "Heretic", "gap": 5}
MUTANT = {"name": "Mutant", "gap": 6}


def test_following_fire_swings_to_the_next_target() -> None:
    # SA, swinging after shot 1: shot 1 at the Cultist 40 - 5 = 35%, shot 2 at the Heretic 40 - 10 = 30%
    res = resolve(scenario(actions=[{"kind": "semi", "follow": [1]}], target={"others": [HERETIC]}, dice=[90, 90]))
    assert [(s["target"], s["target_index"], s["chance"]) for s in res["shots"]] == [
        ("Cultist", 0, 35),
        ("Heretic", 1, 30),
    ]
    assert (
        step_text(res, "Following fire") == "After shot 1 the weapon swings onto Heretic, 5 m from the previous target."
    )


def test_following_fire_on_automatic_across_two_targets() -> None:
    # A, BS 60, swinging after shots 1 and 3: Cultist 50%, Heretic 40%, Heretic 30%, Mutant (6 m from the
    # Heretic) 20%: the recoil carries on across the swing
    res = resolve(
        scenario(
            attacker={"BS": 60},
            actions=[{"kind": "auto", "follow": [1, 3]}],
            target={"others": [HERETIC, MUTANT]},
            dice=[90] * 4,
        )
    )
    assert [(s["target"], s["chance"]) for s in res["shots"]] == [
        ("Cultist", 50),
        ("Heretic", 40),
        ("Heretic", 30),
        ("Mutant", 20),
    ]


def test_damage_is_worked_out_once_every_hit_is_allocated() -> None:
    # "Damage is not worked out until all of the hits have been allocated": SA following fire, shot 1 at the
    # Cultist 35%: 30 hits (reversed 03: Head); shot 2 at the Heretic 30%: 25 hits (52: Left Arm); then the
    # damage d100s, 50 and 60
    res = resolve(
        scenario(actions=[{"kind": "semi", "follow": [1]}], target={"others": [HERETIC]}, dice=[30, 25, 50, 60])
    )
    assert purposes(res) == [
        "shot 1 to-hit d100 (Cultist)",
        "shot 2 to-hit d100 (Heretic)",
        "shot 1 damage d100 (Chart 1)",
        "shot 2 damage d100 (Chart 1)",
    ]
    assert [(s["target"], s["location"]) for s in res["shots"]] == [("Cultist", "Head"), ("Heretic", "Left Arm")]


def test_following_fire_within_8_m() -> None:
    # 8 m is within reach; 8.5 m is not
    resolve(scenario(actions=[{"kind": "semi", "follow": [1]}], target={"others": [{"gap": 8}]}, dice=[90, 90]))
    errors = errors_of(scenario(actions=[{"kind": "semi", "follow": [1]}], target={"others": [{"gap": 8.5}]}))
    assert list(errors) == ["target.others.0.gap"]
    assert "8 m" in errors["target.others.0.gap"]


def test_following_fire_gap_is_from_the_previous_target() -> None:
    # swinging twice: the second other is 9 m from the first other: refused at its gap
    errors = errors_of(
        scenario(
            attacker={"BS": 60},
            actions=[{"kind": "auto", "follow": [1, 2]}],
            target={"others": [HERETIC, {"name": "Mutant", "gap": 9}]},
        )
    )
    assert list(errors) == ["target.others.1.gap"]


def test_following_fire_needs_semi_or_automatic() -> None:
    errors = errors_of(scenario(actions=[{"kind": "single", "follow": [1]}], target={"others": [HERETIC]}))
    assert list(errors) == ["action.actions.0.follow"]


def test_following_fire_swings_after_a_shot_it_fires() -> None:
    # SA fires 2 shots: swinging "after shot 2" would be after the last
    errors = errors_of(scenario(actions=[{"kind": "semi", "follow": [2]}], target={"others": [HERETIC]}))
    assert list(errors) == ["action.actions.0.follow"]


def test_following_fire_needs_another_target() -> None:
    errors = errors_of(scenario(actions=[{"kind": "semi", "follow": [1]}]))
    assert list(errors) == ["action.actions.0.follow"]


def test_the_new_target_must_be_visible() -> None:
    # "must be visible to the firer": a completely hidden other is refused before any die
    errors = errors_of(
        scenario(actions=[{"kind": "semi", "follow": [1]}], target={"others": [{**HERETIC, "exposure": "hidden"}]})
    )
    assert list(errors) == ["target.others.0.exposure"]


def test_the_new_target_has_its_own_distance() -> None:
    # the Heretic is 60 m from the firer (long range for the Autogun): shot 2 is at 40 - 10 - 10 = 20%
    res = resolve(
        scenario(
            actions=[{"kind": "semi", "follow": [1]}],
            target={"others": [{**HERETIC, "distance": 60}]},
            dice=[90, 90],
        )
    )
    assert chances(res) == [35, 20]
    errors = errors_of(
        scenario(actions=[{"kind": "semi", "follow": [1]}], target={"others": [{**HERETIC, "distance": 120}]})
    )
    assert list(errors) == ["target.others.0.distance"]
