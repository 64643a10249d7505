"""The roles of the dice the d100 procedure rolls: every die carries its role as data
(:class:`rules.dice.DieRecord`'s ``role``), so the odds engine (:mod:`rules.odds.d100`) learns what a
die is for without reading its description. Kept below the stages that roll the dice and the
:class:`rules.d100.seams.Seams` that runs them (which re-exports these names), so neither imports
the other for them."""

from __future__ import annotations

__all__ = [
    "BY_DEGREES",
    "CRITICAL_EFFECT",
    "DAMAGE",
    "EVASION",
    "FLAME_HITS",
    "FURY_CONFIRM",
    "FURY_CRITICAL",
    "FURY_DAMAGE",
    "JAM",
    "LOCATION",
    "OTHER",
    "OVERHEAT",
    "PINNING",
    "POWER_FIELD",
    "PSYCHIC",
    "QUALITY_DAMAGE",
    "SCATTER",
    "SMOKE",
    "SPRAY_AND_PRAY",
    "TARGET_TEST",
    "TEST",
    "UNREAD",
    "UNSTABLE",
    "for_person",
]

# The roles of the dice, in the order the procedure rolls them.
SPRAY_AND_PRAY = "spray and pray"  # the GM's d100 against the chance an unaware attacker's attack proceeds
TEST = "test"  # the attack test's d100
JAM = "jam"  # Reliable's jam d10
OVERHEAT = "overheat"  # the Overheats table's d10
LOCATION = "location"  # the hit location d100 of a nearby foe or of another person in a Blast
EVASION = "evasion"  # the target's Dodge or Parry d100 (its degrees count)
POWER_FIELD = "power field"  # the d100 that may destroy the attacker's weapon on a Parry
DAMAGE = "damage"  # a damage die of a hit on the target (the weapon's, Tearing's, Maximal's, Accurate's)
UNSTABLE = "unstable"  # Unstable's d10
FURY_CRITICAL = "fury critical"  # DH2's Righteous Fury critical d5
FURY_CONFIRM = "fury confirmation"  # the attack test again (DH1, Deathwatch): its success counts
FURY_DAMAGE = "fury damage"  # Righteous Fury's extra d10s
TARGET_TEST = "target test"  # a test a quality makes the target take: its success counts
QUALITY_DAMAGE = "quality damage"  # wounds a failed quality test costs (Toxic)
PINNING = "pinning"  # the pinning test's d100
FLAME_HITS = "flame hits"  # the d5 a Flame weapon adds to its hits on a Horde (Deathwatch)
CRITICAL_EFFECT = "critical effect"  # a die of a row of the group's critical table (Stunned 1d5...)
PSYCHIC = "psychic phenomena"  # the group's Psychic Phenomena / Perils of the Warp d100 and its rows' dice
SCATTER = "scatter"  # the Scatter Diagram's direction d10 and distance dice of a Blast weapon's miss
SMOKE = "smoke"  # a Smoke weapon's dice: how wide its smokescreen, how many rounds it lasts
OTHER = "other person"  # a die of someone else than the target (another in a Blast, a nearby foe)

# Rolls whose outcome no figure of the odds reads (the odds walk each as one class).
UNREAD = frozenset({LOCATION, POWER_FIELD, FURY_CRITICAL, PINNING, OTHER, CRITICAL_EFFECT, PSYCHIC, SCATTER, SMOKE})
# d100 tests whose degrees count (evasion negates hits by them); other tests count success only.
BY_DEGREES = frozenset({EVASION})


def for_person(person: int, role: str) -> str:
    """``role`` for the target (``person`` 0), :data:`OTHER` for anyone else."""
    return role if person == 0 else OTHER
