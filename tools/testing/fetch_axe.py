"""Fetch axe-core for the accessibility tests: ``python tools/testing/fetch_axe.py`` (``make test`` and
``make e2e`` run it).

axe-core is used by the browser tests only (tests/e2e/test_a11y.py, test_phone.py inject it into
the page under test); it is never served with the page. The npm tarball is fetched with
``npm pack`` (the machine's configured registry, like tools/build/vendor.py), refused unless its sha512
is the pinned ``dist.integrity`` the registry publishes for that version, and ``axe.min.js`` is
extracted to ``.cache/axe/`` (git-ignored). A second run with the file in place is offline.
Exit status 1 with a message on a mismatch or a failed download.
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".cache" / "axe"
VERSION = "4.14.1"
# `npm view axe-core@4.14.1 dist.integrity`
INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
TARBALL = CACHE / f"axe-core-{VERSION}.tgz"
AXE_JS = CACHE / "axe.min.js"
STAMP = CACHE / "axe.min.js.version"


def integrity(data: bytes) -> str:
    """The Subresource Integrity string (``sha512-<base64>``) npm publishes for a tarball."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode("ascii")


def fetch_tarball() -> bytes:
    """The pinned tarball's bytes, downloaded once into the cache and checked every time."""
    if not TARBALL.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "pack", f"axe-core@{VERSION}", "--silent"], cwd=CACHE, check=True, stdout=subprocess.DEVNULL
        )
    data = TARBALL.read_bytes()
    got = integrity(data)
    if got != INTEGRITY:
        TARBALL.unlink(missing_ok=True)
        sys.exit(f"fetch_axe: integrity mismatch for {TARBALL.name}: expected {INTEGRITY}, got {got}")
    return data


def ensure() -> Path:
    """``.cache/axe/axe.min.js`` of the pinned version, fetched and extracted if it is not there."""
    if AXE_JS.exists() and STAMP.exists() and STAMP.read_text().strip() == INTEGRITY:
        return AXE_JS
    fetch_tarball()
    with tarfile.open(TARBALL) as tar:
        try:
            member = tar.extractfile("package/axe.min.js")
        except KeyError:
            member = None
        if member is None:
            sys.exit(f"fetch_axe: no package/axe.min.js in {TARBALL.name}")
        AXE_JS.write_bytes(member.read())
    STAMP.write_text(INTEGRITY + "\n")
    return AXE_JS


def main() -> int:
    """Fetch (or find in the cache) the pinned axe-core and say where it is."""
    try:
        path = ensure()
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"fetch_axe: could not fetch axe-core {VERSION}: {error}", file=sys.stderr)
        return 1
    print(f"fetch_axe: axe-core {VERSION} at {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
