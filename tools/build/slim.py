"""Slim the browser's copy of Auspex's wheel: drop docstrings and comments from its Python files,
and the readings' notes and the whitespace from its data files.

The page downloads the app wheel on a first visit; about a quarter of it is docstrings and
comments, which the engine never reads in the browser (they are for the people reading the
source, and ``python -m rules schema`` runs on the command line); the modules the worker never
imports (:data:`BROWSER_OMITS`) are left out. :func:`strip_source` removes
them token by token and keeps every line where it was, so a traceback in the browser console
names the same line numbers as the source. :func:`slim_wheel` rewrites a wheel in place, with
its ``RECORD`` hashes and sizes recomputed. What the page runs is tested by the browser tests;
``tests/unit/tooling/test_slim.py`` checks that the code is otherwise unchanged (the same syntax tree,
less the docstrings).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import os
import time
import tokenize
import zipfile
from collections.abc import Callable
from pathlib import Path


def _docstrings(source: str) -> set[tuple[int, int]]:
    """The (first line, last line) of each docstring: a string that is a statement of its own, the
    one that opens a module, class or def and the attribute docstrings after a class's fields (as
    in pydantic's ``ConfigDict``). Such a string does nothing when the code runs; only
    ``inspect.getsource`` readers see it (pydantic's ``use_attribute_docstrings``, which no model of
    ``rules`` sets)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            found.add((node.lineno, node.end_lineno or node.lineno))
    return found


def strip_source(source: str) -> str:
    """``source`` without docstrings (:func:`_docstrings`; each becomes ``""`` followed by as many line breaks as it
    spanned, so every later line keeps its number) and without comments (with the spaces before
    them). Raises ``SyntaxError`` for source Python cannot read."""
    docstrings = _docstrings(source)
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) as offsets into source
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        (r0, c0), (r1, c1) = tok.start, tok.end
        if tok.type == tokenize.COMMENT:
            line = lines[r0 - 1]
            c0 = len(line[:c0].rstrip())  # the spaces before the comment go too
            edits.append((offsets[r0 - 1] + c0, offsets[r1 - 1] + c1, ""))
        elif tok.type == tokenize.STRING and (r0, r1) in docstrings:
            docstrings.discard((r0, r1))  # only the statement's first string token
            edits.append((offsets[r0 - 1] + c0, offsets[r1 - 1] + c1, '""' + "\n" * (r1 - r0)))
    for start, end, new in sorted(edits, reverse=True):
        source = source[:start] + new + source[end:]
    return source


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


# What the page's worker never imports: the command line, the catalogue (the page reads the
# catalogue.json the build writes from it) and the armouries behind it (every ruleset's).
BROWSER_OMITS = frozenset(
    {
        "rules/__main__.py",
        "rules/catalogue.py",
        "rules/armoury.py",
        "rules/dw/armoury.py",
        *(f"rules/data/{system}/armoury.json" for system in ("dw", "dh2", "dh1")),
    }
)


def _drop_notes(value: object) -> object:
    if isinstance(value, dict):
        return {k: _drop_notes(v) for k, v in value.items() if k != "_note"}
    if isinstance(value, list):
        return [_drop_notes(v) for v in value]
    return value


