"""Odds of an exchange: the attacks still to come against one target this round, in order.

``run_exchange(data)`` is the envelope of ``python -m rules odds --exchange FILE``: ``data`` is
``{"encounter": <encounter file>, "target": <combatant id>, "attacks": [{"who": <id>, "action":
{...}}, ...]}`` (each action as in an attack event, without dice; ``attacks`` left out: the
default, :func:`default_attacks`). The answer (:class:`ExchangeOdds`): ``steps`` (one per attack,
each with ``down``, the chance the target is down after it, in the odds' chance shape
``{"p", "exact", "low", "high"}``), ``chart`` (the wounds, or Magnitude, the target takes in the whole
exchange, in a single attack's chart shape) and ``act`` (the chance it gets to act at all).

"Down" is the single attack's Kills figure: the wounds taken reach the wounds the target has left
(a Horde: its Magnitude reaches 0), or a Troop is slain by Righteous Fury, or the engine puts it
out of the fight. The carry-over between attacks is the encounter engine's own: each attack is an
attack event applied by :func:`rules.encounter.engine.apply` to the state the earlier ones left
(damage and critical damage accumulate, the Reaction is spent once a round, the conditions an
earlier hit leaves change the later tests, an emptied clip or a jam stops that attacker's later
attacks: its later attacks are skipped). Between two attackers the turns pass by ``end_turn``
events (the engine's upkeep: a Pinned combatant's test as its turn ends).

Two ways, and the answer says which (``exact``):

- **Exact** (d100 rulesets): the joint states walked attack by attack, states that read alike
  merged. Each attack's outcomes are the single attack's exact distribution
  (:func:`rules.odds.d100.outcomes`) on the scenario the engine builds from that state
  (:func:`rules.encounter.engine.preview`); the engine applies the attack (its turn, Aim spent,
  rounds fired) and the outcome sets what the dice decide (wounds, Magnitude, the Reaction, a
  jam, and the conditions the target's tests leave: Stunned, Concussive's Prone, DH2 Shocking's
  Fatigue level, each outcome saying them: ``outcomes(..., conditions=True)``). Taken only where
  an outcome decides all that the attack changes: no quality or action that leaves another
  condition by a test (:data:`rules.d100.conditions.CONDITIONS`: Hallucinogenic, Toxic, Snare,
  Flame, Pinning), no group
  Critical Effects tables in force (their rows leave conditions), no Overheats, Fate re-roll,
  second weapon, Multiple Attacks, grapple, manoeuvre, Suppressing Fire (its pinning test),
  Psychic Attack (the psyker's Phenomena) or others struck, and no turn's end that rolls. Once
  down the target stays down: the wounds chart's last bar is "the wounds left or more" (Auspex
  reading: past that, later attacks on a downed target do not change "down"). The rounds a
  jammed attack fired are the engine's for one seeded resolution (the jammed weapon fires no
  more in the exchange, so no figure reads them).
- **Sampled** otherwise: :data:`RUNS` seeded runs of the engine's events, each figure an
  estimate with its 95% bounds.

Rules carried (each the engine's): one Reaction a round (seed 003, Reactions; seed 001), a jammed
weapon fires no more until cleared (seed 004, Weapon Jams), an empty clip until reloaded,
critical damage accumulates (seed 004, Step Five), Stunned: +20 to hit it and no Reaction (seed
001, Stunned; seed 003, Stunned Targets).

Reading: the attacks are made this round before the target's turn; an attack by one whose turn
comes after the target's is refused (at ``attacks.N.who``), as is one the engine refuses for a
reason the dice do not give (its budget spent, no profile).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .. import registry
from ..errors import ScenarioError
from .models import Bar, Chance, Chart, ExchangeStep

RUNS = 400
"""Seeded runs of the exchange for an estimate (each run applies every attack through the engine)."""
SEED = 45_000
CAP_STATES = 400
"""Joint states past which the walk stops and the exchange is sampled instead."""


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ExchangeOdds(_Model):
    """The odds of an exchange (see the module's docstring): ``steps``, ``chart`` (``measure``
    ``wounds`` or ``Magnitude lost``), ``act`` (the chance the target is neither down nor kept
    from acting by a condition when its turn comes), ``exact`` (else ``sample`` runs) and
    ``notes``."""

    system: str
    target: str
    exact: bool = True
    sample: int | None = None
    steps: list[ExchangeStep]
    chart: Chart
    act: Chance
    notes: list[str] = Field(default_factory=list)


class NotExact(Exception):
    """The exchange cannot be walked exactly (the reason in words)."""


@dataclass(frozen=True)
class Planned:
    """One attack of the exchange: its event and where its errors go."""

    event: Any
    field: str


Walk = dict[tuple[Any, ...], tuple[Any, Fraction]]
Result = tuple[list[Fraction], dict[int, Fraction], Fraction, int | None]
"""Down after each attack, the chart's chances by value, the chance to act, the runs (None: exact)."""


