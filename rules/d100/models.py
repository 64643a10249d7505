"""The scenario (what the forms and the CLI send) and the resolution (what the engine returns).

Both are public interfaces: players save scenarios and share links, so fields are added, never
renamed or dropped without a migration. Every number is in the units the books use: characteristics
and test targets in percent (0-100), distances and ranges in metres, clips in rounds.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from rules import limits
from rules.critical.models import CriticalReading, CriticalTable, PerilsTable, PhenomenaTable, PsychicReading
from rules.d100.quality_text import parse_quality, quality_text
from rules.dice import DiceExpression

LOCATIONS: tuple[str, ...] = ("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg")
Location = Literal["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"]

DAMAGE_TYPES = {"E": "Energy", "I": "Impact", "R": "Rending", "X": "Explosive"}
WEAPON_CLASSES = ("Melee", "Unarmed", "Pistol", "Basic", "Heavy", "Thrown", "Mounted")
MELEE_CLASSES = ("Melee", "Unarmed")

Percent = Annotated[int, Field(ge=0, le=100, description="a characteristic, 0-100")]
SizeName = Literal[
    "Miniscule", "Puny", "Scrawny", "Average", "Hulking", "Enormous", "Massive", "Immense", "Monumental", "Titanic"
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


class _OmitUnset(_Model):
    """A model whose optional fields added later (``OMIT_NONE``) are left out of its JSON while they
    are None, so every file and answer written before them reads the same (the golden corpus)."""

    OMIT_NONE: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _omit_none(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            for name in self.OMIT_NONE:
                if data.get(name, 0) is None:
                    del data[name]
        return data


# ----------------------------------------------------------------------------------------------
# The dice and the seed, shared by every ruleset's scenario (and the tracker's initiative)

MAX_SEED = 2**53 - 1
"""The largest seed: 9,007,199,254,740,991, the largest whole number a browser's numbers hold
exactly (``Number.MAX_SAFE_INTEGER``). A larger one typed in the page would be rounded before the
engine saw it (9007199254740993 arrives as ...992), so the engine refuses it rather than replay a
seed the player did not type."""

MAX_DICE = 1_000_000
"""The most dice a scenario may list. No legal attack needs more, in any ruleset, because no
scenario that fits :data:`rules.jsonsafe.MAX_BYTES` (2 MB) can list more (a die takes at least
two characters, ``1,``): the cap is the JSON size limit's, not a guess at an attack's need. The
largest needs measured (``tests/unit/shared/test_dice_and_seed.py``) are far below it: a DH1 Blast on
50 others asks for 620 dice, an Epic formation of 30 units of 12 weapons of 20 each more than
13,000; the old caps (500; Epic 2,000) asked for a die and then refused it."""


def _shown(value: object) -> str:
    """A value as the player wrote it in JSON (``true``, ``"1"``, ``4.0``), cut short."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):  # not JSON's, or an int too long to print
        text = type(value).__name__
    return text if len(text) <= 20 else text[:19] + "\u2026"


def _whole_die(value: object) -> object:
    """A die as given: a whole number only (no ``true``, no ``"1"``, not even ``4.0``); its
    range is the die's, checked when the engine asks for it (:class:`rules.dice.ScriptedDice`)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"A die is a whole number, the face it showed (like 4), not {_shown(value)}")
    return value


def _seed_in_range(value: object) -> object:
    """A seed: a whole number from 0 to :data:`MAX_SEED`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise ValueError(
            f"A seed is a whole number from 0 to {MAX_SEED} (the largest a browser holds exactly), not {_shown(value)}"
        )
    return value


DieFace = Annotated[int, BeforeValidator(_whole_die)]
"""One die given by hand: an int, strictly (the message at ``dice.N`` says what was given)."""
Seed = Annotated[int, Field(ge=0, le=MAX_SEED), BeforeValidator(_seed_in_range)]
"""A seed for the engine's own dice: an int, strictly, 0 to :data:`MAX_SEED`."""


class Characteristics(_Model):
    """The attacker's characteristics (0-100). WS and BS are tested; S gives SB for melee damage."""

    WS: Percent = 30
    BS: Percent = 30
    S: Percent = 30
    T: Percent = 30
    Ag: Percent = 30
    Int: Percent | None = None
    Per: Percent | None = None
    WP: Percent | None = None
    Fel: Percent | None = None

    @property
    def SB(self) -> int:
        """Strength bonus: the tens digit of S."""
        return self.S // 10

    @property
    def WSB(self) -> int:
        """Weapon Skill bonus: the tens digit of WS."""
        return self.WS // 10


def _split_qualities(v: object) -> object:
    """Accept ``"Reliable, Tearing"`` as typed in a form as well as a list (a text longer than
    :data:`rules.limits.QUALITIES_TEXT_LENGTH` is refused before it is split)."""
    if isinstance(v, str):
        if len(v) > limits.QUALITIES_TEXT_LENGTH:
            raise ValueError(f"Too long (at most {limits.QUALITIES_TEXT_LENGTH} characters)")
        return [q.strip() for q in v.split(",") if q.strip()]
    return v


def _quality_value(text: str) -> str:
    """Read ``Proven 3`` as the book writes it, ``Proven (3)`` (:func:`rules.d100.tables.quality_text`). Refuse a quality whose X is over :data:`rules.limits.QUALITY_VALUE` (``Blast (30000)``) at
    the model, before any rule multiplies by it; a malformed or unknown quality is left to the
    ruleset's check (:func:`rules.d100.tables.check_qualities`), which names the ruleset."""
    try:
        parse_quality(text)
    except ValueError as exc:
        if "X is at most" in str(exc):
            raise
    return quality_text(text)


QualityText = Annotated[str, Field(max_length=limits.QUALITY_LENGTH), AfterValidator(_quality_value)]
"""One quality as typed: at most :data:`rules.limits.QUALITY_LENGTH` characters, X bounded."""


