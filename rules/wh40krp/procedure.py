"""The fan-made Warhammer 40,000 Roleplay, on WFRP 1st edition (``system: "wh40krp"``; seed 000).

It shoots unlike the FFG rulesets, and this module says where:

- **Actions, not Half and Full actions.** A round has 4 actions (seed 000, Actions). Aiming (up to
  2 actions, +5 each), resting the weapon (+5, kept until the firer moves) and each burst are
  actions; a reload takes 4; hand-to-hand takes the whole round.
- **Each shot is its own roll.** No degrees of success: a burst is several shots, each rolled
  under BS with its own recoil penalty (SA -5, -10; A -10 ... -40; a Heavy weapon on A: 0, 0,
  -10 ... -40). At least 1% to hit; at 100% or more the die is still rolled, for the jam.
- **Jams.** 98-00 jams any gun (a plasma weapon overloads: a point-blank hit on the firer); on
  automatic (A) every double jams too (11, 22, ... 00). DH2 jams on 96-00 and DH1 and Deathwatch on
  96 / 94 by mode; no FFG ruleset jams on doubles.
- **Hit location** is the reversed to-hit roll read on the WFRP table (WFRP 1st edition's, not
  printed in the seed): 01-15 Head, 16-35 Right Arm, 36-55 Left Arm, 56-80 Body, 81-90 Right Leg,
  91-00 Left Leg. The FFG rulesets reverse the roll too, on their own tables.
- **Armour is penetrated on a percentile roll**, not subtracted: the armour's basic chance for the
  struck location plus the weapon's modifier against that armour type at that range. Cover is
  penetrated first (the weapon's cover modifier; +10 to the damage roll after it), then a force
  field (a flat chance weapons do not change), then the armour. 100% or more always penetrates;
  0% or less only on 01. A hit that does not penetrate makes the target duck back, unless another
  shot of the same action damaged it.
- **Damage** is read on the Damage Charts, which the seed does not include: the engine rolls the
  damage die, names the chart and reads the player's own chart if one was entered, or takes the
  result the GM read in the book.
- **Hand-to-hand** tests WS with the seed's combat modifiers, one blow per Attack at effective
  initiative (Initiative divided by Attacks, blows at regular intervals, fractions rounded up). A
  successful parry lowers the chance to penetrate by the defender's WS.

Readings taken where the seed is garbled or silent (each also said in the step log where it
applies):

- *Aim on a burst.* "It is possible to aim with an automatic weapon although it only applies with
  the first shot": read as automatic (A) fire only, as the issue states; single shots and both
  semi-automatic shots keep the aim. Aim is spent by the fire action after it, and lost when the
  target moves (speed above 0) or the firer moves (a move action, or firing while walking or
  running).
- *Moving target.* "-10 per 100m per Round": -10 for each full 100 m per round.
- *Jam or hit.* A roll that jams is a jam, not a hit: the gun did not fire. A jam or an overload
  ends the round's shooting.
- *The plasma overload* is a point-blank hit on the firer: a fresh d100, reversed, gives its
  location (the jamming roll reversed would always strike a leg), then the firer's armour is
  penetrated with the weapon's short-range modifiers and the damage rolled as normal.
- *Unarmoured targets in hand-to-hand.* "A target without armour counts as having primitive armour
  with a penetration value of WS%" is read as the attacker's WS (the target's own WS would make the
  better fighter easier to hurt); a parry then lowers it by the defender's WS. Shot at, an
  unarmoured location is penetrated without a roll.
- *Which Damage Chart.* The seed has creatures roll on the chart of their size in hand-to-hand
  ("Humans and human-sized creatures basically roll on Chart 1"): the attacker's ``chart``, unless
  the weapon names its own. For a gun the chart is the weapon's (``weapon.chart``), Chart 1 unless
  given.
- *A gun in hand-to-hand* (a pistol, or a Basic weapon at -20) still jams on 98-00 (not on
  doubles: it is not automatic fire). A shot that jams counts as a round fired.
- *The damage roll* is a d100 unless the player's chart says otherwise: "+10 to the damage roll"
  only makes sense on a percentile scale.
- *Twilight* halves every targeting distance (the Cover Table's, 50 m for a small target, 300 m,
  and the 100 m of a large target's automatic hit). An illuminated target within the light's reach
  (a flashlight 15 m, a head-lamp 150 m, a searchlight 250 m, measured from the firer) and an
  infrared device count as daylight.
- *Effective initiative.* Blow k of A falls at I x k / A rounded up (72, 48, 24 for the seed's
  Harlequin). Equal initiatives strike in order of the creatures' full Initiative.
- *Clearing a jam.* "Fully repaired in 4 rounds ... if the character successfully rolls under his
  Tek": rolled at once when Tek is given, succeeding on a roll equal or under Tek as WFRP tests do.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from pydantic import Field

from ..d100 import reverse_digits, signed
from ..dice import Roller
from ..errors import FieldError, ScenarioError
from ..models import AppliedModifier, Die, Step
from ..tables import DataModel as _Data
from ..tables import Sourced as _Sourced
from ..tables import SourcedValue as _Value
from ..tables import load_data
from .models import (
    FIRE_KINDS,
    Blow,
    DamageChart,
    Deviation,
    Layer,
    RpAction,
    RpArmour,
    RpDamage,
    RpResolution,
    RpScenario,
    Shot,
    _RpBody,
)

SYSTEM = "wh40krp"
SEED = "seed 000"

# ----------------------------------------------------------------------------------------------
# The data file (rules/data/wh40krp/tables.json), validated at load


class _Cost(_Data):
    actions: int = Field(ge=1, le=4)
    label: str


class _Costs(_Sourced):
    rows: dict[str, _Cost]


class _FireModes(_Sourced):
    single: list[int]
    semi: list[int]
    auto: list[int]
    heavy_auto: list[int]


class _Labelled(_Data):
    label: str
    value: int


class _ModifierTable(_Sourced):
    rows: dict[str, _Labelled]


class _Range(_Sourced):
    point_blank: float


class _Aim(_Data):
    max_actions: int
    source: str


class _Jams(_Sourced):
    low: int = Field(ge=1, le=100)
    doubles_on: list[str]
    repair_rounds: int


class _Sight(_Data):
    label: str
    exposed: str
    metres: float


class _Visibility(_Sourced):
    rows: dict[str, _Sight]


class _Sizes(_Sourced):
    small: float
    normal: float
    large_automatic: float


class _Light(_Sourced):
    night: float
    sources: dict[str, float]


class _Following(_Data):
    metres: float
    source: str


class _LocationRow(_Data):
    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)
    location: str


class _Locations(_Sourced):
    rows: list[_LocationRow]

    def at(self, number: int) -> str:
        return next(r.location for r in self.rows if r.low <= number <= r.high)


class _Penetration(_Sourced):
    cover_damage_bonus: int


class _Area(_Data):
    direction: int
    metres: int
    source: str


class RpTables(_Data):
    """Every table of seed 000 that bears on an attack (``rules/data/wh40krp/tables.json``)."""

    note: str | None = Field(None, alias="_note")
    actions_per_round: _Value
    action_costs: _Costs
    fire_modes: _FireModes
    shooting_modifiers: _ModifierTable
    combat_modifiers: _ModifierTable
    range: _Range
    minimum_chance: _Value
    aim: _Aim
    jams: _Jams
    visibility: _Visibility
    target_sizes: _Sizes
    light: _Light
    following_fire: _Following
    hit_locations: _Locations
    penetration: _Penetration
    area_effect: _Area


@cache
def tables() -> RpTables:
    """The ruleset's tables, validated (raises pydantic's ValidationError on a broken file)."""
    return RpTables.model_validate(load_data(SYSTEM, "tables"))


def _src(section: str) -> str:
    return f"{SEED}, {section}"


def _row(row: _Labelled, source: str, value: int | None = None, label: str | None = None) -> AppliedModifier:
    """A modifier table's row as applied: its label and value unless the caller scales or names it."""
    return AppliedModifier(label=label or row.label, value=row.value if value is None else value, source=source)


