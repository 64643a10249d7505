"""Walk every die outcome of a procedure: the resolver's own code, run once per outcome.

:func:`explore` calls ``run(source)`` with a dice source that answers each die the procedure asks
for with each of its values in turn (depth first, replaying the dice before it), so a procedure
that consumes dice from ``source`` is enumerated exactly, with each outcome's probability. This
is how the odds come from the rules themselves: the function run is the resolver's procedure (or
one of its steps), never a second copy of it.

Where the rest of a procedure depends only on a state it can name (the fan ruleset's round, at the
start of each action), the procedure says so with :meth:`Walker.checkpoint`: the outcomes after
the first run through that state are kept, and every later run that reaches the same state takes
them at once instead of walking them again (the walk becomes a graph, not a tree).

Dice whose value the procedure uses only through one question (a d100 test: success and degrees; a
die whose value no figure depends on) are walked by *classes*: a representative value and how many
of the die's faces it stands for. :class:`Walker` takes them from ``classes(sides, purpose)`` or,
for one die, from :meth:`Walker.roll_classes`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import lcm
from typing import Any, Generic, TypeVar

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


@dataclass
class Merge(Generic[K]):
    """How outcomes split at a :meth:`Walker.checkpoint` and join again: ``split(outcome, before)``
    is what of ``outcome`` came after a checkpoint reached with ``before``; ``join(before, after)``
    the whole outcome again."""

    split: Callable[[Any, Any], Any]
    join: Callable[[Any, Any], Any]
    done: dict[Hashable, dict[Any, Fraction]] = field(default_factory=dict)  # state -> what follows it
    recording: dict[Hashable, tuple[int, tuple[int, ...], dict[Any, Fraction]]] = field(default_factory=dict)
    marks_after: dict[Hashable, dict[Hashable, Fraction]] = field(default_factory=dict)  # state -> marks after it
    marking: dict[int, _Marks] = field(default_factory=dict)  # id(outcomes recording) -> its marks so far


@dataclass
class _Marks:
    """Marks counted after a checkpoint (or in the whole walk): ``own``, made by the runs walked
    on from it, and ``taken``, the weight of each checkpoint state whose marks a run took, summed
    once that state's marks are known (so a run pays for the states it stopped at, not their marks)."""

    own: dict[Hashable, Fraction] = field(default_factory=dict)
    taken: dict[Hashable, Fraction] = field(default_factory=dict)

    def resolved(self, after: dict[Hashable, dict[Hashable, Fraction]]) -> dict[Hashable, Fraction]:
        out = dict(self.own)
        for state, w in self.taken.items():
            for event, p in after[state].items():
                out[event] = out.get(event, Fraction(0)) + w * p
        return out


class _Merged(BaseException):
    """Raised out of the procedure at a checkpoint whose state's outcomes are known (a
    BaseException, so no ``except Exception`` in the procedure can swallow it)."""

    def __init__(self, state: Hashable, before: Any) -> None:
        self.state, self.before = state, before


class Walker:
    """The dice source :func:`explore` passes: it replays ``path`` (choices of class), then takes
    the first class of each new die and records the die for the next walk."""

    def __init__(self, path: list[int], classes: ClassesFor | None, merge: Merge[Any] | None = None) -> None:
        self.path = path
        self.classes = classes
        self.trail: list[Classes] = []  # the classes of each die asked for, in order
        self.merge = merge
        self.active: list[tuple[int, Any, dict[Any, Fraction]]] = []  # (dice before, before, outcomes) recorded
        self.marks: list[tuple[int, Hashable]] = []  # (checkpoints passed before it, mark), see mark()

    def mark(self, event: Hashable) -> None:
        """Count ``event`` once in this run (:func:`explore_marked` sums each mark's probability):
        a figure of one part of the outcome (shot 3 hit) kept out of the outcome itself, so runs
        that differ only there still share what follows a checkpoint."""
        self.marks.append((len(self.active), event))

    def checkpoint(self, state: Hashable, before: Any) -> None:
        """The rest of the procedure depends only on ``state`` (and on no die rolled so far);
        ``before`` is what of the outcome is settled already (see :class:`Merge`). The first run
        through ``state`` goes on and its outcomes are kept; a later one stops here and takes them.
        Does nothing when :func:`explore` was given no ``merge``."""
        m = self.merge
        if m is None:
            return
        depth = len(self.trail)
        if state not in m.done and state in m.recording:
            at, prefix, outcomes = m.recording[state]
            if at == depth and tuple(self.path[:depth]) == prefix:  # the same node, walked again
                self.active.append((depth, before, outcomes))
                return
            # depth-first: a path outside the first one's subtree comes after all of it
            m.done[state] = outcomes
            m.marks_after[state] = m.marking.pop(id(outcomes), _Marks()).resolved(m.marks_after)
            del m.recording[state]
        if state in m.done:
            raise _Merged(state, before)
        outcomes = {}
        m.recording[state] = (depth, tuple(self.path[:depth]), outcomes)
        self.active.append((depth, before, outcomes))

    def weight_from(self, start: int) -> Fraction:
        """The probability of this walk's dice from the ``start``-th on."""
        num = den = 1
        for k in range(start, len(self.trail)):
            cls = self.trail[k]
            num *= cls[self.path[k]][1]
            den *= sum(c for _, c in cls)
        return Fraction(num, den)

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
        for k, cls in enumerate(self.trail):  # a run stopped at a checkpoint rolled no more
            num *= cls[self.path[k]][1]
            den *= sum(c for _, c in cls)
        return num, den


