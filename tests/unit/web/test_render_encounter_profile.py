"""A d100 card's profile editor (render_encounter.profile_editor): every field the rules may ask of
a character (WS, BS, S, T, Ag, WP; wounds, TB, armour by location; the Reaction and its skill; its
weapon), collapsed, each box holding the stored profile's value and naming where it goes."""

from __future__ import annotations

import re

from auspex_web.render_encounter import profile_editor
from test_render_encounter import combatant

ATTACKER = {
    "name": "Cultist",
    "characteristics": {"WS": 30, "BS": 25, "S": 35, "Ag": 30},
    "weapon": {"name": "Stub Automatic", "damage": "1d10+3", "pen": 0, "rof": "S/3/-", "clip": 9},
}
TARGET = {
    "name": "Cultist",
    "wounds": 8,
    "toughness_bonus": 3,
    "armour": {"Body": 2},
    "characteristics": {"S": 35, "T": 35, "Ag": 30},
    "evasion": {"reaction": "Dodge", "skill": 30},
}


def boxes(html: str) -> dict[tuple[str, str], str]:
    return {
        (side, path): value
        for side, path, value in re.findall(r'data-edit="(\w+)" data-path="([\w. ]+)" value="([^"]*)"', html)
    }


def test_a_characters_whole_profile_is_on_its_card_collapsed_and_editable() -> None:
    html = profile_editor(combatant(id="c1", name="Cultist 1", attacker=ATTACKER, target=TARGET), "dh2")
    assert html.startswith('<details class="enc-prof" data-k="profile"><summary>')
    got = boxes(html)
    # a characteristic both sides read is one box for both; BS the attacker's alone
    assert got[("both", "characteristics.S")] == "35"
    assert got[("attacker", "characteristics.BS")] == "25"
    assert got[("both", "characteristics.T")] == "35"  # the attacker has none: the target's T, one sheet
    assert got[("target", "wounds")] == "8"
    assert got[("target", "toughness_bonus")] == "3"
    assert got[("target", "armour.Body")] == "2"
    assert got[("target", "armour.Head")] == ""
    assert got[("target", "evasion.skill")] == "30"
    assert got[("attacker", "weapon.damage")] == "1d10+3"
    assert got[("attacker", "weapon.clip")] == "9"
    assert '<option value="Dodge" selected>' in html
    assert "data-weapon-pick" in html
    assert "data-profile-save>Save Cultist 1's profile</button>" in html


def test_a_target_only_combatant_edits_its_defences_and_no_weapon() -> None:
    html = profile_editor(combatant(attacker=None, target={"name": "Guard"}), "dh2")
    got = boxes(html)
    assert ("target", "characteristics.T") in got
    assert not any(side == "attacker" for side, _ in got)
    assert "data-weapon-pick" not in html
    assert '<option value="" selected>No Reaction</option>' in html


def test_no_editor_outside_a_d100_character() -> None:
    assert profile_editor(combatant(kind="horde", target=TARGET), "dw") == ""
    assert profile_editor(combatant(target=TARGET, out="slain"), "dh2") == ""
    assert profile_editor(combatant(target={"name": "X"}), "wh40krp") == ""


def test_a_name_or_weapon_typed_with_markup_is_escaped() -> None:
    weapon = {**ATTACKER["weapon"], "name": '<b>"x"</b>'}
    html = profile_editor(combatant(name="<i>", attacker={**ATTACKER, "weapon": weapon}, target=TARGET), "dh2")
    assert "<b>" not in html and "<i>" not in html


def test_the_talents_and_traits_the_engine_reads_are_on_the_card() -> None:
    # SB with Unnatural Strength and the Psy Rating (attacker), Unnatural Toughness (target), Size
    # and Troop (both sides: one sheet)
    attacker = {**ATTACKER, "strength_bonus": 7, "psy_rating": 2}
    target = {**TARGET, "unnatural_toughness": 3, "size": "Hulking", "troop": True}
    html = profile_editor(combatant(attacker=attacker, target=target), "dh2")
    got = boxes(html)
    assert got[("attacker", "strength_bonus")] == "7"
    assert got[("attacker", "psy_rating")] == "2"
    assert got[("target", "unnatural_toughness")] == "3"
    assert '<select form="tk-controls" data-edit="both" data-path="size">' in html
    assert '<option value="Hulking" selected>' in html
    assert 'data-edit="both" data-path="troop" checked> Troop' in html
