"""The encounter's non-attack actions of the d100 rulesets' tables: Move as a Half or a
Full Action, Disengage, Tactical Advance, Brace Heavy Weapon, and the named tests Use a Skill, Jump
or Leap and Focus Power. Each handler spends the action's cost through the turn's budget
(:func:`rules.encounter.engine._act`, passed in as ``act``), changes the state and writes a log line
citing the table row (``rules/data/<system>/other_actions.json``, :mod:`rules.other_actions`).

- Move (seed 003 / seed 001, Move: Half/Full): up to AB metres as a Half Action, 2 x AB as a Full
  (Deathwatch: its Movement table by AB, seed 001; DH1 and DH2: their Core Rulebooks' AB and 2 x AB).
- Disengage (Full): it leaves melee; its foes get no free attack; a grapple it is in is not left
  this way (seed 004: only the Grapple action acts in a grapple, refused before).
- Tactical Advance (Full): it moves from cover to cover and counts as in cover (the ``In Cover``
  condition) until its next turn: an attack on it says so (its cover's AP is the player's to give).
- Brace Heavy Weapon (Half): ``Braced`` until it moves; a Heavy weapon fired in the encounter is
  braced only then (unbraced: the attack's own -30 and no bursts, seed 001, Combat Difficulty
  Summary; DH1 Core and DH2 Core, Heavy).
- Use a Skill / Jump or Leap / Focus Power: a d100 test with the ruleset's degrees (DH2's
  counting, or DH1's and Deathwatch's whole tens), Fatigued -10 (seed 001, Fatigue); DH1's Focus
  Power is its Threshold roll instead (DH1 Core, Ch. VI: Xd10 + WP Bonus against the Threshold;
  a 9 on any die calls Psychic Phenomena).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.d100 import D100Test, cap_modifier, dh1_test, dh2_test, signed
from rules.d100.models import Step
from rules.d100.tables import MoveRow, tables
from rules.dice import Roller
from rules.encounter import fate
from rules.encounter.acting import event_roller
from rules.encounter.models import CombatantState, Condition, EncounterError
from rules.errors import FieldError
from rules.other_actions import has_other_actions, other_actions

Act = Callable[[Any, CombatantState, int, str], None]

MOVED_ENDS = ("Braced", "In Cover")
"""Conditions a combatant loses when it moves again (Brace: until it moves; Tactical Advance's
cover: for the move it makes)."""
TURN_ENDS = ("In Cover",)
"""Conditions that end when the combatant's next turn starts (Tactical Advance)."""

_EVENT_NAMES = {
    "move": "Move",
    "disengage": "Disengage",
    "tactical_advance": "Tactical Advance",
    "brace": "Brace Heavy Weapon",
}
_COST = {"disengage": 2, "tactical_advance": 2, "brace": 1}
_TESTS: dict[str, Callable[[int, int], D100Test]] = {"dh2": dh2_test, "dh1": dh1_test, "dw": dh1_test}
"""Each d100 ruleset's test: DH2 counts degrees its way, DH1 and Deathwatch in whole tens."""
_CHARACTERISTIC = {"jump": "Ag", "leap": "S", "focus_power": "WP"}
_TEST_ROWS = {
    "skill": ("Use Skill", "Use a Skill"),
    "jump": ("Jump/Leap", "Jump or Leap"),
    "leap": ("Jump/Leap", "Jump or Leap"),
    "focus_power": ("Focus Power",),
}


FULL_ACTION_TESTS = ("jump", "leap")
"""The named tests that are always a Full Action (seed 003 / seed 001, Actions: Jump/Leap, Full;
DH2 Core, Ch. VII, Jump/Leap): their ``cost`` is not asked."""
THRESHOLD_POWERS = frozenset({"dh1"})
"""The rulesets whose Focus Power is the Threshold roll (DH1 Core, Ch. VI: Xd10 + WP Bonus against
the power's Threshold, a 9 on any die calling Psychic Phenomena), not a d100 test."""
THRESHOLD_ASKS = ("psy_dice", "threshold")
"""What a Threshold roll asks of the test event: its d10s and the power's Threshold."""


def threshold_roll(system: str, test: str) -> bool:
    """Whether ``test`` in ``system`` is a Threshold roll (:data:`THRESHOLD_POWERS`)."""
    return test == "focus_power" and system in THRESHOLD_POWERS


