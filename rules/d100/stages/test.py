"""Step Two: the attack test's d100, then on its unmodified roll jams (a ranged weapon) or
overheating (Overheats), and the ammunition the action uses."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rules.d100 import tables
from rules.d100.tables import ActionDef

from .. import D100Test
from ..qualities import hooks
from ..roles import JAM, OVERHEAT, TEST
from ..state import AttackState
from .psychic import phenomena

if TYPE_CHECKING:
    from ..attack import D100Attack

OVERHEAT_PURPOSE = "Overheats table d10"  # the die's purpose, read by rules.d100.conditions
OVERHEAT_TABLE = (
    (1, 5, "the firer tests Toughness or drops the weapon; it cannot fire for 1d10 rounds."),
    (6, 8, "the firer takes 1d10+2 Energy damage and drops the weapon; it is too hot to hold for 1d10 rounds."),
    (9, 10, "the weapon explodes and is destroyed; the firer and everyone within 4 m take a hit from it."),
)


def run(a: D100Attack, st: AttackState) -> AttackState:
    """The test d100 (``roll``, ``test``), then ``jammed`` / ``overheated``; a miss is logged."""
    roll = a.roller.d100("to-hit d100", TEST)
    test = helpless_test(a, st, roll)
    jammed = False
    if st.mode is not None:
        jammed = jam(a, st.action, st.mode, roll, test.success)
        a.step("Ammunition", a.SRC["ammo"], ammo_detail(a, st.mode, st.rounds))
    elif a.weapon.is_melee and "Overheats" in a.q:
        jammed = overheat(a, roll)
    if st.action.psychic:
        phenomena(a, replace(st, roll=roll))
    if not jammed and not test.success:
        a.step("Miss", a.SRC["step2"], f"{roll} is over {st.target_number}: the attack misses.")
        for h in hooks("miss", a.q):  # Blast: where the round lands
            h.apply(a, test)
    # with Overheats the weapon never jams: a lost attack is its overheating
    return replace(st, roll=roll, test=test, jammed=jammed, overheated=jammed and "Overheats" in a.q)


def helpless_test(a: D100Attack, st: AttackState, roll: int) -> D100Test:
    """The attack test on ``roll``, or against a helpless target the ruleset's Helpless Targets
    (``SRC["helpless"]``): a melee attack succeeds automatically, with the fewest degrees a success
    has (``FIRST_HIT_DEGREES``: DH2 1, DH1 and Deathwatch 0); the d100 is still rolled, for the hit
    location it reverses to and the weapon's overheating. A ranged attack at a helpless target is
    tested as usual where the rule is for melee only (the target still makes no Reaction)."""
    if a.helpless_blow:
        test = D100Test(st.target_number, roll, True, a.FIRST_HIT_DEGREES)
        a.step(
            "Step Two: test",
            a.SRC["helpless"],
            f"{a.s.target.name} is helpless: the {st.char} test succeeds automatically with "
            f"{test.degrees} degree(s) of success (the least a success has); the d100, {roll:02d}, "
            f"is read only for the hit location.",
        )
        return test
    test = a.test(st.target_number, roll)
    if a.s.action.helpless:
        a.step(
            "Helpless target",
            a.SRC["helpless"],
            f"{a.s.target.name} is helpless, but Helpless Targets gives an automatic hit and a second "
            f"damage roll to melee attacks only: the {a.weapon.name} is tested as usual.",
        )
    a.step("Step Two: test", a.SRC["step2"], a.describe_test(st.char, st.char_value, st.modifier_total, test))
    return test


def ammo_factor(a: D100Attack) -> tuple[int, list[str]]:
    """The qualities' ``ammo`` hooks: Storm doubles the rounds, Twin-Linked fires both barrels
    (twice), Maximal triples them; together they multiply. Returns the factor and the reasons."""
    factor, why = 1, []
    for h in hooks("ammo", a.q):
        got = h.apply(a)
        if got is not None:
            factor *= got[0]
            why.append(got[1])
    return factor, why


def rounds(a: D100Attack, mode: str | None) -> int:
    """Rounds the action uses: the burst (times Storm, Twin-Linked, Maximal), never more than loaded."""
    if mode is None:
        return 0
    return min(a.burst_size(mode) * ammo_factor(a)[0], a.weapon.clip)


def ammo_detail(a: D100Attack, mode: str, rounds: int) -> str:
    """The ammunition step: the rounds used (and why more than the burst), what is left."""
    w = a.weapon
    label = {"single": "a single shot", "semi": "a semi-auto burst", "full": "a full-auto burst"}[mode]
    factor, why = ammo_factor(a)
    wanted = a.burst_size(mode) * factor
    reason = f" ({'; '.join(why)})" if why else ""
    short = f" (the clip held only {w.clip} of the {wanted})" if rounds < wanted else ""
    return f"{label}: {rounds} round(s) used{reason}{short}; {w.clip - rounds} left in the clip."


def jam(a: D100Attack, action: ActionDef, mode: str, roll: int, success: bool) -> bool:
    """Jams on the unmodified roll; Overheats instead of jamming; Reliable and Unreliable and the
    weapon's craftsmanship change the range (each ruleset's reading)."""
    if "Overheats" in a.q:
        return overheat(a, roll)
    jams = a.tables.jams
    threshold = jams.burst if mode in ("semi", "full") else jams.single
    why = f"{action.name if mode != 'single' else 'a single shot'}: jams on {threshold}\u2013100"
    unreliable = "Unreliable" in a.q
    if a.UNTRAINED_UNRELIABLE and not a.weapon.trained and not unreliable:
        unreliable = True
        a.step("Untrained", a.SRC["untrained"], "Used without its Weapon Training talent, it counts as Unreliable.")
    craft = a.weapon.craftsmanship
    if a.tables.craftsmanship is not None:
        # every weapon: only Poor changes jams, and only by jamming on any failed roll
        settled = _poor_jams_on_failure(a, roll, success)
        if settled is not None:
            return settled
        craft = "Common"
    settled, reliable, unreliable = _craftsmanship(a, craft, "Reliable" in a.q, unreliable, success)
    if settled is not None:
        return settled
    return _jam_roll(a, roll, threshold, why, reliable, unreliable)


def _poor_jams_on_failure(a: D100Attack, roll: int, success: bool) -> bool | None:
    """Deathwatch: a Poor weapon jams on any failed to-hit roll (Reliable's d10 may save it);
    None when the rule does not settle the jam."""
    rule = a.tables.craftsmanship
    assert rule is not None
    if a.weapon.craftsmanship != "Poor" or not rule.poor_jams_on_failure or success:
        return None
    why = f"Unmodified {roll:02d} fails: a Poor weapon jams on any failed to-hit roll"
    spared = "not a 10, so it does not jam (a plain miss)."
    if "Reliable" in a.q and reliable_mode(a) == "d10_confirm" and not _reliable_d10(a, why, spared):
        return False
    a.step("Weapon jam", rule.source, f"{why}. The attack misses.")
    return True


def _craftsmanship(
    a: D100Attack, craft: str, reliable: bool, unreliable: bool, success: bool
) -> tuple[bool | None, bool, bool]:
    """A ranged weapon's craftsmanship (DH1, DH2): Best never jams, Good is Reliable (or loses
    Unreliable), Poor is Unreliable (or jams on any failure if it already was). Returns the jam
    when craftsmanship settles it (else None), and Reliable and Unreliable after it."""
    if craft == "Best":
        a.step("Jam check", a.SRC["craftsmanship"], "Best craftsmanship: the weapon never jams.")
        return False, reliable, unreliable
    if craft == "Good":
        if unreliable:
            unreliable, why_c = False, "Good craftsmanship: the weapon loses Unreliable"
        else:
            reliable, why_c = True, "Good craftsmanship: the weapon counts as Reliable"
        a.step("Craftsmanship", a.SRC["craftsmanship"], why_c + ".")
    if craft == "Poor":
        if not unreliable:
            a.step("Craftsmanship", a.SRC["craftsmanship"], "Poor craftsmanship: the weapon counts as Unreliable.")
            return None, reliable, True
        if not success:
            a.step(
                "Weapon jam",
                a.SRC["craftsmanship"],
                "Poor craftsmanship and Unreliable: the weapon jams on any failed attack. The attack misses.",
            )
            return True, reliable, unreliable
    return None, reliable, unreliable


def _reliable_d10(a: D100Attack, why: str, spared: str) -> bool:
    """Reliable's d10 where the ruleset reads it so (``mode`` ``d10_confirm`` in its
    ``qualities.json``: DH1 and Deathwatch, whose Reliable lets a jam stand only on a 10): rolls it, logs ``why`` with the result (``spared`` when it is not a 10), and returns
    whether the weapon jams."""
    d10 = a.roller.die(10, "Reliable jam d10", JAM).value
    a.step(
        "Reliable",
        a.qsrc("Reliable"),
        f"{why}; Reliable rolls 1d10 = {d10}: " + ("a 10, so the weapon jams." if d10 == 10 else spared),
    )
    return d10 == 10


def _jam_roll(a: D100Attack, roll: int, threshold: int, why: str, reliable: bool, unreliable: bool) -> bool:
    """The jam on the unmodified ``roll``: from ``threshold`` (Unreliable from its own), Reliable
    by the ruleset's reading (only on 100, or a d10 that must show 10)."""
    src = a.SRC["jams"]
    if unreliable:
        threshold = min(threshold, a.q.num("Unreliable", "from", 91))
        why, src = f"Unreliable: jams on {threshold}\u2013100", a.qsrc("Unreliable")
    jammed = roll >= threshold
    if reliable and not unreliable:
        if reliable_mode(a) == "only_100":
            jammed, why, src = roll == 100, "Reliable: jams only on 100", a.qsrc("Reliable")
        elif jammed:
            jammed = _reliable_d10(a, f"Unmodified {roll} would jam ({why})", "not a 10, so it does not jam.")
    if jammed:
        a.step(
            "Weapon jam",
            src,
            f"Unmodified {roll} ({why}): the weapon jams and the attack misses. Clearing it is a Full "
            f"Action and a BS test; then the weapon must be reloaded and the rounds in it are lost.",
        )
    else:
        a.step("Jam check", src, f"Unmodified {roll:02d}: no jam ({why}).")
    return jammed


