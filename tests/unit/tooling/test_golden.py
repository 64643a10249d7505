"""The golden corpus: the engine answers today exactly what it answered when the corpus was
recorded — every step, every die in order with its purpose, every need, every number.

The corpus (``tests/golden/*.jsonl.gz``, built by ``tools/testing/golden.py``) holds the examples, every
scenario the unit tests resolve, every d100 weapon quality alone and in pairs, and scenarios of all
five rulesets drawn by hypothesis. A refactor keeps this test green; a commit that fixes a real rule
bug re-answers its own entries (``python tools/testing/golden.py refresh``) and says which entries change and
why; a new field or figure is written into the recorded entries with ``python tools/testing/golden.py add``,
which keeps every recorded value.
"""

from __future__ import annotations

import background
import pytest

from tools.testing import golden


def replayed(name: str) -> tuple[int, list[str]]:
    """How many entries ``tests/golden/{name}.jsonl.gz`` holds, and each one's first difference
    between its recorded output and the engine's answer today (``"id: path: want ..., got ..."``)."""
    corpus = golden.read(name)
    differences = []
    for entry in corpus:
        found = golden.first_difference(entry["output"], golden.replay(entry))
        if found:
            differences.append(f"{entry['id']}: {found}")
    return len(corpus), differences


# Each file is replayed in a second process while earlier tests run (background.py): the same replay.
BACKGROUND = [(replayed, (name,)) for name in golden.FILES]


@pytest.mark.parametrize("name", golden.FILES)
def test_golden_corpus_replays_with_no_difference(name: str) -> None:
    count, differences = background.result(replayed, name)
    assert count, f"tests/golden/{name}.jsonl.gz is missing or empty: python tools/testing/golden.py record {name}"
    assert not differences, f"{len(differences)} of {count} entries differ:\n" + "\n".join(differences[:20])


def test_golden_first_difference_names_the_path() -> None:
    want = {"steps": [{"rule": "A", "detail": "x"}], "dice": [1, 2]}
    assert golden.first_difference(want, want) is None
    got = {"steps": [{"rule": "A", "detail": "y"}], "dice": [1, 2]}
    assert golden.first_difference(want, got) == '$.steps[0].detail: want "x", got "y"'
    assert golden.first_difference(want, {**want, "dice": [1]}) == "$.dice: want 2 items, got 1"
    assert golden.first_difference({"a": 1}, {"a": 1.0}) == "$.a: want 1, got 1.0"


def test_golden_corpus_covers_every_ruleset_and_status() -> None:
    seen = {
        (e["input"].get("system", "dh2"), e["output"]["status"])
        for name in golden.FILES
        for e in golden.read(name)
        if e.get("kind", "run") == "run"
    }
    odds = {e["input"]["system"] for e in golden.read("odds") if e["output"]["status"] == "ok"}
    assert odds == {"dh2", "dh1", "dw", "wh40krp", "epic"}
    for system in ("dh2", "dh1", "dw", "wh40krp", "epic"):
        for status in ("ok", "invalid", "needs"):
            assert (system, status) in seen, (system, status)
