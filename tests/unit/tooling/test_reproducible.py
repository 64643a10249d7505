"""The build is reproducible: one commit gives byte-identical ``static/vendor/`` and one precache version.

A deploy of an unchanged commit must not look like a new version to every player's service worker
(sw.js installs a new cache, and the page offers "A new version of Auspex is ready", whenever the
precache version changes). tools/build/vendor.py and tools/build/precache.py are run in two fresh clones of HEAD
(with this tree's uncommitted changes copied over, so the test checks the code being edited), a few
seconds apart, reusing ``.cache/vendor``'s downloads; every file they write is compared by sha256.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from tools.build import slim, vendor

ROOT = Path(__file__).resolve().parents[3]


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def clone_with_local_changes(dest: Path) -> Path:
    """A clone of HEAD at ``dest``, with this tree's modified and untracked (not ignored) files copied
    over, deleted ones deleted, and the shared download cache linked in."""
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(dest)], check=True)
    for name in git("ls-files", "-z", "-m", "-o", "-d", "--exclude-standard").split("\0"):
        if not name:
            continue
        src, out = ROOT / name, dest / name
        if src.is_file():
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, out)
        elif out.exists():
            out.unlink()
    (dest / ".cache").mkdir()
    (dest / ".cache" / "vendor").symlink_to((ROOT / ".cache" / "vendor").resolve())
    return dest


def build(tree: Path) -> dict[str, str]:
    """Run ``make vendor``'s two steps in ``tree``; the sha256 of every file in its static/vendor/."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}  # the date comes from git
    for step in ("tools/build/vendor.py", "tools/build/precache.py"):
        subprocess.run([sys.executable, step], cwd=tree, check=True, env=env, capture_output=True)
    out = tree / "static" / "vendor"
    return {
        path.relative_to(out).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(out.rglob("*"))
        if path.is_file()
    }


@pytest.mark.skipif(
    not (ROOT / ".cache" / "vendor").exists() or not (ROOT / ".git").exists(),
    reason="needs a git checkout and make vendor's downloads in .cache/vendor",
)
def test_two_clean_builds_of_one_commit_are_byte_identical(tmp_path: Path) -> None:
    first = build(clone_with_local_changes(tmp_path / "a"))
    time.sleep(2.1)  # zip timestamps have a resolution of two seconds: a clock read would show
    second = build(clone_with_local_changes(tmp_path / "b"))
    assert first.keys() == second.keys()
    differing = sorted(name for name in first if first[name] != second[name])
    assert differing == [], f"these files differ between two builds of one commit: {differing}"
    assert any(name.startswith("app/") and name.endswith(".whl") for name in first)
    assert "precache.js" in first


def wheel_with(
    path: Path, entries: list[tuple[str, bytes]], date: tuple[int, int, int, int, int, int], mode: int
) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=date)
            info.external_attr = mode << 16
            z.writestr(info, data)
    return path


def test_a_slimmed_wheel_does_not_depend_on_its_inputs_times_order_or_permissions(tmp_path: Path) -> None:
    files = [
        ("pkg/__init__.py", b'"""Doc."""\nx = 1  # note\n'),
        ("pkg/data.json", b'{"a": 1, "_note": "n"}'),
        ("pkg-1.0.dist-info/METADATA", b"Name: pkg\n"),
        ("pkg-1.0.dist-info/RECORD", b""),
    ]
    one = wheel_with(tmp_path / "one.whl", files, (2020, 1, 2, 3, 4, 6), 0o100644)
    two = wheel_with(tmp_path / "two.whl", files[::-1], (2024, 5, 6, 7, 8, 10), 0o100755)
    slim.slim_wheel(one)
    time.sleep(2.1)
    slim.slim_wheel(two)
    assert one.read_bytes() == two.read_bytes()
    with zipfile.ZipFile(one) as z:
        names = z.namelist()
        assert names[-1] == "pkg-1.0.dist-info/RECORD"  # the wheel's own record last, as wheels put it
        assert names.index("pkg/__init__.py") < names.index("pkg-1.0.dist-info/METADATA")
        assert {info.date_time for info in z.infolist()} == {slim.zip_date_time()}
        assert {info.external_attr >> 16 for info in z.infolist()} == {0o100644}


def test_the_build_date_is_the_last_commit_to_the_wheels_sources_or_a_fixed_one_outside_git(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    if (ROOT / ".git").exists():
        last_change = int(git("log", "-1", "--format=%ct", "--", "rules", "static/auspex_web").strip())
        assert vendor.source_date_epoch(ROOT) >= last_change  # the sources' last change, or the tools'
        assert vendor.source_date_epoch(ROOT) <= int(git("log", "-1", "--format=%ct").strip())
    assert vendor.source_date_epoch(tmp_path) == vendor.FALLBACK_EPOCH  # not a git checkout
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert vendor.source_date_epoch(tmp_path) == 1700000000
