"""Walk every die outcome of a procedure: the resolver's own code, run once per outcome.

:func:`explore` calls ``run(source)`` with a dice source that answers each die the procedure asks
for with each of its values in turn (depth first, replaying the dice before it), so a procedure
that consumes dice from ``source`` is enumerated exactly, with each outcome's probability. This
is how the odds come from the rules themselves: the function run is the resolver's procedure (or
one of its steps), never a second copy of it.

Dice whose value the procedure uses only through one question (a d100 test: success and degrees; a
die whose value no figure depends on) are walked by *classes*: a representative value and how many
of the die's faces it stands for. :class:`Walker` takes them from ``classes(sides, purpose)`` or,
for one die, from :meth:`Walker.roll_classes`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from math import lcm
from typing import TypeVar

from .dist import Dist

K = TypeVar("K", bound=Hashable)

Classes = list[tuple[int, int]]  # (representative value, faces it stands for)
ClassesFor = Callable[[int, str], "Classes | None"]


@cache
def _faces(sides: int) -> Classes:
    """Every face of a die, each its own class."""
    return [(v, 1) for v in range(1, sides + 1)]


class TooManyOutcomes(ValueError):
    """The procedure has more die outcomes than the limit given: enumerating it would take too long."""


class Walker:
    """The dice source :func:`explore` passes: it replays ``path`` (choices of class), then takes
    the first class of each new die and records the die for the next walk."""

    def __init__(self, path: list[int], classes: ClassesFor | None) -> None:
        self.path = path
        self.classes = classes
        self.trail: list[Classes] = []  # the classes of each die asked for, in order

    def roll(self, sides: int, purpose: str) -> int:
        got = self.classes(sides, purpose) if self.classes else None
        return self.roll_classes(sides, purpose, got or _faces(sides))

    def roll_classes(self, sides: int, purpose: str, classes: Classes) -> int:
        """One die walked by ``classes`` (their face counts sum to ``sides``)."""
        k = len(self.trail)
        self.trail.append(classes)
        if k == len(self.path):
            self.path.append(0)
        return classes[self.path[k]][0]

    def weight(self) -> tuple[int, int]:
        """This walk's probability as (faces, all faces)."""
        num = den = 1
        for k, choice in enumerate(self.path):
            cls = self.trail[k]
            num *= cls[choice][1]
            den *= sum(c for _, c in cls)
        return num, den


def explore(
    run: Callable[[Walker], K],
    *,
    classes: ClassesFor | None = None,
    limit: int = 200_000,
) -> Dist[K]:
    """The exact distribution of ``run(source)`` over every outcome of the dice it rolls.

    ``run`` must be deterministic given its dice (the resolver is: nothing in ``rules`` reads a
    clock or a global random). Raises :class:`TooManyOutcomes` past ``limit`` runs."""
    path: list[int] = []
    acc: dict[K, int] = {}
    denom = 1
    runs = 0
    while True:
        runs += 1
        if runs > limit:
            raise TooManyOutcomes(f"more than {limit} die outcomes to walk")
        walker = Walker(path, classes)
        result = run(walker)
        num, den = walker.weight()
        if denom % den:
            f = lcm(denom, den) // denom
            acc = {k: w * f for k, w in acc.items()}
            denom *= f
        acc[result] = acc.get(result, 0) + num * (denom // den)
        # the next path: advance the deepest die that has classes left, drop those after it
        path = walker.path[: len(walker.trail)]
        while path and path[-1] + 1 >= len(walker.trail[len(path) - 1]):
            path.pop()
        if not path:
            break
        path[-1] += 1
    return Dist(acc, denom)
