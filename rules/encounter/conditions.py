"""The conditions an encounter tracks, as records: one home for what each condition is and does.

A condition is a name on a combatant (:class:`rules.encounter.models.Condition`). What it does is
its record here (:class:`ConditionRule`), read by the engine at the encounter's points, never by
the page (the catalogue ships the records: :func:`catalogue`):

- ``categories``: the consequences code asks about ("which conditions cause X", as Foundry dnd5e's
  condition types do): ``no_actions``, ``half_action_only``, ``no_reaction``,
  ``no_ranged_attacks``, ``rolls_at_turn_end``, ``ends_at_turn_start``, ``loses_first_turn``
  (:data:`CATEGORIES`; :func:`having`, :func:`first`);
- ``modifiers``: what it gives an attack made by (``attacker``) or against (``target``) its bearer,
  per ruleset: the ruleset's own circumstance row when its table has one (so the modifier shows
  with the table's source), else a WS/BS percent with the rule's source (:func:`d100_given`);
- ``evasion``: what it takes from its bearer's Reaction test (:func:`evasion_penalties`);
- ``hooks``: code run at the turn's points (:class:`Hooks`: turn start, an action spent, turn end),
  called in the registry's order by :func:`turn_start`, :func:`action_spent`, :func:`turn_end`;
  the end of a turn also counts down every condition's rounds (:func:`tick`).

Each ruleset's difference is data in the record (a :class:`Modifier` row per ruleset and side), as
Showdown's ``data/conditions.ts`` keeps one entry per condition and its mods overlay it. A module
with conditions of its own registers their records (:func:`register`:
:mod:`rules.d100.encounter.manoeuvres`). How to add one: ``docs/conditions.md``.

Where the rulesets differ: DH1's table (seed 003) and Deathwatch's GM screen (seed 001) name
most of these circumstances; DH2's table (``rules/data/dh2/tables.json``, DH2 Core Table 7-3)
names Stunned, Prone, Unaware and Fatigued but not Running or Pinned, which come from the DH2
Core text cited below. DH1's Prone row has no BS modifier for shooting a prone target (seed 003
line 75 gives only WS +10), so none is added there.

Readings (the seeds are silent; read from the published books and NOT checked against them):

- Blinded (the Blind trait of DH1 Core and Deathwatch Core: "automatically fail all Ballistic Skill
  Tests ... a \u221230 penalty to Weapon Skill Tests"; DH2 read the same): its bearer's ranged
  attacks are refused, its melee attacks \u221230 WS; attacks on it gain nothing.
- Crippled (X) (DH2 Core, Ch. V, Crippling (X), left by a Crippling hit that wounds:
  :mod:`rules.d100.conditions`): each turn it takes more than a Half Action (its spent actions
  pass one Half Action on its own turn), X damage is added to its damage taken, ignoring armour and
  TB; a Horde's is left to the GM. Its location is named in the condition's detail.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any, Literal

from rules import registry
from rules.d100 import tables

from ..d100 import FATIGUED_SOURCE, fatigued
from .models import CombatantState, Condition, EncounterError

if TYPE_CHECKING:
    from .engine import Ctx

CATEGORIES: dict[str, str] = {
    "no_actions": "its bearer takes no actions",
    "half_action_only": "its bearer takes Half Actions only",
    "no_reaction": "its bearer makes no Reaction",
    "no_ranged_attacks": "its bearer makes no ranged attack",
    "rolls_at_turn_end": "ending its bearer's turn rolls dice for it",
    "ends_at_turn_start": "it ends as its bearer's next turn starts",
    "loses_first_turn": "its bearer loses its turn in the first round",
}
"""Every consequence a condition may have (its ``categories``), with what it means in words."""

Side = Literal["attacker", "target"]


@dataclass(frozen=True)
class Modifier:
    """What a condition gives an attack in ruleset ``system`` (``dh2``, ``dh1``, ``dw``) made by
    (``side`` ``attacker``) or against (``target``) its bearer: the ruleset's circumstance row
    named ``table`` (only for that ``test``, ``ws`` or ``bs``, when given), or else ``ws``/``bs``
    in percent (None: nothing to that test) with the rule's ``source``."""

    system: str
    side: Side
    table: str | None = None
    test: Literal["", "ws", "bs"] = ""
    ws: int | None = None
    bs: int | None = None
    source: str = ""


@dataclass(frozen=True)
class Evasion:
    """What a condition takes from its bearer's ``reaction`` (``Dodge``, ``Parry``): ``value``
    percent, named ``label``, with the rule's ``source``."""

    reaction: str
    label: str
    value: int
    source: str


