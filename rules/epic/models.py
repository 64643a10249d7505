"""The scenario and the resolution of Epic formation shooting (``system: "epic"``; seed 002).

Epic is played with formations of many units, so its forms and its result have their own shape:
two formation tables (the attacking formation's units with their weapons, the target formation's
units with their saves), the formations' Shock, and an action (a shooting attack, a barrage, or
overwatch fire). What it shares with the other rulesets lives once: the :class:`Die`,
:class:`Step` and :class:`AppliedModifier` records.

Units: distances and ranges in tiles, to-hit values and saves as the number a d6 must roll equal
or under (``AP 4`` hits on 1-4; a save of 3 saves on 1-3), integrity in points. Both models are
public interfaces: fields are added, never renamed or dropped without a migration.

A weapon may be typed as text, the way a datasheet prints it (:func:`parse_weapons` and
:func:`format_weapons` are a matched pair)::

    2x Lascannon 45 AT5 AP2 use AT; Heavy bolter 30 AP4; Earthshaker 120 BP3; Power fist 0 assault
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal, Self, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PrivateAttr,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rules.d100.models import MAX_DICE, AppliedModifier, Die, DieFace, Seed, Step

from .. import limits

UnitType = Literal["infantry", "armoured vehicle", "war engine", "aircraft"]
UNIT_TYPES: tuple[str, ...] = get_args(UnitType)
ValueKind = Literal["AP", "AT", "AA"]
VALUE_KINDS: tuple[str, ...] = get_args(ValueKind)
WeaponKind = Literal["ranged", "small arms", "assault"]
ActionKind = Literal["shoot", "barrage", "overwatch", "overwatch barrage", "assault"]
# Epic assault (seed 002, Allocate Hits & Make Saving Throws): hits from close combat or firefight
AssaultKind = Literal["CC", "FF"]
ASSAULT_KINDS: tuple[str, ...] = get_args(AssaultKind)
Trigger = Literal["move", "double move", "march", "unload", "shoot", "assault", "regroup", "other"]
TRIGGERS: tuple[str, ...] = get_args(Trigger)

Tiles = Annotated[int, Field(ge=0, le=200, description="tiles")]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


# ----------------------------------------------------------------------------------------------
# Weapons, as typed


_TIMES = "\u00d7"  # the multiplication sign, as some datasheets print 2\u00d7
_COUNT = re.compile(rf"^(\d{{1,6}})\s*[x{_TIMES}]$", re.IGNORECASE | re.ASCII)
_VALUE = re.compile(r"^(AP|AT|AA)(\d{1,6})(\+?)$", re.IGNORECASE | re.ASCII)
_BP = re.compile(r"^BP(\d{1,6})$", re.IGNORECASE | re.ASCII)
_RANGE = re.compile(r"^(\d{1,6})(t|tiles?)?$", re.IGNORECASE | re.ASCII)
_NUMBER = re.compile(r"\d{1,6}", re.ASCII)  # a number a model's bounds can then check (never "\u00b2")


def face_range(low: int, high: int) -> str:
    """A range of die faces as a player writes it: ``4``, ``5 or 6``, ``4-6``."""
    return f"{low}" if low == high else f"{low}-{high}" if high - low > 1 else f"{low} or {high}"


def to_hit_from_datasheet(kind: str, n: int, word: str) -> str:
    """The message for a to-hit value written as a datasheet prints it, ``AT5+`` (``kind`` AT,
    ``n`` 5): on a d6, n+ succeeds on the 7 - n faces n..6. Seed 002 (Roll to Hit) hits on a roll
    equal or UNDER the value, "a roll of 6 is always considered a miss", so the same 7 - n faces
    are 1..7 - n: ``AT5+`` is ``AT2`` (2 in 6), ``AP4+`` is ``AP3``, ``AP2+`` is ``AP5``. ``1+`` is
    6 (the 6 still misses: 5 in 6); ``7+`` and beyond cannot hit on a d6."""
    if n >= 7:
        return f"'{word}': {n}+ cannot be rolled on a d6; here a d6 hits on a roll equal or under the value (1 to 6)"
    value = 7 - n
    sure = " (a 6 always misses, seed 002)" if value == 6 else ""
    return (
        f"'{word}': a datasheet's {n}+ hits on {face_range(n, 6)}, {7 - n} in 6. Here a d6 hits on a roll equal "
        f"or under the value (seed 002, Roll to Hit): write {kind}{value}, which hits on {face_range(1, min(value, 5))}{sure}"
    )


def save_from_datasheet(n: int, written: str) -> str:
    """The message for a save written as a datasheet prints it, ``4+``: on a d6, n+ saves on the
    7 - n faces n..6; here a d6 saves equal or under the save (a 6 always saves), so that is
    7 - n (``4+`` is 3, ``2+`` is 5, ``1+`` is 6); ``7+`` never saves: 0."""
    value = max(0, 7 - n)
    if value == 0:
        return f"'{written}': {n}+ cannot be rolled on a d6: write 0 (no save)"
    return (
        f"'{written}': a datasheet's {n}+ saves on {face_range(n, 6)}, {7 - n} in 6. Here a d6 saves on a roll "
        f"equal or under the save: write {value}, which saves on {face_range(1, value)}"
    )


_PLUS_WORDS = re.compile(r"(AP|AT|AA|CC|FF)?\s*(\d{1,2})\+", re.IGNORECASE)


def _plus(v: str) -> re.Match[str] | None:
    r"""A value typed as a datasheet prints it (``5+``, ``AT 5+``), spaces around it allowed, or None.
    Matched whole against the stripped text: linear in it (a pattern with ``\s*`` on both sides of
    an optional word, searched over a run of spaces, took time in the square of its length)."""
    return _PLUS_WORDS.fullmatch(v.strip())


_PLAIN_KEY = "_typed_plain"  # a parsed weapon's mark, taken off before the model validates it


# Epic datasheet notation: a value typed as a datasheet prints it is converted
def datasheet_value(n: int, save: bool) -> int | None:
    """The seed's value (a d6 equal or under) for a datasheet's ``n+`` (a d6 of n or more): the
    same 7 - n faces, ``5+`` is 2 and ``4+`` is 3 (seed 002, Roll to Hit: equal or under, a 6
    always misses). A to-hit ``1+`` is 6 (still missing on a 6); a save of ``7+`` or more is 0 (no
    save). None when it cannot be read (a to-hit of ``0+`` or ``7+`` and beyond: refused with its
    message)."""
    if save:
        return max(0, 7 - n) if n >= 1 else None
    return 7 - n if 1 <= n <= 6 else None


def datasheet_read(kind: str, n: int, value: int, save: bool) -> str:
    """The conversion in words: ``a datasheet's 5+ hits on 5 or 6, 2 in 6; here a d6 equal or
    under: AT2 (1 or 2)``."""
    verb = "saves" if save else "hits"
    if save and value == 0:
        return f"a datasheet's {n}+ cannot be rolled on a d6: no save (0)"
    new = f"{kind}{value}" if kind else str(value)
    sure = ", a 6 always missing" if value == 6 and not save else ""
    faces = face_range(1, min(value, 5) if not save else value)
    return (
        f"a datasheet's {n}+ {verb} on {face_range(n, 6)}, {7 - n} in 6; here a d6 {verb} equal or under: "
        f"{new} ({faces}{sure})"
    )


class _Datasheet(BaseModel):
    """A model whose ``to_hit_fields`` and ``save_fields`` may be typed as a datasheet prints
    them (``5+``): converted to the seed's convention before validation (:func:`datasheet_value`),
    each conversion kept (:attr:`datasheet`) for the step that shows it. A value that cannot be
    read is left to the field, which refuses it with its message."""

    to_hit_fields: ClassVar[tuple[str, ...]] = ()
    save_fields: ClassVar[tuple[str, ...]] = ()
    _datasheet: dict[str, str] = PrivateAttr(default_factory=dict)
    _plain: tuple[str, ...] = PrivateAttr(default=())

    @model_validator(mode="wrap")
    @classmethod
    def _from_datasheet(cls, data: Any, handler: ModelWrapValidatorHandler[Self]) -> Self:
        typed: dict[str, str] = {}
        plain: tuple[str, ...] = ()
        if isinstance(data, dict):
            data = dict(data)
            marked = data.pop(_PLAIN_KEY, None)  # put by _weapons: the values typed as text with no "+"
            if isinstance(marked, list):
                plain = tuple(k for k in marked if k in cls.to_hit_fields)
            for key in (*cls.to_hit_fields, *cls.save_fields):
                v = data.get(key)
                m = _plus(v) if isinstance(v, str) else None
                save = key in cls.save_fields
                value = datasheet_value(int(m.group(2)), save) if m and not (save and m.group(1)) else None
                if m and value is not None:
                    data[key], typed[key] = value, f"{int(m.group(2))}+"
        obj = handler(data)
        if typed:
            obj._datasheet = typed
        if plain:
            obj._plain = plain
        return obj

    @property
    def datasheet(self) -> dict[str, str]:
        """The fields typed as a datasheet prints them, as typed (``{"AT": "5+"}``): kept through
        :meth:`EpicWeapon.format`, so the parse/format pair stays matched."""
        return dict(self._datasheet)

    @property
    def typed_plain(self) -> tuple[str, ...]:
        """The to-hit fields typed as weapon text without a datasheet's ``+`` (``("AP",)`` for
        ``Heavy bolter 30 AP4``): read as the seed's value, which a datasheet's ``AP4+`` is not
        (:func:`rules.epic.text.datasheet_notes` says so)."""
        return self._plain


def _to_hit_value(v: object, info: ValidationInfo) -> object:
    """A to-hit field given as text like a datasheet's ``5+`` is refused with its conversion."""
    if isinstance(v, str) and (m := _plus(v)):
        kind = (m.group(1) or info.field_name or "").upper()
        raise ValueError(to_hit_from_datasheet(kind, int(m.group(2)), v.strip()))
    return v


