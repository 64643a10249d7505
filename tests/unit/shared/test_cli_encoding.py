"""The command line reads a file's bytes: UTF-8, with or without a byte order mark (the BOM is
not part of the first word); a file in another encoding (a Latin-1 "Café") is refused at its
field with a message and exit 2, as other input errors are, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from encounter_helpers import CULTIST_TARGET, GUARD

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "lasgun.json"
BOM = b"\xef\xbb\xbf"


def cli_bytes(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m rules ARGS`` with raw bytes on stdin (the output read as UTF-8)."""
    proc = subprocess.run(
        [sys.executable, "-m", "rules", *args], input=stdin, capture_output=True, cwd=ROOT, timeout=60, check=False
    )
    return subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.decode(), proc.stderr.decode())


def _encounter(name: str) -> dict[str, object]:
    add = {"type": "add", "combatant": {"id": "c", "name": name, "target": CULTIST_TARGET, "attacker": GUARD}}
    return {"auspex_encounter": 1, "system": "dh2", "events": [add]}


def _refused(proc: subprocess.CompletedProcess[str], field: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    error = json.loads(proc.stderr)["errors"][0]
    assert error["field"] == field
    return str(error["message"])


LATIN1 = pytest.mark.parametrize(
    ("args", "field"),
    [(("encounter",), "encounter"), (("tables", "check"), "file"), (("resolve",), "scenario"), (("odds",), "scenario")],
)


@LATIN1
def test_a_latin1_file_is_refused_with_a_message(tmp_path: Path, args: tuple[str, ...], field: str) -> None:
    path = tmp_path / "cafe.json"
    if args[0] == "encounter":
        path.write_bytes(json.dumps(_encounter("Café"), ensure_ascii=False).encode("latin-1"))
    elif args[0] == "tables":
        path.write_bytes("Energy, Head, 1: Café [slain]\n".encode("latin-1"))
    else:
        data = json.loads(EXAMPLE.read_text())
        data["attacker"]["name"] = "Café"
        path.write_bytes(json.dumps(data, ensure_ascii=False).encode("latin-1"))
    extra = ("--system", "dh2") if args[0] == "tables" else ()
    message = _refused(cli_bytes(*args, str(path), *extra), field)
    assert "UTF-8" in message and "byte 1" not in message


@LATIN1
def test_latin1_on_stdin_is_refused_too(args: tuple[str, ...], field: str) -> None:
    raw = json.dumps(_encounter("Café"), ensure_ascii=False).encode("latin-1")
    message = _refused(cli_bytes(*args, "-", stdin=raw), field)
    assert "UTF-8" in message


def test_an_encounter_with_a_bom_replays(tmp_path: Path) -> None:
    path = tmp_path / "fight.json"
    path.write_bytes(BOM + json.dumps(_encounter("Café"), ensure_ascii=False).encode())
    proc = cli_bytes("encounter", str(path))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["state"]["combatants"][0]["name"] == "Café"


def test_a_scenario_with_a_bom_resolves_from_stdin() -> None:
    # examples/lasgun.json as in test_cli: BS 45 +10 +10 -20 = 45; 23 -> DoS 3; 2 wounds
    proc = cli_bytes("resolve", "-", stdin=BOM + EXAMPLE.read_bytes())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["total_wounds"] == 2


def test_paste_in_tables_with_a_bom_read_the_first_damage_type(tmp_path: Path) -> None:
    path = tmp_path / "tables.txt"
    path.write_bytes(BOM + "Energy, Head, 1: Café [slain]\n".encode())
    proc = cli_bytes("tables", "check", str(path), "--system", "dh2")
    assert proc.returncode == 0, proc.stderr
    assert "\ufeff" not in proc.stdout
    assert "Café" in proc.stdout
