"""render.py on CPython: hand-made resolutions in, the HTML a player reads out."""

from __future__ import annotations

import re
import time
from html import escape
from typing import Any

from auspex_web.render import MAX_DICE, MAX_HITS, MAX_STEPS, render_resolution

from rules.d100.models import Resolution

HOSTILE = "<script>alert(1)</script>"
LASGUN_HIT: dict[str, Any] = {
    "number": 1,
    "location": "Body",
    "dice": [{"sides": 10, "natural": 4, "value": 4}],
    "damage": 7,
    "armour": 2,
    "penetration": 0,
    "effective_armour": 2,
    "toughness_bonus": 3,
    "wounds": 2,
}


def resolution(**changes: Any) -> Resolution:
    """A Standard Attack with a lasgun that hit the Body for 2 wounds; ``changes`` override fields."""
    base: dict[str, Any] = {
        "system": "dh2",
        "attacker": "Guardsman",
        "target": "Cultist",
        "weapon": "Lasgun",
        "action": "Standard Attack",
        "outcome": "hit",
        "characteristic": "BS",
        "characteristic_value": 45,
        "modifiers": [
            {"label": "Standard Attack", "value": 10, "source": "seed 004, Step One"},
            {"label": "Fog", "value": -20, "source": "extra modifier"},
        ],
        "modifier_total": -10,
        "target_number": 35,
        "roll": 23,
        "success": True,
        "degrees": 2,
        "jammed": False,
        "range_band": "Short",
        "rounds_fired": 1,
        "rounds_left": 59,
        "hits_scored": 1,
        "hits": [LASGUN_HIT],
        "total_wounds": 2,
        "damage_taken_after": 2,
        "dice": [
            {"purpose": "to-hit d100", "sides": 100, "value": 23},
            {"purpose": "hit 1 damage d10", "sides": 10, "value": 4},
        ],
        "steps": [
            {"rule": "Step Two: test", "source": "seed 004, Step Two", "detail": "BS 45 -10 = 35; rolled 23."},
            {
                "rule": "Step Three: hit location",
                "source": "seed 004, Step Three",
                "detail": "23 reversed is 32: Body.",
            },
        ],
    }
    base.update(changes)
    return Resolution.model_validate(base)


def k(html: str, key: str) -> list[str]:
    """The text of every element marked ``data-k="key"`` (inner tags stripped)."""
    found = re.findall(rf'<(\w+) data-k="{key}">(.*?)</\1>', html, flags=re.S)
    return [re.sub(r"<[^>]+>", "", inner) for _, inner in found]


def test_hit_shows_test_line_and_one_card() -> None:
    html = render_resolution(resolution())
    assert k(html, "outcome") == ["Hit"]
    assert k(html, "hits") == ["1 hit"]
    assert k(html, "total-wounds") == ["2 wounds"]
    assert k(html, "characteristic-value") == ["45"]
    assert k(html, "target-number") == ["35"]
    assert k(html, "roll") == ["23"]
    assert k(html, "degrees") == ["2 DoS"]
    assert 'Fog</th><td class="num">\u221220</td>' in html
    assert 'Standard Attack</th><td class="num">+10</td>' in html
    assert html.count('<article class="hit"') == 1
    assert k(html, "location") == ["Body"]
    assert k(html, "damage") == ["7"]
    assert k(html, "effective-armour") == ["2"]
    assert k(html, "toughness-bonus") == ["3"]
    assert k(html, "wounds") == ["2"]
    assert "dice 4 + 3" in html
    assert "2 AP \u2212 Pen 0" in html
    assert "critical-damage" not in html  # nothing to report


def test_accepts_the_json_dict_as_well_as_the_model() -> None:
    r = resolution()
    assert render_resolution(r.model_dump(mode="json")) == render_resolution(r)


