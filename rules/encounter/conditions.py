"""The conditions an encounter tracks, what each does, and where the rule is written.

A condition is a name on a combatant (:class:`rules.encounter.models.Condition`). What it does is
read here, once, by the engine: whether its bearer may act (:func:`limit`), and what it adds to an
attack made by or against its bearer (:func:`d100_circumstances`: the ruleset's own circumstance
when its table has one, so the modifier shows with the table's source; else a modifier with the
rule's source). The page and the forms never compute them.

Where the rulesets differ: DH1's table (seed 003) and Deathwatch's GM screen (seed 001) name
most of these circumstances; DH2's table (``rules/data/dh2/tables.json``, DH2 Core Table 7-3)
names Stunned, Prone, Unaware and Fatigued but not Running or Pinned, which come from the DH2
Core text cited below. DH1's Prone row has no BS modifier for shooting a prone target (seed 003
line 75 gives only WS +10), so none is added there.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import tables
from ..d100 import FATIGUED_SOURCE, fatigued
from .models import CombatantState, Condition


@dataclass(frozen=True)
class ConditionRule:
    """One condition: its ``name``, its ``rule`` (the source), what it stops (``acts``: ``all``:
    no actions; ``full``: Half Actions only; ``reaction``: no Reactions) and its ``summary``."""

    name: str
    rule: str
    summary: str
    acts: str = ""


CONDITIONS: dict[str, ConditionRule] = {
    c.name: c
    for c in (
        ConditionRule(
            "Stunned",
            "seed 001, Stunned (no Actions, including free ones; opponents +20 to hit); seed 003, Stunned Targets",
            "no Actions or Reactions; attacks on it +20",
            "all",
        ),
        ConditionRule(
            "Pinned",
            "seed 001, Pinned (Half Actions only, \u221220 BS, keep cover; Willpower test at the end of the turn)",
            "Half Actions only; \u221220 BS",
            "full",
        ),
        ConditionRule(
            "Prone",
            "seed 003, Prone (WS on prone +10, WS & BS by prone \u221210, Dodge by prone \u221220); seed 001",
            "melee attacks on it +10 (DW +20); its own attacks \u221210; its Dodge \u221220",
        ),
        ConditionRule(
            "Running",
            "seed 003, Run (enemies \u221220 BS and +20 WS); DH2 Core, Ch. VII, Run; seed 001",
            "until its next turn: shooting at it \u221220, melee attacks on it +20",
        ),
        ConditionRule(
            "Helpless",
            "seed 003, Helpless Targets (automatic success; roll twice for damage)",
            "attacks on it succeed at once; no Reactions",
            "all",
        ),
        ConditionRule(
            "Surprised",
            "seed 003, Surprise (loses its first turn); seed 001, Surprised or Unaware target +30",
            "loses its first turn; attacks on it +30; no Reactions",
            "reaction",
        ),
        ConditionRule(
            "Unaware",
            "seed 003, Unaware Targets +30; seed 001",
            "attacks on it +30; no Reactions",
            "reaction",
        ),
        ConditionRule(
            "Grappled",
            "seed 004, Grappling (no Reactions; only the Grapple action; other attackers +20 WS)",
            "in a grapple: no Reactions, only the Grapple action; other attackers +20 WS",
            "reaction",
        ),
        ConditionRule(
            "On Fire", "DH2 Core, Ch. VII, On Fire; seed 004, Flame", "burning: its effects are applied by hand"
        ),
        ConditionRule(
            "Blood Loss", "seed 001, Blood Loss (10% chance of death each Round unless treated)", "applied by hand"
        ),
        ConditionRule(
            "On Overwatch",
            "seed 001, Overwatch (a kill zone held up to WP Bonus rounds; its shots are applied by hand for now)",
            "holding a kill zone",
        ),
        ConditionRule(
            "Immobilised",
            "seed 004 / DH2 Core, Snare (immobilised until it escapes)",
            "cannot move or act; helpless",
            "all",
        ),
        ConditionRule("Hallucinating", "DH2 Core, Hallucinogenic", "its effects are applied by hand"),
        ConditionRule("Poisoned", "DH2 Core, Toxic", "its effects are applied by hand"),
        ConditionRule("Delaying", "DH2 Core, Ch. VII, Delay", "may take one Half Action before its next turn"),
        ConditionRule("Braced", "DH2 Core, Ch. V, Heavy weapons (braced)", "its Heavy weapon is braced"),
        ConditionRule(
            "Broken", "seed 002, Shock (a formation is broken when every unit is suppressed)", "broken formation"
        ),
        ConditionRule(
            "Unconscious", "seed 001, Fatigue (more Fatigue than TB: unconscious)", "no Actions; helpless", "all"
        ),
    )
}
"""Every condition by name, in the order the page offers them."""


def rule(name: str) -> ConditionRule:
    """The rule of condition ``name`` (a GM's own name gets a rule with no effect)."""
    return CONDITIONS.get(name) or ConditionRule(name, "the GM", "tracked; no effect resolved")


def limit(c: CombatantState) -> tuple[str, Condition] | None:
    """What its conditions stop ``c`` from doing: (``all`` | ``full``, the condition), or None.
    Fatigue beyond TB is Unconscious (seed 001)."""
    for cond in c.conditions:
        acts = rule(cond.name).acts
        if acts in ("all", "full"):
            return acts, cond
    return None


def blocking_reaction(c: CombatantState) -> str | None:
    """The name of the condition that keeps ``c`` from making any Reaction, or None."""
    return next((cond.name for cond in c.conditions if rule(cond.name).acts in ("all", "reaction")), None)


def can_react(c: CombatantState) -> str | None:
    """Why ``c`` cannot make a Reaction now (its Reaction used this round, a condition), or None."""
    if c.reaction_used:
        return f"{c.name} has used its Reaction this round (one Reaction a round: seed 003, Reactions; seed 001)"
    for cond in c.conditions:
        if rule(cond.name).acts in ("all", "reaction"):
            return f"{c.name} is {cond.name}: no Reactions ({rule(cond.name).rule})"
    return None


# Each ruleset's own circumstance names for a condition (None: not in its table).
_TABLE_NAMES: dict[str, dict[str, str]] = {
    "dh2": {
        "target:Stunned": "Stunned Target",
        "target:Prone": "Target Prone",
        "attacker:Prone": "Attacker Prone",
        "target:Unaware": "Unaware Target",
        "target:Surprised": "Unaware Target",
        "attacker:Fatigued": "Fatigued",
        # Grappling: grapplers "are considered to be engaged in melee combat" (seed 004): shooting one
        # is shooting into melee (DH2 Core, Table 7-3); a melee attack gains +20 WS (_OWN)
        "target:Grappled:bs": "Shooting into Melee Combat",
    },
    "dh1": {
        "target:Stunned": "Stunned Targets",
        "target:Prone": "Target Prone",
        "attacker:Prone": "Attacker Prone",
        "target:Unaware": "Unaware Targets",
        "target:Surprised": "Unaware Targets",
        "attacker:Fatigued": "Fatigued",
    },
    "dw": {
        "target:Stunned": "Stunned Target",
        "target:Prone": "Prone Target",
        "target:Unaware": "Surprised or Unaware Target",
        "target:Surprised": "Surprised or Unaware Target",
        "attacker:Fatigued": "Fatigued",
        "target:Running": "Target is Running",
        "attacker:Pinned": "Attacker is Pinned",
    },
}
# Modifiers a ruleset's table does not hold: (WS, BS) percent, the rule's source.
_OWN: dict[str, tuple[int | None, int | None, str]] = {
    "dh2:target:Running": (
        20,
        -20,
        "DH2 Core, Ch. VII, Run (until its next turn: ranged attacks against it \u221220, melee +20)",
    ),
    "dh1:target:Running": (20, -20, "seed 003, Run (enemies \u221220 BS and +20 WS)"),
    "dh2:attacker:Pinned": (None, -20, "DH2 Core, Ch. VII, Pinning (a Pinned character suffers \u221220 to BS tests)"),
    "dh1:attacker:Pinned": (None, -20, "DH1 Core, Ch. VIII, Pinning (a Pinned character suffers \u221220 to BS tests)"),
    "dw:attacker:Prone": (-10, -10, "seed 001 / Deathwatch Core, Ch. VII, Prone (attacking while prone \u221210)"),
    # Grappling: "Other attackers gain a +20 bonus to Weapon Skill tests to hit any target engaged in a Grapple"
    "dh2:target:Grappled": (20, None, "seed 004, Grappling (other attackers +20 WS against a grappler)"),
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


def d100_given(system: str, attacker: CombatantState, target: CombatantState, melee: bool) -> list[Given]:
    """What the attacker's and the target's conditions give an attack by ``attacker`` on
    ``target`` (``melee``: a WS test, else BS), in the ruleset ``system`` (``dh2``, ``dh1``,
    ``dw``). Fatigue is a number: any level is the Fatigued circumstance (seed 001: \u221210 to all
    tests)."""
    out: list[Given] = []
    names = _TABLE_NAMES.get(system, {})
    circ = tables.tables(system).circumstances
    sides = [
        ("attacker", attacker, [c.name for c in attacker.conditions] + (["Fatigued"] if attacker.fatigue else [])),
        ("target", target, [c.name for c in target.conditions]),
    ]
    for side, who, conds in sides:
        for name in conds:
            key = f"{side}:{name}"
            held = who.has("Grappled") if name == "Grappled" else None
            if side == "target" and held is not None and held.other == attacker.id:
                continue  # the other grappler is no "other attacker"
            why = f"{who.name} is {name}" + (f" ({who.fatigue} level(s) of Fatigue)" if name == "Fatigued" else "")
            table_name = names.get(f"{key}:{'ws' if melee else 'bs'}") or names.get(key)
            if table_name is not None and (c := circ.get(table_name)) is not None:
                if (c.ws if melee else c.bs) is not None:
                    out.append(Given(why, circumstance=table_name))
                continue
            own = _OWN.get(f"{system}:{key}")
            if own is not None and (value := own[0] if melee else own[1]) is not None:
                out.append(Given(why, label=f"{name} ({side})", value=value, source=own[2]))
    return out


def evasion_penalties(target: CombatantState, reaction: str) -> list[tuple[str, int, str]]:
    """What the target's state takes from its Reaction test: Prone \u221220 to Dodge (seed 003,
    Prone; seed 001, Dodging whilst Prone), Fatigued \u221210 to all tests (seed 001, Fatigue)."""
    out: list[tuple[str, int, str]] = []
    if reaction == "Dodge" and target.has("Prone"):
        out.append(("Dodging while Prone", -20, "seed 003, Prone; seed 001"))
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
