"""A Stun says which success it reports: the resolution's ``success`` is the Stun's (the opponent
Stunned), ``manoeuvre.test_success`` its Weapon Skill test's (the blow landed); its step says both.

Seed 003, Actions ("Stun | Full | Try to Stun an opponent"); DH1 Core, Ch. VIII, Stun: a WS test at
-20; hit, 1d10 + SB against the opponent's TB + head AP, equal or higher Stuns it. Deathwatch the same
(seed 001, Combat Actions; DW Core, Ch. VIII, Stun).
"""

from __future__ import annotations

import json

import dw_scenarios as dw
from run_helpers import cli
from test_dh1_manoeuvres import _m

from rules import run


def _stun_step(res: dict) -> str:
    (detail,) = [s["detail"] for s in res["steps"] if s["rule"] == "Stun"]
    return str(detail)


def test_dh1_stun_hit_but_too_weak_says_the_test_succeeded_and_the_stun_failed() -> None:
    # WS 40 - 20 = 20; 12 succeeds (the blow lands). 1d10 1 + SB 3 = 4 against TB 3 + head AP 6 = 9:
    # lower, not Stunned. The Stun fails (success false); its WS test succeeded.
    res = run(_m("Stun", [12, 1], armour={"Head": 6}))["resolution"]
    assert res["success"] is False
    assert res["manoeuvre"]["test_success"] is True
    assert _stun_step(res).endswith("The Weapon Skill test succeeded (the blow landed); the Stun fails.")


def test_dh1_stun_that_stuns_succeeds_both_ways() -> None:
    # WS 20, 12 hits; 1d10 9 + SB 3 = 12 against TB 3 + head AP 2 = 5: Stunned 7 rounds
    res = run(_m("Stun", [12, 9], armour={"Head": 2}))["resolution"]
    assert (res["success"], res["manoeuvre"]["test_success"]) == (True, True)
    assert _stun_step(res).endswith("The Stun succeeds.")


def test_dh1_stun_missed_fails_its_test() -> None:
    # WS 20, 50 misses: no d10
    res = run(_m("Stun", [50]))["resolution"]
    assert (res["success"], res["manoeuvre"]["test_success"]) == (False, False)


def test_other_manoeuvres_carry_no_test_success() -> None:
    # Knock-Down: S 30 rolls 25 (0 DoS), the opponent's S 30 rolls 60 (fails): won
    res = run(_m("Knock-Down", [25, 60]))["resolution"]
    assert "test_success" not in res["manoeuvre"]


def test_dw_stun_hit_but_too_weak() -> None:
    # DW: WS 40 - 20 = 20; 12 hits. 1d10 1 + SB 4 = 5 against TB 4 + head AP 6 = 10: not Stunned
    data = dw.scenario(dw.KNIFE, action="Stun", distance=1, armour={"Head": 6}, dice=[12, 1])
    res = run(data)["resolution"]
    assert (res["success"], res["manoeuvre"]["test_success"]) == (False, True)


def test_cli_resolve_the_dh1_stun_too_weak() -> None:
    proc = cli("resolve", "-", stdin=json.dumps(_m("Stun", [12, 1], armour={"Head": 6})))
    assert proc.returncode == 0, proc.stderr
    res = json.loads(proc.stdout)
    assert (res["success"], res["manoeuvre"]["test_success"]) == (False, True)  # as counted above
