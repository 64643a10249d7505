"""Steps Four and Five: each hit's damage, Pen, armour and toughness, Righteous Fury, a Horde's
Magnitude, the tests the qualities call for, critical damage and the wounds taken."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from rules.d100.models import DAMAGE_TYPES, Critical, DamageDie, Hit, RighteousFury

from ...critical.reading import critical_row
from ...errors import NeedDie
from .. import signed
from ..qualities import hooks
from ..state import AttackState
from .after_hit import after_hit
from .critical_effect import read_row
from .damage_dice import HitDice, calls_fury, dice_per_hit, rolls_fury
from .fury import rf_d5, righteous_fury

if TYPE_CHECKING:
    from ..attack import D100Attack


def damage_bonus(a: D100Attack, st: AttackState) -> tuple[int, int, list[tuple[int, str]]]:
    """The flat part of each hit's damage: the weapon's modifier, SB (melee; thrown where the
    ruleset says so) and what qualities and craftsmanship add. Returns (bonus, SB, the additions
    as (value, label))."""
    s, w = a.s, a.weapon
    thrown_sb = a.THROWN_ADDS_SB and w.weapon_class == "Thrown" and "Blast" not in a.q
    sb = s.attacker.SB * (w.sb_multiplier if w.is_melee else 1) if (w.is_melee or thrown_sb) else 0
    if st.action.psychic:  # a psychic power's damage is its own: no SB
        sb = 0
    adds: list[tuple[int, str]] = []
    craft = a.tables.craftsmanship  # a ruleset whose craftsmanship covers every weapon
    if (w.is_melee or craft) and w.weapon_class != "Unarmed" and w.craftsmanship == "Best":
        adds.append((craft.best_damage if craft else 1, "Best craftsmanship"))
    for h in hooks("damage_bonus", a.q):
        adds.extend(h.apply(a, st))
    return w.dice.modifier + sb + sum(v for v, _ in adds), sb, adds


def pen(a: D100Attack, st: AttackState) -> tuple[int, list[str]]:
    """The weapon's Pen after its qualities' ``pen`` hooks, in their order (Maximal and Force add,
    then Lance, Razor Sharp and Melta multiply; each ruleset's reading), and why."""
    total = a.weapon.pen
    why: list[str] = []
    for h in hooks("pen", a.q):
        got = h.apply(a, st, total)
        if got is not None:
            total, reason = got
            why.append(reason)
    return total, why


def armour_factor(a: D100Attack, st: AttackState) -> tuple[int, list[str]]:
    """Armour doubled by the qualities' ``armour`` hooks (Primitive unless the armour is Primitive
    too, Scatter at Long and Extreme range) and by an unarmed blow where the ruleset says so.
    Doublings do not stack."""
    why = [r for h in hooks("armour", a.q) if (r := h.apply(a, st)) is not None]
    if a.weapon.weapon_class == "Unarmed" and a.UNARMED_ARMOUR_DOUBLED:
        why.append("unarmed")
    return (2 if why else 1), why


def effective_armour(a: D100Attack, location: str, pen: int, factor: int, person: int = 0) -> int:
    """The struck location's armour (times ``factor``) less Pen, never below 0."""
    return max(0, factor * a.armour_at(location, person) - pen)


def graviton(a: D100Attack, location: str, person: int = 0) -> int:
    """Extra damage from the struck location's AP: the qualities' ``armour_damage`` hooks (Graviton)."""
    return sum(h.apply(a, location, person) for h in hooks("armour_damage", a.q))


@dataclass(frozen=True)
class DamageMath:
    """What every hit of the attack shares: the flat ``bonus`` (with ``sb`` and the quality and
    craftsmanship ``adds`` in it), ``pen`` after the qualities, and the armour ``factor`` (1 or 2)."""

    bonus: int
    sb: int
    adds: tuple[tuple[int, str], ...]
    pen: int
    factor: int
    again: int = 0  # the flat part of a second damage roll (Helpless Targets), else 0

    @property
    def flat(self) -> int:
        """What every hit adds to its dice: the bonus, and again for a second damage roll."""
        return self.bonus + self.again


def damage_math(a: D100Attack, st: AttackState) -> DamageMath:
    """The :class:`DamageMath` of the attack, logging Pen and armour doubling where they change.
    Against a helpless target the damage is rolled twice (``a.helpless_blow``): the flat part counts
    again (``again``), as the second roll's dice do (:func:`~.damage_dice.roll_hit_dice`)."""
    bonus, sb, adds = damage_bonus(a, st)
    pen_total, pen_why = pen(a, st)
    factor, armour_why = armour_factor(a, st)
    if pen_why:
        a.step("Penetration", a.SRC["qualities"], f"Pen {a.weapon.pen} \u2192 {pen_total}: {'; '.join(pen_why)}.")
    if armour_why:
        a.step("Armour doubled", a.SRC["qualities"], f"Armour points count double: {', '.join(armour_why)}.")
    return DamageMath(bonus, sb, tuple(adds), pen_total, factor, bonus if a.helpless_blow else 0)


def wounds_through(a: D100Attack, m: DamageMath, hd: HitDice, damage: int) -> int:
    """The wounds ``damage`` deals to the person ``hd`` strikes, past armour (less Pen) and TB."""
    p = hd.person
    dealt = damage + graviton(a, hd.location, p) - effective_armour(a, hd.location, m.pen, m.factor, p)
    return max(0, dealt - a.tb(p)[0])


def damage_all(a: D100Attack, st: AttackState, struck: tuple[tuple[int, str], ...]) -> AttackState:
    """Steps Four and Five for each hit on each person ``struck``: the hits (``results``), the
    Fatigue inflicted, whether the target was slain, and the target's damage taken after."""
    s = a.s
    m = damage_math(a, st)
    through_m = partial(wounds_through, a, m)
    rf_now: dict[int, int | None] = {}
    sequence: Iterable[HitDice] = roll_hits(a, st, struck, m, rf_now)
    if a.DEGREES_REPLACE_DIE and not a.flame and st.degrees > 0:  # a Stray Shot has none
        # the degrees replace one die of the whole attack: every hit is rolled before any is applied
        sequence = list(sequence)
        own = [hd for hd in sequence if hd.person == 0] or sequence[:1]
        a.seams.degrees_die(a, own, st.degrees, m.flat, through_m)
    # damage taken so far, for the target (0) and each nearby foe; the others in a Blast share the
    # target's profile but not its wounds
    first_foe = s.target.others_in_blast + 1
    taken_by = {p: a.wounds_of(p)[0] for p in [0, *range(first_foe, first_foe + len(s.target.nearby))]}
    hits: list[Hit] = []
    fatigue = 0
    slain = False
    for hd in sequence:
        hit, killed, tired = apply_hit(a, st, m, hd, rf_now, taken_by)
        hits.append(hit)
        slain = slain or (killed and hd.person == 0)
        fatigue += tired
    if s.target.horde is not None:
        horde_summary(a, hits)
        return replace(st, results=tuple(hits), taken=s.target.damage_taken)
    for person, taken in taken_by.items():
        mine = [h for h in hits if h.person == person]
        if person and not mine:
            continue
        before, most = a.wounds_of(person)
        a.step(
            "Wounds",
            a.SRC["step5"],
            f"{a.person_name(person)} had taken {before} of {most} wounds; takes "
            f"{sum(h.wounds for h in mine)} more: {taken_words(taken, most)}."
            + (" Slain by Righteous Fury." if slain and person == 0 else ""),
        )
    return replace(st, results=tuple(hits), fatigue=fatigue, slain=slain, taken=taken_by[0])


def cover_at(a: D100Attack, location: str, person: int) -> int | None:
    """The cover's AP in the armour at ``location`` (the target and the others in its Blast share
    its cover; a nearby foe has its own armour), None where no cover hides it."""
    cover = a.s.target.cover
    if cover is None or a.foe(person) is not None:
        return None
    return (cover.ap or None) if a.s.target.horde is not None or location in cover.locations else None


def taken_words(taken: int, most: int) -> str:
    """The damage taken after an attack, in words: ``2 of 10``, or past the wounds ``15 in all,
    the 5 beyond its 10 wounds as critical damage`` (never ``15 of 10``)."""
    if taken <= most:
        return f"{taken} of {most}"
    return f"{taken} in all, the {taken - most} beyond its {most} wounds as critical damage"


def roll_hits(
    a: D100Attack, st: AttackState, struck: tuple[tuple[int, str], ...], m: DamageMath, rf_now: dict[int, int | None]
) -> Iterator[HitDice]:
    """Each hit's damage dice, in order (a DH2 Fury d5 right after its hit's dice, into ``rf_now``);
    a Blast that rolls its damage once gives everyone else the first hit's dice."""
    once = "Blast" in a.q and a.q.param("Blast", "damage") == "once"
    rolled: list[HitDice] = []
    for n, (person, location) in enumerate(struck, start=1):
        template = rolled[0] if once and person and rolled else None
        if template is not None:
            # the same dice (objects): the degrees' replacement of the roll counts for everyone
            hd = HitDice(n, person, location, template.dice, template.tearing)
            if not any(r.person for r in rolled):
                a.qstep("Blast", "Damage is rolled once and applied to everyone in the blast.")
        else:
            before = len(a.roller.records)
            try:
                hd = a.seams.hit_dice(a, st, n, person, location, st.degrees)
            except NeedDie as need:
                if need.step is None:
                    need.step = _step_left(a, st, struck, n, once, bool(rolled), len(a.roller.records) - before)
                raise
        rolled.append(hd)
        if (
            a.DEGREES_REPLACE_DIE
            and a.RF_MODE == "d5_critical"  # DH2's critical d5 comes right after its hit's dice
            and not a.flame
            and calls_fury(a, hd)
            and wounds_through(a, m, hd, max(0, hd.total() + m.flat)) > 0
        ):
            rf_now[n] = None if a.troop(hd.person) else rf_d5(a, hd)
        yield hd


def _step_left(
    a: D100Attack, st: AttackState, struck: tuple[tuple[int, str], ...], n: int, once: bool, rolled: bool, done: int
) -> dict[str, int]:
    """The damage dice the hits still to roll need, said with the first of them asked for (hit
    ``n`` on, ``done`` of its dice already given): ``{"hits", "of", "dice", "sides"}``. A Blast
    that rolls its damage once asks only for the first hit's dice."""
    own = sum(1 for i, (p, _) in enumerate(struck[n - 1 :]) if not (once and p and (rolled or i)))
    sides = 10 if a.weapon.dice.sides == 5 else a.weapon.dice.sides  # a d5 is rolled as a d10
    per_hit = dice_per_hit(a, st, st.degrees)
    return {"hits": own, "of": len(struck), "dice": own * per_hit - done, "sides": sides}


def apply_hit(
    a: D100Attack,
    st: AttackState,
    m: DamageMath,
    hd: HitDice,
    rf_now: dict[int, int | None],
    taken_by: dict[int, int],
) -> tuple[Hit, bool, int]:
    """Step Five for one hit: its :class:`~rules.d100.models.Hit`, whether Righteous Fury slew a Troop,
    and the Fatigue it inflicts; then a Horde's Magnitude, or the tests the qualities call for and
    the critical damage (``taken_by`` is updated)."""
    hit, killed = hit_record(a, st, m, hd, rf_now)
    if a.s.target.horde is not None:
        if hit.wounds > 0:
            hit = hit.model_copy(update={"magnitude": 1})
        a.step(
            f"Horde, hit {hd.number}",
            a.horde_rules().source,
            f"{hit.wounds} damage got through: the Horde loses 1 Magnitude."
            if hit.wounds > 0
            else "No damage got through: the Horde loses no Magnitude.",
        )
        return hit, killed, 0
    extra = after_hit(a, hit, st.degrees)
    if extra:
        hit = hit.model_copy(update={"wounds": hit.wounds + extra, "extra_wounds": extra})
    tired = 0
    if hd.person in taken_by:
        hit = critical(a, hit, taken_by)
        if a.weapon.weapon_class == "Unarmed" and hd.person == 0:
            tired = unarmed_fatigue(a, hd.number, hit.damage, hit.toughness_bonus)
    return hit, killed, tired


def hit_record(
    a: D100Attack, st: AttackState, m: DamageMath, hd: HitDice, rf_now: dict[int, int | None]
) -> tuple[Hit, bool]:
    """One hit's damage (Step Four), Righteous Fury and what gets through (Step Five)."""
    damage = max(0, hd.total() + m.flat)
    for h in hooks("hit_damage", a.q):  # Unstable
        damage = h.apply(a, hd, damage)
    armour = a.armour_at(hd.location, hd.person)
    eff = effective_armour(a, hd.location, m.pen, m.factor, hd.person)
    grav = graviton(a, hd.location, hd.person)
    tb, tb_why = a.tb(hd.person)
    wounds = wounds_through(a, m, hd, damage)
    keep = hd.kept()
    dice_models = [
        DamageDie(sides=d.rolled.sides, natural=d.rolled.natural, value=d.value, kept=k, replaced_by_degrees=d.replaced)
        for d, k in zip(hd.dice, keep, strict=True)
    ]
    damage_step(a, hd, m, damage, keep)
    rf: RighteousFury | None = None
    killed = False
    if calls_fury(a, hd):
        more = partial(_with_extra, a, m, hd, damage)
        rf, wounds, killed = righteous_fury(a, hd, wounds, rf_now, more, st.target_number)
    elif (denied := a.fury_denied(hd.person)) is not None and rolls_fury(a, hd):
        a.step(f"Righteous Fury, hit {hd.number}", a.SRC["fury_troop"], denied)
    grav_txt = f" + Graviton {grav} (the location's AP)" if grav else ""
    doubled = " \u00d7 2" if m.factor == 2 else ""
    cover = cover_at(a, hd.location, hd.person)  # the cover named inside the armour
    armour_text = f"{armour}" if not cover else f"{armour - cover} + cover {cover}"
    armour_text = f"({armour_text})" if cover and doubled else armour_text
    a.step(
        f"Step Five: hit {hd.number}",
        a.SRC["step5"],
        f"{a.person_name(hd.person)}: {damage} damage{grav_txt} \u2212 armour {eff} ({hd.location} {armour_text}{doubled}"
        f" \u2212 Pen {m.pen}) \u2212 TB {tb}{tb_why} = {max(0, damage + grav - eff - tb)} wound(s)"
        + (" + 1 (Righteous Fury)" if rf and rf.extra_wound else "")
        + (f" \u2192 {wounds}." if rf and (rf.extra_wound or rf.extra_damage) else "."),
    )
    hit = Hit(
        number=hd.number,
        person=hd.person,
        location=hd.location,
        dice=dice_models,
        damage=damage,
        armour=armour,
        penetration=m.pen,
        effective_armour=eff,
        toughness_bonus=tb,
        wounds=wounds,
        righteous_fury=rf,
        graviton=grav,
        cover=cover,
        name=nearby.name if (nearby := a.foe(hd.person)) else None,
    )
    return hit, killed


def _with_extra(a: D100Attack, m: DamageMath, hd: HitDice, damage: int, extra: int) -> int:
    """The wounds ``hd`` would deal with ``extra`` more damage (Righteous Fury's added d10s)."""
    return wounds_through(a, m, hd, damage + extra)


def critical(a: D100Attack, hit: Hit, taken_by: dict[int, int]) -> Hit:
    """Add ``hit``'s wounds to its person's damage taken; damage past the wounds is Critical damage
    (cumulative), logged with the table and row to read (the running total,
    :func:`~rules.critical.reading.critical_row`); where the group entered that row of its table,
    the row read is the record's ``effect`` (:func:`~.critical_effect.read_row`)."""
    wounds_max = a.wounds_of(hit.person)[1]
    before = taken_by[hit.person]
    taken_by[hit.person] = taken = before + hit.wounds
    crit_before = max(0, before - wounds_max)
    crit_after = max(0, taken - wounds_max)
    if crit_after <= crit_before:
        return hit
    crit = Critical(
        amount=crit_after - crit_before,
        total=crit_after,
        damage_type=DAMAGE_TYPES[a.damage_type()],
        location=hit.location,
    )
    row = critical_row(crit.total)  # the running total, 10 at most: every d100 ruleset's reading
    blood = a.tables.damage_states
    a.step(
        f"Critical damage, hit {hit.number}",
        a.SRC["critical"],
        f"{a.person_name(hit.person)}: damage {taken} passes wounds {wounds_max}: {crit.amount} Critical "
        f"damage ({crit.total} in all): consult the {crit.damage_type} Critical Effects "
        f"table, {hit.location}, row {row}." + (f" Critical damage is cumulative. {blood.blood_loss}" if blood else ""),
    )
    # the group's table: each hit that adds Critical damage reads the row of its running total
    source = a.SRC.get("critical_row", a.SRC["critical"])
    reading = read_row(
        a,
        number=hit.number,
        person=hit.person,
        damage_type=crit.damage_type,
        location=hit.location,
        row=row,
        source=source,
        slot="critical",
    )
    if reading is not None:
        crit = crit.model_copy(update={"effect": reading})
    return hit.model_copy(update={"critical": crit})


def horde_summary(a: D100Attack, hits: list[Hit]) -> None:
    """A Horde takes no quality tests (the GM decides), and loses a Magnitude per damaging hit."""
    horde = a.s.target.horde
    assert horde is not None
    tested = [a.q.label(n) for n in sorted(a.q.defs) if a.q.defs[n].test is not None]
    if tested:
        a.step(
            "Horde: quality tests",
            a.horde_rules().source,
            f"{', '.join(tested)}: the Horde rules give no test against a Horde, so none is rolled; "
            f"the GM decides whether the Horde as a whole tests.",
        )
    lost = sum(h.magnitude for h in hits)
    a.step(
        "Horde: Magnitude",
        a.horde_rules().source,
        f"{lost} of {len(hits)} hit(s) dealt damage: Magnitude {horde.magnitude} \u2212 {lost} "
        f"\u2192 {max(0, horde.magnitude - lost)}.",
    )


def unarmed_fatigue(a: D100Attack, number: int, damage: int, tb: int) -> int:
    """An unarmed hit inflicts a level of Fatigue: on every hit, or when its damage reaches the
    target's TB (the ruleset's reading)."""
    if a.UNARMED_FATIGUE == "hit":
        a.step(f"Unarmed, hit {number}", a.SRC["unarmed"], "An unarmed hit inflicts one level of Fatigue.")
        return 1
    if damage >= tb:
        a.step(
            f"Unarmed, hit {number}",
            a.SRC["unarmed"],
            f"{damage} damage is at least the target's TB {tb}: one level of Fatigue.",
        )
        return 1
    return 0


def damage_step(a: D100Attack, hd: HitDice, m: DamageMath, damage: int, keep: list[bool]) -> None:
    """Log Step Four for one hit: its dice as rolled (kept, dropped, clamped, replaced), the flat
    bonus, SB and the additions (and again for a helpless target's second roll), the total, and
    notes on the qualities that changed the dice."""
    w = a.weapon
    bonus, sb, adds = m.bonus, m.sb, list(m.adds)
    parts = f"{w.damage}: " + _faces(hd, keep)
    flat = bonus - sb - sum(v for v, _ in adds)
    if flat:
        parts += f" {signed(flat)}"
    if sb:
        mult = w.sb_multiplier if w.is_melee else 1
        parts += f" + SB {sb}" if mult == 1 else f" + SB {sb // mult} \u00d7 {mult} (the {w.name} multiplies SB)"
    for value, label in adds:
        parts += f" {signed(value)} {label}"
    if m.again:
        parts += f" {signed(m.again)} (the second roll's flat part, Helpless Targets)"
    notes = _dice_notes(a, hd)
    who = f", person {hd.person}" if hd.person else ""
    a.step(
        f"Step Four: damage, hit {hd.number}{who}",
        a.SRC["step4"],
        f"{parts} = {damage}." + (" " + " ".join(notes) if notes else ""),
    )


def _faces(hd: HitDice, keep: list[bool]) -> str:
    """Each die as shown: its face (a d5's d10 too), what it counts for, its role, dropped ones."""
    shown = []
    for d, k in zip(hd.dice, keep, strict=True):
        face = f"{d.rolled.value}" if d.rolled.sides != 5 else f"{d.rolled.value} (d10 {d.rolled.natural})"
        if d.value != d.rolled.value and not d.replaced:
            face = f"{face}\u2192{d.value}"
        if d.replaced:
            face = f"{face}\u2192{d.value} (degrees of success)"
        if d.role != "damage":
            face = f"{face} {d.role.capitalize()}"
        shown.append(face if k else f"[{face} dropped]")
    return ", ".join(shown)


def _dice_notes(a: D100Attack, hd: HitDice) -> list[str]:
    """What the qualities did to the dice: their ``dice_notes`` hooks (Tearing, Proven, Primitive, Accurate)."""
    return [note for h in hooks("dice_notes", a.q) if (note := h.apply(a, hd))]