def test_hostile_names_are_escaped_everywhere() -> None:
    r = resolution(
        attacker=HOSTILE,
        target=HOSTILE,
        weapon=HOSTILE,
        action=HOSTILE,
        modifiers=[{"label": HOSTILE, "value": -10, "source": HOSTILE}],
        steps=[{"rule": HOSTILE, "source": HOSTILE, "detail": HOSTILE}],
        dice=[{"purpose": HOSTILE, "sides": 100, "value": 23}],
    )
    html = render_resolution(r)
    assert "<script" not in html
    assert "alert(1)" in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 8


def test_several_hits_with_tearing_degrees_fury_and_critical() -> None:
    hits = [
        {
            "number": 1,
            "location": "Head",
            "dice": [
                {"sides": 10, "natural": 10, "value": 10},
                {"sides": 10, "natural": 2, "value": 2, "kept": False},
            ],
            "damage": 13,
            "armour": 0,
            "penetration": 0,
            "effective_armour": 0,
            "toughness_bonus": 3,
            "wounds": 10,
            "righteous_fury": {"critical_effect": 3, "table": "Energy Critical Effects - Head"},
            "critical": {"amount": 2, "total": 2, "damage_type": "E", "location": "Head"},
        },
        {
            "number": 2,
            "location": "Right Arm",
            "dice": [{"sides": 10, "natural": 1, "value": 4, "replaced_by_degrees": True}],
            "damage": 7,
            "armour": 2,
            "penetration": 0,
            "effective_armour": 2,
            "toughness_bonus": 3,
            "wounds": 2,
        },
    ]
    r = resolution(action="Semi-Auto Burst", hits=hits, hits_scored=2, total_wounds=12, critical_damage=2, degrees=4)
    html = render_resolution(r)
    assert k(html, "hits") == ["2 hits"]
    assert k(html, "total-wounds") == ["12 wounds"]
    assert k(html, "critical-damage") == ["2 of them critical"]
    assert html.count('<article class="hit"') == 2
    assert k(html, "location") == ["Head", "Right Arm"]
    # Tearing's dropped die, the natural 10, the die the degrees replaced
    assert 'class="die dropped"' in html
    assert 'class="die natural-ten"' in html
    assert '<li class="die replaced"><span class="face"><s>1</s>\u21924</span>' in html
    assert "replaced by the degrees of success: 4" in html
    assert k(html, "righteous-fury") == ["critical effect 3 on Energy Critical Effects - Head"]
    assert k(html, "critical") == ["2"]
    assert "(Energy, Head), 2 in all" in html


def test_righteous_fury_extra_wound_and_slain_troop() -> None:
    hit = {**LASGUN_HIT, "wounds": 1, "righteous_fury": {"extra_wound": True, "slain": True}}
    html = render_resolution(resolution(hits=[hit], slain=True))
    assert k(html, "righteous-fury") == ["1 extra wound, ignoring armour and TB; the target is slain"]
    assert k(html, "slain") == ["target slain"]


def test_a_d5_die_shows_the_d10_it_was_rolled_on() -> None:
    hit = {**LASGUN_HIT, "dice": [{"sides": 5, "natural": 7, "value": 4}]}
    html = render_resolution(resolution(hits=[hit]))
    assert '<span class="face">4</span><small>d5: the d10 showed 7</small>' in html


def test_miss_headline_has_no_hit_cards() -> None:
    html = render_resolution(
        resolution(outcome="miss", roll=78, success=False, degrees=-4, hits=[], hits_scored=0, total_wounds=0)
    )
    assert k(html, "outcome") == ["Miss"]
    assert "no hit (4 DoF)" in html
    assert k(html, "degrees") == ["4 DoF"]
    assert k(html, "verdict") == ["failure"]
    assert '<article class="hit"' not in html
    assert "outcome-miss" in html


def test_jam_headline() -> None:
    html = render_resolution(
        resolution(outcome="jam", roll=97, success=False, degrees=-6, jammed=True, hits=[], total_wounds=0)
    )
    assert k(html, "degrees") == ["6 DoF"]
    assert k(html, "outcome") == ["Jammed"]
    assert "Lasgun jams: the attack misses" in html
    assert "the weapon jammed" in html
    assert '<article class="hit"' not in html