def _save_value(v: object) -> object:
    """A save given as text like a datasheet's ``4+`` is refused with its conversion."""
    if isinstance(v, str) and (m := _plus(v)) and not m.group(1):
        raise ValueError(save_from_datasheet(int(m.group(2)), v.strip()))
    return v


def _number(word: str | None) -> bool:
    return word is not None and _NUMBER.fullmatch(word) is not None


def _tokens(words: list[str], text: str, start: int = 0, dead: set[int] | None = None) -> dict[str, object]:
    """The fields named by ``words[start:]``, the tokens after a weapon's range; raises ValueError
    at the first it cannot read.

    ``dead``: positions from which reading is known to fail. Reading fails at once on reaching one,
    and on failing adds every position it read from, so :func:`parse_weapon` reads each position
    at most once over all the ranges it tries (linear in the number of words)."""
    out: dict[str, object] = {}
    i = start
    if i < len(words) and words[i].lower() in ("t", "tile", "tiles"):
        i += 1  # "45 tiles"
    read: list[int] = []
    try:
        while i < len(words):
            if dead is not None and i in dead:
                raise ValueError(f"'{limits.shown(text, 60)}': cannot read it")
            read.append(i)
            word, after = words[i], words[i + 1] if i + 1 < len(words) else None
            i += 1 + _token(word, after, out, text)
    except ValueError:
        if dead is not None:
            dead.update(read)
        raise
    return out


