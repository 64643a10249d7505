"""The common melee weapons in Dark Heresy's pickers: DH2's and DH1's armouries offer a knife, a
sword, a chainsword, a power sword, a club, a staff and bare hands, each from its Core Rulebook's
Melee Weapons table (bare hands: the Unarmed Combat rules), cited in its source; each picked
profile is an engine weapon and resolves as the hand-count says."""

from __future__ import annotations

import pytest
from dh2_scenarios import resolve_ok, scenario

from rules.armoury import armoury, weapon_profile

MELEE = ("knife", "sword", "chainsword", "power-sword", "club", "staff", "unarmed")


@pytest.mark.parametrize("system", ["dh2", "dh1"])
@pytest.mark.parametrize("wid", MELEE)
def test_dark_heresy_offers_the_common_melee_weapons_with_their_sources(system: str, wid: str) -> None:
    w = armoury(system).weapon(wid)
    assert w.is_melee and w.complete
    assert w.rof is None and w.clip is None and w.range == 0
    book = "Dark Heresy Core Rulebook (2nd ed.)" if system == "dh2" else "Dark Heresy Core Rulebook (1st ed.)"
    if system == "dh2" and wid == "unarmed":
        assert w.source == "seed 004, Unarmed Combat"
    else:
        assert w.source.startswith(book), w.source
    profile = weapon_profile(w, system=system)
    assert profile["class"] == ("Unarmed" if wid == "unarmed" else "Melee")


@pytest.mark.parametrize(
    ("system", "wid", "wounds"),
    [
        # WS 40 +10 Standard Attack = 50; the d100 23 hits (DoS 1 + 5 - 2 = 4 in DH2); S 30: SB 3;
        # TB 3, no armour. The damage d10 is 4.
        # DH2 knife 1d5 R: the d10 4 is a 2, the DoS 4 replace it (seed 004, Step Four): 4 + 3 - 3 = 4
        ("dh2", "knife", 4),
        # DH2 chainsword 1d10+2 R, Pen 2, Tearing: the d10s 4 and 3, the lower dropped; the DoS 4 do
        # not raise the 4: 4 + 2 + 3 - 3 = 6
        ("dh2", "chainsword", 6),
        # DH2 bare hands 1d5-3 I (seed 004, Unarmed Combat): the DoS 4 replace the 2: 4 - 3 + 3 - 3 = 1
        ("dh2", "unarmed", 1),
        # DH1 knife 1d5 R: the d10 4 is a 2: 2 + 3 - 3 = 2
        ("dh1", "knife", 2),
        # DH1 power sword 1d10+5 E: 4 + 5 + 3 - 3 = 9
        ("dh1", "power-sword", 9),
    ],
)
def test_a_picked_melee_weapon_resolves_as_counted_by_hand(system: str, wid: str, wounds: int) -> None:
    # against an unarmed foe (bare hands against an armed one are at -20, seed 004, Unarmed Combat)
    profile = weapon_profile(armoury(system).weapon(wid), system=system)
    dice = [23, 4, 3] if "Tearing" in profile["qualities"] else [23, 4]
    data = scenario(profile, distance=1, armed=False, dice=dice)
    data["system"] = system
    res = resolve_ok(data)
    assert res["total_wounds"] == wounds