def slim_json(data: bytes) -> bytes:
    """A data file without its ``_note`` readings (every model takes them as optional; they are for
    the people reading the data) and without whitespace; sources and values stay."""
    return json.dumps(_drop_notes(json.loads(data)), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def slim_file(name: str, data: bytes, omit: frozenset[str] = BROWSER_OMITS) -> bytes | None:
    """The browser's copy of one file of the wheel (``name`` as in the wheel, ``rules/api.py``):
    None when the browser leaves it out, Python stripped, JSON data slimmed, the rest as is."""
    if name in omit:
        return None
    if name.endswith(".py"):
        return strip_source(data.decode("utf-8")).encode("utf-8")
    if name.endswith(".json"):
        return slim_json(data)
    return data


# Zip timestamps when SOURCE_DATE_EPOCH is not set: 1980-01-01, the earliest date a zip can hold.
FALLBACK_EPOCH = 315532800


def zip_date_time() -> tuple[int, int, int, int, int, int]:
    """The timestamp every entry of a slimmed wheel gets: ``SOURCE_DATE_EPOCH`` (seconds since 1970,
    UTC; tools/build/vendor.py sets it to the commit's date) or 1980-01-01 without it, never earlier than
    1980 (a zip cannot hold an earlier date), so two builds of one commit write the same bytes."""
    epoch = max(int(os.environ.get("SOURCE_DATE_EPOCH") or FALLBACK_EPOCH), FALLBACK_EPOCH)
    return time.gmtime(epoch)[:6]


def _entry(name: str, date_time: tuple[int, int, int, int, int, int]) -> zipfile.ZipInfo:
    """A zip entry with nothing of the machine or the moment in it: the given time, mode 0644 (a
    regular file), Unix as the system, deflate level 9."""
    info = zipfile.ZipInfo(name, date_time=date_time)
    info.create_system = 3
    info.external_attr = 0o100644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def slim_wheel(
    path: Path, omit: frozenset[str] = BROWSER_OMITS, slimmer: Callable[[str, bytes], bytes | None] | None = None
) -> tuple[int, int]:
    """Rewrite the wheel at ``path`` with each file slimmed (``slimmer(name, data)``, None to
    leave the file out; default :func:`slim_file` with ``omit``: Python stripped, JSON without
    notes and whitespace), recompressed at deflate level 9, and its ``RECORD`` recomputed; returns
    the wheel's size in bytes before and after. The result depends only on the files' names and
    contents: entries sorted by name (the ``.dist-info`` folder last, its ``RECORD`` at the very
    end, as wheels are written), each timestamped :func:`zip_date_time` with mode 0644."""
    slim_one = slimmer or (lambda name, data: slim_file(name, data, omit))
    before = path.stat().st_size
    with zipfile.ZipFile(path) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    files: list[tuple[str, bytes]] = []
    record_name = next(info.filename for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    for info, data in entries:
        if info.filename == record_name or info.is_dir():
            continue
        slim = slim_one(info.filename, data)
        if slim is not None:
            files.append((info.filename, slim))
    files.sort(key=lambda file: (".dist-info/" in file[0], file[0]))
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files)
    record += f"{record_name},,\n"
    when = zip_date_time()
    tmp = path.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for name, data in [*files, (record_name, record.encode("utf-8"))]:
            zout.writestr(_entry(name, when), data, compresslevel=9)
    tmp.replace(path)
    return before, path.stat().st_size


# What of the pinned third-party wheels the page never imports: pydantic's V1 compatibility
# package (imported only by ``import pydantic.v1``, or to warn about a V1 model given to V2, which
# Auspex never does) and its mypy plugin (a type checker's, never the runtime's).
# What of the pinned wheels the page's worker never imports (first-visit bytes within bare
# Pyodide + 2.5 MB). pydantic's V1 package and mypy plugin; type stubs (``.pyi``, read by type
# checkers only) and pydantic-core's software bill of materials (``sboms/``, a build record); and
# pydantic modules reached only through features no model of ``rules`` uses (and the deprecated V1 API below): URL and e-mail types
# (``networks``), ``Color``, the ``experimental`` package, ``validate_arguments`` / ``validate_call``,
# and the git-revision helper behind ``pydantic.version.version_info``. tests/unit/tooling/test_slim.py runs
# every ruleset, the odds, the encounter and the tables with these modules made unimportable.
VENDORED_OMITS = (
    "pydantic/v1/",
    "pydantic/mypy.py",
    "pydantic/networks.py",
    "pydantic/color.py",
    "pydantic/experimental/",
    "pydantic/deprecated/decorator.py",
    "pydantic/validate_call_decorator.py",
    "pydantic/_internal/_validate_call.py",
    "pydantic/_internal/_git.py",
    # pydantic 1's API, kept in 2 as deprecated shims: never called by ``rules`` (no ``.dict()``,
    # ``.copy()``, ``parse_obj``, ``@validator`` or ``class Config``)
    "pydantic/deprecated/",
    "pydantic/_internal/_decorators_v1.py",
    *(
        f"pydantic/{name}.py"
        for name in (
            "class_validators",
            "datetime_parse",
            "decorator",
            "env_settings",
            "error_wrappers",
            "generics",
            "json",
            "parse",
            "schema",
            "tools",
            "typing",
            "utils",
            "validators",
        )
    ),
)
VENDORED_OMIT_SUFFIXES = (".pyi",)
VENDORED_OMIT_FOLDERS = (".dist-info/sboms/",)


def slim_vendored_file(name: str, data: bytes) -> bytes | None:
    """The browser's copy of one file of a pinned third-party wheel: None for
    :data:`VENDORED_OMITS` and type stubs; Python without docstrings and comments (:func:`strip_source`, every
    line kept where it was); ``METADATA`` without its long description (the project's README,
    after the first blank line); the rest (compiled modules, ``py.typed``) as is."""
    if (
        name.startswith(VENDORED_OMITS)
        or name.endswith(VENDORED_OMIT_SUFFIXES)
        or any(folder in name for folder in VENDORED_OMIT_FOLDERS)
    ):
        return None
    if name.endswith(".py"):
        return strip_source(data.decode("utf-8")).encode("utf-8")
    if name.endswith(".dist-info/METADATA"):
        head, _, _ = data.partition(b"\n\n")
        return head + b"\n"
    return data
