"""The combat tracker on the real page: a target added from the forms, two attacks rolled by hand
applied to it (their wounds add up, and a result applies once), initiative rolled by the engine
(1d10 + AgB, highest first, equal results by Agility), a new round keeping the wounds and the
order, and a reload keeping the tracker."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e

NAME = "Cultist <i>7</i>"  # markup typed as a name stays text


def field(page: Page, name: str) -> Locator:
    return page.locator(f'[name="{name}"]')


def resolve(page: Page, status: str) -> None:
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    page.wait_for_function(f"document.documentElement.dataset.status === {json.dumps(status)}")


def attack_by_hand(page: Page, dice: list[int]) -> int:
    """Resolve the forms' attack with ``dice`` typed as the page asks; the wounds the result shows."""
    page.click("#clear-dice")
    for value in dice:
        resolve(page, "needs")
        page.locator("#dice-rows li.next input").fill(str(value))
    resolve(page, "ok")
    shown = page.locator('#result [data-k="total-wounds"]').inner_text()
    return int(re.fullmatch(r"(\d+) wounds?", shown).group(1))  # type: ignore[union-attr]


def row(page: Page, name: str) -> Locator:
    """The tracker's card whose Name field holds ``name`` (as typed: a property, not an attribute)."""
    return page.locator("#tk-rows > li").nth(names_in_order(page).index(name))


def tracked_value(page: Page, name: str, key: str) -> str:
    return row(page, name).locator(f'[data-f="{key}"]').input_value()


def names_in_order(page: Page) -> list[str]:
    return [el.input_value() for el in page.locator('#tk-rows [data-f="name"]').all()]


def test_two_attacks_applied_to_a_tracked_target_add_up_and_the_round_keeps_them(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    # the lasgun shot at a target with room for both attacks' wounds
    field(page, "attacker.name").fill("Guardsman")
    field(page, "attacker.characteristics.Ag").fill("40")
    field(page, "target.name").fill(NAME)
    field(page, "target.wounds").fill("30")
    field(page, "target.damage_taken").fill("0")
    field(page, "target.characteristics.Ag").fill("35")
    page.click("#tk-add-target")
    page.click("#tk-add-attacker")
    expect(page.locator("#tk-rows > li")).to_have_count(2)
    expect(row(page, NAME).locator('input[type="radio"]')).to_be_checked()
    assert page.locator("#tracker i").count() == 0  # the name is text, not markup
    expect(page.locator("#tk-apply")).to_be_disabled()  # no result yet

    page.get_by_label("I rolled").check()
    first = attack_by_hand(page, [23, 4])
    expect(page.locator("#tk-apply")).to_have_text(re.compile(rf"^Apply to {re.escape(NAME)}: {first} wounds?"))
    page.click("#tk-apply")
    expect(page.locator("#tk-status")).to_contain_text(f"Applied to {NAME}")
    assert tracked_value(page, NAME, "taken") == str(first)
    # the Target form follows, so the next attack starts from it
    expect(field(page, "target.damage_taken")).to_have_value(str(first))

    page.click("#tk-apply")  # the same result again: refused, nothing added
    expect(page.locator("#tk-status")).to_contain_text("already applied")
    assert tracked_value(page, NAME, "taken") == str(first)

    second = attack_by_hand(page, [11, 8])
    assert first > 0 and second > 0  # both attacks wounded: the sum below is a real sum
    after = page.locator('#result [data-k="total-wounds"]')
    expect(after).to_be_visible()
    page.click("#tk-apply")
    assert tracked_value(page, NAME, "taken") == str(first + second)
    expect(field(page, "target.damage_taken")).to_have_value(str(first + second))
    assert tracked_value(page, "Guardsman", "taken") == "0"  # the attacker took nothing

    # round 1: initiative rolled for everyone, seeded; the order follows 1d10 + AgB, highest first
    page.click("#tk-new-round")
    expect(page.locator("#tk-round")).to_have_text("Round 1")
    entries = page.locator('#tk-init [data-k="init-entry"]')
    expect(entries).to_have_count(2)
    dice = {
        tr.locator("td").nth(1).inner_text(): int(tr.locator("td").nth(3).inner_text())
        for tr in page.locator("#tk-init .dice-log tbody tr").all()
    }
    ag = {NAME: 35, "Guardsman": 40}
    totals = []
    for entry in entries.all():
        who = entry.locator("strong").inner_text()
        d10 = dice[f"initiative d10: {who}"]
        total = d10 + ag[who] // 10
        assert entry.locator('[data-k="init-total"]').inner_text().startswith(f"{d10} + AgB {ag[who] // 10} = {total}")
        totals.append((total, ag[who], who))
    assert totals == sorted(totals, reverse=True)  # highest first; equal totals: the higher Agility
    order = [who for _, _, who in totals]
    assert names_in_order(page) == order  # the tracker's list is in initiative order
    assert tracked_value(page, NAME, "taken") == str(first + second)  # wounds kept

    # round 2: the order stands (rolled once per combat), the wounds too
    page.click("#tk-new-round")
    expect(page.locator("#tk-round")).to_have_text("Round 2")
    expect(page.locator("#tk-status")).to_contain_text("the order stands")
    assert names_in_order(page) == order
    assert tracked_value(page, NAME, "taken") == str(first + second)

    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=60_000)
    expect(page.locator("#tk-round")).to_have_text("Round 2")
    assert names_in_order(page) == order
    assert tracked_value(page, NAME, "taken") == str(first + second)
    expect(row(page, NAME).locator('input[type="radio"]')).to_be_checked()


