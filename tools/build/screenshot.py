"""Take the README's screenshot: ``python tools/build/screenshot.py [OUT.png]`` (after ``make vendor``).

Serves the page, resolves a Semi-Auto Burst with Tearing and dice typed in by hand (so the picture is the same
every time) and saves the viewport to ``docs/screenshot.png``.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools.testing.browser import launch  # noqa: E402
from tools.build.serve import make_server  # noqa: E402


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshot.png"
    server = make_server(0, "/auspex/")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/auspex/"
    with sync_playwright() as p:
        browser = launch(p)
        page = browser.new_page(viewport={"width": 1280, "height": 2400}, color_scheme="dark")
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=120_000)
        page.select_option('[name="action.type"]', "Semi-Auto Burst")
        page.fill('[name="attacker.weapon.qualities"]', "Reliable, Tearing")
        page.get_by_label("I rolled").check()
        page.fill("#dice-text", "12, 7, 3, 10, 6, 4") if page.locator("#dice-text").count() else None
        for value in (12, 7, 3, 10, 6, 4, 2, 9, 5, 8, 1, 1):
            page.click("#resolve")
            page.wait_for_function("document.documentElement.dataset.status")
            if page.evaluate("document.documentElement.dataset.status") == "ok":
                break
            box = page.locator("#dice-rows li.next input")
            box.fill(str(value))
            page.evaluate("delete document.documentElement.dataset.status")
        page.evaluate("window.scrollTo(0, 0)")
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out))
        browser.close()
    server.shutdown()
    print(f"saved {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
