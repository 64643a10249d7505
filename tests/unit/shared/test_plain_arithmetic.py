"""The arithmetic in a step's detail is written as a player reads it ("1 + half
of (5 \u2212 1), rounded down = 3"), never in code's notation (``//``, ``*``, ``max(``, ``min(``).

The scenarios are the golden corpus's entries whose recorded details do arithmetic (a division
rounded down, a half, a minimum of one: the shapes that once used code's notation; a
few of each kind), replayed through today's engine, whose details must read in words."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import rules

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CODE = re.compile(r"//|\bmax\(|\bmin\(| \* |\u2212 -\d")
# the arithmetic shapes worth replaying, in the corpus's words or (recorded earlier) in code's
ARITHMETIC = re.compile(r"rounded down|half of|\u00f7|//|\bmax\(")


def details(value: Any) -> list[str]:
    """Every step detail in an envelope."""
    found: list[str] = []
    if isinstance(value, dict):
        if isinstance(value.get("detail"), str) and "rule" in value:
            found.append(value["detail"])
        for v in value.values():
            found += details(v)
    elif isinstance(value, list):
        for v in value:
            found += details(v)
    return found


def code_entries(per_kind: int = 6) -> list[dict[str, Any]]:
    """Up to ``per_kind`` recorded scenarios for each shape of detail that does arithmetic."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for name in ("examples", "suite", "drawn"):
        with gzip.open(GOLDEN / f"{name}.jsonl.gz", "rt", encoding="utf-8") as f:
            for line in f:
                entry = json.loads(line)
                shapes = {
                    re.sub(r"\d+", "N", d.split(":")[0] + (" max" if "max(" in d or "at least 1" in d else ""))[:60]
                    for d in details(entry["output"])
                    if ARITHMETIC.search(d)
                }
                for shape in sorted(shapes):
                    bucket = kinds.setdefault(shape, [])
                    if len(bucket) < per_kind:
                        bucket.append(entry["input"])
                        break
    return [x for bucket in kinds.values() for x in bucket]


def test_no_step_detail_reads_in_code_notation() -> None:
    entries = code_entries()
    assert len(entries) > 20
    seen: list[str] = []
    for scenario in entries:
        for d in details(rules.run(scenario)):
            assert not CODE.search(d), d
            seen.append(d)
    text = "\n".join(seen)
    # the burst's hits, a Horde's melee hits and a Flame weapon's hits on a Horde, in words
    assert re.search(r"one per two degrees beyond the first: 1 \+ half of \(\d+ \u2212 1\), rounded down = \d", text)
    assert re.search(r"at least one: \d+ \u00f7 \d, rounded down, at least 1 = \d", text)
    assert re.search(r"range \d+ m \u00f7 \d+, rounded down = \d+", text)


def test_degrees_of_success_read_as_whole_tens_of_the_margin() -> None:
    from rules.d100 import dh1_test
    from rules.d100.attack import WholeTensAttack

    text = WholeTensAttack.describe_test(None, "BS", 45, 10, dh1_test(55, 23))  # type: ignore[arg-type]
    assert text == (
        "BS 45 +10 = 55; rolled 23: success. Degrees of success: (55 \u2212 23) \u00f7 10, rounded down = 3 "
        "(one per full 10 points)."
    )
    text = WholeTensAttack.describe_test(None, "WS", 20, -30, dh1_test(-10, 37))  # type: ignore[arg-type]
    assert text == (
        "WS 20 \u221230 = \u221210; rolled 37: failure. Degrees of failure: (37 + 10) \u00f7 10, rounded down = 4."
    )


def wounds_step(taken: int, dice: list[int]) -> str:
    scenario = json.loads((Path(__file__).resolve().parents[3] / "examples" / "lasgun.json").read_text())
    scenario["target"]["damage_taken"] = taken
    scenario["dice"] = dice
    out = rules.run(scenario)
    return next(s["detail"] for s in out["resolution"]["steps"] if s["rule"] == "Wounds")


def test_the_wounds_step_says_in_words_what_goes_beyond_the_wounds() -> None:
    # Lasgun 1d10+3, roll 9: 12 damage, Body AP 2, TB 3 -> 7 wounds on a Cultist with 8 of 10 taken
    assert wounds_step(8, [23, 9]) == (
        "Cultist had taken 8 of 10 wounds; takes 7 more: 15 in all, the 5 beyond its 10 wounds as critical damage."
    )
    # the example itself: 4 + 3 = 7 damage, AP 2, TB 3 -> 2 wounds, no critical damage
    assert wounds_step(0, [23, 4]) == "Cultist had taken 0 of 10 wounds; takes 2 more: 2 of 10."
