"""The taps a change of shot costs on a 390x844 phone: from a DH2 Lasgun on a Semi-Auto Burst already
resolved, change to the Autogun on a Full Auto Burst and resolve again, and the same for a weapon
saved in the party. A tap is a click or a select_option (a picker opened and its option chosen is
one); typed is every character a player types; a scroll is counted when the element tapped is not
on screen before its tap (Resolve may need one until the layout branch's fixed bar). Targets: at
most 4 taps and nothing typed. The figures are printed (``-s``) and written to
test-artifacts/taps.txt; the screens to test-artifacts/taps-*.png."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


@dataclass
class Counter:
    """A player's taps, typed characters and scrolls on ``page``."""

    page: Page
    taps: int = 0
    typed: int = 0
    scrolls: int = 0
    log: list[str] = field(default_factory=list)

    def _reach(self, selector: str) -> None:
        box = self.page.locator(selector).bounding_box()
        height = self.page.evaluate("innerHeight")
        if box is None or box["y"] < 0 or box["y"] + box["height"] > height:
            self.scrolls += 1
            self.page.locator(selector).scroll_into_view_if_needed()

    def tap(self, selector: str) -> None:
        self._reach(selector)
        self.page.locator(selector).click()
        self.taps += 1
        self.log.append(f"tap {selector}")

    def pick(self, selector: str, label: str) -> None:
        self._reach(selector)
        self.page.locator(selector).select_option(label=label)
        self.taps += 1
        self.log.append(f"pick {label!r} in {selector}")

    def figures(self) -> str:
        return f"{self.taps} taps, {self.typed} typed characters, {self.scrolls} scrolls"


def resolved(page: Page) -> None:
    page.wait_for_function("document.documentElement.dataset.status === 'ok'")