# --------------------------------------------------------------------------------- the input


def run_exchange(data: Any) -> dict[str, Any]:
    """Validate and compute; ``{"status": "ok", "exchange": {...}}`` or ``{"status": "invalid",
    "errors": [...]}`` (each error at its field: ``encounter.events.3.who``, ``target``,
    ``attacks.1.action.type``)."""
    try:
        state, target, planned = load(data)
        report = exchange_odds(state, target, planned)
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    return {"status": "ok", "exchange": report.model_dump(mode="json")}


def load(data: Any) -> tuple[Any, str, list[Planned]]:
    """The encounter's state now, the target's id and the attacks (each an attack event). Raises
    :class:`ScenarioError` at the field concerned."""
    from ..encounter.engine import replay
    from ..encounter.run import load_file

    if not isinstance(data, dict):
        raise ScenarioError.at("exchange", "An exchange is a JSON object with encounter, target and attacks")
    unknown = sorted(set(data) - {"encounter", "target", "attacks"})
    if unknown:
        raise ScenarioError.at(unknown[0], "Not a field of an exchange (encounter, target, attacks)")
    file = load_file(data.get("encounter"), "encounter")
    if registry.get(file.system).attack is None:
        raise ScenarioError.at(
            "encounter.system", "An exchange's odds are worked out for the d100 rulesets (dh2, dh1, dw)"
        )
    state = replay(file, "encounter.events")
    target = data.get("target")
    at = state.get(target) if isinstance(target, str) else None
    if at is None or not isinstance(target, str):
        raise ScenarioError.at("target", f"No combatant {target!r} in this encounter")
    if at.out:
        raise ScenarioError.at("target", f"{at.name} is {at.out}: out of the fight")
    if state.round == 0:
        raise ScenarioError.at("encounter.events", "The fight has not started: roll initiative first (round 1)")
    attacks = data.get("attacks")
    if attacks is None:
        return state, target, [Planned(ev, f"attacks.{i}") for i, ev in enumerate(default_attacks(file, state, target))]
    if not isinstance(attacks, list) or not attacks:
        raise ScenarioError.at("attacks", 'A list of one or more attacks: {"who": id, "action": {...}}')
    if len(attacks) > 20:
        raise ScenarioError.at("attacks", "At most 20 attacks in one exchange")
    planned = [_planned(a, target, f"attacks.{i}") for i, a in enumerate(attacks)]
    for p in planned:
        if state.get(p.event.who) is None:
            raise ScenarioError.at(f"{p.field}.who", f"No combatant {p.event.who!r} in this encounter")
    return state, target, planned


def _planned(item: Any, target: str, field: str) -> Planned:
    from ..encounter.run import load_event

    if not isinstance(item, dict):
        raise ScenarioError.at(field, 'An attack is {"who": id, "action": {...}}')
    extra = sorted(set(item) - {"who", "action", "reaction"})
    if extra:
        raise ScenarioError.at(f"{field}.{extra[0]}", "Not a field of an exchange's attack (who, action, reaction)")
    event = load_event({**item, "type": "attack", "at": target}, field)
    return Planned(event, field)


