"""The Grapple action on the page in the game's words: DH2's "Grapple (Half or Full)" (seed 004:
an attempt is a Standard Attack, the controller's Grapple a Full Action, the grappled one's a
Half Action), so an attempt leaving "1 Half Action left" reads the same as its label; its hint
names Break Free, never the field path or its key."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import PHONE, field, go, ready

pytestmark = pytest.mark.e2e


def test_dh2_grapple_reads_half_or_full_and_its_hint_is_in_words(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.select_option("#system", "dh2")
    go(page, "action")
    select = field(page, "action.type")
    expect(select.locator('option[value="Grapple"]')).to_have_text("Grapple (Half or Full)")
    select.select_option("Grapple")
    note = page.locator("#action-note")
    expect(note).to_contain_text("Half or Full Action. Choose the grapple option")
    expect(note).to_contain_text("Break Free, Slip Free or Take Control")
    assert "action.grapple" not in note.inner_text() and "break_free" not in note.inner_text()
