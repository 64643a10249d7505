"""The target's Evasion reaction (Dodge or Parry, with the parrying weapon's qualities)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.d100.models import EvasionTest

from .. import D100Test, cap_modifier, signed
from ..roles import EVASION, POWER_FIELD
from ..state import AttackState

if TYPE_CHECKING:
    from ..attack import D100Attack


def run(a: D100Attack, st: AttackState) -> AttackState:
    """The hits on the target the Evasion reaction ``negated`` (the last ones placed)."""
    return replace(st, negated=a.seams.evasion(a, st, len(st.locations)))


def _terrain(a: D100Attack, why: list[str]) -> int:
    """What the action's circumstances take from a Dodge (DH1's Difficult Terrain, seed 003 L63;
    Deathwatch's mud and deep snow, seed 001, Combat Difficulty Summary), each reason added to ``why``."""
    total = 0
    for name in a.s.action.circumstances:
        row = a.tables.circumstances.get(name)
        if row is not None and row.dodge:
            total += row.dodge
            why.append(f"{signed(row.dodge)}: dodging in {row.name}")
    return total


def _record(reaction: str, skill: int, mod: int, test: D100Test, hits: int, negated: int) -> EvasionTest:
    """The Evasion test for the resolution's own line."""
    return EvasionTest(
        reaction=reaction,
        skill=skill,
        modifier=mod,
        target=test.target,
        roll=test.roll,
        success=test.success,
        degrees=test.degrees,
        hits=hits,
        negated=negated,
    )


def evade(a: D100Attack, st: AttackState, hits: int) -> int:
    """The target's Evasion reaction; the parrying weapon's qualities change a Parry (Balanced
    +10, Defensive +15, Unbalanced -10); an unarmed target Parrying an armed attacker suffers -20.
    A helpless target (``action.helpless``) makes no Reaction: nothing is rolled (Helpless Targets)."""
    ev = a.s.target.evasion
    if ev is None:
        return 0
    if a.s.action.helpless:
        a.step(
            "Evasion",
            a.SRC["helpless"],
            f"{a.s.target.name} is helpless and makes no Reaction: its {ev.reaction} is not rolled.",
        )
        return 0
    cannot = no_parry(a)
    if cannot is not None:
        a.step("Evasion", cannot[1], f"{a.s.target.name}'s Reaction is Parry, {cannot[0]}: no Reaction is made.")
        return 0
    raw = ev.modifier
    why = []
    if ev.reaction == "Parry":
        unarmed_parry = not a.s.target.armed and a.weapon.weapon_class != "Unarmed"
        if unarmed_parry:
            raw -= 20
            why.append("\u221220: parrying an armed foe unarmed")
        for name in ("Balanced", "Defensive", "Unbalanced"):
            if name in a.parry_q:
                v = a.parry_q.num(name, "parry")
                raw += v
                why.append(f"{signed(v)}: the parrying weapon is {name}")
    raw += _terrain(a, why) if ev.reaction == "Dodge" else 0  # Difficult Terrain (seed 003 L63)
    mod = cap_modifier(raw)
    roll = a.test_die(EVASION, f"{ev.reaction} d100 (evasion)", ev.skill + mod)
    test = a.test(ev.skill + mod, roll)
    reason = f" ({'; '.join(why)})" if why else ""
    what = f"{a.s.target.name} tests {ev.reaction} {ev.skill} {signed(mod)}{reason} = {test.target}; rolled {roll:02d}"
    if not test.success:
        a.evasion_test = _record(ev.reaction, ev.skill, mod, test, hits, 0)
        a.step("Evasion", a.SRC["evasion"], f"{what}: failure; no hit is negated.")
        return 0
    negated, how = a.evasion_negates(test, hits)
    a.evasion_test = _record(ev.reaction, ev.skill, mod, test, hits, negated)
    a.step(
        "Evasion",
        a.SRC["evasion"],
        f"{what}: success with {test.degrees} degree(s); {how}, so {negated} of {hits} "
        f"hit(s) {'is' if negated == 1 else 'are'} negated (the last ones placed).",
    )
    if ev.reaction == "Parry" and "Power Field" in a.parry_q and "Power Field" not in a.q:
        _power_field(a)
    return negated


def no_parry(a: D100Attack) -> tuple[str, str] | None:
    """Why the target's Parry cannot be made against this attack, and the rule's source; None when
    it can (or its Reaction is not Parry). A Parry meets a melee blow only (the books' Parry; seed
    003 and seed 001: "Test Weapon Skill to negate a hit"), and a Flexible weapon's attack "Cannot be
    Parried" (seed 003, Weapon Qualities). The attack still goes ahead: the target, whose Reaction
    is Parry, makes none (it would Dodge only were Dodge its Reaction)."""
    ev, w = a.s.target.evasion, a.weapon
    if ev is None or ev.reaction != "Parry":
        return None
    if not w.is_melee:
        return f"which meets only melee attacks, not the {w.name}'s ranged attack", a.SRC.get("parry", a.SRC["evasion"])
    if "Flexible" in a.q:
        return f"and the {w.name} is Flexible: it cannot be Parried", a.qsrc("Flexible")
    return None


def _power_field(a: D100Attack) -> None:
    """A Parry with a Power Field weapon against one without: the d100 that may destroy the attacker's weapon."""
    low = a.parry_q.num("Power Field", "destroy_low", 26)
    high = a.parry_q.num("Power Field", "destroy_high", 100)
    r = a.roller.d100(f"Power Field d100 (destroys the attacker's weapon on {low:02d}-{high % 100:02d})", POWER_FIELD)
    broken = low <= r <= high
    a.step(
        "Quality: Power Field (parrying weapon)",
        a.qsrc("Power Field"),
        f"Parried with a Power Field weapon against one without: d100 = {r:02d} "
        + (
            f"(destroyed on {low:02d}\u2013{high % 100:02d}): the {a.weapon.name} is destroyed."
            if broken
            else f"(destroyed on {low:02d}\u2013{high % 100:02d}): it survives."
        ),
    )