def default_attacks(file: Any, state: Any, target: str) -> list[Any]:
    """Each combatant who may still act this round before ``target``'s turn, in initiative order
    from the one whose turn it is, with the action of its last attack event; those with no attack
    in the file, out of the fight, on the target's side (unless they attacked it in the file: a
    file written before sides has everyone on one side), or whose turn it is with its actions
    spent are left out. Raises :class:`ScenarioError` at ``attacks`` when none is left."""
    from ..encounter.families import family
    from ..encounter.models import AttackEvent

    last: dict[str, dict[str, Any]] = {}
    aimed: set[str] = set()  # those who attacked the target in the file
    for ev in file.events:
        if isinstance(ev, AttackEvent):
            last[ev.who] = ev.action
            if ev.at == target:
                aimed.add(ev.who)
    at = state.get(target)
    start = state.order.index(state.turn) if state.turn in state.order else 0
    out = []
    for cid in state.order[start:]:
        if cid == target:
            break
        c = state.get(cid)
        foe = c is not None and (c.side != at.side or cid in aimed)
        if c is None or c.out or c.attacker is None or cid not in last or not foe:
            continue
        if cid == state.turn and c.half_actions >= family(state.system).budget:
            continue  # its turn's actions are spent already
        out.append(AttackEvent(type="attack", who=cid, at=target, action=dict(last[cid])))
    if not out:
        raise ScenarioError.at(
            "attacks", f"No combatant still to act before {at.name}'s turn has an attack to repeat: list the attacks"
        )
    return out


# ------------------------------------------------------------------------------ the odds


def exchange_odds(state: Any, target: str, planned: list[Planned]) -> ExchangeOdds:
    """The odds of ``planned`` (in order) on ``target`` from ``state``: exact where the walk can be
    done (:func:`_walk`), else sampled (:func:`_sample`). Raises :class:`ScenarioError` at an
    attack the engine refuses for a reason the dice do not give."""
    notes: list[str] = []
    try:
        result = _walk(state, target, planned)
        notes.append("Exact: every outcome of each attack's dice, the states the attacks leave walked in turn.")
    except NotExact as why:
        result = _sample(state, target, planned)
        notes.append(f"Estimated from {RUNS} seeded runs of the encounter, each figure with its 95% bounds: {why}.")
    at = state.get(target)
    downs, final, act, sample = result
    steps = [
        ExchangeStep(
            who=p.event.who,
            name=state.get(p.event.who).name if state.get(p.event.who) else p.event.who,
            action=str(p.event.action.get("type") or "Standard Attack"),
            down=Chance.of(d, sample),
        )
        for p, d in zip(planned, downs, strict=True)
    ]
    measure = "Magnitude lost" if at.kind == "horde" else "wounds"
    need = _need(at)
    notes.append(
        f"The chart counts {need} {measure} or more (down) as {need}: a downed target's later wounds do not change the figures."
    )
    return ExchangeOdds(
        system=state.system,
        target=at.name,
        exact=sample is None,
        sample=sample,
        steps=steps,
        chart=_chart(measure, final, need, sample),
        act=Chance.of(act, sample),
        notes=notes,
    )


def _need(at: Any) -> int:
    """What takes the target down: the wounds it has left (at least 1), or a Horde's Magnitude."""
    from rules.d100.encounter.criticals import carried_damage

    if at.kind == "horde":
        return max(1, at.magnitude or 0)
    return max(1, (at.wounds or 0) - carried_damage(at))


def _chart(measure: str, final: dict[int, Fraction], need: int, sample: int | None) -> Chart:
    """The chart of ``final`` (value -> chance), its last bar ``need+``."""
    bars = []
    above = Fraction(0)
    for v in range(need, -1, -1):
        p = final.get(v, Fraction(0))
        above += p
        label = f"{v}+" if v == need else str(v)
        bars.append(Bar(value=v, label=label, p=Chance.of(p, sample), at_least=Chance.of(above, sample)))
    mean = sum((v * p for v, p in final.items()), Fraction(0))
    var = sum(((v - mean) ** 2 * p for v, p in final.items()), Fraction(0))
    return Chart(measure=measure, bars=bars[::-1], mean=float(mean), sd=sqrt(float(var)))


# ------------------------------------------------------------------------ turns and attacks