Hook = Callable[..., Any] | str
"""A hook: a function, or its path ``"package.module:function"`` (loaded at its first call, so a
hook may live in a module that imports this one)."""


@dataclass(frozen=True)
class Hooks:
    """A condition's code at the turn's points, each called with the :class:`~rules.encounter.engine.Ctx`,
    the bearer and its :class:`~rules.encounter.models.Condition`:

    - ``turn_start(ctx, c, cond)``: its bearer's turn starts (before the category
      ``ends_at_turn_start`` ends it);
    - ``action_spent(ctx, c, cond, what, cost)``: its bearer took action ``what`` costing ``cost``
      Half Actions (0: out of turn, a delayed Half Action); ``c.half_actions`` is already spent;
    - ``turn_end(ctx, c, cond)``: its bearer ends its turn (``end_turn``), when it is not out.

    A hook changes the state and says what it did in ``ctx.log`` (and ``ctx.steps`` for dice)."""

    turn_start: Hook | None = None
    action_spent: Hook | None = None
    turn_end: Hook | None = None


@dataclass(frozen=True)
class ConditionRule:
    """One condition's record: its ``name``, its ``rule`` (the source), its ``summary`` (words for
    the GM), its ``categories`` (keys of :data:`CATEGORIES`), its ``modifiers`` to attacks by
    ruleset and side, its ``evasion`` penalties, its ``hooks`` and the ``label`` a card shows
    (empty: its name). Raises ValueError for a category not in :data:`CATEGORIES`."""

    name: str
    rule: str
    summary: str
    categories: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    evasion: tuple[Evasion, ...] = ()
    hooks: Hooks = field(default_factory=Hooks)
    label: str = ""

    def __post_init__(self) -> None:
        unknown = [c for c in self.categories if c not in CATEGORIES]
        if unknown:
            raise ValueError(f"{self.name}: unknown categories {unknown}; one of {list(CATEGORIES)}")

    def has(self, category: str) -> bool:
        """Whether it has the consequence ``category``."""
        return category in self.categories


_NO_ACTIONS = ("no_actions", "no_reaction")
DELAY_SRC = "DH2 Core, Delay"
SURPRISE_SRC = "seed 003, Surprise"
BLIND_SRC = (
    "DH1 Core / Deathwatch Core, Blind (trait: automatically fails all BS tests, \u221230 to WS tests); "
    "read the same in DH2 (not in the seeds; a reading, unchecked)"
)


def _delay_lost(ctx: Ctx, c: CombatantState, cond: Condition) -> None:
    """Delaying's turn start: the Half Action it kept and did not take is lost (DH2 Core, Delay)."""
    ctx.log.append(f"{c.name}'s delayed Half Action is lost: its turn has come ({DELAY_SRC})")


def _crippled_acts(ctx: Ctx, c: CombatantState, cond: Condition, what: str, cost: int) -> None:
    """Crippled (X)'s action spent: the action that takes its bearer past one Half Action on its own
    turn deals X damage, ignoring armour and TB (DH2 Core, Ch. V, Crippling (X)); once a turn, as
    its Half Actions pass one only once. A Horde's is left to the GM."""
    before = c.half_actions - cost
    if ctx.state.turn != c.id or not cost or before > 1 or c.half_actions <= 1:
        return
    x = cond.value or 0
    src = cond.source or rule("Crippled").rule
    if not x:  # given by the GM, who did not say its X
        ctx.log.append(f"{c.name} is Crippled and takes more than a Half Action ({what}): the GM applies its X ({src})")
        return
    if c.kind != "single":
        ctx.log.append(f"{c.name} is Crippled ({x}) and takes {what}: the GM applies its {x} damage ({src})")
        return
    most = c.wounds or 0
    old, c.damage_taken = c.damage_taken, c.damage_taken + x
    c.critical += max(0, c.damage_taken - most) - max(0, old - most)
    crit = f", critical damage {c.critical}" if c.critical else ""
    ctx.log.append(
        f"{c.name} is Crippled ({x}) and takes more than a Half Action ({what}): {x} damage, ignoring armour "
        f"and TB, {c.damage_taken} of {most} taken{crit} ({src})"
    )


