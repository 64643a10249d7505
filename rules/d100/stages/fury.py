"""Righteous Fury: a natural 10 on a kept damage die (each ruleset's reading)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.d100.models import DAMAGE_TYPES, RighteousFury

from ..qualities import hooks
from ..roles import FURY_CONFIRM, FURY_CRITICAL, FURY_DAMAGE, for_person
from .critical_effect import read_row
from .damage_dice import HitDice

if TYPE_CHECKING:
    from ..attack import D100Attack


def rf_d5(a: D100Attack, hd: HitDice) -> int:
    who = a.dice_who(hd.person)
    return a.roller.die(
        5, f"{who}hit {hd.number} Righteous Fury critical d5", for_person(hd.person, FURY_CRITICAL)
    ).value


def righteous_fury(
    a: D100Attack,
    hd: HitDice,
    wounds: int,
    rf_now: dict[int, int | None],
    through: Callable[[int], int],
    target_number: int,
) -> tuple[RighteousFury, int, bool]:
    """Righteous Fury on a hit whose die showed a natural 10 (Vengeful: X or more); the ruleset's
    mode: a d5 critical effect (1 wound when the hit was stopped), or extra d10s of damage.
    Returns the record, the hit's wounds after it, and whether it slew a Troop."""
    confirmed, confirm = _confirmation(a, hd, target_number)
    if not confirmed:
        return RighteousFury(confirm_roll=confirm, confirmed=False), wounds, False
    if a.RF_MODE == "extra_d10":
        return _extra_d10(a, hd, wounds, through, confirm)
    return _critical_effect(a, hd, wounds, rf_now, confirm)


def _confirmation(a: D100Attack, hd: HitDice, target_number: int) -> tuple[bool, int | None]:
    """DH1 and Deathwatch confirm the Fury with the attack test again (a ``fury_confirm`` hook,
    Volatile's, skips it; against a helpless target it succeeds automatically, as the attack test
    did): whether it stands, and the confirmation roll (None when none was rolled)."""
    rule = f"Righteous Fury, hit {hd.number}"
    if not a.RF_CONFIRM:
        return True, None
    if a.helpless_blow:
        a.step(
            rule,
            a.SRC["helpless"],
            "A natural 10: the attack test again confirms the Fury, and against a helpless target it "
            "succeeds automatically: confirmed (no die is rolled).",
        )
        return True, None
    if not any([h.apply(a) for h in hooks("fury_confirm", a.q)]):
        confirm = a.test_die(
            FURY_CONFIRM,
            f"{a.dice_who(hd.person, numbered=False)}hit {hd.number} Righteous Fury confirmation d100",
            target_number,
        )
        ok = a.test(target_number, confirm).success
        a.step(
            rule,
            a.SRC["fury"],
            f"A natural 10: the attack test is rolled again to confirm the Fury, "
            f"{confirm:02d} against {target_number}: {'confirmed' if ok else 'not confirmed'}.",
        )
        return ok, confirm
    return True, None


def _extra_d10(
    a: D100Attack, hd: HitDice, wounds: int, through: Callable[[int], int], confirm: int | None
) -> tuple[RighteousFury, int, bool]:
    """DH1 and Deathwatch: 1d10 more damage (1d5 unarmed), another on each 10 (20 at most)."""
    extra: list[int] = []
    sides = 5 if a.weapon.weapon_class == "Unarmed" else 10
    while True:
        who = a.dice_who(hd.person, numbered=False)
        d = a.roller.die(sides, f"{who}hit {hd.number} Righteous Fury d{sides} ({len(extra) + 1})", FURY_DAMAGE)
        extra.append(d.value)
        if not d.natural_ten or len(extra) >= 20:
            break
    more = sum(extra)
    new_wounds = through(more)
    a.step(
        f"Righteous Fury, hit {hd.number}",
        a.SRC["fury"],
        f"The Fury adds {' + '.join(map(str, extra))} = {more} damage (another d10 on each 10): "
        f"{wounds} \u2192 {new_wounds} wound(s).",
    )
    rf = RighteousFury(confirm_roll=confirm, confirmed=True if confirm else None, extra_damage=extra)
    return rf, new_wounds, False


def _critical_effect(
    a: D100Attack, hd: HitDice, wounds: int, rf_now: dict[int, int | None], confirm: int | None
) -> tuple[RighteousFury, int, bool]:
    """DH2: a hit that dealt damage rolls 1d5 on the Critical Effects table (a Troop is slain
    instead); one stopped by armour and TB deals 1 wound. ``rf_now``: d5s already rolled right
    after their hit's dice (None: a Troop's, which rolls none). Where the group entered that row of
    its table (``scenario.critical_tables``), the record's ``effect`` is the row read, its effect
    dice rolled here, when the Fury is applied (seed 004, Righteous Fury: "consults the Critical
    Effects table appropriate to the damage type and location ... The target suffers all effects
    listed")."""
    rule = f"Righteous Fury, hit {hd.number}"
    confirmed = True if confirm else None
    table = f"{DAMAGE_TYPES[a.damage_type()]} Critical Effects, {hd.location}"
    if wounds <= 0:
        a.step(
            rule,
            a.SRC["fury"],
            "Armour and toughness stopped the hit: it deals 1 wound that ignores both, and no critical effect.",
        )
        return RighteousFury(extra_wound=True, confirm_roll=confirm, confirmed=confirmed), 1, False
    if a.troop(hd.person):
        a.step(
            rule,
            a.SRC["fury_troop"],
            f"The hit dealt damage: {a.s.target.name if hd.person == 0 else 'person ' + str(hd.person)} "
            f"is a Troop NPC and is slain instead of rolling a critical effect.",
        )
        return RighteousFury(table=table, slain=True, confirm_roll=confirm, confirmed=confirmed), wounds, True
    early = rf_now.get(hd.number)
    if early is not None:
        effect, late = early, ""
    else:
        effect = rf_d5(a, hd)
        late = (
            " (rolled after the damage dice of every hit: whether this hit got through depended on "
            "which die the degrees of success replaced)"
            if a.DEGREES_REPLACE_DIE and not a.flame
            else ""
        )
    a.step(
        rule,
        a.SRC["fury"],
        f"The hit dealt damage: 1d5 = {effect} on the {table} table{late}. "
        f"The effect is applied without counting as Critical damage.",
    )
    # the group's table: the d5 is the row read; its effect dice come at the attack's end
    reading = read_row(
        a,
        number=hd.number,
        person=hd.person,
        damage_type=DAMAGE_TYPES[a.damage_type()],
        location=hd.location,
        row=effect,
        source=a.SRC["fury"],
        slot="fury",
    )
    rf = RighteousFury(critical_effect=effect, table=table, confirm_roll=confirm, confirmed=confirmed, effect=reading)
    return rf, wounds, False
