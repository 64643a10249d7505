"""The live connection at 390x844: a GM's page and two players' pages, each in a browser context of
its own (three phones), connected by the QR exchange with no STUN/TURN or signalling server. Each
code is READ FROM THE PAGE'S CANVAS BY THE DECODER: the canvas's PNG is given to the other page's
"Picture of the code" input, which decodes it (jsQR in this Chromium, which has no BarcodeDetector);
the test never reads the link. The GM plays events; after each, each player's view is the engine's
players' view of the GM's file, and no number of the Cultist is in a player's DOM or in the messages
it received. A player's page closed is said on the GM's page, the GM's closed on the player's, and
"Scan again" re-makes the connection. Hostile messages change nothing."""

from __future__ import annotations

import base64
import json
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from rules.encounter.player_view import run_player_view
from static.auspex_web.player_link import respond_shown_view
from tests.e2e.conftest import wait_for_engine
from tests.e2e.test_encounter import PHONE, go, press, ready, show_encounter
from tests.e2e.test_players_link import fight
from tools.testing.browser import CHROMIUM_ARGS, chromium_path

pytestmark = pytest.mark.e2e

# Host candidates as addresses, not mDNS names (no mDNS responder in a test machine), and the
# loopback address allowed when the machine has no other.
OUTSIDE: list[str] = []  # requests any phone here made outside the page's origin and path
LIVE_ARGS = [*CHROMIUM_ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns", "--allow-loopback-in-peer-connection"]


@pytest.fixture(scope="module")
def live_browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=LIVE_ARGS)
    yield browser
    browser.close()


def phone(browser: Browser, base_url: str, file: dict[str, Any] | None = None) -> Page:
    """A phone's page on the encounter panel (the GM's with `file` stored, a player's with nothing)."""
    context = browser.new_context(viewport=PHONE)
    # nothing asked of another origin: no STUN/TURN, no signalling server, no CDN
    origin = base_url.split("/auspex/")[0]  # a blob: URL the page made is of its own origin
    context.on(
        "request",
        lambda r: None if r.url.startswith((base_url, f"blob:{origin}/", "data:")) else OUTSIDE.append(r.url),
    )
    page = context.new_page()
    # the connection's states, printed with a failure's output
    who = "GM" if file is not None else "player"
    page.on("console", lambda m: print(who, m.text[:200]) if "auspex" in m.text else None)
    page.goto(base_url)
    if file is not None:
        page.evaluate("f => localStorage.setItem('auspex:encounter:v1', JSON.stringify({v: 1, files: {dh2: f}}))", file)
        page.reload()
    wait_for_engine(page)
    ready(page)
    go(page, "result")
    show_encounter(page)
    # every message a player's page receives, kept for the search below
    page.evaluate("""() => { window.received = [];
        addEventListener('auspex-peer', (e) => window.received.push(JSON.stringify(e.detail))); }""")
    return page


def picture_of(page: Page, canvas: str) -> dict[str, Any]:
    """The QR code on `page`'s canvas as a PNG file, for another page's picture input."""
    expect(page.locator(canvas)).to_be_visible()
    url = page.locator(canvas).evaluate("c => c.toDataURL('image/png')")
    return {"name": "code.png", "mimeType": "image/png", "buffer": base64.b64decode(url.split(",", 1)[1])}


def connect(gm: Page, player: Page, name: str, *, again: bool = False) -> None:
    """The QR exchange: the GM's code (made already) scanned by the player, the answer by the GM."""
    if not again:
        if player.locator("#live-scanner").is_hidden():  # not opened already (to type a name first)
            player.locator("#live-join-start").click()
    else:
        player.locator("#live-again").click()
    offer = picture_of(gm, "#live-qr")
    # one small code each way: a version 14 code (73 modules) holds 458 bytes
    assert int(gm.locator("#live-qr").get_attribute("data-modules") or 999) <= 73
    player.locator("#live-scanner .live-picture").set_input_files(offer)
    player.wait_for_function("document.documentElement.dataset.live === 'answered'")
    gm.locator("#live-scan").click()
    answer = picture_of(player, "#live-qr")
    assert int(player.locator("#live-qr").get_attribute("data-modules") or 999) <= 73
    gm.locator("#live-scanner .live-picture").set_input_files(answer)
    expect(gm.locator(f"#live-peers li:has-text('{name}')")).to_have_attribute(
        "data-state", "connected", timeout=45_000
    )
    player.wait_for_function("document.documentElement.dataset.live === 'connected'", timeout=45_000)
    expect(player.locator("#live-status")).to_contain_text("Connected")


