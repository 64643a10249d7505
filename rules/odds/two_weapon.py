"""The odds of two-weapon fighting (seed 004, Two-Weapon Fighting): with ``action.two_weapon``
"both" and a second weapon, the Odds panel gives the second weapon's attack its own odds, and, where
it can be done exactly, the two attacks together.

Each hand's dice are its own (the second attack rolls after the first, from fresh dice), so the
second attack's odds are those of its own scenario (:func:`rules.d100.two_weapon.second_scenario`)
taken as the target stands before the first attack. Readings:

- On a different target, or on the same target with no Evasion, the second attack's outcome does
  not depend on the first's; its wounds do not depend on the damage the first left (Resolution's
  ``total_wounds`` is what the hits inflict). So the two are independent and their wounds add by a
  convolution: ``both`` gives the expected wounds of both on that target and the chance they kill it.
- On the same target with an Evasion reaction, the first attack may spend it (seed 004: "she still
  cannot Evade more than once in a round"), and on a Horde the first takes Magnitude the second then
  finds gone: the second depends on the first, and the sum is not given (a note says so); the second
  attack's own odds then assume the Reaction unspent and the Horde whole.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules.d100 import tables

from ..d100 import two_weapon
from ..d100.attack import D100Attack
from ..dice import Roller, SeededDice
from ..errors import ScenarioError
from .dist import Dist
from .models import Chance, Figure, Odds

SOURCE = "seed 004, Two-Weapon Fighting"


def with_second(
    scenario: Any,
    report: Odds,
    dist: Dist[Any],
    sample: int | None,
    attack: type[D100Attack],
    distribution: Callable[[Any], tuple[Dist[Any], int | None]],
    outcomes: Callable[[Any, Dist[Any], int | None], Odds],
) -> Odds:
    """``report`` with the second weapon's odds (``second``) and, where exact, both attacks'
    together (``both``); ``report`` unchanged when the attack is not made with both weapons.
    ``distribution`` and ``outcomes`` are the d100 family's walk and report
    (:func:`rules.odds.d100_distribution`, :func:`rules.odds.d100_outcomes`), passed in by the
    package that defines them so this module need not import it back.
    Raises :class:`ScenarioError` at the field when the pair is not allowed, as resolving would."""
    tw = tables.tables(scenario.system).two_weapon
    if tw is None or not two_weapon.wanted(scenario):
        return report
    planned = two_weapon.second_scenario(scenario, tw)
    roller = Roller(source=SeededDice(0), records=[])
    errors = two_weapon.pair_errors(attack(scenario, roller), attack(planned, roller), tw)
    if errors:
        raise ScenarioError(errors)
    dist2, sample2 = distribution(planned)
    second = outcomes(planned, dist2, sample2)
    notes = list(report.notes)
    both: list[Figure] = []
    t = scenario.target
    independent = scenario.action.second_target is not None or (t.evasion is None and t.horde is None)
    if not independent:
        notes.append(
            f"Both weapons at {t.name}: the second attack's odds take it as it stands before the first "
            "(Reaction unspent, Magnitude whole); the first may change that, so the two are not added here."
        )
    elif scenario.action.second_target is None and sample is None and sample2 is None:
        both = _together(t, dist, dist2)
    elif scenario.action.second_target is None:
        notes.append("Estimated odds: the two attacks are shown each on its own, not added.")
    return report.model_copy(update={"second": second, "both": both, "notes": notes})


def _together(t: Any, first: Dist[Any], second: Dist[Any]) -> list[Figure]:
    """Both attacks on one target, independent: the wounds added, a kill by wounds or a Troop slain."""
    need = max(1, t.wounds - t.damage_taken)
    key = lambda o: (o.wounds, o.slain)  # noqa: E731
    a, b = first.map(key), second.map(key)
    kill = 0
    for (w1, s1), p1 in a.weights.items():
        for (w2, s2), p2 in b.weights.items():
            if s1 or s2 or w1 + w2 >= need:
                kill += p1 * p2
    total = first.map(lambda o: o.wounds).add(second.map(lambda o: o.wounds))
    return [
        Figure(key="both_wounds", label="Expected wounds, both attacks", value=float(total.mean())),
        Figure(
            key="both_kill",
            label=f"Both attacks kill (wounds reach the {max(0, t.wounds - t.damage_taken)} left)",
            chance=Chance.of(Fraction(kill, a.denom * b.denom)),
        ),
    ]
