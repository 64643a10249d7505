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


def _total(cls: Classes) -> int:
    """The faces of a die walked by ``cls``."""
    return sum(c for _, c in cls)


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
    marking: dict[Hashable, _Marks] = field(default_factory=dict)  # state -> the marks after it


@dataclass
class _Marks:
    """The marks after a checkpoint (or in the whole walk), each counted once per node: ``own``,
    those made before the next checkpoint a run reached (or its end), and ``taken``, the weight of
    each checkpoint state reached next, whose own marks are added when the walk is done (what
    follows a checkpoint sums to probability 1, so its marks count at the weight of reaching it)."""

    own: dict[Hashable, Fraction] = field(default_factory=dict)
    taken: dict[Hashable, Fraction] = field(default_factory=dict)

    def add(self, event: Hashable, w: Fraction, into: str = "own") -> None:
        got = self.own if into == "own" else self.taken
        got[event] = got.get(event, Fraction(0)) + w


def _resolved(
    marks: _Marks, marking: dict[Hashable, _Marks], memo: dict[Hashable, dict[Hashable, Fraction]]
) -> dict[Hashable, Fraction]:
    """Every mark's probability after a node: its own, and each checkpoint reached next's, at its weight."""
    out = dict(marks.own)
    for state, w in marks.taken.items():
        if state not in memo:
            memo[state] = _resolved(marking[state], marking, memo)
        for event, p in memo[state].items():
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
        self.products: list[tuple[int, int]] = [(1, 1)]  # see weight_between
        self.reached: list[tuple[Hashable, bool]] = []  # each active checkpoint's state, and whether this run began it

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
                self.reached.append((state, False))
                return
            # depth-first: a path outside the first one's subtree comes after all of it
            m.done[state] = outcomes
            del m.recording[state]
        if state in m.done:
            raise _Merged(state, before)
        outcomes = {}
        m.recording[state] = (depth, tuple(self.path[:depth]), outcomes)
        m.marking[state] = _Marks()
        self.active.append((depth, before, outcomes))
        self.reached.append((state, True))

    def weight_from(self, start: int) -> Fraction:
        """The probability of this walk's dice from the ``start``-th on."""
        return self.weight_between(start, len(self.trail))

    def weight_between(self, start: int, end: int) -> Fraction:
        """The probability of this walk's dice from the ``start``-th to before the ``end``-th."""
        if len(self.products) <= len(self.trail):  # products of the faces taken and of all faces, from the first die
            num, den = self.products[-1]
            for k in range(len(self.products) - 1, len(self.trail)):
                cls = self.trail[k]
                num, den = num * cls[self.path[k]][1], den * _total(cls)
                self.products.append((num, den))
        (n0, d0), (n1, d1) = self.products[start], self.products[end]
        return Fraction(n1 // n0, d1 // d0)

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
        stopped: tuple[Hashable, ...] = ()
        try:
            results = [(run(walker), Fraction(1))]
        except _Merged as stop:
            assert merge is not None
            stopped = (stop.state,)
            results = [(merge.join(stop.before, after), p) for after, p in merge.done[stop.state].items()]
        num, den = walker.weight()
        onward = [walker.weight_from(start) for start, _, _ in walker.active]
        _count_marks(walker, marks, stopped)
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
    return Dist(acc, denom), _resolved(marks, merge.marking if merge else {}, {})


def _count_marks(walker: Walker, marks: _Marks, stopped: tuple[Hashable, ...]) -> None:
    """Count a run's marks once per node: those made between two checkpoints (or the walk's start)
    in the node before the second, if this run began recording it; those after the last, and the
    checkpoint ``stopped`` at, in the last (see :class:`_Marks`)."""
    if not (walker.marks or walker.reached or stopped):
        return  # nothing to count (a walk with no marks and no checkpoint)
    m = walker.merge
    levels = [(marks, 0)]
    if m is not None:
        levels += [
            (m.marking[state], start) for (start, _, _), (state, _) in zip(walker.active, walker.reached, strict=True)
        ]
    last = len(levels) - 1
    for j, (into, start) in enumerate(levels):
        if j < last:
            state, began = walker.reached[j]
            if not began:
                continue  # counted by the run that began recording the next checkpoint
            w = walker.weight_between(start, walker.active[j][0])
            into.add(state, w, "taken")
        else:
            w = walker.weight_between(start, len(walker.trail))
            if stopped:
                into.add(stopped[0], w, "taken")
        for passed, event in walker.marks:
            if passed == j:
                into.add(event, w)
