"""Others struck by one attack on the real page: in the encounter, the
combatants near the target are ticked under "Also struck" (hidden until the action is a burst, or
the encounter has Stray Shots on), and a Full Auto Burst's extra hit lands on the one ticked, read
on the result and on each one's card as counted by hand. Screenshot: test-artifacts/encounter-nearby-390.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_encounter import (
    ARTIFACTS,
    AUTOGUN,
    PHONE,
    STUBBER,
    add_both,
    add_dh2,
    by_hand,
    card,
    field,
    go,
    press,
    reads,
    ready,
)

pytestmark = pytest.mark.e2e


def test_a_bursts_extra_hit_on_a_ticked_combatant_reads_as_counted_by_hand(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    add_dh2(page, "Guard", ag="40", weapon=AUTOGUN, wounds="12")
    add_dh2(page, "Cultist", ag="30", weapon=STUBBER, wounds="10")
    add_dh2(page, "Thug <i>", ag="20", weapon=STUBBER, wounds="8")
    # initiative by hand: Guard 7 + 4 = 11, Cultist 2 + 3 = 5, Thug 1 + 2 = 3
    page.fill("#tk-dice", "7 2 1")
    press(page, "#tk-start")
    page.select_option("#tk-at", label="Cultist")
    expect(page.locator("#tk-nearby")).to_be_hidden()  # a Standard Attack has no extra hits to move
    go(page, "action")
    field(page, "action.type").select_option("Full Auto Burst")
    field(page, "action.distance").fill("20")
    go(page, "result")
    nearby = page.locator("#tk-nearby")
    expect(nearby).to_be_visible()
    expect(nearby.locator("label")).to_have_count(1)  # neither the Guard (who acts) nor the Cultist (at)
    nearby.get_by_label("Thug <i>").check()
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#enc-bar").screenshot(path=str(ARTIFACTS / "encounter-nearby-390.png"))
    # BS 45 - 10 (Full Auto) + 10 (Short, 20 m) = 45; d100 25: 4 - 2 + 1 = 3 hits. The last goes to the
    # Thug (d100 33 reversed 33: Body). The form's default armour is 2 on the Body. Cultist: d10 4 + 3
    # - AP 2 - TB 3 = 2 and 5 + 3 - 2 - 3 = 3: 5 of 10. Thug: d10 6 + 3 - 2 - 3 = 4: 4 of 8.
    by_hand(page, [25, 33, 4, 5, 6])
    expect(page.locator("#result")).to_contain_text("Thug <i>")
    assert reads(page, "Cultist", "harm") == "5 of 10 taken"
    assert reads(page, "Thug <i>", "harm") == "4 of 8 taken"
    expect(page.locator("#tk-status")).to_contain_text("Thug <i> (nearby): 4 wound(s), 4 of 8 taken")
    expect(card(page, "Guard")).to_be_visible()
    page.locator("#tracker").screenshot(path=str(ARTIFACTS / "encounter-nearby-cards-390.png"))


def test_the_second_weapon_at_another_combatant_reads_as_counted_by_hand(ready_page: Page) -> None:
    from tests.e2e.test_two_weapon import two_autopistols

    page = ready(ready_page)
    two_autopistols(page)  # BS 55, an Autopistol in each hand, Full Auto Burst at 10 m, no armour, TB 3
    expect(page.locator("#tk-at2-row")).to_be_hidden()  # no encounter yet
    for name, ag, wounds in (("Vex", "40", "30"), ("Cultist", "30", "20"), ("Thug", "20", "10")):
        go(page, "attacker")
        field(page, "attacker.name").fill(name)
        field(page, "attacker.characteristics.Ag").fill(ag)
        go(page, "target")
        field(page, "target.name").fill(name)
        field(page, "target.wounds").fill(wounds)
        add_both(page, name)
    # initiative by hand: Vex 7 + 4 = 11, Cultist 2 + 3 = 5, Thug 1 + 2 = 3
    page.fill("#tk-dice", "7 2 1")
    press(page, "#tk-start")
    page.select_option("#tk-at", label="Cultist")
    row = page.locator("#tk-at2-row")
    expect(row).to_be_visible()  # "one attack with each" is chosen
    page.select_option("#tk-at2", label="Thug")
    page.fill("#tk-apart", "5")
    page.locator("#enc-bar").screenshot(path=str(ARTIFACTS / "encounter-at2-390.png"))
    # Each hand: BS 55 - 10 (Full Auto) + 10 (Short) - 20 (two weapons) = 35. First, at the Cultist:
    # 12, 3 DoS, 3 hits: 4 + 2 - 3 = 3, 5 + 2 - 3 = 4, 6 + 2 - 3 = 5: 12 of 20. Second, at the Thug:
    # 30, 1 DoS, 1 hit: 7 + 2 - 3 = 6: 6 of 10.
    by_hand(page, [12, 4, 5, 6, 30, 7])
    assert reads(page, "Cultist", "harm") == "12 of 20 taken"
    assert reads(page, "Thug", "harm") == "6 of 10 taken"
    assert reads(page, "Vex", "harm") == "0 of 30 taken"
