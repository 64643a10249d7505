"""A hit's damage dice: the weapon's, Maximal's, Tearing's, Accurate's (Proven and Primitive
clamp them), which count, whether they call Righteous Fury, and the degrees-of-success die."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...dice import DiceExpression, RolledDie
from ..qualities import accurate_dice as accurate_dice
from ..qualities import hooks
from ..roles import DAMAGE, for_person
from ..state import AttackState

if TYPE_CHECKING:
    from ..attack import D100Attack


@dataclass
class Die:
    """One damage die while a hit's damage is worked out.

    ``role``: ``damage`` (the weapon's dice), ``tearing`` (Tearing's extra dice), ``accurate``
    (Accurate's extra dice, which cannot cause Righteous Fury), ``maximal``, ``helpless`` (the weapon's
    dice rolled again against a helpless target, always kept and added). ``group`` numbers the rolls
    Tearing compares when it rolls the damage twice (0 and 1; 2 for the helpless second roll)."""

    rolled: RolledDie
    role: str
    value: int
    group: int = 0
    kept: bool = True
    replaced: bool = False

    @property
    def fury(self) -> bool:
        return self.role != "accurate"


@dataclass
class HitDice:
    number: int
    person: int
    location: str
    dice: list[Die]
    tearing: str | None  # None, "extra_die_drop_lowest" or "roll_twice_keep_best"

    def kept(self, values: list[int] | None = None) -> list[bool]:
        """Which dice count, for ``values`` (default: the dice's current values)."""
        values = [d.value for d in self.dice] if values is None else values
        keep = [True] * len(values)
        pool = [i for i, d in enumerate(self.dice) if d.role in ("damage", "tearing", "maximal")]
        if self.tearing == "extra_die_drop_lowest" and len(pool) > 1:
            # Tearing removes the lowest result; of dice tied lowest (Proven or Primitive made them equal)
            # the player keeps a natural 10 and its Righteous Fury, else drops the later die
            lowest = min(pool, key=lambda i: (values[i], self.dice[i].rolled.natural == 10, -i))
            keep[lowest] = False
        elif self.tearing == "roll_twice_keep_best":
            totals = [sum(values[i] for i in pool if self.dice[i].group == g) for g in (0, 1)]
            drop = 1 if totals[0] >= totals[1] else 0
            for i in pool:
                if self.dice[i].group == drop:
                    keep[i] = False
        return keep

    def total(self, values: list[int] | None = None) -> int:
        values = [d.value for d in self.dice] if values is None else values
        return sum(v for v, k in zip(values, self.kept(values), strict=True) if k)

    def fury(self, threshold: int = 10) -> bool:
        """A kept die that can cause Righteous Fury shows ``threshold`` or more (natural 10; a d5's d10)."""
        keep = self.kept()
        return any(
            k and d.fury and (d.rolled.natural if d.rolled.sides in (5, 10) else 0) >= threshold
            for d, k in zip(self.dice, keep, strict=True)
        )


def roll_hit_dice(a: D100Attack, st: AttackState, n: int, person: int, location: str, degrees: int) -> HitDice:
    w = a.weapon
    expr: DiceExpression = w.dice
    tearing = str(a.q.param("Tearing", "mode", "")) or None
    who = a.dice_who(person)
    dice: list[Die] = []

    def roll(sides: int, purpose: str, role: str, group: int = 0) -> None:
        d = a.roller.die(sides, f"{who}hit {n} {purpose}", for_person(person, DAMAGE))
        dice.append(Die(d, role, d.value, group))

    for k in range(expr.count):
        suffix = f" ({k + 1} of {expr.count})" if expr.count > 1 else ""
        roll(expr.sides, f"damage d{expr.sides}{suffix}", "damage")
    for h in hooks("damage_dice", a.q):
        h.apply(a, st, degrees, roll)
    if a.helpless_blow:
        # Helpless Targets: the damage is rolled twice and the two added (the second roll's flat part
        # is DamageMath.again); the qualities' extra dice come with the first roll only
        for k in range(expr.count):
            suffix = f" ({k + 1} of {expr.count})" if expr.count > 1 else ""
            roll(expr.sides, f"damage second roll d{expr.sides}{suffix} (Helpless Targets)", "helpless", 2)
    hd = HitDice(n, person, location, dice, tearing)
    clamp(a, hd)
    return hd


def dice_per_hit(a: D100Attack, st: AttackState, degrees: int) -> int:
    """How many dice one hit's damage takes: the weapon's, and those the qualities' ``damage_dice``
    hooks add (Maximal's, Tearing's, Accurate's; the hooks only roll, so they are counted here with
    a roll that counts), twice the weapon's for a Helpless Target's blow (:func:`roll_hit_dice`)."""
    count = a.weapon.dice.count * (2 if a.helpless_blow else 1)
    extra = 0

    def roll(sides: int, purpose: str, role: str, group: int = 0) -> None:
        nonlocal extra
        extra += 1

    for h in hooks("damage_dice", a.q):
        h.apply(a, st, degrees, roll)
    return count + extra


def clamp(a: D100Attack, hd: HitDice) -> None:
    """The qualities' ``clamp`` hooks on each die: Proven (X), a die under X counts as X; then
    Primitive (X) where it caps dice, a die over X counts as X."""
    for h in hooks("clamp", a.q):
        for d in hd.dice:
            d.value = h.apply(a, d.value)


def rolls_fury(a: D100Attack, hd: HitDice) -> bool:
    """Did a kept damage die show Righteous Fury's face? A natural 10; Vengeful (X) from X."""
    threshold = 10
    for h in hooks("fury", a.q):
        threshold = h.apply(a) or threshold
    return hd.fury(threshold)


def calls_fury(a: D100Attack, hd: HitDice) -> bool:
    """Does the hit inflict Righteous Fury? Its face was rolled (:func:`rolls_fury`) and the
    ruleset lets this attacker inflict it on the person struck (:meth:`D100Attack.fury_denied`:
    a Troop NPC on a player character, seed 004, Righteous Fury for Player Characters and NPCs)."""
    return rolls_fury(a, hd) and a.fury_denied(hd.person) is None


def replace_with_degrees(
    a: D100Attack, rolled: list[HitDice], degrees: int, bonus: int, wounds_through: Callable[[HitDice, int], int]
) -> None:
    """Replace the one die, in the whole attack, whose replacement by the degrees of success
    gives the most wounds; none when no replacement gives more (DH2: the player may replace). Where
    the degrees are the minimum of a die (Deathwatch: ``DEGREES_DIE == "minimum"``) the minimum holds
    even when no wound is gained: then the lowest die under the degrees is raised."""

    def hit_wounds(hd: HitDice, values: list[int]) -> int:
        w = wounds_through(hd, max(0, hd.total(values) + bonus))
        return w if (w > 0 or not calls_fury(a, hd)) else 1

    base = [hit_wounds(hd, [d.value for d in hd.dice]) for hd in rolled]
    best: tuple[int, int] | None = None
    best_total = sum(base)
    for h, hd in enumerate(rolled):
        for i, d in enumerate(hd.dice):
            if degrees <= d.value:
                continue
            values = [x.value for x in hd.dice]
            values[i] = degrees
            total = sum(base) - base[h] + hit_wounds(hd, values)
            if total > best_total:
                best, best_total = (h, i), total
    a.replace_gain = best_total - sum(base)
    if best is None and a.DEGREES_DIE == "minimum":
        best = _lowest_die(rolled, degrees)
    if a.apply_replacement:
        _degrees_step(a, rolled, best, degrees, sum(base), best_total)


def _lowest_die(rolled: list[HitDice], degrees: int) -> tuple[int, int] | None:
    """(hit, die) of the lowest die under ``degrees`` in the attack (the first of equals), or None."""
    under = [(d.value, h, i) for h, hd in enumerate(rolled) for i, d in enumerate(hd.dice) if d.value < degrees]
    return min(under)[1:] if under else None


def _degrees_step(
    a: D100Attack, rolled: list[HitDice], best: tuple[int, int] | None, degrees: int, before: int, after: int
) -> None:
    """Apply the degrees to die ``best`` (if any) and write the step, in the ruleset's words."""
    src = a.SRC.get("degrees_die", a.SRC["step4"])
    minimum = a.DEGREES_DIE == "minimum"
    if best is None:
        a.step(
            "Degrees of success",
            src,
            f"{degrees} degree(s) of success: "
            + (
                f"every damage die already shows {degrees} or more"
                if minimum
                else f"replacing a damage die with {degrees} gives no more wounds"
            )
            + ", so every die stands.",
        )
        return
    h, i = best
    hd = rolled[h]
    old = hd.dice[i].value
    hd.dice[i].value = degrees
    hd.dice[i].replaced = True
    gain = f"the most wounds ({before} \u2192 {after})" if after > before else "no more wounds, but the minimum holds"
    a.step(
        "Degrees of success",
        src,
        (
            f"{degrees} degree(s) of success are the minimum of one damage die: hit {hd.number}'s die {i + 1} "
            f"({old}) counts {degrees}, the player's best choice (raising the lowest die gains the most): "
            if minimum
            else f"{degrees} degree(s) of success replace hit {hd.number}'s die {i + 1} ({old}): "
        )
        + f"{gain}.",
    )