CONDITIONS: dict[str, ConditionRule] = {
    c.name: c
    for c in (
        ConditionRule(
            "Stunned",
            "seed 001, Stunned (no Actions, including free ones; opponents +20 to hit); seed 003, Stunned Targets",
            "no Actions or Reactions; attacks on it +20",
            _NO_ACTIONS,
            modifiers=(
                Modifier("dh2", "target", "Stunned Target"),
                Modifier("dh1", "target", "Stunned Targets"),
                Modifier("dw", "target", "Stunned Target"),
            ),
        ),
        ConditionRule(
            "Pinned",
            "seed 001, Pinned (Half Actions only, \u221220 BS, keep cover; Willpower test at the end of the turn)",
            "Half Actions only; \u221220 BS",
            ("half_action_only", "rolls_at_turn_end"),
            modifiers=(
                Modifier("dw", "attacker", "Attacker is Pinned"),
                Modifier(
                    "dh2",
                    "attacker",
                    bs=-20,
                    source="DH2 Core, Ch. VII, Pinning (a Pinned character suffers \u221220 to BS tests)",
                ),
                Modifier(
                    "dh1",
                    "attacker",
                    bs=-20,
                    source="DH1 Core, Ch. VIII, Pinning (a Pinned character suffers \u221220 to BS tests)",
                ),
            ),
            # seed 001, Pinning ("must keep cover between them and the shooter")
            hooks=Hooks(turn_end="rules.d100.encounter.upkeep:pinned_test"),
            label="Pinned (keeps cover)",
        ),
        ConditionRule(
            "Prone",
            "seed 003, Prone (WS on prone +10, WS & BS by prone \u221210, Dodge by prone \u221220); seed 001",
            "melee attacks on it +10 (DW +20); its own attacks \u221210; its Dodge \u221220",
            modifiers=(
                Modifier("dh2", "target", "Target Prone"),
                Modifier("dh2", "attacker", "Attacker Prone"),
                Modifier("dh1", "target", "Target Prone"),
                Modifier("dh1", "attacker", "Attacker Prone"),
                Modifier("dw", "target", "Prone Target"),
                Modifier(
                    "dw",
                    "attacker",
                    ws=-10,
                    bs=-10,
                    source="seed 001 / Deathwatch Core, Ch. VII, Prone (attacking while prone \u221210)",
                ),
            ),
            evasion=(Evasion("Dodge", "Dodging while Prone", -20, "seed 003, Prone; seed 001"),),
        ),
        ConditionRule(
            "Running",
            "seed 003, Run (enemies \u221220 BS and +20 WS); DH2 Core, Ch. VII, Run; seed 001",
            "until its next turn: shooting at it \u221220, melee attacks on it +20",
            ("ends_at_turn_start",),  # Running lasts until its next turn (seed 003, Run)
            modifiers=(
                Modifier("dw", "target", "Target is Running"),
                Modifier(
                    "dh2",
                    "target",
                    ws=20,
                    bs=-20,
                    source="DH2 Core, Ch. VII, Run (until its next turn: ranged attacks against it \u221220, melee +20)",
                ),
                Modifier("dh1", "target", ws=20, bs=-20, source="seed 003, Run (enemies \u221220 BS and +20 WS)"),
            ),
        ),
        ConditionRule(
            "Helpless",
            "seed 003, Helpless Targets (automatic success; roll twice for damage)",
            "attacks on it succeed at once; no Reactions",
            _NO_ACTIONS,
        ),
        ConditionRule(
            "Surprised",
            "seed 003, Surprise (loses its first turn); seed 001, Surprised or Unaware target +30",
            "loses its first turn; attacks on it +30; no Reactions",
            ("no_reaction", "loses_first_turn"),
            modifiers=(
                Modifier("dh2", "target", "Unaware Target"),
                Modifier("dh1", "target", "Unaware Targets"),
                Modifier("dw", "target", "Surprised or Unaware Target"),
            ),
        ),
        ConditionRule(
            "Unaware",
            "seed 003, Unaware Targets +30; seed 001",
            "attacks on it +30; no Reactions",
            ("no_reaction",),
            modifiers=(
                Modifier("dh2", "target", "Unaware Target"),
                Modifier("dh1", "target", "Unaware Targets"),
                Modifier("dw", "target", "Surprised or Unaware Target"),
            ),
        ),
        ConditionRule(
            "Grappled",
            "seed 004, Grappling (no Reactions; only the Grapple action; other attackers +20 WS)",
            "in a grapple: no Reactions, only the Grapple action; other attackers +20 WS",
            ("no_reaction",),
            modifiers=(
                # grapplers "are considered to be engaged in melee combat" (seed 004): shooting one is
                # shooting into melee (DH2 Core, Table 7-3); "Other attackers gain a +20 bonus to
                # Weapon Skill tests to hit any target engaged in a Grapple" (seed 004, Grappling)
                Modifier("dh2", "target", "Shooting into Melee Combat", test="bs"),
                Modifier(
                    "dh2", "target", ws=20, source="seed 004, Grappling (other attackers +20 WS against a grappler)"
                ),
            ),
        ),
        ConditionRule(
            "On Fire", "DH2 Core, Ch. VII, On Fire; seed 004, Flame", "burning: its effects are applied by hand"
        ),
        ConditionRule(
            "Blood Loss",
            "seed 001, Blood Loss (10% chance of death each Round unless treated)",
            "applied by hand",
            ("rolls_at_turn_end",),
            hooks=Hooks(turn_end="rules.d100.encounter.upkeep:blood_loss"),
        ),
        ConditionRule(
            "On Overwatch",
            "seed 001, Overwatch (a kill zone held up to WP Bonus rounds; its shots are applied by hand for now)",
            "holding a kill zone",
            # any other action ends its Overwatch (seed 001)
            hooks=Hooks(action_spent="rules.d100.encounter.upkeep:overwatch_ends"),
        ),
        ConditionRule(
            "Immobilised",
            "seed 004 / DH2 Core, Snare (immobilised until it escapes)",
            "cannot move or act; helpless",
            _NO_ACTIONS,
        ),
        ConditionRule("Hallucinating", "DH2 Core, Hallucinogenic", "its effects are applied by hand"),
        ConditionRule("Poisoned", "DH2 Core, Toxic", "its effects are applied by hand"),
        ConditionRule(
            "Delaying",
            "DH2 Core, Ch. VII, Delay",
            "may take one Half Action before its next turn",
            ("ends_at_turn_start",),  # a delayed action not taken by then is lost
            hooks=Hooks(turn_start=_delay_lost),
        ),
        ConditionRule("Braced", "DH2 Core, Ch. V, Heavy weapons (braced)", "its Heavy weapon is braced"),
        ConditionRule(
            "Broken", "seed 002, Shock (a formation is broken when every unit is suppressed)", "broken formation"
        ),
        ConditionRule(
            "Unconscious", "seed 001, Fatigue (more Fatigue than TB: unconscious)", "no Actions; helpless", _NO_ACTIONS
        ),
        ConditionRule(
            "Blinded",
            BLIND_SRC,
            "no ranged attacks (its BS tests fail); its melee attacks \u221230 WS",
            ("no_ranged_attacks",),
            modifiers=tuple(Modifier(s, "attacker", ws=-30, source=BLIND_SRC) for s in ("dh2", "dh1", "dw")),
        ),
        ConditionRule(
            "Crippled",
            "DH2 Core, Ch. V, Crippling (X) (not in the seeds; a reading, unchecked)",
            "each turn it takes more than a Half Action: X damage to the location hit, ignoring armour and TB",
            hooks=Hooks(action_spent=_crippled_acts),
        ),
    )
}
"""Every condition the GM may give, by name, in the order the page offers them."""