def _to_turn(state: Any, who: str, target: str, field: str, roll: Callable[[], dict[str, Any]]) -> Any:
    """``state`` with the turns passed (``end_turn`` events, their dice from ``roll()``) until it is
    ``who``'s; refused at ``field.who`` where that would pass ``target``'s turn or the round."""
    from ..encounter.engine import apply
    from ..encounter.run import load_event

    start = state.round
    while state.turn != who:
        now = state.turn
        c = state.get(who)
        if c is not None and c.has("Delaying") and state.turn != who:
            return state  # its delayed Half Action, taken out of turn (the engine checks it)
        if now == target or now is None or state.round != start:
            name = c.name if c is not None else who
            raise ScenarioError.at(f"{field}.who", f"{name} does not act before the target's turn this round")
        state = apply(state, load_event({"type": "end_turn", "who": now, **roll()}), f"{field}.who").state
    return state


def _spent(state: Any, who: str) -> bool:
    """The attacker's weapon cannot fire (jammed, empty, overheated) or it is out of the fight."""
    c = state.get(who)
    w = c.weapon if c is not None else None
    if c is None or c.out:
        return True
    return w is not None and (w.jammed or bool(w.clip and w.rounds == 0) or bool(w.overheated))


def _down(start: Any, now: Any) -> int:
    """The exchange's wounds (or Magnitude lost) from ``start`` to ``now``, capped at what takes
    the target down (:func:`_need`)."""
    from rules.d100.encounter.criticals import carried_damage

    need = _need(start)
    if now.kind == "horde":
        return min(need, (start.magnitude or 0) - (now.magnitude or 0))
    return min(need, carried_damage(now) - carried_damage(start))


def _is_down(start: Any, now: Any) -> bool:
    return bool(now.out) or _down(start, now) == _need(start)


def _acts(start: Any, now: Any) -> bool:
    """The target gets to act: not down, and no condition keeps it from every action."""
    from ..encounter.conditions import limit

    if _is_down(start, now):
        return False
    held = limit(now)
    return held is None or held[0] != "all"


# ------------------------------------------------------------------------------- sampled


def _sample(state: Any, target: str, planned: list[Planned]) -> Result:
    """:data:`RUNS` seeded runs of the exchange through the engine."""
    from ..dice import SeededDice

    source = SeededDice(SEED)
    seed = lambda: {"seed": source.roll(2**31 - 1, "exchange seed")}  # noqa: E731
    start = state.get(target)
    downs = [0] * len(planned)
    final: dict[int, int] = {}
    acted = 0
    for _ in range(RUNS):
        now = state
        for k, p in enumerate(planned):
            now = _one_run_step(now, target, p, seed)
            downs[k] += _is_down(start, now.get(target))
        got = now.get(target)
        v = _down(start, got) if not got.out else _need(start)
        final[v] = final.get(v, 0) + 1
        acted += _acts(start, got)
    return (
        [Fraction(d, RUNS) for d in downs],
        {v: Fraction(n, RUNS) for v, n in final.items()},
        Fraction(acted, RUNS),
        RUNS,
    )


def _one_run_step(state: Any, target: str, p: Planned, seed: Callable[[], dict[str, Any]]) -> Any:
    """One attack of a sampled run: skipped when its attacker cannot fire or the target is out."""
    from ..encounter.engine import apply

    if state.get(target).out or _spent(state, p.event.who):
        return state
    state = _to_turn(state, p.event.who, target, p.field, seed)
    if _spent(state, p.event.who):
        return state
    return apply(state, p.event.model_copy(update=seed()), p.field).state


# --------------------------------------------------------------------------------- exact


def _walk(state: Any, target: str, planned: list[Planned]) -> Result:
    """The joint states walked attack by attack (exact). Raises :class:`NotExact`."""
    start = state.get(target)
    states: Walk = {("start",): (state, Fraction(1))}
    down_final: dict[int, Fraction] = {}
    downed = Fraction(0)
    downs = []
    memo: dict[Any, Any] = {"start": _carried(start)}
    for i, p in enumerate(planned):
        nxt: Walk = {}
        # a jam matters only to its attacker's later attacks: without one, the states merge
        again = any(q.event.who == p.event.who for q in planned[i + 1 :])
        for s, w in states.values():
            for s2, w2, k in _attack_outcomes(s, target, p, memo, again):
                if s2 is None or _is_down(start, s2.get(target)):
                    downed += w * w2
                    v = _need(start)
                    down_final[v] = down_final.get(v, Fraction(0)) + w * w2
                    continue
                old = nxt.get(k)
                nxt[k] = (s2, w * w2 + (old[1] if old else 0))
        if len(nxt) > CAP_STATES:
            raise NotExact(f"more than {CAP_STATES} states of the target and attackers after {p.field}")
        states = nxt
        downs.append(downed)
    final = dict(down_final)
    act = Fraction(0)
    for s, w in states.values():
        got = s.get(target)
        v = _down(start, got)
        final[v] = final.get(v, Fraction(0)) + w
        act += w if _acts(start, got) else 0
    return downs, final, act, None


