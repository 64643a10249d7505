"""The armouries of every ruleset: one loader (``rules.armoury``) for Deathwatch's,
Dark Heresy 2nd edition's and 1st edition's; DH2 and DH1 hold seed 001's common, non-Astartes rows
(Deathwatch's profiles, marked so) and DH1 the shotguns of its own Core Rulebook; every entry
loads, every quality is one its ruleset's quality table knows, and an attack with a picked profile
resolves as the hand-count says."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from dh2_scenarios import scenario
from run_helpers import resolve

from rules import armoury as shared
from rules.armoury import armour_profile, armoury, armoury_catalogue, weapon_profile
from rules.catalogue import catalogue
from rules.d100 import tables
from rules.d100.models import Target, Weapon

SYSTEMS = ("dw", "dh2", "dh1")
SEED_001_WEAPONS = {"lasgun", "laspistol", "autogun", "autopistol"}
SEED_001_ARMOUR = {"flak-armour", "carapace-armour", "primitive-armour"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_entry_loads_with_a_source_and_every_complete_profile_is_an_engine_weapon(system: str) -> None:
    a = armoury(system)
    assert a.weapons and a.armour
    for w in a.weapons:
        assert w.source, w.id
        if w.complete:
            Weapon.model_validate(weapon_profile(w, system=system))
    for x in a.armour:
        assert x.source, x.id
        Target.model_validate({"armour": armour_profile(x)})


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_quality_is_known_to_its_rulesets_quality_table(system: str) -> None:
    for w in armoury(system).weapons:
        _, errors = tables.check_qualities(system, system, w.qualities)
        assert errors == [], (system, w.id, errors)


def test_dark_heresy_armouries_hold_seed_001s_common_rows_and_no_astartes_row() -> None:
    dh2, dh1 = armoury("dh2"), armoury("dh1")
    melee = {"knife", "sword", "club", "staff", "chainsword", "power-sword", "unarmed"}
    assert {w.id for w in dh2.weapons} == SEED_001_WEAPONS | melee
    assert {w.id for w in dh1.weapons} == SEED_001_WEAPONS | melee | {
        "shotgun",
        "pump-action-shotgun",
        "primitive-weapons",
        "improvised",
    }
    for a in (dh2, dh1):
        assert {x.id for x in a.armour} == SEED_001_ARMOUR
        assert not any("Astartes" in e.name for e in [*a.weapons, *a.armour])


@pytest.mark.parametrize("system", ["dh2", "dh1"])
def test_a_seed_001_row_is_deathwatchs_profile_and_says_so(system: str) -> None:
    dw = armoury("dw")
    for w in armoury(system).weapons:
        if not w.source.startswith("seed 001"):
            continue
        assert w.source.endswith("(Deathwatch's profile)"), w.source
        assert weapon_profile(w, system=system) == weapon_profile(dw.weapon(w.id), system="dw")
        assert w.notes, f"{system} {w.id}: a note says how the ruleset's own book prints it"
    flak = next(x for x in armoury(system).armour if x.id == "flak-armour")
    # seed 001, Armour: Flak Armour, All, 4
    assert armour_profile(flak) == dict.fromkeys(["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"], 4)


def test_dh1_autogun_notes_that_dh1_core_reloads_it_in_a_full_action() -> None:
    autogun = armoury("dh1").weapon("autogun")
    assert autogun.reload == "2 Full"  # seed 001's cell, kept
    assert any("Rld Full" in n for n in autogun.notes)


def test_dh1_shotguns_come_from_dh1_core_with_scatter() -> None:
    shotgun = weapon_profile(armoury("dh1").weapon("shotgun"), system="dh1")
    assert shotgun == {
        "name": "Shotgun",
        "class": "Basic",
        "range": 30,
        "rof": "S/-/-",
        "damage": "1d10+4",
        "damage_type": "I",
        "pen": 0,
        "clip": 2,
        "qualities": ["Reliable", "Scatter"],
        "reload": "2 Full",
        "sb_multiplier": 1,
    }
    pump = armoury("dh1").weapon("pump-action-shotgun")
    assert (pump.clip, pump.qualities) == (8, ["Scatter"])
    assert "Dark Heresy Core Rulebook (1st ed.)" in pump.source


def test_a_quality_the_ruleset_does_not_know_as_printed_is_refused_at_load(monkeypatch: pytest.MonkeyPatch) -> None:
    # DH2's Primitive takes a value (Primitive (X)); seed 001's bare "Primitive" is refused there.
    data: dict[str, Any] = copy.deepcopy(shared._load("dh1", "armoury"))  # type: ignore[arg-type]
    monkeypatch.setattr(shared, "_load", lambda system, name: data)
    with pytest.raises(ValueError, match="primitive-weapons: Primitive takes a value"):
        shared.armoury.__wrapped__("dh2")


def test_the_catalogue_offers_each_dark_heresy_armoury_with_its_sources() -> None:
    rulesets = catalogue()["rulesets"]
    for system in ("dh2", "dh1"):
        a = rulesets[system]["armoury"]
        assert a == armoury_catalogue(system)
        assert all(w["source"] and w["complete"] for w in a["weapons"])
        assert all(x["source"] for x in a["armour"])
        assert "cover" not in rulesets[system]  # neither prints Deathwatch's cover types
    lasgun = next(w for w in rulesets["dh2"]["armoury"]["weapons"] if w["id"] == "lasgun")
    assert lasgun["source"] == "seed 001, Ranged Weapons: Las Weapons (Deathwatch's profile)"


def test_a_dh2_semi_auto_burst_with_the_picked_autogun_at_flak_armour_matches_a_hand_count() -> None:
    # The Autogun as picked: 90 m, S/3/10, 1d10+3 I, Pen 0. At 60 m: Standard range (+0, over half
    # of 90 m); Semi-Auto Burst +0. BS 70, roll 13: DoS 1 + 7 - 1 = 7 -> 1 + (7 - 1) // 2 = 4 hits,
    # capped at RoF 3. Reversed 31: Body, then the Multiple Hits table: Body, Right Arm.
    # Flak: AP 4 everywhere, TB 3 -> 7 to beat. Damage dice 8, 8, 9 (DoS 7 raises none of them):
    # 11 - 7 = 4, 11 - 7 = 4, 12 - 7 = 5 -> 13 wounds.
    gun = weapon_profile(armoury("dh2").weapon("autogun"), system="dh2")
    flak = armour_profile(next(x for x in armoury("dh2").armour if x.id == "flak-armour"))
    res = resolve(scenario(gun, action="Semi-Auto Burst", BS=70, wounds=100, armour=flak, dice=[13, 8, 8, 9]))
    assert [h["location"] for h in res["hits"]] == ["Body", "Body", "Right Arm"]
    assert [h["wounds"] for h in res["hits"]] == [4, 4, 5]
    assert res["total_wounds"] == 13
