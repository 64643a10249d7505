"""Epic overwatch across turns on the page's encounter (seed 002, Overwatch): the Overwatch button
(an Epic encounter only) puts the formation on overwatch, shown on its card; it stays on overwatch
into the next round (the following turn)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_encounter import card, field, press, ready

pytestmark = pytest.mark.e2e


def test_an_epic_formation_goes_on_overwatch_and_holds_it_into_the_next_turn(ready_page: Page) -> None:
    page = ready(ready_page)
    field(page, "system").select_option("epic")
    page.click("#tk-add-attacker")  # the Tactical detachment
    page.click("#tk-add-target")  # the Ork warband
    expect(card(page, "Ork warband")).to_be_visible()
    press(page, "#tk-start")
    expect(page.locator("#tk-formation-overwatch")).to_be_visible()
    expect(page.locator("#tk-take-item")).to_be_hidden()  # the fan ruleset's
    expect(page.locator("#tk-run")).to_be_hidden()
    press(page, "#tk-formation-overwatch")
    conds = card(page, "Tactical detachment").locator('[data-k="condition"]')
    expect(conds).to_have_text(["On overwatch"])
    press(page, "#tk-end-turn")
    press(page, "#tk-end-turn")
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text("Round 2 \u00b7 Tactical detachment's turn")
    expect(conds).to_have_text(["On overwatch"])