def test_jam_under_the_target_number_says_jammed_not_failure() -> None:
    # Seed 004, Weapon Jams: an unmodified 96-100 jams even when it is under the target number.
    # BS 80 +20 = 100, roll 96 -> the test would pass (10 - 9 + 1 = 2 DoS) but the weapon jams.
    from dh2_scenarios import LASGUN, scenario

    from rules import run

    out = run(scenario(LASGUN, BS=80, distance=20, dice=[96]))  # +10 Standard, +10 Short range
    res = out["resolution"]
    assert (res["outcome"], res["success"], res["degrees"]) == ("jam", False, 2)
    html = render_resolution(res)
    assert k(html, "verdict") == ["jammed"]
    assert k(html, "degrees") == ["2 DoS"]
    assert "failure" not in html.split("Step log")[0]


def test_evaded_headline_counts_negated_hits() -> None:
    html = render_resolution(resolution(outcome="evaded", hits=[], hits_scored=1, hits_negated=1, total_wounds=0))
    assert k(html, "outcome") == ["Evaded"]
    assert k(html, "hits") == ["0 hits (1 evaded)"]
    assert k(html, "total-wounds") == ["0 wounds"]


def test_capped_modifiers_say_so() -> None:
    mods = [
        {"label": "All Out Attack", "value": 30, "source": "s"},
        {"label": "Aim (full)", "value": 20, "source": "s"},
        {"label": "Point blank", "value": 30, "source": "s"},
    ]
    html = render_resolution(resolution(modifiers=mods, modifier_total=60, target_number=100))
    assert "Total modifier, capped" in html
    assert "the modifiers add to +80; a test takes at most +60 or \u221260" in html
    assert "capped" not in render_resolution(resolution())


def test_step_log_lists_rule_detail_and_source_in_order() -> None:
    html = render_resolution(resolution())
    steps = re.findall(
        r'<li><strong class="rule">(.*?)</strong> <span class="detail">(.*?)</span> <cite class="source"[^>]*>(.*?)</cite></li>',
        html,
    )
    assert steps == [
        ("Step Two: test", "BS 45 -10 = 35; rolled 23.", "Dark Heresy 2nd ed., The Attack, Step Two"),
        ("Step Three: hit location", "23 reversed is 32: Body.", "Dark Heresy 2nd ed., The Attack, Step Three"),
    ]


def test_dice_log_and_seed() -> None:
    html = render_resolution(resolution(seed=12345))
    assert k(html, "seed") == ["12345"]
    assert '<td>to-hit d100</td><td>d100</td><td class="num">23</td>' in html
    assert 'data-k="seed"' not in render_resolution(resolution())


def test_render_names_the_tests_a_quality_makes_the_target_take() -> None:
    html = render_resolution(
        resolution(
            target_tests=[
                {
                    "quality": "Toxic",
                    "hit": 1,
                    "characteristic": "T",
                    "modifier": -10,
                    "target": 20,
                    "roll": 57,
                    "success": False,
                    "degrees": -4,
                    "effect": "1d10 more damage",
                },
                {
                    "quality": "Snare",
                    "person": 2,
                    "hit": 3,
                    "characteristic": "Ag",
                    "modifier": -20,
                    "effect": f"Immobilised {HOSTILE}",
                },
            ]
        )
    )
    assert "Toxic: target, hit 1 tests T \u221210 \u2014 rolled 57 against 20: failed, 1d10 more damage" in html
    assert "Snare: person 2, hit 3 tests Ag \u221220 \u2014 the GM rolls it" in html
    assert HOSTILE not in html


def test_render_marks_hits_on_others_in_a_blast_apart_from_the_target() -> None:
    other = {**LASGUN_HIT, "number": 2, "person": 1, "location": "Head", "wounds": 5}
    html = render_resolution(resolution(hits=[LASGUN_HIT, other], total_wounds=2))
    assert "Hit 2 (person 1 in the blast)" in html
    assert '<span data-k="hits">1 hit</span>' in html  # the target's own hits
    assert '<span data-k="others-hit">1 other hit</span>' in html