FATIGUED = ConditionRule(
    "Fatigued",
    FATIGUED_SOURCE,
    "any level of Fatigue: \u221210 to all tests",
    modifiers=tuple(Modifier(s, "attacker", "Fatigued") for s in ("dh2", "dh1", "dw")),
)
"""Fatigue is a number on the combatant (``fatigue``), not a condition the GM is offered: any level
is the Fatigued circumstance (seed 001: \u221210 to all tests); its record holds the tables' rows,
which a condition the GM names "Fatigued" by hand also gives (:func:`d100_given`)."""


REGISTERING = ("rules.d100.encounter.manoeuvres",)
"""The modules that register condition records of their own (:func:`register`), imported by
:func:`records` so the list is whole whichever module was imported first."""


def records() -> list[ConditionRule]:
    """Every condition record, in the order the GM is offered them (the registering modules'
    after these)."""
    for module in REGISTERING:
        import_module(module)
    return list(CONDITIONS.values())


def register(r: ConditionRule) -> ConditionRule:
    """Add condition ``r`` to :data:`CONDITIONS` (offered to the GM after those there; a name
    already there keeps its record); the record kept."""
    return CONDITIONS.setdefault(r.name, r)


def rule(name: str) -> ConditionRule:
    """The rule of condition ``name`` (a GM's own name gets a rule with no effect)."""
    return CONDITIONS.get(name) or ConditionRule(name, "the GM", "tracked; no effect resolved")


