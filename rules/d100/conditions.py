"""The conditions a d100 attack's result leaves on its combatants: a pure function of the
:class:`~rules.d100.models.Resolution` (and, for Concussive's knock-down, the target's Strength).

:func:`conditions_from` reads the structured record only, never the step log's English: each test
a quality made the struck person take (:class:`~rules.d100.models.TargetTest`: its ``quality``,
``success``, ``degrees`` and the ``hit`` it followed) and the pinning test, looked up in one table,
:data:`CONDITIONS`, keyed by (ruleset, quality): the condition's name and its rounds formula, each
from the quality's text in that ruleset's ``qualities.json`` (its ``test.effect``) and source. A
test the GM rolls (the characteristic was not given: ``success`` is null) inflicts nothing yet: the
resolution does not say. Fatigue is a number (``Resolution.fatigue``), not a condition, except DH2
Shocking's level, which that number does not count (see :data:`CONDITIONS`). A quality whose
condition follows a hit, with no test, names it through its own hook (:data:`LEAVES`,
:func:`leaves`: DH2 Crippling leaves Crippled (X)). The attacker's own:
an overheated weapon is not a condition (the encounter tracks the weapon), but the harm its
overheating does the wielder is (:func:`overheat_harm`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.d100 import tables
from rules.d100.models import Hit, Resolution, Scenario, TargetTest

from .stages.test import OVERHEAT_PURPOSE, OVERHEAT_TABLE


class Inflicted(BaseModel):
    """A condition a combatant has after the attack.

    ``who``: ``target`` (the attack's target or someone else struck: ``person`` as in
    :class:`~rules.d100.models.Hit`, 0 the target itself) or ``attacker`` (``person`` 0). ``name``: the
    condition (Stunned, Prone, Pinned, On Fire, Immobilised, Helpless, Hallucinating, Poisoned,
    Fatigue, Overheat damage, Crippled). ``rounds``: how long it lasts in rounds, or None when it
    lasts until something ends it (the detail says what) or the rule gives no number. ``source``:
    the rule's book or seed section; ``detail``: how the rounds were counted, in words; ``value``:
    the quality's X the condition carries (Crippled (X)), or None."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    who: Literal["target", "attacker"]
    person: int = 0
    name: str
    rounds: int | None
    source: str
    detail: str
    value: int | None = None


Rounds = Callable[[TargetTest, Hit | None], "int | None"]


def _dof(tt: TargetTest) -> int:
    """Degrees of failure of a failed test (0 for a DH1 or Deathwatch bare failure)."""
    return max(0, -(tt.degrees or 0))


def _per_dof(tt: TargetTest, hit: Hit | None) -> int:
    return _dof(tt)


def _half_dof_up(tt: TargetTest, hit: Hit | None) -> int:
    return (_dof(tt) + 1) // 2


def _one_plus_dof(tt: TargetTest, hit: Hit | None) -> int:
    return 1 + _dof(tt)


def _half_wounds_up(tt: TargetTest, hit: Hit | None) -> int:
    return ((hit.wounds if hit else 0) + 1) // 2


def _one(tt: TargetTest, hit: Hit | None) -> int:
    return 1


def _until_ended(tt: TargetTest, hit: Hit | None) -> None:
    return None


@dataclass(frozen=True)
class Condition:
    """One condition a failed test inflicts: its ``name``, its ``rounds`` formula (of the test and
    the hit it followed) and how the rounds are counted (``how``, shown as the detail)."""

    name: str
    rounds: Rounds
    how: str


_STUNNED_DOF = Condition("Stunned", _per_dof, "1 round per degree of failure")
_SNARED = (
    Condition("Immobilised", _until_ended, "until it escapes (a Strength or Agility test in its turn)"),
    Condition("Helpless", _until_ended, "while it is Immobilised by the snare"),
)
_ON_FIRE = Condition("On Fire", _until_ended, "until the flames are put out")

