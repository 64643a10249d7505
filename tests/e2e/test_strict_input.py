"""The page and the engine's strict input: a seed typed above 2^53 - 1 reaches
the engine rounded by the browser (9007199254740993 arrives as ...992), so the engine refuses it
at the seed field with the range, and the player's text stays as typed. (The page now checks the
typed text itself before sending it, with the same range, so the message is the page's.)"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

TOO_BIG = "9007199254740993"


def test_a_seed_above_2_53_is_refused_at_the_seed_field_and_kept_as_typed(ready_page: Page) -> None:
    page = ready_page
    seed = page.locator('[name="seed"]')
    seed.fill(TOO_BIG)
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps('invalid')}")
    expect(seed).to_have_attribute("aria-invalid", "true")
    note = page.locator(f"#{seed.get_attribute('aria-describedby')}")
    expect(note).to_contain_text("from 0 to 9,007,199,254,740,991", ignore_case=True)
    expect(seed).to_have_value(TOO_BIG)