def test_render_shows_dh1_righteous_fury_damage_and_its_confirmation() -> None:
    hit = {
        **LASGUN_HIT,
        "wounds": 6,
        "righteous_fury": {"confirm_roll": 30, "confirmed": True, "extra_damage": [10, 4]},
    }
    html = render_resolution(resolution(hits=[hit], total_wounds=6))
    assert '<span data-k="righteous-fury">+10 + 4 damage (confirmed: 30)</span>' in html
    assert "7 + 14 \u2212 2 \u2212 3" in html
    unconfirmed = {**LASGUN_HIT, "righteous_fury": {"confirm_roll": 88, "confirmed": False}}
    assert "not confirmed (the attack test again: 88)" in render_resolution(resolution(hits=[unconfirmed]))


def test_render_a_dh1_bare_success_has_zero_degrees_of_success() -> None:
    html = render_resolution(resolution(system="dh1", degrees=0, roll=33, target_number=35))
    assert '<strong data-k="degrees">0 DoS</strong>' in html


def test_render_flame_shows_the_targets_agility_test_instead_of_an_attack_test() -> None:
    html = render_resolution(
        resolution(characteristic="Ag (target)", characteristic_value=30, target_number=30, roll=45, degrees=0)
    )
    assert "<h3>No attack test</h3>" in html
    assert (
        'The target tests Agility: roll <strong data-k="roll">45</strong> against <span data-k="target-number">30</span>'
        in html
    )
    assert '<span data-k="verdict">the target is struck</span>' in html
    assert "BS test" not in html


def horde_hit(number: int, wounds: int) -> dict[str, Any]:
    return {**LASGUN_HIT, "number": number, "location": "Horde", "wounds": wounds, "magnitude": 1 if wounds else 0}


def test_a_horde_result_says_the_magnitude_lost_and_left_instead_of_wounds() -> None:
    r = resolution(
        system="dw",
        target="Cultist horde",
        hits=[horde_hit(1, 4), horde_hit(2, 0), horde_hit(3, 2)],
        hits_scored=3,
        horde={
            "magnitude_before": 30,
            "hits": 3,
            "damaging_hits": 2,
            "magnitude_lost": 2,
            "magnitude_after": 28,
            "destroyed": False,
        },
    )
    html = render_resolution(r)
    assert k(html, "hits") == ["3 hits"]
    assert k(html, "magnitude-lost") == ["Magnitude \u22122"]
    assert k(html, "magnitude-left") == ["28 of 30 left"]
    assert k(html, "total-wounds") == []  # a Horde has Magnitude, not wounds
    assert k(html, "magnitude") == ["takes 1 Magnitude", "no damage through: no Magnitude", "takes 1 Magnitude"]


def test_a_destroyed_horde_is_named_so() -> None:
    r = resolution(
        system="dw",
        hits=[horde_hit(1, 4)],
        horde={
            "magnitude_before": 1,
            "hits": 1,
            "damaging_hits": 1,
            "magnitude_lost": 1,
            "magnitude_after": 0,
            "destroyed": True,
        },
    )
    assert k(render_resolution(r), "magnitude-left") == ["the Horde is destroyed"]


def test_the_deathwatch_damage_state_and_a_nearby_foes_hit_are_shown() -> None:
    foe_hit = {**LASGUN_HIT, "number": 2, "person": 1, "name": HOSTILE, "location": "Head"}
    html = render_resolution(resolution(system="dw", damage_state="Heavily Damaged", hits=[LASGUN_HIT, foe_hit]))
    assert k(html, "damage-state") == ["Heavily Damaged"]
    assert k(html, "others-hit") == ["1 other hit"]
    assert "Hit 2 (&lt;script&gt;alert(1)&lt;/script&gt;)" in html
    assert "<script" not in html


