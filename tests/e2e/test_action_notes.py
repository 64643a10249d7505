"""The page says what the chosen action does before it is chosen for an attack
(its type and note from the catalogue, under the Action select), and the encounter offers the
d100 tables' other actions with their type (Move (Full), Disengage, Tactical Advance, Brace, a
named test). Screenshots: test-artifacts/action-note-390.png, action-note-1280.png,
encounter-moves-390.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import ARTIFACTS, PHONE, field, go, guard_and_cultist, press, ready

pytestmark = pytest.mark.e2e


def test_all_out_attack_reads_its_type_and_note_under_the_action(ready_page: Page) -> None:
    # seed 003 L25: "| All Out Attack | Full | +20 to WS, cannot Dodge or Parry |" (DH1)
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.select_option("#system", "dh1")
    go(page, "action")
    field(page, "action.type").select_option("All Out Attack")
    note = page.locator("#action-note")
    expect(note).to_have_text("Full Action, +20 to the test. The attacker cannot Dodge or Parry until the next turn.")
    # seed 003 L63: "| Difficult Terrain | WS & Dodge -10 up to -30 |": each grade's label names both, the
    # grades from the engine's catalogue (-10, the row saved scenarios name, then -20 and -30)
    for name, value in (("Difficult Terrain", 10), ("Difficult Terrain (-20)", 20), ("Difficult Terrain (-30)", 30)):
        expect(page.locator(f'#circumstances label:has(input[value="{name}"])')).to_contain_text(
            f"(WS \u2212{value}, Dodge \u2212{value})"
        )
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#action").screenshot(path=str(ARTIFACTS / "action-note-390.png"))
    field(page, "action.type").select_option("Charge")
    expect(note).to_contain_text("Full Action, +10 to the test. The attacker must move at least 4 metres.")
    page.set_viewport_size({"width": 1280, "height": 900})
    field(page, "action.type").select_option("Suppressing Fire")
    expect(note).to_contain_text("Full Action, \u221220 to the test")
    page.screenshot(path=str(ARTIFACTS / "action-note-1280.png"), full_page=False)


def test_the_encounter_offers_the_tables_other_actions_and_a_skill_test(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    guard_and_cultist(page)  # DH2: the Guard's turn
    expect(page.locator("#tk-disengage")).to_have_text("Disengage (Full)")
    expect(page.locator("#tk-brace")).to_have_text("Brace Heavy Weapon (Half)")
    page.select_option("#tk-test", "skill")
    page.fill("#tk-test-name", "Awareness")
    page.fill("#tk-test-value", "45")
    page.fill("#tk-test-mod", "+10")
    page.fill("#tk-dice", "32")
    press(page, "#tk-test-go")
    # DH2: 45 + 10 = 55, rolled 32: tens 5 - 3 + 1 = 3 degrees of success
    expect(page.locator("#tk-log")).to_contain_text("Awareness 45 +10 = 55; rolled 32: success, 3 degree(s) of success")
    page.fill("#tk-test-mod", "ten")
    page.click("#tk-test-go")
    expect(page.locator("#tk-test-mod + .field-error")).to_have_text("Must be a whole number (+ or \u2212)")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#tracker").screenshot(path=str(ARTIFACTS / "encounter-moves-390.png"))
