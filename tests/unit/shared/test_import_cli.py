"""``python -m rules import FILE|-``: the party file on stdout (exit 0), or the fields not understood
(exit 2) unless --keep-going; a file that cannot be read is refused at ``file``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from run_helpers import cli

from rules.__main__ import main
from rules.party import check_party

DATA = Path(__file__).resolve().parents[1] / "data" / "import"


def test_import_stat_block_prints_a_party_file_that_loads(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(DATA / "statblock-enforcer.txt")]) == 0
    out, err = capsys.readouterr()
    party = json.loads(out)
    assert check_party(out)["status"] == "ok"
    assert [e["name"] for e in party["weapons"]] == ["Lasgun", "Chainsword"]
    assert err.startswith("reading: Stat blocks:")


def test_import_whole_world_export_from_stdin() -> None:
    names = ("vendare-acolyte", "mrkeathley-npc", "deathwatch-horde", "wh40k-dw-npc")
    world = [json.loads((DATA / f"{n}.json").read_text()) for n in names]
    proc = cli("import", "-", "--keep-going", stdin=json.dumps(world))
    assert proc.returncode == 0, proc.stderr
    party = json.loads(proc.stdout)
    assert [e["name"] for e in party["attackers"]] == [
        "Sister Veyra Tolk",
        "Cult Demagogue",
        "Heretic Mob",
        "Traitor Guardsmen",
    ]
    assert proc.stderr.count("reading: ") == 4
    # the world's second actor's Force Staff: each problem at its actor's index
    assert "warning: 1.items.1.system.special.primitive: Primitive takes a value" in proc.stderr


def test_a_field_not_understood_exits_2_at_its_place(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(DATA / "statblock-ork-dw.txt"), "--system", "dw"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert json.loads(err[err.index("{") :]) == {
        "errors": [
            {"field": "line 8: Choppa, qualities", "message": "'Bogus Rune' is not a DW weapon quality: left out"}
        ]
    }


def test_keep_going_prints_the_party_and_warns(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(DATA / "deathwatch-enemy.json"), "--keep-going"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["weapons"][0]["data"]["qualities"] == ["Razor Sharp"]
    assert "warning: items.0.system.attachedQualities.1: 'Living Ammunition' is not a DW weapon quality" in err


def test_unreadable_file_exits_2_at_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"name": "x"')
    assert main(["import", str(bad)]) == 2
    err = json.loads(capsys.readouterr().err)
    assert err["errors"][0]["field"] == "file"
    assert err["errors"][0]["message"].startswith("Not a JSON file")


def test_stat_blocks_in_a_ruleset_without_them_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["import", str(DATA / "statblock-enforcer.txt"), "--system", "epic"])
    assert "invalid choice" in capsys.readouterr().err
