"""Vendor the page's runtime into ``static/vendor/`` (git-ignored), pinned and hash-checked.

Reads ``tools/build/vendor.lock.json``; fetches each npm tarball with ``npm pack`` and each wheel with
``pip download`` (the machine's configured registries; no host is named here), refuses any file
whose sha256 differs from the lock, and unpacks what the page loads:

- ``static/vendor/pyscript/``  PyScript core (``@pyscript/core`` ``dist/``)
- ``static/vendor/pyodide/``   Pyodide core (``pyodide.mjs``, the wasm, the stdlib zip, the lock)
- ``static/vendor/wheels/``    pydantic, pydantic-core built for Pyodide's ABI, and their deps; the
  browser's copies, made from the checked downloads: without docstrings, comments, pydantic's V1
  package and mypy plugin, recompressed (``tools/build/slim.py``: :func:`slim_vendored_file`)
- ``static/vendor/app/``       Auspex's own wheel (``rules`` + ``auspex_web``), built from this tree

Downloads are cached in ``.cache/vendor/`` so a second run is offline. Exit status 1 with a
message on a hash mismatch or a failed download.

The build is reproducible: two runs on one commit write byte-identical files (and so
tools/build/precache.py gives them one version). Every wheel is rewritten with its entries sorted, mode
0644 and one timestamp, ``SOURCE_DATE_EPOCH``: the environment's if set, else the date of the last
commit that changed the wheels' sources, else 1980-01-01 outside a git checkout (:func:`source_date_epoch`).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools.build.slim import FALLBACK_EPOCH, slim_vendored_file, slim_wheel  # noqa: E402 - run as a script, from the repository's root

LOCK = ROOT / "tools" / "build" / "vendor.lock.json"
VENDOR = ROOT / "static" / "vendor"
CACHE = ROOT / ".cache" / "vendor"


# What static/vendor/'s wheels are made of: the app's sources and the tools and pins that build them.
BUILD_INPUTS = (
    "rules",
    "static/auspex_web",
    "pyproject.toml",
    "tools/build/vendor.py",
    "tools/build/slim.py",
    "tools/build/vendor.lock.json",
)


def source_date_epoch(root: Path = ROOT) -> int:
    """The build's date in seconds since 1970 (UTC): ``SOURCE_DATE_EPOCH`` from the environment
    when set (https://reproducible-builds.org/specs/source-date-epoch/), else the date of the commit
    checked out at ``root`` that last changed what the wheels are made of (:data:`BUILD_INPUTS`:
    a commit that changes only the README or the tests gives the players no new version), else :data:`FALLBACK_EPOCH` (1980-01-01) when ``root`` is not a git
    checkout or git is missing. Raises ValueError when the variable is set but not an integer."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return int(os.environ["SOURCE_DATE_EPOCH"])
    if not (root / ".git").exists():
        return FALLBACK_EPOCH
    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%ct", "--", *BUILD_INPUTS],
            cwd=root,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return FALLBACK_EPOCH
    return int(out) if out.isdigit() else FALLBACK_EPOCH


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def checked(path: Path, expected: str) -> Path:
    got = sha256(path)
    if got != expected:
        path.unlink(missing_ok=True)
        sys.exit(f"vendor: sha256 mismatch for {path.name}: expected {expected}, got {got}")
    return path


def fetch_npm(entry: dict) -> Path:
    target = CACHE / entry["tarball"]
    if not target.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        spec = f"{entry['package']}@{entry['version']}"
        subprocess.run(["npm", "pack", spec, "--silent"], cwd=CACHE, check=True, stdout=subprocess.DEVNULL)
    return checked(target, entry["sha256"])


def fetch_wheel(entry: dict) -> Path:
    target = CACHE / entry["filename"]
    if not target.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--only-binary=:all:",
            "-d",
            str(CACHE),
            entry["requirement"],
        ]
        if "platform" in entry:
            cmd += [
                "--platform",
                entry["platform"],
                "--python-version",
                entry["python_version"],
                "--implementation",
                "cp",
            ]
        subprocess.run(cmd, check=True)
    return checked(target, entry["sha256"])


def unpack_npm(tarball: Path, entry: dict) -> None:
    dest = VENDOR / entry["dest"]
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    skip = tuple(entry.get("skip_suffixes", []))
    with tarfile.open(tarball) as tar:
        for member in tar.getmembers():
            if not member.isfile() or (skip and member.name.endswith(skip)):
                continue
            for take in entry["take"]:
                if member.name == take or (take.endswith("/") and member.name.startswith(take)):
                    rel = member.name[len(take) :] if take.endswith("/") else Path(take).name
                    out = dest / rel
                    out.parent.mkdir(parents=True, exist_ok=True)
                    src = tar.extractfile(member)
                    assert src is not None
                    out.write_bytes(src.read())


def _remove_build_leftovers() -> None:
    for leftover in (ROOT / "build", *ROOT.glob("*.egg-info")):
        shutil.rmtree(leftover, ignore_errors=True)


def build_app_wheel() -> Path:
    """Build Auspex's own wheel (pure Python) into static/vendor/app/."""
    dest = VENDOR / "app"
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    _remove_build_leftovers()  # a stale build/lib would put files deleted from the tree into the wheel
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "-q",
                "--no-deps",
                "--no-build-isolation",
                "-w",
                str(dest),
                str(ROOT),
            ],
            check=True,
            cwd=tmp,
        )
    _remove_build_leftovers()
    (wheel,) = dest.glob("*.whl")
    before, after = slim_wheel(wheel)  # the browser's copy: no docstrings or comments
    print(f"vendor: app wheel {before} -> {after} bytes (no docstrings, comments or command-line modules)")
    write_catalogue(dest / "catalogue.json")
    return wheel


def write_catalogue(path: Path) -> None:
    """The forms' choices per ruleset (``python -m rules catalogue``), next to the app wheel."""
    out = subprocess.run(
        [sys.executable, "-m", "rules", "catalogue"], check=True, cwd=ROOT, capture_output=True, text=True
    ).stdout
    # compact: the page fetches it on every first visit (the CLI prints it indented for people)
    path.write_text(json.dumps(json.loads(out), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def main(argv: list[str]) -> int:
    lock = json.loads(LOCK.read_text())
    # one date for every zip entry written here and by pip (tools/build/slim.py reads it too)
    os.environ["SOURCE_DATE_EPOCH"] = str(source_date_epoch())
    only_app = "--app" in argv
    if not only_app:
        for entry in lock["npm"]:
            unpack_npm(fetch_npm(entry), entry)
        wheels = VENDOR / "wheels"
        shutil.rmtree(wheels, ignore_errors=True)
        wheels.mkdir(parents=True)
        saved = 0
        for entry in lock["wheels"]:
            copy = wheels / entry["filename"]
            shutil.copy2(fetch_wheel(entry), copy)  # the download is checked against the lock first
            before, after = slim_wheel(copy, slimmer=slim_vendored_file)
            saved += before - after
        print(f"vendor: the wheels' browser copies {saved} bytes smaller (tools/build/slim.py: VENDORED_OMITS, docstrings)")
    app = build_app_wheel()
    print(f"vendor: runtime in {VENDOR.relative_to(ROOT)}/, app wheel {app.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
