"""A weapon corrected by a ``profile`` event reloads by its corrected Rld (seed 003, Weapon
Characteristics: "Rld | How many actions to reload"; seed 001's weapon tables, the Rld column).

The same weapon (name and Clip unchanged) keeps its rounds; the reload's length comes from the
corrected profile. The encounter counts a reload in Half Actions: Half 1, Full 2, "2 Full" 4, at most
a Full Action (2) a turn.
"""

from __future__ import annotations

import json
from typing import Any

from dw_scenarios import BOLT_PISTOL
from run_helpers import cli
from test_dw_overwatch import fight
from test_encounter_dw_epic import MARINE

TWO_FULL = {**MARINE["weapon"], "reload": "2 Full"}


def _weapon(f: Any, key: str = "weapon") -> dict[str, Any]:
    return dict(f.who("m")[key])


def test_corrected_rld_2_full_takes_two_turns_to_reload() -> None:
    # The Bolter (Clip 28, Rld Full) corrected to Rld "2 Full": 4 Half Actions. Emptied, one reload
    # event spends a Full Action (2): 2 still owed, the clip still empty.
    f = fight()
    f.do({"type": "profile", "who": "m", "attacker": {**MARINE, "weapon": TWO_FULL}})
    f.do({"type": "adjust", "who": "m", "rounds": 0})
    f.do({"type": "reload", "who": "m"})
    w = _weapon(f)
    assert (w["rounds"], w["reload"], w["reloading"]) == (0, "2 Full", 2)
    # the next turn's Full Action completes it: 28 rounds
    f.end("m")
    f.end("o")
    f.do({"type": "reload", "who": "m"})
    assert (_weapon(f)["rounds"], _weapon(f)["reloading"]) == (28, 0)


def test_corrected_rld_keeps_the_rounds_left() -> None:
    # the same weapon (Bolter, Clip 28): the 11 rounds left stay loaded, the Rld is the corrected one
    f = fight()
    f.do({"type": "adjust", "who": "m", "rounds": 11})
    f.do({"type": "profile", "who": "m", "attacker": {**MARINE, "weapon": TWO_FULL}})
    assert (_weapon(f)["rounds"], _weapon(f)["reload"]) == (11, "2 Full")


def test_reload_under_way_already_paid_for_by_the_corrected_rld() -> None:
    # Rld "2 Full" (4 Half Actions): one reload spends 2, 2 owed. Corrected to Rld Full (2): the 2
    # spent pay for it, so the Bolter is loaded (28 rounds).
    f = fight()
    f.do({"type": "profile", "who": "m", "attacker": {**MARINE, "weapon": TWO_FULL}})
    f.do({"type": "adjust", "who": "m", "rounds": 0})
    f.do({"type": "reload", "who": "m"})
    assert _weapon(f)["reloading"] == 2
    f.do({"type": "profile", "who": "m", "attacker": MARINE})
    w = _weapon(f)
    assert (w["rounds"], w["reload"], w["reloading"]) == (28, "Full", 0)


def test_second_weapon_corrected_rld() -> None:
    # The Bolt Pistol in the other hand (Clip 14, Rld Half: 1 Half Action) corrected to Rld Full (2):
    # emptied, a reload of the second weapon spends a Full Action and loads it; with the old Rld Half
    # the marine would have 1 Half Action left, with Full it has none.
    pistol = {**BOLT_PISTOL, "reload": "Half"}
    f = fight()
    f.do({"type": "profile", "who": "m", "attacker": {**MARINE, "second_weapon": pistol}})
    f.do({"type": "profile", "who": "m", "attacker": {**MARINE, "second_weapon": {**pistol, "reload": "Full"}}})
    f.do({"type": "adjust", "who": "m", "second_rounds": 0})
    f.do({"type": "reload", "who": "m", "weapon": "second"})
    w = _weapon(f, "second_weapon")
    assert (w["rounds"], w["reload"]) == (14, "Full")
    assert f.who("m")["half_actions"] == 2


def test_cli_encounter_corrected_rld(tmp_path: Any) -> None:
    # the first test's file through the command line: 0 rounds, 2 Half Actions owed, Rld "2 Full"
    f = fight()
    f.do({"type": "profile", "who": "m", "attacker": {**MARINE, "weapon": TWO_FULL}})
    f.do({"type": "adjust", "who": "m", "rounds": 0})
    (tmp_path / "fight.json").write_text(json.dumps(f.file))
    (tmp_path / "reload.json").write_text(json.dumps({"type": "reload", "who": "m"}))
    proc = cli("encounter", str(tmp_path / "fight.json"), "--then", str(tmp_path / "reload.json"))
    assert proc.returncode == 0, proc.stderr
    (m,) = [c for c in json.loads(proc.stdout)["state"]["combatants"] if c["id"] == "m"]
    assert (m["weapon"]["rounds"], m["weapon"]["reload"], m["weapon"]["reloading"]) == (0, "2 Full", 2)