LOCATIONS = ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"]


def many_hits(n: int) -> Resolution:
    """A Blast that scored ``n`` hits on the target, each 2 wounds, round the locations; with two
    dice and three steps per hit."""
    hits = [{**LASGUN_HIT, "number": i + 1, "location": LOCATIONS[i % 6]} for i in range(n)]
    dice = [{"purpose": f"hit {i // 2 + 1} damage d10", "sides": 10, "value": 4} for i in range(2 * n)]
    steps = [{"rule": f"Hit {i // 3 + 1}", "source": "seed 004", "detail": "2 wounds."} for i in range(3 * n)]
    return resolution(hits=hits, hits_scored=n, total_wounds=2 * n, dice=dice, steps=steps)


def test_a_result_of_5000_hits_is_summarised_quickly_and_its_html_bounded() -> None:
    r = many_hits(5000)
    start = time.perf_counter()
    html = render_resolution(r)
    took = time.perf_counter() - start
    assert took < 0.5, took  # 38 s on the page before (30,000 hits drawn one card each)
    assert len(html) < 150_000, len(html)
    assert html.count('<article class="hit"') == MAX_HITS
    assert k(html, "hits") == ["5000 hits"]
    assert k(html, "more-hits") == ["and 4,950 more hits: totals above"]
    assert k(html, "more-dice") == [f"and {10_000 - MAX_DICE:,} more dice (10,000 in all)"]
    assert k(html, "more-steps") == [f"and {15_000 - MAX_STEPS:,} more steps"]
    # the totals hold every hit: 5000 round six locations (834 on the first two, 833 on the rest)
    totals = re.search(r'data-k="hit-totals">(.*?)</section>', html, flags=re.S)
    assert totals is not None
    rows = re.findall(r'<th scope="row">([^<]+)</th>((?:<td class="num">[^<]+</td>)+)', totals.group(1))
    table = {label: re.findall(r">([^<]+)<", cells) for label, cells in rows}
    assert table["Head"] == ["834", "1,668", "0"]
    assert table["Left Leg"] == ["833", "1,666", "0"]
    assert table["All hits"] == ["5,000", "10,000", "0"]


def test_the_size_of_a_summarised_result_does_not_grow_with_its_hits() -> None:
    small = len(render_resolution(many_hits(MAX_STEPS)))  # every list past its limit
    large = len(render_resolution(many_hits(4000)))
    assert large < small + 2_000, (small, large)  # the same cards and rows; only the counts' digits differ


def test_up_to_the_limit_every_hit_is_drawn_and_nothing_is_summarised() -> None:
    html = render_resolution(many_hits(MAX_HITS))
    assert html.count('<article class="hit"') == MAX_HITS
    assert "hit-totals" not in html
    assert "more-hits" not in html


def test_the_totals_of_a_large_horde_shot_count_the_magnitude_and_escape_names() -> None:
    hits = [{**horde_hit(i + 1, 4 if i % 4 else 0)} for i in range(400)]
    hits += [{**LASGUN_HIT, "number": 401 + i, "person": 1, "name": HOSTILE} for i in range(3)]
    r = resolution(
        system="dw",
        hits=hits,
        hits_scored=403,
        horde={
            "magnitude_before": 500,
            "hits": 400,
            "damaging_hits": 300,
            "magnitude_lost": 300,
            "magnitude_after": 200,
            "destroyed": False,
        },
    )
    html = render_resolution(r)
    assert HOSTILE not in html
    assert f"Body ({escape(HOSTILE)})" in html
    assert re.search(
        r'Horde</th><td class="num">400</td><td class="num">1,200</td><td class="num">0</td>'
        r'<td class="num">300</td>',
        html,
    )
    # the column counts damaging hits (each takes 1 Magnitude until none is left): it is not the
    # Magnitude lost, which the headline gives and which can be less (a Horde of 500 hit 600 times)
    assert "<th>damaging hits</th>" in html
    assert "<th>Magnitude</th>" not in html