def _carried(c: Any) -> int:
    from rules.d100.encounter.criticals import carried_damage

    return carried_damage(c)


def _key(state: Any, damage_of: str | None = None) -> str:
    """A state's reading: every combatant as it stands (its profiles, the log, the Righteous Fury
    rows recorded with no tables and the actions' names left out: states read alike merge); with
    ``damage_of``, that combatant's damage taken left out too (:func:`_prepared`)."""
    skip = {"attacker", "target", "fury", "actions", "psychic_rows"}
    data = state.model_dump(mode="json", exclude={"log": True, "events": True, "combatants": {"__all__": skip}})
    if damage_of is not None:
        for c in data["combatants"]:
            if c["id"] == damage_of:
                c.pop("damage_taken", None)
    return json.dumps(data, sort_keys=True)


Effect = tuple[bool, int, bool, bool, bool, bool, int]
"""What an outcome changes (:func:`_effect`)."""
Prepared = tuple[Any, dict[Effect, Fraction]] | None
"""The engine's state after an attack (less what the dice decide) and the chance of each effect
(:func:`_effect`); None: the attacker cannot attack (jammed, empty, out)."""


def _attack_outcomes(
    state: Any, target: str, p: Planned, memo: dict[Any, Any], again: bool = True
) -> list[tuple[Any | None, Fraction, tuple[Any, ...]]]:
    """The states one attack leaves from ``state``, each with its chance (None: the target is
    down) and its key: states of one key read alike (they merge). The engine's part is worked out
    once for the states that differ only in the target's damage taken (:func:`_prepared`), and
    the states made from one such part differ only in what :func:`_after` sets. Raises
    :class:`NotExact`."""
    group = (p.field, _key(state, target))
    if group not in memo:
        memo[group] = _prepared(state, target, p, memo)
    prepared: Prepared = memo[group]
    if prepared is None:
        return [(state, Fraction(1), ("as", _key(state)))]
    base, effects = prepared
    need = _need(state.get(target))
    out: list[tuple[Any | None, Fraction, tuple[Any, ...]]] = []
    for e, chance in effects.items():
        if e[1] >= need or e[2]:
            out.append((None, chance, ()))
            continue
        if not again:  # no later attack of this attacker reads its jam (:func:`_walk`)
            e = (*e[:3], False, *e[4:])
        after = _after(state, base, target, p.event.who, e)
        t, w = after.get(target), after.get(p.event.who).weapon
        left = tuple((c.name, c.rounds) for c in t.conditions)
        key = (id(base), t.damage_taken, t.magnitude, t.reaction_used, w and w.jammed, left, t.fatigue)
        out.append((after, chance, key))
    return out


def _prepared(state: Any, target: str, p: Planned, memo: dict[Any, Any]) -> Prepared:
    """The engine's part of one attack from ``state``: its turn reached, the attack applied (its
    refusals raised at its field), and the chance of each effect of its outcomes."""
    from ..errors import NeedDie

    if _spent(state, p.event.who):
        return None
    try:
        state = _to_turn(state, p.event.who, target, p.field, lambda: {"dice": []})
    except NeedDie:
        raise NotExact("a turn's end rolls dice (a Pinned test, Blood Loss)") from None
    if _spent(state, p.event.who):
        return None
    base = _applied(state, p)  # the engine's refusals first, in the game's words at the attack's field
    scenario = _scenario(state, p)
    dist = _outcomes(_from_start(scenario, state, target, memo), memo)
    weights: dict[Effect, int] = {}  # outcomes that leave the same state, together (their integer weights)
    for o, w in dist.weights.items():
        e = _effect(scenario, o)
        weights[e] = weights.get(e, 0) + w
    return base, {e: Fraction(w, dist.denom) for e, w in weights.items()}


