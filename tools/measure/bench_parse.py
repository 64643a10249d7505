"""The parse-scaling rows of ``make bench``: every parser of typed text is linear in its input.

Each row times one parser of typed text on CPython (the engine's code is the same in the page's
worker) on a hostile line of 16 KB, 64 KB, 256 KB and 1 MB: the shapes that once took time in the
square of the line's length (a critical row of spaces: 128 KB took 32 s, 1 MB over 35 minutes;
a run of spaces around an optional word). The paste-in parser refuses a line over
:data:`rules.critical.text.LINE_LENGTH` before reading it, so the critical rows time the line
reader itself (``_read_row``, ``_read_chart``: the parser without its bound), which is what the
bound protects; the ``bound`` row times the whole paste-in parse of the 1 MB line (refused at its
line). A row is linear when its time per KB at 1 MB is at most :data:`SLACK` times its time per
KB at 16 KB (a quadratic parser's grows 64-fold over that range).

``rows()`` returns ``[{"row", "what", "sizes": [bytes...], "ms": [...], "exponent", "linear"}]``;
``table(rows)`` the lines :mod:`tools.measure.bench` prints. Nothing here needs a browser.
"""

from __future__ import annotations

import contextlib
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.critical.text import _read_chart, _read_row, parse_text
from rules.epic.models import _plus
from rules.wh40krp.models import DamageChart

SIZES = (16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024)
MAX_EXPONENT = 1.5
"""The largest growth exponent read as linear (caches and allocation make a linear parser's a
little over 1 on long lines; a quadratic parser's is 2)."""
FLOOR_MS = 0.2
"""The smallest time the verdict reads at 16 KB (a parser that answers in microseconds there)."""


@dataclass(frozen=True)
class ParseRow:
    name: str
    what: str
    line: Callable[[int], str]  # a hostile line of about n characters
    parse: Callable[[str], object]  # the parser; an exception (a refusal) is an answer too


def _critical_row(line: str) -> object:

    return _read_row(line)


def _chart(line: str) -> object:

    return _read_chart(line)


def _pasted(line: str) -> object:

    return parse_text("dh2", line)


def _epic_value(line: str) -> object:

    return _plus(line)


def _chart_rows(line: str) -> object:

    return DamageChart.parse_rows(line)


ROWS = (
    ParseRow(
        "critical-spaces",
        "a critical row of spaces before its text",
        lambda n: "Energy, Body, 3: " + " " * n + "x",
        _critical_row,
    ),
    ParseRow(
        "critical-effects",
        "a critical row of n/8 bracketed effects",
        lambda n: "Energy, Body, 3: x" + " [prone]" * (n // 8),
        _critical_row,
    ),
    ParseRow(
        "chart-spaces",
        "a chart line of spaces around its number and result",
        lambda n: "Chart 1" + " " * (n // 2) + ", 01-20:" + " " * (n // 2) + "x",
        _chart,
    ),
    ParseRow(
        "bound",
        "the paste-in parse of the line (refused at its length)",
        lambda n: "Energy, Body, 3: " + " " * n + "x",
        _pasted,
    ),
    ParseRow("epic-plus", "an Epic value typed as a datasheet's 5+, of spaces", lambda n: " " * n + "x", _epic_value),
    ParseRow(
        "chart-text-rows",
        "a fan chart's rows as text, of spaces",
        lambda n: "1" + " " * (n // 2) + "-" + " " * (n // 2),
        _chart_rows,
    ),
)


def time_once(parse: Callable[[str], object], line: str) -> float:
    """One call's time in ms (a refusal, raised, counts as the answer)."""
    started = time.perf_counter()
    with contextlib.suppress(Exception):  # a parser's refusal is its answer to a hostile line
        parse(line)
    return (time.perf_counter() - started) * 1000


def exponent(sizes: tuple[int, ...] | list[int], ms: list[float]) -> float | None:
    """How the time grows with the line: the exponent k of ``time ~ size ** k`` between the first
    size whose time is at least :data:`FLOOR_MS` and the largest (1 for a linear parser, 2 for a
    quadratic one), or None when fewer than two times reach the floor (too fast to tell)."""
    points = [(n, t) for n, t in zip(sizes, ms, strict=True) if t >= FLOOR_MS]
    if len(points) < 2 or points[-1][0] == points[0][0]:
        return None
    (n0, t0), (n1, t1) = points[0], points[-1]
    return math.log(t1 / t0) / math.log(n1 / n0)


def linear(sizes: tuple[int, ...] | list[int], ms: list[float]) -> bool:
    """Whether the row scales linearly: its :func:`exponent` at most :data:`MAX_EXPONENT` (a
    quadratic parser's is 2), or its times too small to tell."""
    k = exponent(sizes, ms)
    return k is None or k <= MAX_EXPONENT


def rows(sizes: tuple[int, ...] = SIZES, repeat: int = 3) -> list[dict[str, Any]]:
    """Every row timed at every size (the best of ``repeat`` calls)."""
    out = []
    for row in ROWS:
        ms = []
        for n in sizes:
            line = row.line(n)
            ms.append(min(time_once(row.parse, line) for _ in range(repeat)))
        out.append(
            {
                "row": row.name,
                "what": row.what,
                "sizes": list(sizes),
                "ms": ms,
                "exponent": exponent(sizes, ms),
                "linear": linear(sizes, ms),
            }
        )
    return out


def table(entries: list[dict[str, Any]]) -> str:
    """The rows as the bench prints them: ms at each size and the verdict."""
    if not entries:
        return ""
    heads = "  ".join(f"{n // 1024:>7} KB" for n in entries[0]["sizes"])
    lines = [
        "",
        "Parse scaling (CPython, ms; linear: time ~ size^k with k <= 1.5 from 16 KB to 1 MB)",
        f"  {'row':<18}{heads}  verdict",
    ]
    for e in entries:
        cells = "  ".join(f"{ms:>10.1f}" for ms in e["ms"])
        k = "k -" if e["exponent"] is None else f"k {e['exponent']:.2f}"
        lines.append(f"  {e['row']:<18}{cells}  {'linear' if e['linear'] else 'NOT LINEAR'} ({k}; {e['what']})")
    return "\n".join(lines)


def budgets(entries: list[dict[str, Any]]) -> list[tuple[str, str, bool | None]]:
    """One budget line per row, as :func:`tools.measure.bench.budgets` lists them."""
    return [
        (f"parse scaling {e['row']} linear (16 KB -> 1 MB)", f"{e['ms'][0]:.1f} -> {e['ms'][-1]:.1f} ms", e["linear"])
        for e in entries
    ]


if __name__ == "__main__":
    print(table(rows()))