def explore(
    run: Callable[[Walker], K],
    *,
    classes: ClassesFor | None = None,
    limit: int = 200_000,
    merge: Merge[K] | None = None,
) -> Dist[K]:
    """The exact distribution of ``run(source)`` over every outcome of the dice it rolls.

    ``run`` must be deterministic given its dice (the resolver is: nothing in ``rules`` reads a
    clock or a global random). With ``merge``, runs that reach the same :meth:`Walker.checkpoint`
    state share what follows it. Raises :class:`TooManyOutcomes` past ``limit`` runs."""
    return explore_marked(run, classes=classes, limit=limit, merge=merge)[0]


def explore_marked(
    run: Callable[[Walker], K],
    *,
    classes: ClassesFor | None = None,
    limit: int = 200_000,
    merge: Merge[K] | None = None,
) -> tuple[Dist[K], dict[Hashable, Fraction]]:
    """:func:`explore`, and the probability of each :meth:`Walker.mark` (its expected count: a mark
    made twice in a run counts twice). What follows a checkpoint always sums to probability 1, so
    a run that takes a checkpoint's outcomes takes its marks too, at the run's own weight."""
    path: list[int] = []
    marks = _Marks()
    acc: dict[K, int] = {}
    denom = 1
    runs = 0

    def add(result: K, num: int, den: int) -> None:
        nonlocal acc, denom
        if denom % den:
            f = lcm(denom, den) // denom
            acc = {k: w * f for k, w in acc.items()}
            denom *= f
        acc[result] = acc.get(result, 0) + num * (denom // den)

    while True:
        runs += 1
        if runs > limit:
            raise TooManyOutcomes(f"more than {limit} die outcomes to walk")
        walker = Walker(path, classes, merge)
        stopped: Hashable = None
        try:
            results = [(run(walker), Fraction(1))]
        except _Merged as stop:
            assert merge is not None
            stopped = (stop.state,)
            results = [(merge.join(stop.before, after), p) for after, p in merge.done[stop.state].items()]
        num, den = walker.weight()
        onward = [walker.weight_from(start) for start, _, _ in walker.active]
        _count_marks(walker, marks, Fraction(num, den), stopped, onward)
        for result, p in results:
            add(result, num * p.numerator, den * p.denominator)
        for (_, before, outcomes), w in zip(walker.active, onward, strict=True):
            for result, p in results:
                after = merge.split(result, before)  # type: ignore[union-attr]
                outcomes[after] = outcomes.get(after, Fraction(0)) + w * p
        # the next path: advance the deepest die that has classes left, drop those after it
        path = walker.path[: len(walker.trail)]
        while path and path[-1] + 1 >= len(walker.trail[len(path) - 1]):
            path.pop()
        if not path:
            break
        path[-1] += 1
    return Dist(acc, denom), marks.resolved(merge.marks_after if merge else {})


def _count_marks(walker: Walker, marks: _Marks, weight: Fraction, stopped: Hashable, onward: list[Fraction]) -> None:
    """Add a run's marks (and, ``stopped`` at a checkpoint, that state's) at its ``weight`` to
    ``marks``, and to each checkpoint it recorded, at its weight from that checkpoint on (``onward``)."""
    m = walker.merge
    tallies = [(marks, weight, 0)]
    if m is not None:
        for n, (_, _, outcomes) in enumerate(walker.active):
            tallies.append((m.marking.setdefault(id(outcomes), _Marks()), onward[n], n + 1))
    for into, w, needed in tallies:
        for passed, event in walker.marks:
            if passed >= needed:
                into.own[event] = into.own.get(event, Fraction(0)) + w
        if stopped is not None:
            state = stopped[0]  # type: ignore[index]
            into.taken[state] = into.taken.get(state, Fraction(0)) + w