MELEE_ROF_DASHES = ("", "-", "\u2013", "\u2014")
"""A melee weapon's RoF as the books leave it: blank or a dash (hyphen, en dash, em dash)."""

_ROF = re.compile(r"(S|-)/(\d+|-)/(\d+|-)")


class RateOfFire(_Model):
    """RoF as the books write it, ``single/semi/full``: ``S/3/-`` fires single shots and
    three-round semi-auto bursts but no full auto."""

    single: bool
    semi: int | None
    full: int | None

    @classmethod
    def parse(cls, text: str) -> RateOfFire:
        """Parse ``S/3/-``; raises ValueError for anything else, or a burst over :data:`rules.limits.ROF`."""
        m = _ROF.fullmatch(text.replace(" ", ""))
        if not m:
            raise ValueError(f"'{limits.shown(text)}' is not a rate of fire like S/3/- or -/-/10 (single/semi/full)")
        if any(len(g) > 4 or (g != "-" and int(g) > limits.ROF) for g in m.groups()[1:]):
            raise ValueError(f"'{limits.shown(text)}': a burst is at most {limits.ROF} rounds")
        semi = None if m.group(2) == "-" else int(m.group(2))
        full = None if m.group(3) == "-" else int(m.group(3))
        if semi == 0 or full == 0:
            raise ValueError(f"'{limits.shown(text)}': a burst of 0 rounds is written '-'")
        return cls(single=m.group(1) == "S", semi=semi, full=full)

    def format(self) -> str:
        return "/".join(["S" if self.single else "-", str(self.semi or "-"), str(self.full or "-")])


class Weapon(_Model):
    """A weapon profile as the books print it.

    ``range`` is in metres (0 for melee), ``clip`` the rounds loaded now (0 for melee),
    ``damage`` a dice expression (``1d10+3``), ``damage_type`` one of E, I, R, X.
    Qualities are names as printed (``Tearing``, ``Proven (3)``); which exist depends on the system.
    ``Mounted``: fixed to a vehicle or a suit (Terminator armour): always braced, never one-handed.
    ``reload``: the book's Rld (``Full``, ``2 Full``, ``Half``), shown only. ``sb_multiplier``: how
    many times the wielder's SB a melee weapon adds (2 for a Power Fist or Chainfist, seed 001).
    """

    name: str = Field("Weapon", max_length=limits.NAME_LENGTH)
    weapon_class: Literal["Melee", "Unarmed", "Pistol", "Basic", "Heavy", "Thrown", "Mounted"] = Field(
        "Basic", alias="class"
    )
    range: float = Field(0, ge=0, le=100000, description="metres")
    rof: str = Field("S/-/-", max_length=limits.ROF_LENGTH, description="single/semi/full, e.g. S/3/-")
    damage: str = Field("1d10", max_length=limits.DAMAGE_LENGTH, description="dice expression, e.g. 1d10+3")
    damage_type: Literal["E", "I", "R", "X"] = "I"
    pen: int = Field(0, ge=0, le=100)
    clip: int = Field(0, ge=0, le=limits.CLIP, description="rounds loaded now")
    qualities: list[QualityText] = Field(default_factory=list, max_length=limits.QUALITIES)
    craftsmanship: Literal["Poor", "Common", "Good", "Best"] = "Common"
    trained: bool = Field(True, description="the wielder has the weapon's Weapon Training talent")
    reload: str | None = Field(None, max_length=20, description="Rld as printed: Half, Full, 2 Full")
    sb_multiplier: int = Field(1, ge=1, le=3, description="times SB added to melee damage (Power Fist: 2)")

    @field_validator("damage_type", mode="before")
    @classmethod
    def _damage_type(cls, v: object) -> object:
        if isinstance(v, str):
            s = v.strip()
            for letter, word in DAMAGE_TYPES.items():
                if s.upper() == letter or s.lower() == word.lower():
                    return letter
            raise ValueError(
                f"'{limits.shown(v)}' is not a damage type: use E (Energy), I (Impact), R (Rending) or X (Explosive)"
            )
        return v

    @field_validator("damage")
    @classmethod
    def _damage(cls, v: str) -> str:
        return DiceExpression.parse(v).format()

    @field_validator("rof", mode="before")
    @classmethod
    def _rof(cls, v: object, info: ValidationInfo) -> object:
        """A Melee or Unarmed weapon's RoF left blank or printed as a dash (hyphen, en dash or em dash, as the
        books' Melee Weapons tables print it) is S/-/-: a melee attack fires no shots."""
        if isinstance(v, str) and info.data.get("weapon_class") in MELEE_CLASSES and v.strip() in MELEE_ROF_DASHES:
            return "S/-/-"
        return v

    @field_validator("rof")
    @classmethod
    def _rof_parsed(cls, v: str) -> str:
        return RateOfFire.parse(v).format()

    @field_validator("qualities", mode="before")
    @classmethod
    def _qualities(cls, v: object) -> object:
        return _split_qualities(v)

    @property
    def dice(self) -> DiceExpression:
        return DiceExpression.parse(self.damage)

    @property
    def rate_of_fire(self) -> RateOfFire:
        return RateOfFire.parse(self.rof)

    @property
    def is_melee(self) -> bool:
        return self.weapon_class in MELEE_CLASSES


