"""tools/measure/bench_parse.py's pure parts: the parse-scaling rows' lines and the verdict on made-up
times (nothing here is timed; ``make bench`` times them)."""

from __future__ import annotations

from tools.measure import bench_parse


def test_a_linear_parsers_times_read_linear_and_a_quadratic_ones_do_not() -> None:
    sizes = list(bench_parse.SIZES)
    # 16 KB -> 1 MB is 64-fold: a linear parser's time grows 64-fold (k = 1), a quadratic one's
    # 4,096-fold (k = 2)
    assert bench_parse.exponent(sizes, [1.0, 4.0, 16.0, 64.0]) == 1.0
    assert bench_parse.linear(sizes, [1.0, 4.0, 16.0, 64.0])
    assert bench_parse.exponent(sizes, [1.0, 16.0, 256.0, 4096.0]) == 2.0
    assert not bench_parse.linear(sizes, [1.0, 16.0, 256.0, 4096.0])
    # times under the floor are timer noise: read from the first time at or over it
    assert bench_parse.exponent(sizes, [0.0, 0.01, 1.0, 4.0]) == 1.0
    assert bench_parse.exponent(sizes, [0.0, 0.0, 0.0, 0.1]) is None
    assert bench_parse.linear(sizes, [0.0, 0.0, 0.0, 0.1])


def test_each_rows_line_is_about_the_size_asked_and_a_budget_line_names_it() -> None:
    for row in bench_parse.ROWS:
        n = 16 * 1024
        assert n <= len(row.line(n)) <= n + 64, row.name
    entries = [{"row": "x", "ms": [1.0, 2.0], "linear": True}]
    assert bench_parse.budgets(entries) == [("parse scaling x linear (16 KB -> 1 MB)", "1.0 -> 2.0 ms", True)]