def test_initiative_rolled_by_hand_breaks_a_tie_by_agility_and_asks_for_missing_dice(ready_page: Page) -> None:
    page = ready_page
    field(page, "attacker.name").fill("Guardsman")
    field(page, "attacker.characteristics.Ag").fill("40")
    field(page, "target.name").fill("Cultist")
    field(page, "target.characteristics.Ag").fill("35")
    page.click("#tk-add-target")
    page.click("#tk-add-attacker")
    # Cultist 6 + AgB 3 = 9, Guardsman 5 + AgB 4 = 9: equal, and Ag 40 beats Ag 35
    page.fill("#tk-dice", "6 5")
    page.click("#tk-roll")
    expect(page.locator("#tk-round")).to_have_text("Round 1")
    expect(page.locator('#tk-init [data-k="init-total"]')).to_have_text(["5 + AgB 4 = 9", "6 + AgB 3 = 9"])
    assert names_in_order(page) == ["Guardsman", "Cultist"]
    expect(page.locator("#tk-init .steps")).to_contain_text("the higher Agility acts first")

    # a die short: the tracker names the die it needs and changes nothing
    page.fill("#tk-dice", "4")
    page.click("#tk-roll")
    expect(page.locator("#tk-status")).to_contain_text("Roll die 2: initiative d10: Cultist")
    expect(page.locator("#tk-round")).to_have_text("Round 1")

    # a bad Agility is marked at its field, and what was typed stays
    row(page, "Cultist").locator('[data-f="Ag"]').fill("fast")
    expect(row(page, "Cultist").locator(".field-error")).to_have_text("Must be a whole number")
    page.fill("#tk-dice", "")
    page.click("#tk-roll")
    expect(row(page, "Cultist").locator(".field-error")).to_have_text("Must be a whole number")
    expect(row(page, "Cultist").locator('[data-f="Ag"]')).to_have_value("fast")


def test_a_corrupt_saved_tracker_is_kept_aside_and_its_readable_rows_shown(ready_page: Page) -> None:
    page = ready_page
    page.evaluate("localStorage.setItem('auspex:tracker:v1', '{not json')")
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=60_000)
    expect(page.locator("#tk-rows > li")).to_have_count(0)
    expect(page.locator("#store-notice")).to_contain_text("kept aside on this device (as auspex:tracker:v1:corrupt:1)")
    assert page.evaluate("localStorage.getItem('auspex:tracker:v1:corrupt:1')") == "{not json"
    partly = """{"round": 1, "rows": [{"kind": "single", "name": "<b>Ork</b>", "W": 12, "taken": "3"}, {"kind": "bogus"}, null]}"""
    page.evaluate("text => localStorage.setItem('auspex:tracker:v1', text)", partly)
    page.reload()
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=60_000)
    expect(page.locator("#tk-rows > li")).to_have_count(1)
    assert tracked_value(page, "<b>Ork</b>", "taken") == "3"
    assert page.locator("#tracker b").count() == 0
    # the two rows it could not read are not lost: the tracker as it was is kept aside, once
    expect(page.locator("#store-notice")).to_have_text(
        "2 saved tracker rows could not be read and are left out; the tracker as it was is kept aside"
        " on this device (as auspex:tracker:v1:corrupt:2)."
    )
    assert page.evaluate("localStorage.getItem('auspex:tracker:v1:corrupt:2')") == partly


def test_the_tracker_with_rows_an_order_and_an_error_has_no_serious_accessibility_violation(ready_page: Page) -> None:
    from tools.fetch_axe import AXE_JS

    from .test_a11y import violations

    page = ready_page
    field(page, "target.characteristics.Ag").fill("35")
    page.click("#tk-add-target")
    page.click("#tk-add-attacker")
    page.click("#tk-new-round")
    expect(page.locator('#tk-init [data-k="init-entry"]')).to_have_count(2)
    row(page, "Cultist").locator('[data-f="W"]').fill("ten")
    expect(row(page, "Cultist").locator('[data-f="W"]')).to_have_accessible_description("Must be a whole number")
    assert violations(page, AXE_JS, "tracker") == []
