"""Deathwatch Overwatch fires only into its kill zone: seed 001, Overwatch ("You take a Full Action to
establish a kill zone 45-degrees from your facing and up to the Range of the weapon"). A target beyond
the weapon's Range is refused at ``action.distance``, as Suppressing Fire's half Range is.
"""

from __future__ import annotations

import json
from typing import Any

from dw_scenarios import BOLTER, attack, errors_of, scenario
from run_helpers import cli
from test_dw_overwatch import fight


def _burst(distance: float, dice: list[int]) -> dict[str, Any]:
    return scenario(BOLTER, action="Full Auto Burst", overwatch=True, distance=distance, target_WP=30, dice=dice)


def test_overwatch_at_the_weapons_range_fires() -> None:
    # Bolter, Range 100 m: 100 m is in the zone. BS 40 + Full Auto 20 - Overwatch 20, 100 m Standard 0
    # = 40; 90 misses (no jam: 94-00). The target tests WP 30 - 20 = 10: 50 fails, Pinned.
    res = attack(_burst(100, [90, 50]))
    assert (res["outcome"], res["target_number"]) == ("miss", 40)


def test_overwatch_beyond_the_weapons_range_refused() -> None:
    # 150 m is beyond the Bolter's 100 m Range (though within 4 x 100 m, a shot's limit)
    errors = errors_of(_burst(150, [90, 50]))
    assert list(errors) == ["action.distance"]
    assert errors["action.distance"].startswith("The kill zone of Overwatch reaches up to the weapon's Range, 100 m")


def _on_overwatch() -> Any:
    f = fight()
    f.do({"type": "overwatch", "who": "m", "fire": "Full Auto Burst"})
    f.end("m")
    return f


def test_encounter_overwatch_shot_beyond_the_kill_zone_refused() -> None:
    # Castor's Bolter (100 m) on Overwatch: the Ork at 150 m is not in the kill zone; nothing changes
    f = _on_overwatch()
    errors = f.refused(
        {"type": "attack", "who": "m", "at": "o", "action": {"overwatch": True, "distance": 150}, "dice": [30, 50]}
    )
    assert [e["field"] for e in errors] == ["then.action.distance"]


def test_cli_encounter_overwatch_shot_beyond_the_kill_zone_refused(tmp_path: Any) -> None:
    f = _on_overwatch()
    (tmp_path / "fight.json").write_text(json.dumps(f.file))
    shot = {"type": "attack", "who": "m", "at": "o", "action": {"overwatch": True, "distance": 150}, "dice": [30, 50]}
    (tmp_path / "shot.json").write_text(json.dumps(shot))
    proc = cli("encounter", str(tmp_path / "fight.json"), "--then", str(tmp_path / "shot.json"))
    assert proc.returncode == 2
    assert [e["field"] for e in json.loads(proc.stderr)["errors"]] == ["then.action.distance"]
