"""Odds on inputs that drive the engine deep (issue 26): a DW Horde hit by ``Blast (1000)`` takes
4,000 hits, whose sum the odds built by recursion (``_prefix`` in ``rules/odds/d100.py``, one frame
per hit) and raised ``RecursionError`` on (exit 1 on the CLI). No recursion in ``rules/`` may be
driven past Python's limit by input. ``Blast (1000)`` itself takes minutes (exact sums of 4,000
hits), so these tests take ``Blast (100)``'s 400 hits under a recursion limit of 300 frames: any
recursion as deep as the hits fails, as the thousand hits did under the default limit."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest
from run_helpers import ROOT

from rules.odds import run_odds
from rules.odds.models import Chance

HORDE = json.loads((ROOT / "examples" / "dw-bolter-horde.json").read_text())


def _blast(n: int) -> dict[str, Any]:
    data = {k: v for k, v in HORDE.items() if k not in ("dice", "seed")}
    weapon = {**data["attacker"]["weapon"], "qualities": ["Tearing", f"Blast ({n})"]}
    return {**data, "attacker": {**data["attacker"], "weapon": weapon}}


@pytest.fixture
def low_recursion_limit() -> Iterator[None]:
    """Python's limit lowered to 300 frames: any recursion as deep as the input's 400 hits fails."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def test_dw_horde_hit_by_blast_100_has_exact_odds_under_a_low_recursion_limit(low_recursion_limit: None) -> None:
    out = run_odds(_blast(100))
    assert out["status"] == "ok", out
    odds = out["odds"]
    assert odds["exact"]
    assert max(bar["value"] for bar in odds["hits"]) > 300  # the sum really ran over hundreds of hits
    figures = {f["key"]: f for f in odds["headline"]}
    assert 0 < figures["magnitude"]["value"] <= HORDE["target"]["horde"]["magnitude"]


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
