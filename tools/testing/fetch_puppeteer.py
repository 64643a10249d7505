"""Fetch puppeteer-core for the Firefox smoke tests: ``python tools/testing/fetch_puppeteer.py`` (``make test``
runs it through ``make browsers``).

puppeteer-core drives Debian's ``firefox-esr`` over WebDriver BiDi (tests/browsers/firefox.mjs); it
is used by the tests only and never served with the page. ``tools/testing/puppeteer/package-lock.json``
pins it and every package it needs, each with the sha512 the registry publishes; ``npm ci`` (the
machine's configured registry, like tools/build/vendor.py) installs exactly those into
``.cache/puppeteer/node_modules`` (git-ignored) and refuses any tarball whose integrity differs.
puppeteer-core's own integrity is also checked here against :data:`INTEGRITY`, so a lock file
edited by hand cannot swap it. A second run with the same lock is offline. Exit status 1 with a
message on a failure.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PINS = ROOT / "tools" / "testing" / "puppeteer"
CACHE = ROOT / ".cache" / "puppeteer"
VERSION = "25.16.0"
# `npm view puppeteer-core@25.16.0 dist.integrity`
INTEGRITY = "sha512-VA5Pf54N8shfopNkZZXCdiiwfnnY8ZJYAMqFQRhlH5mGUhfwf53Ar770GPtdpTDLUqvQeYpIBtC9/G2Jij2IJw=="
STAMP = CACHE / "installed.lock.json"


def lock_problem(lock: dict[str, object]) -> str | None:
    """What is wrong with the lock file's puppeteer-core entry against the pin (nothing: None)."""
    packages = lock.get("packages")
    entry = packages.get("node_modules/puppeteer-core") if isinstance(packages, dict) else None
    if not isinstance(entry, dict):
        return "tools/testing/puppeteer/package-lock.json has no puppeteer-core"
    if entry.get("version") != VERSION or entry.get("integrity") != INTEGRITY:
        return f"tools/testing/puppeteer/package-lock.json pins puppeteer-core {entry.get('version')} ({entry.get('integrity')}), not {VERSION} ({INTEGRITY})"
    return None


def ensure() -> Path:
    """``.cache/puppeteer/node_modules`` holding the pinned packages, installed if it does not."""
    lock_text = (PINS / "package-lock.json").read_text()
    problem = lock_problem(json.loads(lock_text))
    if problem:
        sys.exit(f"fetch_puppeteer: {problem}")
    modules = CACHE / "node_modules"
    if STAMP.exists() and STAMP.read_text() == lock_text and (modules / "puppeteer-core").is_dir():
        return modules
    CACHE.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(PINS / name, CACHE / name)
    subprocess.run(
        ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"],
        cwd=CACHE,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    STAMP.write_text(lock_text)
    return modules


def main() -> int:
    """Install (or find installed) the pinned puppeteer-core and say where it is."""
    try:
        path = ensure()
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"fetch_puppeteer: could not install puppeteer-core {VERSION}: {error}", file=sys.stderr)
        return 1
    print(f"fetch_puppeteer: puppeteer-core {VERSION} in {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
