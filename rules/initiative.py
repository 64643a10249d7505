"""Initiative: who acts first in a round, for the combat tracker (pure; no clock, no global random).

``roll_initiative(system, combatants, dice) -> InitiativeResult`` and, for adapters,
``run_initiative(data) -> envelope`` (the same statuses as :func:`rules.run`: ``ok`` with
``"initiative"``, ``needs`` with the next die, ``invalid`` with an error per field).

**The Dark Heresy family** (``dh2``, ``dh1``, ``dw``): each combatant rolls 1d10 and adds its
Agility bonus (AgB; Deathwatch writes AB), and the results are ranked highest first (seed 003, the
combat round: "Roll 1d10 + Agility Bonus", "Rank all initiative rolls, including NPC's"; the same in
DH2 Core and Deathwatch Core, Ch. VII, Initiative). The roll stands for the whole combat: the round
repeats only the turns (seed 003: "Repeat steps 4 and 5"), so a die already rolled in this combat
is passed back (``d10``) and kept, and only a newcomer rolls. Equal results (not in the seeds; the
three core rulebooks, Determine Initiative Order / Initiative): the higher Agility characteristic
acts first; still equal, each of them rolls 1d10 and the highest acts first, again among those
still equal. Those roll-off dice are kept for the combat too (``roll_offs``).

**The fan-made ruleset** (``wh40krp``, seed 000 on WFRP 1st edition) rolls no initiative: creatures
act by their Initiative (I), highest first, and a creature with several Attacks strikes at its
effective initiative (I divided by Attacks, at regular intervals, rounded up), as
:func:`rules.wh40krp.readings.blow_order` orders the round's blows (reused here, not copied).
Reading: the seed is silent on creatures of equal I; Auspex rolls them off on 1d10, highest first,
as the Dark Heresy books break their last ties, and passes them to ``blow_order`` in that order.

**Epic** has no initiative for single combatants (its players alternate whole formations), so it is
refused at ``system``.

Dice are consumed in this order: each combatant's d10 without a kept one, in the list's order; then
the roll-offs, tie by tie from the highest total down, each tied combatant in the list's order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.d100.models import MAX_DICE, Die, DieFace, Seed, Step

from . import jsonsafe, limits, registry
from .dice import DiceSource, Roller, ScriptedDice, SeededDice
from .errors import FieldError, NeedDie, ScenarioError

if TYPE_CHECKING:
    InitiativeSystem = str
else:  # the rulesets with an initiative procedure (rules.registry), as a literal that lists them
    InitiativeSystem = Literal[tuple(r.system for r in registry.RULESETS.values() if r.initiative is not None)]
Initiative = Callable[[str, list["InitiativeCombatant"], Roller, list[Step]], "InitiativeResult"]
D10 = Annotated[int, Field(ge=1, le=10)]

# Where each ruleset's initiative rule is written: the roll and the ranking, equal results.
_ROLL = {
    "dh1": "seed 003, the combat round (2. Roll Initiative: 1d10 + Agility Bonus; 3. rank all rolls; "
    "rounds repeat steps 4 and 5 only)",
    "dh2": "DH2 Core, Ch. VII, Initiative (1d10 + Agility bonus, once at the start of the combat; not in seed 004)",
    "dw": "Deathwatch Core, Ch. VII, Initiative (1d10 + Agility Bonus, once at the start of the combat; not in seed 001)",
}
_TIES = {
    "dh1": "DH1 Core, Ch. VIII, Determine Initiative Order (equal: higher Agility first, then a 1d10 roll-off; not in seed 003)",
    "dh2": "DH2 Core, Ch. VII, Initiative (equal: higher Agility first, then a 1d10 roll-off)",
    "dw": "Deathwatch Core, Ch. VII, Initiative (equal: higher Agility first, then a 1d10 roll-off)",
}
_RP_ORDER = "seed 000, Effective Initiative (creatures act by Initiative; blows at I \u00f7 Attacks, rounded up)"
EPIC = "Epic has no initiative for single combatants: its players take turns with whole formations"
_TERM = {"dw": "AB"}  # Deathwatch Core writes AB for the Agility bonus; the Dark Heresy books AgB
_NONE = {"epic": EPIC}  # a ruleset's own reason to roll no initiative
_RP_TIES = "Auspex reading: seed 000 is silent on equal Initiative; a 1d10 roll-off, highest first, as the FFG books do"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class InitiativeCombatant(_Model):
    """One combatant: its ``name``; for the Dark Heresy family its Agility (``Ag``, which breaks
    ties) and/or Agility bonus (``agility_bonus``, counting Unnatural Agility; default the tens digit
    of Ag), and the ``d10`` and ``roll_offs`` already rolled this combat (kept); for the fan ruleset
    its Initiative ``I`` and Attacks ``A`` (and ``roll_offs``)."""

    name: str = Field(..., min_length=1, max_length=limits.NAME_LENGTH)
    Ag: int | None = Field(None, ge=0, le=100)
    agility_bonus: int | None = Field(None, ge=0, le=30)
    d10: D10 | None = None
    roll_offs: list[D10] = Field(default_factory=list, max_length=20)
    I: int | None = Field(None, ge=0, le=200)  # noqa: E741 - the field's own name
    A: int = Field(1, ge=1, le=10)


class InitiativeRequest(_Model):
    """What :func:`run_initiative` takes: the ruleset, the combatants (1 to 50), and ``dice``
    (d10s rolled by hand, in the order of the module docstring) or a ``seed``."""

    version: Literal[1] = 1
    system: InitiativeSystem = "dh2"
    combatants: list[InitiativeCombatant] = Field(..., min_length=1, max_length=50)
    dice: list[DieFace] | None = Field(None, max_length=MAX_DICE)
    seed: Seed | None = None


class InitiativeEntry(_Model):
    """A combatant's place (1 = acts first) and how it got there: ``index`` in the request's list,
    its ``d10`` (``kept``: rolled earlier in the combat) and ``bonus`` (AgB) for the Dark Heresy
    family, or its Initiative as ``total`` (fan ruleset, ``d10`` and ``bonus`` null); the
    ``agility`` that broke a tie; the ``roll_offs`` rolled (or kept) to break one; for the fan
    ruleset the ``blows``: the effective initiative of each of its Attacks."""

    place: int
    index: int
    name: str
    d10: int | None = None
    kept: bool = False
    bonus: int | None = None
    total: int
    agility: int | None = None
    roll_offs: list[int] = Field(default_factory=list)
    blows: list[int] = Field(default_factory=list)


class InitiativeBlow(_Model):
    """A blow of the fan ruleset's round in order: the combatant (``index``, ``name``) and the
    effective initiative it falls at."""

    index: int
    name: str
    initiative: int


class InitiativeResult(_Model):
    """The order (``order``, first to act first), the fan ruleset's blows in order (``blows``),
    the ``seed`` when one rolled the dice, every die consumed and every step with its source."""

    system: str
    order: list[InitiativeEntry]
    blows: list[InitiativeBlow] = Field(default_factory=list)
    seed: int | None = None
    dice: list[Die] = Field(default_factory=list)
    steps: list[Step] = Field(default_factory=list)


def agility_bonus(c: InitiativeCombatant) -> int | None:
    """The combatant's Agility bonus: as given (counting Unnatural Agility), else the tens digit of
    Ag, else None (``Ag 42 -> 4``)."""
    if c.agility_bonus is not None:
        return c.agility_bonus
    return None if c.Ag is None else c.Ag // 10


def _roll_off(
    roller: Roller, group: list[int], people: list[InitiativeCombatant], rolled: dict[int, list[int]], depth: int
) -> list[int]:
    """``group`` (indices) in roll-off order: each rolls 1d10 (or keeps the die it rolled at this
    depth earlier in the combat), highest first; those still equal roll again (after 20 roll-offs
    still equal, which no fair die does, they keep the list's order)."""
    for i in group:
        kept = people[i].roll_offs
        value = kept[depth] if depth < len(kept) else roller.roll(10, f"initiative roll-off d10: {people[i].name}")
        rolled[i].append(value)
    ranked: list[int] = []
    for value in sorted({rolled[i][depth] for i in group}, reverse=True):
        same = [i for i in group if rolled[i][depth] == value]
        if len(same) > 1 and depth < 19:
            ranked += _roll_off(roller, same, people, rolled, depth + 1)
        else:
            ranked += same
    return ranked


def _names(indices: list[int], people: list[InitiativeCombatant]) -> str:
    return ", ".join(people[i].name for i in indices)


def _break_ties(
    roller: Roller,
    indices: list[int],
    score: dict[int, int],
    people: list[InitiativeCombatant],
    by_agility: bool,
    ties_source: str,
    steps: list[Step],
) -> tuple[list[int], dict[int, list[int]]]:
    """``indices`` ranked by ``score`` (highest first); equal scores by Agility (``by_agility``)
    and then a roll-off, each tie written as a step."""
    rolled: dict[int, list[int]] = {i: [] for i in indices}
    ranked: list[int] = []
    for value in sorted(set(score.values()), reverse=True):
        tied = [i for i in indices if score[i] == value]
        if len(tied) == 1:
            ranked += tied
            continue
        groups: list[list[int]] = [tied]
        why = f"{_names(tied, people)} {'both' if len(tied) == 2 else 'all'} have {value}"
        if by_agility:
            if all(people[i].Ag is not None for i in tied):
                ags = sorted({people[i].Ag or 0 for i in tied}, reverse=True)
                groups = [[i for i in tied if people[i].Ag == ag] for ag in ags]
                why += (
                    ": the higher Agility acts first ("
                    + ", ".join(f"{people[i].name} Ag {people[i].Ag}" for i in tied)
                    + ")"
                )
            else:
                why += ": Agility is not known for all of them, so they roll off"
        for group in groups:
            if len(group) == 1:
                ranked += group
                continue
            order = _roll_off(roller, group, people, rolled, 0)
            ranked += order
            why += (
                f"; {_names(group, people)} roll off on 1d10, highest first ("
                + ", ".join(f"{people[i].name} " + " then ".join(map(str, rolled[i])) for i in group)
                + f"): {_names(order, people)}"
            )
        steps.append(Step(rule="Equal initiative", source=ties_source, detail=why + "."))
    return ranked, rolled


def roll_initiative(system: str, combatants: list[InitiativeCombatant], dice: DiceSource | Roller) -> InitiativeResult:
    """The initiative order of ``combatants`` under ``system`` (``dh2``, ``dh1``, ``dw``,
    ``wh40krp``), rolling from ``dice`` (a :class:`~rules.dice.SeededDice` or
    :class:`~rules.dice.ScriptedDice`, or a :class:`~rules.dice.Roller` to keep its record).

    Raises :class:`ScenarioError` for a ruleset without initiative (``epic``) or a combatant
    without what its ruleset needs (``combatants.N.Ag`` / ``combatants.N.I``), and
    :class:`NeedDie` when scripted dice run out. Sources: the module docstring; each ruleset's
    procedure is named in :mod:`rules.registry` (``initiative``)."""
    ruleset = registry.find(system)
    if ruleset is None or ruleset.initiative is None:
        raise ScenarioError.at("system", no_initiative(system))
    roller = dice if isinstance(dice, Roller) else Roller(dice)
    procedure: Initiative = registry.load(ruleset.initiative)
    return procedure(system, combatants, roller, [])


def no_initiative(system: str) -> str:
    """Why ``system`` rolls no initiative (Epic's own reason, or the ruleset's name)."""
    ruleset = registry.find(system)
    return _NONE.get(system, f"No initiative for the ruleset {ruleset.name if ruleset else repr(system)}")


def bonus_term(system: str) -> str:
    """What ``system``'s books call the Agility bonus: ``AB`` in Deathwatch, else ``AgB``."""
    return _TERM.get(system, "AgB")


def d100_initiative(
    system: str, combatants: list[InitiativeCombatant], roller: Roller, steps: list[Step]
) -> InitiativeResult:
    """The Dark Heresy family: 1d10 + AgB each (kept dice kept), highest first, ties by Agility
    then roll-offs."""
    missing = [
        FieldError(f"combatants.{i}.Ag", "Give Ag (or the Agility bonus) to roll initiative")
        for i, c in enumerate(combatants)
        if agility_bonus(c) is None
    ]
    if missing:
        raise ScenarioError(missing)
    term = bonus_term(system)
    score: dict[int, int] = {}
    d10: dict[int, int] = {}
    lines = []
    for i, c in enumerate(combatants):
        d10[i] = c.d10 if c.d10 is not None else roller.roll(10, f"initiative d10: {c.name}")
        score[i] = d10[i] + (agility_bonus(c) or 0)
        kept = " (kept: rolled earlier in this combat)" if c.d10 is not None else ""
        lines.append(f"{c.name}: {d10[i]}{kept} + {term} {agility_bonus(c)} = {score[i]}")
    steps.append(Step(rule="Initiative: 1d10 + " + term, source=_ROLL[system], detail="; ".join(lines) + "."))
    ranked, rolled = _break_ties(roller, list(range(len(combatants))), score, combatants, True, _TIES[system], steps)
    order = [
        InitiativeEntry(
            place=place,
            index=i,
            name=combatants[i].name,
            d10=d10[i],
            kept=combatants[i].d10 is not None,
            bonus=agility_bonus(combatants[i]),
            total=score[i],
            agility=combatants[i].Ag,
            roll_offs=rolled[i],
        )
        for place, i in enumerate(ranked, start=1)
    ]
    steps.append(_order_step(order, _ROLL[system]))
    return _result(system, order, [], roller, steps)


def fan_initiative(
    system: str, combatants: list[InitiativeCombatant], roller: Roller, steps: list[Step]
) -> InitiativeResult:
    """The fan ruleset (``system`` ``wh40krp``): order by I (ties rolled off), blows by effective
    initiative."""
    from .wh40krp.readings import blow_order, effective_initiative

    missing = [FieldError(f"combatants.{i}.I", "Give I (Initiative)") for i, c in enumerate(combatants) if c.I is None]
    if missing:
        raise ScenarioError(missing)
    score = {i: c.I or 0 for i, c in enumerate(combatants)}
    steps.append(
        Step(
            rule="Initiative",
            source=_RP_ORDER,
            detail="No roll: each acts at its Initiative; "
            + "; ".join(f"{c.name}: I {c.I}, {c.A} Attack{'s' if c.A > 1 else ''}" for c in combatants)
            + ".",
        )
    )
    ranked, rolled = _break_ties(roller, list(range(len(combatants))), score, combatants, False, _RP_TIES, steps)
    # blow_order keeps equal creatures "as given": given in the order just ranked, keyed by index
    blows = [
        InitiativeBlow(index=int(b.who), name=combatants[int(b.who)].name, initiative=b.initiative)
        for b in blow_order([(str(i), score[i], combatants[i].A) for i in ranked])
    ]
    order = [
        InitiativeEntry(
            place=place,
            index=i,
            name=combatants[i].name,
            total=score[i],
            roll_offs=rolled[i],
            blows=effective_initiative(score[i], combatants[i].A),
        )
        for place, i in enumerate(ranked, start=1)
    ]
    steps.append(_order_step(order, _RP_ORDER))
    if any(c.A > 1 for c in combatants):
        steps.append(
            Step(
                rule="Effective initiative",
                source=_RP_ORDER,
                detail="The round's blows: " + ", ".join(f"{b.name} ({b.initiative})" for b in blows) + ".",
            )
        )
    return _result(system, order, blows, roller, steps)


def _order_step(order: list[InitiativeEntry], source: str) -> Step:
    return Step(
        rule="Initiative order",
        source=source,
        detail="Highest first: " + ", ".join(f"{e.place}. {e.name} ({e.total})" for e in order) + ".",
    )


def _result(
    system: str, order: list[InitiativeEntry], blows: list[InitiativeBlow], roller: Roller, steps: list[Step]
) -> InitiativeResult:
    dice = [Die(purpose=r.purpose, sides=r.sides, value=r.value) for r in roller.records]
    seed = roller.source.seed if isinstance(roller.source, SeededDice) else None
    return InitiativeResult(system=system, order=order, blows=blows, seed=seed, dice=dice, steps=steps)


def _errors(exc: ValidationError) -> list[dict[str, str]]:
    from .api import error_message, field_path  # the scenario's own wording for a field's error

    return [
        {"field": field_path(tuple(err["loc"])) or "initiative", "message": error_message(err)} for err in exc.errors()
    ]


def run_initiative(data: dict[str, Any] | str) -> dict[str, Any]:
    """Validate an :class:`InitiativeRequest` (a dict or JSON text) and roll it; the envelope:
    ``{"status": "ok", "initiative": {...}}``, ``{"status": "needs", "needs": {...}, "dice": [...]}``
    or ``{"status": "invalid", "errors": [{"field", "message"}]}``. Never raises for bad input."""
    try:
        if isinstance(data, str):
            data = jsonsafe.loads(data, what="initiative")
        unreadable = jsonsafe.check_value(data, what="initiative")  # one walk: nesting, numbers, text
        if not isinstance(data, dict):
            raise ScenarioError.at("initiative", "The request is a JSON object")
        ruleset = registry.find(data.get("system"))
        if ruleset is not None and ruleset.initiative is None:  # before the model, which lists only the others
            raise ScenarioError.at("system", no_initiative(ruleset.system))
        if unreadable:  # names too long or unshowable, before the models read them
            raise ScenarioError(unreadable)
        request = InitiativeRequest.model_validate(data)
        if request.dice is not None:
            source: DiceSource = ScriptedDice(request.dice)
        elif request.seed is not None:
            source = SeededDice(request.seed)
        else:
            raise ScenarioError.at("dice", "Give the dice rolled by hand, or a seed to roll for you")
        roller = Roller(source)
        try:
            result = roll_initiative(request.system, request.combatants, roller)
        except NeedDie as need:
            dice = [{"purpose": r.purpose, "sides": r.sides, "value": r.value} for r in roller.records]
            return {"status": "needs", **need.as_dict(), "dice": dice}
    except ValidationError as exc:
        return {"status": "invalid", "errors": _errors(exc)}
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    return {"status": "ok", "initiative": result.model_dump(mode="json")}
