"""render.py on a round of the fan-made Warhammer 40,000 Roleplay: a pure function, tested on
CPython. Each shot on its own line; names escaped; the jam, the Tek test and the blows' order."""

from __future__ import annotations

import re
from typing import Any

from auspex_web.render import render_resolution

import rules


def round_of(**over: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "system": "wh40krp",
        "attacker": {
            "name": "Pirate",
            "BS": 45,
            "Tek": 40,
            "weapon": {"name": "Autogun", "class": "Basic", "range": 150, "modes": "S/SA/A"},
        },
        "target": {"name": "Cultist"},
        "action": {"distance": 30, "actions": [{"kind": "auto"}]},
    }
    for key, value in over.items():
        data[key] = {**data[key], **value} if isinstance(value, dict) else value
    out = rules.run(data)
    assert out["status"] == "ok", out
    return dict(out["resolution"])


def ks(html: str, key: str) -> list[str]:
    return re.findall(rf'data-k="{key}">(?:<[^>]+>)*([^<]*)<', html)


def test_each_shot_on_its_own_line_with_its_roll_and_result() -> None:
    # Automatic, BS 45: 35%, 25%, 15%, 5%. Rolls 30 (hit, reversed 03: Head), 40, 50, 60 (misses).
    # The Head is unarmoured: damage d100 71 on Chart 1, no chart entered: read in the book.
    html = render_resolution(round_of(dice=[30, 40, 50, 60, 71]))
    assert html.count('class="shot ') == 4
    assert ks(html, "shot-chance") == ["35%", "25%", "15%", "5%"]
    assert ks(html, "shot-roll") == ["30", "40", "50", "60"]
    assert ks(html, "shot-result") == ["hit", "miss", "miss", "miss"]
    assert ks(html, "shot-location") == ["Head"]
    assert ks(html, "damage-chart") == ["Chart 1"]
    assert ks(html, "chart-result") == ["read it on the chart in the book"]


def test_a_jam_names_the_tek_test() -> None:
    # Automatic: 33 is a double, the gun jams on the first shot; Tek 40, rolled 12: repaired in 4 rounds.
    html = render_resolution(round_of(dice=[33, 12]))
    assert ks(html, "outcome") == ["Jammed"]
    assert ks(html, "shot-result") == ["jams"]
    assert ks(html, "tek") == ["Autogun jammed: Tek test: rolled 12, repaired in 4 rounds"]


def test_the_blows_order_in_hand_to_hand() -> None:
    res = round_of(
        attacker={"name": "Harlequin", "WS": 70, "I": 72, "A": 3, "weapon": {"name": "Blade", "class": "Melee"}},
        target={"name": "Gang leader", "I": 30, "A": 2},
        action={"actions": [{"kind": "melee"}]},
        dice=[90, 91, 92],
    )
    html = render_resolution(res)
    assert ks(html, "initiative") == [
        "Blows this round: Harlequin (72), Harlequin (48), Gang leader (30), Harlequin (24), Gang leader (15)"
    ]


def test_names_and_chart_results_are_escaped() -> None:
    evil = "<img src=x onerror=alert(1)>"
    res = round_of(
        attacker={"name": evil},
        action={"chart_results": [evil]},
        dice=[30, 40, 50, 60, 71],
    )
    html = render_resolution(res)
    assert "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_hit_that_does_not_penetrate_says_who_ducks_back() -> None:
    # Single shot, BS 45 at 30 m: 45%. Roll 27 hits, reversed 72: the Body, physical armour 20%
    # (+0 from the weapon), rolled 50: stopped. No shot of the action damaged him: he ducks back.
    res = round_of(
        target={"armour": {"Body": {"type": "physical", "chance": 20}}},
        action={"distance": 30, "actions": [{"kind": "single"}]},
        dice=[27, 50],
    )
    html = render_resolution(res)
    assert ks(html, "shot-duck-back") == ["Cultist ducks back"]
    assert ks(html, "duck-back") == ["Cultist ducks back"]


def test_a_damage_roll_off_the_players_chart_says_so() -> None:
    # "86 is not on your chart 1". Single shot, BS 45: 30 hits (reversed 03: Head,
    # unarmoured); damage d100 86 on a Chart 1 of 01-70: not a row, the GM reads it
    res = round_of(
        action={"actions": [{"kind": "single"}]},
        charts=[{"chart": 1, "rows": "01-30: Flesh wound\n31-70: Down"}],
        dice=[30, 86],
    )
    html = render_resolution(res)
    assert ks(html, "chart-result") == ["86 is not on your Chart 1: the GM reads it"]
