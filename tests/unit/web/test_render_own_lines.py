"""Cover, the Horde's size bonus and the evasion test each on their own line with
their numbers, not folded into the armour ("Armour 7 · 12 AP - Pen 5"), silently dropped (a
Horde of Magnitude 29) or reduced to "(2 evaded)"."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from auspex_web.render import render_resolution
from test_render import k

import rules

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def lasgun(**target: Any) -> dict[str, Any]:
    scenario: dict[str, Any] = json.loads((EXAMPLES / "lasgun.json").read_text())
    scenario["target"].update(target)
    return scenario


def ork(**target: Any) -> dict[str, Any]:
    """A Deathwatch Bolter's Standard Attack (seed 7: one hit, on the Left Arm) on an Ork with AP 2
    on the arms and Body (Deathwatch has the cover rules: seed 001, Cover Types)."""
    scenario: dict[str, Any] = json.loads((EXAMPLES / "dw-bolter-horde.json").read_text())
    scenario.pop("dice")
    scenario["seed"] = 7
    scenario["action"] = {"type": "Standard Attack", "distance": 30}
    armour = {"Body": 2, "Left Arm": 2, "Right Arm": 2}
    scenario["target"] = {"name": "Ork", "toughness_bonus": 4, "wounds": 20, "armour": armour, **target}
    return scenario


def damage_rows(html: str) -> list[tuple[str, str, str]]:
    (table,) = re.findall(r'<table class="damage">.*?</table>', html)
    rows = re.findall(
        r'<tr><th scope="row">(\w+)</th><td class="num">(.*?)</td><td class="source">(.*?)</td></tr>', table
    )
    return [(label, text(value).strip(), how) for label, value, how in rows]


def test_cover_is_its_own_row_of_a_hits_damage_table() -> None:
    # Sandbags (8 AP, every location) before the Ork's Left Arm (AP 2): 10 AP in all, less the Bolter's Pen 5
    out = rules.run(ork(cover={"name": "sandbags", "ap": 8}))
    (hit,) = out["resolution"]["hits"]
    assert (hit["location"], hit["armour"], hit["cover"]) == ("Left Arm", 10, 8)
    rows = damage_rows(render_resolution(out["resolution"]))
    assert [r[0] for r in rows[:3]] == ["Damage", "Cover", "Armour"]
    assert rows[1] == ("Cover", "8", "8 AP of cover before the Left Arm")
    assert rows[2] == ("Armour", "5", "Left Arm 2 AP + cover 8 AP \u2212 Pen 5")


def test_no_cover_leaves_the_hit_and_its_json_as_they_were() -> None:
    out = rules.run(ork())
    assert "cover" not in out["resolution"]["hits"][0]
    rows = damage_rows(render_resolution(out["resolution"]))
    assert [r[0] for r in rows[:2]] == ["Damage", "Armour"]
    assert rows[1] == ("Armour", "0", "2 AP \u2212 Pen 5")


def test_cover_that_does_not_hide_the_location_struck_is_not_a_row() -> None:
    out = rules.run(ork(cover={"ap": 8, "locations": ["Head"]}))
    assert "cover" not in out["resolution"]["hits"][0]


def test_the_evasion_test_is_its_own_line_with_its_numbers() -> None:
    # Dodge 40 against one hit: rolled 23 -> success, 1 DoS in DH2 (tens 4 - 2 + 1 = 3): the hit is negated
    out = rules.run(lasgun(evasion={"reaction": "Dodge", "skill": 40}) | {"dice": [23, 23]})
    ev = out["resolution"]["evasion_test"]
    assert ev == {
        "reaction": "Dodge",
        "skill": 40,
        "modifier": 0,
        "target": 40,
        "roll": 23,
        "success": True,
        "degrees": ev["degrees"],
        "hits": 1,
        "negated": 1,
    }
    html = render_resolution(out["resolution"])
    (line,) = k(html, "evasion-test")
    assert line == f"Cultist tests Dodge 40 +0 = 40: rolled 23, success, {ev['degrees']} DoS \u2014 1 of 1 hit evaded"


def test_a_failed_evasion_says_no_hit_is_evaded() -> None:
    out = rules.run(lasgun(evasion={"reaction": "Dodge", "skill": 30}) | {"dice": [23, 77, 4]})
    html = render_resolution(out["resolution"])
    (line,) = k(html, "evasion-test")
    assert line.startswith("Cultist tests Dodge 30 ")
    assert line.endswith("rolled 77, failure \u2014 no hit evaded")


def test_no_evasion_no_line_and_no_field() -> None:
    out = rules.run(lasgun())
    assert "evasion_test" not in out["resolution"]
    assert 'data-k="evasion-test"' not in render_resolution(out["resolution"])


def horde(magnitude: int) -> dict[str, Any]:
    scenario: dict[str, Any] = json.loads((EXAMPLES / "dw-bolter-horde.json").read_text())
    scenario["target"]["horde"]["magnitude"] = magnitude
    return scenario


def test_a_horde_below_the_first_size_row_says_it_has_no_size_bonus() -> None:
    # Deathwatch, Hordes: Magnitude 30 counts as Massive (+30); at 29 the creatures' own size applies
    out = rules.run(horde(29))
    html = render_resolution(out["resolution"])
    assert k(html, "horde-size") == ["Horde size: Magnitude 29, no bonus below 30"]


def test_a_horde_at_the_first_size_row_shows_its_bonus_as_a_modifier_and_no_extra_line() -> None:
    out = rules.run(horde(30))
    html = render_resolution(out["resolution"])
    assert "Horde of Magnitude 30: counts as Massive" in html
    assert k(html, "horde-size") == []


def test_the_step_log_names_the_cover_in_the_armour_too() -> None:
    out = rules.run(ork(cover={"name": "sandbags", "ap": 8}))
    (five,) = [s["detail"] for s in out["resolution"]["steps"] if s["rule"].startswith("Step Five")]
    assert "armour 5 (Left Arm 2 + cover 8 \u2212 Pen 5)" in five
