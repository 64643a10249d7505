"""Hallucinogenic (X), in each ruleset.

- DH2 (DH2 Core, Ch. V, Hallucinogenic (X)): a struck target tests Toughness at -10 x X when hit; on a failure a
  delusion (1d10 on the Hallucinogenic Effects table, the GM's).
- DH1 and Deathwatch: not their quality: refused.
"""

from __future__ import annotations

from dh2_scenarios import LASGUN, resolve_ok, scenario, weapon

from .readings import refused, with_fields


def test_hallucinogenic_dh2() -> None:
    # Lasgun with Hallucinogenic (2): roll 23 hits (DoS 4, Body), d10 6 -> 6 wounds; T 50 - 20 = 30: roll 45 ->
    # DoF 4 - 3 + 1 = 2: a delusion.
    gun = weapon(LASGUN, qualities=["Hallucinogenic (2)"])
    res = resolve_ok(with_fields(scenario(gun, dice=[23, 6, 45]), target_T=50))
    [tt] = res["target_tests"]
    assert (tt["quality"], tt["characteristic"], tt["modifier"], tt["target"]) == ("Hallucinogenic", "T", -20, 30)
    assert (tt["roll"], tt["success"], tt["degrees"]) == (45, False, -2)
    assert tt["effect"].startswith("a delusion")


def test_hallucinogenic_dh1() -> None:
    refused("dh1", "Hallucinogenic (2)")


def test_hallucinogenic_dw() -> None:
    refused("dw", "Hallucinogenic (2)")
