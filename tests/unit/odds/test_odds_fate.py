"""The odds with one Fate re-roll of the attack test (rules.odds.fate): every figure reads
P(X and not lost) + P(lost) * P(X); to hit, p + (1 - p) * p. DH2 Core, Ch. I, Fate Points: a Fate
point re-rolls a failed test and the re-roll stands."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from rules import api
from rules.errors import NeedDie
from rules.odds import run_odds

ROOT = Path(__file__).resolve().parents[3]


def _lasgun(bs: int, **target: Any) -> dict[str, Any]:
    """examples/lasgun.json without its Fog: BS + 10 (Standard Attack) + 10 (Short Range, 20 m of
    100 m; DH2 Core, Ch. VII)."""
    data = json.loads((ROOT / "examples" / "lasgun.json").read_text())
    data["action"]["modifiers"] = []
    data["attacker"]["characteristics"]["BS"] = bs
    data["target"].update(target)
    del data["dice"]
    return data


def _figure(odds: dict[str, Any], key: str) -> Fraction | None:
    found = next((f for f in odds["headline"] if f["key"] == key), None)
    return None if found is None else Fraction(found["chance"]["exact"])


def test_fate_to_hit_is_p_plus_one_minus_p_times_p() -> None:
    # BS 45 + 20 = 65: p = 65/100 (a Reliable lasgun jams only on 100, which misses anyway).
    # With one re-roll: 65/100 + 35/100 * 65/100 = 6500/10000 + 2275/10000 = 8775/10000 = 351/400.
    odds = run_odds({**_lasgun(45), "fate_reroll": "attack"})["odds"]
    assert _figure(odds, "hit") == Fraction(65, 100)
    assert _figure(odds, "hit_fate") == Fraction(351, 400)


def test_fate_figures_only_when_asked() -> None:
    # Without fate_reroll the report is as it always was: no Fate figure
    odds = run_odds(_lasgun(45))["odds"]
    assert _figure(odds, "hit_fate") is None and _figure(odds, "kill_fate") is None


def _brute(data: dict[str, Any], fate: bool) -> dict[str, Fraction]:
    """Every die walked through the engine itself (api.run with scripted dice, each die asked for
    branching over its faces): the chance to hit and to kill, the attack test re-rolled with Fate
    when the attack is lost (a miss or a jam)."""
    out = {"hit": Fraction(0), "kill": Fraction(0)}
    need = data["target"]["wounds"] - data["target"]["damage_taken"]

    def walk(dice: list[int], weight: Fraction, reroll: bool) -> None:
        scenario = {**data, "dice": dice, **({"fate_reroll": "attack"} if reroll else {})}
        try:
            res = api.resolve(api.load_scenario(scenario))
        except NeedDie as want:
            for face in range(1, want.sides + 1):
                walk([*dice, face], weight / want.sides, reroll)
            return
        if fate and not reroll and res.outcome in ("miss", "jam"):
            walk(dice[:1], weight, True)  # the same first roll, set aside: the re-roll is walked
            return
        out["hit"] += weight * any(h.person == 0 for h in res.hits)
        out["kill"] += weight * (res.total_wounds >= need or res.slain)

    walk([], Fraction(1), False)
    return out


def test_fate_odds_agree_with_brute_force_on_a_small_case() -> None:
    # BS 79 + 20 = 99: the attack is lost on 100 only, so the walk is small (99 x 10 damage
    # dice, then 1 x 100 x 10 re-rolled). Cultist: 6 wounds, TB 3, 2 armour on the Body.
    data = _lasgun(79, wounds=6)
    odds = run_odds({**data, "fate_reroll": "attack"})["odds"]
    brute = _brute(data, fate=True)
    assert _figure(odds, "hit_fate") == brute["hit"]
    assert _figure(odds, "kill_fate") == brute["kill"]
    plain = _brute(data, fate=False)
    assert _figure(odds, "hit") == plain["hit"] and _figure(odds, "kill") == plain["kill"]
    # and the formula: P_fate(kill) = P(kill) + P(lost) * P(kill), the kill never on a lost attack
    lost = 1 - plain["hit"]
    assert brute["kill"] == plain["kill"] + lost * plain["kill"]


def test_no_fate_figure_without_an_attack_test() -> None:
    # Spray (DH2 Core, Ch. V): the target tests Agility, the attack has no test of its own to re-roll
    data = _lasgun(45)
    data["attacker"]["weapon"].update({"class": "Basic", "qualities": ["Spray"], "range": 20, "rof": "S/-/-"})
    data["action"]["distance"] = 10
    data["target"]["characteristics"] = {"Ag": 30}
    env = run_odds({**data, "fate_reroll": "attack"})
    assert env["status"] == "ok", env
    assert _figure(env["odds"], "hit_fate") is None


def test_a_fate_reroll_of_another_test_is_named_in_the_notes() -> None:
    odds = run_odds({**_lasgun(45), "fate_reroll": "evasion"})["odds"]
    assert _figure(odds, "hit_fate") is None
    assert any("attack test only" in n and "'evasion'" in n for n in odds["notes"])
