"""The CLI gives the same answers as the engine for what the seeds left half-done: Smoke's smokescreen
rolled (seed 001 L460-462), a Blast miss on the Scatter Diagram (seed 001 L362; DH2 Core, Ch. VII),
Devastating's Cohesion point (seed 001 L419-421) and DH1's Difficult Terrain grades (seed 003 L63)."""

from __future__ import annotations

import json
from typing import Any

import dh1_scenarios as dh1
import dh2_scenarios as dh2
import dw_scenarios as dw
import pytest
from run_helpers import cli

LAUNCHER = dh2.weapon(dh2.LASGUN, name="Grenade Launcher", qualities=["Blast (3)"])

CASES: dict[str, dict[str, Any]] = {
    # 3d10 = 4 + 5 + 6 = 15 metres across, 2d10 = 3 + 8 = 11 rounds
    "smoke": dw.scenario(dh2.weapon(dw.AUTOGUN, qualities=["Smoke"]), dice=[23, 6, 4, 5, 6, 3, 8]),
    # BS 50, roll 60: 2 degrees of failure; d10 3; 2d5 from d10s 7 and 2 = 4 + 1 = 5 metres
    "scatter": dh2.scenario(LAUNCHER, dice=[60, 3, 7, 2]),
    # a Devastating (1) knife on a Battle-Brother: the Cohesion point named
    "devastating": dw.scenario(dh2.weapon(dw.KNIFE, qualities=["Devastating (1)"]), dice=[23, 5]),
    # WS 40 - 30 = 10, roll 10 hits; Dodge 40 - 30 = 10, roll 11 fails; d10 5
    "terrain": dh1.scenario(
        dh1.SWORD,
        circumstances=["Difficult Terrain (-30)"],
        evasion={"reaction": "Dodge", "skill": 40},
        dice=[10, 11, 5],
    ),
}

EXPECTED = {
    "smoke": ("smoke", {"metres_across": 15, "rounds": 11}),
    "scatter": ("scatter", {"direction": 3, "metres": 5}),
    "devastating": ("total_wounds", 7),
    "terrain": ("target_number", 10),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_cli_resolves_as_the_engine(case: str) -> None:
    data = CASES[case]
    proc = cli("resolve", "-", stdin=json.dumps(data))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    key, value = EXPECTED[case]
    assert out[key] == value
    assert out == dh2.resolve_ok(data)