def _plus_value(kind: str, n: int, plus: bool, shown: str) -> int | str:
    """A to-hit token's value: ``n``, or a datasheet's ``n+`` kept as text for
    :class:`EpicWeapon` to convert (Epic datasheet notation); refused when it cannot be rolled."""
    if not plus:
        return n
    if datasheet_value(n, save=False) is None:
        raise ValueError(to_hit_from_datasheet(kind, n, shown))
    return f"{n}+"


def _token(word: str, after: str | None, out: dict[str, object], text: str) -> int:
    """Read one token of a weapon (``word``, the word ``after`` it or None) into ``out``; returns
    how many words after it it also read (0 or 1). Raises ValueError when it cannot read it."""
    low = word.lower()
    value = _VALUE.match(word)
    bp = _BP.match(word)
    if value:
        kind = value.group(1).upper()
        out[kind] = _plus_value(kind, int(value.group(2)), bool(value.group(3)), limits.shown(word))
    elif low in ("ap", "at", "aa") and after is not None and re.fullmatch(r"\d{1,2}\+", after):
        out[low.upper()] = _plus_value(low.upper(), int(after[:-1]), True, f"{word} {after}")
        return 1
    elif low in ("ap", "at", "aa", "bp") and after is not None and _number(after):
        out[low.upper()] = int(after)
        return 1
    elif bp:
        out["BP"] = int(bp.group(1))
    elif low in ("mw", "macro", "macro-weapon"):
        out["macro"] = True
    elif low in ("assault", "small-arms", "smallarms"):
        out["kind"] = "small arms" if low.startswith("small") else "assault"
    elif low == "small" and after is not None and after.lower() == "arms":
        out["kind"] = "small arms"
        return 1
    elif low == "use" and after is not None and after.upper() in VALUE_KINDS:
        out["use"] = after.upper()
        return 1
    else:
        raise ValueError(
            f"'{limits.shown(text, 60)}': cannot read '{limits.shown(word)}' (expected AP n, AT n, AA n, BP n, MW, assault, small arms or use AP/AT/AA)"
        )
    return 0