def reliable_mode(a: D100Attack) -> str:
    """The ruleset's reading of Reliable (``qualities.json``, ``params.mode``): ``only_100`` (DH2:
    jams only on 100) or ``d10_confirm`` (DH1, Deathwatch: on a jam roll 1d10, jammed only on a 10).
    Read from the ruleset's table, not the weapon: Good craftsmanship makes a weapon Reliable."""
    d = tables.qualities(a.SYSTEM).get("Reliable")
    mode = d.params.get("mode") if d else None
    return mode if isinstance(mode, str) else "only_100"


def overheat(a: D100Attack, roll: int) -> bool:
    """Overheats: an unmodified roll of 91+ overheats the weapon instead of jamming (it does not
    jam); the attack is lost. Best craftsmanship never overheats."""
    src = a.qsrc("Overheats")
    start = a.q.num("Overheats", "from", 91)
    if a.weapon.craftsmanship == "Best":
        a.step("Quality: Overheats", src, "Best craftsmanship: the weapon never overheats.")
        return False
    if roll < start:
        a.step("Quality: Overheats", src, f"Unmodified {roll:02d}: no overheat (overheats on {start}\u2013100).")
        return False
    a.step(
        "Quality: Overheats",
        src,
        f"Unmodified {roll}: the weapon overheats and the attack is lost. {a.q.defs['Overheats'].summary}",
    )
    if a.q.param("Overheats", "table", ""):
        r = a.roller.die(10, OVERHEAT_PURPOSE, OVERHEAT).value
        row = next(text for low, high, text in OVERHEAT_TABLE if low <= r <= high)
        a.step("Quality: Overheats", src, f"Overheating table, 1d10 = {r}: {row}")
    return True
