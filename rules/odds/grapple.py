"""Exact odds of the Grapple action (``action.type: "Grapple"``; seed 004, Grappling), from the
resolver itself (:mod:`rules.d100.grapple`).

What a player asks before grappling is not an attack's hits but who wins: the chance the attempt
starts a grapple (the WS test, then the target's Reaction), the chance the active side wins an
opposed Strength test (and the wounds Damage Opponent deals, the metres Push Opponent moves), the
chance Slip Free's Acrobatics test succeeds. Every figure is a marginal of one distribution over
:class:`GrappleOutcome` (:func:`summarize` reads one off a :class:`~rules.d100.models.Resolution`).

How it stays exact and fast:

- An opposed test is its two d100s: all 100 x 100 pairs are put through the engine's own
  :func:`rules.d100.opposed.opposed_test` with the sides the grapple gives
  (:func:`rules.d100.grapple.sides`: Assistance, Throw Down, Fatigued, the modifiers typed, Size's
  extra degrees), so ties are read by the ruleset's own ``opposed_tie``. The pairs are grouped by
  what the rest of the option reads of them: the winner and the active side's degrees.
- For each group, the resolver is walked (:func:`rules.odds.explore.explore`) from one pair of that
  group to its end: Damage Opponent's d5 and its Righteous Fury, the option after Take Control
  (whose own opposed test is grouped the same way).
- An option with no opposed test (the attempt, Slip Free, Ready, Use Item, end) is walked whole:
  its first d100 face by face; an attempt that lands reaches the target's Reaction, whose d100 is
  walked once, from the first WS roll that reaches it (the Reaction does not read the attack's
  degrees: DH2 Evasion negates hits by its own degrees).

``tests/unit/odds/test_odds_grapple.py`` checks every figure against brute force: every face of every die
through :func:`rules.api.resolve`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Any

from rules.d100.models import GRAPPLE_CONTROLLER_OPTIONS, Grapple, Resolution, Scenario

from ..d100.grapple import NAMES, OPPOSED_S, sides
from ..d100.opposed import opposed_test
from ..dice import Roller, ScriptedDice, SeededDice
from ..errors import ScenarioError
from .dist import Dist, mix
from .explore import Walker, explore
from .models import Bar, Chance, Chart, Figure, Odds

PAIRS = 100 * 100  # the two d100s of an opposed test


@dataclass(frozen=True, order=True)
class GrappleOutcome:
    """One Grapple action as the odds count it: ``winner`` (``"attacker"``, ``"target"`` or ``""``
    when neither won: a stalemate, or an option with no test), ``controller`` after
    (``"attacker"``, ``"target"``, ``"none"``), ``passed``: the attacker's first test succeeded
    (the attempt's WS test), ``wounds`` dealt to the target, ``metres`` pushed, ``prone``: the
    grappled one lies Prone after."""

    winner: str
    controller: str
    passed: bool = False
    wounds: int = 0
    metres: int = 0
    prone: bool = False


def summarize(res: Resolution) -> GrappleOutcome:
    """The :class:`GrappleOutcome` of a Grapple resolution (what brute force counts)."""
    g = res.grapple
    assert g is not None  # a Grapple action's resolution always has its record
    return GrappleOutcome(
        winner=g.winner or "",
        controller=g.controller,
        passed=res.success,
        wounds=res.total_wounds,
        metres=g.metres,
        prone=g.prone,
    )


class _Prefixed:
    """A dice source that answers the first dice from ``prefix`` (an opposed test's pair), then
    walks the rest; with ``stop_after``, stops the resolver at the die after that many."""

    def __init__(self, prefix: list[int], walker: Walker, stop_after: int | None = None) -> None:
        self.prefix, self.walker, self.stop_after = prefix, walker, stop_after
        self.values: list[int] = []

    def roll(self, sides: int, purpose: str) -> int:
        k = len(self.values)
        if self.stop_after is not None and k >= self.stop_after:
            raise _Stop
        value = self.prefix[k] if k < len(self.prefix) else self.walker.roll(sides, purpose)
        self.values.append(value)
        return value


class _Stop(Exception):
    """The walk reached the die where its first stage ends."""


def _resolve(scenario: Scenario, source: Any) -> Resolution:
    from ..api import resolve

    res = resolve(scenario, source)
    assert isinstance(res, Resolution)
    return res


def _walk(scenario: Scenario, prefix: list[int]) -> Dist[GrappleOutcome]:
    """The resolver walked from ``prefix`` (its first dice) to its end, every later die face by face."""
    return explore(lambda w: summarize(_resolve(scenario, _Prefixed(prefix, w))))


def _pair_groups(
    scenario: Scenario, g: Grapple, option: str, attacker_controls: bool, prone: bool
) -> dict[tuple[str, int], tuple[int, list[int]]]:
    """Every pair of d100s of ``option``'s opposed test through the engine's ``opposed_test``,
    grouped by (winner, the active side's degrees): each group's count of pairs and one pair."""
    from .. import registry

    cls = registry.load(registry.get(scenario.system).attack or "")
    a = cls(scenario, Roller(ScriptedDice([])))
    active, passive = sides(a, g, option, attacker_controls, prone)
    groups: dict[tuple[str, int], tuple[int, list[int]]] = {}
    for ra in range(1, 101):
        for rp in range(1, 101):
            r, _ = opposed_test(a, Roller(ScriptedDice([ra, rp])), active, passive, "odds")
            key = (r.winner or "", r.active.degrees)
            n, pair = groups.get(key, (0, [ra, rp]))
            groups[key] = (n + 1, pair)
    return groups


def _opposed(scenario: Scenario, g: Grapple) -> Dist[GrappleOutcome]:
    """An option made as an opposed Strength test (and, after a won Take Control, the option taken
    then): each group of pairs walked to the end from one of its pairs, weighted by its count."""
    controls = g.option in GRAPPLE_CONTROLLER_OPTIONS
    parts: list[Dist[GrappleOutcome]] = []
    then: dict[tuple[str, int], tuple[int, list[int]]] = {}
    if g.option == "take_control" and g.then in OPPOSED_S:
        # Take Control won: the grappled one now controls, the opponent no longer thrown down
        then = _pair_groups(scenario, g, g.then, True, False)
    for (winner, _deg), (n, pair) in _pair_groups(scenario, g, g.option, controls, g.opponent_prone).items():
        if then and winner == "active":
            for m, then_pair in then.values():
                parts.append(_walk(scenario, pair + then_pair).scaled(n * m, PAIRS * PAIRS))
        else:
            parts.append(_walk(scenario, pair).scaled(n, PAIRS))
    return mix(parts).reduced()


def _stepwise(scenario: Scenario) -> Dist[GrappleOutcome]:
    """An option with at most one test of the attacker's (the attempt, Slip Free, no test): its
    first die face by face; a walk that asks for a second die (the target's Reaction to an attempt
    that landed) stops there, and the rest is walked once from the first roll that reached it."""
    reached: list[int] = []

    def first(walker: Walker) -> GrappleOutcome | None:
        source = _Prefixed([], walker, stop_after=1)
        try:
            return summarize(_resolve(scenario, source))
        except _Stop:
            reached.append(source.values[0])
            return None

    stage = explore(first)
    parts = [Dist({k: w for k, w in stage.weights.items() if k is not None}, stage.denom)]
    more = stage.weights.get(None, 0)
    if more:
        parts.append(_walk(scenario, reached[:1]).scaled(more, stage.denom))
    return mix(parts).reduced()


def distribution(scenario: Scenario) -> Dist[GrappleOutcome]:
    """The exact distribution of :func:`summarize` over every die of the Grapple action. Raises
    :class:`~rules.errors.ScenarioError` for a scenario the resolver refuses, at its field."""
    _resolve(scenario, SeededDice(1))  # refused as resolving it would be, before anything is walked
    g = scenario.action.grapple or Grapple()
    if g.option in OPPOSED_S:
        return _opposed(scenario, g)
    return _stepwise(scenario)


# ---------------------------------------------------------------------------------------- report


def _chance(dist: Dist[GrappleOutcome], pred: Callable[[GrappleOutcome], bool]) -> Chance:
    return Chance.of(dist.chance(pred))


def _bars(dist: Dist[GrappleOutcome], value: Callable[[GrappleOutcome], int]) -> list[Bar]:
    counts = dist.map(value)
    top = max(counts.weights, default=0)
    return [
        Bar(
            value=v,
            label=str(v),
            p=Chance.of(counts.chance(_is(v))),
            at_least=Chance.of(counts.chance(_from(v))),
        )
        for v in range(0, top + 1)
    ]


def _is(v: int) -> Callable[[int], bool]:
    return lambda k: k == v


def _from(v: int) -> Callable[[int], bool]:
    return lambda k: k >= v


def _chart(dist: Dist[GrappleOutcome], measure: str, value: Callable[[GrappleOutcome], int]) -> Chart:
    counts = dist.map(value)
    return Chart(
        measure=measure,
        bars=_bars(dist, value),
        mean=float(counts.mean()),
        sd=sqrt(float(counts.variance())),
    )


def _headline(scenario: Scenario, g: Grapple, dist: Dist[GrappleOutcome]) -> list[Figure]:
    me, them = scenario.attacker.name, scenario.target.name
    name = NAMES[g.option]
    if g.option == "attempt":
        figures = [
            Figure(
                key="grapple", label="The grapple begins", chance=_chance(dist, lambda o: o.controller == "attacker")
            ),
            Figure(key="test", label="Passes the WS test", chance=_chance(dist, lambda o: o.passed)),
        ]
        if scenario.target.evasion is not None:
            avoided = _chance(dist, lambda o: o.passed and o.controller == "none")
            figures.append(Figure(key="evaded", label=f"Avoided ({scenario.target.evasion.reaction})", chance=avoided))
        return figures
    if g.option not in OPPOSED_S and g.option != "slip_free":
        return [Figure(key="certain", label=f"{name}: no test, it happens", chance=Chance.of(Fraction(1)))]
    figures = [Figure(key="win", label=f"{me} wins: {name}", chance=_chance(dist, lambda o: o.winner == "attacker"))]
    if g.option in OPPOSED_S:
        figures += [
            Figure(key="lose", label=f"{them} wins", chance=_chance(dist, lambda o: o.winner == "target")),
            Figure(key="stalemate", label="Neither wins (stalemate)", chance=_chance(dist, lambda o: o.winner == "")),
        ]
    if g.then is not None:
        figures.append(
            Figure(
                key="controls",
                label=f"{me} controls after",
                chance=_chance(dist, lambda o: o.controller == "attacker"),
            )
        )
    if "damage" in (g.option, g.then):
        figures.append(Figure(key="wounds", label="Expected wounds", value=float(dist.map(_wounds).mean())))
    return figures


def _wounds(o: GrappleOutcome) -> int:
    return o.wounds


def grapple_odds(scenario: Scenario) -> Odds:
    """The odds report of a Grapple action: the headline chances, and a chart of the wounds
    (Damage Opponent), the metres (Push Opponent) or whether the attacker wins (0 or 1)."""
    if not isinstance(scenario, Scenario):
        raise ScenarioError.at("action.type", "Grapple is an action of the d100 rulesets")
    dist = distribution(scenario)
    g = scenario.action.grapple or Grapple()
    chosen = (g.option, g.then)
    if "damage" in chosen:
        chart = _chart(dist, "wounds", _wounds)
    elif "push" in chosen:
        chart = _chart(dist, "metres pushed", lambda o: o.metres)
    elif g.option == "attempt":
        chart = _chart(dist, "the grapple begins (1: yes)", lambda o: int(o.controller == "attacker"))
    elif g.option in OPPOSED_S or g.option == "slip_free":
        chart = _chart(dist, f"{scenario.attacker.name} wins (1: yes)", lambda o: int(o.winner == "attacker"))
    else:
        chart = _chart(
            dist, f"{scenario.attacker.name} controls after (1: yes)", lambda o: int(o.controller == "attacker")
        )
    action = f"Grapple: {NAMES[g.option]}" + (f", then {NAMES[g.then]}" if g.then else "")
    return Odds(
        system=scenario.system,
        attacker=scenario.attacker.name,
        target=scenario.target.name,
        action=action,
        headline=_headline(scenario, g, dist),
        chart=chart,
        notes=[
            "Exact: every outcome of the dice, walked through the resolver's own rules; an opposed test's "
            "10,000 pairs of d100s read by the ruleset's own tie rule."
        ],
    )


__all__ = ["GrappleOutcome", "distribution", "grapple_odds", "summarize"]
