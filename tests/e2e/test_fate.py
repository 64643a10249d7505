"""Fate points on the page (DH2 Core, Ch. I, Fate Points: spend a Fate point to re-roll a test; the
re-roll stands): the result offers "Re-roll with Fate" for each test the engine says may be
re-rolled; the dice as rolled go into the "I rolled" boxes with an empty one for the new roll, and
Resolve re-rolls that test with every other die kept."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_dice_typed import rows
from .test_page import field, fill_lasgun_shot, k, resolve

pytestmark = pytest.mark.e2e


def test_a_missed_shot_rerolled_with_fate_hits(ready_page: Page) -> None:
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
    page.locator("#dice-rows li.next input").fill("23")
    resolve(page, "needs")  # the new 23 hits: the damage die is asked for next
    page.locator("#dice-rows li.next input").fill("5")
    resolve(page, "ok")
    # 23 under 45 hits (reversed 32: Body); 5 + 3 = 8 Energy, less 2 armour and TB 3: 3 wounds
    assert k(page, "wounds") == ["3"]
    assert [value for _, value in rows(page)] == ["87", "23", "5"]
    labels = [label for label, _ in rows(page)]
    assert "set aside: re-rolled with Fate" in labels[0] and "this roll stands" in labels[1]
    expect(page.locator("#result")).to_contain_text("spends a Fate point to re-roll the attack test")
    expect(page.locator("#result button[data-fate]")).to_have_count(0)  # the re-roll stands
