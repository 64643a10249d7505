"""The Odds panel's exchange and sweep as the page's worker answers them (auspex_web.bridge's
exchange and sweep, rendered by auspex_web.render_exchange): the figures are the engine's, every
text escaped, the sweep's numbers in its cells for a screen reader."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

from auspex_web.bridge import respond_exchange, respond_sweep
from auspex_web.render_exchange import heat
from test_odds_exchange import STANDARD, encounter

ROOT = Path(__file__).resolve().parents[3]


def dodging_cultist(name: str = "Cultist") -> dict[str, Any]:
    return {
        "name": name,
        "wounds": 10,
        "damage_taken": 9,
        "toughness_bonus": 3,
        "evasion": {"reaction": "Dodge", "skill": 30},
    }


def request(cultist: dict[str, Any], attacks: list[dict[str, Any]] | None = None) -> str:
    data: dict[str, Any] = {"encounter": encounter(cultist), "target": "c"}
    data["encounter"]["events"][2]["combatant"]["name"] = cultist["name"]
    if attacks is not None:
        data["attacks"] = attacks
    return json.dumps(data)


TWO = [{"who": "g1", "action": STANDARD}, {"who": "g2", "action": STANDARD}]


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).strip()


def test_the_panel_shows_down_after_each_attack_and_the_chance_to_act_from_the_engine() -> None:
    """One Reaction a round (seed 003, Reactions): the Cultist (1 wound left, Dodge 30) against two
    Guards hitting on 01-60. Hand count (as in the exchange's own test): down after Guard 1 =
    60/100 x 70/100 = 21/50 (42.0%); after Guard 2 = 87/125 (69.6%); it acts 38/125 (30.4%)."""
    out = respond_exchange(request(dodging_cultist(), TWO))
    assert out["status"] == "ok", out
    html = out["html"]
    assert "This round against" in text(html) and "Cultist" in text(html)
    downs = re.findall(r'data-k="x-down" title="([^"]+)">([^<]+)<', html)
    assert downs == [("exactly 21/50", "42.0%"), ("exactly 87/125", "69.6%")]
    assert re.search(r'data-k="x-act" title="exactly 38/125">30.4%<', html)
    assert 'data-exact="true"' in html
    assert out["attacks"] == TWO
    # each attack removable and its action a fire-mode picker with its own action chosen
    assert html.count("data-x-remove=") == 2
    assert html.count("<option selected>Standard Attack</option>") == 2


def test_the_default_list_is_the_engine_s_and_a_lone_attack_is_not_removable() -> None:
    """Left out, the attacks are the engine's default (those who attacked earlier): none here, so
    the engine says so at ``attacks``; a single attack has no Remove button."""
    out = respond_exchange(request(dodging_cultist()))
    assert out["status"] == "invalid"
    assert out["errors"][0]["field"] == "attacks"
    one = respond_exchange(request(dodging_cultist(), TWO[:1]))
    assert one["status"] == "ok", one
    assert "data-x-remove" not in one["html"]


def test_names_from_the_encounter_are_escaped() -> None:
    out = respond_exchange(request(dodging_cultist('<img src=x onerror="alert(1)">'), TWO))
    assert out["status"] == "ok", out
    assert "<img" not in out["html"]
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in out["html"]


def test_an_attack_the_engine_refuses_is_said_at_its_field() -> None:
    out = respond_exchange(request(dodging_cultist(), [{"who": "nobody", "action": STANDARD}]))
    assert out["status"] == "invalid"
    assert out["errors"][0]["field"] == "attacks.0.who"


def test_the_sweep_table_has_a_caption_headers_and_every_number_in_its_cell() -> None:
    """The lasgun example swept over TB 2-8 x armour 0-10: 7 row headers, 11 column headers, 77
    cells, each with the chance to kill (the sweep's own figure) and the expected wounds."""
    scenario = (ROOT / "examples" / "lasgun.json").read_text(encoding="utf-8")
    out = respond_sweep(scenario)
    assert out["status"] == "ok", out
    html, sweep = out["html"], out["sweep"]
    assert re.search(r"<caption id=\"sw-caption\" class=\"visually-hidden\">[^<]*chance to kill", html)
    assert re.findall(r'<th scope="row">([^<]+)</th>', html) == [f"TB {tb}" for tb in range(2, 9)]
    assert re.findall(r'<th scope="col">([^<]+)</th>', html) == ["Armour", *map(str, range(11))]
    cells = re.findall(r'<td class="heat-(\d)" data-k="sw-cell">(.*?)</td>', html)
    assert len(cells) == 77
    first = sweep["rows"][0]["cells"][0]
    assert text(cells[0][1]) == f"{first['kill']['p'] * 100:.1f}% {first['wounds']:.1f}"
    assert int(cells[0][0]) == heat(first["kill"]["p"])
    assert 'role="region" tabindex="0" aria-labelledby="sw-caption"' in html
    assert "For an even chance to kill this target" in text(html)


def test_heat_steps_by_the_chance() -> None:
    assert [heat(p) for p in (0.0, 0.099, 0.1, 0.3, 0.5, 0.89, 0.9, 1.0)] == [0, 0, 1, 2, 3, 3, 4, 4]


def test_a_bad_sweep_request_is_refused_at_its_field() -> None:
    out = respond_sweep("{not json")
    assert out["status"] == "invalid"
    assert out["errors"][0]["field"] == "scenario"


def test_a_player_may_add_a_planned_attack_by_anyone_who_may_attack_but_the_target() -> None:
    """The Add row offers each combatant with an attacker profile in the fight, never the target;
    its names escaped. An attack added at the end (Guard 2 again: its second Half Action) is
    worked out as the list's others: down after it as the CLI's exchange gives it."""
    from rules.odds.exchange import run_exchange

    out = respond_exchange(request(dodging_cultist("<b>Cult</b>"), TWO))
    adder = re.search(r"<select data-x-add-who[^>]*>(.*?)</select>", out["html"])
    assert adder is not None
    assert re.findall(r'<option value="([^"]+)">', adder.group(1)) == ["g1", "g2"]
    assert "data-x-add>" in out["html"] and "<b>Cult</b>" not in out["html"]
    three = [*TWO, {"who": "g2", "action": STANDARD}]
    added = respond_exchange(request(dodging_cultist(), three))
    assert added["status"] == "ok", added
    cli = run_exchange(json.loads(request(dodging_cultist(), three)))["exchange"]
    assert [s["down"] for s in added["exchange"]["steps"]] == [s["down"] for s in cli["steps"]]
    assert len(added["exchange"]["steps"]) == 3