def gm_file(gm: Page) -> dict[str, Any]:
    return gm.evaluate("JSON.parse(localStorage.getItem('auspex:encounter:v1')).files.dh2")


def follows(player: Page, file: dict[str, Any]) -> None:
    """The player's view is the engine's players' view of `file`, rendered as a #p= link's is."""
    view = run_player_view(file)
    assert view["status"] == "ok", view
    html = respond_shown_view(json.dumps(view["view"]))["html"]
    player.wait_for_function(
        """h => { const d = document.createElement('div'); d.innerHTML = h;
                  const shown = document.getElementById('pl-body').cloneNode(true);
                  shown.querySelectorAll('.pp-me').forEach((b) => b.remove());  // "This is me" (proposals.js)
                  return d.innerHTML === shown.innerHTML; }""",
        arg=html,
        timeout=5_000,
    )


def no_npc_numbers(player: Page, secret: set[int]) -> None:
    body = player.evaluate("document.documentElement.outerHTML") + player.evaluate("window.received.join('\\n')")
    assert player.evaluate("window.received.length") > 0
    for n in secret:
        assert not re.search(rf"\b{n} of\b|Init {n}\b|\"wounds\": ?{n}\b|\"damage_taken\": ?{n}\b", body), n
    assert "attacker" not in player.evaluate("window.received.join('')")  # the file's profiles never travel


def test_two_players_follow_the_gms_fight_live_and_a_drop_is_said_and_remade(
    live_browser: Browser, base_url: str
) -> None:
    file, state = fight()
    cultist = next(c for c in state["combatants"] if c["id"] == "c")
    secret = {29, 37, 41, 43, 46, cultist["damage_taken"], cultist["initiative"]}
    gm = phone(live_browser, base_url, file)
    one = phone(live_browser, base_url)
    two = phone(live_browser, base_url)

    gm.locator("#live-start").click()
    connect(gm, one, "Player 1")
    follows(one, gm_file(gm))
    gm.locator("#live-connect").click()
    connect(gm, two, "Player 2")
    follows(two, gm_file(gm))
    expect(gm.locator("#live-peers li[data-state='connected']")).to_have_count(2)

    for _ in range(3):  # the Guard's turn ends, then the Cultist's, then the Guard's again
        press(gm, "#tk-end-turn")
        now = gm_file(gm)
        follows(one, now)
        follows(two, now)
    assert len(gm_file(gm)["events"]) == len(file["events"]) + 3
    no_npc_numbers(one, secret)
    no_npc_numbers(two, secret)

    # the second player's phone is closed: said on the GM's page, and re-made by scanning again
    two.context.close()
    dropped = gm.locator("#live-peers li:has-text('Player 2')")
    expect(dropped).to_have_attribute("data-state", re.compile("dropped|failed"), timeout=40_000)
    expect(gm.locator("#live-status")).to_contain_text("Scan again")
    dropped.locator(".live-again").click()
    three = phone(live_browser, base_url)
    connect(gm, three, "Player 2")
    follows(three, gm_file(gm))

    # the GM's page is closed: said on each player's page
    gm.context.close()
    for player in (one, three):
        player.wait_for_function("document.documentElement.dataset.live === 'dropped'", timeout=40_000)
        expect(player.locator("#live-status")).to_contain_text("lost")
        expect(player.locator("#live-again")).to_be_visible()
    one.context.close()
    three.context.close()
    assert not OUTSIDE, OUTSIDE