class Attacker(_OmitUnset):
    """Who attacks: name, characteristics, the weapon in hand, and a psyker's psy rating (for
    Force weapons; 0 for a non-psyker)."""

    name: str = Field("Attacker", max_length=limits.NAME_LENGTH)
    characteristics: Characteristics = Field(default_factory=Characteristics)
    weapon: Weapon = Field(default_factory=Weapon)
    psy_rating: int = Field(0, ge=0, le=20)
    strength_bonus: int | None = Field(
        None, ge=0, le=40, description="SB with Unnatural Strength counted (blank: the tens digit of S)"
    )
    OMIT_NONE: ClassVar[tuple[str, ...]] = ("second_weapon", "size")
    # Two-weapon fighting (seed 004, Two-Weapon Fighting): the weapon in the other hand, used when
    # action.two_weapon is "both" (then both attacks are resolved, this one second).
    second_weapon: Weapon | None = Field(
        None, description="the weapon in the other hand: with action.two_weapon 'both', its attack is resolved second"
    )
    # Grappling Size Differences (seed 004): the attacker's Size trait; blank counts as Average.
    size: SizeName | None = Field(None, description="the attacker's size (Grappling Size Differences); blank: Average")
    # Righteous Fury for Player Characters and NPCs (seed 004 L76): a Troop NPC attacker
    troop: bool = Field(False, description="a Troop NPC: inflicts no Righteous Fury on a player character")

    @property
    def SB(self) -> int:
        """The SB melee damage adds: ``strength_bonus`` when given, else the tens digit of S."""
        return self.characteristics.SB if self.strength_bonus is None else self.strength_bonus


class Evasion(_Model):
    """An Evasion reaction the target makes when hit: Dodge (Agility-based) or Parry (WS-based).
    ``skill`` is the tested value (characteristic plus skill advances), ``modifier`` any bonus."""

    reaction: Literal["Dodge", "Parry"] = "Dodge"
    skill: Percent = 30
    modifier: int = Field(0, ge=-60, le=60)
    qualities: list[QualityText] = Field(
        default_factory=list,
        max_length=limits.QUALITIES,
        description="the parrying weapon's qualities (Balanced, Unwieldy...)",
    )

    @field_validator("qualities", mode="before")
    @classmethod
    def _qualities(cls, v: object) -> object:
        return _split_qualities(v)


class TargetCharacteristics(_OmitUnset):
    """The target's characteristics that weapon qualities test (0-100): Toughness (Toxic, Shocking,
    Concussive), Agility (Flame, Spray, Snare), Willpower, Strength (Concussive knocks down past SB).
    Left out (null), the step log names the test and leaves it to the GM. ``WS``: its Weapon Skill,
    for the opposed WS tests of a Feint or a Manoeuvre (DH1, Deathwatch; left out of the JSON while
    null)."""

    T: Percent | None = None
    Ag: Percent | None = None
    WP: Percent | None = None
    S: Percent | None = None
    # Feint and Manoeuvre (seed 003, Actions; seed 001, Combat Actions): the opponent's WS
    OMIT_NONE: ClassVar[tuple[str, ...]] = ("WS",)
    WS: Percent | None = None


SIZES = (
    "Miniscule",
    "Puny",
    "Scrawny",
    "Average",
    "Hulking",
    "Enormous",
    "Massive",
    "Immense",
    "Monumental",
    "Titanic",
)


class Horde(_Model):
    """A Horde (Deathwatch): many foes fought as one, with a ``magnitude`` (1-1000) in place of
    wounds and one ``armour`` value (AP) for every hit, with no hit locations (seed 001, Hordes).
    The target's TB and characteristics are those of the creatures it is made of."""

    magnitude: int = Field(30, ge=1, le=limits.MAGNITUDE)
    armour: int = Field(0, ge=0, le=50)


def all_locations() -> list[Location]:
    """The six hit locations in the order of the hit location table (seed 004, Hit Locations)."""
    return ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"]


class Cover(_Model):
    """Cover between the shooter and the target: its AP (Deathwatch cover types: 4, 8, 16, 32) is
    added to the armour of the ``locations`` it hides (default: every location)."""

    name: str | None = Field(None, max_length=limits.LABEL_LENGTH)
    ap: int = Field(..., ge=0, le=64)
    locations: list[Location] = Field(default_factory=lambda: all_locations(), max_length=6)


class _Creature(_Model):
    """What every foe struck has: name, TB, wounds, damage already taken, armour points by
    location, and whether it is a Troop NPC."""

    name: str = Field("Other", max_length=limits.NAME_LENGTH)
    toughness_bonus: int = Field(3, ge=0, le=30)
    wounds: int = Field(10, ge=1, le=1000)
    damage_taken: int = Field(0, ge=0, le=2000)
    armour: dict[Location, Annotated[int, Field(ge=0, le=50)]] = Field(default_factory=dict)
    troop: bool = False
    # Righteous Fury for Player Characters and NPCs (seed 004 L76): a player character
    player: bool = Field(False, description="a player character: a Troop attacker inflicts no Righteous Fury on it")

    def armour_at(self, location: str) -> int:
        """AP at ``location`` (0 where none is given)."""
        return int(self.armour.get(location, 0))  # type: ignore[call-overload]


FATIGUE_LEVELS = 100
"""The most levels of Fatigue a scenario may give a creature (more than its TB leaves it unconscious)."""


class NearbyTarget(_Creature, _OmitUnset):
    """Another foe within 2 metres of the target (Deathwatch): a Semi- or Full Auto Burst may put
    ``hits`` of its extra hits on it instead of the target. Its own TB, wounds, damage taken and
    armour by location.

    In Suppressing Fire's area (``action.random_targets``) it tests Willpower against pinning as the
    target does (seed 001, Suppressive Fire: "Targets within this area must make a Hard (-20)
    Willpower Test or become Pinned"): ``characteristics.WP`` (0-100; left out, the GM rolls that
    test; only WP is read) and ``fatigue``, its levels of Fatigue (any level: -10 to the test, seed
    001, Fatigue). Both are left out of the JSON while null."""

    hits: int = Field(1, ge=0, le=100, description="extra hits of the burst moved onto this foe")
    OMIT_NONE: ClassVar[tuple[str, ...]] = ("characteristics", "fatigue")
    characteristics: TargetCharacteristics | None = None
    fatigue: int | None = Field(None, ge=0, le=FATIGUE_LEVELS, description="levels of Fatigue: -10 to its tests")


