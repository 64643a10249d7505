"""The Deathwatch armoury (``rules/data/dw/armoury.json``): every row of seed 001's weapon, armour and
cover tables as reconstructed from the GM screen's run-together columns, the footnotes, the profiles
the forms get, and the validators that keep the data whole."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from pydantic import ValidationError

from rules.d100 import tables
from rules.d100.models import LOCATIONS, Target, Weapon
from rules.dw.armoury import (
    Armoury,
    armour_profile,
    armoury,
    armoury_catalogue,
    covered_locations,
    weapon_profile,
)

SEED_NAME = "001_43934ab936927244.txt"
# The seeds live beside the repository (../shared/seeds), not in it; a clone elsewhere (CI) finds
# them through AUSPEX_SEEDS or the team's workspace.
SEED_PLACES = [
    *([Path(os.environ["AUSPEX_SEEDS"])] if os.environ.get("AUSPEX_SEEDS") else []),
    Path(__file__).resolve().parents[4] / "shared" / "seeds",
    Path("/work/shared/seeds"),
]
SEED_001 = next((p / SEED_NAME for p in SEED_PLACES if (p / SEED_NAME).is_file()), SEED_PLACES[0] / SEED_NAME)

LAUNCHERS = {"astartes-cyclone-missile-launcher", "astartes-missile-launcher-soundstrike", "auxiliary-grenade-launcher"}
COMBI = "astartes-combi-weapon"


@pytest.fixture(scope="module")
def seed_text() -> str:
    """Seed 001 with its en dashes written as ASCII hyphens (as the armoury writes RoF and dice)."""
    if not SEED_001.is_file():
        pytest.skip(f"seed 001 is not at {SEED_001}: the shared seeds folder is absent from this checkout")
    return SEED_001.read_text(encoding="utf-8").replace("\u2013", "-")


def _by_id(weapon_id: str) -> Any:
    return armoury("dw").weapon(weapon_id)


# --- every row ----------------------------------------------------------------------------------

EVERY_WEAPON = {
    "Bolt Weapons": [
        "Astartes Bolt Pistol",
        "Astartes Bolter (Godwyn)",
        "Astartes Boltgun (Stalker)",
        "Astartes Combi-Weapon",
        "Astartes Heavy Bolter",
        "Astartes Storm Bolter",
    ],
    "Plasma Weapons": ["Astartes Plasma Cannon", "Astartes Plasma Gun (Ragefire)", "Astartes Plasma Pistol"],
    "Melta Weapons": ["Astartes Infernus Pistol", "Astartes Meltagun (Vulkan)", "Astartes Multi-melta (Maxima)"],
    "Flame Weapons": ["Astartes Flamer", "Astartes Hand Flamer", "Astartes Heavy Flamer"],
    "Solid Projectile Weapons": ["Astartes Assault Cannon", "Astartes Shotgun", "Autogun", "Autopistol"],
    "Las Weapons": ["Astartes Lascannon", "Lasgun", "Laspistol"],
    "Launchers": [
        "Astartes Cyclone Missile Launcher",
        "Astartes Missile Launcher (Soundstrike)",
        "Auxiliary Grenade Launcher",
    ],
    "Chain Weapons": ["Astartes Chainsword", "Astartes Chainfist"],
    "Power Weapons": [
        "Astartes Lightning Claw",
        "Astartes Power Axe",
        "Astartes Power Fist",
        "Astartes Power Sword",
        "Astartes Thunder Hammer",
        "Omnissian Axe (Astartes-Pattern)",
    ],
    "Traditional Weapons": ["Astartes Combat Knife", "Ceremonial Sword", "Sacris Claymore"],
    "Force Weapons": ["Astartes Force Staff", "Astartes Force Sword"],
    "Other Melee Weapons": ["Primitive Weapons", "Improvised"],
}


def test_every_row_of_the_seed_weapon_tables_loads_in_its_group_in_order() -> None:
    loaded: dict[str, list[str]] = {}
    for w in armoury("dw").weapons:
        loaded.setdefault(w.group, []).append(w.name)
    assert loaded == EVERY_WEAPON


def test_every_complete_profile_validates_as_an_engine_weapon_with_the_same_statistics() -> None:
    checked = 0
    for entry in armoury("dw").weapons:
        if not entry.complete:
            continue
        weapon = Weapon.model_validate(weapon_profile(entry))
        assert weapon.name == entry.name
        assert (weapon.damage, weapon.damage_type, weapon.pen) == (entry.damage, entry.damage_type, entry.pen)
        assert weapon.qualities == entry.qualities and weapon.sb_multiplier == entry.sb_multiplier
        assert weapon.is_melee == entry.is_melee, entry.id
        if not entry.is_melee:
            assert (weapon.range, weapon.rof, weapon.clip, weapon.reload) == (
                entry.range,
                entry.rof,
                entry.clip,
                entry.reload,
            )
        checked += 1
    assert checked == 37  # every row but the three launchers


def test_every_entry_cites_seed_001() -> None:
    a = armoury("dw")
    for entry in [*a.weapons, *a.armour, *a.cover, *a.craftsmanship]:
        assert entry.source.startswith("seed 001, "), entry


# --- rows checked cell by cell against the seed -------------------------------------------------


class Row(NamedTuple):
    id: str
    name: str
    cls: str | None
    range: float
    rof: str | None
    damage: str | None
    damage_type: str | None
    pen: int | None
    clip: int | None
    reload: str | None
    qualities: list[str]


# Read from seed 001 (RoF and dice with ASCII hyphens); each row's cells are where TELLTALES says.
ROWS = [
    Row("astartes-bolt-pistol", "Astartes Bolt Pistol", "Pistol", 30, "S/3/-", "2d10+5", "X", 5, 14, "Full", ["Tearing"]),
    Row("astartes-bolter-godwyn", "Astartes Bolter (Godwyn)", "Basic", 100, "S/2/4", "2d10+5", "X", 5, 28, "Full", ["Tearing"]),
    Row("astartes-heavy-bolter", "Astartes Heavy Bolter", "Heavy", 150, "-/-/10", "2d10+10", "X", 6, 60, "Full", ["Tearing"]),
    Row("astartes-storm-bolter", "Astartes Storm Bolter", "Basic", 100, "S/2/4", "2d10+5", "X", 5, 60, "2 Full", ["Storm", "Tearing"]),
    Row("astartes-plasma-cannon", "Astartes Plasma Cannon", "Heavy", 150, "S/-/-", "2d10+11", "E", 10, 16, "5 Full", ["Blast (1)", "Volatile"]),
    Row("astartes-plasma-pistol", "Astartes Plasma Pistol", "Pistol", 30, "S/2/-", "1d10+8", "E", 8, 12, "3 Full", ["Volatile"]),
    Row("astartes-infernus-pistol", "Astartes Infernus Pistol", "Pistol", 10, "S/-/-", "2d10+8", "E", 13, 4, "Full", []),
    Row("astartes-meltagun-vulkan", "Astartes Meltagun (Vulkan)", "Basic", 20, "S/-/-", "2d10+8", "E", 13, 6, "2 Full", []),
    Row("astartes-multi-melta-maxima", "Astartes Multi-melta (Maxima)", "Heavy", 60, "S/-/-", "4d10+6", "E", 13, 12, "2 Full", ["Blast (1)"]),
    Row("astartes-hand-flamer", "Astartes Hand Flamer", "Pistol", 10, "S/-/-", "2d10+2", "E", 3, 4, "2 Full", ["Flame"]),
    Row("astartes-heavy-flamer", "Astartes Heavy Flamer", "Heavy", 30, "S/-/-", "2d10+6", "E", 6, 10, "2 Full", ["Flame"]),
    Row("astartes-assault-cannon", "Astartes Assault Cannon", "Mounted", 150, "-/-/10", "3d10+6", "I", 6, 200, "3 Full", ["Tearing"]),
    Row("autogun", "Autogun", "Basic", 90, "S/3/10", "1d10+3", "I", 0, 30, "2 Full", []),
    Row("astartes-lascannon", "Astartes Lascannon", "Heavy", 300, "S/-/-", "6d10+10", "E", 10, 6, "2 Full", []),
    Row("laspistol", "Laspistol", "Pistol", 30, "S/-/-", "1d10+2", "E", 0, 30, "Full", ["Reliable"]),
    Row("astartes-cyclone-missile-launcher", "Astartes Cyclone Missile Launcher", "Mounted", 300, "S/2/-", None, None, None, 12, "3 Full", []),
    Row("astartes-missile-launcher-soundstrike", "Astartes Missile Launcher (Soundstrike)", "Heavy", 250, "S/-/-", None, None, None, 8, "Full", []),
    Row("auxiliary-grenade-launcher", "Auxiliary Grenade Launcher", None, 45, "S/-/-", None, None, None, 4, "2 Full", []),
    Row("astartes-chainsword", "Astartes Chainsword", "Melee", 0, None, "1d10+3", "R", 4, None, None, ["Balanced", "Tearing"]),
    Row("astartes-chainfist", "Astartes Chainfist", "Mounted", 0, None, "2d10", "E", 10, None, None, ["Power Field", "Tearing"]),
    Row("astartes-power-fist", "Astartes Power Fist", "Melee", 0, None, "2d10", "E", 9, None, None, ["Power Field", "Unwieldy"]),
    Row("astartes-lightning-claw", "Astartes Lightning Claw", "Melee", 0, None, "1d10+6", "E", 8, None, None, ["Power Field", "Special", "Tearing"]),
    Row("astartes-thunder-hammer", "Astartes Thunder Hammer", "Melee", 0, None, "2d10+5", "E", 8, None, None, ["Power Field", "Concussive", "Unwieldy"]),
    Row("omnissian-axe-astartes-pattern", "Omnissian Axe (Astartes-Pattern)", "Melee", 0, None, "2d10+6", "E", 6, None, None, ["Power Field", "Unbalanced"]),
    Row("sacris-claymore", "Sacris Claymore", "Melee", 0, None, "2d10+2", "R", 2, None, None, ["Unbalanced"]),
    Row("astartes-force-staff", "Astartes Force Staff", "Melee", 0, None, "1d10+1", "I", 0, None, None, ["Balanced", "Special"]),
    Row("improvised", "Improvised", "Melee", 0, None, "1d10-2", "I", 0, None, None, ["Primitive", "Unbalanced"]),
]  # fmt: skip

# The seed's text the row was read from (en dashes as "-"): runs of lines, "\n" where the seed breaks one.
TELLTALES = {
    "astartes-bolt-pistol": ["Astartes Bolt Pistol\nPistol\n30m\nS/3/- 2d10+5 X 5\n14\nFull\nTearing"],
    "astartes-bolter-godwyn": ["Astartes Bolter (Godwyn) Basic\n100m S/2/4 2d10+5 X 5\n28\nFull\nTearing"],
    "astartes-heavy-bolter": ["Astartes Heavy Bolter\nHeavy\n150m -/-/10 2d10+10 X 6\n60\nFull\nTearing"],
    "astartes-storm-bolter": ["Astartes Storm Bolter\nBasic\n100m S/2/4 2d10+5 X 5\n60\n2 Full Storm, Tearing"],
    "astartes-plasma-cannon": ["Heavy150mS/-/-2d10+11 E 10165 FullBlast (1), Volatile"],
    "astartes-plasma-pistol": ["Pistol30mS/2/-1d10+8 E8123 FullVolatile"],
    "astartes-infernus-pistol": ["Pistol\n10m\nS/-/-\n2d10+8 E\n13\n4\n", "Full\n-\nBasic20mS/-/-"],
    "astartes-meltagun-vulkan": ["Basic20mS/-/-2d10+8 E1362 Full-"],
    "astartes-multi-melta-maxima": ["Heavy60mS/-/-4d10+6 E13122 FullBlast (1)"],
    "astartes-hand-flamer": [
        "Astartes Flamer\nAstartes Hand Flamer\nAstartes Heavy Flamer\nBasic\nPistol\nHeavy\n20m\n10m\n30mS/-/-",
        "S/-/-2d10+2 E\n2d10+2 E\n2d10+6 E3\n3\n66\n4\n102 Full\n2 Full\n2 FullFlame\nFlame\nFlame",
    ],
    "astartes-heavy-flamer": [
        "Astartes Flamer\nAstartes Hand Flamer\nAstartes Heavy Flamer\nBasic\nPistol\nHeavy\n20m\n10m\n30mS/-/-",
        "S/-/-2d10+2 E\n2d10+2 E\n2d10+6 E3\n3\n66\n4\n102 Full\n2 Full\n2 FullFlame\nFlame\nFlame",
    ],
    "astartes-assault-cannon": [
        "150m\n30m\n90m\n30m-/-/10\nS/2/-\nS/3/10\nS/-/63d10+6 I\n2d10+3 I\n1d10+3 I\n1d10+2 I6\n0\n0\n0200\n18\n30\n"
        "183 Full\nFull\n2 Full\nFullTearing\nReliable, Scatter\n-\n-",
        "Astartes Assault Cannon\nAstartes Shotgun\nAutogun\nAutopistol\nMounted\nBasic\nBasic\nPistol",
    ],
    "autogun": [
        "150m\n30m\n90m\n30m-/-/10\nS/2/-\nS/3/10\nS/-/63d10+6 I\n2d10+3 I\n1d10+3 I\n1d10+2 I6\n0\n0\n0200\n18\n30\n"
        "183 Full\nFull\n2 Full\nFullTearing\nReliable, Scatter\n-\n-",
        "Astartes Assault Cannon\nAstartes Shotgun\nAutogun\nAutopistol\nMounted\nBasic\nBasic\nPistol",
    ],
    "astartes-lascannon": [
        "Astartes Lascannon\nLasgun\nLaspistol\nHeavy\nBasic\nPistol\n300m\n100m\n30m\nS/-/-\nS/3/-\n"
        "S/-/-6d10+10 E 10\n1d10+3 E 0\n1d10+2 E 06\n60\n302 Full\nFull\nFull-\nReliable\nReliable",
    ],
    "laspistol": [
        "Astartes Lascannon\nLasgun\nLaspistol\nHeavy\nBasic\nPistol\n300m\n100m\n30m\nS/-/-\nS/3/-\n"
        "S/-/-6d10+10 E 10\n1d10+3 E 0\n1d10+2 E 06\n60\n302 Full\nFull\nFull-\nReliable\nReliable",
    ],
    "astartes-cyclone-missile-launcher": [
        "S/2/-\u2020\u2020\u2020\u2020\u2020123 Full\u2020\u2020",
        "Astartes Cyclone Missile\nMounted 300m\nLauncher",
        "Varies with ammunition",
    ],
    "astartes-missile-launcher-soundstrike": [
        "S/-/-\u2020\u2020\u2020\u2020\u20208Full\u2020\u2020",
        "Astartes Missile Launcher\nHeavy\n250m\n(Soundstrike)",
    ],
    "auxiliary-grenade-launcher": [
        "Auxiliary Grenade\nn/a\n45m\nLauncher",
        "Varies with ammunition\nS/-/-\n\u2020\u2020\n\u2020\u2020\u2020\n4\n",
        "\n2 Full\n4\n\u2020\u2020\n",
    ],
    "astartes-chainsword": ["Astartes ChainswordMelee", "1d10+3 R4Balanced, Tearing"],
    "astartes-chainfist": [
        "Mounted 2d10\u2020 E",
        "1d10+6 E10\n8\n6\n9\n6Power Field, Tearing\nPower Field, Special, Tearing",
        "Chainfists and Power Fists double the wielder",
    ],
    "astartes-power-fist": [
        "Melee\n2d10\u2020 E\nMelee\n1d10+6 E10\n8\n6\n9\n6",
        "Power Field, Unbalanced\nPower Field, Unwieldy\nBalanced, Power Field",
    ],
    "astartes-lightning-claw": [
        "Astartes Chainfist\nAstartes Lightning Claw\nAstartes Power Axe\nAstartes Power Fist\nAstartes Power Sword",
        "Melee\n1d10+6 E\nMelee\n1d10+8 E",
        "6Power Field, Tearing\nPower Field, Special, Tearing",
    ],
    "astartes-thunder-hammer": ["Power Field, Concussive,\nUnwieldy\nAstartes Thunder Hammer Melee\n2d10+5 E\n8"],
    "omnissian-axe-astartes-pattern": [
        "Omnissian Axe (Astartes-\nMelee\n2d10+6 E\n6\nPower Field, Unbalanced\nPattern) \u2020\u2020",
        "Only Techmarines are entrusted with this weapon.",
    ],
    "sacris-claymore": [
        "Sacris Claymore\u2020\u2020\u2020\nMelee\nMelee\nMelee1d10+2 R\n1d10+3 R\n2d10+2 R2\n2\n2-\nBalanced\nUnbalanced"
    ],
    "astartes-force-staff": [
        "Melee\nMelee1d10+1 I\n1d10+2 R0\n2Balanced, Special\nBalanced, Special\nForce Weapons\nAstartes Force Staff"
    ],
    "improvised": ["Improvised\nMelee\n1d10-2 I\n0\nPrimitive, Unbalanced"],
}


def test_every_sampled_row_has_its_seed_text_and_the_sample_spans_every_group() -> None:
    assert set(TELLTALES) == {r.id for r in ROWS}
    assert {_by_id(r.id).group for r in ROWS} == set(EVERY_WEAPON)


@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_row_reads_as_the_seed_prints_it(row: Row) -> None:
    w = _by_id(row.id)
    assert w.name == row.name
    assert w.weapon_class == row.cls
    assert w.range == row.range
    assert w.rof == row.rof
    assert (w.damage, w.damage_type, w.pen) == (row.damage, row.damage_type, row.pen)
    assert (w.clip, w.reload) == (row.clip, row.reload)
    assert w.qualities == row.qualities


@pytest.mark.parametrize("weapon_id", list(TELLTALES))
def test_seed_001_holds_the_text_the_row_was_read_from(seed_text: str, weapon_id: str) -> None:
    for text in TELLTALES[weapon_id]:
        assert text in seed_text, f"{weapon_id}: {text!r} is not in seed 001"


def test_every_quality_is_one_the_seed_explains_or_prints_as_special(seed_text: str) -> None:
    # the seed's Weapon Qualities entries read "Tearing:" or "Blast (X):"
    for w in armoury("dw").weapons:
        for text in w.qualities:
            name, value = tables.parse_quality(text)
            if name == "Special":
                assert any("Special" in n for n in w.notes), f"{w.id}: 'Special' needs a note saying what it is"
            else:
                entry = f"{name} (X):" if value is not None else f"{name}:"
                assert entry in seed_text, f"{w.id}: {entry} is not among the seed's Weapon Qualities"


def test_every_quality_is_known_to_the_deathwatch_quality_table() -> None:
    try:
        tables.qualities("dw")
    except FileNotFoundError:
        pytest.skip("rules/data/dw/qualities.json is not there yet")
    for w in armoury("dw").weapons:
        _, errors = tables.check_qualities("dw", "Deathwatch", w.qualities)
        assert errors == [], (w.id, errors)


# --- footnotes ----------------------------------------------------------------------------------


def test_power_fist_and_chainfist_double_the_wielders_sb_and_nothing_else_does() -> None:
    doubled = {w.id for w in armoury("dw").weapons if w.sb_multiplier == 2}
    assert doubled == {"astartes-power-fist", "astartes-chainfist"}
    assert all(w.sb_multiplier == 1 for w in armoury("dw").weapons if w.id not in doubled)
    for weapon_id in doubled:
        assert Weapon.model_validate(weapon_profile(_by_id(weapon_id))).sb_multiplier == 2


def test_the_mounted_chainfist_is_resolved_as_a_melee_weapon() -> None:
    chainfist = _by_id("astartes-chainfist")
    assert chainfist.weapon_class == "Mounted"  # as the seed prints it
    weapon = Weapon.model_validate(weapon_profile(chainfist))
    assert weapon.weapon_class == "Melee" and weapon.is_melee
    assert weapon.range == 0


def test_mounted_ranged_weapons_stay_mounted() -> None:
    weapon = Weapon.model_validate(weapon_profile(_by_id("astartes-assault-cannon")))
    assert weapon.weapon_class == "Mounted" and not weapon.is_melee


@pytest.mark.parametrize(
    ("secondary", "name", "damage", "damage_type", "pen", "range_m", "qualities"),
    [
        ("astartes-flamer", "Astartes Combi-Weapon (Astartes Flamer)", "2d10+2", "E", 3, 20, ["Flame"]),
        ("astartes-meltagun-vulkan", "Astartes Combi-Weapon (Astartes Meltagun)", "2d10+8", "E", 13, 20, []),
        ("astartes-plasma-gun-ragefire", "Astartes Combi-Weapon (Astartes Plasma Gun)", "1d10+9", "E", 8, 100, ["Volatile"]),
    ],
)  # fmt: skip
def test_combi_weapon_secondary_fires_single_shots_from_a_clip_of_one_with_its_own_damage(
    secondary: str, name: str, damage: str, damage_type: str, pen: int, range_m: float, qualities: list[str]
) -> None:
    combi = _by_id(COMBI)
    assert combi.secondary is not None and secondary in combi.secondary.weapons
    weapon = Weapon.model_validate(weapon_profile(combi, secondary))
    assert weapon.name == name
    assert (weapon.rof, weapon.clip) == ("S/-/-", 1)
    assert (weapon.damage, weapon.damage_type, weapon.pen, weapon.range) == (damage, damage_type, pen, range_m)
    assert weapon.qualities == qualities
    own = _by_id(secondary)
    assert (weapon.damage, weapon.pen, weapon.reload) == (own.damage, own.pen, own.reload)


def test_combi_weapon_primary_profile_is_the_bolter() -> None:
    primary = weapon_profile(_by_id(COMBI))
    bolter = weapon_profile(_by_id("astartes-bolter-godwyn"))
    assert {k: v for k, v in primary.items() if k != "name"} == {k: v for k, v in bolter.items() if k != "name"}


def test_combi_weapon_lists_exactly_the_flamer_meltagun_and_plasma_gun() -> None:
    combi = _by_id(COMBI)
    assert combi.secondary is not None
    assert combi.secondary.weapons == ["astartes-flamer", "astartes-meltagun-vulkan", "astartes-plasma-gun-ragefire"]
    assert [w.id for w in armoury("dw").weapons if w.secondary] == [COMBI]


def test_a_secondary_the_weapon_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="not a secondary weapon"):
        weapon_profile(_by_id(COMBI), "astartes-heavy-flamer")
    with pytest.raises(ValueError, match="not a secondary weapon"):
        weapon_profile(_by_id("astartes-bolter-godwyn"), "astartes-flamer")


def test_launchers_are_incomplete_their_damage_given_by_the_ammunition() -> None:
    incomplete = {w.id for w in armoury("dw").weapons if not w.complete}
    assert incomplete == LAUNCHERS
    for weapon_id in LAUNCHERS:
        w = _by_id(weapon_id)
        assert (w.damage, w.damage_type, w.pen) == (None, None, None)
        assert any("ammunition" in n for n in w.notes)
        profile = weapon_profile(w)
        assert not {"damage", "damage_type", "pen"} & set(profile)
        assert profile["clip"] == w.clip and profile["range"] == w.range


def test_the_auxiliary_grenade_launcher_class_is_left_to_the_user() -> None:
    # the seed prints "n/a": no class in the profile, so Weapon's default applies
    assert "class" not in weapon_profile(_by_id("auxiliary-grenade-launcher"))


def test_footnoted_melee_weapons_carry_their_footnote() -> None:
    assert any("Techmarines" in n for n in _by_id("omnissian-axe-astartes-pattern").notes)
    for weapon_id in ("ceremonial-sword", "sacris-claymore"):
        assert any("page 170" in n for n in _by_id(weapon_id).notes)
    for w in armoury("dw").weapons:
        assert w.is_melee == any("SB" in n for n in w.notes), w.id


def test_every_inferred_reading_is_recorded_for_the_rows_printed_column_by_column() -> None:
    # every row whose cells the seed scatters carries at least one reading; the bolter rows it prints whole
    whole = {"astartes-bolt-pistol", "astartes-bolter-godwyn", "astartes-boltgun-stalker", "astartes-heavy-bolter"}
    whole |= {"astartes-storm-bolter", "primitive-weapons", "improvised"}
    for w in armoury("dw").weapons:
        assert bool(w.inferred) == (w.id not in whole), w.id


# --- armour, cover, craftsmanship ---------------------------------------------------------------


def _armour(armour_id: str) -> Any:
    return next(a for a in armoury("dw").armour if a.id == armour_id)


def test_astartes_power_armour_is_10_on_the_body_and_8_elsewhere() -> None:
    ap = armour_profile(_armour("astartes-power-armour"))
    assert ap == {"Head": 8, "Right Arm": 8, "Left Arm": 8, "Body": 10, "Right Leg": 8, "Left Leg": 8}
    assert Target(armour=ap).armour_at("Body") == 10  # the engine's target takes it as it is


def test_astartes_scout_armour_covers_the_body_and_both_arms_only() -> None:
    scout = _armour("astartes-scout-armour")
    assert scout.covers == "Body, Arms"
    assert armour_profile(scout) == {"Body": 6, "Right Arm": 6, "Left Arm": 6}


@pytest.mark.parametrize(
    ("armour_id", "covers", "ap"),
    [
        ("astartes-artificer-armour", "All", 12),
        ("astartes-terminator-armour", "All", 14),
        ("carapace-armour", "All", 6),
        ("flak-armour", "All", 4),
        ("diagnostor-helmet", "Head", 8),
    ],
)
def test_armour_row_gives_its_ap_on_the_locations_it_covers(armour_id: str, covers: str, ap: int) -> None:
    entry = _armour(armour_id)
    assert entry.covers == covers
    expected = LOCATIONS if covers == "All" else ("Head",)
    assert armour_profile(entry) == dict.fromkeys(expected, ap)


def test_primitive_armour_varies_and_the_masking_screen_gives_none() -> None:
    primitive, screen = _armour("primitive-armour"), _armour("masking-screen")
    assert primitive.locations is None and armour_profile(primitive) == {}
    assert screen.locations == {} and screen.covers == "\u2013"
    assert [a.name for a in armoury("dw").armour] == [
        "Astartes Power Armour",
        "Astartes Artificer Armour",
        "Astartes Scout Armour",
        "Astartes Terminator Armour",
        "Primitive Armour",
        "Carapace Armour",
        "Diagnostor Helmet",
        "Masking Screen",
        "Flak Armour",
    ]


def test_artificer_armour_is_signature_gear_only() -> None:
    assert any("Signature Gear" in n for n in _armour("astartes-artificer-armour").notes)


def test_cover_types_add_4_8_16_and_32_ap() -> None:
    cover = {c.ap: c.materials for c in armoury("dw").cover}
    assert cover == {
        4: ["Light Wood", "Armour-glas", "Light Metal"],
        8: ["Heavy Wood", "Flakboard", "Sandbags", "Ice"],
        16: ["Rockcrete", "Thick Iron", "Stone"],
        32: ["Plasteel", "Armaplas"],
    }


def test_craftsmanship_poor_jams_good_adds_5_best_adds_10_and_a_point_of_damage() -> None:
    rows = {c.name: (c.to_hit, c.damage, c.jams_on_failed_hit) for c in armoury("dw").craftsmanship}
    assert rows == {"Poor": (-10, 0, True), "Good": (5, 0, False), "Best": (10, 1, False)}


def test_covered_locations_reads_the_printed_lists() -> None:
    assert covered_locations("All") == set(LOCATIONS)
    assert covered_locations("Body, Arms") == {"Body", "Right Arm", "Left Arm"}
    assert covered_locations("Varies") is None
    assert covered_locations("\u2013") == set()
    with pytest.raises(ValueError, match="not a list of locations"):
        covered_locations("Tail")


# --- the loader, the catalogue, the validators -------------------------------------------------


def test_a_system_without_an_armoury_raises_file_not_found() -> None:
    with pytest.raises(FileNotFoundError):
        armoury("wh40krp")


def test_the_catalogue_lists_every_weapon_combi_profile_armour_and_cover_as_json() -> None:
    c = armoury_catalogue("dw")
    json.dumps(c)  # JSON-ready
    assert [w["name"] for w in c["weapons"]] == [n for names in EVERY_WEAPON.values() for n in names]
    assert {w["id"] for w in c["weapons"] if not w["complete"]} == LAUNCHERS
    assert [x["id"] for x in c["combi"]] == [
        "astartes-combi-weapon:astartes-flamer",
        "astartes-combi-weapon:astartes-meltagun-vulkan",
        "astartes-combi-weapon:astartes-plasma-gun-ragefire",
    ]
    melta = c["combi"][1]
    assert melta["name"] == "Astartes Combi-Weapon (Astartes Meltagun)" and melta["complete"] is True
    assert (melta["profile"]["rof"], melta["profile"]["clip"]) == ("S/-/-", 1)
    power = next(a for a in c["armour"] if a["id"] == "astartes-power-armour")
    assert power["armour"]["Body"] == 10 and power["covers"] == "All"
    assert [x["ap"] for x in c["cover"]] == [4, 8, 16, 32]
    assert [x["name"] for x in c["craftsmanship"]] == ["Poor", "Good", "Best"]
    bolter = next(w for w in c["weapons"] if w["id"] == "astartes-bolter-godwyn")
    assert bolter["profile"] == {
        "name": "Astartes Bolter (Godwyn)",
        "class": "Basic",
        "range": 100,
        "rof": "S/2/4",
        "damage": "2d10+5",
        "damage_type": "X",
        "pen": 5,
        "clip": 28,
        "qualities": ["Tearing"],
        "reload": "Full",
        "sb_multiplier": 1,
    }


def _data() -> dict[str, Any]:
    """The armoury as its JSON file holds it (aliases as keys), to break on purpose."""
    return armoury("dw").model_dump(by_alias=True)


def test_the_armoury_round_trips_through_its_json_form() -> None:
    assert Armoury.model_validate(_data()) == armoury("dw")


def test_a_duplicate_weapon_id_is_refused() -> None:
    data = _data()
    data["weapons"].append(dict(data["weapons"][0], name="Another Bolt Pistol"))
    with pytest.raises(ValidationError, match="duplicate weapon ids: astartes-bolt-pistol"):
        Armoury.model_validate(data)


def test_a_duplicate_armour_id_is_refused() -> None:
    data = _data()
    data["armour"].append(data["armour"][0])
    with pytest.raises(ValidationError, match="duplicate armour ids: astartes-power-armour"):
        Armoury.model_validate(data)


def test_an_unknown_secondary_weapon_is_refused() -> None:
    data = _data()
    combi = next(w for w in data["weapons"] if w["id"] == COMBI)
    combi["secondary"]["weapons"] = ["astartes-flamer", "astartes-combi-graviton"]
    with pytest.raises(ValidationError, match="'astartes-combi-graviton' is not in the armoury"):
        Armoury.model_validate(data)


def test_a_launcher_as_secondary_weapon_is_refused() -> None:
    data = _data()
    combi = next(w for w in data["weapons"] if w["id"] == COMBI)
    combi["secondary"]["weapons"] = ["auxiliary-grenade-launcher"]
    with pytest.raises(ValidationError, match="must be complete"):
        Armoury.model_validate(data)


@pytest.mark.parametrize(
    ("weapon_id", "change", "message"),
    [
        ("astartes-plasma-cannon", {"pen": None}, "given together or all null"),
        ("astartes-chainsword", {"clip": 6}, "a melee weapon has range 0"),
        ("astartes-bolter-godwyn", {"sb_multiplier": 2}, "only a melee weapon adds SB"),
        ("astartes-bolter-godwyn", {"rof": "S/x/4"}, "not a rate of fire"),
        ("astartes-bolter-godwyn", {"damage": "2d6+5"}, "damage dice are d5 or d10"),
        ("astartes-bolter-godwyn", {"id": "Astartes Bolter"}, "not a slug"),
        ("astartes-bolter-godwyn", {"class": "Artillery"}, "class"),
    ],
)
def test_a_malformed_weapon_row_is_refused(weapon_id: str, change: dict[str, Any], message: str) -> None:
    data = _data()
    row = next(w for w in data["weapons"] if w["id"] == weapon_id)
    row.update(change)
    with pytest.raises(ValidationError, match=message):
        Armoury.model_validate(data)


def test_armour_whose_locations_do_not_match_what_it_covers_is_refused() -> None:
    data = _data()
    scout = next(a for a in data["armour"] if a["id"] == "astartes-scout-armour")
    scout["locations"]["Head"] = 6
    with pytest.raises(ValidationError, match="covers 'Body, Arms'"):
        Armoury.model_validate(data)