def parse_weapon(text: str) -> dict[str, object]:
    """One weapon typed as a datasheet prints it -> the fields of :class:`EpicWeapon`.

    ``[Nx] Name RANGE [AP n] [AT n] [AA n] [BP n] [MW] [small arms | assault] [use AP|AT|AA]``:
    the range is the first number after which everything reads as a weapon's values (so a name
    may hold a number: ``Mk 2 lascannon 45 AT5``). Raises ValueError naming the token it cannot
    read (``AP4+``: this game hits on a roll equal or *under* the value). Linear in ``text``
    (each word is read once, however many numbers could be the range)."""
    words = text.replace(",", " ").split()
    if not words:
        raise ValueError("an empty weapon: write it like 'Heavy bolter 30 AP4'")
    out: dict[str, object] = {}
    shown = limits.shown(text, 60)
    m = _COUNT.match(words[0])
    if m:
        out["count"] = int(m.group(1))
        words = words[1:]
    elif len(words) > 1 and _number(words[0]) and words[1].lower() in ("x", _TIMES):
        out["count"] = int(words[0])
        words = words[2:]
    ranges = [i for i, w in enumerate(words) if i > 0 and _RANGE.match(w)]
    if not ranges:
        if words and _RANGE.match(words[0]):
            raise ValueError(f"'{shown}': give the weapon's name before its range")
        raise ValueError(f"'{shown}': give the range in tiles after the name, like 'Heavy bolter 30 AP4'")
    first_error: ValueError | None = None
    dead: set[int] = set()
    for i in ranges:
        if i + 1 in dead:  # read before, from an earlier range: it fails again
            continue
        try:
            fields = _tokens(words, text, i + 1, dead)
        except ValueError as exc:
            first_error = first_error or exc
            continue
        rng = _RANGE.match(words[i])
        return {**out, "name": " ".join(words[:i]), "range": int(rng.group(1)), **fields}  # type: ignore[union-attr]
    assert first_error is not None
    raise first_error


def parse_weapons(text: str) -> list[dict[str, object]]:
    """Weapons separated by ``;`` (or new lines) -> a list of :func:`parse_weapon` results."""
    parts = [p.strip() for p in re.split(r"[;\n]", text) if p.strip()]
    return [parse_weapon(p) for p in parts]


def format_weapons(weapons: list[EpicWeapon]) -> str:
    """The matched pair of :func:`parse_weapons`: ``parse_weapons(format_weapons(w))`` gives ``w``."""
    return "; ".join(w.format() for w in weapons)


ToHit = Annotated[int, Field(ge=1, le=6, description="a d6 equal or under this hits"), BeforeValidator(_to_hit_value)]
Save = Annotated[
    int, Field(ge=0, le=6, description="a d6 equal or under this saves; 0: no save"), BeforeValidator(_save_value)
]


