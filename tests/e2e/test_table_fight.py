"""A DH2 fight as a group plays it at the table, on a phone (390x844): two player characters saved
in the party (the Guardsman with his attacker and target entries, the Adept with an attacker entry
only) against two Cultists added as one "x2" entry from the party's Cultist, the second then given
a knife on its card. Three rounds with dice typed by hand: shots, a Stunned attacker refused, a
grapple and its Break Free. Every result, name and card is checked against the hand count in the
comments; the test counts the taps (clicks and selects; a dice string typed is one tap) for the
setup and for the three rounds, and checks the encounter file's dice are those typed, each once.

Profiles (DH2), as saved in the party:

- Guardsman: WS 35, BS 40, S 35, T 35, Ag 35, WP 30; Lasgun (Basic, 100 m, S/3/-, 1d10+3 E, Pen 0,
  Clip 60, Reliable); defences: 12 wounds, TB 3, Flak AP 4 everywhere, Dodge 35.
- Adept: WS 30, BS 35, S 30, T 30, Ag 40, WP 45; Laspistol (Pistol, 30 m, S/-/-, 1d10+2 E, Clip 30);
  no target entry: its defences are built from its own profile (TB 3 from T 30, no armour, Dodge 40
  at its Ag, 10 wounds), never the Guardsman's Flak.
- Cultist: WS 30, BS 30, S 35, T 35, Ag 30; Stub Automatic (Pistol, 30 m, S/3/-, 1d10+3 I, Clip 9);
  defences: 8 wounds, TB 3, no armour, no Reaction. Cultist 2 then takes the armoury's Knife
  (Melee, 1d5 R).

Every attack is a Standard Attack (+10, DH2 Core Table 7-1) at the form's 20 m: Short range (+10)
for the Lasgun (under half of 100 m), normal range for the pistols (over half of 30 m). Degrees of
success: the target's tens less the roll's, plus one (seed 004, Step Two); a damage die lower than
the DoS is replaced by them (seed 004, Damage). Hit locations: the d100 reversed (seed 004, Hit
Locations: 01-10 Head, 11-20 Right Arm, 21-30 Left Arm, 31-70 Body, 71-85 Right Leg, 86-00 Left Leg).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.test_encounter import PHONE, STORED_EVENTS, card, events, field, ready

pytestmark = pytest.mark.e2e

ALL_4 = dict.fromkeys(("Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"), 4)
LASGUN = {
    "name": "Lasgun",
    "class": "Basic",
    "range": 100,
    "rof": "S/3/-",
    "damage": "1d10+3",
    "damage_type": "E",
    "pen": 0,
    "clip": 60,
    "reload": "Full",
    "qualities": ["Reliable"],
}
LASPISTOL = {
    "name": "Laspistol",
    "class": "Pistol",
    "range": 30,
    "rof": "S/-/-",
    "damage": "1d10+2",
    "damage_type": "E",
    "clip": 30,
}
STUB = {
    "name": "Stub Automatic",
    "class": "Pistol",
    "range": 30,
    "rof": "S/3/-",
    "damage": "1d10+3",
    "damage_type": "I",
    "clip": 9,
}


def entry(name: str, data: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "system": "dh2", "data": data}


PARTY = {
    "auspex_party": 1,
    "attackers": [
        entry(
            "Guardsman",
            {
                "name": "Guardsman",
                "characteristics": {"WS": 35, "BS": 40, "S": 35, "T": 35, "Ag": 35, "WP": 30},
                "weapon": LASGUN,
            },
        ),
        entry(
            "Adept",
            {
                "name": "Adept",
                "characteristics": {"WS": 30, "BS": 35, "S": 30, "T": 30, "Ag": 40, "WP": 45},
                "weapon": LASPISTOL,
            },
        ),
        entry(
            "Cultist",
            {"name": "Cultist", "characteristics": {"WS": 30, "BS": 30, "S": 35, "T": 35, "Ag": 30}, "weapon": STUB},
        ),
    ],
    "weapons": [],
    "targets": [
        entry(
            "Guardsman",
            {
                "name": "Guardsman",
                "wounds": 12,
                "toughness_bonus": 3,
                "armour": ALL_4,
                "characteristics": {"S": 35, "T": 35, "Ag": 35, "WP": 30},
                "evasion": {"reaction": "Dodge", "skill": 35},
            },
        ),
        entry(
            "Cultist",
            {"name": "Cultist", "wounds": 8, "toughness_bonus": 3, "characteristics": {"S": 35, "T": 35, "Ag": 30}},
        ),
    ],
    "armour": [],
}


class Taps:
    """The player's taps, counted: a click, a select, a dice string typed (one tap each)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.n = 0

    def click(self, target: str | Locator) -> None:
        self.n += 1
        (self.page.locator(target) if isinstance(target, str) else target).click()

    def select(self, selector: str, **option: str) -> None:
        self.n += 1
        self.page.select_option(selector, **option)

    def type(self, selector: str, text: str) -> None:
        self.n += 1
        self.page.fill(selector, text)

    def step(self, name: str) -> None:
        """A phone's step, tapped when it is not the one shown."""
        button = self.page.locator(f'.stepbar [data-go="{name}"]')
        if button.get_attribute("aria-current") not in ("step", "true"):
            self.click(button)

    def tab(self, name: str) -> None:
        """The Result step's Encounter or Result tab, tapped when not chosen."""
        tab = self.page.locator(f"#tab-{name}")
        if tab.is_visible() and tab.get_attribute("aria-selected") != "true":
            self.click(tab)

    def press(self, button: str | Locator) -> None:
        """A tracker button; waits for the engine's answer (an event stored or a message shown)."""
        self.tab("encounter")
        before = events(self.page)
        self.page.evaluate("document.getElementById('tk-status').textContent = ''")
        self.click(button)
        self.page.wait_for_function(
            f"{STORED_EVENTS} !== {before} || document.getElementById('tk-status').textContent !== ''"
        )

    def resolve(self) -> str:
        self.n += 1
        self.page.evaluate("delete document.documentElement.dataset.status")
        self.page.click("#resolve")
        self.page.wait_for_function("document.documentElement.dataset.status")
        return str(self.page.evaluate("document.documentElement.dataset.status"))