def test_hostile_messages_change_nothing(live_browser: Browser, base_url: str) -> None:
    """Oversized, not JSON, a script in a name, a forged decision to the GM: refused or shown as text."""
    file, _state = fight()
    gm = phone(live_browser, base_url, file)
    player = phone(live_browser, base_url)
    gm.locator("#live-start").click()
    connect(gm, player, "Player 1")
    follows(player, gm_file(gm))
    before = gm_file(gm)

    refused = """async (texts) => { const peer = await import('./static/peer.js');
        const out = []; for (const t of texts) out.push(await peer.receive(t, 'x')); return out; }"""
    pack = "v => import('./static/share.js').then((m) => m.encodeLink(v))"
    forged = gm.evaluate(
        pack, {"v": 1, "kind": "decision", "about": "proposal", "who": "g", "outcome": "accepted", "reason": ""}
    )
    view_to_gm = gm.evaluate(pack, {"v": 1, "kind": "view", "view": {}})
    not_json = base64.urlsafe_b64encode(b"\x03\x00").decode().rstrip("=")  # an empty deflate: not JSON
    texts = ["x" * (64 * 1024 + 1), "not*packed", not_json, forged, view_to_gm]
    assert gm.evaluate(refused, texts) == [False] * len(texts)
    assert gm.evaluate("window.received.length") == 0
    assert gm_file(gm) == before

    # from the player's side: a forged decision sent to the GM through the real channel is dropped there
    player.evaluate(
        "async () => (await import('./static/peer.js')).send('decision', {about: 'claim', who: 'c', outcome: 'accepted', reason: ''})"
    )
    gm.wait_for_function("Number(document.documentElement.dataset.peerRefused) > " + str(len(texts)))
    assert gm_file(gm) == before

    # to the player: a view with a script for a name is shown as text, a view the engine refuses is not shown
    hostile_view = {
        "auspex_player_view": 1,
        "system": "dh2",
        "round": 0,
        "cards": [{"id": "x", "name": "<img src=x onerror=alert(1)>", "shown": False, "state": "unhurt"}],
        "log": [],
    }
    assert gm.evaluate("async (v) => (await import('./static/peer.js')).send('view', {view: v})", hostile_view) == 1
    expect(player.locator('#pl-view li.pv-card[data-id="x"] [data-k="name"]')).to_have_text(
        "<img src=x onerror=alert(1)>"
    )
    assert player.locator("#pl-view img").count() == 0 and player.evaluate("window.owned") is None
    bad = {**hostile_view, "cards": [{**hostile_view["cards"][0], "name": "x" * 81}]}
    gm.evaluate("async (v) => (await import('./static/peer.js')).send('view', {view: v})", bad)
    player.wait_for_function("document.documentElement.dataset.playersView === 'invalid'")
    over = {"pad": base64.b64encode(os.urandom(80_000)).decode()}  # random: packs to over 64 KB
    with pytest.raises(Exception, match="at most"):
        gm.evaluate("async (p) => (await import('./static/peer.js')).send('view', p)", over)
    gm.context.close()
    player.context.close()


def test_a_browser_without_webrtc_says_so_on_both_sides(live_browser: Browser, base_url: str) -> None:
    """No RTCPeerConnection (a browser that refuses): the GM's page and the player's say so in words
    and point to the players' link, which still works."""
    file, _state = fight()
    gm = live_browser.new_context(viewport=PHONE).new_page()
    gm.add_init_script("delete window.RTCPeerConnection")
    gm.goto(base_url)
    gm.evaluate("f => localStorage.setItem('auspex:encounter:v1', JSON.stringify({v: 1, files: {dh2: f}}))", file)
    gm.reload()
    wait_for_engine(gm)
    ready(gm)
    go(gm, "result")
    show_encounter(gm)
    gm.locator("#live-start").click()
    expect(gm.locator("#live-status")).to_contain_text("cannot make a live connection: use the players' link")
    gm.locator("#pl-make").click()
    expect(gm.locator("#pl-qr")).to_be_visible()

    player = live_browser.new_context(viewport=PHONE).new_page()
    player.add_init_script("delete window.RTCPeerConnection")
    code = gm.evaluate("v => import('./static/share.js').then((m) => m.encodeLink(v))", {"v": 1, "j": "abc"})
    player.goto(base_url + "#j=" + code)
    player.wait_for_function("document.documentElement.dataset.live === 'unsupported'")
    expect(player.locator("#live-status")).to_contain_text(
        "cannot make a live connection: ask the GM for the players' link"
    )
    gm.context.close()
    player.context.close()