def _effect(scenario: Any, o: Any) -> Effect:
    """What an outcome ``o`` of the single attack changes: the Reaction spent (a hit met the
    target's evasion), the wounds (a Horde: Magnitude) it takes, slain, the weapon jammed, and the
    conditions its tests leave on the target (Stunned, Prone, Fatigue levels)."""
    reacted = scenario.target.evasion is not None and (o.outcome == "evaded" or (o.outcome == "hit" and o.hits > 0))
    taken = o.magnitude if scenario.target.horde is not None else o.wounds
    return reacted, taken, o.slain or o.fury_slain, o.jammed, o.stunned, o.prone, o.fatigue


def _scenario(state: Any, p: Planned) -> Any:
    """The attack's scenario as the engine builds it now; :class:`NotExact` where its outcome does
    not decide everything the attack changes."""
    from ..api import load_scenario
    from ..encounter.engine import preview

    ev = p.event
    if ev.nearby or ev.area or ev.at2 or ev.critical_tables or getattr(ev, "fate_reroll", None):
        raise NotExact(f"{p.field} strikes others, brings tables or re-rolls with Fate")
    data, _ = preview(state, ev, p.field)
    scenario = load_scenario({**data, "seed": 1})
    _exact_enough(scenario, p.field)
    return scenario


def _exact_enough(scenario: Any, field: str) -> None:
    """Raise :class:`NotExact` for a scenario whose single outcome leaves more than wounds,
    Magnitude, the Reaction and a jam (see the module's docstring)."""
    from ..d100.conditions import CONDITIONS

    a = scenario.action
    quals = {str(q).split("(")[0].strip() for q in scenario.attacker.weapon.qualities}
    carried = {"Stunned", "Fatigue"}  # what an outcome says (rules.odds.d100._left), with Concussive's Prone
    leaves = {
        q
        for (system, q), conds in CONDITIONS.items()
        if system == scenario.system and {c.name for c in conds} - carried
    }
    why = None
    if quals & (leaves | {"Overheats"}):
        why = (
            f"{field}'s weapon has {', '.join(sorted(quals & (leaves | {'Overheats'})))}, whose tests leave conditions"
        )
    elif getattr(scenario, "critical_tables", None):
        why = "the group's Critical Effects tables are in force (their rows leave conditions)"
    elif (
        a.two_weapon == "both"
        or a.talent is not None
        or a.action_type.strip().lower() in ("grapple", "suppressing fire", "psychic attack")
    ):
        why = f"{field} is a {a.action_type} (several attacks, a grapple, a pinning test or the psyker's Phenomena)"
    if why is None:
        from rules.d100 import tables

        act = tables.actions(scenario.system).get(a.action_type)
        if act is not None and act.manoeuvre is not None:
            why = f"{field} is a manoeuvre"
    if why is not None:
        raise NotExact(why)


def _from_start(scenario: Any, state: Any, target: str, memo: dict[Any, Any]) -> Any:
    """``scenario`` with the target's damage taken as it was when the exchange began (``memo``'s
    ``start``): an attack's outcomes (its hits and their wounds) do not depend on the damage
    taken before it, but for the "this many or more" cap of :func:`rules.odds.d100.wounds_cap`
    (the wounds left plus 10), which from the start's damage is at least every later state's
    wounds left, where the state is down anyway. So one distribution serves every state of the
    walk whose target differs only in its damage (the tests check it against the engine walked
    die by die)."""
    from rules.d100.encounter.criticals import carried_damage

    t = scenario.target
    if t.horde is not None:
        return scenario
    start = memo.setdefault("start", carried_damage(state.get(target)))
    return scenario.model_copy(update={"target": t.model_copy(update={"damage_taken": min(start, t.damage_taken)})})


def _outcomes(scenario: Any, memo: dict[Any, Any]) -> Any:
    """The single attack's exact distribution (memoized by :func:`_alike`: identical bodies of a
    mob, each its own name, share one); :class:`NotExact` when too big."""
    from .d100 import attack_class, outcomes
    from .explore import TooManyOutcomes

    key = _alike(scenario)
    if key not in memo:
        try:
            shared = memo.setdefault("damage", {})  # hits summed once for attacks alike in their damage
            memo[key] = outcomes(scenario, attack_class(scenario.system), conditions=True, shared=shared)
        except TooManyOutcomes:
            raise NotExact("an attack has too many outcomes to walk") from None
    return memo[key]


