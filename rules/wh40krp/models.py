"""The scenario and the resolution of the fan-made Warhammer 40,000 Roleplay (``system: "wh40krp"``).

That ruleset (seed 000, on WFRP 1st edition) shoots unlike the FFG games, so its forms and its
result have their own shape: a round of up to four actions, each shot rolled on its own, armour
penetrated on a percentile roll (cover first), and damage read on Damage Charts the seed does not
include. What it shares with the other rulesets lives once: the labelled :class:`Modifier`, the
:class:`Die` and :class:`Step` records, the hit locations' names.

Units: characteristics and chances in percent, distances in metres, speeds in metres per round
(a round is 10 seconds), clips in rounds. Both models are public interfaces: fields are added,
never renamed or dropped without a migration.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.d100.models import MAX_DICE, AppliedModifier, Die, DieFace, Location, Modifier, Seed, Step, all_locations

from .. import limits
from ..d100 import signed

Percent = Annotated[int, Field(ge=0, le=100, description="a characteristic, 0-100")]
Chance = Annotated[int, Field(ge=-200, le=300, description="a penetration chance or modifier, percent")]
ArmourType = Literal["primitive", "physical", "energy"]
FireKind = Literal["single", "semi", "auto"]
ActionKind = Literal["aim", "rest", "single", "semi", "auto", "move", "run", "crawl", "reload", "other", "melee"]
FIRE_KINDS: tuple[str, ...] = get_args(FireKind)
# In the open, one of the Cover Table's activities (seed 000, Targeting), or completely hidden.
Exposure = Literal[
    "open",
    "round_corner",
    "over_corner",
    "corner_fire",
    "cover_standing",
    "cover_kneeling",
    "window_standing",
    "window_kneeling",
    "hidden",
]
EXPOSURES: tuple[str, ...] = get_args(Exposure)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


# ----------------------------------------------------------------------------------------------
# Penetration: armour, cover, the weapon's modifiers


class RpArmour(_Model):
    """The armour on one location: its ``type`` (primitive, physical or energy) and its basic
    ``chance`` to be penetrated, in percent, from the armour section of the book (the seed does
    not print it)."""

    name: str | None = Field(None, max_length=60)
    type: ArmourType = "physical"
    chance: Chance = 50


class RpCover(_Model):
    """Cover between the firer and the target (a wall, undergrowth, part of a vehicle): its basic
    ``chance`` to be penetrated (percent) and the ``locations`` it hides (default: all). A shot
    that strikes a hidden location must penetrate the cover first (seed 000, Armour Penetration)."""

    name: str | None = Field(None, max_length=60)
    chance: Chance = 50
    locations: list[Location] = Field(default_factory=all_locations, max_length=6)


class Penetration(_Model):
    """A weapon's penetration modifiers (percent, added to the basic chance) against each armour
    type and against cover, at one range, as the book's weapon tables give them."""

    primitive: Chance = 0
    physical: Chance = 0
    energy: Chance = 0
    cover: Chance = 0

    def against(self, kind: str) -> int:
        """The modifier against ``kind`` (``primitive``, ``physical``, ``energy`` or ``cover``)."""
        return int(getattr(self, kind))


# ----------------------------------------------------------------------------------------------
# Damage Charts (the user's)

# Matched against a stripped line, so the result ends in a non-space and no run of spaces is tried two ways.
# possessive runs of spaces (``\s*+``): each is followed by a character no space matches, so the
# matches are those of ``\s*``, without trying every shorter run again (linear in the line)
_CHART_ROW = re.compile(r"(\d{1,3})(?:\s*+[-\u2013]\s*+(\d{1,3}))?(?:\s*+[:=])?\s*+(\S.*)")


class ChartRow(_Model):
    """One row of a Damage Chart: damage rolls from ``low`` to ``high`` give ``result``."""

    low: int = Field(..., ge=-50, le=400)
    high: int = Field(..., ge=-50, le=400)
    result: str = Field(..., min_length=1, max_length=limits.CHART_ROW_LENGTH)