def having(category: str) -> list[ConditionRule]:
    """The conditions with consequence ``category`` (a key of :data:`CATEGORIES`), in the
    registry's order: "which conditions cause X". Raises KeyError for an unknown category."""
    CATEGORIES[category]
    return [r for r in records() if r.has(category)]


def first(c: CombatantState, category: str) -> Condition | None:
    """The first of ``c``'s conditions with consequence ``category``, or None."""
    return next((cond for cond in c.conditions if rule(cond.name).has(category)), None)


def limit(c: CombatantState) -> tuple[str, Condition] | None:
    """What its conditions stop ``c`` from doing: (``all``: no actions | ``full``: Half Actions
    only, the condition), the first such condition on it, or None. Fatigue beyond TB is
    Unconscious (seed 001)."""
    for cond in c.conditions:
        r = rule(cond.name)
        if r.has("no_actions"):
            return "all", cond
        if r.has("half_action_only"):
            return "full", cond
    return None


def blocking_reaction(c: CombatantState) -> str | None:
    """The name of the condition that keeps ``c`` from making any Reaction, or None."""
    cond = first(c, "no_reaction")
    return cond.name if cond is not None else None


def can_react(c: CombatantState) -> str | None:
    """Why ``c`` cannot make a Reaction now (its Reaction used this round, a condition), or None."""
    if c.reaction_used:
        return f"{c.name} has used its Reaction this round (one Reaction a round: seed 003, Reactions; seed 001)"
    cond = first(c, "no_reaction")
    if cond is not None:
        return f"{c.name} is {cond.name}: no Reactions ({rule(cond.name).rule})"
    return None


def refuse_attack(field_: str, c: CombatantState, melee: bool) -> None:
    """Refuse a ranged attack (not ``melee``) by ``c`` while a condition of it has the consequence
    ``no_ranged_attacks`` (Blinded): raises :class:`EncounterError` at ``field_.who``."""
    cond = None if melee else first(c, "no_ranged_attacks")
    if cond is not None:
        raise EncounterError.at(
            f"{field_}.who", f"{c.name} is {cond.name}: no ranged attacks ({rule(cond.name).rule}); remove it first"
        )


def loses_turn(c: CombatantState, round_: int) -> str | None:
    """Why ``c`` loses its turn in round ``round_`` (a Surprised one, its first: seed 003,
    Surprise), in words for the log, or None."""
    cond = first(c, "loses_first_turn") if round_ == 1 else None
    if cond is None:
        return None
    return f"{c.name} is {cond.name} and loses its first turn ({SURPRISE_SRC})"


def first_round_over(c: CombatantState) -> None:
    """Round 2 starts: the conditions that cost ``c`` its first turn (Surprised) end."""
    c.conditions = [x for x in c.conditions if not rule(x.name).has("loses_first_turn")]


def _call(hook: Hook, *args: Any) -> None:
    fn = registry.load(hook) if isinstance(hook, str) else hook
    fn(*args)


def turn_start(ctx: Ctx, c: CombatantState) -> None:
    """``c``'s turn starts: each of its conditions' ``turn_start`` hook (in the registry's order),
    then those ``ends_at_turn_start`` end (Running, Delaying)."""
    for r in list(CONDITIONS.values()):
        cond = c.has(r.name)
        if cond is not None and r.hooks.turn_start is not None:
            _call(r.hooks.turn_start, ctx, c, cond)
    c.conditions = [x for x in c.conditions if not rule(x.name).has("ends_at_turn_start")]


def action_spent(ctx: Ctx, c: CombatantState, what: str, cost: int) -> None:
    """``c`` took action ``what`` costing ``cost`` Half Actions (already spent): each of its
    conditions' ``action_spent`` hook, in the registry's order."""
    for r in list(CONDITIONS.values()):
        cond = c.has(r.name)
        if cond is not None and r.hooks.action_spent is not None:
            _call(r.hooks.action_spent, ctx, c, cond, what, cost)


def turn_end(ctx: Ctx, c: CombatantState) -> None:
    """``c`` ends its turn: each of its conditions' ``turn_end`` hook (in the registry's order:
    Pinned's Willpower test, then Blood Loss's d100), while it is not out of the fight."""
    for r in list(CONDITIONS.values()):
        cond = c.has(r.name)
        if cond is not None and r.hooks.turn_end is not None and not c.out:
            _call(r.hooks.turn_end, ctx, c, cond)


