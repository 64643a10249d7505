"""Exact discrete distributions with integer weights over one denominator.

A :class:`Dist` maps outcomes (any hashable key) to integer weights; the probability of an outcome
is ``weight / denom``. Integer weights keep everything exact (a Full Auto Burst's ten hits make
denominators of thirty digits, which Python's integers carry without loss) and are several times
faster than :class:`fractions.Fraction` arithmetic. :meth:`Dist.chance` gives a reduced
:class:`~fractions.Fraction` when one is wanted.

Sums of independent distributions (:meth:`Dist.add`) need integer keys: the odds engines pack the
additive counts of a hit (wounds, Magnitude lost, Righteous Fury) into one integer with
:func:`pack`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from math import gcd, lcm
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
J = TypeVar("J", bound=Hashable)


class Dist(Generic[K]):
    """Outcome -> integer weight, over ``denom``; the weights may sum to less than ``denom`` (a
    sub-distribution: the outcomes where something else did not happen). Weights are positive
    (a zero weight is dropped): sums and products of them never vanish."""

    __slots__ = ("denom", "weights")

    def __init__(self, weights: dict[K, int] | None = None, denom: int = 1) -> None:
        if denom <= 0:
            raise ValueError("a distribution's denominator must be positive")
        self.weights: dict[K, int] = {k: w for k, w in (weights or {}).items() if w}
        self.denom = denom

    @classmethod
    def _of(cls, weights: dict[K, int], denom: int) -> Dist[K]:
        """A distribution over ``weights`` as they are (not copied): every weight positive and
        ``denom`` positive, as where they are sums and products of a distribution's weights (a
        copy that drops no weight costs as much as a sum of two hits)."""
        d: Dist[K] = object.__new__(cls)
        d.weights, d.denom = weights, denom
        return d

    @classmethod
    def certain(cls, key: K) -> Dist[K]:
        """The distribution where ``key`` always happens."""
        return cls({key: 1}, 1)

    @classmethod
    def uniform(cls, keys: Iterable[K]) -> Dist[K]:
        """Each of ``keys`` equally likely (a die: ``Dist.uniform(range(1, 7))``)."""
        d: dict[K, int] = {}
        n = 0
        for k in keys:
            d[k] = d.get(k, 0) + 1
            n += 1
        return cls(d, n)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k!r}: {w}" for k, w in sorted(self.weights.items(), key=lambda kv: repr(kv[0])))
        return f"Dist({{{inner}}} / {self.denom})"

    def __eq__(self, other: object) -> bool:
        """Equal as probabilities (whatever the denominators)."""
        if not isinstance(other, Dist):
            return NotImplemented
        if self.weights.keys() != other.weights.keys():
            return False
        return all(w * other.denom == other.weights[k] * self.denom for k, w in self.weights.items())

    __hash__ = None  # type: ignore[assignment]

    @property
    def total(self) -> Fraction:
        """The probability of all its outcomes together (1 for a full distribution)."""
        return Fraction(sum(self.weights.values()), self.denom)

    def chance(self, pred: Callable[[K], bool] | None = None) -> Fraction:
        """The exact probability of the outcomes where ``pred`` holds (all of them without one)."""
        return Fraction(sum(w for k, w in self.weights.items() if pred is None or pred(k)), self.denom)

    def map(self, fn: Callable[[K], J]) -> Dist[J]:
        """The distribution of ``fn(outcome)``."""
        out: dict[J, int] = {}
        for k, w in self.weights.items():
            j = fn(k)
            out[j] = out.get(j, 0) + w
        return Dist._of(out, self.denom)

    def where(self, pred: Callable[[K], bool]) -> Dist[K]:
        """The sub-distribution of the outcomes where ``pred`` holds (same denominator)."""
        return Dist._of({k: w for k, w in self.weights.items() if pred(k)}, self.denom)

    def scaled(self, weight: int, denom: int) -> Dist[K]:
        """This distribution taken with probability ``weight / denom``."""
        return Dist({k: w * weight for k, w in self.weights.items()}, self.denom * denom)

    def reduced(self) -> Dist[K]:
        """The same probabilities over the smallest denominator."""
        g = self.denom
        for w in self.weights.values():
            g = gcd(g, w)
            if g == 1:
                return self
        return Dist._of({k: w // g for k, w in self.weights.items()}, self.denom // g)

    def add(self: Dist[int], other: Dist[int]) -> Dist[int]:
        """The distribution of the sum of two independent integer outcomes (a convolution)."""
        out: dict[int, int] = {}
        get = out.get
        for a, wa in self.weights.items():
            for b, wb in other.weights.items():
                k = a + b
                out[k] = get(k, 0) + wa * wb
        return Dist._of(out, self.denom * other.denom)

    def mean(self: Dist[int]) -> Fraction:
        """The mean of a full integer distribution."""
        return Fraction(sum(k * w for k, w in self.weights.items()), sum(self.weights.values()))

    def variance(self: Dist[int]) -> Fraction:
        """The variance of a full integer distribution."""
        n = sum(self.weights.values())
        m = Fraction(sum(k * w for k, w in self.weights.items()), n)
        return Fraction(sum(k * k * w for k, w in self.weights.items()), n) - m * m


def mix(parts: Iterable[Dist[K]]) -> Dist[K]:
    """The sum of sub-distributions (their outcomes are exclusive), over a common denominator."""
    parts = list(parts)
    if not parts:
        return Dist({}, 1)
    denom = lcm(*(p.denom for p in parts))
    out: dict[K, int] = {}
    for p in parts:
        f = denom // p.denom
        for k, w in p.weights.items():
            out[k] = out.get(k, 0) + w * f
    return Dist._of(out, denom)


def sum_all(parts: Iterable[Dist[int]]) -> Dist[int]:
    """The sum of independent integer outcomes (the convolution of them all)."""
    out: Dist[int] = Dist.certain(0)
    for p in parts:
        out = out.add(p)
    return out


# Packing additive counts into one integer: ``pack(wounds, magnitude, fury, slain)``. Each field has
# RADIX values; sums stay inside their field as long as each total stays under RADIX.
RADIX = 1 << 12


def pack(*fields: int) -> int:
    """Several non-negative counts as one integer that adds field by field."""
    key = 0
    for i, f in enumerate(fields):
        if not 0 <= f < RADIX:
            raise ValueError(f"a packed count must be 0 to {RADIX - 1}, not {f}")
        key += f * RADIX**i
    return key


def unpack(key: int, n: int) -> tuple[int, ...]:
    """The ``n`` counts of a packed key."""
    out = []
    for _ in range(n):
        key, f = divmod(key, RADIX)
        out.append(f)
    return tuple(out)
