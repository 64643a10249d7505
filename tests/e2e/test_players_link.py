"""The players' link at 390x844: the GM's encounter (a Guard of the party, a wounded Cultist)
gives "Players' link"; opened in a second browser context (another phone, nothing stored), it
shows the cards of the players' view, read-only, and none of the Cultist's numbers is anywhere in
that page's DOM. The link is drawn as a QR code too. "Show to players" on the Cultist's card puts it in the file's reveal, and the
next link shows its numbers."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from rules.encounter.run import run_encounter
from tests.e2e.conftest import wait_for_engine
from tests.e2e.test_encounter import PHONE, card, go, ready, show_encounter

pytestmark = pytest.mark.e2e

GUARD = {
    "name": "Guard",
    "characteristics": {"WS": 30, "BS": 40, "Ag": 35},
    "weapon": {
        "name": "Autogun",
        "class": "Basic",
        "range": 90,
        "rof": "S/3/10",
        "damage": "1d10+3",
        "pen": 0,
        "clip": 30,
        "reload": "Full",
    },
}
CULTIST_TARGET = {"name": "Cultist", "wounds": 29, "toughness_bonus": 4, "evasion": {"reaction": "Dodge", "skill": 37}}
CULTIST_ATTACKER = {
    "name": "Cultist",
    "characteristics": {"WS": 41, "BS": 43, "Ag": 46},
    "weapon": {"name": "Knife", "class": "Melee", "damage": "1d5"},
}


def fight() -> tuple[dict[str, Any], dict[str, Any]]:
    """The GM's file and the state after it: initiative by hand (Guard 7 + AgB 3 = 10, Cultist 8 + AgB 4
    = 12: the Cultist first), the Cultist ends its turn, the Guard's burst wounds it."""
    file: dict[str, Any] = {"auspex_encounter": 1, "system": "dh2", "events": []}
    out: dict[str, Any] = {}
    for event in (
        {
            "type": "add",
            "combatant": {
                "id": "g",
                "name": "Guard",
                "side": "party",
                "attacker": GUARD,
                "target": {"name": "Guard", "wounds": 14},
            },
        },
        {
            "type": "add",
            "combatant": {"id": "c", "name": "Cultist", "attacker": CULTIST_ATTACKER, "target": CULTIST_TARGET},
        },
        {"type": "initiative", "dice": [7, 8]},
        {"type": "end_turn", "who": "c"},
        {"type": "attack", "who": "g", "at": "c", "action": {"type": "Full Auto Burst", "distance": 10}, "seed": 1},
    ):
        out = run_encounter({"encounter": file, "then": event})
        assert out["status"] == "ok", out
        file = out["encounter"]
    return file, out["state"]


def players_link(page: Page) -> str:
    page.locator("#pl-make").click()
    expect(page.locator("#pl-url")).to_be_visible()
    link = page.locator("#pl-url").input_value()
    assert "#p=" in link
    return link


def opened(browser: Browser, link: str) -> tuple[Page, str]:
    """The link opened on another phone (a context of its own: nothing of the GM's stored)."""
    other = browser.new_context(viewport=PHONE)
    page = other.new_page()
    page.goto(link)
    wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.playersView === 'shown'")
    return page, page.evaluate("document.documentElement.outerHTML")