def _alike(scenario: Any) -> str:
    """The scenario's reading for the memo of :func:`_outcomes`: its JSON with the attacker's and
    the target's names left out. A name labels the steps and the resolution's record, never a
    die or a figure of :class:`rules.odds.d100.Outcome` (the walk takes no Fate re-roll, grapple or
    manoeuvre, where a test is named for its side), so ten Cultists of one profile are one attack."""
    unnamed = {"attacker": scenario.attacker.model_copy(update={"name": ""})}
    unnamed["target"] = scenario.target.model_copy(update={"name": ""})
    return str(scenario.model_copy(update=unnamed).model_dump_json())


def _applied(state: Any, p: Planned) -> Any:
    """The engine's state after the attack with some dice: its turn, action, Aim and rounds fired
    (what the dice do not decide) are the engine's; :func:`_after` sets what they do."""
    from ..encounter.engine import apply

    return apply(state, p.event.model_copy(update={"seed": 1, "dice": None}), p.field).state


def _after(before: Any, base: Any, target: str, who: str, effect: Effect) -> Any:
    """``base`` (the engine's state after the attack) with the target and the attacker's weapon as
    the ``effect`` (:func:`_effect`) of an outcome not down leaves them from ``before``. Only those
    two combatants are copied (the others are ``base``'s, never changed)."""
    from rules.d100.encounter.criticals import carried_damage

    reacted, taken, _, jammed, stunned, prone, fatigue = effect
    st = base.model_copy(update={"combatants": list(base.combatants)})
    t0 = before.get(target)
    keep: tuple[str, ...] = (
        "damage_taken",
        "critical",
        "fatigue",
        "magnitude",
        "out",
        "reaction_used",
        "fury",
        "critical_rows",
    )
    keep += ("conditions",)  # the engine's seeded attack may have left one: the outcome's are put below
    for i, c in enumerate(st.combatants):
        if c.id == target:
            t = c.model_copy(update={k: getattr(t0, k) for k in keep})
            t.reaction_used = t0.reaction_used or reacted
            if t.kind == "horde":
                t.magnitude = (t0.magnitude or 0) - taken
            else:
                t.damage_taken = carried_damage(t0) + taken
            _left_on(t, st.system, stunned, prone, fatigue)
            st.combatants[i] = t
        elif c.id == who and c.weapon is not None:
            w0 = before.get(who).weapon
            weapon = c.weapon.model_copy(update={"jammed": bool(w0 and w0.jammed) or jammed})
            st.combatants[i] = c.model_copy(update={"weapon": weapon})
    return st


def _left_on(t: Any, system: str, stunned: bool, prone: bool, fatigue: int) -> None:
    """The conditions an outcome's tests leave put on the target ``t`` as the engine puts them
    (:func:`rules.d100.encounter.effects.put_condition`: a condition there is renewed, a Fatigue level
    added; then Fatigue's limit, :func:`rules.d100.encounter.effects.fatigue_limit`). The walk reads a
    test's success, not its degrees: a Stunned is put with no rounds (until ended), which no
    figure of the exchange reads (it ends with the target's own turn, after the exchange's
    attacks; its rounds are its, not the engine's, in the state the walk carries)."""
    from ..d100.conditions import Inflicted
    from ..d100.encounter.effects import fatigue_limit, put_condition

    if not (stunned or prone or fatigue):
        return
    t.conditions = list(t.conditions)
    for name, quality, on in (("Stunned", "the target's failed test", stunned), ("Prone", "Concussive", prone)):
        if on:
            detail = f"{quality} (the exchange's walk: its rounds not counted)"
            put_condition(t, Inflicted(who="target", name=name, rounds=None, source=system, detail=detail))
    for _ in range(fatigue):
        put_condition(t, Inflicted(who="target", name="Fatigue", rounds=None, source=system, detail="Shocking"))
    fatigue_limit(t)


__all__ = ["ExchangeOdds", "ExchangeStep", "default_attacks", "exchange_odds", "load", "run_exchange"]