class DamageChart(_Model):
    """A Damage Chart the player typed in (the seed's charts are not available): ``chart`` its
    number (1 for humans and human-sized creatures, higher for larger), ``die`` the die rolled on
    it (d100 unless the book says otherwise), ``rows`` in order. Rows may be given as text, one per
    line: ``01-20: Flesh wound`` (:meth:`parse`; :meth:`format` writes it back).

    A damage total that modifiers push below 1 or above the die reads the row holding the die's
    own end (1, or ``die``) when the chart has one (:meth:`row_for`); a total no row holds is not
    on the chart: the result says so and leaves it to the GM ("86 is not on your chart
    1"), never the nearest row (a roll of 86 on a chart of 01-70 once read its last row, then was
    refused). A chart may cover part of its die (a player may type only the rows they have, and the
    GM's reading for the rest in ``chart_results``). Raises ValueError for rows that overlap or
    leave gaps between them."""

    chart: int = Field(1, ge=1, le=20)
    die: Literal[100, 20, 10, 6] = 100
    rows: list[ChartRow] = Field(..., min_length=1, max_length=60)

    @field_validator("rows", mode="before")
    @classmethod
    def _rows(cls, v: object) -> object:
        return cls.parse_rows(v) if isinstance(v, str) else v

    @staticmethod
    def parse_rows(text: str) -> list[dict[str, object]]:
        """``"01-20: Flesh wound\\n21-100: Down"`` -> rows; raises ValueError naming the bad line."""
        rows: list[dict[str, object]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            m = _CHART_ROW.fullmatch(line.strip())
            if not m:
                raise ValueError(f"line {number} ('{limits.shown(line)}') is not a row like '01-20: Flesh wound'")
            low = 100 if m.group(1) == "00" else int(m.group(1))
            high = low if not m.group(2) else 100 if m.group(2) == "00" else int(m.group(2))
            rows.append({"low": low, "high": high, "result": m.group(3)})
        if not rows:
            raise ValueError("a chart needs at least one row, like '01-20: Flesh wound'")
        return rows

    @model_validator(mode="after")
    def _in_order(self) -> DamageChart:
        for before, row in zip(self.rows, self.rows[1:], strict=False):
            if row.low != before.high + 1:
                raise ValueError(
                    f"rows must follow on without gaps or overlaps: {before.low}-{before.high} then {row.low}-{row.high}"
                )
        for row in self.rows:
            if row.high < row.low:
                raise ValueError(f"row {row.low}-{row.high} runs backwards")
        return self

    def row_for(self, total: int) -> ChartRow | None:
        """The row a damage total (modifiers included) reads: the row holding it; a total pushed
        below 1 or above the die by modifiers and held by no row, the row holding the die's own
        end (1, or ``die``: the modifier moves the roll to the end of the chart's scale, seed 000
        L182, L213); None when no row holds it (off the chart: the GM reads it)."""
        for row in self.rows:
            if row.low <= total <= row.high:
                return row
        if total < 1 or total > self.die:
            return self.row_for(min(max(total, 1), self.die))
        return None

    def span(self) -> str:
        """The totals the rows hold, as printed: ``01-70``."""
        return f"{self.rows[0].low:02d}-{self.rows[-1].high:02d}"

    def lookup(self, total: int) -> ChartRow:
        """The row a damage roll of ``total`` (modifiers included) reads."""
        for row in self.rows:
            if total <= row.high:
                return row
        return self.rows[-1]

    def format(self) -> str:
        """The rows as text, one per line (what :meth:`parse_rows` reads)."""
        return "\n".join(
            f"{r.low:02d}: {r.result}" if r.low == r.high else f"{r.low:02d}-{r.high:02d}: {r.result}"
            for r in self.rows
        )


# ----------------------------------------------------------------------------------------------
# The scenario


FireMode = Literal["S", "SA", "A"]


def _single_shot() -> list[FireMode]:
    return ["S"]


def _modes(v: object) -> object:
    """Accept ``"S/SA/A"`` as the books print fire modes."""
    if isinstance(v, str):
        return [m.strip().upper() for m in re.split(r"[/,\s]+", v) if m.strip() and m.strip() != "-"]
    return v


class RpWeapon(_Model):
    """A weapon: ``class`` (Melee, Unarmed, Pistol, Basic, Heavy, Thrown), maximum ``range`` in
    metres (0 for melee), fire ``modes`` (S, SA, A; ``"S/SA/A"`` is accepted), ``clip`` the rounds
    loaded now (null: not counted), ``plasma`` (overloads instead of jamming), ``area_effect``
    (a miss deviates), ``bayonet`` (a Basic weapon so fitted has no penalty in hand-to-hand), the
    ``penetration`` modifiers at short range (point blank included) and ``penetration_long`` at
    long range (null: the same), and the Damage ``chart`` its hits roll on (null: Chart 1 for a
    gun, the wielder's chart in hand-to-hand)."""

    name: str = Field("Weapon", max_length=limits.NAME_LENGTH)
    weapon_class: Literal["Melee", "Unarmed", "Pistol", "Basic", "Heavy", "Thrown"] = Field("Basic", alias="class")
    range: float = Field(100, ge=0, le=100000, description="maximum range, metres")
    modes: list[FireMode] = Field(default_factory=_single_shot, max_length=3)
    clip: int | None = Field(None, ge=0, le=limits.CLIP, description="rounds loaded now")
    plasma: bool = False
    area_effect: bool = False
    bayonet: bool = False
    penetration: Penetration = Field(default_factory=Penetration)
    penetration_long: Penetration | None = None
    chart: int | None = Field(None, ge=1, le=20)

    @field_validator("modes", mode="before")
    @classmethod
    def _modes(cls, v: object) -> object:
        return _modes(v)

    @property
    def is_melee(self) -> bool:
        return self.weapon_class in ("Melee", "Unarmed")

    @property
    def is_gun(self) -> bool:
        """A firearm that can jam (Pistol, Basic, Heavy)."""
        return self.weapon_class in ("Pistol", "Basic", "Heavy")

    def penetration_at(self, long_range: bool) -> Penetration:
        """The modifiers at long range or short range (point blank is short)."""
        return self.penetration_long if long_range and self.penetration_long is not None else self.penetration


class RpAttacker(_Model):
    """Who attacks: ``BS`` (shooting), ``WS`` (hand-to-hand), ``I`` and ``A`` (Initiative and
    Attacks, for hand-to-hand and effective initiative), ``Tek`` (clears a jam; blank: the GM
    rolls it), ``wounded`` (a light or serious wound: a penalty to shoot), ``chart`` (the Damage
    Chart the creature rolls on in hand-to-hand: 1 for humans and human-sized creatures),
    ``power_armour`` (Terminator or Power armour: +10 in hand-to-hand), ``armour`` by location (for
    a plasma weapon's overload), and the ``weapon``."""

    name: str = Field("Attacker", max_length=limits.NAME_LENGTH)
    BS: Percent = 30
    WS: Percent = 30
    I: Percent = 30  # noqa: E741 - the field's own name
    A: int = Field(1, ge=1, le=10)
    Tek: Percent | None = None
    wounded: Literal["none", "light", "serious"] = "none"
    chart: int = Field(1, ge=1, le=20)
    power_armour: bool = False
    armour: dict[Location, RpArmour] = Field(default_factory=dict)
    weapon: RpWeapon = Field(default_factory=RpWeapon)


class RpBody(_Model):
    """What every target has: ``size`` (small, normal, large), ``exposure`` (open, one of the Cover
    Table's activities, or hidden), ``revealed`` (fired, shouted or showed a light: the Cover
    Table's limit and the dark do not hide it), ``speed`` in metres per round, armour by location
    (a location left out is unarmoured), a force field's flat penetration chance (percent), and
    cover."""

    name: str = Field("Target", max_length=limits.NAME_LENGTH)
    size: Literal["small", "normal", "large"] = "normal"
    exposure: Exposure = "open"
    revealed: bool = False
    speed: float = Field(0, ge=0, le=100000, description="metres per round")
    armour: dict[Location, RpArmour] = Field(default_factory=dict)
    force_field: Chance | None = None
    cover: RpCover | None = None


class RpOtherTarget(RpBody):
    """Another target an automatic weapon may swing onto (following fire): ``gap`` is its distance
    in metres from the target before it in the list (the first other from the target itself);
    ``distance`` from the firer (null: the same as the target's)."""

    name: str = Field("Other", max_length=limits.NAME_LENGTH)
    gap: float = Field(5, ge=0, le=1000, description="metres from the previous target")
    distance: float | None = Field(None, ge=0, le=100000, description="metres from the firer")


class RpTarget(RpBody):
    """Who is attacked: what every target has (size, exposure, speed, armour, force field, cover),
    and ``WS`` (parries; an unarmoured target in hand-to-hand), ``parries`` (blows it parries
    this round), ``I`` and ``A`` (for the round's effective initiative), and ``others`` within
    reach of following fire."""

    WS: Percent | None = None
    parries: int = Field(0, ge=0, le=10)
    I: Percent | None = None  # noqa: E741 - the field's own name
    A: int | None = Field(None, ge=1, le=10)
    others: list[RpOtherTarget] = Field(default_factory=list, max_length=6)


class RpAction(_Model):
    """One action of the round (or, for ``melee``, the whole round).

    ``kind``: aim, rest, single, semi, auto, move, run, crawl, reload, other, melee. For a fire
    action: ``shots`` fired (fewer than the mode allows: spreading fire; null: all), ``moving``
    (fired while walking or running), ``at`` the target of its first shot (0 the target, 1.. its
    others) and ``follow`` the shot numbers after which the weapon swings to the next target in
    the list (following fire). ``label`` names an ``other`` action."""

    kind: ActionKind = "single"
    shots: int | None = Field(None, ge=1, le=limits.RP_SHOTS)
    moving: Literal["no", "walking", "running"] = "no"
    at: int = Field(0, ge=0, le=6)
    follow: list[int] = Field(default_factory=list, max_length=5)
    label: str | None = Field(None, max_length=limits.LABEL_LENGTH)


class RpMelee(_Model):
    """Hand-to-hand circumstances (seed 000, Combat Modifiers): charging, higher ground, won the
    previous round, opponent behind an obstacle, and how many opponents engage the attacker."""

    charging: bool = False
    higher_ground: bool = False
    won_last_round: bool = False
    behind_obstacle: bool = False
    opponents: int = Field(1, ge=1, le=10)


class RpRound(_Model):
    """The round: ``actions`` in order (four actions at most; a reload takes four, hand-to-hand the
    whole round), ``distance`` to the target in metres, ``light`` (day, twilight, night),
    ``illumination`` (none, flashlight, head-lamp, searchlight, infrared), ``equipment`` (targeting
    or specialist sighting equipment), ``called_location`` (a part of a normal target aimed at:
    a small target), how the weapon is held (``wrong_hand``, ``one_handed``, ``two_weapons``),
    ``melee`` circumstances, labelled extra ``modifiers``, ``damage_modifier`` (S and T's
    modification of the damage roll, from the book) and ``chart_results`` (what the GM read on
    the Damage Chart for each penetrating hit, in order)."""

    actions: list[RpAction] = Field(default_factory=lambda: [RpAction()], min_length=1, max_length=limits.RP_ACTIONS)
    distance: float = Field(20, ge=0, le=100000, description="metres")
    light: Literal["day", "twilight", "night"] = "day"
    illumination: Literal["none", "flashlight", "head-lamp", "searchlight", "infrared"] = "none"
    equipment: bool = False
    called_location: Location | None = None
    wrong_hand: bool = False
    one_handed: bool = False
    two_weapons: bool = False
    melee: RpMelee = Field(default_factory=RpMelee)
    modifiers: list[Modifier] = Field(default_factory=list, max_length=limits.MODIFIERS)
    damage_modifier: int = Field(0, ge=-100, le=100)
    chart_results: list[Annotated[str, Field(max_length=limits.CHART_ROW_LENGTH)]] = Field(
        default_factory=list, max_length=40
    )


class RpScenario(_Model):
    """One round of the fan-made Warhammer 40,000 Roleplay: attacker, target, the round's actions,
    the Damage Charts the player entered, and the dice (``dice`` rolled by hand, or a ``seed``)."""

    version: Literal[1] = 1
    system: Literal["wh40krp"] = "wh40krp"
    attacker: RpAttacker = Field(default_factory=RpAttacker)
    target: RpTarget = Field(default_factory=RpTarget)
    action: RpRound = Field(default_factory=RpRound)
    charts: list[DamageChart] = Field(default_factory=list, max_length=10)
    dice: list[DieFace] | None = Field(None, max_length=MAX_DICE)
    seed: Seed | None = None

    # Fate points are the d100 rulesets' (rules.d100.fate): named here only to be refused at the field
    fate_reroll: Any = Field(None, exclude=True, description="refused: this ruleset has no Fate points")

    @field_validator("fate_reroll")
    @classmethod
    def _no_fate(cls, value: Any) -> Any:
        if value is not None:
            from ..d100.fate import NO_FATE

            raise ValueError(NO_FATE["wh40krp"])
        return value

    @model_validator(mode="after")
    def _one_dice_source(self) -> RpScenario:
        if self.dice is not None and self.seed is not None:
            raise ValueError("give either dice (rolled by hand) or a seed (roll for me), not both")
        return self


# ----------------------------------------------------------------------------------------------
# The resolution


class Layer(_Model):
    """One thing a hit must penetrate, outermost first: ``layer`` cover, force field or armour;
    its armour ``type``; the ``basic`` chance, the weapon's ``modifier`` (and a parry's), the
    ``chance`` (percent), the ``roll`` (null when 100% or more: no roll needed) and the verdict."""

    layer: Literal["cover", "force field", "armour"]
    name: str | None = None
    type: str | None = None
    basic: int
    modifier: int = 0
    parry: int = 0
    chance: int
    roll: int | None = None
    penetrated: bool

    def describe(self) -> str:
        """``cover (Wall) 40% +5 weapon = 45%: rolled 30, penetrated`` (a force field's is flat)."""
        what = self.layer + (f" ({self.name})" if self.name else "") + (f", {self.type}" if self.type else "")
        if self.layer == "force field":
            how = f"flat {self.chance}%"
        else:
            how = f"{self.basic}% {signed(self.modifier)} weapon"
            if self.parry:
                how += f" {signed(-self.parry)} parry"
            how += f" = {self.chance}%"
        if self.roll is None:
            rolled = "no roll needed (100% or more)"
        else:
            rolled = f"rolled {self.roll:02d}" + (" (0% or less: only 01 penetrates)" if self.chance <= 0 else "")
        return f"{what} {how}: {rolled}, {'penetrated' if self.penetrated else 'stopped'}"


class RpDamage(_Model):
    """The damage roll of a penetrating hit: the ``chart`` it is read on, the ``die`` and its
    ``roll``, the ``modifiers`` (+10 through cover, S and T), the ``total`` and the ``result``
    (from the player's chart, or typed by the GM; null: read it in the book, or, with
    ``result_from`` ``"off_chart"``, the total is on no row of the player's chart: the GM reads it)."""

    chart: int
    die: int
    roll: int
    modifiers: list[AppliedModifier] = Field(default_factory=list)
    total: int
    result: str | None = None
    # "off_chart": the total is on no row of the player's chart; result is null,
    # the GM reads it (the step names the rows the chart covers).
    result_from: Literal["chart", "gm", "off_chart"] | None = None


class Deviation(_Model):
    """Where an area effect shot that missed landed: ``clock`` direction (1-12, 12 straight on
    away from the firer, 6 back towards him) and ``metres`` from the target."""

    clock: int
    metres: int
    note: str | None = None


class Shot(_Model):
    """One shot (or one hand-to-hand blow): its ``action`` (1-based), ``kind`` (single, semi, auto,
    heavy auto, blow, overload), the target's name, the ``characteristic`` tested (BS, WS; ``-``
    for an overload) and its ``base`` value, the modifiers and the ``chance`` (percent), the
    ``roll``; whether it hit (``automatic`` for a large target in range), jammed or overloaded; the
    ``location`` and the number looked up for it (``location_roll``); the ``layers`` penetrated;
    whether it ``penetrated`` (and, when not, whether the target ducked back: ``duck_back``); its
    ``damage``; where an area effect miss landed; a blow's
    ``initiative``; whether a parry was made and succeeded."""

    number: int
    action: int
    kind: str
    target: str
    target_index: int = 0
    characteristic: Literal["BS", "WS", "-"] = "BS"
    base: int = 0
    modifiers: list[AppliedModifier] = Field(default_factory=list)
    chance: int
    roll: int | None = None
    hit: bool
    automatic: bool = False
    jammed: bool = False
    overloaded: bool = False
    location: str | None = None
    location_roll: int | None = None
    layers: list[Layer] = Field(default_factory=list)
    penetrated: bool = False
    duck_back: bool | None = None  # a hit that did not penetrate: whether the target ducked back
    damage: RpDamage | None = None
    landed: Deviation | None = None
    initiative: int | None = None
    parry_roll: int | None = None
    parried: bool | None = None


class Blow(_Model):
    """A blow in the round's effective initiative order: who strikes and at what Initiative."""

    who: str
    initiative: int


class RpResolution(_Model):
    """The whole round: what was done (``action``, ``actions_spent`` of 4), each shot or blow, the
    hits, the penetrating hits, who ducks back, jams (and the Tek test to clear one), the order of
    blows in hand-to-hand, rounds fired, and every die and step.

    ``outcome``: ``hit`` when any shot or blow hit, ``jam`` when the weapon jammed before any
    hit, else ``miss``."""

    system: Literal["wh40krp"] = "wh40krp"
    attacker: str
    target: str
    weapon: str
    action: str
    actions_spent: int
    outcome: Literal["hit", "miss", "jam"]
    shots: list[Shot] = Field(default_factory=list)
    hits: int = 0
    penetrating_hits: int = 0
    duck_back: list[str] = Field(default_factory=list)
    jammed: bool = False
    overloaded: bool = False
    tek_roll: int | None = None
    jam_cleared: bool | None = None
    initiative: list[Blow] = Field(default_factory=list)
    rounds_fired: int = 0
    rounds_left: int | None = None
    seed: int | None = None
    dice: list[Die] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)
