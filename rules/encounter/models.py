"""The encounter's records: the file (its events) and the state derived from it.

The **encounter file** (``auspex-encounter.json``) is a public format, versioned like the party
file; fields are added, never renamed or dropped without a migration::

    {"auspex_encounter": 1, "system": "dh2", "events": [{"type": "add", ...}, ...]}

Every event is an operation with a ``type``; those that roll dice (``initiative``, ``attack``,
``clear_jam``) are stored with the ``dice`` they consumed, so the file replays to the same state
for ever (a ``seed`` given when the event is first applied is turned into its dice). The
**state** (:class:`EncounterState`) is never stored: :func:`rules.encounter.replay` derives it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from rules.d100.models import MAX_DICE, DieFace, FateTestName, Seed, TableOptions

from .. import limits
from ..critical.models import AppliedEffect, CriticalTable, PerilsTable, PhenomenaTable, PsychicReading
from ..errors import ScenarioError

ID_LENGTH = 40
"""A combatant's id has at most this many characters."""
Id = Annotated[str, Field(pattern=r"^[\w-]{1,40}$", description="a combatant's id, unique in the encounter")]
MAX_EVENTS = 2000
"""An encounter file holds at most this many events (a long fight is a few hundred)."""
MAX_COUNT = 20
"""An ``add`` event's ``count``: at most this many identical combatants in one event."""
PlayerName = Annotated[
    str, Field(min_length=1, max_length=limits.LABEL_LENGTH, description="a player's name, as the player typed it")
]
"""A player's name (a claim's, a proposal's): at most :data:`rules.limits.LABEL_LENGTH` characters."""
FOES = "foes"
"""The side of a combatant added with none (every combatant of a file written before sides)."""
PARTY = "party"
"""The player characters' side."""