class Target(_Creature, _OmitUnset):
    """Who is attacked: TB, wounds, damage already taken, armour points by location.

    ``damage_taken`` may exceed ``wounds``: the excess is Critical damage already suffered.
    ``troop``: a low-level NPC, slain by Righteous Fury instead of rolling a critical effect.
    ``armed``: holds a Melee or Pistol weapon (an unarmed attacker suffers -20 against it).
    ``unnatural_toughness``: how much of ``toughness_bonus`` comes from Unnatural Toughness (Felling
    ignores it). ``primitive_armour``: the armour has the Primitive quality. ``size``: the size
    category (a modifier to hit it). ``others_in_blast``: how many others, with this same profile,
    stand within a Blast weapon's radius of the target. ``horde``: the target is a Horde (then
    ``wounds`` and ``armour`` are not used). ``cover``: cover AP on the hidden locations.
    ``nearby``: other foes within 2 m that a burst's extra hits may go to (Deathwatch).
    ``fatigue``: its levels of Fatigue (0-100; left out of the JSON while null): any level is -10
    to the tests the attack rolls for it, the pinning test and the weapon qualities' tests (seed 001,
    Fatigue: "Fatigued characters -10 all Tests"; seed 003: "Fatigued | All tests -10"; DH2 Core,
    Ch. VII, Fatigue). Its Reaction's ``evasion.modifier`` is not changed: the Fatigue's -10 there is
    typed (the encounter puts it there), so it is never counted twice.
    """

    name: str = Field("Target", max_length=limits.NAME_LENGTH)
    evasion: Evasion | None = None
    armed: bool = True
    characteristics: TargetCharacteristics = Field(default_factory=TargetCharacteristics)
    unnatural_toughness: int = Field(0, ge=0, le=30)
    primitive_armour: bool = False
    size: SizeName = "Average"
    others_in_blast: int = Field(0, ge=0, le=limits.OTHERS_IN_BLAST)
    horde: Horde | None = None
    cover: Cover | None = None
    nearby: list[NearbyTarget] = Field(default_factory=list, max_length=limits.NEARBY_FOES)
    OMIT_NONE: ClassVar[tuple[str, ...]] = ("fatigue",)
    fatigue: int | None = Field(None, ge=0, le=FATIGUE_LEVELS, description="levels of Fatigue: -10 to its tests")

    def armour_at(self, location: str) -> int:
        """AP at ``location``: the Horde's single value, or the location's; cover adds its AP."""
        base = self.horde.armour if self.horde is not None else int(self.armour.get(location, 0))  # type: ignore[call-overload]
        if self.cover is not None and (self.horde is not None or location in self.cover.locations):
            base += self.cover.ap
        return base


class Modifier(_Model):
    """A labelled bonus or penalty to the test, in percent (``{"label": "Fog", "value": -20}``);
    ``source``: where its rule is written, when it is not typed by hand (an encounter's condition
    gives one; left out, the resolution says "extra modifier")."""

    label: str = Field(..., min_length=1, max_length=limits.LABEL_LENGTH)
    value: int = Field(..., ge=-100, le=100)
    source: str | None = Field(None, max_length=200)


class SecondAction(_Model):
    """The second weapon's attack in two-weapon fighting (``action.second_action``): its action
    (by book name; left out, the first attack's when the second weapon can make it, else Standard
    Attack), Suppressing Fire's fire mode, a Basic weapon fired in one hand, the distance to its
    target in metres (left out: the first attack's), a Called Shot's location. Everything else
    (circumstances, difficulty, extra modifiers) is the first attack's."""

    action_type: str | None = Field(None, alias="type", max_length=limits.LABEL_LENGTH)
    fire_mode: Literal["semi", "full"] | None = None
    one_handed: bool = False
    distance: float | None = Field(None, ge=0, le=100000, description="metres")
    called_location: Location | None = None


# --- Grappling (seed 004, Grappling, Grapple Action, Grappled Target Options) -------------------
GRAPPLE_CONTROLLER_OPTIONS = ("damage", "throw", "push", "ready", "stand", "use_item", "end")
GRAPPLE_TARGET_OPTIONS = ("break_free", "slip_free", "take_control")
GrappleOption = Literal[
    "attempt", "damage", "throw", "push", "ready", "stand", "use_item", "end", "break_free", "slip_free", "take_control"
]
ControllerOption = Literal["damage", "throw", "push", "ready", "stand", "use_item", "end"]


class Grapple(_Model):
    """The Grapple action's choice (``action.type: "Grapple"``), seed 004, Grappling.

    ``option``: ``attempt`` (start a grapple: a WS test as a Standard Attack, or as a Charge with
    ``charge``); the controller's options ``damage``, ``throw``, ``push``, ``ready``, ``stand``,
    ``use_item``, ``end`` (the attacker controls the grapple); the grappled target's options
    ``break_free``, ``slip_free``, ``take_control`` (the target controls it), with ``then`` the
    controller option taken at once after Take Control. ``assist_attacker`` / ``assist_target``:
    helpers lending Assistance to each side (0-2, +10 each on the opposed tests that allow it).
    ``opponent_prone``: the grappled opponent lies Prone from the controller's Throw Down (+10 to the
    controller's opposed tests). ``acrobatics``: the attacker's Acrobatics for Slip Free (blank: Ag).
    ``opponent_modifiers``: the target's own modifiers on its side of the opposed tests (its
    Fatigue, its being Stunned: what ``action.modifiers`` are to the attacker); an opposed option only."""

    option: GrappleOption = "attempt"
    charge: bool = False
    then: ControllerOption | None = None
    assist_attacker: int = Field(0, ge=0, le=2)
    assist_target: int = Field(0, ge=0, le=2)
    opponent_prone: bool = False
    acrobatics: Percent | None = None
    # Grappling, the grappled opponent's own state: on its side of the
    # grapple's opposed tests (the encounter fills it: Fatigued, Stunned); typed, like action.modifiers
    opponent_modifiers: list[Modifier] = Field(default_factory=list, max_length=limits.MODIFIERS)


