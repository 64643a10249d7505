"""The result card of a melee manoeuvre: the verdict, who won, the effect, each side's
opposed test; typed names are escaped."""

from __future__ import annotations

from auspex_web.render import render_resolution
from dh1_scenarios import SWORD, resolve_ok, scenario


def _feint(name: str = "Vex", dice: list[int] | None = None) -> str:
    data = scenario(SWORD, action="Feint", distance=1, dice=dice or [15, 30])
    data["attacker"]["name"] = name
    data["target"]["characteristics"]["WS"] = 35
    return render_resolution(resolve_ok(data))


def test_feint_card_shows_who_won_the_effect_and_both_tests() -> None:
    html = _feint()
    assert "Feint: won" in html
    assert "next melee attack on Target cannot be Dodged or Parried" in html
    assert html.count('data-k="opposed-test"') == 2
    assert 'data-k="opposed-roll">15<' in html and 'data-k="opposed-roll">30<' in html


def test_feint_card_lost_and_names_escaped() -> None:
    html = _feint("<b>Vex</b>", [80, 30])
    assert "Feint: lost" in html and "<b>Vex</b>" not in html and "&lt;b&gt;Vex&lt;/b&gt;" in html


def test_stun_card_keeps_its_attack_test() -> None:
    data = scenario(SWORD, action="Stun", distance=1, dice=[12, 9])
    html = render_resolution(resolve_ok(data))
    assert "Stun: stunned" in html and "Stunned for 9 round(s)" in html


def test_stun_card_hit_but_short_reads_not_stunned() -> None:
    data = scenario(SWORD, action="Stun", distance=1, dice=[12, 1], armour={"Head": 6})
    html = render_resolution(resolve_ok(data))
    assert "Stun: not stunned" in html
