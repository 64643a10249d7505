"""The rules' data files (``rules/data/<system>/<name>.json``), read from beside this module.

A plain file read, not :mod:`importlib.resources`: the package is always installed as files (the
CLI's checkout, the page's app wheel unpacked by Pyodide), and importing ``importlib.resources``
alone cost about 12 ms of the engine's start in Node's Pyodide (``tools/importprof.mjs``), before
the first file was even read.
"""

from __future__ import annotations

import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def data_path(system: str, file_name: str) -> str:
    """The path of ``rules/data/<system>/<file_name>`` (``file_name`` with its extension)."""
    return os.path.join(_HERE, system, file_name)


def read_text(system: str, file_name: str) -> str:
    """The text (UTF-8) of ``rules/data/<system>/<file_name>``; raises FileNotFoundError when the
    ruleset has no such file."""
    with open(data_path(system, file_name), encoding="utf-8") as file:
        return file.read()


def has_file(system: str, file_name: str) -> bool:
    """Whether ``rules/data/<system>/<file_name>`` exists (a ruleset without an armoury, say)."""
    return os.path.isfile(data_path(system, file_name))
