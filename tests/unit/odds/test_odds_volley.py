"""The odds of a scenario's volley (``count``, rules/odds/volley.py): the exchange's walk of the
attacks in turn by identical bodies at the one target.

Hand count (DH2): two Cultists (BS 30, an Autogun 1d10+3 I, Pen 0, S/3/10) at a Guardsman with 1
wound left (12, 11 taken; TB 3, no armour, a Dodge of 30), a Standard Attack (+10) at 20 m (Short
+10): 50, a hit on 01-50 (a jam, 96-00, is a miss). Every hit not dodged takes it down (1d10+3-3 >= 1).
After Cultist 1: down = 1/2 x 7/10 = 7/20. Cultist 2: after a miss (1/2) the Dodge is there: 7/20
more x 1/2; after a dodged hit (1/2 x 3/10 = 3/20) it is spent (one Reaction a round): 1/2 x 3/20.
Down after both = 7/20 + 7/40 + 3/40 = 3/5 (without the Reaction spent once: 1 - (13/20)^2 = 231/400).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.odds import run_odds
from rules.odds.exchange import run_exchange

AUTOGUN = {"name": "Autogun", "class": "Basic", "range": 90, "rof": "S/3/10", "damage": "1d10+3", "clip": 30}
CULTIST = {"name": "Cultist", "characteristics": {"BS": 30}, "weapon": AUTOGUN}
GUARDSMAN = {
    "name": "Guardsman",
    "wounds": 12,
    "damage_taken": 11,
    "toughness_bonus": 3,
    "evasion": {"reaction": "Dodge", "skill": 30},
}
ACTION = {"type": "Standard Attack", "distance": 20}
VOLLEY: dict[str, Any] = {"system": "dh2", "count": 2, "attacker": CULTIST, "target": GUARDSMAN, "action": ACTION}


def _exchange() -> dict[str, Any]:
    """The same two Cultists and Guardsman as an encounter's exchange (Ag given for initiative:
    d10s 10, 9, 1 put the Cultists first)."""
    body = {**CULTIST, "characteristics": {"BS": 30, "Ag": 30}}
    add = [
        {"type": "add", "combatant": {"id": f"c{k}", "name": f"Cultist {k}", "side": "foes", "attacker": body}}
        for k in (1, 2)
    ]
    guard = {**GUARDSMAN, "characteristics": {"Ag": 30}}
    add.append({"type": "add", "combatant": {"id": "g", "name": "Guardsman", "side": "party", "target": guard}})
    events = [*add, {"type": "initiative", "dice": [10, 9, 1]}]
    data = {
        "encounter": {"auspex_encounter": 1, "system": "dh2", "events": events},
        "target": "g",
        "attacks": [{"who": "c1", "action": ACTION}, {"who": "c2", "action": ACTION}],
    }
    out = run_exchange(data)
    assert out["status"] == "ok", out
    return dict(out["exchange"])


def test_two_cultists_volley_odds_carry_the_reaction_spent_once_as_the_exchange() -> None:
    out = run_odds(VOLLEY)
    assert out["status"] == "ok", out
    got = out["odds"]
    downs = [Fraction(s["down"]["exact"]) for s in got["steps"]]
    assert downs == [Fraction(7, 20), Fraction(3, 5)]
    kill = next(f for f in got["headline"] if f["key"] == "kill")
    assert Fraction(kill["chance"]["exact"]) == Fraction(3, 5)
    ex = _exchange()
    assert downs == [Fraction(s["down"]["exact"]) for s in ex["steps"]]
    assert got["chart"] == ex["chart"]
    assert set(kill["chance"]) == {"p", "exact", "low", "high"}
    wounds = next(f for f in got["headline"] if f["key"] == "wounds")
    assert wounds["value"] == got["chart"]["mean"] == 0.6  # 1 wound left: down (3/5) counts 1


def test_one_attacker_s_odds_have_no_steps() -> None:
    one = {k: v for k, v in VOLLEY.items() if k != "count"}
    assert "steps" not in run_odds(one)["odds"]
    assert run_odds({**one, "count": 1})["odds"] == run_odds(one)["odds"]


def test_a_volley_of_grapples_has_no_odds_and_says_so_at_count() -> None:
    """Grappling (seed 004) is opposed tests and control, not hits on a target down: its odds are
    one grapple's; a volley of them is refused at ``count`` (not walked as one grapple's dice)."""
    out = run_odds({**VOLLEY, "action": {"type": "Grapple", "distance": 1}})
    assert out["status"] == "invalid", out
    assert out["errors"][0]["field"] == "count"
