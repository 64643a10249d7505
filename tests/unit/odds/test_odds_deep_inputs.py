"""Odds on inputs that drive the engine deep: a DW Horde hit by ``Blast (1000)`` takes
4,000 hits, whose sum the odds built by recursion (``_prefix`` in ``rules/odds/d100.py``, one frame
per hit) and raised ``RecursionError`` on (exit 1 on the CLI). No recursion in ``rules/`` may be
driven past Python's limit by input. Blast's X is now at most 20 (``rules/limits.py``), so these
tests take the deepest sum a legal scenario gives, a Full Auto burst with ``Blast (20)`` into a
Horde of Magnitude 1,000 (over 200 hits), under a recursion limit of 200 frames: any recursion as
deep as the hits fails, as the thousand hits did under the default limit."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from run_helpers import ROOT

from rules import limits
from rules.odds import run_odds
from rules.odds.models import Chance

HORDE = json.loads((ROOT / "examples" / "dw-bolter-horde.json").read_text())


def _blast(n: int) -> dict[str, Any]:
    data = {k: v for k, v in HORDE.items() if k not in ("dice", "seed")}
    weapon = {**data["attacker"]["weapon"], "rof": "S/2/20", "qualities": ["Tearing", f"Blast ({n})"]}
    horde = {**data["target"]["horde"], "magnitude": limits.MAGNITUDE}
    return {**data, "attacker": {**data["attacker"], "weapon": weapon}, "target": {**data["target"], "horde": horde}}


@pytest.fixture
def low_recursion_limit() -> Iterator[None]:
    """Python's limit lowered to 200 frames: any recursion as deep as the input's hits fails."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def test_dw_horde_hit_by_the_largest_legal_blast_has_exact_odds_under_a_low_recursion_limit(
    low_recursion_limit: None,
) -> None:
    out = run_odds(_blast(limits.QUALITY_VALUE))
    assert out["status"] == "ok", out
    odds = out["odds"]
    assert odds["exact"]
    assert max(bar["value"] for bar in odds["hits"]) > 200  # the sum really ran over more hits than the frames allowed
    figures = {f["key"]: f for f in odds["headline"]}
    assert 0 < figures["magnitude"]["value"] <= limits.MAGNITUDE


def test_a_chance_with_a_fraction_of_thousands_of_digits_is_written_without_raising() -> None:
    # the sums over Blast (400)'s 1,600 hits on a Horde: fractions of ~5,000 digits, which str()
    # refused ("Exceeds the limit (4300 digits) for integer string conversion")
    f = Fraction(3**10_000 - 1, 3**10_000)
    chance = Chance.of(f)
    numerator, _, denominator = chance.exact.partition("/")
    assert len(denominator) <= 31
    assert abs(Fraction(int(numerator), int(denominator)) - f) < Fraction(1, 10**30)
    assert chance.p == float(f)


def test_a_short_exact_fraction_is_written_as_it_is() -> None:
    assert Chance.of(Fraction(273437520103, 3906250000000)).exact == "273437520103/3906250000000"