def rolled(taps: Taps, dice: str, typed: list[list[int]]) -> None:
    """An attack resolved with ``dice`` typed by hand in one box: Resolve asks, the string is typed,
    Resolve again; the dice kept as typed, for the file's check."""
    assert taps.resolve() == "needs", taps.page.locator("#result").inner_text()
    taps.type("#dice-rows li.next input", dice)
    assert taps.resolve() == "ok", taps.page.locator("#result").inner_text()
    typed.append([int(x) for x in dice.split()])


def card_of(taps: Taps, name: str) -> Locator:
    """A combatant's card as the player reads it (the Encounter tab tapped, and counted, when not shown)."""
    taps.tab("encounter")
    return card(taps.page, name)


def harm(taps: Taps, name: str) -> str:
    return card_of(taps, name).locator('[data-k="harm"]').inner_text()


def turn(page: Page, name: str, round_: int) -> None:
    expect(page.locator('#tk-view [data-k="round"]')).to_have_text(f"Round {round_} \u00b7 {name}'s turn")


def who_line(taps: Taps) -> str:
    """The big result's line naming who attacked whom (the Result tab tapped when not shown)."""
    taps.tab("result")
    return taps.page.locator("#result .who").first.inner_text()


def test_a_three_round_fight_from_the_party_in_few_taps(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.evaluate(f"localStorage.setItem('auspex:party:v1', {json.dumps(json.dumps(PARTY))})")
    page.reload()
    ready(page)
    if field(page, "system").input_value() != "dh2":
        field(page, "system").select_option("dh2")
        ready(page)

    # ---------------------------------------------------------------- setup: under 20 taps
    taps = Taps(page)
    taps.step("result")
    taps.tab("encounter")
    expect(page.locator("#tk-pick option")).to_have_text(
        [
            "(pick a saved profile)",
            "Guardsman (attacks and defences)",
            "Adept (attacks saved; defences from its characteristics)",
            "Cultist (attacks and defences)",
        ]
    )
    taps.select("#tk-pick", value="Guardsman")
    taps.select("#tk-side", value="party")
    taps.press("#tk-add-pick")
    expect(card_of(taps, "Guardsman")).to_be_visible()
    taps.select("#tk-pick", value="Adept")  # the side stays Party
    taps.press("#tk-add-pick")
    # the Adept's defences are its own: TB 3 (T 30), no armour, Dodge 40 (its Ag), said and shown
    expect(page.locator("#tk-status")).to_contain_text(
        "Adept's defences from its own profile: TB 3 (T 30), no armour, Dodge 40"
    )
    taps.select("#tk-pick", value="Cultist")
    taps.select("#tk-side", value="foes")
    taps.type("#tk-count", "2")
    taps.press("#tk-add-pick")
    expect(card_of(taps, "Cultist 2")).to_be_visible()
    # one of the two Cultists takes the armoury's Knife on its card: open, pick, save
    profile = card_of(taps, "Cultist 2").locator('details[data-k="profile"]')
    taps.click(profile.locator("summary"))
    taps.n += 1
    profile.locator("[data-weapon-pick]").select_option(label="Knife")
    expect(profile.locator('[data-path="weapon.damage"]')).to_have_value("1d5")
    taps.press(profile.locator("[data-profile-save]"))
    expect(card_of(taps, "Cultist 2").locator('[data-k="weapon"]')).to_have_text("Knife")
    expect(card_of(taps, "Cultist 1").locator('[data-k="weapon"]')).to_have_text("Stub Automatic: 9 of 9")
    setup = taps.n
    assert setup < 20, setup

    # every card's defences are its own profile's (collapsed; read here)
    def defences(name: str) -> str:
        return str(card_of(taps, name).locator('details[data-k="defences"] ul').evaluate("u => u.textContent"))

    assert "TB 3" in defences("Adept") and "Body 0" in defences("Adept") and "Dodge 40" in defences("Adept")
    assert "Body 4" in defences("Guardsman") and "Dodge 35" in defences("Guardsman")
    assert "No Reaction" in defences("Cultist 2") and "Wounds 8" in defences("Cultist 2")
    stored = page.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.dh2.events")
    assert [e["combatant"].get("side") for e in stored[:3]] == ["party", "party", None]
    assert stored[2]["count"] == 2 and stored[3]["type"] == "profile" and stored[3]["who"].endswith("-2")

    # ---------------------------------------------------------------- three rounds: under 90 taps
    taps.n = 0
    typed: list[list[int]] = []
    # initiative d10s in the order added: Guardsman 9 + AgB 3 = 12, Adept 7 + 4 = 11, Cultist 1
    # 5 + 3 = 8, Cultist 2 2 + 3 = 5
    taps.type("#tk-dice", "9 7 5 2")
    taps.press("#tk-start")
    turn(page, "Guardsman", 1)
    page.locator('input[name="dice-mode"][value="manual"]').check()
    taps.n += 1
    expect(page.locator("#tk-at option:checked")).to_have_text("Cultist 1")

    # Round 1. The Guardsman at Cultist 1: BS 40 + 10 + 10 = 60; 32 hits, DoS 6 - 3 + 1 = 4;
    # reversed 23: Left Arm; d10 5 (over the 4 DoS, kept) + 3 = 8 - TB 3 = 5: 5 of 8
    rolled(taps, "32 5", typed)
    who = who_line(taps)
    assert who.startswith("Guardsman") and who.endswith("against Cultist 1"), who
    assert harm(taps, "Cultist 1") == "5 of 8 taken"
    expect(card_of(taps, "Guardsman").locator('[data-k="weapon"]')).to_have_text("Lasgun: 59 of 60")
    taps.press("#tk-end-turn")
    turn(page, "Adept", 1)
    # the Adept at Cultist 1 (the nearest foe in order): BS 35 + 10 = 45; 88 misses
    expect(page.locator("#tk-at option:checked")).to_have_text("Cultist 1")
    rolled(taps, "88", typed)
    assert who_line(taps).startswith("Adept")
    assert harm(taps, "Cultist 1") == "5 of 8 taken"
    taps.press("#tk-end-turn")
    turn(page, "Cultist 1", 1)
    # Cultist 1 at the Guardsman: BS 30 + 10 = 40; 25 hits, DoS 4 - 2 + 1 = 3; reversed 52: Body;
    # his Dodge 35 rolls 80: fails; d10 6 + 3 = 9 - AP 4 - TB 3 = 2: 2 of 12
    expect(page.locator("#tk-at option:checked")).to_have_text("Guardsman")
    rolled(taps, "25 80 6", typed)
    who = who_line(taps)
    assert who.startswith("Cultist 1") and who.endswith("against Guardsman"), who
    assert harm(taps, "Guardsman") == "2 of 12 taken"
    taps.press("#tk-end-turn")
    turn(page, "Cultist 2", 1)
    # the GM stuns Cultist 2 for its turn: its attack is refused, the reason beside Resolve (the
    # control tapped), on screen
    taps.tab("encounter")
    taps.click(page.locator(".tk-gm summary"))
    taps.select("#tk-gm-who", label="Cultist 2")
    taps.select("#tk-condition", value="Stunned")
    taps.type("#tk-cond-rounds", "1")
    taps.press("#tk-cond-give")
    n = events(page)
    assert taps.resolve() == "invalid"
    reason = page.locator("#resolve-why")
    expect(reason).to_contain_text("Cultist 2 is Stunned")
    box = reason.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert events(page) == n
    taps.press("#tk-end-turn")

    # Round 2. The Guardsman at Cultist 1 again (the last foe he shot): 57 hits, DoS 6 - 5 + 1 = 2;
    # reversed 75: Right Leg; d10 1 replaced by the 2 DoS: 2 + 3 - 3 = 2: 7 of 8
    turn(page, "Guardsman", 2)
    expect(page.locator("#tk-at option:checked")).to_have_text("Cultist 1")
    rolled(taps, "57 1", typed)
    assert harm(taps, "Cultist 1") == "7 of 8 taken"
    expect(card_of(taps, "Guardsman").locator('[data-k="weapon"]')).to_have_text("Lasgun: 58 of 60")
    taps.press("#tk-end-turn")
    # the Adept: 62 against 45 misses
    rolled(taps, "62", typed)
    taps.press("#tk-end-turn")
    # Cultist 1: 70 against 40 misses; its clip 7 of 9
    rolled(taps, "70", typed)
    expect(card_of(taps, "Cultist 1").locator('[data-k="weapon"]')).to_have_text("Stub Automatic: 7 of 9")
    taps.press("#tk-end-turn")
    # Cultist 2 grapples the Adept: WS 30 + 10 - 20 (unarmed against the armed Adept) = 20; 15
    # hits; the Adept's Dodge 40 rolls 90: fails; the grapple begins, Cultist 2 in control
    turn(page, "Cultist 2", 2)
    taps.select("#tk-at", label="Adept")
    taps.step("action")
    taps.select('[name="action.type"]', value="Grapple")
    taps.select('[name="action.grapple.option"]', value="attempt")
    taps.step("result")
    rolled(taps, "15 90", typed)
    expect(page.locator('#result [data-k="outcome"]')).to_have_text("Grapple attempt: the grapple begins")
    who = who_line(taps)
    assert who.startswith("Cultist 2") and "Adept" in who, who
    taps.press("#tk-end-turn")

    # Round 3. The Guardsman: 77 against 60 misses
    turn(page, "Guardsman", 3)
    taps.step("action")
    taps.select('[name="action.type"]', value="Standard Attack")
    taps.step("result")
    rolled(taps, "77", typed)
    taps.press("#tk-end-turn")
    # the Adept breaks free: its S 30 rolls 12 (DoS 3 - 1 + 1 = 3) against Cultist 2's S 35 (its
    # saved profile's), which rolls 70: fails; the grapple ends
    turn(page, "Adept", 3)
    taps.select("#tk-at", label="Cultist 2")
    taps.step("action")
    taps.select('[name="action.type"]', value="Grapple")
    taps.select('[name="action.grapple.option"]', value="break_free")
    taps.step("result")
    rolled(taps, "12 70", typed)
    who = who_line(taps)
    assert who.startswith("Adept") and "Cultist 2" in who, who
    expect(card_of(taps, "Adept").locator('[data-k="condition"]')).to_have_count(0)
    taps.press("#tk-end-turn")
    # Cultist 1: 44 against 40 misses
    turn(page, "Cultist 1", 3)
    taps.step("action")
    taps.select('[name="action.type"]', value="Standard Attack")
    taps.step("result")
    rolled(taps, "44", typed)
    taps.press("#tk-end-turn")
    rounds = taps.n
    assert rounds < 90, rounds

    # the cards at the end, as counted: the Guardsman 2 of 12, Cultist 1 7 of 8, the others whole
    assert harm(taps, "Guardsman") == "2 of 12 taken"
    assert harm(taps, "Cultist 1") == "7 of 8 taken"
    assert harm(taps, "Adept") == "0 of 10 taken"
    assert harm(taps, "Cultist 2") == "0 of 8 taken"
    # no die used twice: each attack in the file holds exactly the dice typed for it
    stored = page.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.dh2.events")
    attacks = [e["dice"] for e in stored if e["type"] == "attack"]
    assert attacks == typed, (attacks, typed)
    print(f"taps: setup {setup}, three rounds {rounds}")


def test_the_same_fight_played_by_script_reads_the_hand_counted_cards(ready_page: Page) -> None:
    # the cross-browser driver's play of this fight (tests/browsers/fight.py), here in Chromium:
    # the cards it reads are the hand count's, as Firefox's and WebKit's must be
    from tests.browsers.fight import CARDS, EXPECTED_CARDS, PLAY, ROUNDS, SEED, SETUP, party_text

    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.evaluate(SEED, party_text())
    page.reload()
    ready(page)
    for ops in (SETUP, ROUNDS):
        played = page.evaluate(PLAY, ops)
        assert played == {"ok": True}, played
    assert page.evaluate(CARDS) == EXPECTED_CARDS


def test_a_cards_profile_edit_changes_that_combatant_only_and_a_bad_box_is_marked(ready_page: Page) -> None:
    page = ready(ready_page)
    page.set_viewport_size(PHONE)
    page.evaluate(f"localStorage.setItem('auspex:party:v1', {json.dumps(json.dumps(PARTY))})")
    page.reload()
    ready(page)
    if field(page, "system").input_value() != "dh2":
        field(page, "system").select_option("dh2")
        ready(page)
    taps = Taps(page)
    taps.step("result")
    taps.tab("encounter")
    taps.select("#tk-pick", value="Cultist")
    taps.type("#tk-count", "2")
    taps.press("#tk-add-pick")
    profile = card(page, "Cultist 1").locator('details[data-k="profile"]')
    profile.locator("summary").click()
    wounds = profile.locator('[data-path="wounds"]')
    expect(wounds).to_have_value("8")
    # a word where a number goes: refused at its box on the card, nothing in the encounter changed
    n = events(page)
    wounds.fill("many")
    profile.locator("[data-profile-save]").click()
    expect(wounds).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#tk-status")).to_contain_text("Nothing in the encounter changed")
    assert events(page) == n
    # 9 wounds and S 40 on Cultist 1's card: its profile event, Cultist 2 untouched
    wounds.fill("9")
    profile.locator('[data-path="characteristics.S"]').fill("40")
    taps.press(profile.locator("[data-profile-save]"))
    expect(page.locator("#tk-status")).to_contain_text("Cultist 1's profile saved from its card")
    assert harm(taps, "Cultist 1") == "0 of 9 taken"
    assert harm(taps, "Cultist 2") == "0 of 8 taken"
    last = page.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.dh2.events").pop()
    assert (last["type"], last["who"]) == ("profile", card(page, "Cultist 1").get_attribute("data-id"))
    # S is one sheet: both sides read 40
    assert last["attacker"]["characteristics"]["S"] == 40 and last["target"]["characteristics"]["S"] == 40
