"""DH2: Overheats is not a jam (a reading: see the ruleset's Readings).

DH2 Core, Ch. V, Overheats: on an unmodified 91 or more the weapon overheats "instead of jamming": a weapon
with Overheats never jams. A plasma gun rolling 93 reports ``overheated: true`` and ``jammed: false``; the
outcome keeps its public value ``"jam"`` (the attack is lost), which the page shows as "Overheated". The
encounter's weapon overheats (it cannot fire on its wielder's next turn) and is not jammed.
"""

from __future__ import annotations

import dw_scenarios as dw
from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon
from encounter_helpers import GUARD, dh2_fight

PLASMA = weapon(LASGUN, name="Plasma Gun", qualities=["Overheats"])


def test_overheats_is_not_a_jam_dh2() -> None:
    # BS 40 + 10 = 50, unmodified 93: 91 or more overheats, the attack is lost; no jam.
    res = resolve_ok(scenario(PLASMA, dice=[93]))
    assert (res["outcome"], res["overheated"], res["jammed"]) == ("jam", True, False)


def test_overheats_is_not_a_jam_dw() -> None:
    # Deathwatch reads Overheats as DH2 does (seed 001: "causes Overheat"): 40, roll 93 overheats, no jam.
    res = resolve_ok(dw.scenario(weapon(dw.PLASMA_GUN, qualities=["Overheats"]), dice=[93]))
    assert (res["overheated"], res["jammed"]) == (True, False)


def test_an_overheated_weapon_in_the_encounter_is_not_jammed_dh2() -> None:
    guard = {**GUARD, "weapon": {**GUARD["weapon"], "name": "Plasma Gun", "qualities": ["Overheats"]}}
    f = dh2_fight(guard)
    f.do({"type": "attack", "who": "g", "at": "c", "action": {"distance": 20}, "dice": [93]})
    w = f.who("g")["weapon"]
    assert (w["jammed"], w["overheated"]) == (False, 2)