def test_two_weapon_fighting_shows_the_second_attack_under_the_first() -> None:
    # seed 004, Two-Weapon Fighting: each attack resolved on its own, with its own dice and steps.
    second = resolution(
        weapon=HOSTILE, roll=77, dice=[{"purpose": "second weapon: to-hit d100", "sides": 100, "value": 77}]
    )
    html = render_resolution(resolution(second=second))
    assert html.index("First weapon: Lasgun") < html.index("Second weapon: " + escape(HOSTILE))
    assert HOSTILE not in html
    assert html.count('<article class="resolution') == 2
    assert "second weapon: to-hit d100" in html
    assert "Second weapon" not in render_resolution(resolution())


# --- The group's critical tables: the row read on the hit's card ---------------------------------


def _fury_hit(effect: dict[str, Any] | None) -> dict[str, Any]:
    rf: dict[str, Any] = {"critical_effect": 3, "table": "Energy Critical Effects, Right Arm"}
    if effect is not None:
        rf["effect"] = effect
    return {**LASGUN_HIT, "location": "Right Arm", "righteous_fury": rf}


def test_righteous_fury_shows_the_groups_row_text_and_its_effects() -> None:
    effect = {
        "table": "Energy Critical Effects, Arm",
        "row": 3,
        "text": "The arm is seared.",
        "effects": [
            {"kind": "stunned", "amount": 3, "dice": "1d5"},
            {"kind": "prone"},
            {"kind": "characteristic", "characteristic": "Ag", "amount": 4},
            {"kind": "lost"},
            {"kind": "slain"},
        ],
    }
    html = render_resolution(resolution(hits=[_fury_hit(effect)]))
    assert k(html, "critical-row") == ["Energy Critical Effects, Arm, row 3"]
    assert k(html, "critical-text") == ["The arm is seared."]
    assert k(html, "critical-effect") == [
        "Stunned 3 rounds (1d5)",
        "Prone",
        "Ag damage 4",
        "Right Arm lost",
        "Slain",
    ]
    assert 'href="#critical-tables"' not in html


def test_critical_damage_shows_the_groups_row_and_escapes_its_text() -> None:
    effect = {"table": "Impact Critical Effects, Body", "row": 10, "text": HOSTILE, "effects": [{"kind": "slain"}]}
    crit = {"amount": 9, "total": 12, "damage_type": "Impact", "location": "Body", "effect": effect}
    html = render_resolution(resolution(hits=[{**LASGUN_HIT, "critical": crit}], critical_damage=9))
    assert k(html, "critical-row") == ["Impact Critical Effects, Body, row 10"]
    assert k(html, "critical-text") == [escape(HOSTILE)]
    assert HOSTILE not in html
    assert k(html, "critical-effect") == ["Slain"]


def test_a_row_not_entered_names_the_row_and_links_to_the_tables() -> None:
    # the Fury's row 3 and critical damage's row 10 (a running total of 12), neither entered
    crit = {"amount": 9, "total": 12, "damage_type": "Impact", "location": "Right Arm"}
    html = render_resolution(resolution(hits=[{**_fury_hit(None), "critical": crit}], critical_damage=9))
    assert k(html, "critical-row") == [
        "row 3 of Energy Critical Effects, Arm",
        "row 10 of Impact Critical Effects, Arm",
    ]
    assert html.count('<a href="#critical-tables">enter your table</a>') == 2
    assert "critical-text" not in html


def test_no_link_where_no_row_is_read() -> None:
    # DH1 / Deathwatch Fury adds d10s, a Troop is slain: no table row, so no link
    hit = {**LASGUN_HIT, "righteous_fury": {"confirm_roll": 30, "confirmed": True, "extra_damage": [4]}}
    troop = {**LASGUN_HIT, "righteous_fury": {"slain": True, "table": "Energy Critical Effects, Body"}}
    html = render_resolution(resolution(hits=[hit, troop], hits_scored=2))
    assert "critical-tables" not in html