# Psychic attacks (seed 004 L40; DH2 Core, Ch. VI, Focus Power)
class PsychicFocus(_Model):
    """The Focus Power test of a psychic attack, as the power names it: the ``power``'s name, the
    ``characteristic`` tested (WP unless the power says otherwise) and its ``modifier`` (percent,
    the power's difficulty and any bonus from the psy rating used, as the player reads them), and
    the ``strength`` it is used at (Fettered, Unfettered, Push: whether Psychic Phenomena follow)."""

    power: str = Field("Psychic power", max_length=limits.NAME_LENGTH)
    characteristic: Literal["WS", "BS", "S", "T", "Ag", "Int", "Per", "WP", "Fel"] = "WP"
    modifier: int = Field(0, ge=-60, le=60)
    strength: Literal["Fettered", "Unfettered", "Push"] = "Unfettered"


class Action(_OmitUnset):
    """What the attacker does: the action (by its book name), distance to the target in metres,
    aim taken before (none, half, full), the location named by a Called Shot, the fire mode of
    Suppressing Fire (semi or full), and any labelled extra modifiers.

    ``circumstances``: names from the ruleset's combat circumstances table (``Darkness``,
    ``Stunned Targets``), each applying its WS or BS modifier; ``difficulty``: a test difficulty
    set by the GM (``Hard``). ``braced``: a Heavy weapon is braced (unbraced: a penalty and no
    bursts). ``one_handed``: a Basic weapon fired in one hand. ``engaged``: the attacker is engaged
    in melee with the target (only a Pistol may then shoot). ``maximal``: fire a Maximal weapon on
    its maximal setting. ``helpless``: the target is helpless (the ruleset's Helpless Targets: see
    :attr:`rules.d100.attack.D100Attack.HELPLESS_MELEE_ONLY`). ``unaware_chance``: the attacker
    cannot see the target (Spray and Pray): the GM's percentage chance, 1-100, that the attack
    proceeds, checked with the GM's d100 before the test. ``psychic``: the Focus Power test of a
    ``Psychic Attack`` (:class:`PsychicFocus`; the default one when left out)."""

    action_type: str = Field("Standard Attack", alias="type", max_length=limits.LABEL_LENGTH)
    distance: float = Field(10, ge=0, le=100000, description="metres")
    aim: Literal["none", "half", "full"] = "none"
    called_location: Location | None = None
    fire_mode: Literal["semi", "full"] | None = None
    modifiers: list[Modifier] = Field(default_factory=list, max_length=limits.MODIFIERS)
    circumstances: list[Annotated[str, Field(max_length=limits.LABEL_LENGTH)]] = Field(
        default_factory=list, max_length=limits.MODIFIERS
    )
    difficulty: str | None = Field(None, max_length=30)
    braced: bool = True
    one_handed: bool = False
    engaged: bool = False
    maximal: bool = False
    two_weapon: Literal["none", "off_hand", "both"] = Field(
        "none", description="off_hand: a single attack with the off-hand weapon; both: one of two attacks, one per hand"
    )
    ambidextrous: bool = False
    # Two-weapon fighting, both attacks in one resolution (seed 004, Two-Weapon Fighting): the
    # second weapon's action, its target (default: the same), how far apart the two targets stand,
    # and the attacker's Two-Weapon Wielder talents. Used only with attacker.second_weapon.
    second_action: SecondAction | None = None
    second_target: Target | None = None
    targets_apart: float = Field(0, ge=0, le=100000, description="metres between the two targets")
    two_weapon_wielder: list[Literal["Melee", "Ballistic"]] = Field(
        default_factory=list, max_length=2, description="the Two-Weapon Wielder talents held (Melee, Ballistic)"
    )
    overwatch: bool = Field(False, description="the burst is fired from Overwatch: its targets test against pinning")
    helpless: bool = Field(
        False,
        description="the target is helpless (asleep, unconscious, bound, snared): a melee attack succeeds "
        "automatically and rolls its damage twice; the target makes no Reaction",
    )
    # Spray and Pray (seed 004 L32): the attacker cannot see the target; the GM's chance of hitting
    unaware_chance: int | None = Field(
        None, ge=1, le=100, strict=True, description="Spray and Pray: the GM's chance (1-100) the attack proceeds"
    )
    # Psychic attacks (seed 004 L40): the Focus Power test of a "Psychic Attack"
    psychic: PsychicFocus | None = None

    # Grappling (seed 004): the option of a Grapple action; only with ``type: "Grapple"``.
    OMIT_NONE: ClassVar[tuple[str, ...]] = (
        "second_action",
        "second_target",
        "unaware_chance",
        "psychic",
        "grapple",
        "random_targets",
        "manoeuvre_opponent_modifiers",
        "talent",
    )
    grapple: Grapple | None = None
    # Suppressing Fire's random targets (seed 001, Suppressing Fire: "GM assigns hit to
    # random target"): each hit to a die-chosen one of the target and those in target.nearby
    random_targets: bool | None = Field(
        None, description="Suppressing Fire: each hit to a random one of the target and those listed nearby"
    )
    # Melee manoeuvres (DH1 / Deathwatch: Feint, Manoeuvre, Knock-Down): the opponent's own modifiers
    # on its side of the opposed test (its Fatigue, ...; the encounter fills it), as ``modifiers``
    manoeuvre_opponent_modifiers: list[Modifier] | None = Field(None, max_length=limits.MODIFIERS)
    # Multiple Attacks (seed 003 L33, DH1 Core / DW Core, Swift Attack and Lightning Attack): the
    # talent a "Multiple Attacks" action uses (two or three melee attacks, each its own test); left out, the
    # action is one attack (as a Deathwatch "Multiple Attacks" always was). Only with that action.
    talent: Literal["Swift Attack", "Lightning Attack"] | None = Field(
        None, description="Multiple Attacks: the talent used (Swift Attack: two attacks; Lightning Attack: three)"
    )