class EpicWeapon(_Model, _Datasheet):
    """A weapon on a unit's datasheet.

    ``count`` such weapons (each rolls one d6 a shooting); ``range`` in tiles; ``AP``, ``AT``,
    ``AA``: to-hit values (a d6 equal or under hits; a 6 always misses; None: the weapon has no
    such value); ``BP``: barrage points (a barrage weapon: it fires only in a barrage); ``macro``:
    a macro-weapon; ``kind``: ``small arms`` and ``assault`` weapons attack only in assaults
    (seed 002, Who Can Shoot). ``use``: which value the attacker fires when it has more than one
    (the attacker's choice, seed 002, Roll to Hit); when not given the engine picks the best value
    against the units of the target formation and says so."""

    name: str = Field("Weapon", min_length=1, max_length=limits.LABEL_LENGTH)
    count: int = Field(1, ge=1, le=limits.EPIC_WEAPON_COUNT)
    range: Tiles = 30
    AP: ToHit | None = None
    AT: ToHit | None = None
    AA: ToHit | None = None
    BP: int = Field(0, ge=0, le=30, description="barrage points")
    macro: bool = False
    kind: WeaponKind = "ranged"
    use: ValueKind | None = None
    to_hit_fields: ClassVar[tuple[str, ...]] = ("AP", "AT", "AA")  # Epic datasheet notation

    @field_validator("name")
    @classmethod
    def _one_name(cls, v: str) -> str:
        if ";" in v or "," in v:
            raise ValueError(f"'{v}': a weapon's name cannot hold ';' or ',' (they separate weapons)")
        return v

    @model_validator(mode="after")
    def _fires_somehow(self) -> EpicWeapon:
        if self.use is not None and getattr(self, self.use) is None:
            raise ValueError(f"{self.name} has no {self.use} value to use")
        if self.kind == "ranged" and self.BP == 0 and not self.values():
            raise ValueError(f"{self.name} needs an AP, AT or AA value, or barrage points (BP)")
        return self

    def values(self) -> dict[str, int]:
        """The to-hit values it has, ``{"AP": 4, "AT": 5}``, in AP, AT, AA order."""
        return {k: v for k in VALUE_KINDS if (v := getattr(self, k)) is not None}

    def format(self) -> str:
        """The weapon as :func:`parse_weapon` reads it."""
        words = [f"{self.count}x"] if self.count > 1 else []
        words += [self.name, str(self.range)]
        words += [f"{k}{self._datasheet.get(k, v)}" for k, v in self.values().items()]  # AT5+ as typed
        if self.BP:
            words.append(f"BP{self.BP}")
        if self.macro:
            words.append("MW")
        if self.kind != "ranged":
            words.append(self.kind)
        if self.use:
            words += ["use", self.use]
        return " ".join(words)


def _weapons(v: object) -> object:
    """Weapons typed as text are parsed; a list is left to the model. A to-hit value typed with
    no ``+`` (parsed as a number; ``AP4+`` stays text until the model converts it) is marked for
    :attr:`_Datasheet.typed_plain`."""
    if isinstance(v, str):
        if len(v) > limits.EPIC_WEAPONS_LENGTH:
            raise ValueError(f"Too long (at most {limits.EPIC_WEAPONS_LENGTH} characters)")
        weapons = parse_weapons(v)
        for w in weapons:
            plain = [k for k in VALUE_KINDS if isinstance(w.get(k), int)]
            if plain:
                w[_PLAIN_KEY] = plain
        return weapons
    return v


# ----------------------------------------------------------------------------------------------
# Formations


