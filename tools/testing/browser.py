"""How every tool and test here starts Chromium (browser tests, benchmark, screenshot).

Debian's ``/usr/bin/chromium`` where it exists (Playwright cannot download browsers on every
machine), else ``AUSPEX_CHROMIUM``, else Playwright's own Chromium. The flags keep a headless
Chromium from reaching for the network on its own (updates, sync, QUIC probes).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """The Chromium binary to drive, or None for Playwright's own."""
    env = os.environ.get("AUSPEX_CHROMIUM")
    if env:
        return env
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def launch(playwright: Any) -> Any:
    """A headless Chromium browser from a started Playwright."""
    return playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)


def launch_persistent(playwright: Any, user_data_dir: str) -> Any:
    """A headless Chromium context on an on-disk profile (disk HTTP cache, service workers kept)."""
    return playwright.chromium.launch_persistent_context(
        user_data_dir, executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
    )
