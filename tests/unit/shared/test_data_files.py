"""The rules' data files are read from beside ``rules/data`` (:mod:`rules.data`), without
importlib.resources: the same text, a missing file said as such, and every loader reading through it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import data
from rules.d100 import tables

DATA = Path(__file__).resolve().parents[3] / "rules" / "data"


def test_read_text_is_the_files_own_text() -> None:
    # DH2's tables file, byte for byte as it lies in the checkout
    assert data.read_text("dh2", "tables.json") == (DATA / "dh2" / "tables.json").read_text(encoding="utf-8")


def test_a_ruleset_without_an_armoury_has_no_armoury_file() -> None:
    # Epic keeps its weapons in its datasheets, not in an armoury.json; DH2 has one
    assert data.has_file("dh2", "armoury.json")
    assert not data.has_file("epic", "armoury.json")


def test_a_missing_data_file_raises_file_not_found() -> None:
    with pytest.raises(FileNotFoundError):
        data.read_text("dh2", "no-such-table.json")


def test_the_tables_loader_reads_the_same_json() -> None:
    assert tables.load_data("dh1", "actions") == json.loads((DATA / "dh1" / "actions.json").read_text(encoding="utf-8"))
