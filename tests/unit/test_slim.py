"""tools/slim.py: the browser's copy of the app wheel loses its docstrings and comments, and
nothing else: the same syntax tree (less the docstrings) and every line at its number; its data
files lose their notes and whitespace; and the slimmed files resolve every ruleset."""

from __future__ import annotations

import ast
import base64
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tools.slim import slim_file, slim_json, slim_vendored_file, slim_wheel, strip_source

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted([*(ROOT / "rules").rglob("*.py"), *(ROOT / "static" / "auspex_web").rglob("*.py")])


def without_docstrings(source: str) -> str:
    """The syntax tree with every docstring emptied, found by Python's own rule (ast.get_docstring),
    not by the code under test."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        documented = isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        if documented and ast.get_docstring(node, clean=False) is not None:  # type: ignore[arg-type]
            node.body[0].value.value = ""  # type: ignore[attr-defined]
    return ast.dump(tree)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_stripping_keeps_the_code_and_its_line_numbers(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    slim = strip_source(source)
    assert ast.dump(ast.parse(slim)) == without_docstrings(source)
    assert slim.count("\n") == source.count("\n")
    assert not any(line.lstrip().startswith("#") for line in slim.splitlines())


def test_strings_that_are_not_docstrings_stay_as_they_are() -> None:
    source = (
        '"""Module."""\n'
        "x = '#not a comment'  # a comment\n"
        "def f():\n"
        '    """Doc\n    on two lines."""\n'
        '    y = """keep\n   this  """\n'
        "    return y\n"
    )
    assert strip_source(source) == (
        '""\nx = \'#not a comment\'\ndef f():\n    ""\n\n    y = """keep\n   this  """\n    return y\n'
    )


def test_the_slim_wheel_has_a_true_record(tmp_path: Path) -> None:
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        z.writestr("demo/__init__.py", '"""Demo."""\n# comment\nVALUE = 1\n')
        z.writestr("demo/data.json", '{"a": 1}')
        z.writestr("demo-1.0.dist-info/RECORD", "stale\n")
    before, after = slim_wheel(wheel)
    assert before > 0 and after > 0
    with zipfile.ZipFile(wheel) as z:
        assert z.read("demo/__init__.py") == b'""\n\nVALUE = 1\n'
        rows = [line.split(",") for line in z.read("demo-1.0.dist-info/RECORD").decode().splitlines()]
        for name, digest, size in rows:
            if name.endswith("RECORD"):
                assert digest == size == ""
                continue
            data = z.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={expected}" and int(size) == len(data)


def test_vendored_wheels_lose_pydantic_v1_the_mypy_plugin_docstrings_and_the_long_description() -> None:
    assert slim_vendored_file("pydantic/v1/main.py", b"x = 1\n") is None
    assert slim_vendored_file("pydantic/mypy.py", b"x = 1\n") is None
    assert slim_vendored_file("pydantic/main.py", b'"""Doc."""\nx = 1  # why\n') == b'""\nx = 1\n'
    metadata = b"Metadata-Version: 2.4\nName: pydantic\n\n# Pydantic\nA long README.\n"
    assert (
        slim_vendored_file("pydantic-2.14.3.dist-info/METADATA", metadata) == b"Metadata-Version: 2.4\nName: pydantic\n"
    )
    so = bytes(range(256))
    assert slim_vendored_file("pydantic_core/_pydantic_core.cpython-314-wasm32-emscripten.so", so) == so
    assert slim_vendored_file("pydantic/py.typed", b"") == b""


def slim_tree(dest: Path) -> None:
    """The browser wheel's files, slimmed as the build slims them, under ``dest``."""
    for base, prefix in ((ROOT / "rules", "rules"), (ROOT / "static" / "auspex_web", "auspex_web")):
        for path in base.rglob("*"):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            name = f"{prefix}/{path.relative_to(base).as_posix()}"
            data = slim_file(name, path.read_bytes())
            if data is not None:
                (dest / name).parent.mkdir(parents=True, exist_ok=True)
                (dest / name).write_bytes(data)


def test_data_files_lose_only_their_notes_and_whitespace() -> None:
    for path in sorted((ROOT / "rules" / "data").rglob("*.json")):
        original = json.loads(path.read_text(encoding="utf-8"))
        slim = slim_json(path.read_bytes())
        assert b"_note" not in slim and b"\n" not in slim, path
        # the notes are dropped by the test's own walk, not the code under test's
        stack, expected = [original], original
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                node.pop("_note", None)
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
        assert json.loads(slim) == expected, path


def test_the_slim_browser_files_resolve_every_ruleset(tmp_path: Path) -> None:
    # The worker imports auspex_web.bridge and resolves with rules.run: resolve an attack of each
    # ruleset from the files as the browser gets them (stripped, data slimmed, the omitted modules
    # and the Deathwatch armoury absent).
    slim_tree(tmp_path)
    assert not (tmp_path / "rules" / "catalogue.py").exists()
    code = (
        "import sys, json\n"
        "from auspex_web.bridge import respond\n"
        "for system in ('dh2', 'dh1', 'dw', 'wh40krp', 'epic'):\n"
        "    gun = {} if system == 'wh40krp' else {'attacker': {'weapon': {'range': 100, 'clip': 30}}}\n"
        "    if system == 'epic':\n"
        "        gun = {'attacker': {'units': [{'weapons': 'Heavy bolter 30 AP3'}]}, 'target': {'units': [{}]}}\n"
        "    out = respond(json.dumps({'system': system, 'seed': 3, **gun}))\n"
        "    assert out['status'] == 'ok' and out['html'], (system, out)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path)},
    )
    assert proc.returncode == 0, proc.stderr