class EncounterError(ScenarioError):
    """An event the encounter's state does not allow (or an invalid file): ``errors`` names the
    field of the event concerned (``then.who``, ``events.4.action.aim``) and says why. Nothing in
    the encounter changes."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Event(_Model):
    note: str | None = Field(None, max_length=limits.LABEL_LENGTH, description="a word from the GM, shown in the log")


class NewCombatant(_Model):
    """A combatant as added: its ``id`` (unique; the page makes one), ``name``, and the scenario's
    own sub-objects for its ruleset: ``attacker`` (how it attacks: characteristics and weapon, or
    an Epic formation's shooting units) and ``target`` (how it is attacked: wounds, TB, armour,
    evasion, a Horde's Magnitude, an Epic formation's units). Either may be missing: a combatant
    with no ``target`` cannot be attacked, one with no ``attacker`` cannot attack."""

    id: Id
    name: str = Field(..., min_length=1, max_length=limits.NAME_LENGTH)
    attacker: dict[str, Any] | None = None
    target: dict[str, Any] | None = None
    surprised: bool = Field(False, description="it loses its first turn (seed 003, Surprise)")
    # Fate points (rules/encounter/fate.py; the d100 rulesets): all of them left when it joins
    fate: int | None = Field(None, ge=0, le=99, description="its Fate points (the maximum; all left when it joins)")
    # Sides: "party" (the player characters), "foes" or any name the GM gives; left out of the file
    # when not given (a file written before sides: everyone "foes", as one side)
    side: str | None = Field(
        None,
        min_length=1,
        max_length=40,
        description='its side: "party" for the player characters; left out: "foes"',
    )


class _Rolled(_Event):
    dice: list[DieFace] | None = Field(None, max_length=MAX_DICE, description="the dice rolled, in order")
    seed: Seed | None = Field(None, description="roll for me: replaced by the dice it rolled")


class AddEvent(_Rolled):
    """A combatant joins the encounter. Once the fight has started it takes its place in the
    initiative order: in the Dark Heresy family it rolls its own 1d10 + AgB (its ``dice`` or
    ``seed``; the others keep theirs: initiative is rolled once per combat, seed 003), the fan
    ruleset places it by I, Epic after the others."""

    type: Literal["add"]
    combatant: NewCombatant
    # "xN": N identical combatants from one profile, named "NAME 1".."NAME N" with ids "ID-1".."ID-N";
    # left out of the file when not given (one combatant, its own name and id)
    count: int | None = Field(
        None, ge=1, le=MAX_COUNT, description="how many identical combatants join (named NAME 1..NAME N)"
    )


class ProfileEvent(_Event):
    """A combatant's ``attacker`` and/or ``target`` profile replaced (a new weapon, its armour);
    what it has taken is kept."""

    type: Literal["profile"]
    who: Id
    attacker: dict[str, Any] | None = None
    target: dict[str, Any] | None = None


class RemoveEvent(_Event):
    """A combatant leaves the encounter (undo brings it back)."""

    type: Literal["remove"]
    who: Id


class InitiativeEvent(_Rolled):
    """The fight starts: initiative is rolled (the d100 rulesets; the fan ruleset orders by I;
    Epic keeps the order the formations were added in) and round 1 begins."""

    type: Literal["initiative"]


class NearbyRef(_Model):
    """Another combatant near the target (:attr:`AttackEvent.nearby`) with the ``hits`` of a
    burst moved onto it (the scenario's ``target.nearby[].hits``)."""

    id: Id
    hits: int = Field(1, ge=0, le=100)


class AttackEvent(_Rolled):
    """``who`` attacks ``at``: ``action`` is the scenario's action for the ruleset (its ``aim``
    comes from the encounter: Aim is an action of its own). ``reaction``: whether the target uses
    its Reaction (Dodge/Parry, where its profile has one); null: it does when it can.

    d100 rulesets only: ``nearby`` names other combatants (an id, or ``{"id", "hits"}``) within
    2 m of the target for a burst's extra hits (DH2, Deathwatch), or engaged in the same melee for
    Stray Shots (seed 004, Stray Shots); the engine builds ``target.nearby`` from their states and
    applies what each took to it. ``at2``: a two-weapon attack's second target, another
    combatant (``action.targets_apart`` says how far apart, seed 004: within 10 m)."""

    type: Literal["attack"]
    who: Id
    at: Id
    action: dict[str, Any] = Field(default_factory=dict)
    reaction: bool | None = None
    charts: list[dict[str, Any]] | None = Field(
        None, max_length=10, description="the fan ruleset's Damage Charts typed in (the scenario's charts)"
    )
    # Others struck by one attack as combatants: nearby foes / those engaged, and the
    # second weapon's target. Left out of the file while None.
    nearby: list[Id | NearbyRef] | None = Field(None, max_length=limits.NEARBY_FOES)
    at2: Id | None = None
    # Suppressing Fire's random targets (seed 001, Suppressing Fire): the other
    # combatants in the area; each hit goes to a die-chosen one of the target and these
    area: list[Id] | None = Field(None, max_length=limits.NEARBY_FOES)
    # Critical effects (rules/d100/encounter/criticals.py): this attack's own tables, kept
    # instead of those of the last critical_tables event; left out of the file while None
    critical_tables: list[CriticalTable] | None = Field(None, max_length=3 * 16)
    # Fate points (rules/encounter/fate.py): one test of this attack re-rolled with a Fate point of
    # the combatant whose test it is; left out of the file while None
    fate_reroll: FateTestName | None = Field(None, description="the test re-rolled with a Fate point")
    # A volley (rules/encounter/volley.py): the other bodies of ``who``'s "xN" entry firing with it
    # at ``at`` as one action, each its own attack, in initiative order, from one group of dice;
    # left out of the file while None (one attacker, as before)
    volley: list[Id] | None = Field(
        None,
        min_length=1,
        max_length=MAX_COUNT - 1,
        description="ids of the other bodies of the same xN entry firing with who, as one action",
    )


class AimEvent(_Event):
    """Aim as a Half (+10) or Full (+20) Action, held for the combatant's next attack."""

    type: Literal["aim"]
    who: Id
    aim: Literal["half", "full"] = "half"


class ClearJamEvent(_Rolled):
    """Clear a jammed weapon: a Full Action and a BS test (seed 004, Weapon Jams)."""

    type: Literal["clear_jam"]
    who: Id
    # Two-weapon fighting (seed 004): "second" clears the weapon in the other hand
    weapon: Literal["second"] | None = Field(None, description='"second": the weapon in the other hand')


class SimpleEvent(_Rolled):
    """An action with no roll: ``reload`` (its Rld), ``stand`` (from Prone), ``ready``, ``move``,
    ``run``, ``delay`` (act later this round), ``end_turn`` (``who`` is whose turn it is);
    ``disengage``, ``tactical_advance``, ``brace`` (:mod:`rules.d100.encounter.moves`).

    ``end_turn`` may roll (:mod:`rules.d100.encounter.upkeep`): a Pinned combatant's
    Willpower test to recover and a bleeding one's Blood Loss d100 are rolled as its turn ends,
    from ``dice`` (typed) or ``seed`` (rolled for it), stored as dice so the file replays."""

    type: Literal[
        "reload",
        "stand",
        "ready",
        "move",
        "run",
        "delay",
        "end_turn",
        "take_item",
        "disengage",
        "tactical_advance",
        "brace",
    ]
    who: Id
    # The fan ruleset's 4-action task (seed 000, Actions): take_item's fallen character
    other: Id | None = Field(None, description="take_item: the dead, wounded or knocked out character")
    # Two-weapon fighting (seed 004): a reload of the weapon in the other hand
    weapon: Literal["second"] | None = Field(None, description='reload: "second", the weapon in the other hand')
    # Move (seed 003 / seed 001, Move: Half/Full): true, a Full Action's move (2 x AB m)
    full: bool | None = Field(None, description="move: a Full Action (twice the Half move)")


# Every non-attack action's test: Use a Skill, Jump or Leap, Focus Power
class TestEvent(_Rolled):
    """A named test the combatant takes as its action (:mod:`rules.d100.encounter.moves`): ``test`` is
    ``skill`` (Use a Skill: ``skill`` names it, ``value`` its percent), ``jump`` (an Agility test),
    ``leap`` (a Strength test) or ``focus_power`` (Deathwatch, DH2: a Focus Power test, WP by
    default; DH1: the Threshold roll, ``psy_dice`` d10s + WP Bonus against ``threshold``);
    ``value`` (percent) replaces the characteristic the profile gives; ``modifier`` (percent, the
    difficulty and the rest, capped at +/-60); ``cost`` ``half`` or ``full`` (Use a Skill and Focus
    Power: Varies, the player says; Jump or Leap: always Full). The d100 (or d10s) from ``dice`` or
    ``seed``. Raises EncounterError at the field for a missing value or a DH1 power with no dice."""

    __test__ = False  # not a pytest class
    type: Literal["test"]
    who: Id
    test: Literal["skill", "jump", "leap", "focus_power"]
    skill: str | None = Field(None, min_length=1, max_length=limits.LABEL_LENGTH, description="the skill or power")
    value: int | None = Field(None, ge=0, le=100, description="percent: the skill or characteristic tested")
    modifier: int = Field(0, ge=-100, le=100, description="percent")
    cost: Literal["half", "full"] | None = None
    psy_dice: int | None = Field(None, ge=1, le=10, description="DH1 Focus Power: d10s rolled (up to the psy rating)")
    threshold: int | None = Field(None, ge=1, le=100, description="DH1 Focus Power: the power's Threshold")
    # Fate points (rules/encounter/fate.py): its d100 re-rolled with a Fate point of its own
    fate_reroll: bool | None = Field(None, description="re-roll the test's d100 with a Fate point; the new roll stands")


# the GM screen's conditions and Overwatch across turns (rules/d100/encounter/upkeep.py)
class OverwatchEvent(_Event):
    """``who`` takes Overwatch (a Full Action, seed 001, Overwatch): a kill zone is set and it is
    On Overwatch over its later turns, until its shot (an ``attack`` with ``action.overwatch``,
    taken out of its turn at no action) is fired, it takes another action, or the GM ends it.
    ``fire``: the attack action the shot will be (Deathwatch: Semi-Auto Burst, Full Auto Burst or
    Suppressing Fire; DH1: any ranged attack; left out: Full Auto Burst); ``zone``: the GM's words
    for the kill zone. In Epic (seed 002, Overwatch) it is the formation's action for its turn, with
    no ``fire`` or ``zone``: it may shoot out of its turn until it shoots or acts the next turn."""

    type: Literal["overwatch"]
    who: Id
    fire: str | None = Field(
        None, min_length=1, max_length=40, description="d100: the burst the shot will be (left out: Full Auto Burst)"
    )
    zone: str | None = Field(None, max_length=limits.LABEL_LENGTH, description="the kill zone, in words")


class RestEvent(_Event):
    """``who`` rests ``hours`` out of the fight (seed 001, Fatigue: "Each hour of complete rest
    removes 1 level of Fatigue; after 8 hours, Fatigue is reduced to 0")."""

    type: Literal["rest"]
    who: Id
    hours: int = Field(1, ge=1, le=24)


class ConditionEvent(_Event):
    """The GM gives (or with ``remove``, takes away) a condition: ``rounds`` counts the
    combatant's own turns (null: until removed); ``other``: the other combatant of a grapple."""

    type: Literal["condition"]
    who: Id
    condition: str = Field(..., min_length=1, max_length=40)
    rounds: int | None = Field(None, ge=1, le=100)
    remove: bool = False
    other: Id | None = None


class AdjustEvent(_Event):
    """The GM sets a number by hand (healing, a wound from outside the fight, a fresh clip):
    each field given replaces the state's value."""

    type: Literal["adjust"]
    who: Id
    damage_taken: int | None = Field(None, ge=0, le=2000)
    critical: int | None = Field(None, ge=0, le=100)
    fatigue: int | None = Field(None, ge=0, le=100)
    magnitude: int | None = Field(None, ge=0, le=limits.MAGNITUDE)
    shock: int | None = Field(None, ge=0, le=99)
    rounds: int | None = Field(None, ge=0, le=limits.CLIP, description="rounds in the clip")
    jammed: bool | None = None
    # Two-weapon fighting (seed 004): the weapon in the other hand's clip and jam
    second_rounds: int | None = Field(None, ge=0, le=limits.CLIP, description="rounds in the second weapon's clip")
    second_jammed: bool | None = None
    # Fate points (rules/encounter/fate.py): left now, and the most it has (a refresh sets both)
    fate: int | None = Field(None, ge=0, le=99, description="Fate points left")
    fate_max: int | None = Field(None, ge=0, le=99, description="its Fate points when refreshed")


# Critical effects (rules/d100/encounter/criticals.py): the group's tables in force
class CriticalTablesEvent(_Event):
    """The group's Critical Effects tables (:class:`rules.critical.models.CriticalTable`, the
    encounter's own ruleset only) in force for the attacks after it: each attack's scenario gets
    them as ``critical_tables``, so a row read applies its effects. No action; an empty list takes
    them away. Stored in the file, so replay reads the tables of the time, not the device's now."""

    type: Literal["critical_tables"]
    tables: list[CriticalTable] = Field(default_factory=list, max_length=3 * 16)
    # The group's Psychic Phenomena and Perils of the Warp tables in force with them (each
    # attack's scenario gets them as ``phenomena`` and ``perils``); left out: none
    phenomena: PhenomenaTable | None = None
    perils: PerilsTable | None = None


Event = Annotated[
    AddEvent
    | ProfileEvent
    | RemoveEvent
    | InitiativeEvent
    | AttackEvent
    | AimEvent
    | ClearJamEvent
    | SimpleEvent
    | ConditionEvent
    | AdjustEvent
    | OverwatchEvent  # Overwatch held over turns
    | RestEvent  # Fatigue's recovery by rest
    | TestEvent  # Use a Skill, Jump or Leap, Focus Power
    | CriticalTablesEvent,  # the group's Critical Effects tables in force
    Field(discriminator="type"),
]
# Every event's ``type``, read off the models' own ``Literal`` (one list, not a second copy to keep
# in step): what :mod:`rules.encounter.run` looks for in a validation error's location.
EVENT_TYPES: tuple[str, ...] = tuple(
    kind for model in get_args(get_args(Event)[0]) for kind in get_args(model.model_fields["type"].annotation)
)


class EncounterFile(_Model):
    """The whole encounter: version 1 of ``auspex_encounter``, its ruleset (``system``: every
    combatant is of it, so a result applies only within its own ruleset) and its ``events``;
    ``options``: the table rules of a d100 encounter (:class:`~rules.d100.models.TableOptions`), put
    into every attack's scenario (absent: the rules as printed)."""

    auspex_encounter: Literal[1] = 1
    system: str
    name: str | None = Field(None, max_length=limits.NAME_LENGTH)
    events: list[Event] = Field(default_factory=list, max_length=MAX_EVENTS)
    # Table rules: one set for the whole encounter, put into every attack's scenario
    options: TableOptions | None = None
    # The players' view (rules/encounter/player_view.py): the combatants of other sides than
    # "party" whose numbers the GM shows the players; left out of the file while None
    reveal: list[Id] | None = Field(
        None, max_length=MAX_EVENTS, description="ids of combatants the GM shows the players whole"
    )
    # Players' claims (rules/encounter/proposals.py): the party's combatants a player plays, each
    # accepted by the GM (combatant id: the player's name); left out of the file while None
    claims: dict[Id, PlayerName] | None = Field(
        None, max_length=MAX_EVENTS, description="combatant id: the name of the player the GM lets play it"
    )


# ---------------------------------------------------------------------------------------------
# The state (derived, never stored)


class WeaponState(_Model):
    """A combatant's weapon: ``clip`` (its Clip: rounds a full load holds; 0 when not counted, as
    a melee weapon), ``rounds`` loaded now, ``jammed``, ``overheated`` (turns of its wielder
    before it fires again), ``reload`` (Rld as printed) and ``reloading`` (Half Actions still owed
    to a reload under way: Rld Half is 1, Full 2, "2 Full" 4, seed 003's "How many actions to
    reload" counted in Half Actions, a Full Action being two); ``repairing``: turns of its wielder until a jam is repaired (the fan
    ruleset: 4 rounds after a passed Tek test, seed 000)."""

    name: str
    clip: int = 0
    rounds: int = 0
    jammed: bool = False
    overheated: int = 0
    reload: str | None = None
    reloading: int = 0
    repairing: int = 0
    # Recharge: turns of its wielder before it fires again (seed 001 / DW Core, Recharge)
    recharging: int = 0


class Condition(_Model):
    """A condition on a combatant: its ``name``, the turns of its own it lasts (``rounds``; None
    until removed), why (``detail``), the rule (``source``), the ``other`` combatant (a grapple's)
    and ``value`` (Aim's bonus, percent)."""

    name: str
    rounds: int | None = None
    detail: str = ""
    source: str = ""
    other: str | None = None
    value: int | None = None
    # Overwatch: the attack action its shot will be
    fire: str | None = None


class FuryEffect(_Model):
    """A Righteous Fury critical effect a combatant suffered (seed 004, Righteous Fury): the
    ``table`` (damage type and location), the hit ``location`` and the d5 row (``effect``). Each is
    a separate effect: they do not stack, and they are not Critical damage (seed 004 L70).

    ``text`` (the group's words for the row, empty when the row is not entered) and
    ``effects`` (applied, amounts rolled). The same record keeps a row read for critical damage
    (:attr:`CombatantState.critical_rows`; ``effect`` is then the row, 1-10)."""

    table: str
    location: str
    effect: int
    text: str = ""
    effects: list[AppliedEffect] = Field(default_factory=list)


class CombatantState(_Model):
    """One combatant now: its profile and everything that carries from one action to the next.

    ``kind``: ``single`` (a d100 character: ``wounds`` W, ``damage_taken``, ``critical``
    damage, ``fatigue`` levels), ``horde`` (``magnitude`` left of ``magnitude_start``), ``rp`` (the
    fan ruleset: ``injuries``, the damage charts' results), ``formation`` (Epic: ``units`` left
    of ``units_start``, ``shock``, ``lost`` unit indexes, ``integrity`` by index). ``out``: why it
    is out of the fight (slain, destroyed, wiped out), or None. ``no_reaction``: the condition that
    keeps it from making a Reaction now (Stunned, Helpless, Surprised...), or None."""

    id: str
    name: str
    kind: Literal["single", "horde", "rp", "formation", "none"]
    attacker: dict[str, Any] | None = None
    target: dict[str, Any] | None = None
    wounds: int | None = None
    damage_taken: int = 0
    critical: int = 0
    fatigue: int = 0
    magnitude: int | None = None
    magnitude_start: int | None = None
    injuries: list[str] = Field(default_factory=list)
    units: int | None = None
    units_start: int | None = None
    lost: list[int] = Field(default_factory=list)
    integrity: dict[int, int] = Field(default_factory=dict)
    shock: int = 0
    weapon: WeaponState | None = None
    # Two-weapon fighting: the weapon in the other hand (its clip), when the profile has one.
    second_weapon: WeaponState | None = None
    conditions: list[Condition] = Field(default_factory=list)
    aim: Literal["none", "half", "full"] = "none"
    initiative: int | None = None
    d10: int | None = None
    roll_offs: list[int] = Field(default_factory=list)
    half_actions: int = 0
    actions: list[str] = Field(default_factory=list)
    reaction_used: bool = False
    no_reaction: str | None = None
    out: str | None = None
    fury: list[FuryEffect] = Field(default_factory=list)  # Righteous Fury effects suffered (seed 004 L70)
    # Pinned: an attack targeted it since its last turn ended (seed 001, Pinning: +30 if not)
    shot_at: bool = False
    # Critical effects (rules/d100/encounter/criticals.py): the rows read for its critical
    # damage, and its characteristics' damage (points by characteristic, taken off its later
    # attacks' tests); left out of the JSON while empty
    critical_rows: list[FuryEffect] = Field(default_factory=list)
    characteristic_damage: dict[str, int] = Field(default_factory=dict)
    # The group's Psychic Phenomena and Perils of the Warp rows read for it as a psyker
    # (rules/d100/encounter/criticals.py, psychic_effects); left out of the JSON while empty
    psychic_rows: list[PsychicReading] = Field(default_factory=list)
    # Fate points (rules/encounter/fate.py): left and its most; None (left out of the JSON): unknown
    fate: int | None = None
    fate_max: int | None = None
    # Sides: its side ("foes" when the add gave none) and the last combatant of another side it
    # attacked (the page's default target); last_target left out of the JSON while None
    side: str = FOES
    last_target: str | None = None
    # A volley (rules/encounter/volley.py): ``group``, the id of the "xN" entry it is a body of;
    # ``volleyed``, the round whose turn it gave to a volley it fired in. Left out while None
    group: str | None = None
    volleyed: int | None = None

    @model_serializer(mode="wrap")
    def _omit_empty(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            for key in ("critical_rows", "characteristic_damage", "psychic_rows"):
                if not data.get(key, 1):
                    del data[key]
            for key in ("fate", "fate_max", "last_target", "group", "volleyed"):
                if data.get(key, 0) is None:
                    del data[key]
        return data

    def has(self, name: str) -> Condition | None:
        """The condition called ``name`` it has, or None."""
        return next((c for c in self.conditions if c.name == name), None)


class LogLine(_Model):
    """One event as the log shows it: its ``index`` in the file, ``round``, who acted and what
    happened, in words."""

    index: int
    round: int
    who: str | None = None
    text: str


class GrappleState(_Model):
    """A grapple going on (seed 004, Grappling): the ``controller``'s and the ``grappled`` one's
    ids, and ``thrown_down``: the grappled one lies Prone from the controller's Throw Down (+10 to
    the controller's opposed tests in the grapple until it stands)."""

    controller: str
    grappled: str
    thrown_down: bool = False


class EncounterState(_Model):
    """The encounter now: its ``system``, the ``round`` (0 before initiative), the initiative
    ``order`` (ids), whose ``turn`` it is, the ``combatants`` (in the order added; removed ones
    are gone), the number of ``events`` and the ``log``."""

    system: str
    name: str | None = None
    options: TableOptions | None = None  # the file's table rules
    round: int = 0
    order: list[str] = Field(default_factory=list)
    turn: str | None = None
    combatants: list[CombatantState] = Field(default_factory=list)
    events: int = 0
    log: list[LogLine] = Field(default_factory=list)
    # Grappling (seed 004): the grapples going on; left out of the JSON while there is none
    grapples: list[GrappleState] = Field(default_factory=list)
    # The fan ruleset's clock (seed 000: a turn is 6 rounds): the game turn and the round within it;
    # left out of the JSON in the other rulesets
    game_turn: int | None = None
    round_of_turn: int | None = None
    # Critical effects: the tables of the last critical_tables event; left out while none
    critical_tables: list[CriticalTable] = Field(default_factory=list)
    # The psychic tables of the last critical_tables event; left out while none
    phenomena: PhenomenaTable | None = None
    perils: PerilsTable | None = None

    @model_serializer(mode="wrap")
    def _omit_no_grapples(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        for key in ("phenomena", "perils"):
            if isinstance(data, dict) and key in data and data[key] is None:
                del data[key]
        if isinstance(data, dict) and not data.get("grapples", 1):
            del data["grapples"]
        if isinstance(data, dict) and not data.get("critical_tables", 1):
            del data["critical_tables"]
        if isinstance(data, dict):  # the fan ruleset's clock, only where it is kept
            for key in ("game_turn", "round_of_turn"):
                if data.get(key, 0) is None:
                    del data[key]
        return data

    def get(self, cid: str) -> CombatantState | None:
        """The combatant with id ``cid``, or None."""
        return next((c for c in self.combatants if c.id == cid), None)
