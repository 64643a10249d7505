"""render.py on an Epic shooting attack: a pure function, tested on CPython. Each stage of the seed's
procedure in its own section (who shoots, the barrage, to hit, each formation under fire), names
escaped, and the verdict on the target formation."""

from __future__ import annotations

import re
from typing import Any

from auspex_web.render import render_resolution

import rules


def attack(**over: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "system": "epic",
        "attacker": {
            "name": "Tactical detachment",
            "units": [
                {"name": "Devastator", "weapons": "Heavy bolter 30 AP3", "distance": 10},
                {"name": "Rhino", "type": "armoured vehicle", "weapons": "Storm bolter 15 AP2", "distance": 20},
            ],
        },
        "target": {
            "name": "Ork warband",
            "units": [{"name": "Boyz", "armour": 2, "distance": 10}, {"name": "Grots", "distance": 11}],
        },
    }
    for key, value in over.items():
        data[key] = {**data.get(key, {}), **value} if isinstance(value, dict) else value
    out = rules.run(data)
    assert out["status"] == "ok", out
    return dict(out["resolution"])


def ks(html: str, key: str) -> list[str]:
    return re.findall(rf'data-k="{key}">(?:<[^>]+>)*([^<]*)<', html)


def test_each_stage_of_the_procedure_has_its_section() -> None:
    # The Rhino (20 tiles, Storm bolter 15) is out of range. Heavy bolter AP 3, no modifier:
    # rolled 2, a hit on the Boyz (closest); armour 2: rolled 1, saved.
    html = render_resolution(attack(dice=[2, 1]))
    assert "Who shoots" in html and "To hit" in html
    assert 'data-status="out of range"' in html
    assert ks(html, "group-hits") == ["1 hit"]


def test_a_broken_formation_is_the_verdict() -> None:
    # Heavy bolter x1, AP 3: rolled 2 -> 1 hit on the closest unit (Boyz, 10 tiles). Armour 2:
    # rolled 5, failed: destroyed. Shock 0 +1 under fire +1 losses = 2 against 1 unit left: broken.
    html = render_resolution(attack(dice=[2, 5]))
    assert ks(html, "outcome") == ["Broken"]
    assert ks(html, "formation-shock") == ["Shock 0 +1 under fire +1 losses = 2"]
    assert ks(html, "formation-state") == ["broken: every unit left is suppressed"]
    assert ks(html, "integrity") == ["integrity 1 \u2192 0: destroyed", "integrity 1 \u2192 1"]


def test_no_shooter_says_so_and_shows_no_formation() -> None:
    html = render_resolution(attack(dice=[], attacker={"units": [{"weapons": "Storm bolter 15 AP2", "distance": 20}]}))
    assert ks(html, "outcome") == ["No unit can shoot"]
    assert 'data-k="formation"' not in html


def test_names_from_the_forms_are_escaped() -> None:
    evil = "<img src=x onerror=alert(1)>"
    html = render_resolution(
        attack(
            dice=[2, 1],
            attacker={"name": evil, "units": [{"name": evil, "weapons": f"{evil} 30 AP3", "distance": 10}]},
            target={"name": evil, "units": [{"name": evil, "armour": 2, "distance": 10}]},
        )
    )
    assert "<img" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_barrage_shows_its_row_of_the_table() -> None:
    # 2 x BP 3 = 6 BP: row 5-6, radius 1, no extra Shock, AP 2, AT 1. Boyz (from centre 0) AP 2:
    # rolled 1, hit; armour 2: rolled 2, saved. Grots 2 tiles away: not under the template.
    html = render_resolution(
        attack(
            dice=[1, 2],
            attacker={"units": [{"weapons": "2x Mortar 30 BP3", "distance": 10}]},
            target={"units": [{"name": "Boyz", "armour": 2, "from_centre": 0}, {"name": "Grots", "from_centre": 2}]},
            action={"kind": "barrage"},
        )
    )
    assert "6 BP (row 5-6): radius 1 tile, extra Shock 0, to hit AP 2 / AT 1" in html
    assert "not under the template" in html
    assert ks(html, "outcome") == ["No losses"]
    assert ks(html, "hits") == ["1 AP hit"]


def test_a_volley_that_hits_nothing_says_no_hits() -> None:
    # Heavy bolter AP 3: rolled 4, a miss. The headline lists no zero counts.
    html = render_resolution(attack(dice=[4]))
    assert ks(html, "hits") == ["no hits"]
    assert ks(html, "outcome") == ["No losses"]