# (ruleset, quality) -> what failing its test inflicts, from each ruleset's qualities.json test.effect
CONDITIONS: dict[tuple[str, str], tuple[Condition, ...]] = {
    # DH2 Core, Ch. V: Concussive (X) "Stunned for 1 round per degree of failure"
    ("dh2", "Concussive"): (_STUNNED_DOF,),
    # DH2 Core, Ch. V: Shocking "1 level of Fatigue and Stunned for half the degrees of failure (rounded up)";
    # the level is not in Resolution.fatigue (that counts unarmed blows), so it is listed here
    ("dh2", "Shocking"): (
        Condition("Stunned", _half_dof_up, "half the degrees of failure, rounded up"),
        Condition("Fatigue", _until_ended, "1 level of Fatigue (not counted in the resolution's fatigue)"),
    ),
    # DH2 Core, Ch. V: Hallucinogenic (X) "1 round, +1 per degree of failure"
    ("dh2", "Hallucinogenic"): (Condition("Hallucinating", _one_plus_dof, "1 round plus 1 per degree of failure"),),
    # DH2 Core, Ch. V: Toxic (X) "1d10 more damage of the weapon's type, at the end of its turn"
    ("dh2", "Toxic"): (Condition("Poisoned", _one, "1d10 damage of the weapon's type at the end of its next turn"),),
    ("dh2", "Snare"): _SNARED,
    ("dh2", "Flame"): (_ON_FIRE,),
    # DH1 Core, Ch. V: Shocking "Stunned for rounds equal to half the damage taken" (rounded up: Auspex's reading,
    # so a hit of 1 wound stuns for 1 round); Toxic's damage is immediate (in the hit's wounds): no condition
    ("dh1", "Shocking"): (Condition("Stunned", _half_wounds_up, "half the damage taken, rounded up"),),
    ("dh1", "Snare"): _SNARED,
    ("dh1", "Flame"): (_ON_FIRE,),
    # seed 001, Weapon Qualities: Concussive "Stunned for 1 round"; Shocking "Stunned" (no duration given)
    ("dw", "Concussive"): (Condition("Stunned", _one, "1 round"),),
    ("dw", "Shocking"): (Condition("Stunned", _until_ended, "the screen gives no duration: the GM sets it"),),
    ("dw", "Snare"): _SNARED,
    ("dw", "Flame"): (_ON_FIRE,),
    # seed 001, Suppressing Fire, Overwatch and Pinning: Pinned until it recovers (a Willpower test each turn)
    ("dw", "Pinning"): (Condition("Pinned", _until_ended, "until it passes a Willpower test at the end of a turn"),),
}

# quality tests of an area (Flame and Spray's Agility tests, made before any hit: ``hit`` is None)
# decide who is struck, not a condition
_AREA_TESTS = frozenset({"Flame", "Spray"})


def _source(system: str, quality: str) -> str:
    if quality == "Pinning":
        rule = tables.tables(system).pinning
        return rule.source if rule else quality
    d = tables.qualities(system).get(quality)
    return d.source if d else quality


def _hit_of(resolution: Resolution, tt: TargetTest) -> Hit | None:
    return next((h for h in resolution.hits if h.number == tt.hit and h.person == tt.person), None)


def from_tests(resolution: Resolution) -> list[Inflicted]:
    """What each failed quality or pinning test inflicts (:data:`CONDITIONS`), in the order taken."""
    out: list[Inflicted] = []
    for tt in resolution.target_tests:
        if tt.success is not False or (tt.quality in _AREA_TESTS and tt.hit is None):
            continue
        hit = _hit_of(resolution, tt)
        for c in CONDITIONS.get((resolution.system, tt.quality), ()):
            at = f" after hit {tt.hit}" if tt.hit is not None else ""
            out.append(
                Inflicted(
                    who="target",
                    person=tt.person,
                    name=c.name,
                    rounds=c.rounds(tt, hit),
                    source=_source(resolution.system, tt.quality),
                    detail=f"{tt.quality}: failed its {tt.characteristic} test{at} ({c.how}).",
                )
            )
    return out


Leaves = Callable[[Resolution, Scenario, "int | None"], list[Inflicted]]
"""A quality's hook: the conditions a resolution of a weapon with it (its X, or None) leaves."""

LEAVES: dict[tuple[str, str], Leaves] = {}
"""(ruleset, quality) -> its hook (:func:`leaves`), for a condition that follows a hit, not a test."""


def leaves(system: str, quality: str) -> Callable[[Leaves], Leaves]:
    """Register the decorated function as the hook of ``quality`` in ``system`` (:data:`LEAVES`)."""

    def put(hook: Leaves) -> Leaves:
        LEAVES[(system, quality)] = hook
        return hook

    return put