def catalogue() -> dict[str, Any]:
    """The conditions for the page (:mod:`rules.catalogue`): ``{"categories": {key: words},
    "conditions": [{name, summary, source, categories, label?}]}`` in the order the GM is offered
    them."""
    return {
        "categories": dict(CATEGORIES),
        "conditions": [
            {
                "name": r.name,
                "summary": r.summary,
                "source": r.rule,
                "categories": list(r.categories),
                **({"label": r.label} if r.label else {}),
            }
            for r in records()
        ],
    }


@dataclass(frozen=True)
class Given:
    """What a condition gives one attack: a table ``circumstance`` (by its name in the ruleset's
    table) or a ``modifier`` (``label``, ``value`` percent, ``source``); ``why`` names the
    condition and its bearer for the resolution's step."""

    why: str
    circumstance: str | None = None
    label: str | None = None
    value: int = 0
    source: str = ""


def _rows(r: ConditionRule, system: str, side: str) -> list[Modifier]:
    return [m for m in r.modifiers if m.system == system and m.side == side]


def _one(system: str, side: Side, name: str, why: str, melee: bool) -> Given | None:
    """What condition ``name`` on the ``side`` gives the attack (see :func:`d100_given`), or None."""
    rows = _rows(FATIGUED if name == FATIGUED.name else rule(name), system, side)
    test = "ws" if melee else "bs"
    named = [m.table for m in rows if m.table and m.test == test] + [m.table for m in rows if m.table and not m.test]
    if named and (c := tables.tables(system).circumstances.get(named[0])) is not None:
        return Given(why, circumstance=named[0]) if (c.ws if melee else c.bs) is not None else None
    own = next((m for m in rows if m.table is None), None)
    value = None if own is None else own.ws if melee else own.bs
    if own is None or value is None:
        return None
    return Given(why, label=f"{name} ({side})", value=value, source=own.source)


def d100_given(system: str, attacker: CombatantState, target: CombatantState, melee: bool) -> list[Given]:
    """What the attacker's and the target's conditions give an attack by ``attacker`` on
    ``target`` (``melee``: a WS test, else BS), in the ruleset ``system`` (``dh2``, ``dh1``,
    ``dw``), from each record's :class:`Modifier` rows: the table's row for that test, else its
    row for any test (a row the table has but with no value for the test gives nothing), else the
    record's own percent. Fatigue is a number: any level is the Fatigued circumstance
    (:data:`FATIGUED`)."""
    out: list[Given] = []
    sides: list[tuple[Side, CombatantState, list[str]]] = [
        ("attacker", attacker, [c.name for c in attacker.conditions] + (["Fatigued"] if attacker.fatigue else [])),
        ("target", target, [c.name for c in target.conditions]),
    ]
    for side, who, conds in sides:
        for name in conds:
            held = who.has("Grappled") if name == "Grappled" else None
            if side == "target" and held is not None and held.other == attacker.id:
                continue  # the other grappler is no "other attacker"
            why = f"{who.name} is {name}" + (f" ({who.fatigue} level(s) of Fatigue)" if name == "Fatigued" else "")
            given = _one(system, side, name, why, melee)
            if given is not None:
                out.append(given)
    return out


def evasion_penalties(target: CombatantState, reaction: str) -> list[tuple[str, int, str]]:
    """What the target's state takes from its Reaction test: its conditions' :class:`Evasion`
    rows for ``reaction`` in the registry's order (Prone \u221220 to Dodge: seed 003, Prone; seed
    001, Dodging whilst Prone), then Fatigued \u221210 to all tests (seed 001, Fatigue)."""
    out: list[tuple[str, int, str]] = []
    for r in list(CONDITIONS.values()):
        if target.has(r.name) is not None:
            out += [(e.label, e.value, e.source) for e in r.evasion if e.reaction == reaction]
    if fatigued(target.fatigue):  # the one number the attack's own tests for the target read too
        out.append(("Fatigued", fatigued(target.fatigue), FATIGUED_SOURCE))
    return out


def tick(c: CombatantState) -> list[Condition]:
    """The conditions that end as ``c``'s turn ends (their ``rounds`` counted down to 0); the rest
    stay on ``c`` with one turn fewer."""
    kept, ended = [], []
    for cond in c.conditions:
        if cond.rounds is None:
            kept.append(cond)
        elif cond.rounds <= 1:
            ended.append(cond)
        else:
            kept.append(cond.model_copy(update={"rounds": cond.rounds - 1}))
    c.conditions = kept
    return ended