def test_controls(system: str) -> dict[str, dict[str, Any]]:
    """The named tests of ``system`` as the page offers them, by the test event's ``test``:
    ``{"cost": "full" | None, "asks": [field], "tables": bool, "source": str}``: ``cost`` fixed
    (Jump and Leap are Full Actions) or None (the player's Half or Full), ``asks`` the event's
    fields it needs beyond the percent (DH1's Focus Power: ``psy_dice`` and ``threshold``),
    ``tables`` whether it may read the group's Psychic Phenomena and Perils of the Warp tables
    (so the page sends them first), ``source`` its action table row. {} outside the d100 rulesets."""
    if system not in _TESTS:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for key, rows in _TEST_ROWS.items():
        roll = threshold_roll(system, key)
        out[key] = {
            "cost": "full" if key in FULL_ACTION_TESTS else None,
            "asks": list(THRESHOLD_ASKS) if roll else [],
            "tables": roll,
            "source": source(system, *rows),
        }
    return out


MOST_AGILITY = 100
"""The highest Agility a d100 profile holds (:data:`rules.d100.models.Percent`)."""


def movement(system: str) -> dict[str, Any] | None:
    """``system``'s movement in metres per round for every Agility a profile may hold, as the page
    shows it beside the attacker's Ag: ``{"source", "rows": [{ab, half, full, charge, run,
    ag_from, ag_to}]}``, AB the tens digit of Ag (Ag 35: AB 3), one row per AB 0-10. Deathwatch: its
    Movement table (seed 001, Movement); DH1 and DH2: Half Move AB, Full Move 2 x AB (their Move
    row: seed 003, Actions; DH2 Core, Table 7-2), Run 6 x AB (the Run row: move triple), Charge
    3 x AB (DH1 Core Table 8-2 and DH2 Core Table 7-2, Movement: a reading from the books' tables,
    not checked against DH1's AB 0 row), the same metres the Move and Run events give. None outside
    the d100 rulesets."""
    if not has_other_actions(system):
        return None
    table = tables(system).movement
    if table is not None:
        src = table.source
    else:
        src = "; ".join(dict.fromkeys(source(system, name) for name in ("Move", "Run")))
    rows = []
    for ab in range(MOST_AGILITY // 10 + 1):
        row = table.row(ab) if table is not None else MoveRow(ab=ab, half=ab, full=2 * ab, charge=3 * ab, run=6 * ab)
        rows.append({**row.model_dump(), "ag_from": ab * 10, "ag_to": min(ab * 10 + 9, MOST_AGILITY)})
    return {"source": src, "rows": rows}


def source(system: str, *names: str) -> str:
    """The table row's source for the action called one of ``names`` in ``system``'s
    other_actions.json, or the first name where the ruleset has none."""
    if has_other_actions(system):
        for name in names:
            row = other_actions(system).get(name)
            if row is not None:
                return row.source
    return names[0]


def is_move_event(system: str, kind: str) -> bool:
    """Whether a SimpleEvent ``type`` is one this module handles in ``system``: its own types
    everywhere (refused outside the d100 rulesets), Move in the d100 rulesets (elsewhere the
    engine's plain Move stays)."""
    return kind in _EVENT_NAMES and (kind != "move" or has_other_actions(system))


def simple(ctx: Any, act: Act) -> None:
    """Move (Half or Full), Disengage, Tactical Advance or Brace Heavy Weapon (the module
    docstring). Raises EncounterError at the field: not a d100 ruleset's action, not its turn,
    the budget spent."""
    ev, st = ctx.event, ctx.state
    c = ctx.who()
    d100 = has_other_actions(st.system)
    if ev.type != "move" and not d100:
        raise EncounterError.at(f"{ctx.field}.type", f"{_EVENT_NAMES[ev.type]} is an action of the d100 rulesets")
    if ev.full is not None and ev.type != "move":
        raise EncounterError.at(f"{ctx.field}.full", "Only Move is taken as a Half or a Full Action")
    name = _EVENT_NAMES[ev.type]
    src = source(st.system, name, "Jump or Leap")
    cost = 2 if ev.full else _COST.get(ev.type, 1)
    act(ctx, c, cost, name if ev.type != "move" else f"Move ({'Full' if ev.full else 'Half'})")
    if ev.type == "brace":
        c.conditions = [x for x in c.conditions if x.name != "Braced"]
        c.conditions.append(Condition(name="Braced", source=src, detail="its Heavy weapon, until it moves"))
        ctx.log.append(f"{c.name} braces its Heavy weapon: braced until it moves ({src})")
        return
    moved = [x.name for x in c.conditions if x.name in MOVED_ENDS]
    c.conditions = [x for x in c.conditions if x.name not in MOVED_ENDS]
    ends = f"; no longer {', '.join(moved)}" if moved else ""
    if ev.type == "move":
        ctx.log.append(f"{c.name} moves{_metres(st.system, c, 2 if ev.full else 1)} ({src}){ends}")
    elif ev.type == "disengage":
        ctx.log.append(
            f"{c.name} disengages: it breaks off from melee and moves{_metres(st.system, c, 1)}; "
            f"its foes get no free attack ({src}){ends}"
        )
    else:
        c.conditions.append(Condition(name="In Cover", source=src, detail="until its next turn (Tactical Advance)"))
        ctx.log.append(
            f"{c.name} makes a Tactical Advance: it moves from cover to cover and counts as in cover "
            f"until its next turn ({src})"
        )


def run(system: str, c: CombatantState) -> str:
    """Run's move (seed 003 / seed 001, Run: "Move triple", 6 x AB m; Deathwatch's Run column), in
    words (' up to N m ...'; no Ag: empty); it ends what moving ends (:data:`MOVED_ENDS`)."""
    c.conditions = [x for x in c.conditions if x.name not in MOVED_ENDS]
    ag = ((c.attacker or {}).get("characteristics") or {}).get("Ag")
    if not has_other_actions(system) or not isinstance(ag, int):
        return ""
    ab = ag // 10
    move = tables(system).movement
    metres = move.row(ab).run if move is not None else 6 * ab
    return f" up to {metres:g} m (AB {ab}: triple its Full Move)"


def _metres(system: str, c: CombatantState, halves: int) -> str:
    """' up to N m (AB b)' for a move of ``halves`` Half moves, from its Agility (none: empty)."""
    ag = ((c.attacker or {}).get("characteristics") or {}).get("Ag")
    if not isinstance(ag, int):
        return ""
    ab = ag // 10
    move = tables(system).movement if has_other_actions(system) else None
    if move is not None:
        row = move.row(ab)
        m = row.full if halves == 2 else row.half
        return f" up to {m:g} m (AB {ab}: its {'Full' if halves == 2 else 'Half'} Move, seed 001, Movement)"
    return f" up to {ab * halves} m (AB {ab}{' x 2' if halves == 2 else ''})"


def test(ctx: Any, act: Act) -> None:
    """A named test as the combatant's action (:class:`~rules.encounter.models.TestEvent`): its
    cost spent, its dice rolled from ``ctx.roller``, its step in ``ctx.steps`` and the log.
    Raises EncounterError at the field (a value missing, a DH1 power's dice or Threshold missing,
    a d100 ruleset's action asked of another)."""
    ev, st = ctx.event, ctx.state
    c = ctx.who()
    f = ctx.field
    if st.system not in _TESTS:
        raise EncounterError.at(f"{f}.type", "A named test is an action of the d100 rulesets (dh2, dh1, dw)")
    src = source(st.system, *_TEST_ROWS[ev.test])
    fixed = ev.test in FULL_ACTION_TESTS
    if fixed and ev.cost == "half":
        raise EncounterError.at(f"{f}.cost", f"Jump or Leap is a Full Action ({src})")
    cost = 2 if fixed or ev.cost == "full" else 1
    what = {"skill": f"Use a Skill ({ev.skill or 'a skill'})", "jump": "Jump", "leap": "Leap"}.get(
        ev.test, f"Focus Power ({ev.skill or 'a power'})"
    )
    if threshold_roll(st.system, ev.test):
        _need(f, ev.psy_dice, "psy_dice", "How many d10s (up to its psy rating: DH1 Core, Ch. VI)")
        _need(f, ev.threshold, "threshold", "The power's Threshold (DH1 Core, Ch. VI)")
        value = None
    else:
        value = _value(ctx, c)
    owner = fate.spender_of_test(ctx, c, value is not None)  # Fate points: it has one to spend
    act(ctx, c, cost, what)
    ctx.roller = event_roller(ctx)
    roller = ctx.roller
    nine = False
    if value is None:
        step, nine = _threshold(c, ev, src, what, roller)
    else:
        step = _d100(st.system, c, ev, value, src, what, roller)
    c.conditions = [x for x in c.conditions if not (ev.test in FULL_ACTION_TESTS and x.name in MOVED_ENDS)]
    ctx.steps.append(step)
    ctx.log.append(f"{c.name}: {what}: {step.detail}")
    if owner is not None:  # Fate points: the re-roll's step and the point spent
        ctx.steps.append(fate.reroll_step(st.system, c, roller))
        ctx.log.append(fate.spend(owner))
    if nine and st.phenomena is not None:
        _phenomena(ctx, c, what, roller)


NINE = "A 9 was rolled: Psychic Phenomena"
DH1_PHENOMENA_SRC = "DH1 Core, Ch. VI, Psychic Phenomena"


def _phenomena(ctx: Any, c: CombatantState, what: str, roller: Roller) -> None:
    """DH1's Psychic Phenomena (DH1 Core, Ch. VI: a 9 on any die of the Threshold roll) read on the
    group's table in force (and its Perils of the Warp row where it leads on), after the Threshold
    dice; the rows' effects applied to the psyker ``c``."""
    from rules.d100.encounter.criticals import psychic_effects
    from rules.d100.stages.psychic import read_tables

    st = ctx.state
    steps, readings = read_tables(roller, st.phenomena, st.perils, DH1_PHENOMENA_SRC, who=f"{what}: ")
    ctx.steps.extend(steps)
    for line in psychic_effects(readings, c):
        ctx.log.append(line)


def _need(f: str, v: int | None, key: str, message: str) -> None:
    if v is None:
        raise EncounterError([FieldError(f"{f}.{key}", f"Required: {message}")])


def _value(ctx: Any, c: CombatantState) -> int:
    """The percent tested: the event's ``value``, else the profile's characteristic."""
    ev = ctx.event
    if ev.value is not None:
        return int(ev.value)
    char = _CHARACTERISTIC.get(ev.test)
    got = ((c.attacker or {}).get("characteristics") or {}).get(char) if char else None
    if not isinstance(got, int):
        what = "the skill's percent" if char is None else f"{char} (its profile has none)"
        raise EncounterError.at(f"{ctx.field}.value", f"Required: {what}")
    return got


def _d100(system: str, c: CombatantState, ev: Any, value: int, src: str, what: str, roller: Roller) -> Step:
    """The d100 test: ``value`` + the modifier (Fatigued -10, capped at +/-60), rolled, with its
    degrees as the ruleset counts them."""
    char = "" if ev.value is not None else _CHARACTERISTIC.get(ev.test, "")
    mod = ev.modifier + (-10 if c.fatigue else 0)
    total = cap_modifier(mod)
    roll = fate.d100(roller, f"{what}: d100", bool(ev.fate_reroll))  # Fate points: re-rolled when asked
    t = _TESTS[system](value + total, roll)
    label = ev.skill or char or "the test"
    fat = " (Fatigued \u221210, seed 001)" if c.fatigue else ""
    kind = "degree(s) of success" if t.success else "degree(s) of failure"
    detail = (
        f"{label} {value} {signed(total)}{fat} = {value + total}; rolled {roll:02d}: "
        f"{'success' if t.success else 'failure'}, {abs(t.degrees)} {kind}"
    )
    return Step(rule=what, source=src, detail=detail + ".")


def _threshold(c: CombatantState, ev: Any, src: str, what: str, roller: Roller) -> tuple[Step, bool]:
    """DH1's Focus Power: ``psy_dice`` d10s + WP Bonus against the Threshold (DH1 Core, Ch. VI);
    the step and whether a 9 was rolled (Psychic Phenomena)."""
    wp = ((c.attacker or {}).get("characteristics") or {}).get("WP")
    wpb = wp // 10 if isinstance(wp, int) else 0
    dice = roller.group(10, int(ev.psy_dice), f"{what}: d10 (Threshold roll)")
    total = sum(dice) + wpb
    made = total >= int(ev.threshold)
    nines = f" {NINE} (DH1 Core, Ch. VI)." if 9 in dice else ""
    detail = (
        f"{' + '.join(map(str, dice))} + WP Bonus {wpb} = {total} against Threshold {ev.threshold}: "
        f"{'manifested' if made else 'not manifested'}.{nines}"
    )
    return Step(rule=what, source=src, detail=detail), 9 in dice


def into_attack(who: CombatantState, at: CombatantState, action: dict[str, Any], attacker: dict[str, Any]) -> list[str]:
    """What this module's conditions give an attack by ``who`` on ``at`` (its scenario's
    ``action`` changed in place); the notes. A Heavy weapon is braced when ``who`` is ``Braced``
    (its Brace Heavy Weapon action), whatever the form's Braced box says; otherwise the attack's own
    ``action.braced`` holds (true when left out: so an encounter saved before the Brace action
    replays as it did); a target ``In Cover`` from its Tactical Advance is named (its cover's AP is
    the player's to give on the target)."""
    notes = []
    weapon = attacker.get("weapon") or {}
    braced = who.has("Braced")
    if weapon.get("class") == "Heavy" and braced is not None and action.get("braced") is not True:
        action["braced"] = True
        notes.append(f"{who.name}'s Heavy weapon is Braced by its Brace Heavy Weapon action ({braced.source})")
    cover = at.has("In Cover")
    if cover is not None:
        notes.append(f"{at.name} is In Cover from its Tactical Advance ({cover.source}): give its cover's AP")
    return notes