class AttackingUnit(_Model, _Datasheet):
    """A unit of the attacking formation, in the table's order (front to back as the player lists
    them: among units equally far from the target, the one lower in the table is suppressed first).

    ``distance``: tiles to the nearest unit of the target formation (to the barrage's centre tile
    in a barrage). Line of fire is blocked when ``line_of_fire`` is false, when the line crosses 2
    or more ``terrain_tiles`` of obstructing terrain, or when a war engine stands in the way
    (seed 002, Who Can Shoot). ``ammo``: points of ammo left (None: not counted)."""

    name: str = Field("Unit", min_length=1, max_length=limits.LABEL_LENGTH)
    type: UnitType = "infantry"
    weapons: list[EpicWeapon] = Field(min_length=1, max_length=limits.EPIC_WEAPONS)
    distance: Tiles = 10
    line_of_fire: bool = True
    terrain_tiles: int = Field(0, ge=0, le=50, description="obstructing terrain tiles the line of fire crosses")
    war_engine_between: bool = False
    ammo: int | None = Field(None, ge=0, le=99)
    # Epic assault (seed 002, Allocate Hits): the unit's close-combat and firefight values from its
    # datasheet (a d6 equal or under hits), for an assault whose hits are rolled; None: it has none
    cc: ToHit | None = None
    ff: ToHit | None = None
    # An encounter's formation is one combatant that shoots and is shot at: the unit's own saves and
    # integrity for when it is shot at (rules/epic/formation.py makes its target side of them). A
    # shooting attack reads none of them; None: not given.
    armour: Save | None = None
    cover_save: Save | None = None
    in_cover: bool | None = None
    integrity: int | None = Field(None, ge=1, le=30)
    to_hit_fields: ClassVar[tuple[str, ...]] = ("cc", "ff")  # Epic datasheet notation
    save_fields: ClassVar[tuple[str, ...]] = ("armour", "cover_save")

    @field_validator("weapons", mode="before")
    @classmethod
    def _typed(cls, v: object) -> object:
        return _weapons(v)


class TargetUnit(_Model, _Datasheet):
    """A unit of the target formation, in the defender's order (front to back: among units equally
    close to the attackers, the one higher in the table takes hits first).

    ``armour`` and ``cover_save``: saves (a d6 equal or under saves; 0: none); the cover save
    counts only ``in_cover``. ``integrity``: points left. ``distance``: tiles to the nearest
    attacking unit; ``line_of_fire``: whether the attackers can see it (hits are allocated only to
    units in range and line of fire). ``from_centre``: tiles from a barrage's centre tile."""

    name: str = Field("Unit", min_length=1, max_length=limits.LABEL_LENGTH)
    type: UnitType = "infantry"
    armour: Save = 0
    cover_save: Save = 0
    in_cover: bool = False
    integrity: int = Field(1, ge=1, le=30)
    distance: Tiles = 10
    line_of_fire: bool = True
    from_centre: Tiles | None = None
    # An encounter's formation is one combatant that shoots and is shot at: the unit's own weapons
    # (and close-combat and firefight values) for when it shoots back (rules/epic/formation.py makes
    # its attacker side of them). A shooting attack at it reads none of them; None: not given.
    weapons: list[EpicWeapon] | None = Field(None, min_length=1, max_length=limits.EPIC_WEAPONS)
    cc: ToHit | None = None
    ff: ToHit | None = None
    save_fields: ClassVar[tuple[str, ...]] = ("armour", "cover_save")  # Epic datasheet notation
    to_hit_fields: ClassVar[tuple[str, ...]] = ("cc", "ff")

    @field_validator("weapons", mode="before")
    @classmethod
    def _typed(cls, v: object) -> object:
        return None if isinstance(v, str) and not v.strip() else _weapons(v)


class AttackingFormation(_Model):
    """The formation that shoots: its ``units``, its ``shock`` (each point suppresses one unit,
    from the back), and how it acted: ``double_moved`` (-1 to hit), ``sustained_fire`` (+1 to
    hit), ``overwatch`` (on overwatch, for overwatch fire)."""

    name: str = Field("Attackers", min_length=1, max_length=limits.LABEL_LENGTH)
    shock: int = Field(0, ge=0, le=99)
    double_moved: bool = False
    sustained_fire: bool = False
    overwatch: bool = False
    units: list[AttackingUnit] = Field(min_length=1, max_length=limits.EPIC_UNITS)


class TargetFormation(_Model):
    """A formation under fire: its ``units`` and the ``shock`` it has before the attack.
    ``allied``: a formation of the attacker's side caught under a large barrage."""

    name: str = Field("Target", min_length=1, max_length=limits.LABEL_LENGTH)
    shock: int = Field(0, ge=0, le=99)
    allied: bool = False
    units: list[TargetUnit] = Field(min_length=1, max_length=limits.EPIC_UNITS)


