"""tools/build/slim.py: the browser's copy of the app wheel loses its docstrings and comments, and
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

from tools.build.slim import slim_file, slim_json, slim_vendored_file, slim_wheel, strip_source

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = sorted([*(ROOT / "rules").rglob("*.py"), *(ROOT / "static" / "auspex_web").rglob("*.py")])


def without_docstrings(source: str) -> str:
    """The syntax tree with every docstring emptied: each string that is a statement of its own (a
    module's, class's or def's docstring, or an attribute docstring after a field), found by the
    syntax tree, not by the code under test."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            node.value.value = ""
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


def test_attribute_docstrings_go_like_docstrings_and_keep_their_lines() -> None:
    # pydantic's ConfigDict documents each key with a string after it: a statement that does nothing
    source = 'class C:\n    """Doc."""\n    a: int\n    """What a is,\n    on two lines."""\n    b = "kept"\n'
    assert strip_source(source) == 'class C:\n    ""\n    a: int\n    ""\n\n    b = "kept"\n'


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


def test_vendored_wheels_lose_type_stubs_the_bill_of_materials_and_pydantic_features_no_model_uses() -> None:
    for name in (
        "pydantic_core/_pydantic_core/__init__.pyi",
        "pydantic_core-2.50.4.dist-info/sboms/pydantic-core.cyclonedx.json",
        "pydantic/networks.py",
        "pydantic/color.py",
        "pydantic/experimental/pipeline.py",
        "pydantic/validate_call_decorator.py",
    ):
        assert slim_vendored_file(name, b"x = 1\n") is None, name
    # what pydantic imports for any model stays, and so do the licences
    assert slim_vendored_file("pydantic/fields.py", b"x = 1\n") == b"x = 1\n"
    assert slim_vendored_file("pydantic_core-2.50.4.dist-info/licenses/LICENSE", b"MIT") == b"MIT"


# The worker's every entry, run with the pydantic modules the browser's copy omits made unimportable:
# a model or a path that needed one would fail here, not on a player's phone.
WITHOUT_OMITTED = """
import importlib.abc, json, sys
from pathlib import Path
sys.path[:0] = [ROOT, ROOT + '/static']
OMITTED = ('pydantic.networks', 'pydantic.color', 'pydantic.experimental', 'pydantic.deprecated',
           'pydantic.validate_call_decorator', 'pydantic._internal._validate_call', 'pydantic._internal._git',
           'pydantic._internal._decorators_v1', 'pydantic.class_validators', 'pydantic.datetime_parse',
           'pydantic.decorator', 'pydantic.env_settings', 'pydantic.error_wrappers', 'pydantic.generics',
           'pydantic.json', 'pydantic.parse', 'pydantic.schema', 'pydantic.tools', 'pydantic.typing',
           'pydantic.utils', 'pydantic.validators')

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if any(name == omitted or name.startswith(omitted + '.') for omitted in OMITTED):
            raise ImportError(f'{name} is not in the browser copy')
        return None

sys.meta_path.insert(0, Refuse())
from auspex_web import bridge
for path in sorted(Path(ROOT, 'examples').glob('*.json')):
    text = path.read_text()
    for call in (bridge.respond, bridge.respond_odds, bridge.respond_check):
        out = call(text)
        assert out['status'] == 'ok', (path.name, call.__name__, out)
enc = Path(ROOT, 'examples', 'encounters', 'dh2-three-rounds.json').read_text()
out = bridge.respond_encounter(json.dumps({'encounter': json.loads(enc), 'then': None, 'undo': False}))
assert out['status'] == 'ok', out
for system in ('dh2', 'dh1', 'dw'):
    assert bridge.respond_tables_text(system)['status'] == 'ok'
assert bridge.respond(json.dumps({'system': 'dh2', 'attacker': {'weapon': {'pen': 'x'}}}))['status'] == 'invalid'
print('ok', sorted(m for m in sys.modules if m in OMITTED))
"""


def test_the_worker_runs_without_the_pydantic_modules_the_browser_copy_omits() -> None:
    from tools.build.slim import VENDORED_OMITS

    omitted_modules = {
        name.removesuffix(".py").removesuffix("/").replace("/", ".")
        for name in VENDORED_OMITS
        if name.startswith("pydantic/")
        and name not in ("pydantic/v1/", "pydantic/mypy.py", "pydantic/deprecated/decorator.py")
    }
    assert omitted_modules == set(ast.literal_eval(WITHOUT_OMITTED.split("OMITTED = ")[1].split("\n\n")[0]))
    proc = subprocess.run(
        [sys.executable, "-c", f"ROOT = {str(ROOT)!r}\n" + WITHOUT_OMITTED],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip() == "ok []"
