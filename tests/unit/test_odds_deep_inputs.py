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
from typing import Any

import pytest
from run_helpers import ROOT

from rules.odds import run_odds

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