class Crossfire(_Model):
    """The line the attacker claims for a crossfire (seed 002, Crossfire): its ``length`` in
    tiles (at most 12), whether it passes ``through_target`` (through a unit of the target
    formation or the gap between two), and the allied unit at its end: whether it has
    ``ally_line_of_fire`` to the target formation, and whether its formation is ``ally_broken``
    or ``ally_marching``. A valid line gives every save of the target formation -1, unless
    ``countered`` (terrain or a special rule counters it, on the player's word)."""

    length: Tiles = 12
    through_target: bool = True
    ally_line_of_fire: bool = True
    ally_broken: bool = False
    ally_marching: bool = False
    # Crossfire countered (seed 002, Crossfire: "Some terrain features or special rules may counter
    # this modifier"): the line is claimed, but the target's saves take no -1
    countered: bool = False


class EpicAction(_Model):
    """What the attacking formation does: ``shoot``, fire a ``barrage`` (its BP weapons, at the
    tile each unit's ``distance`` is measured to), or fire from overwatch at the formation whose
    ``trigger`` (a move, double move, march or unload) set it off: ``overwatch`` (shooting) or
    ``overwatch barrage`` (an artillery formation's barrage). ``ignore_cover``: give up the
    -1 to hit for cover and every hit on units in cover. ``crossfire``: the line claimed, if any.
    ``also_under``: other formations under a barrage's template (allied ones too)."""

    kind: ActionKind = "shoot"
    trigger: Trigger | None = None
    ignore_cover: bool = False
    crossfire: Crossfire | None = None
    also_under: list[TargetFormation] = Field(default_factory=list, max_length=6)
    # Epic assault (seed 002, Allocate Hits & Make Saving Throws): the hits scored in close combat
    # (``cc_hits``) and firefight (``ff_hits``) when given; None for both: rolled from the units' CC/FF
    cc_hits: int | None = Field(None, ge=0, le=99)
    ff_hits: int | None = Field(None, ge=0, le=99)

    @property
    def is_assault(self) -> bool:
        """An assault: close-combat and firefight hits, allocated over every unit but war engines
        within 4 tiles (seed 002, Allocate Hits & Make Saving Throws)."""
        return self.kind == "assault"

    @property
    def is_barrage(self) -> bool:
        """A barrage, fired as an action or from overwatch."""
        return self.kind in ("barrage", "overwatch barrage")

    @property
    def is_overwatch(self) -> bool:
        """Fire from overwatch, a shooting or a barrage."""
        return self.kind in ("overwatch", "overwatch barrage")


class EpicScenario(_Model):
    """An Epic shooting attack: the ``attacker`` formation, the ``target`` formation, the
    ``action``; dice typed in (``dice``, d6s in the order asked) or a ``seed``."""

    version: int = 1
    system: Literal["epic"] = "epic"
    attacker: AttackingFormation
    target: TargetFormation
    action: EpicAction = Field(default_factory=EpicAction)
    seed: Seed | None = None
    dice: list[DieFace] | None = Field(None, max_length=MAX_DICE)

    # Fate points are the d100 rulesets' (rules.d100.fate): named here only to be refused at the field
    fate_reroll: Any = Field(None, exclude=True, description="refused: this ruleset has no Fate points")

    @field_validator("fate_reroll")
    @classmethod
    def _no_fate(cls, value: Any) -> Any:
        if value is not None:
            from ..d100.fate import NO_FATE

            raise ValueError(NO_FATE["epic"])
        return value

    @model_validator(mode="after")
    def _one_dice_source(self) -> EpicScenario:
        if self.seed is not None and self.dice is not None:
            raise ValueError("give either dice or a seed, not both")
        return self


# ----------------------------------------------------------------------------------------------
# The resolution


class Shooter(_Model):
    """A unit of the attacking formation and whether it shoots: ``status`` is ``shoots``, or why
    not (``no line of fire``, ``out of range``, ``assault weapons only``, ``suppressed``,
    ``no ammo``, ``no barrage weapon``); ``reason`` says it in words; ``ammo_left`` after the
    attack (None: not counted)."""

    index: int
    name: str
    distance: int
    status: str
    reason: str
    ammo_left: int | None = None


