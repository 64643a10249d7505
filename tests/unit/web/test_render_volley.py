"""A volley's result as the page shows it (bridge.respond_encounter's ``result_html``, rendered by
auspex_web.render_volley): each attacker's line and the total, names escaped.

The fight and its hand count are test_encounter_volley's: Cultist 1 hits for 6 wounds (the
Guardsman's Dodge 71 fails: its Reaction spent), Cultist 2 for 5 (no Reaction left), Cultist 3
misses; 2 hits, 11 wounds, 11 of 12 taken."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

from auspex_web import bridge
from test_encounter_volley import STANDARD, cultists


def texts(html: str, key: str) -> list[str]:
    """The text of each element marked ``data-k=key`` (its own markup and its folded roll dropped)."""
    found = re.findall(rf'<(li|p)[^>]*data-k="{key}"[^>]*>(.*?)(?:<details>.*?</details>)?</\1>', html, re.S)
    return [unescape(re.sub(r"<[^>]+>", "", body)).strip() for _, body in found]


def volley_html(file: dict[str, Any], dice: list[int]) -> dict[str, Any]:
    event = {"type": "attack", "who": "cu-1", "at": "g", "action": STANDARD, "volley": ["cu-2", "cu-3"], "dice": dice}
    out = bridge.respond_encounter(json.dumps({"encounter": file, "then": event}))
    assert out["status"] == "ok", out
    return out


def test_each_attacker_s_line_and_the_total_are_shown() -> None:
    out = volley_html(cultists().file, [23, 71, 6, 41, 5, 80])
    html = out["result_html"]
    assert texts(html, "volley-line") == [
        "Cultist 1 hits: 1 hit, 6 wounds (its target's Reaction used)",
        "Cultist 2 hits: 1 hit, 5 wounds",
        "Cultist 3 misses",
    ]
    assert texts(html, "volley-total") == ["Total: 2 hits, 11 wounds; Guardsman: 11 of 12 wounds taken"]
    assert "Volley of 3 at Guardsman (Standard Attack)" in html
    assert html.count('<article class="resolution outcome-') == 3  # each body's whole roll, folded
    reaction = re.findall(r"<p class=volley-reaction>(.*?)</p>", html)
    assert len(reaction) == 1 and "Reaction used against Cultist 1" in reaction[0]
    assert "seed 0" not in reaction[0]  # the Reaction's rule in the book's words


def test_names_are_escaped() -> None:
    out = volley_html(cultists(name="<b>Eve</b>").file, [23, 71, 6, 41, 5, 80])
    html = out["result_html"]
    assert "&lt;b&gt;Eve&lt;/b&gt;" in html and "<b>Eve</b>" not in html
    assert texts(html, "volley-total") == ["Total: 2 hits, 11 wounds; <b>Eve</b>: 11 of 12 wounds taken"]


def test_a_scenario_s_volley_shows_each_attacker_s_line_and_the_total() -> None:
    from auspex_web.render import render_resolution
    from test_d100_volley import SCENARIO

    from rules.api import run

    html = render_resolution(run(SCENARIO)["resolution"])
    assert texts(html, "volley-line") == [
        "Cultist 1 hits: 1 hit, 6 wounds",
        "Cultist 2 hits: 1 hit, 5 wounds",
        "Cultist 3 misses",
    ]
    assert texts(html, "volley-total") == ["Total: 2 hits, 11 wounds; Guardsman: 11 wounds taken"]
    assert html.count('<article class="resolution outcome-') == 3
    hostile = {**SCENARIO, "attacker": {**SCENARIO["attacker"], "name": "<i>Mob</i>"}}
    html = render_resolution(run(hostile)["resolution"])
    assert "<i>Mob</i>" not in html and "&lt;i&gt;Mob&lt;/i&gt; 1" in html