def test_the_players_link_shows_the_cards_and_none_of_the_npcs_numbers(
    page: Page, base_url: str, browser: Browser
) -> None:
    page.set_viewport_size(PHONE)
    file, state = fight()
    cultist = next(c for c in state["combatants"] if c["id"] == "c")
    assert cultist["damage_taken"] > 0, "the Guard's burst must have wounded the Cultist"
    page.goto(base_url)
    page.evaluate("f => localStorage.setItem('auspex:encounter:v1', JSON.stringify({v: 1, files: {dh2: f}}))", file)
    page.reload()
    wait_for_engine(page)
    ready(page)
    go(page, "result")
    show_encounter(page)
    expect(card(page, "Cultist")).to_be_visible()
    link = players_link(page)
    assert re.match(re.escape(base_url.rstrip("/")) + r"/?#p=[A-Za-z0-9_-]+$", link), link
    # the QR code: drawn by the vendored encoder, as wide as the phone's panel allows (scanned across a table)
    qr = page.locator("#pl-qr")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 240 and box["width"] == box["height"], box
    assert int(qr.get_attribute("data-modules") or 0) >= 21  # a version 1 code is 21 modules wide
    expect(page.locator("#pl-status")).to_contain_text("scan the code")

    player, dom = opened(browser, link)
    view = player.locator("#pl-view")
    expect(view.locator('li.pv-card[data-id="g"] [data-k="harm"]')).to_have_text("0 of 14 taken")
    expect(view.locator('li.pv-card[data-id="c"] [data-k="state"]')).to_have_text(re.compile("hurt"))
    text = player.evaluate("document.body.innerText")
    # the Cultist's numbers: its wounds, damage taken, initiative, characteristics, Dodge
    secret = {29, 37, 41, 43, 46, cultist["damage_taken"], cultist["initiative"]}
    found = {int(n) for n in re.findall(r"\d+", view.inner_text() + view.inner_html())} & secret
    assert not found, found
    for n in secret:
        assert not re.search(rf"\b{n} of\b|Init {n}\b|\"wounds\": ?{n}\b", dom + text)
    assert player.locator("#pl-view script").count() == 0
    player.context.close()

    # the GM shows the Cultist: the next link carries its numbers
    reveal = card(page, "Cultist").locator(".pl-reveal")
    expect(reveal).to_have_text("Show to players")
    reveal.click()
    expect(reveal).to_have_attribute("aria-pressed", "true")
    stored = page.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.dh2.reveal")
    assert stored == ["c"]
    player, _dom = opened(browser, players_link(page))
    harm = player.locator('#pl-view li.pv-card[data-id="c"] [data-k="harm"]')
    expect(harm).to_have_text(f"{cultist['damage_taken']} of 29 taken")
    player.context.close()


def test_a_broken_or_hostile_players_link_is_refused_in_words(page: Page, base_url: str) -> None:
    page.goto(base_url + "#p=not*a*link")
    page.wait_for_function("document.documentElement.dataset.playersView === 'broken'")
    expect(page.locator("#pl-note")).to_contain_text("cannot be read")
    # a view whose name is a script: shown as text, never run
    hostile = {
        "auspex_player_view": 1,
        "system": "dh2",
        "round": 0,
        "cards": [{"id": "x", "name": "<img src=x onerror=alert(1)>", "shown": False, "state": "unhurt"}],
        "log": [],
        "html": "<script>window.owned=1</script>",
    }
    encoded = page.evaluate("v => import('./static/share.js').then((m) => m.encodeLink(v))", hostile)
    page.goto(base_url + "#p=" + encoded)
    wait_for_engine(page)
    page.wait_for_function("document.documentElement.dataset.playersView === 'shown'")
    expect(page.locator('#pl-view [data-k="name"]')).to_have_text("<img src=x onerror=alert(1)>")
    assert page.locator("#pl-view img").count() == 0 and page.evaluate("window.owned") is None
    too_long = {**hostile, "cards": [{**hostile["cards"][0], "name": "x" * 81}]}
    encoded = page.evaluate("v => import('./static/share.js').then((m) => m.encodeLink(v))", too_long)
    page.evaluate("h => { location.hash = h; }", "#p=" + encoded)
    page.wait_for_function("document.documentElement.dataset.playersView === 'invalid'")
    expect(page.locator("#pl-note")).to_contain_text("view.cards.0.name")
    assert json.dumps(hostile)  # the hostile view stays data


def test_the_link_and_its_qr_work_offline_after_one_visit(context: BrowserContext, page: Page, base_url: str) -> None:
    """A phone that has visited the page once opens a players' link with no network: the GM makes
    it (the QR encoder from the offline copy) and a second tab shows the view, all offline."""
    from tests.e2e.test_pwa import controlled

    page.set_viewport_size(PHONE)
    file, _state = fight()
    page.goto(base_url)
    wait_for_engine(page)
    page.evaluate("f => localStorage.setItem('auspex:encounter:v1', JSON.stringify({v: 1, files: {dh2: f}}))", file)
    controlled(page)
    context.set_offline(True)
    page.reload()
    wait_for_engine(page)
    ready(page)
    go(page, "result")
    show_encounter(page)
    link = players_link(page)
    expect(page.locator("#pl-qr")).to_be_visible()
    player = context.new_page()
    player.goto(link)
    wait_for_engine(player)
    player.wait_for_function("document.documentElement.dataset.playersView === 'shown'")
    expect(player.locator('#pl-view li.pv-card[data-id="g"] [data-k="harm"]')).to_have_text("0 of 14 taken")
