"""Fate points on the page (DH2 Core, Ch. I, Fate Points: spend a Fate point to re-roll a test; the
re-roll stands): the result offers "Re-roll with Fate" for each test the engine says may be
re-rolled; the dice as rolled go into the "I rolled" boxes with an empty one for the new roll, and
Resolve re-rolls that test with every other die kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_a11y import axe_js, violations
from .test_page import field, fill_lasgun_shot, k, resolve

pytestmark = pytest.mark.e2e
__all__ = ["axe_js"]  # the fixture, imported for the test below


def test_a_missed_shot_rerolled_with_fate_hits(ready_page: Page, axe_js: Path) -> None:
    page = ready_page
    fill_lasgun_shot(page)  # BS 45 + 10 Standard Attack + 10 Short Range - 20 Fog = 45
    field(page, "target.name").fill("Cultist")
    page.get_by_label("I rolled").check()
    resolve(page, "needs")
    page.locator("#dice-rows li.next input").fill("87")
    resolve(page, "ok")  # 87 over 45: a miss, the attack's only die
    assert k(page, "outcome") and "miss" in k(page, "outcome")[0].lower()
    reroll = page.locator('#result button[data-fate="attack"]')
    expect(reroll).to_have_text("Re-roll with Fate: the attack test (Guardsman)")
    expect(page.locator('#result button[data-fate="evasion"]')).to_have_count(0)  # a miss rolls no Evasion
    reroll.click()
    expect(page.locator("#fate-line")).to_be_visible()
    expect(page.locator("#fate-what")).to_have_text("the attack test (Guardsman)")
    expect(page.locator("#dice-rows li.next input")).to_be_focused()
    for scheme in ("light", "dark"):  # the result's buttons and the Fate line read in both themes
        page.emulate_media(color_scheme=scheme)
        assert violations(page, axe_js, f"Fate re-roll, {scheme}") == []
    page.locator("#dice-rows li.next input").fill("23")
    resolve(page, "needs")  # the new 23 hits: the damage die is asked for next
    page.locator("#dice-rows li.next input").fill("5")
    resolve(page, "ok")
    # 23 under 45 hits (reversed 32: Body); 5 + 3 = 8 Energy, less 2 armour and TB 3: 3 wounds
    assert k(page, "wounds") == ["3"]
    # the result's dice, as the player reads them (the boxes are emptied once the dice are used)
    table = page.locator("#result .dice-log tbody tr")
    assert [table.nth(i).locator("td").nth(3).inner_text() for i in range(table.count())] == ["87", "23", "5"]
    labels = [table.nth(i).locator("td").nth(1).inner_text() for i in range(table.count())]
    assert "set aside: re-rolled with Fate" in labels[0] and "this roll stands" in labels[1]
    expect(page.locator("#result")).to_contain_text("spends a Fate point to re-roll the attack test")
    expect(page.locator("#result button[data-fate]")).to_have_count(0)  # the re-roll stands


def test_a_fate_reroll_in_a_three_round_encounter(ready_page: Page) -> None:
    from .test_encounter import by_hand, card, go, guard_and_cultist, press, ready, resolve_any

    page = ready(ready_page)
    guard_and_cultist(page)  # Guard first (7 + 4), then the Cultist (2 + 3); both BS 45, TB 3, Body AP 2
    # the GM gives the Guard its Fate: 2 of 2
    page.locator(".tk-gm summary").click()
    page.select_option("#tk-gm-who", label="Guard")
    page.fill('[data-adjust="fate"]', "2")
    page.fill('[data-adjust="fate_max"]', "2")
    press(page, "#tk-adjust")
    expect(card(page, "Guard").locator('[data-k="fate"]')).to_have_text("Fate 2/2")
    expect(card(page, "Cultist").locator('[data-k="fate"]')).to_have_count(0)  # unknown: no line

    # Round 1: Standard Attack at 20 m: BS 45 + 10 + 10 (Short Range) = 65; 87 misses
    go(page, "action")
    page.locator('[name="action.type"]').select_option("Standard Attack")
    page.locator('[name="action.distance"]').fill("20")
    go(page, "result")
    by_hand(page, [87])
    page.locator('#result button[data-fate="attack"]').click()  # the Guard has Fate left: offered
    page.locator("#dice-rows li.next input").fill("23")
    assert resolve_any(page) == "needs"  # the 23 hits: the damage die next; the miss is kept until then
    page.locator("#dice-rows li.next input").fill("5")
    assert resolve_any(page) == "ok", page.locator("#result").inner_text()
    # by hand: 23 under 65 hits (reversed 32: Body), 5 DoS (6 - 2 + 1) replace the d10's 5 (no
    # gain); 5 + 3 = 8, less Body AP 2 and TB 3: 3 wounds. One Fate point spent: 1 of 2 left.
    expect(card(page, "Cultist").locator('[data-k="harm"]')).to_have_text("3 of 10 taken")
    expect(card(page, "Guard").locator('[data-k="fate"]')).to_have_text("Fate 1/2")
    expect(page.locator("#tk-log")).to_contain_text("Guard spends a Fate point (1 of 2 left)")
    expect(page.locator("#fate-line")).to_be_hidden()  # spent: not the next attack's
    events = page.evaluate(
        "JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.dh2.events.filter(e => e.type === 'attack')"
    )
    assert [(e.get("fate_reroll"), e["dice"]) for e in events] == [("attack", [87, 23, 5])]  # the miss replaced
    press(page, "#tk-end-turn")
    press(page, "#tk-end-turn")

    # Round 2: 30 hits with 4 DoS (6 - 3 + 1); reversed 03: Head (AP 0); the d10's 4 and the 4 DoS
    # alike: 4 + 3 - 3 = 4 more, 7 of 10. No Fate spent.
    by_hand(page, [30, 4])
    expect(card(page, "Cultist").locator('[data-k="harm"]')).to_have_text("7 of 10 taken")
    expect(card(page, "Guard").locator('[data-k="fate"]')).to_have_text("Fate 1/2")
    press(page, "#tk-end-turn")
    press(page, "#tk-end-turn")

    # Round 3: the GM refreshes the Guard's Fate
    page.select_option("#tk-gm-who", label="Guard")
    page.fill('[data-adjust="fate"]', "2")
    press(page, "#tk-adjust")
    expect(card(page, "Guard").locator('[data-k="fate"]')).to_have_text("Fate 2/2")
    expect(page.locator('#tk-view [data-k="round"]')).to_contain_text("Round 3")
    # ...and the Guard re-rolls an Awareness test with Fate: 45 + 10 = 55; 80 fails, set aside; the
    # new 32 succeeds with 5 - 3 + 1 = 3 degrees
    page.select_option("#tk-test", "skill")
    page.fill("#tk-test-name", "Awareness")
    page.fill("#tk-test-value", "45")
    page.fill("#tk-test-mod", "+10")
    page.check("#tk-test-fate")
    page.fill("#tk-dice", "80 32")
    press(page, "#tk-test-go")
    expect(page.locator("#tk-log")).to_contain_text("Awareness 45 +10 = 55; rolled 32: success, 3 degree(s) of success")
    expect(card(page, "Guard").locator('[data-k="fate"]')).to_have_text("Fate 1/2")
    expect(page.locator("#tk-test-fate")).not_to_be_checked()
