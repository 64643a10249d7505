"""The fan ruleset's rules as small pure functions over numbers (each tested on its own): hit
location, range band, jams, penetration, effective initiative, recoil (seed 000)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..d100 import reverse_digits
from .models import Blow
from .tables import tables


def hit_location(roll: int) -> tuple[int, str]:
    """The number looked up and the location for a to-hit ``roll`` (1-100): the roll reversed, read
    on the WFRP table (``34 -> (43, "Left Arm")``). Source: seed 000, Shooting; WFRP 1st edition."""
    number = reverse_digits(roll)
    return number, tables().hit_locations.at(number)


RangeBand = Literal["point blank", "short", "long"]


def range_band(distance: float, max_range: float) -> RangeBand:
    """``point blank`` (0-5 m), ``short`` (to half the maximum range) or ``long`` (beyond it).

    Raises ValueError beyond the maximum range. Source: seed 000, Range."""
    if distance > max_range:
        raise ValueError(f"{distance:g} m is beyond the weapon's maximum range of {max_range:g} m")
    if distance <= tables().range.point_blank:
        return "point blank"
    return "short" if distance <= max_range / 2 else "long"


def is_double(roll: int) -> bool:
    """11, 22, ... 99 and 00 (100): a double on the d100."""
    return roll == 100 or (roll % 11 == 0 and roll < 100)


@dataclass(frozen=True)
class D100Reading:
    """How the round reads the d100 of a shot, a blow or a parry: ``reading(face)`` is (jammed,
    overloaded, passed). A gun jams on 98-00, and on any double on ``automatic_fire``; a plasma
    weapon's 98-00 overloads it; a jammed roll misses; otherwise the roll passes at ``chance`` or
    less, or whatever it is when the target is hit ``automatic``-ally (seed 000, Jams; Shooting;
    Hand-to-hand combat). Equal readings read every face alike (the odds engine counts on it)."""

    chance: int
    gun: bool = False
    automatic_fire: bool = False
    plasma: bool = False
    automatic: bool = False

    def __call__(self, face: int) -> tuple[bool, bool, bool]:
        jam = self.gun and jams(face, self.automatic_fire)
        overload = jam and self.plasma and face >= tables().jams.low
        return jam, overload, not jam and (self.automatic or face <= self.chance)


def jams(roll: int, automatic: bool) -> bool:
    """Whether a to-hit ``roll`` jams the gun: 98-00 always, any double on automatic fire.

    Source: seed 000, Jams ("On a roll of 98-00"; "any double ... on automatic")."""
    return roll >= tables().jams.low or (automatic and is_double(roll))


def penetrates(chance: int, roll: int | None) -> bool:
    """A penetration roll: ``roll <= chance``; 100% or more always (``roll`` may be None), 0% or
    less only on 01. Source: seed 000, Min/Max Penetration."""
    if chance >= 100:
        return True
    if roll is None:
        raise ValueError("a penetration chance under 100% needs a roll")
    if chance <= 0:
        return roll == 1
    return roll <= chance


def effective_initiative(initiative: int, attacks: int) -> list[int]:
    """When a creature's blows fall: Initiative divided by Attacks, at regular intervals, fractions
    rounded up, the first at its full Initiative (``72, 3 -> [72, 48, 24]``; ``30, 2 -> [30, 15]``).

    Raises ValueError for fewer than 1 attack. Source: seed 000, Effective Initiative."""
    if attacks < 1:
        raise ValueError("a creature makes at least 1 attack")
    return [math.ceil(initiative * k / attacks) for k in range(attacks, 0, -1)]


def blow_order(creatures: Iterable[tuple[str, int, int]]) -> list[Blow]:
    """Every blow of the round in order, from ``(name, Initiative, Attacks)`` for each creature:
    higher effective initiative first; equal ones by the creatures' full Initiative, then as given.

    The seed's example: Harlequin (72, 3) and gang leader (30, 2) -> 72, 48, 30, 24, 15."""
    blows = []
    for order, (name, initiative, attacks) in enumerate(creatures):
        for time in effective_initiative(initiative, attacks):
            blows.append((-time, -initiative, order, Blow(who=name, initiative=time)))
    return [b[3] for b in sorted(blows, key=lambda b: b[:3])]


def recoil(kind: str, heavy: bool) -> list[int]:
    """The to-hit modifier of each shot an action can fire: ``single`` [0], ``semi`` [-5, -10],
    ``auto`` [-10, -20, -30, -40], or for a Heavy weapon [0, 0, -10, -20, -30, -40].
    Source: seed 000, S, SA, A."""
    modes = tables().fire_modes
    if kind == "auto":
        return list(modes.heavy_auto if heavy else modes.auto)
    return list(modes.semi if kind == "semi" else modes.single)