def lasgun_on_a_semi_auto_burst_resolved(page: Page) -> None:
    """The starting point (not counted), set on a wide screen: DH2, the armoury's Lasgun, a
    Semi-Auto Burst, seed 2 (its to-hit roll 08 hits, no damage die a 10), resolved; then the
    phone, the Result step in view."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.locator('[name="system"]').select_option("dh2")
    page.locator('[name="seed"]').fill("2")
    page.locator("#armoury-weapon").select_option(label="Lasgun")
    page.locator('#fire-modes button[data-action="Semi-Auto Burst"]').click()
    page.evaluate("delete document.documentElement.dataset.status")
    page.click("#resolve")
    resolved(page)
    expect(page.locator("#result")).to_contain_text("Lasgun")
    page.set_viewport_size(PHONE)
    page.evaluate("delete document.documentElement.dataset.status")
    page.evaluate("scrollTo(0, document.querySelector('#result').getBoundingClientRect().top + scrollY)")


def change_weapon_and_fire_mode(page: Page, weapon: str) -> Counter:
    """The counted part: the Attacker step, the weapon picked, Full Auto, Resolve."""
    c = Counter(page)
    c.tap('.stepbar button[data-go="attacker"]')
    c.pick("#armoury-weapon", weapon)
    c.tap('#fire-modes button[data-action="Full Auto Burst"]')
    c.tap("#resolve")
    resolved(page)
    return c


def report(name: str, c: Counter) -> None:
    line = f"{name}: {c.figures()} ({'; '.join(c.log)})"
    print(f"\nauspex taps: {line}")
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / "taps.txt").open("a", encoding="utf-8") as f:
        f.write(line + "\n")


def test_changing_to_the_armourys_autogun_on_full_auto_is_four_taps_and_nothing_typed(ready_page: Page) -> None:
    page = ready_page
    lasgun_on_a_semi_auto_burst_resolved(page)
    c = change_weapon_and_fire_mode(page, "Autogun")
    report("armoury Autogun", c)
    assert c.taps <= 4 and c.typed == 0, c.figures()
    # the Autogun's profile (seed 001: 90 m, S/3/10, 1d10+3 I, Pen 0) on the form and in the result
    expect(page.locator('[name="attacker.weapon.damage"]')).to_have_value("1d10+3")
    expect(page.locator('[name="attacker.weapon.rof"]')).to_have_value("S/3/10")
    expect(page.locator("#armoury-weapon-source")).to_have_text(
        "Source: Deathwatch GM screen, Ranged Weapons: Solid Projectile Weapons (Deathwatch's profile)"
    )
    result = page.locator("#result")
    expect(result).to_contain_text("Autogun")
    expect(result).to_contain_text("Full Auto Burst")
    expect(result).to_contain_text("1d10+3")
    page.screenshot(path=str(ARTIFACTS / "taps-autogun-390.png"), full_page=False)


def test_changing_to_a_weapon_saved_in_the_party_is_four_taps_and_nothing_typed(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    # saved before the fight (not counted): a heavier autogun of the player's own, saved in one tap
    page.locator('[name="system"]').select_option("dh2")
    page.locator("#armoury-weapon").select_option(label="Autogun")
    page.locator('[name="attacker.weapon.name"]').fill("Vera's Autogun")
    page.locator('[name="attacker.weapon.damage"]').fill("1d10+4")
    page.click("#armoury-weapon-save")
    expect(page.locator("#party-status")).to_have_text('Saved the weapon "Vera\'s Autogun".')
    saved = page.evaluate("JSON.parse(localStorage.getItem('auspex:party:v1')).weapons")
    assert [(w["name"], w["data"]["damage"]) for w in saved] == [("Vera's Autogun", "1d10+4")]
    lasgun_on_a_semi_auto_burst_resolved(page)
    # the Party group comes before the book's entries
    groups = page.locator("#armoury-weapon optgroup").evaluate_all("gs => gs.map(g => g.label)")
    assert groups[0] == "Party", groups
    c = change_weapon_and_fire_mode(page, "Vera's Autogun")
    report("party weapon", c)
    assert c.taps <= 4 and c.typed == 0, c.figures()
    expect(page.locator('[name="attacker.weapon.damage"]')).to_have_value("1d10+4")
    result = page.locator("#result")
    expect(result).to_contain_text("Vera's Autogun")
    expect(result).to_contain_text("1d10+4")
    expect(result).to_contain_text("Full Auto Burst")


def test_the_fire_modes_follow_the_weapon_and_mark_the_action_chosen(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.locator('[name="system"]').select_option("dh2")
    modes = page.locator("#fire-modes button")
    page.locator("#armoury-weapon").select_option(label="Laspistol")  # S/-/-: a single shot only
    expect(modes).to_have_text(["Single shot"])
    page.locator("#armoury-weapon").select_option(label="Autogun")  # S/3/10
    expect(modes).to_have_text(["Single shot", "Semi-Auto Burst (3)", "Full Auto Burst (10)"])
    page.locator('#fire-modes button[data-action="Semi-Auto Burst"]').click()
    expect(page.locator('[name="action.type"]')).to_have_value("Semi-Auto Burst")
    expect(page.locator('#fire-modes [aria-pressed="true"]')).to_have_text("Semi-Auto Burst (3)")
    page.locator('[name="attacker.weapon.class"]').select_option("Melee")  # the melee attacks instead
    expect(modes).to_have_text(["Standard Attack", "Swift Attack", "Lightning Attack", "All Out Attack", "Charge"])


def test_dh1_and_dh2_pick_armour_and_the_party_keeps_it(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.locator('[name="system"]').select_option("dh1")
    page.locator("#armoury-weapon").select_option(label="Shotgun")  # DH1 Core, not seed 001
    expect(page.locator('[name="attacker.weapon.qualities"]')).to_have_value("Reliable, Scatter")
    expect(page.locator("#armoury-weapon-source")).to_contain_text("Dark Heresy Core Rulebook (1st ed.)")
    page.locator("#armoury-armour").select_option(label="Flak Armour (All)")
    expect(page.locator('[name="target.armour.Head"]')).to_have_value("4")
    expect(page.locator("#armoury-armour-source")).to_have_text(
        "Source: Deathwatch GM screen, Armour (Deathwatch's profile)"
    )
    page.click("#armoury-armour-save")  # one tap: saved under the armour's name
    expect(page.locator("#party-status")).to_have_text('Saved the armour "Flak Armour".')
    page.locator('[name="target.armour.Head"]').fill("0")
    party = page.locator("#armoury-armour optgroup[label='Party'] option")
    expect(party).to_have_text(["Flak Armour"])
    page.locator("#armoury-armour").select_option(value="@party:Flak Armour")
    expect(page.locator('[name="target.armour.Head"]')).to_have_value("4")
    stored = page.evaluate("JSON.parse(localStorage.getItem('auspex:party:v1')).armour")
    assert stored == [
        {
            "name": "Flak Armour",
            "system": "dh1",
            "data": dict.fromkeys(["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"], 4),
        }
    ], json.dumps(stored)
    # the party's armour is the ruleset's own: DH2 does not offer DH1's
    page.locator('[name="system"]').select_option("dh2")
    expect(page.locator("#armoury-armour optgroup[label='Party']")).to_have_count(0)


def test_the_fan_rulesets_weapons_and_epics_formations_are_picked_from_the_party(ready_page: Page) -> None:
    page = ready_page
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.locator('[name="system"]').select_option("wh40krp")
    page.locator('[name="rp:attacker.weapon.name"]').fill("Lasgun")
    page.locator('[name="rp:attacker.weapon.modes"]').fill("S/SA")
    page.click("#rp-weapon-pick-save")  # one tap: saved under the weapon's name
    expect(page.locator("#party-status")).to_have_text('Saved the weapon "Lasgun".')
    page.locator('[name="rp:attacker.weapon.name"]').fill("Autogun")
    page.locator('[name="rp:attacker.weapon.modes"]').fill("S")
    expect(page.locator("#rp-weapon-pick optgroup[label='Party'] option")).to_have_text(["Lasgun"])
    page.locator("#rp-weapon-pick").select_option(label="Lasgun")
    expect(page.locator('[name="rp:attacker.weapon.name"]')).to_have_value("Lasgun")
    expect(page.locator('[name="rp:attacker.weapon.modes"]')).to_have_value("S/SA")
    expect(page.locator("#rp-weapon-pick-source")).to_have_text('Source: Saved in your party as "Lasgun"')

    page.locator('[name="system"]').select_option("epic")
    page.locator('[name="ep:target.name"]').fill("Three units")
    page.locator("#ep-target-units li").first.get_by_role("button", name="Remove").click()
    page.click("#ep-target-pick-save")
    expect(page.locator("#party-status")).to_have_text('Saved the target "Three units".')
    page.click("#add-ep-target-unit")
    expect(page.locator("#ep-target-units li")).to_have_count(4)
    page.locator("#ep-target-pick").select_option(label="Three units")
    expect(page.locator("#ep-target-units li")).to_have_count(3)
    # the attacking formation's picker holds the party's attackers only (none saved yet)
    expect(page.locator("#ep-attacker-pick optgroup")).to_have_count(0)
