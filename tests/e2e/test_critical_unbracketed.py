"""The Critical tables panel saves a row whose effect was written without brackets as the
group's words, and says so at its line: "Stunned 1" outside brackets applies nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_critical_tables import forms_ready, open_tables, stored

pytestmark = pytest.mark.e2e


def test_an_effect_without_brackets_is_saved_and_warned_at_its_line(ready_page: Page) -> None:
    page = ready_page
    forms_ready(page)
    open_tables(page)
    page.locator("#tables-text").fill("Impact, Body, 5: Winded [fatigue 1]\nEnergy, Head, 2: Dazed, Stunned 1")
    page.click("#tables-save")
    expect(page.locator("#tables-status")).to_contain_text("Saved 2 tables")
    warning = page.locator("#tables-errors li")
    expect(warning).to_have_count(1)
    expect(warning).to_contain_text("Line 2")
    expect(warning).to_contain_text("[stunned 1]")
    rows = {t["location"]: t["rows"][0] for t in stored(page)["tables"]}
    assert rows["Head"]["text"] == "Dazed, Stunned 1" and not rows["Head"].get("effects")
