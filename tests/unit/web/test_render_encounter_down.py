"""A combatant that is down reads as down on its card, in a word and a class (never colour alone):
a character past its wounds (critical damage), a Horde at Magnitude 0, a broken Epic formation,
one out of the fight."""

from __future__ import annotations

import re

from auspex_web.render_encounter import render_encounter
from test_render_encounter import card, combatant, state


def classes(html: str, cid: str) -> list[str]:
    """The classes of the card ``cid``."""
    m = re.search(rf'<li class="([^"]*)" data-id="{cid}">', html)
    assert m, f"no card {cid}"
    return m.group(1).split()


def test_a_character_past_its_wounds_has_a_down_card() -> None:
    # 13 taken of 10 wounds: 3 past them, critical damage 3 (DH2: damage beyond Wounds is critical)
    hurt = combatant(id="c", name="Cultist", damage_taken=13, critical=3)
    fine = combatant(id="g", name="Guard", damage_taken=4)
    html = render_encounter(state(hurt, fine, round=1, order=["g", "c"], turn="g"))
    assert "enc-down" in classes(html, "c") and "Down" in card(html, "c")
    assert "enc-down" not in classes(html, "g") and "Down" not in card(html, "g")


def test_a_character_at_exactly_its_wounds_is_not_down() -> None:
    c = combatant(id="c", name="Cultist", damage_taken=10)  # 10 of 10: no critical damage yet
    html = render_encounter(state(c))
    assert "enc-down" not in classes(html, "c") and "Down" not in card(html, "c")


def test_a_horde_at_magnitude_0_and_a_broken_formation_are_down() -> None:
    h = combatant(id="h", name="Mob", kind="horde", wounds=None, magnitude=0, magnitude_start=30)
    html = render_encounter(state(h))
    assert "enc-down" in classes(html, "h") and "Down" in card(html, "h")
    broken = {"name": "Broken", "rounds": None, "source": "seed 002, Shock", "detail": ""}
    f = combatant(id="f", name="Tactical", kind="formation", wounds=None, units=3, units_start=4, conditions=[broken])
    html = render_encounter(state(f, system="epic"))
    assert "enc-down" in classes(html, "f") and "Down" in card(html, "f")


def test_a_slain_combatant_is_down_and_out() -> None:
    a = combatant(id="a", name="Alpha", out="slain", damage_taken=12, critical=2)
    html = render_encounter(state(a))
    assert {"enc-out", "enc-down"} <= set(classes(html, "a")) and "OUT: slain" in card(html, "a")