def from_qualities(resolution: Resolution, scenario: Scenario | None) -> list[Inflicted]:
    """What the weapon's qualities with a hook (:data:`LEAVES`) leave, in the weapon's order of
    them. Needs ``scenario`` for the weapon; without it, nothing is listed."""
    if scenario is None:
        return []
    out: list[Inflicted] = []
    for text in scenario.attacker.weapon.qualities:
        name, x = tables.parse_quality(text)
        hook = LEAVES.get((resolution.system, name))
        if hook is not None:
            out.extend(hook(resolution, scenario, x))
    return out


@leaves("dh2", "Crippling")
def crippled(resolution: Resolution, scenario: Scenario, x: int | None) -> list[Inflicted]:
    """DH2 Core, Ch. V, Crippling (X): "A target that takes a wound is Crippled for the encounter"
    (each turn it takes more than a Half Action it suffers X Rending damage to that location,
    ignoring armour and TB: :mod:`rules.encounter.conditions`). One Crippled (X) for each person
    a hit wounded, at its first wounding hit's location. Not in the seeds: read from the book as
    the ruleset's ``qualities.json`` summarises it, unchecked."""
    out: list[Inflicted] = []
    for h in resolution.hits:
        if h.wounds > 0 and all(i.person != h.person for i in out):
            out.append(
                Inflicted(
                    who="target",
                    person=h.person,
                    name="Crippled",
                    rounds=None,
                    value=x or 0,
                    source=_source(resolution.system, "Crippling"),
                    detail=f"Crippling ({x or 0}): hit {h.number} wounded its {h.location} (for the encounter: "
                    f"{x or 0} damage there each turn it takes more than a Half Action).",
                )
            )
    return out


def knocked_prone(resolution: Resolution, scenario: Scenario | None) -> list[Inflicted]:
    """Concussive (DH2, Deathwatch): a hit on the target whose damage is more than its Strength
    bonus knocks it Prone, test or not (as the attack's own step judges it: the hit's wounds against
    S // 10). Needs the target's S from ``scenario``; without it, nothing is listed."""
    if scenario is None or scenario.target.characteristics.S is None:
        return []
    sb = scenario.target.characteristics.S // 10
    if (resolution.system, "Concussive") not in CONDITIONS or "Concussive" not in {
        tables.parse_quality(q)[0] for q in scenario.attacker.weapon.qualities
    }:
        return []
    return [
        Inflicted(
            who="target",
            name="Prone",
            rounds=None,
            source=_source(resolution.system, "Concussive"),
            detail=f"Concussive: hit {h.number}'s {h.wounds} damage is more than SB {sb} (until it stands).",
        )
        for h in resolution.hits
        if h.person == 0 and h.wounds > sb
    ][:1]


def overheat_harm(resolution: Resolution) -> list[Inflicted]:
    """The harm an overheating weapon does its wielder: DH2 its own damage to an arm (Pen 0, unless
    dropped); DH1 by the Overheating table's d10 (6-8: 1d10+2 Energy damage; 9-10: it explodes, a
    hit from it); Deathwatch none (the attack is only lost). The damage is not rolled here: the
    entry says what to roll."""
    if not resolution.overheated:
        return []
    source = _source(resolution.system, "Overheats")
    d10 = next((d.value for d in resolution.dice if d.purpose == OVERHEAT_PURPOSE), None)
    if resolution.system == "dh2":
        text = (
            "Energy damage equal to the weapon's damage, Pen 0, to an arm, unless the wielder drops it (a Free Action)"
        )
    elif d10 is not None and d10 >= 6:
        text = next(row for low, high, row in OVERHEAT_TABLE if low <= d10 <= high)
        text = f"Overheating table {d10}: {text}"
    else:
        return []
    return [Inflicted(who="attacker", name="Overheat damage", rounds=None, source=source, detail=text)]


def conditions_from(resolution: Resolution, scenario: Scenario | None = None) -> list[Inflicted]:
    """Every condition ``resolution`` (a d100 attack's) leaves on a combatant: the failed tests'
    (:func:`from_tests`), Concussive's knock-down (:func:`knocked_prone`, needs ``scenario`` for the
    target's Strength), the qualities' own hooks (:func:`from_qualities`, needs ``scenario`` for the
    weapon) and the wielder's overheating (:func:`overheat_harm`), in that order. Pure: reads only
    its arguments; raises nothing for a resolution of any d100 ruleset."""
    return [
        *from_tests(resolution),
        *knocked_prone(resolution, scenario),
        *from_qualities(resolution, scenario),
        *overheat_harm(resolution),
    ]