# Table rules: the options seed 004 leaves to the group (Stray Shots; Righteous Fury for
# Player Characters and NPCs), one set per scenario or per encounter.
class TableOptions(_Model):
    """The rules the seed leaves to the GM and the players, all off by default (the results are
    then those of the rules as printed). ``stray_shots``: a ranged miss by one degree of failure
    into a melee hits another combatant engaged in it, and a burst into a melee spreads its hits
    over those engaged (seed 004, Stray Shots). ``all_npcs_fury``: every NPC, Troops included,
    inflicts Righteous Fury (seed 004, Righteous Fury for Player Characters and NPCs).
    ``gm_scatters``: a Blast weapon's missed round is placed by the GM, not rolled on the Scatter
    Diagram."""

    stray_shots: bool = False
    all_npcs_fury: bool = False
    # A Blast weapon's miss: the GM places the round where it landed instead of the Scatter
    # Diagram's roll (no dice drawn; the step says so)
    gm_scatters: bool = False


FateTestName = Literal[
    "attack", "fury confirmation", "evasion", "opposed attacker", "opposed target", "pinning", "target test"
]
"""The tests a Fate point may re-roll in one attack (:data:`rules.d100.fate.TESTS`)."""


class Scenario(_Model):
    """One attack to resolve: system, attacker, target, action, and the dice.

    ``dice``: the dice rolled by hand, in the order the engine asks for them (d100 as 1-100).
    ``seed``: roll for me with this seed. With neither, the CLI picks a seed and reports it.
    """

    version: Literal[1] = 1
    system: Literal["dh2", "dh1", "dw"] = "dh2"
    attacker: Attacker = Field(default_factory=Attacker)
    target: Target = Field(default_factory=Target)
    action: Action = Field(default_factory=Action)
    dice: list[DieFace] | None = Field(None, max_length=MAX_DICE)
    seed: Seed | None = None
    options: TableOptions = Field(default_factory=TableOptions)  # table rules
    # The group's critical tables: the Critical Effects tables a group entered, read when
    # a hit's row is known (DH2 Righteous Fury's d5; critical damage's running total). Only the
    # scenario's own ruleset's; left out of the JSON while empty, so every saved file reads the same.
    critical_tables: list[CriticalTable] = Field(default_factory=list, max_length=16)
    # The group's Psychic Phenomena and Perils of the Warp tables (rules.critical.psychic): read
    # where a Focus Power test calls for Phenomena (rules.d100.stages.psychic). Only the
    # scenario's own ruleset's; left out of the JSON while None.
    phenomena: PhenomenaTable | None = None
    perils: PerilsTable | None = None
    # Fate points (rules.d100.fate): the one test of this attack re-rolled with a Fate point, the
    # new roll standing; left out of the JSON while None
    fate_reroll: FateTestName | None = Field(
        None, description="the test re-rolled with a Fate point: its d100 set aside, a new one standing"
    )
    # A mob's volley (rules.d100.volley): this many identical attackers make the attack in turn at
    # the one target; left out (or 1): one attacker, as before
    count: int | None = Field(
        None, ge=1, le=20, description="how many identical attackers make the attack, in turn (x N attackers)"
    )

    @model_validator(mode="after")
    def _one_dice_source(self) -> Scenario:
        if self.dice is not None and self.seed is not None:
            raise ValueError("give either dice (rolled by hand) or a seed (roll for me), not both")
        return self

    @model_validator(mode="after")
    def _own_tables(self) -> Scenario:
        """A critical table of another ruleset is refused at its ``critical_tables.N.system``."""
        wrong = [
            InitErrorDetails(
                type=PydanticCustomError(
                    "other_ruleset",
                    "A {found} table: this attack is {system}, and reads only {system} tables",
                    {"found": t.system, "system": self.system},
                ),
                loc=("critical_tables", n, "system"),
                input=t.system,
            )
            for n, t in enumerate(self.critical_tables)
            if t.system != self.system
        ] + [
            InitErrorDetails(
                type=PydanticCustomError(
                    "other_ruleset",
                    "A {found} table: this attack is {system}, and reads only {system} tables",
                    {"found": t.system, "system": self.system},
                ),
                loc=(key, "system"),
                input=t.system,
            )
            for key, t in (("phenomena", self.phenomena), ("perils", self.perils))
            if t is not None and t.system != self.system
        ]
        if wrong:  # raised as a ValidationError so each error keeps its own field
            raise ValidationError.from_exception_data(type(self).__name__, wrong)
        return self

    @model_serializer(mode="wrap")
    def _omit_no_tables(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and not data.get("critical_tables", True):
            del data["critical_tables"]
        for key in ("phenomena", "perils"):  # the psychic tables, only where given
            if isinstance(data, dict) and key in data and data[key] is None:
                del data[key]
        if isinstance(data, dict) and data.get("fate_reroll", 0) is None:
            del data["fate_reroll"]
        return data


# ----------------------------------------------------------------------------------------------
# The resolution


class Die(_Model):
    """A die the engine consumed: purpose ("to-hit d100", "hit 2 damage d10"), sides, value."""

    purpose: str
    sides: int
    value: int


class Step(_Model):
    """One step of the resolution: the rule applied, its source (seed file and section, or the
    book's section), and what it did here."""

    rule: str
    source: str
    detail: str


class AppliedModifier(_Model):
    label: str
    value: int
    source: str


class DamageDie(_Model):
    """A damage die of one hit: what it showed, what it counted for, whether it was kept
    (Tearing drops the lowest) and whether the attack's degrees of success replaced it."""

    sides: int
    natural: int
    value: int
    kept: bool = True
    replaced_by_degrees: bool = False


class RighteousFury(_OmitUnset):
    """Righteous Fury on a hit: a critical effect (``critical_effect`` 1-5 on the table for the
    hit's damage type and location) when the hit dealt damage, else 1 wound ignoring armour and TB.
    ``effect``: the row of the group's table read (DH2), left out of the JSON when none was."""

    critical_effect: int | None = None
    table: str | None = None
    extra_wound: bool = False
    slain: bool = False
    confirm_roll: int | None = None  # rulesets that confirm Righteous Fury with a second test
    confirmed: bool | None = None
    extra_damage: list[int] = Field(default_factory=list)  # rulesets where Fury adds a d10 (again on a 10)
    # The group's critical tables: the row the d5 read, when the group entered it
    OMIT_NONE: ClassVar[tuple[str, ...]] = ("effect",)
    effect: CriticalReading | None = None


class Critical(_OmitUnset):
    """Critical damage from a hit: ``amount`` beyond the target's wounds from this hit,
    ``total`` the critical damage accumulated after it (its row, 10 at most). ``effect``: that row
    of the group's table, when entered (left out of the JSON when not)."""

    amount: int
    total: int
    damage_type: str
    location: str
    # The group's critical tables: the row the running total read
    OMIT_NONE: ClassVar[tuple[str, ...]] = ("effect",)
    effect: CriticalReading | None = None


class Hit(_OmitUnset):
    """One hit: ``damage`` before armour and toughness, ``wounds`` after (including a Righteous
    Fury wound), with the armour and TB taken off. ``person`` is 0 for the target, 1..N for the
    others caught in a Blast (same profile as the target; their wounds are not the target's)."""

    number: int
    person: int = 0
    location: str
    dice: list[DamageDie]
    damage: int
    armour: int
    penetration: int
    effective_armour: int
    toughness_bonus: int
    wounds: int
    righteous_fury: RighteousFury | None = None
    critical: Critical | None = None
    graviton: int = 0  # damage added by Graviton (the location's AP)
    name: str | None = None  # the person's name when it is one of the target's nearby foes
    magnitude: int = 0  # Magnitude this hit took from a Horde
    extra_wounds: int = 0  # wounds added by a failed test a quality called for (DH1 Toxic), ignoring armour and TB
    # the cover's AP included in ``armour`` where cover hides the location (left out of the JSON without)
    OMIT_NONE: ClassVar[tuple[str, ...]] = ("cover",)
    cover: int | None = None


class TargetTest(_Model):
    """A test a weapon quality makes the struck target take (Toxic: Toughness -5 per wound).

    ``characteristic`` is T, Ag, WP or S; ``modifier`` in percent (a Fatigued person's -10
    included: ``Target.fatigue``, ``NearbyTarget.fatigue``). When the characteristic is known the
    engine rolls it (``roll``, ``success``, ``degrees``); else those stay null and the GM rolls.
    ``effect`` says what failing does. ``person`` as in :class:`Hit` (the pinning test of one in
    Suppressing Fire's area: its number among ``target.nearby``, after the target and the others in
    a Blast)."""

    quality: str
    person: int = 0
    hit: int | None = None
    characteristic: str
    modifier: int
    target: int | None = None
    roll: int | None = None
    success: bool | None = None
    degrees: int | None = None
    effect: str


class EvasionTest(_Model):
    """The target's Evasion reaction as rolled: Dodge or Parry, the tested ``skill``, the
    ``modifier`` (capped), the ``target`` number, the ``roll``, success and degrees, and how many of
    the ``hits`` on it were ``negated``."""

    reaction: str
    skill: int
    modifier: int
    target: int
    roll: int
    success: bool
    degrees: int
    hits: int
    negated: int


class SmokeScreen(_Model):
    """The smokescreen a Smoke weapon's round raised where it landed (seed 001 L460-462; DH1 Core and
    DH2 Core, Ch. V, Smoke): ``metres_across`` (its diameter in metres) and ``rounds`` (how long it
    lasts, in rounds); the GM places it on the field."""

    metres_across: int = Field(ge=0)
    rounds: int = Field(ge=0)


class ScatterRoll(_Model):
    """Where a Blast weapon's missed round landed, from the book's Scatter Diagram (DH2 Core, Ch. VII;
    DH1 Core, Ch. VIII; DW Core, Ch. VII): ``direction``, the d10's face read on the diagram (1-10,
    around the line of fire); ``metres``, how far from the aimed point. None where the GM places the
    round instead (``options.gm_scatters``)."""

    direction: int = Field(ge=1, le=10)
    metres: int = Field(ge=0)


class HordeResult(_Model):
    """What an attack did to a Horde: the hits that reached it, those that dealt damage (each takes
    one Magnitude), and the Magnitude before and after."""

    magnitude_before: int
    hits: int
    damaging_hits: int
    magnitude_lost: int
    magnitude_after: int
    destroyed: bool


class OpposedSideResult(_Model):
    """One side's test in an opposed test (or the one test of Slip Free): who, the characteristic
    (or skill) and its value, the modifiers and their capped total, the target number, the d100,
    success and degrees (with the extra degrees of Size counted)."""

    name: str
    characteristic: str
    value: int
    modifiers: list[AppliedModifier] = Field(default_factory=list)
    modifier_total: int = 0
    target: int
    roll: int
    success: bool
    degrees: int


class GrappleResult(_Model):
    """What a Grapple action did (seed 004, Grappling): the ``option`` (and ``then`` after Take
    Control), the ``tests`` (the attacker's first, then the target's), the ``winner`` of the opposed
    test (attacker, target or None), who ``controller`` is after (attacker, target or none: the
    grapple ended or never began), whether the attacker's grappled opponent lies ``prone`` after,
    the ``metres`` pushed, the levels of ``fatigue`` inflicted, and whether the attacker may still
    take a Half Action (``half_action``: after Break Free or Slip Free)."""

    option: str
    then: str | None = None
    tests: list[OpposedSideResult] = Field(default_factory=list)
    winner: Literal["attacker", "target"] | None = None
    controller: Literal["attacker", "target", "none"]
    prone: bool = False
    metres: int = 0
    fatigue: int = 0
    half_action: bool = False


class ManoeuvreResult(_OmitUnset):
    """What a melee manoeuvre did (DH1 seed 003, Actions; Deathwatch seed 001, Combat Actions;
    :mod:`rules.d100.manoeuvres`): its ``kind`` (feint, manoeuvre, knock_down, stun,
    defensive_stance), the opposed ``tests`` (the attacker's first), the ``winner`` (attacker,
    target or None), the ``effects`` in words, and what carries on: the opponent ``prone``, the
    attacker fallen prone (``attacker_prone``), the rounds the opponent is Stunned
    (``stunned_rounds``), the levels of ``fatigue`` inflicted, the ``metres`` the opponent was moved,
    ``no_evasion`` (a won Feint: the next melee attack on it cannot be Dodged or Parried) and
    ``extra_reaction`` (Defensive Stance in Deathwatch).

    ``test_success`` (a Stun only; left out of the JSON otherwise): whether its Weapon Skill test
    succeeded, the blow landing before any Evasion. The resolution's ``success`` is the Stun's own:
    the opponent Stunned (hit, not avoided, and 1d10 + SB at least TB + head AP)."""

    OMIT_NONE: ClassVar[tuple[str, ...]] = ("test_success",)
    kind: str
    tests: list[OpposedSideResult] = Field(default_factory=list)
    winner: Literal["attacker", "target"] | None = None
    effects: list[str] = Field(default_factory=list)
    prone: bool = False
    attacker_prone: bool = False
    stunned_rounds: int = 0
    fatigue: int = 0
    metres: int = 0
    no_evasion: bool = False
    extra_reaction: bool = False
    test_success: bool | None = None


class FateResult(_Model):
    """A test re-rolled with a Fate point (:mod:`rules.d100.fate`): the ``test`` (a
    ``fate_reroll`` name), who spent the point (``spent_by``: attacker or target, and its ``name``),
    the d100 set aside (``set_aside``) and the one that stands (``stands``); ``die``: the set-aside
    die's index in the resolution's ``dice`` (the standing one follows it)."""

    test: str
    spent_by: Literal["attacker", "target"]
    name: str
    set_aside: int
    stands: int
    die: int


class VolleyTotal(_Model):
    """A volley's total (scenario ``count``, :mod:`rules.d100.volley`): ``attackers`` (the count),
    ``fired`` (attacks made before the target was down), ``hits`` that struck the target, ``wounds``
    dealt (a Horde: Magnitude lost), ``damage_taken_after`` (a Horde: ``magnitude_after``) and
    whether the target is down (``slain``)."""

    attackers: int
    fired: int
    hits: int
    wounds: int
    damage_taken_after: int
    magnitude_after: int | None = None
    slain: bool = False


class Resolution(_OmitUnset):
    """The whole outcome of one attack, with every die and every step.

    ``success`` is the attack test's, save where the action's own success is another: a Flame or
    Spray (someone struck), an opposed manoeuvre (won), a Stun (the opponent Stunned; its Weapon
    Skill test's success is ``manoeuvre.test_success``)."""

    system: str
    attacker: str
    target: str
    weapon: str
    action: str
    outcome: Literal["hit", "miss", "jam", "evaded"]
    characteristic: str
    characteristic_value: int
    modifiers: list[AppliedModifier]
    modifier_total: int
    target_number: int
    roll: int
    success: bool
    degrees: int
    jammed: bool
    range_band: str | None = None
    rounds_fired: int = 0
    rounds_left: int | None = None
    hits_scored: int = 0
    hits_negated: int = 0
    hits: list[Hit] = Field(default_factory=list)
    total_wounds: int = 0
    damage_taken_after: int = 0
    critical_damage: int = 0  # added by this attack; each hit's critical.total is the running total
    fatigue: int = 0  # levels of Fatigue this attack inflicts
    slain: bool = False
    overheated: bool = False
    target_tests: list[TargetTest] = Field(default_factory=list)
    horde: HordeResult | None = None
    damage_state: str | None = None  # Deathwatch: Lightly / Heavily / Critically Damaged after the attack
    seed: int | None = None
    dice: list[Die] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
    # Two-weapon fighting: the second weapon's attack, resolved after this one from the same dice
    # (its own dice and steps); grappling (seed 004): what a Grapple action did. Each left out of the
    # JSON while None, so one attack's JSON is as it always was.
    OMIT_NONE: ClassVar[tuple[str, ...]] = (
        "second",
        "grapple",
        "manoeuvre",
        "attacks",
        "evasion_test",
        "phenomena",
        "fate",
        "smoke",
        "scatter",
        "volley",
        "volley_total",
    )
    second: Resolution | None = None
    # Multiple Attacks: the later attacks of a Swift or Lightning Attack (the second, the third),
    # each a whole resolution with its own dice, resolved after this one from the same dice source
    attacks: list[Resolution] | None = None
    # A mob's volley (scenario ``count``, rules.d100.volley): the later attackers' attacks, each a
    # whole resolution, and the volley's total; left out of the JSON while None
    volley: list[Resolution] | None = None
    volley_total: VolleyTotal | None = None
    grapple: GrappleResult | None = None
    # Melee manoeuvres (DH1 / Deathwatch: Feint, Manoeuvre, Knock-Down, Stun, Defensive Stance)
    manoeuvre: ManoeuvreResult | None = None
    # the target's Evasion test where one was rolled, for its own line in the result
    evasion_test: EvasionTest | None = None
    # The group's psychic tables read for the psyker (rules.d100.stages.psychic): the Psychic
    # Phenomena row, then the Perils of the Warp row it led to; None where no table was read
    phenomena: list[PsychicReading] | None = None
    # Fate points: the test re-rolled with a Fate point, when the scenario named one
    fate: FateResult | None = None
    # a Smoke weapon's smokescreen where its round landed (unless it jammed)
    smoke: SmokeScreen | None = None
    # a Blast weapon's missed round: where the Scatter Diagram put it (unless the GM places it)
    scatter: ScatterRoll | None = None
