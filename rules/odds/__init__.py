"""Exact odds of the attack on the forms, before any die is rolled.

``odds(scenario) -> Odds`` (:mod:`rules.odds.models`); ``run_odds(data)`` is its envelope for the
CLI (``python -m rules odds SCENARIO.json``) and the page: ``{"status": "ok", "odds": {...}}`` or
the ``invalid`` envelope of :func:`rules.run`. A scenario's ``dice`` and ``seed`` are ignored: the
odds are over every die.

The odds come from the resolver itself, walked over every outcome of its dice
(:mod:`rules.odds.explore`): the d100 rulesets step by step (:mod:`rules.odds.d100`), the fan
ruleset and Epic whole (:mod:`rules.odds.walked`); a d100 Grapple action's opposed tests and control by
:mod:`rules.odds.grapple`. Where a scenario has more outcomes than can be
walked in time, the figures are estimated from seeded resolutions, with 95% bounds, and the report
says so (``exact: false``).

icepool is not shipped to the page: the odds are the resolver's own procedure walked die by die,
which icepool cannot run, and what is left for a library (adding independent hits) is
:meth:`~rules.odds.dist.Dist.add`. The tests check that against icepool.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from math import sqrt
from typing import Any, TypeVar

from .. import registry
from ..dice import SeededDice
from ..errors import ScenarioError
from .dist import Dist
from .explore import TooManyOutcomes
from .models import Bar, Chance, Chart, Figure, LocationOdds, Odds, ShotOdds

__all__ = ["Odds", "OddsSeam", "odds", "outcome_distribution", "run_odds"]

K = TypeVar("K", bound=Hashable)

SAMPLE = 4000  # seeded resolutions for an estimate
SAMPLE_SEED = 40_000  # the estimate is the same each time for the same scenario


@dataclass(frozen=True)
class OddsSeam:
    """How one family's odds are worked out: ``distribution(scenario) -> (Dist, sample)``, the
    distribution of the scenario's summary (exact, ``sample`` None) or an estimate from
    :data:`SAMPLE` seeded resolutions (``sample`` their number); ``report(scenario, dist, sample)
    -> Odds``, the figures read off it. Each ruleset names its seam in :mod:`rules.registry`."""

    distribution: Callable[[Any], tuple[Dist[Any], int | None]]
    report: Callable[[Any, Dist[Any], int | None], Odds]
    direct: Callable[[Any], Odds] | None = None
    """Optional: the same report worked out without the whole distribution (Epic's reads only
    the marginals of hits and of units destroyed); :func:`odds` uses it when given."""
    finish: Callable[[Any, Odds, Dist[Any], int | None], Odds] | None = None
    """Optional: ``finish(scenario, report, dist, sample) -> Odds``, what the family adds to the
    report from the same distribution (the d100 family: a second weapon's attack, Multiple Attacks'
    note: :func:`_d100_finish`)."""


def outcome_distribution(scenario: Any) -> tuple[Dist[Any], int | None]:
    """The distribution of the scenario's summary (exact), or an estimate from :data:`SAMPLE`
    seeded resolutions; returns it with the sample size (None when exact)."""
    return _seam(scenario).distribution(scenario)


def _seam(scenario: Any) -> OddsSeam:
    ruleset = registry.get(scenario.system)
    seam: OddsSeam = registry.load(ruleset.odds)
    return seam


def attack_class(system: str) -> Any:
    """The d100 attack procedure of ``system`` (:mod:`rules.registry`), which the odds walk
    (:func:`rules.odds.d100.attack_class`, kept here under its old name). Raises ``ValueError``
    for a ruleset outside the d100 family."""
    from .d100 import attack_class as of

    return of(system)


def d100_distribution(scenario: Any) -> tuple[Dist[Any], int | None]:
    """The d100 family: the attack walked stage by stage (:mod:`rules.odds.d100`)."""
    from . import d100

    cls = attack_class(scenario.system)
    try:
        return d100.outcomes(scenario, cls), None
    except TooManyOutcomes:
        cap = d100.wounds_cap(scenario, cls)
        from .critical import slain_rows

        slain = slain_rows(scenario, cls)
        return _sample(scenario, lambda r: d100.summarize(r, cap, slain)), SAMPLE


def _rp_distribution(scenario: Any) -> tuple[Dist[Any], int | None]:
    """The fan ruleset: its round walked shot by shot (:func:`rules.odds.walked.walk_rp`: the tally
    the report reads and each shot's chances), or (too many outcomes) sampled whole."""
    from . import walked

    try:
        return walked.walk_rp(scenario), None
    except TooManyOutcomes:
        return _sample(scenario, walked.rp_summarize), SAMPLE


def _epic_distribution(scenario: Any) -> tuple[Dist[Any], int | None]:
    """Epic: its shooting composed from its weapon groups' hits, allocation and saves
    (:mod:`rules.odds.epic_dp`, exact), else walked whole (:mod:`rules.odds.walked`)."""
    from .epic_dp import composed

    dist = composed(scenario)
    return (dist, None) if dist is not None else _walked(scenario, "epic_summarize")


def _walked(scenario: Any, summarize: str) -> tuple[Dist[Any], int | None]:
    """The resolver walked whole, or (too many outcomes) sampled and read by ``walked.<summarize>``."""
    from . import walked

    try:
        return walked.walk(scenario), None
    except TooManyOutcomes:
        return _sample(scenario, getattr(walked, summarize)), SAMPLE


def _sample(scenario: Any, summarize: Callable[[Any], K]) -> Dist[K]:
    from ..api import resolve

    source = SeededDice(SAMPLE_SEED)
    counts: dict[K, int] = {}
    for _ in range(SAMPLE):
        key = summarize(resolve(scenario, source))
        counts[key] = counts.get(key, 0) + 1
    return Dist(counts, SAMPLE)


def odds(scenario: Any) -> Odds:
    """The odds of ``scenario`` (any ruleset's scenario model). Raises :class:`ScenarioError` for
    an attack the rules do not allow, at the field concerned, as resolving it would."""
    asked = scenario
    if getattr(scenario, "fate_reroll", None) is not None:
        # Fate points: the dice are walked without the re-roll; the report adds the figures with one
        # (rules.odds.fate), from the same distribution
        scenario = scenario.model_copy(update={"fate_reroll": None})
    action = getattr(scenario, "action", None)
    if action is not None and getattr(action, "action_type", "").strip().lower() == "grapple":
        # Grappling (seed 004): opposed tests and control, not an attack's hits and wounds
        from .grapple import grapple_odds

        if (getattr(scenario, "count", None) or 1) > 1:  # a volley of grapples: not one grapple's dice
            raise ScenarioError.at("count", "No odds for a volley of Grapples: work out one attacker's (x 1)")
        return grapple_odds(scenario)
    _no_manoeuvre(scenario)  # a melee manoeuvre's odds are not worked out
    seam = _seam(scenario)
    if seam.direct is not None:
        return seam.direct(scenario)
    dist, sample = seam.distribution(scenario)
    report = seam.report(asked, dist, sample)
    report = report if seam.finish is None else seam.finish(scenario, report, dist, sample)
    return _one_of_volley(scenario, report)


def _one_of_volley(scenario: Any, report: Odds) -> Odds:
    """A scenario's volley (``count`` attackers, :mod:`rules.d100.volley`): the chart, Kills and
    ``steps`` are the volley's, the exchange's walk of its attacks in turn
    (:func:`rules.odds.volley.volley_exchange`: the damage carried, the Reaction spent once, the
    rest holding fire once the target is down); the other figures are one attacker's, said in the
    notes. One attacker (``count`` absent or 1): ``report`` unchanged."""
    n = getattr(scenario, "count", None) or 1
    if n <= 1:
        return report
    from .volley import volley_exchange

    ex = volley_exchange(scenario)
    down = ex.steps[-1].down
    headline = [_volley_figure(f, n, down, ex.chart.mean) for f in report.headline]
    note = (
        f"A volley of {n}: the chart, Kills and the steps are the volley's ({n} attacks in turn, the damage "
        "carried, the Reaction spent once, the rest holding fire once the target is down); "
        "the other figures are each attacker's own attack."
    )
    return report.model_copy(
        update={
            "attacker": f"{n} x {report.attacker}",
            "headline": headline,
            "chart": ex.chart,
            "steps": ex.steps,
            "exact": report.exact and ex.exact,
            "sample": report.sample or ex.sample,
            "notes": [*report.notes, *ex.notes, note],
        }
    )


def _volley_figure(f: Figure, n: int, down: Chance, mean: float) -> Figure:
    """A headline figure of a volley of ``n``: Kills is the volley's (``down`` after the last
    attacker), Expected wounds the volley's chart's ``mean`` (counted up to the target down), any
    other one attacker's, said in its label."""
    if f.key == "kill":
        return f.model_copy(update={"chance": down, "label": f"{f.label}, after all {n} attacks"})
    if f.key == "wounds":
        return f.model_copy(update={"value": mean, "label": f"{f.label}, all {n} attacks (counted up to down)"})
    return f.model_copy(update={"label": f"{f.label} (each attacker)"})


def _d100_finish(scenario: Any, report: Odds, dist: Dist[Any], sample: int | None) -> Odds:
    """The d100 family's report with a second weapon's attack (Two-Weapon Fighting, seed 004:
    :func:`rules.odds.two_weapon.with_second`) and, for Multiple Attacks, a note that the
    figures are each attack's alone."""
    from .two_weapon import with_second

    report = with_second(
        scenario, report, dist, sample, attack_class(scenario.system), d100_distribution, d100_outcomes
    )
    talent = getattr(getattr(scenario, "action", None), "talent", None)
    if talent is not None:  # Multiple Attacks: the figures are one attack's
        from ..d100.multiple import ATTACKS

        note = (
            f"{talent}: {ATTACKS[talent]} attacks, each its own test; these figures are each attack's alone "
            "(a later attack starts from the damage the earlier ones left and meets no Evasion once the target "
            "has used its Reaction)."
        )
        report = report.model_copy(update={"notes": [*report.notes, note]})
    return report


def _no_manoeuvre(scenario: Any) -> None:
    """Refuse the odds of a DH1 / Deathwatch melee manoeuvre (Feint, Manoeuvre, Knock-Down, Stun,
    Defensive Stance: ``rules.d100.manoeuvres``) at ``action.type``: an attack's hits and wounds do
    not describe it, and its own odds are not worked out."""
    action = getattr(scenario, "action", None)
    if action is None or getattr(scenario, "system", "") not in ("dh1", "dw", "dh2"):
        return
    from rules.d100 import tables

    act = tables.actions(scenario.system).get(action.action_type)
    if act is not None and act.manoeuvre is not None:
        raise ScenarioError.at(
            "action.type", f"No odds for a {act.name} yet: its opposed test and effects are not an attack's hits"
        )


def run_odds(data: dict[str, Any] | str) -> dict[str, Any]:
    """Validate and compute the odds; the envelope ``{"status": "ok", "odds": ...}`` or
    ``{"status": "invalid", "errors": [...]}``."""
    from ..api import load_scenario

    try:
        scenario = load_scenario(data)
        report = odds(scenario)
    except ScenarioError as exc:
        return {"status": "invalid", **exc.as_dict()}
    return {"status": "ok", "odds": _dumped(report)}


def _dumped(report: Odds) -> dict[str, Any]:
    """The report as JSON; a single attack's (no second weapon) without ``second`` and ``both``, as
    before two-weapon fighting had odds."""
    out = report.model_dump(mode="json", exclude={"second", "both", "critical", "steps"})
    if report.steps is not None:  # a volley's: the target down after each attacker
        out["steps"] = [s.model_dump(mode="json") for s in report.steps]
    if report.second is not None:
        out["second"] = _dumped(report.second)
    if report.both:
        out["both"] = [f.model_dump(mode="json") for f in report.both]
    if report.critical is not None:  # the Critical Effects rows
        crit = report.critical
        out["critical"] = crit.model_dump(
            mode="json", exclude={k for k in ("slain", "slain_high") if getattr(crit, k) is None}
        )
    return out


# ---------------------------------------------------------------------------------------- helpers


class _Figures:
    """Chances read off one distribution, exact or estimated."""

    def __init__(self, dist: Dist[Any], sample: int | None) -> None:
        self.dist = dist
        self.sample = sample

    def chance(self, pred: Callable[[Any], bool]) -> Chance:
        return Chance.of(self.dist.chance(pred), self.sample)

    def bars(self, value: Callable[[Any], int], cap: int | None = None) -> list[Bar]:
        """The distribution of ``value``; with ``cap``, the last bar is ``cap`` or more."""
        counts = self.dist.map(value)
        top = max(counts.weights) if counts.weights else 0
        out = []
        above = 0  # the weight at v or more, summed from the top down
        for v in range(top, (min(0, *counts.weights) if counts.weights else 0) - 1, -1):
            above += counts.weights.get(v, 0)
            label = f"{v}+" if cap is not None and v == cap else str(v)
            out.append(
                Bar(
                    value=v,
                    label=label,
                    p=Chance.of(Fraction(counts.weights.get(v, 0), counts.denom), self.sample),
                    at_least=Chance.of(Fraction(above, counts.denom), self.sample),
                )
            )
        return out[::-1]

    def chart(self, measure: str, value: Callable[[Any], int], cap: int | None = None) -> Chart:
        counts = self.dist.map(value)
        if self.dist.total == 0:
            return Chart(measure=measure, bars=[], mean=0.0, sd=0.0)
        mean = counts.mean()
        return Chart(
            measure=measure,
            bars=[b for b in self.bars(value, cap) if b.value >= 0],
            mean=float(mean),
            sd=sqrt(float(counts.variance())),
        )

    def mean(self, value: Callable[[Any], int]) -> float:
        return float(self.dist.map(value).mean()) if self.dist.weights else 0.0


def _locations(dist: Dist[Any], sample: int | None) -> list[LocationOdds]:
    """Each location struck: the chance it is struck, and the mean hits on it (over the outcomes'
    total weight, as :meth:`_Figures.mean`), read in one pass over the outcomes."""
    struck: dict[str, int] = {}  # the weight of the outcomes that strike it
    times: dict[str, int] = {}  # the hits on it, times each outcome's weight
    for o, w in dist.weights.items():
        for loc in o.locations:
            times[loc] = times.get(loc, 0) + w
        for loc in set(o.locations):
            struck[loc] = struck.get(loc, 0) + w
    total = sum(dist.weights.values())
    return [
        LocationOdds(
            location=loc,
            hit=Chance.of(Fraction(struck[loc], dist.denom), sample),
            mean_hits=float(Fraction(times[loc], total)),
        )
        for loc in sorted(struck)
    ]


def _notes(sample: int | None) -> list[str]:
    if sample is None:
        return ["Exact: every outcome of the dice, walked through the resolver's own rules."]
    return [
        f"Too many outcomes of the dice to walk in time: these figures are estimated from {sample} seeded "
        f"resolutions, each with its 95% bounds."
    ]


def d100_outcomes(scenario: Any, dist: Dist[Any], sample: int | None) -> Odds:
    """The d100 family's report: the test, the hits, evasion, then a Horde's Magnitude or a
    target's wounds (:func:`_horde_figures`, :func:`_wound_figures`), Righteous Fury, the charts,
    and the Critical Effects rows (:func:`rules.odds.critical.critical_odds`)."""
    f = _Figures(dist, sample)
    t = scenario.target
    notes = _notes(sample)
    headline = [
        Figure(key="hit", label="Hits the target", chance=f.chance(lambda o: o.hits > 0)),
        Figure(key="test", label="Passes the test", chance=f.chance(lambda o: o.outcome in ("hit", "evaded"))),
        Figure(key="jam", label="Jams", chance=f.chance(lambda o: o.jammed)),
    ]
    if any(str(q).split("(")[0].strip() == "Overheats" for q in scenario.attacker.weapon.qualities):
        # Overheats is not a jam (DH2 Core, Ch. V, Overheats: "instead of jamming"): the
        # attack is lost (outcome "jam") with the weapon not jammed
        headline.append(
            Figure(key="overheat", label="Overheats", chance=f.chance(lambda o: o.outcome == "jam" and not o.jammed))
        )
    if t.evasion is not None:
        evaded = f.chance(lambda o: o.outcome == "evaded")
        headline.append(Figure(key="evaded", label=f"Evaded ({t.evasion.reaction})", chance=evaded))
    figures, chart = _horde_figures(f, t) if t.horde is not None else _wound_figures(f, scenario, notes)
    headline += figures
    headline.append(Figure(key="fury", label="Righteous Fury", chance=f.chance(lambda o: o.fury)))
    headline += _fate_figures(scenario, dist, sample, figures, notes)
    from .critical import critical_odds  # the chance of each Critical Effects row

    critical = critical_odds(scenario, attack_class(scenario.system), dist, sample)
    return Odds(
        critical=critical,
        system=scenario.system,
        attacker=scenario.attacker.name,
        target=t.name,
        action=f"{scenario.action.action_type} with the {scenario.attacker.weapon.name}",
        exact=sample is None,
        sample=sample,
        headline=headline,
        chart=chart,
        degrees=[b for b in f.bars(lambda o: o.degrees) if b.p.p > 0],
        hits=f.bars(lambda o: o.hits),
        locations=_locations(dist, sample),
        notes=notes,
    )


def _fate_figures(
    scenario: Any, dist: Dist[Any], sample: int | None, figures: list[Figure], notes: list[str]
) -> list[Figure]:
    """With one Fate point spent on re-rolling the attack test when the attack is lost to it
    (:mod:`rules.odds.fate`), when the scenario's ``fate_reroll`` is ``attack``: the chance to hit,
    and to kill (or destroy the Horde) as ``figures`` word it; none where the attack has no test of
    its own. Asked for, so the odds of a scenario without Fate read as they always did; another test
    named gets a note in ``notes`` instead."""
    from .fate import applies, with_fate

    asked = getattr(scenario, "fate_reroll", None)
    if asked is not None and asked != "attack":
        notes.append(f"A Fate re-roll's odds are worked out for the attack test only, not for '{asked}'.")
    if asked != "attack" or not applies(scenario, attack_class(scenario.system)):
        return []
    f = _Figures(with_fate(dist), sample)
    out = [Figure(key="hit_fate", label="Hits, with one Fate re-roll of the attack test", chance=f.chance(_hits))]
    kill = next((x for x in figures if x.key == "kill"), None)
    if kill is not None:
        t = scenario.target
        if t.horde is not None:
            size = t.horde.magnitude
            chance = f.chance(lambda o: o.magnitude >= size)
        else:
            need = max(1, t.wounds - t.damage_taken)
            chance = f.chance(lambda o: o.wounds >= need or o.slain)
        out.append(Figure(key="kill_fate", label=f"{kill.label.split(' (')[0]}, with one Fate re-roll", chance=chance))
    return out


def _hits(o: Any) -> bool:
    return bool(o.hits > 0)


def _horde_figures(f: _Figures, t: Any) -> tuple[list[Figure], Chart]:
    """A Horde's figures: the Magnitude lost (at most the Horde's) and the chance to destroy it."""
    size = t.horde.magnitude
    figures = [
        Figure(key="magnitude", label="Expected Magnitude lost", value=f.mean(lambda o: min(size, o.magnitude))),
        Figure(key="kill", label="Destroys the Horde", chance=f.chance(lambda o: o.magnitude >= size)),
    ]
    return figures, f.chart("Magnitude lost", lambda o: min(size, o.magnitude))


def _wound_figures(f: _Figures, scenario: Any, notes: list[str]) -> tuple[list[Figure], Chart]:
    """A single target's figures: expected wounds, the chance to kill and to cause critical damage;
    the wounds chart capped at the wounds left plus 10 (Righteous Fury's d10s have no bound), with
    a note added to ``notes`` when the cap is reached."""
    from .d100 import wounds_cap

    t = scenario.target
    cap = wounds_cap(scenario, attack_class(scenario.system))
    left = t.wounds - t.damage_taken
    need = max(1, left)
    figures = [
        Figure(key="wounds", label="Expected wounds", value=f.mean(lambda o: o.wounds)),
        Figure(
            key="kill",
            label=f"Kills (wounds reach the {max(0, left)} left)",
            chance=f.chance(lambda o: o.wounds >= need or o.slain),
        ),
        Figure(
            key="critical",
            label="Critical damage",
            chance=f.chance(lambda o: o.wounds > 0 and t.damage_taken + o.wounds > t.wounds),
        ),
    ]
    chart = f.chart("wounds", lambda o: o.wounds, cap)
    if cap is not None and f.dist.chance(lambda o: o.wounds >= cap) > 0:
        notes.append(
            f"Righteous Fury's added d10s have no upper bound: totals of {cap} wounds or more (the wounds "
            f"left plus 10) are counted as {cap}, in the chart, the mean and the deviation."
        )
    return figures, chart


def _rp(scenario: Any, dist: Dist[Any], sample: int | None) -> Odds:
    """The fan ruleset's report, read off a walked tally with each shot's chances
    (:class:`rules.odds.walked.RpWalked`) or a sample of whole rounds."""
    from .walked import RpWalked, rp_tally, shot_chances

    if isinstance(dist, RpWalked):
        chances = dist.shots
    else:
        chances = shot_chances(dist)
        dist = dist.map(rp_tally)
    f = _Figures(dist, sample)
    shots = [
        ShotOdds(
            number=k + 1,
            fired=Chance.of(fired, sample),
            hit=Chance.of(hit, sample),
            penetrate=Chance.of(through, sample),
        )
        for k, (fired, hit, through) in enumerate(chances)
    ]
    headline = [
        Figure(key="hit", label="At least one hit", chance=f.chance(lambda o: o.hit)),
        Figure(key="penetrate", label="At least one penetrates", chance=f.chance(lambda o: o.penetrating > 0)),
        Figure(key="penetrating", label="Expected penetrating hits", value=f.mean(lambda o: o.penetrating)),
        Figure(key="jam", label="Jams", chance=f.chance(lambda o: o.jammed)),
    ]
    if any(o.off_chart for o in dist.weights):  # only a chart that leaves rolls out
        headline.append(
            Figure(
                key="off_chart",
                label="A hit off your chart (the GM reads it)",
                chance=f.chance(lambda o: o.off_chart > 0),
            )
        )
    return Odds(
        system="wh40krp",
        attacker=scenario.attacker.name,
        target=scenario.target.name,
        action=f"a round with the {scenario.attacker.weapon.name}",
        exact=sample is None,
        sample=sample,
        headline=headline,
        chart=f.chart("penetrating hits", lambda o: o.penetrating),
        shots=shots,
        notes=_notes(sample),
    )


def _epic(scenario: Any, dist: Dist[Any], sample: int | None) -> Odds:
    return _epic_report(
        scenario, dist.map(lambda o: o.hits), dist.map(lambda o: (o.destroyed, o.broken, o.wiped_out)), sample
    )


def _epic_direct(scenario: Any) -> Odds:
    """Epic's report from the marginals of hits and of losses composed (:func:`rules.odds.epic_dp.marginals`,
    exact), else from the shooting walked whole (:func:`_epic_distribution`)."""
    from .epic_dp import marginals

    got = marginals(scenario)
    if got is None:
        return _epic(scenario, *_walked(scenario, "epic_summarize"))
    return _epic_report(scenario, *got, None)


def _epic_report(scenario: Any, hits: Dist[int], losses: Dist[tuple[int, bool, bool]], sample: int | None) -> Odds:
    """Epic's figures, read off the distribution of the hits scored and, apart, of the losses
    (units destroyed, broken, wiped out): no figure reads the two together."""
    f, h = _Figures(losses, sample), _Figures(hits, sample)
    headline = [
        Figure(key="hit", label="At least one hit", chance=h.chance(lambda n: n > 0)),
        Figure(key="destroyed", label="Expected units destroyed", value=f.mean(lambda o: o[0])),
        Figure(key="break", label="Breaks the formation", chance=f.chance(lambda o: o[1] or o[2])),
        Figure(key="wiped_out", label="Wipes it out", chance=f.chance(lambda o: o[2])),
    ]
    return Odds(
        system="epic",
        attacker=scenario.attacker.name,
        target=scenario.target.name,
        action=scenario.action.kind,
        exact=sample is None,
        sample=sample,
        headline=headline,
        chart=f.chart("units destroyed", lambda o: o[0]),
        hits=h.bars(lambda n: n),
        notes=_notes(sample),
    )


D100_ODDS = OddsSeam(d100_distribution, d100_outcomes, finish=_d100_finish)
"""The d100 family's odds (Dark Heresy 2nd and 1st edition, Deathwatch)."""
RP_ODDS = OddsSeam(_rp_distribution, _rp)
"""The fan-made Warhammer 40,000 Roleplay's odds."""
EPIC_ODDS = OddsSeam(_epic_distribution, _epic, _epic_direct)
"""Epic formation shooting's odds."""
