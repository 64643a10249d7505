"""Game data files (``rules/data/<system>/*.json``), validated by pydantic models at load.

Each table and entry carries its source. Loaded once per process (they are immutable).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.d100.models import LOCATIONS
from rules.d100.quality_text import parse_quality as parse_quality
from rules.d100.quality_text import quality_text as quality_text
from rules.data import read_text
from rules.errors import FieldError


class DataModel(BaseModel):
    """The base of every game-data model (each ruleset's tables): unknown keys are refused, and
    entries are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(DataModel):
    """A table with its ``source`` (seed file and section) and the reading taken (``_note``)."""

    note: str | None = Field(None, alias="_note")
    source: str


class SourcedValue(DataModel):
    """One number of the rules (``value``) with its ``source``."""

    value: int
    source: str


def load_data(system: str, name: str) -> object:
    """The JSON of ``rules/data/<system>/<name>.json``, parsed (not yet validated)."""
    return json.loads(read_text(system, f"{name}.json"))


_load = load_data


# --- actions ------------------------------------------------------------------------------------


class ActionDef(DataModel):
    """An attack action: its type, subtypes, test modifier (percent), how hits are counted."""

    name: str
    type: Literal["Half", "Full", "Reaction", "Free"]
    # the type as the book prints it where one type is not the whole story (DH2 Grapple "Half or
    # Full": an attempt is a Standard Attack, the controller's Grapple a Full Action: seed 004)
    type_words: str | None = None
    subtypes: list[str]
    kind: Literal["melee", "ranged", "any"]
    modifier: int = Field(ge=-60, le=60)
    hits: Literal["single", "per_degree", "per_two_degrees"]
    fire: Literal["single", "semi", "full", "burst"] | None = None
    cap: Literal["rof", "wsb"] | None = None
    called: bool = False
    psychic: bool = False  # a psychic attack: the Focus Power test (seed 004 L40)
    # a melee manoeuvre (DH1 / Deathwatch, rules.d100.manoeuvres): no damaging attack of its own
    manoeuvre: Literal["feint", "manoeuvre", "knock_down", "stun", "defensive_stance"] | None = None
    note: str | None = None
    source: str


class MeleeAttacks(Sourced):
    """The melee attacks the forms offer beside a melee weapon, in the order offered (``names``,
    each an action of the table): a melee weapon's fire modes (:func:`rules.d100.fire_modes.fire_modes`)."""

    names: list[str] = Field(min_length=1)


class ActionTable(DataModel):
    note: str | None = Field(None, alias="_note")
    melee_attacks: MeleeAttacks | None = None
    actions: list[ActionDef]

    @model_validator(mode="after")
    def _melee_attacks_are_actions(self) -> ActionTable:
        missing = [n for n in (self.melee_attacks.names if self.melee_attacks else []) if self.get(n) is None]
        if missing:
            raise ValueError(f"melee_attacks names no action of the table: {', '.join(missing)}")
        return self

    def get(self, name: str) -> ActionDef | None:
        return next((a for a in self.actions if a.name.lower() == name.strip().lower()), None)


@cache
def actions(system: str) -> ActionTable:
    """The attack actions of ``system``."""
    return ActionTable.model_validate(_load(system, "actions"))


# --- tables -------------------------------------------------------------------------------------


class LocationRow(DataModel):
    low: int = Field(ge=1, le=100)
    high: int = Field(ge=1, le=100)
    location: str


class HitLocationTable(DataModel):
    note: str | None = Field(None, alias="_note")
    source: str
    rows: list[LocationRow]

    @model_validator(mode="after")
    def _covers_1_to_100(self) -> HitLocationTable:
        expected = 1
        for row in self.rows:
            if row.low != expected or row.location not in LOCATIONS:
                raise ValueError(f"hit location rows must cover 1-100 in order (at {row})")
            expected = row.high + 1
        if expected != 101:
            raise ValueError("hit location rows must end at 100")
        return self

    def lookup(self, value: int) -> str:
        return next(r.location for r in self.rows if r.low <= value <= r.high)


class MultipleHitsTable(DataModel):
    note: str | None = Field(None, alias="_note")
    source: str
    rows: dict[Literal["Head", "Arm", "Body", "Leg"], list[Literal["Head", "Arm", "Body", "Leg"]]]

    @model_validator(mode="after")
    def _six_columns(self) -> MultipleHitsTable:
        for key, row in self.rows.items():
            if len(row) != 6 or row[0] != key:
                raise ValueError(f"multiple hits row {key} needs six columns starting with {key}")
        return self


class RangeBand(DataModel):
    name: str
    modifier: int
    rule: str


class RangeBands(DataModel):
    """Range bands by the distance against the weapon's range; ``point_blank``: metres."""

    note: str | None = Field(None, alias="_note")
    source: str
    point_blank: float = 2
    bands: list[RangeBand]

    def band(self, name: str) -> RangeBand:
        return next(b for b in self.bands if b.name == name)


class AimTable(DataModel):
    source: str
    half: int
    full: int


class Circumstance(DataModel):
    """A combat circumstance: its modifier (percent) to WS tests and to BS tests (null: does not
    apply to that characteristic)."""

    name: str
    ws: int | None = None
    bs: int | None = None
    note: str | None = None
    # Difficult Terrain's Dodge side (seed 003 L63, seed 001): the target's Dodge in it
    dodge: int | None = None
    # Grades of one circumstance (DH1's Difficult Terrain -10, -20, -30; seed 003 L63): rows of one
    # group are one circumstance, so an attack takes at most one of them
    group: str | None = None
    # the row's own source where it is not the table's (a harsher grade's seed line)
    source: str | None = None


class Circumstances(DataModel):
    note: str | None = Field(None, alias="_note")
    source: str
    rows: list[Circumstance]

    def get(self, name: str) -> Circumstance | None:
        return next((c for c in self.rows if c.name.lower() == name.strip().lower()), None)


class NamedModifiers(DataModel):
    """A table of names and modifiers (percent): difficulties, sizes."""

    note: str | None = Field(None, alias="_note")
    source: str
    rows: dict[str, int]

    def get(self, name: str) -> tuple[str, int] | None:
        return next(((k, v) for k, v in self.rows.items() if k.lower() == name.strip().lower()), None)


class Jams(DataModel):
    """Unmodified rolls from which a ranged attack jams: ``single`` for a single shot, ``burst``
    for semi- and full-auto (and Suppressing Fire)."""

    source: str
    single: int = Field(ge=1, le=100)
    burst: int = Field(ge=1, le=100)


class HordeSize(DataModel):
    from_: int = Field(alias="from", ge=1)
    size: str


class HordeRules(DataModel):
    """How attacks treat a Horde (Deathwatch): hits per degrees in melee, extra hits for Power Field
    and Explosive damage, the Willpower bonus per point of Magnitude against pinning, and the size a
    Horde counts as from its Magnitude."""

    note: str | None = Field(None, alias="_note")
    source: str
    melee_degrees_per_hit: int = Field(ge=1)
    power_field_hits: int = Field(ge=0)
    explosive_hits: int = Field(ge=0)
    pinning_bonus_per_magnitude: int = Field(ge=0)
    sizes: list[HordeSize]
    # Flame against a Horde (a reading: see the ruleset's Readings): no Agility test; the weapon's range in metres divided
    # by ``flame_range_per_hit`` (rounded down) plus 1d``flame_die`` hits. None: the Agility test as for one.
    flame_range_per_hit: int | None = Field(None, ge=1)
    flame_die: int = Field(5, ge=1)
    flame_source: str | None = None

    def size_for(self, magnitude: int) -> str | None:
        """The size a Horde of ``magnitude`` counts as, None below the table's first row."""
        best = None
        for row in self.sizes:
            if magnitude >= row.from_:
                best = row.size
        return best


class MoveRow(DataModel):
    ab: int = Field(ge=0)
    half: float
    full: float
    charge: float
    run: float


class MovementTable(DataModel):
    """Movement in metres per round by Agility Bonus; a Charge covers at least ``charge_minimum``."""

    note: str | None = Field(None, alias="_note")
    source: str
    rows: list[MoveRow]
    charge_minimum: float
    charge_source: str

    def row(self, ab: int) -> MoveRow:
        """The row for ``ab``; past the table the pattern (AB, 2AB, 3AB, 6AB) continues."""
        for r in self.rows:
            if r.ab == ab:
                return r
        return MoveRow(ab=ab, half=ab, full=2 * ab, charge=3 * ab, run=6 * ab)


class ChargeRule(DataModel):
    """A Charge's least length in metres, for a ruleset with no Movement table in its data (DH1,
    DH2); one with a Movement table keeps it there (``charge_minimum``)."""

    minimum: float = Field(gt=0)
    source: str


class CoverTable(DataModel):
    """Cover adds its AP to the hidden locations; the cover types are the armoury's."""

    note: str | None = Field(None, alias="_note")
    source: str


class TwoWeapon(DataModel):
    """Two-weapon fighting: the modifiers (percent) of an off-hand attack and of an attack with each
    weapon (Two-Weapon Wielder; with Ambidextrous), how far apart two weapons' targets may be
    (metres), the Action both attacks take together (``action``, Half or Full, cited in
    ``action_source``) and the attack actions each hand may make (``melee_actions``,
    ``ranged_actions``: the ruleset's action names)."""

    note: str | None = Field(None, alias="_note")

    source: str
    off_hand: int
    both: int
    ambidextrous: int
    pistols_within: float
    action: Literal["Half", "Full"] = "Full"
    action_source: str = ""
    melee_actions: list[str] = Field(default_factory=lambda: ["Standard Attack"])
    ranged_actions: list[str] = Field(default_factory=lambda: ["Standard Attack"])


# Overwatch without a pinning test (DH1, seed 003 Actions row "Overwatch")
class Overwatch(DataModel):
    """A ruleset whose Overwatch is a BS modifier only (``bs``, percent, with its ``source``): a
    shot fired from Overwatch with any ranged attack action, no pinning test on its targets (DH1:
    seed 003, Actions, Overwatch: "Shoot targets coming into a set kill zone, -20 to BS")."""

    note: str | None = Field(None, alias="_note")
    source: str
    bs: int


class SpreadHits(DataModel):
    """A burst's extra hits may go to other targets within ``metres`` of the first."""

    source: str
    metres: float


class Pinning(DataModel):
    """The Willpower test (``modifier``, percent) Suppressing Fire and Overwatch make their targets
    take, what being Pinned does, and the BS modifier of a shot fired from Overwatch."""

    note: str | None = Field(None, alias="_note")
    source: str
    modifier: int
    effect: str
    overwatch_bs: int = 0
    overwatch_source: str = ""


class DamageStates(DataModel):
    """Lightly / Heavily Damaged (damage taken over ``heavy_over_tb`` times TB), Blood Loss."""

    note: str | None = Field(None, alias="_note")

    source: str
    heavy_over_tb: int
    blood_loss: str


class CraftsmanshipRule(DataModel):
    """Craftsmanship for every weapon (``applies_to: all``): to-hit modifiers (percent), Best's
    extra damage, and whether a Poor ranged weapon jams on any failed roll."""

    note: str | None = Field(None, alias="_note")

    source: str
    applies_to: Literal["all"]
    poor: int
    good: int
    best: int
    best_damage: int
    poor_jams_on_failure: bool


class Tables(DataModel):
    """A d100 ruleset's tables. The optional sections are rules only some rulesets have (Deathwatch:
    hordes, movement, cover, two-weapon fighting, spreading a burst's hits, pinning, damage states,
    craftsmanship for every weapon); a scenario that asks for one its ruleset lacks is refused."""

    hit_locations: HitLocationTable
    multiple_hits: MultipleHitsTable
    range_bands: RangeBands
    aim: AimTable
    critical_tables: dict[str, str]
    jams: Jams
    sizes: NamedModifiers
    difficulties: NamedModifiers
    circumstances: Circumstances
    hordes: HordeRules | None = None
    movement: MovementTable | None = None
    cover: CoverTable | None = None
    two_weapon: TwoWeapon | None = None
    spread_hits: SpreadHits | None = None
    pinning: Pinning | None = None
    overwatch: Overwatch | None = None  # Overwatch without pinning (DH1)
    damage_states: DamageStates | None = None
    craftsmanship: CraftsmanshipRule | None = None
    # Charge's 4 m (seed 003 L26, DH2 Core): where there is no Movement table
    charge: ChargeRule | None = None

    def charge_minimum(self) -> tuple[float, str] | None:
        """A Charge's least length in metres and its source, or None where the ruleset has none."""
        if self.movement is not None:
            return self.movement.charge_minimum, self.movement.charge_source
        return (self.charge.minimum, self.charge.source) if self.charge is not None else None


@cache
def tables(system: str) -> Tables:
    """The d100-family tables of ``system``: hit locations, multiple hits, range bands, aim."""
    return Tables.model_validate(_load(system, "tables"))


# --- qualities ----------------------------------------------------------------------------------


class TestSpec(DataModel):
    """A test a quality makes the struck target take. The modifier (percent) is
    ``base + per_x * X + per_degree * DoS + per_wound * wounds + per_armour * AP``; ``when``: on every
    ``hit``, or only a hit that dealt ``damage`` (at least one wound after armour and TB)."""

    characteristic: Literal["T", "Ag", "WP", "S"]
    when: Literal["hit", "damage"] = "hit"
    base: int = 0
    per_x: int = 0
    per_degree: int = 0
    per_wound: int = 0
    per_armour: int = 0
    fail_d10: int = Field(0, ge=0, le=5)  # d10s of damage a failure deals at once, ignoring armour and TB
    effect: str


class QualityDef(DataModel):
    """A weapon quality of one ruleset: whether it takes a value (``Blast (3)``), the ruleset's own
    reading of it in ``params`` (``{"mode": "extra_die_drop_lowest"}``), the test it makes the
    target take, a summary in Auspex's words (shown in the step log) and its source."""

    name: str
    takes_value: bool = False
    params: dict[str, int | str] = Field(default_factory=dict)
    test: TestSpec | None = None
    gm: bool = False  # the effect is the GM's to apply (no number Auspex can resolve)
    summary: str
    source: str


class QualityTable(DataModel):
    note: str | None = Field(None, alias="_note")
    source: str
    qualities: list[QualityDef]

    def get(self, name: str) -> QualityDef | None:
        key = name.lower().replace("-", " ")
        return next((q for q in self.qualities if q.name.lower().replace("-", " ") == key), None)


@cache
def qualities(system: str) -> QualityTable:
    """The weapon qualities ``system`` knows."""
    return QualityTable.model_validate(_load(system, "qualities"))


def check_qualities(
    system: str, ruleset: str, texts: list[str], where: str = "attacker.weapon.qualities"
) -> tuple[dict[str, int | None], list[FieldError]]:
    """Check a weapon's qualities against ``system``'s table.

    Returns the canonical names found with their values (``{"Tearing": None, "Proven": 3}``) and a
    :class:`FieldError` at ``where.N`` for each one that is malformed, unknown to the ruleset (the
    message names ``ruleset``), missing its value (``Proven`` without ``(3)``) or given one it does
    not take."""
    known = qualities(system)
    seen: dict[str, int | None] = {}
    errors: list[FieldError] = []
    for i, text in enumerate(texts):
        at = f"{where}.{i}"
        try:
            name, value = parse_quality(text)
        except ValueError as exc:
            errors.append(FieldError(at, str(exc)))
            continue
        q = known.get(name)
        if q is None:
            errors.append(FieldError(at, f"'{name}' is not a {ruleset} weapon quality"))
        elif q.takes_value and value is None:
            errors.append(FieldError(at, f"{q.name} takes a value, e.g. {q.name} (2)"))
        elif not q.takes_value and value is not None:
            errors.append(FieldError(at, f"{q.name} takes no value"))
        else:
            seen[q.name] = value
    return seen, errors