# ----------------------------------------------------------------------------------------------
# The rules as small pure functions (each tested on its own)


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


# ----------------------------------------------------------------------------------------------
# The resolver

_MODE_OF = {"single": "S", "semi": "SA", "auto": "A"}
_MODE_NAME = {"single": "single shot", "semi": "semi-automatic", "auto": "automatic"}


@dataclass
class _Aiming:
    actions: int = 0
    rested: bool = False


@dataclass
class _Round:
    """What the round has done so far."""

    shots: list[Shot] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    damage_index: int = 0  # penetrating hits so far (each reads chart_results[i])
    rounds_fired: int = 0
    jammed: bool = False
    overloaded: bool = False
    stopped: str | None = None  # why no more shots are fired this round
    duck: list[str] = field(default_factory=list)  # who ducks back
    initiative: list[Blow] = field(default_factory=list)  # the round's blows in order (hand-to-hand)


class Wh40krpRound:
    """One round of the fan-made Warhammer 40,000 Roleplay, resolved with the dice of ``roller``."""

    def __init__(self, scenario: RpScenario, roller: Roller) -> None:
        self.s = scenario
        self.roller = roller
        self.t = tables()
        self.weapon = scenario.attacker.weapon
        self.state = _Round()
        self.bodies: list[_RpBody] = [scenario.target, *scenario.target.others]
        # by target: hit automatically (a large target in reach), from the sight check before any die
        self.automatic: dict[int, bool] = {}

    # --- helpers ------------------------------------------------------------------------------

    def step(self, rule: str, source: str, detail: str) -> None:
        self.state.steps.append(Step(rule=rule, source=source, detail=detail))

    def refuse(self, field_: str, message: str) -> ScenarioError:
        return ScenarioError([FieldError(field_, message)])

    def is_small(self, index: int) -> bool:
        """A small target: by its size, or a part of a normal target aimed at (seed 000, Targeting)."""
        body = self.bodies[index]
        return body.size == "small" or (
            index == 0 and self.s.action.called_location is not None and body.size == "normal"
        )

    def distance_to(self, index: int) -> float:
        if index == 0:
            return self.s.action.distance
        other = self.s.target.others[index - 1]
        return self.s.action.distance if other.distance is None else other.distance

    def body_field(self, index: int) -> str:
        return "target" if index == 0 else f"target.others.{index - 1}"

    # --- checks before any die ----------------------------------------------------------------

    def check_actions(self) -> int:
        """The round's actions fit in 4 and make sense; returns the actions spent."""
        costs = self.t.action_costs.rows
        actions = self.s.action.actions
        spent = sum(costs[a.kind].actions for a in actions)
        limit = self.t.actions_per_round.value
        if spent > limit:
            raise self.refuse(
                "action.actions",
                f"These actions take {spent} actions; a round has {limit} (a reload or hand-to-hand takes all {limit})",
            )
        aim = 0
        for i, a in enumerate(actions):
            where = f"action.actions.{i}"
            if a.kind == "aim":
                aim += 1
                if aim > self.t.aim.max_actions:
                    raise self.refuse(f"{where}.kind", f"A character aims for {self.t.aim.max_actions} actions at most")
            elif a.kind in FIRE_KINDS or a.kind in ("move", "run", "crawl"):
                aim = 0
            if a.kind == "melee" and not self.weapon.is_melee and self.weapon.weapon_class not in ("Pistol", "Basic"):
                raise self.refuse(
                    "attacker.weapon.class", f"A {self.weapon.weapon_class} weapon is not used in hand-to-hand"
                )
            if a.kind in FIRE_KINDS:
                self.check_fire(i, a)
            elif a.shots is not None or a.follow or a.at:
                raise self.refuse(f"{where}.kind", "Only a shooting action fires shots at a target")
        return spent

    def check_fire(self, i: int, a: RpAction) -> None:
        where = f"action.actions.{i}"
        w = self.weapon
        if w.is_melee:
            raise self.refuse(f"{where}.kind", f"{w.name} is a {w.weapon_class} weapon: it does not shoot")
        if w.clip == 0:
            raise self.refuse("attacker.weapon.clip", f"{w.name} is empty: reloading takes 4 actions (a round)")
        mode = _MODE_OF[a.kind]
        if mode not in w.modes:
            raise self.refuse(
                f"{where}.kind", f"{w.name} does not fire {_MODE_NAME[a.kind]} ({mode}); it fires {'/'.join(w.modes)}"
            )
        most = len(recoil(a.kind, w.weapon_class == "Heavy"))
        if a.shots is not None and a.shots > most:
            raise self.refuse(
                f"{where}.shots", f"{_MODE_NAME[a.kind].capitalize()} fires at most {most} shots an action"
            )
        if a.at > len(self.s.target.others):
            raise self.refuse(f"{where}.at", f"There is no other target number {a.at}")
        shots = a.shots or most
        if a.follow and a.kind == "single":
            raise self.refuse(f"{where}.follow", "Following fire needs a semi-automatic or automatic weapon")
        previous = 0
        for j, after in enumerate(a.follow):
            if not previous < after < shots:
                raise self.refuse(
                    f"{where}.follow", f"The weapon swings after a shot it fires, in order: after shot 1 to {shots - 1}"
                )
            previous = after
            index = a.at + j + 1
            if index > len(self.s.target.others):
                raise self.refuse(
                    f"{where}.follow", "There is no further target to swing onto: add one to the target's others"
                )
            gap = self.s.target.others[index - 1].gap
            if gap > self.t.following_fire.metres:
                raise self.refuse(
                    f"target.others.{index - 1}.gap",
                    f"Following fire swings only to a target within {self.t.following_fire.metres:g} m of the previous one ({gap:g} m)",
                )

    def check_sight(self, index: int) -> tuple[bool, list[str]]:
        """Whether the target ``index`` can be shot at (raising the reason if not); returns whether
        a large target is hit automatically, and what the step log says."""
        body = self.bodies[index]
        rnd = self.s.action
        prefix = self.body_field(index)
        distance = self.distance_to(index)
        notes: list[str] = []
        vis = self.t.visibility
        if body.exposure == "hidden":
            raise self.refuse(f"{prefix}.exposure", "A character completely hidden behind cover cannot be seen at all")
        try:
            band = range_band(distance, self.weapon.range)
        except ValueError as exc:
            raise self.refuse("action.distance" if index == 0 else f"{prefix}.distance", str(exc)) from None
        notes.append(f"{distance:g} m: {band} range (maximum {self.weapon.range:g} m)")
        light = self.t.light
        lit = False
        if rnd.illumination == "infrared":
            lit = True
        elif rnd.illumination != "none":
            reach = light.sources[rnd.illumination]
            lit = distance <= reach
            notes.append(
                f"{rnd.illumination} reaches {reach:g} m: "
                + ("the target is lit as in daylight" if lit else "the target is beyond its light")
            )
        scale = 1.0
        if rnd.light == "night" and not lit:
            if distance > light.night and not body.revealed:
                raise self.refuse(
                    "action.light",
                    f"At night nothing is seen beyond {light.night:g} m without illumination or an infrared device "
                    f"(the target is {distance:g} m away)",
                )
            notes.append("night: the target gives itself away" if body.revealed else "night: within 3 m")
        elif rnd.light == "twilight" and not lit:
            scale = 0.5
            notes.append("twilight: every targeting distance is halved")
        if body.exposure != "open":
            sight = vis.rows[body.exposure]
            limit = sight.metres * scale
            if body.revealed or rnd.equipment:
                why = "gave away its position" if body.revealed else "specialist equipment"
                notes.append(f"{sight.label} ({sight.exposed}): seen at any range ({why})")
            elif distance > limit:
                raise self.refuse(
                    f"{prefix}.exposure",
                    f"{sight.label} ({sight.exposed}): seen up to {limit:g} m, not {distance:g} m, unless it gives itself away",
                )
            else:
                notes.append(f"{sight.label} ({sight.exposed}): seen up to {limit:g} m")
        sizes = self.t.target_sizes
        automatic = False
        if self.is_small(index):
            limit = sizes.small * scale
            if distance > limit and not rnd.equipment:
                field_ = "action.called_location" if body.size == "normal" else f"{prefix}.size"
                raise self.refuse(
                    field_,
                    f"A small target is not aimed at beyond {limit:g} m without targeting equipment ({distance:g} m)",
                )
        elif body.size == "normal":
            limit = sizes.normal * scale
            if distance > limit:
                raise self.refuse(
                    "action.distance" if index == 0 else f"{prefix}.distance",
                    f"A normal target is seen and targeted up to {limit:g} m, not {distance:g} m",
                )
        else:
            limit = sizes.large_automatic * scale
            automatic = distance <= limit
            notes.append(
                f"large target: hit automatically up to {limit:g} m"
                + (" (the die is still rolled for a jam)" if automatic else f"; at {distance:g} m it is rolled for")
            )
        return automatic, notes

    # --- modifiers ------------------------------------------------------------------------------

    def shooting_modifiers(
        self, index: int, kind: str, shot: int, aim: _Aiming, action: RpAction
    ) -> list[AppliedModifier]:
        """The modifiers of shot ``shot`` (0-based) of a ``kind`` action at target ``index``."""
        rows = self.t.shooting_modifiers.rows
        src = _src("Shooting to hit modifiers")
        rnd = self.s.action
        body = self.bodies[index]
        w = self.weapon
        out: list[AppliedModifier] = []

        def add(key: str, value: int | None = None, label: str | None = None, source: str = src) -> None:
            out.append(_row(rows[key], source, value, label))

        step = recoil(kind, w.weapon_class == "Heavy")[shot]
        if step:
            name = "Heavy automatic" if kind == "auto" and w.weapon_class == "Heavy" else _MODE_NAME[kind].capitalize()
            out.append(AppliedModifier(label=f"{name}, shot {shot + 1}", value=step, source=_src("S, SA, A")))
        band = range_band(self.distance_to(index), w.range)
        if band == "point blank":
            add("point_blank", source=_src("Range"))
        elif band == "long":
            add("long_range", source=_src("Range"))
        if aim.actions and body.speed == 0 and action.moving == "no" and (kind != "auto" or shot == 0):
            add(
                "aim",
                rows["aim"].value * aim.actions,
                f"Aimed ({aim.actions} action{'s' if aim.actions > 1 else ''})",
                _src("Aiming"),
            )
        if aim.rested and action.moving == "no":
            add("rested", source=_src("Rested Weapon"))
        if body.exposure != "open":
            add("partially_hidden")
        hundreds = int(body.speed // 100)
        if hundreds:
            add("moving_target", rows["moving_target"].value * hundreds, f"Moving target ({body.speed:g} m per round)")
        if action.moving == "walking":
            add("firing_moving")
        elif action.moving == "running":
            add("firing_running")
        if self.s.attacker.wounded != "none":
            add(f"{self.s.attacker.wounded}_wound")
        if rnd.wrong_hand:
            add("wrong_hand")
        if self.is_small(index):
            label = f"Small target (aimed at the {rnd.called_location})" if body.size == "normal" else None
            add("small_target", label=label)
        elif body.size == "large":
            add("large_target")
        if rnd.one_handed and w.weapon_class == "Basic":
            add("basic_one_handed")
        elif rnd.one_handed and w.weapon_class == "Heavy":
            add("heavy_one_handed")
        if rnd.two_weapons:
            add("two_weapons")
        out.extend(AppliedModifier(label=m.label, value=m.value, source="GM") for m in rnd.modifiers)
        return out

    def combat_modifiers(self) -> list[AppliedModifier]:
        """The hand-to-hand modifiers (seed 000, Combat Modifiers)."""
        rows = self.t.combat_modifiers.rows
        src = _src("Combat Modifiers")
        m = self.s.action.melee
        rnd = self.s.action
        w = self.weapon
        out: list[AppliedModifier] = []

        def add(key: str, value: int | None = None, label: str | None = None) -> None:
            out.append(_row(rows[key], src, value, label))

        for key in ("charging", "higher_ground", "won_last_round", "behind_obstacle"):
            if getattr(m, key):
                add(key)
        if m.opponents > 1:
            extra = m.opponents - 1
            add(
                "extra_opponent",
                rows["extra_opponent"].value * extra,
                f"{extra} engaged opponent{'s' if extra > 1 else ''} above 1",
            )
        if rnd.wrong_hand:
            add("wrong_hand")
        if w.weapon_class == "Unarmed":
            add("unarmed")
        if w.weapon_class == "Basic" and not w.bayonet:
            add("basic_weapon")
        if rnd.two_weapons:
            add("two_weapons")
        if self.s.attacker.power_armour:
            add("power_armour")
        out.extend(AppliedModifier(label=mod.label, value=mod.value, source="GM") for mod in rnd.modifiers)
        return out

    # --- a hit: penetration and damage ----------------------------------------------------------

    def to_hit_die(self, purpose: str, reads: D100Reading) -> int:
        """A d100 test of the round: a shot's to-hit roll, a blow's WS roll, a parry. The procedure
        reads it through ``reads`` (jammed, overloaded, passed) and, on a shot's or blow's hit, for
        its location (:func:`hit_location`); the odds engine (:mod:`rules.odds`) walks it that way."""
        return self.roller.d100(purpose)

    def pen_die(self, purpose: str, chance: int) -> int:
        """The d100 of a penetration roll against ``chance`` (percent); the procedure reads it only
        through :func:`penetrates`, and the odds engine (:mod:`rules.odds`) walks it that way."""
        return self.roller.d100(purpose)

    def layer(
        self,
        label: str,
        layer: Literal["cover", "force field", "armour"],
        basic: int,
        modifier: int = 0,
        parry: int = 0,
        name: str | None = None,
        type_: str | None = None,
    ) -> Layer:
        """Roll one penetration: ``basic`` + the weapon's ``modifier`` - a ``parry``; no die at 100%
        or more (seed 000, Armour Penetration; Min/Max Penetration)."""
        chance = basic + modifier - parry
        roll = None if chance >= 100 else self.pen_die(f"{label} {layer} penetration d100", chance)
        return Layer(
            layer=layer,
            name=name,
            type=type_,
            basic=basic,
            modifier=modifier,
            parry=parry,
            chance=chance,
            roll=roll,
            penetrated=penetrates(chance, roll),
        )

    def penetrate(
        self, label: str, body: _RpBody, location: str, long_range: bool, melee: bool, parry: int = 0
    ) -> tuple[list[Layer], bool, bool]:
        """Roll through cover, force field and armour for the hit named ``label`` (``shot 2``);
        returns the layers, whether the hit got through, and whether it went through cover."""
        pen = self.weapon.penetration_at(long_range)
        layers: list[Layer] = []
        through_cover = False
        cover = body.cover
        if cover is not None and location in cover.locations:
            layers.append(self.layer(label, "cover", cover.chance, pen.cover, name=cover.name))
            if not layers[-1].penetrated:
                return layers, False, False
            through_cover = True
        if body.force_field is not None:
            layers.append(self.layer(label, "force field", body.force_field))
            if not layers[-1].penetrated:
                return layers, False, through_cover
        armour: RpArmour | None = body.armour.get(location)  # type: ignore[call-overload]
        if armour is None and melee:
            armour = RpArmour(
                name="none (counts as primitive, the attacker's WS%)", type="primitive", chance=self.s.attacker.WS
            )
        if armour is None:
            return layers, True, through_cover
        layers.append(
            self.layer(label, "armour", armour.chance, pen.against(armour.type), parry, armour.name, armour.type)
        )
        ok = layers[-1].penetrated
        return layers, ok, through_cover

    def chart_number(self, melee: bool) -> int:
        w = self.weapon
        if w.chart is not None:
            return w.chart
        return self.s.attacker.chart if melee else 1

    def chart(self, number: int) -> DamageChart | None:
        return next((c for c in self.s.charts if c.chart == number), None)

    def damage(self, label: str, melee: bool, through_cover: bool) -> RpDamage:
        """Roll the damage die of a penetrating hit and read the chart (the player's, or the GM's
        reading typed in ``chart_results``)."""
        number = self.chart_number(melee)
        chart = self.chart(number)
        die = chart.die if chart is not None else 100
        roll = self.roller.roll(die, f"{label} damage d{die} (Chart {number})")
        mods: list[AppliedModifier] = []
        if through_cover:
            mods.append(
                AppliedModifier(
                    label="Through cover (lost velocity)",
                    value=self.t.penetration.cover_damage_bonus,
                    source=_src("Armour Penetration: 'add +10 to the damage roll'"),
                )
            )
        if self.s.action.damage_modifier:
            mods.append(
                AppliedModifier(
                    label="S and T", value=self.s.action.damage_modifier, source="the book (entered by the player)"
                )
            )
        total = roll + sum(m.value for m in mods)
        index = self.state.damage_index
        self.state.damage_index += 1
        typed = self.s.action.chart_results
        result: str | None = None
        result_from: Literal["chart", "gm"] | None = None
        if index < len(typed) and typed[index].strip():
            result, result_from = typed[index].strip(), "gm"
        elif chart is not None:
            row = chart.row_for(total)
            if row is None:
                raise self.refuse(
                    f"charts.{self.s.charts.index(chart)}.rows",
                    f"{total} is not on your Chart {number} (its rows cover {chart.span()}, the d{die} rolls 1-{die}): "
                    f"add the row {total} falls in, or type the GM's reading for this hit",
                )
            result, result_from = row.result, "chart"
        return RpDamage(
            chart=number, die=die, roll=roll, modifiers=mods, total=total, result=result, result_from=result_from
        )

    def resolve_hit(self, shot: Shot, melee: bool, parry: int = 0) -> Shot:
        """Penetration and damage of a shot that hit."""
        body = self.bodies[shot.target_index]
        band = "short" if melee else range_band(self.distance_to(shot.target_index), self.weapon.range)
        assert shot.location is not None
        label = f"{'blow' if melee else 'shot'} {shot.number}"
        layers, through, via_cover = self.penetrate(label, body, shot.location, band == "long", melee, parry)
        dmg = self.damage(label, melee, via_cover) if through else None
        self.log_hit(
            label, body.name, shot.location, layers, through, dmg, "hand-to-hand" if melee else f"{band} range"
        )
        return shot.model_copy(update={"layers": layers, "penetrated": through, "damage": dmg})

    def log_hit(
        self, label: str, who: str, location: str, layers: list[Layer], through: bool, dmg: RpDamage | None, band: str
    ) -> None:
        parts = [f"{layer.describe()} ({band})" for layer in layers]
        if not layers:
            parts.append("no armour on that location: nothing to penetrate")
        self.step(
            f"{label.capitalize()}: armour penetration",
            _src("Armour Penetration"),
            f"{who}, {location}. " + "; ".join(parts) + ".",
        )
        if dmg is not None:
            mods = "".join(f" {signed(m.value)} ({m.label})" for m in dmg.modifiers)
            if dmg.result_from == "gm":
                read = f"the GM read: {dmg.result}"
            elif dmg.result_from == "chart":
                read = f"your Chart {dmg.chart} reads: {dmg.result}"
            else:
                read = f"read Chart {dmg.chart} in the book (no chart entered for it)"
            self.step(
                f"{label.capitalize()}: damage",
                _src("Damage: the Damage Charts (not in the seed: from the player)"),
                f"d{dmg.die} {dmg.roll}{mods} = {dmg.total} on Chart {dmg.chart}: {read}.",
            )

    # --- shooting -------------------------------------------------------------------------------

    def fire(self, i: int, action: RpAction, aim: _Aiming) -> None:
        """Fire one action's shots: every to-hit roll first, then the hits' penetration and damage
        ("Damage is not worked out until all of the hits have been allocated"), then duck-back."""
        w = self.weapon
        heavy = w.weapon_class == "Heavy"
        steps = recoil(action.kind, heavy)
        count = action.shots or len(steps)
        automatic_fire = action.kind == "auto"
        target = action.at
        fired: list[Shot] = []
        name = "Heavy automatic" if automatic_fire and heavy else _MODE_NAME[action.kind].capitalize()
        spread = f" (stops after {count} of {len(steps)}: spreading fire)" if count < len(steps) else ""
        self.step(
            f"Action {i + 1}: {name}",
            _src("S, SA, A"),
            f"{count} shot{'s' if count > 1 else ''}{spread}"
            + (
                f", recoil {', '.join(signed(v) for v in steps[:count])}."
                if any(steps[:count])
                else ", no recoil penalty."
            ),
        )
        for k in range(count):
            if w.clip is not None and self.state.rounds_fired >= w.clip:
                self.state.stopped = f"{w.name} is out of rounds"
                self.step(
                    "Out of rounds",
                    _src("Actions: reloading takes 4 actions"),
                    f"{w.name} is empty after {self.state.rounds_fired} rounds.",
                )
                break
            if k in action.follow:
                target += 1
                self.step(
                    "Following fire",
                    self.t.following_fire.source,
                    f"After shot {k} the weapon swings onto {self.bodies[target].name}, "
                    f"{self.s.target.others[target - 1].gap:g} m from the previous target.",
                )
            number = len(self.state.shots) + len(fired) + 1
            shot = self.shoot(i, number, k, target, action, aim, self.automatic[target], automatic_fire)
            fired.append(shot)
            self.state.rounds_fired += 1
            if shot.jammed or shot.overloaded:
                break
        aim.actions = 0  # spent by this action
        # penetration and damage, shot by shot, once every hit is allocated
        done = [self.resolve_hit(shot, melee=False) if shot.hit else shot for shot in fired]
        self.state.shots.extend(self.duck_back(i, done))
        if any(s.overloaded for s in done):
            self.overload()
        if self.state.jammed or self.state.overloaded:
            self.state.stopped = "the weapon jammed" if self.state.jammed else "the weapon overloaded"

    def shoot(
        self,
        i: int,
        number: int,
        k: int,
        target: int,
        action: RpAction,
        aim: _Aiming,
        automatic: bool,
        automatic_fire: bool,
    ) -> Shot:
        """One to-hit roll (and, on a miss by an area weapon, its deviation)."""
        w = self.weapon
        body = self.bodies[target]
        mods = self.shooting_modifiers(target, action.kind, k, aim, action)
        total = self.s.attacker.BS + sum(m.value for m in mods)
        floor = self.t.minimum_chance.value
        chance = max(floor, total)
        reads = D100Reading(chance, w.is_gun, automatic_fire, w.plasma, automatic)
        roll = self.to_hit_die(f"shot {number} to-hit d100 ({body.name})", reads)
        jam, overload, hit = reads(roll)
        kind = ("heavy auto" if w.weapon_class == "Heavy" else "auto") if action.kind == "auto" else action.kind
        location: str | None = None
        location_roll = None
        if hit:
            if self.s.action.called_location is not None and target == 0:
                location = self.s.action.called_location
            else:
                location_roll, location = hit_location(roll)
        shot = Shot(
            number=number,
            action=i + 1,
            kind=kind,
            target=body.name,
            target_index=target,
            base=self.s.attacker.BS,
            modifiers=mods,
            chance=chance,
            roll=roll,
            hit=hit,
            automatic=automatic and not jam,
            jammed=jam and not overload,
            overloaded=overload,
            location=location,
            location_roll=location_roll,
        )
        detail = f"BS {self.s.attacker.BS}" + "".join(f" {signed(m.value)} ({m.label})" for m in mods) + f" = {total}%"
        if total < floor:
            detail += f", at least {floor}%"
        if automatic:
            detail = f"a large target within reach is hit automatically; the die is rolled for a jam ({detail})"
        detail += f"; rolled {roll}: "
        if overload:
            detail += f"{roll} overloads the plasma weapon: it explodes, a point-blank hit on the firer"
            self.state.overloaded = True
        elif jam:
            why = f"{roll} is a double, on automatic" if roll < self.t.jams.low else f"{roll} (98-00)"
            detail += f"jammed: {why}"
            self.state.jammed = True
        elif hit:
            detail += "hit"
            if location_roll is not None:
                detail += f"; reversed to {location_roll:02d} on the WFRP table: {location}"
            else:
                detail += f"; the {location}, as aimed at (a small target)"
        else:
            detail += "miss"
        self.step(f"Shot {number}: to hit", _src("Shooting to hit modifiers; Jams; Hit Location"), detail + ".")
        if w.area_effect and not hit and not jam and not overload:
            shot = shot.model_copy(update={"landed": self.deviate(number, target)})
        return shot

    def deviate(self, number: int, target: int) -> Deviation:
        area = self.t.area_effect
        clock = self.roller.roll(area.direction, f"shot {number} deviation direction d12 (clock face)")
        metres = self.roller.roll(area.metres, f"shot {number} deviation distance d10 (metres)")
        note = None
        if clock == 6 and metres >= self.distance_to(target):
            note = "it would come back onto the firer: by the rule it does not, unless the GM rules otherwise"
        self.step(
            f"Shot {number}: deviation",
            area.source,
            f"The shot missed: it lands {metres} m from the target towards {clock} o'clock (12: straight on, 6: back towards the firer)"
            + (f"; {note}" if note else "")
            + ".",
        )
        return Deviation(clock=clock, metres=metres, note=note)

    def duck_back(self, i: int, shots: list[Shot]) -> list[Shot]:
        """Duck-back after action ``i``: each target hit without penetration, and not damaged by
        another shot of the same action, ducks back. Returns the shots with ``duck_back`` set on
        each hit that did not penetrate (seed 000, Duck-back)."""
        ducked: set[int] = set()
        for index in sorted({s.target_index for s in shots if s.hit}):
            mine = [s for s in shots if s.hit and s.target_index == index]
            stopped = [s for s in mine if not s.penetrated]
            if not stopped:
                continue
            who = self.bodies[index].name
            if any(s.penetrated for s in mine):
                self.step(
                    "Duck-back",
                    _src("Duck-back"),
                    f"{who} was damaged by this action, so does not duck back though {len(stopped)} shot(s) did not penetrate.",
                )
                continue
            self.step(
                "Duck-back",
                _src("Duck-back"),
                f"Action {i + 1} hit {who} without penetrating: {who} ducks back (flinches away).",
            )
            if who not in self.state.duck:
                self.state.duck.append(who)
            ducked.add(index)
        return [
            s.model_copy(update={"duck_back": s.target_index in ducked}) if s.hit and not s.penetrated else s
            for s in shots
        ]

    def overload(self) -> None:
        """A plasma weapon's overload: a point-blank hit on the firer (seed 000, Jams)."""
        a = self.s.attacker
        roll = self.roller.d100("overload hit location d100 (reversed)")
        number, location = hit_location(roll)
        body = _RpBody(name=a.name, armour=a.armour)
        layers, through, _ = self.penetrate("overload", body, location, long_range=False, melee=False)
        dmg = self.damage("overload", False, False) if through else None
        shot = Shot(
            number=len(self.state.shots) + 1,
            action=self.state.shots[-1].action,
            kind="overload",
            target=a.name,
            target_index=-1,
            characteristic="-",
            chance=100,
            roll=roll,
            hit=True,
            location=location,
            location_roll=number,
            layers=layers,
            penetrated=through,
            damage=dmg,
        )
        self.step(
            "Plasma overload",
            _src("Jams: 'the plasma weapon overloads and explodes causing a point-blank hit'"),
            f"A point-blank hit on {a.name}: d100 {roll} reversed to {number:02d}: {location} (a fresh roll: the jamming roll reversed would always strike a leg).",
        )
        self.log_hit("overload", a.name, location, layers, through, dmg, "point blank")
        self.state.shots.append(shot)

    def clear_jam(self) -> tuple[int | None, bool | None]:
        a = self.s.attacker
        src = self.t.jams.source
        rounds = self.t.jams.repair_rounds
        if a.Tek is None:
            self.step(
                "Clearing the jam",
                src,
                f"{a.weapon.name} is repaired in {rounds} rounds if {a.name} passes a Tek test (the GM rolls it: Tek not given).",
            )
            return None, None
        roll = self.roller.d100(f"Tek test to clear the jam d100 (Tek {a.Tek})")
        ok = roll <= a.Tek
        self.step(
            "Clearing the jam",
            src,
            f"Tek {a.Tek}, rolled {roll}: "
            + (
                f"{a.weapon.name} is repaired and ready to fire in {rounds} rounds."
                if ok
                else "failed: the weapon stays jammed (the GM says when to try again)."
            ),
        )
        return roll, ok

    # --- hand-to-hand ---------------------------------------------------------------------------

    def melee(self) -> None:
        a = self.s.attacker
        tgt = self.s.target
        times = effective_initiative(a.I, a.A)
        mods = self.combat_modifiers()
        chance = a.WS + sum(m.value for m in mods)
        detail = f"WS {a.WS}" + "".join(f" {signed(m.value)} ({m.label})" for m in mods) + f" = {chance}%"
        self.step(
            "Hand-to-hand",
            _src("Hand-to-hand combat; Combat Modifiers"),
            f"{a.name} strikes {a.A} time{'s' if a.A > 1 else ''} this round at I {', '.join(map(str, times))}; each blow: {detail}.",
        )
        if tgt.parries and tgt.WS is None:
            raise self.refuse("target.WS", "A parry is a WS test: give the target's WS")
        parries_left = tgt.parries
        for k, time in enumerate(times):
            number = k + 1
            reads = D100Reading(chance, gun=self.weapon.is_gun)  # a gun jams on 98-00; no overload
            roll = self.to_hit_die(f"blow {number} WS d100", reads)
            jam, _, hit = reads(roll)
            location_roll, location = hit_location(roll) if hit else (None, None)
            shot = Shot(
                number=number,
                action=1,
                kind="blow",
                target=tgt.name,
                characteristic="WS",
                base=a.WS,
                modifiers=mods,
                chance=chance,
                roll=roll,
                hit=hit,
                jammed=jam,
                location=location,
                location_roll=location_roll,
                initiative=time,
            )
            text = f"at I {time}: rolled {roll} against {chance}%: " + (
                f"hit; reversed to {location_roll:02d}: {location}"
                if hit
                else ("the gun jams (98-00)" if jam else "miss")
            )
            self.step(f"Blow {number}", _src("Hand-to-hand combat"), text + ".")
            if jam:
                self.state.jammed = True
                self.state.shots.append(shot)
                break
            if hit:
                parry = 0
                if parries_left and tgt.WS is not None:
                    parries_left -= 1
                    proll = self.to_hit_die(f"blow {number} parry d100 ({tgt.name}'s WS {tgt.WS})", D100Reading(tgt.WS))
                    parried = proll <= tgt.WS
                    parry = tgt.WS if parried else 0
                    shot = shot.model_copy(update={"parry_roll": proll, "parried": parried})
                    self.step(
                        f"Blow {number}: parry",
                        _src("Parrying: 'reduces the chance of penetrating armour by the target's WS'"),
                        f"{tgt.name} parries: rolled {proll} against WS {tgt.WS}: "
                        + (f"parried, the chance to penetrate falls by {tgt.WS}." if parried else "failed."),
                    )
                shot = self.resolve_hit(shot, melee=True, parry=parry)
            self.state.shots.append(shot)
        if tgt.I is not None:
            order = blow_order([(a.name, a.I, a.A), (tgt.name, tgt.I, tgt.A or 1)])
            self.state.initiative = order
            self.step(
                "Effective initiative",
                _src("Effective Initiative: 'Divide the creature's Initiative ... by the number of Attacks'"),
                "The round's blows: " + ", ".join(f"{b.who} ({b.initiative})" for b in order) + ".",
            )

    # --- the round ------------------------------------------------------------------------------

    def resolve(self) -> RpResolution:
        s = self.s
        spent = self.check_actions()
        actions = s.action.actions
        names = [self.t.action_costs.rows[a.kind].label if a.kind != "other" else (a.label or "Other") for a in actions]
        self.step(
            "Actions",
            self.t.actions_per_round.source,
            f"{', '.join(names)}: {spent} of {self.t.actions_per_round.value} actions this round.",
        )
        if actions[0].kind != "melee":
            # every target the round's shots can reach is checked before any die is rolled
            reached = {a.at + j for a in actions if a.kind in FIRE_KINDS for j in range(len(a.follow) + 1)}
            for index in sorted(reached):  # a round that fires no shot needs no sight of the target
                self.automatic[index], notes = self.check_sight(index)
                self.step(
                    "Targeting", self.t.visibility.source, f"{self.bodies[index].name}: " + "; ".join(notes) + "."
                )
        aim = _Aiming()
        for i, a in enumerate(actions):
            if a.kind == "melee":
                self.melee()
            elif a.kind in FIRE_KINDS:
                if self.state.stopped:
                    self.step(f"Action {i + 1}", _src("Jams"), f"Not fired: {self.state.stopped}.")
                    continue
                self.fire(i, a, aim)
            elif a.kind == "aim":
                aim.actions += 1
                moving = " (lost: the target is moving)" if self.s.target.speed else ""
                self.step(
                    f"Action {i + 1}: aim",
                    self.t.aim.source,
                    f"Aiming, {aim.actions} action(s): +{5 * aim.actions}{moving}.",
                )
            elif a.kind == "rest":
                aim.rested = True
                self.step(f"Action {i + 1}: rest the weapon", _src("Rested Weapon"), "+5 to hit until the firer moves.")
            elif a.kind in ("move", "run", "crawl"):
                lost = [x for x, on in (("aim", aim.actions), ("rested weapon", aim.rested)) if on]
                aim.actions, aim.rested = 0, False
                self.step(
                    f"Action {i + 1}: {a.kind}",
                    _src("Actions"),
                    f"{names[i]}" + (f"; the {' and '.join(lost)} bonus is lost" if lost else "") + ".",
                )
            if a.moving != "no" and a.kind in FIRE_KINDS:
                aim.rested = False
        tek_roll, cleared = self.clear_jam() if self.state.jammed else (None, None)
        shots = self.state.shots
        on_target = [x for x in shots if x.kind != "overload"]
        hits = sum(1 for x in on_target if x.hit)
        outcome: Literal["hit", "miss", "jam"] = (
            "hit" if hits else ("jam" if self.state.jammed or self.state.overloaded else "miss")
        )
        w = s.attacker.weapon
        return RpResolution(
            attacker=s.attacker.name,
            target=s.target.name,
            weapon=w.name,
            action=", ".join(names),
            actions_spent=spent,
            outcome=outcome,
            shots=shots,
            hits=hits,
            penetrating_hits=sum(1 for x in on_target if x.penetrated),
            duck_back=self.state.duck,
            jammed=self.state.jammed,
            overloaded=self.state.overloaded,
            tek_roll=tek_roll,
            jam_cleared=cleared,
            initiative=self.state.initiative,
            rounds_fired=self.state.rounds_fired,
            rounds_left=None if w.clip is None else w.clip - self.state.rounds_fired,
            dice=[Die(purpose=d.purpose, sides=d.sides, value=d.value) for d in self.roller.records],
            steps=self.state.steps,
        )


def resolve(scenario: RpScenario, roller: Roller) -> RpResolution:
    """Resolve one round of ``scenario`` with the dice of ``roller``.

    Raises :class:`ScenarioError` for a round the rules do not allow (too many actions, a target
    that cannot be seen, a mode the weapon lacks), at the field concerned, and ``NeedDie`` when
    scripted dice run out."""
    return Wh40krpRound(scenario, roller).resolve()