class ToHitRoll(_Model):
    """A group of to-hit dice: the ``weapon`` (or ``barrage on <unit>``), the value fired
    (``kind`` AP/AT/AA, ``value``), the ``modifiers``, the ``needed`` value after them, the
    ``rolls`` (an assault's given hits: value and needed 0, no rolls); when the value fell to 0 or below, the Zero To Hit table's ``zero_to_hit`` rule
    and the ``second_rolls`` made after each 1 (None: impossible); ``hits`` scored."""

    weapon: str
    kind: ValueKind | AssaultKind
    macro: bool = False
    range: int = 0
    units: list[str] = Field(default_factory=list)
    value: int
    modifiers: list[AppliedModifier] = Field(default_factory=list)
    needed: int
    zero_to_hit: str | None = None
    rolls: list[int] = Field(default_factory=list)
    second_rolls: list[int] = Field(default_factory=list)
    hits: int = 0


class SaveRoll(_Model):
    """The saves of one unit against one batch of hits (normal hits, then macro-weapon hits):
    the ``save`` used (``armour`` or ``cover``) and its ``value``, the ``modifier`` (crossfire
    -1), the ``needed`` value, the ``rolls``, ``failed`` saves and the ``integrity_lost`` (failures
    beyond the unit's integrity are ignored)."""

    hits: int
    macro: bool = False
    save: Literal["armour", "cover", "none"]
    value: int
    modifier: int = 0
    needed: int
    rolls: list[int] = Field(default_factory=list)
    failed: int = 0
    integrity_lost: int = 0


class UnitResult(_Model):
    """What the attack did to one unit of a formation under fire: hits ``allocated`` (normal),
    ``macro_hits``, its saves, integrity before and after, ``destroyed``; ``under_barrage``: it lay
    under the barrage's template."""

    index: int
    name: str
    type: UnitType
    allocated: int = 0
    macro_hits: int = 0
    saves: list[SaveRoll] = Field(default_factory=list)
    integrity_before: int
    integrity_after: int
    destroyed: bool = False
    under_barrage: bool | None = None


class ShockGain(_Model):
    """Shock a formation gained, and why (``under fire``, ``barrage``, ``losses``)."""

    reason: str
    amount: int


class FormationResult(_Model):
    """A formation under fire after the attack: its Shock before, gained (each with its reason) and
    after; its units; ``destroyed`` units; ``units_left``; ``suppressed`` (one per point of Shock,
    at most every unit left); ``broken`` when every unit left is suppressed; ``wiped_out`` when
    none is left; ``unallocated``: hits that found no unit they could go on."""

    name: str
    allied: bool = False
    shock_before: int
    shock_gained: list[ShockGain] = Field(default_factory=list)
    shock_after: int
    units: list[UnitResult] = Field(default_factory=list)
    destroyed: int = 0
    units_left: int
    suppressed: int
    broken: bool = False
    wiped_out: bool = False
    unallocated: dict[str, int] = Field(default_factory=dict)


class BarrageResult(_Model):
    """A barrage: its total ``bp``, the Barrage table's ``row`` read for it, the template's
    ``radius`` in tiles, the ``extra_shock`` and the to-hit values ``AP`` and ``AT`` (None: it
    cannot hit that kind of unit)."""

    bp: int
    row: str
    radius: int
    extra_shock: int
    AP: int | None
    AT: int | None


class EpicResolution(_Model):
    """The whole shooting attack: who shoots (``shooters``), the to-hit rolls by weapon group,
    hits by type (``hits``: AP, AT, AA, MW), each formation under fire (the target first), the
    barrage when there was one, whether the formation left overwatch, and every die and step.

    ``outcome``: ``no shooters`` when no unit could shoot, ``wiped out``, ``broken``, ``losses``
    (units destroyed, not broken), ``no losses``."""

    system: Literal["epic"] = "epic"
    attacker: str
    target: str
    action: str
    outcome: Literal["no shooters", "wiped out", "broken", "losses", "no losses"]
    shooters: list[Shooter] = Field(default_factory=list)
    to_hit: list[ToHitRoll] = Field(default_factory=list)
    hits: dict[str, int] = Field(default_factory=dict)
    formations: list[FormationResult] = Field(default_factory=list)
    barrage: BarrageResult | None = None
    crossfire: bool = False
    overwatch_ended: bool = False
    seed: int | None = None
    dice: list[Die] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
