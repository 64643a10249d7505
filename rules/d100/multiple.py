"""Multiple Attacks with the Swift Attack or Lightning Attack talent, every attack in one resolution
(DH1: seed 003 L33, "Use Swift Attack or Lightning Attack talents to make multiple attacks";
DH1 Core, Ch. IV, Swift Attack and Lightning Attack; Deathwatch: seed 001, Combat Actions, Multiple
Attacks; DW Core, Ch. IV, Swift Attack and Lightning Attack).

``action.type == "Multiple Attacks"`` with ``action.talent`` set: a Full Action of two (Swift Attack)
or three (Lightning Attack) melee attacks on the target, each a Standard Attack of its own with its own
WS test, hit location and damage (the talents give more attacks, not more hits). The first attack is
the resolution; the later ones follow in its ``attacks``, resolved from the same dice, their purposes
prefixed ``attack 2:`` / ``attack 3:``. Readings (each as in two-weapon fighting,
:mod:`rules.d100.two_weapon`): Aim counts for the first attack only; each later attack starts from the
damage the earlier ones left (a Horde: its Magnitude left) and stops once the target is slain or the
Horde destroyed; the target makes one Reaction a round, so after it Evades once the later attacks
face no Evasion. Without ``action.talent`` the action is one attack, as a Deathwatch "Multiple
Attacks" always was (its table row: attack more than once "with two weapons or a talent"; two weapons
are ``action.two_weapon: "both"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.d100.models import Resolution, Scenario, Step

from ..dice import Roller
from ..errors import FieldError
from .follow_up import after_first

if TYPE_CHECKING:
    from .attack import D100Attack

ACTION = "Multiple Attacks"
ATTACKS = {"Swift Attack": 2, "Lightning Attack": 3}
"""How many attacks each talent makes with the Multiple Attacks action (DH1 Core and DW Core, Ch. IV)."""
SOURCE = {
    "dh1": "seed 003, Actions (Multiple Attacks); DH1 Core, Ch. IV, Swift Attack (two attacks) and Lightning "
    "Attack (three attacks)",
    "dw": "seed 001, Combat Actions (Multiple Attacks); DW Core, Ch. IV, Swift Attack (two attacks) and Lightning "
    "Attack (three attacks)",
}


@dataclass
class Later(Roller):
    """The same dice source and record as the first attack's roller; each purpose prefixed."""

    prefix: str = ""

    def roll(self, sides: int, purpose: str, role: str = "") -> int:
        return super().roll(sides, self.prefix + purpose, role)


def wanted(s: Scenario) -> bool:
    """The action is Multiple Attacks with a talent named."""
    return s.action.action_type == ACTION and s.action.talent is not None


def errors(a: D100Attack) -> list[FieldError]:
    """``action.talent``: required by DH1's Multiple Attacks; only with Multiple Attacks, in a ruleset that has it, with a melee weapon
    (the talents make melee attacks), and not with two weapons at once (each hand's attack is two-weapon
    fighting's)."""
    s = a.s
    talent = s.action.talent
    if talent is None:
        if a.SYSTEM == "dh1" and s.action.action_type == ACTION:  # a new DH1 action: no old meaning to keep
            return [
                FieldError(
                    "action.talent",
                    "Multiple Attacks uses a talent: Swift Attack (two attacks) or Lightning Attack (three)",
                )
            ]
        return []
    if a.SYSTEM not in SOURCE:
        return [
            FieldError(
                "action.talent",
                f"{a.RULESET} has no Multiple Attacks action: Swift and Lightning Attack are actions of their own",
            )
        ]
    if s.action.action_type != ACTION:
        return [FieldError("action.talent", f"{talent} goes with the Multiple Attacks action")]
    if not a.weapon.is_melee:
        return [FieldError("action.talent", f"{talent} makes melee attacks: the {a.weapon.name} is not a melee weapon")]
    if s.action.two_weapon == "both":
        return [
            FieldError("action.talent", f"{talent} attacks with one weapon: attack with both weapons or use the talent")
        ]
    return []


def resolve(attack: type[D100Attack], scenario: Scenario, roller: Roller) -> Resolution:
    """Every attack of a Multiple Attacks action (:func:`wanted`), the later ones in the first's
    ``attacks``. Raises :class:`~rules.errors.ScenarioError` (before any die) and
    :class:`~rules.errors.NeedDie` (the later attacks' purposes start ``attack N:``)."""
    first = attack(scenario, roller)
    talent = scenario.action.talent
    assert talent is not None
    n = ATTACKS[talent]
    src = SOURCE.get(first.SYSTEM, SOURCE["dh1"])
    results = [first.resolve()]
    later = scenario.model_copy(
        update={"action": scenario.action.model_copy(update={"aim": "none"}), "dice": None, "seed": None}
    )
    steps = [
        Step(
            rule="Multiple Attacks",
            source=src,
            detail=f"{talent}: {scenario.attacker.name} makes {n} attacks as a Full Action, each its own "
            f"{first.s.attacker.weapon.name} attack and test (the later ones resolved below).",
        )
    ]
    for k in range(2, n + 1):
        last = results[-1]
        if last.slain or (last.horde is not None and last.horde.destroyed):
            steps.append(
                Step(
                    rule="Multiple Attacks",
                    source=src,
                    detail=f"{scenario.target.name} is down: attacks {k} to {n} are not made.",
                )
            )
            break
        later, notes = after_first(later, last, True)
        hand = Later(source=roller.source, records=roller.records, prefix=f"attack {k}: ")
        before = len(roller.records)
        one = attack(later, hand)
        one.steps.extend(notes)
        res = one.resolve()
        results.append(res.model_copy(update={"dice": res.dice[before:]}))
    head = results[0]
    return head.model_copy(update={"steps": [*head.steps, *steps], "attacks": results[1:]})
