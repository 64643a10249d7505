"""A mob's volley on a phone (390 x 844): five Cultists added x5 fire at a Guardsman as one action,
applied to the encounter with one group of dice typed by hand; what the player reads: the volley's
odds first (the Odds panel's exchange of the five bodies' attacks, the figures of
rules.odds.exchange), then each Cultist's line, the total and the Guardsman's wounds on its card.

Hand count (DH2; rules/encounter/volley.py): BS 30 + Standard Attack 10 + Short range 10 (20 m,
Autogun 90 m) = 50. Cultist 1: 23 hits (DoS 4), the Guardsman's Dodge 71 fails (its one Reaction
this round), damage 6 + 3 - TB 3 = 6 (6 of 20). Cultist 2: 41 hits (DoS 2), no Reaction left,
5 + 3 - 3 = 5 (11). Cultist 3: 80 misses. Cultist 4: 12 hits (DoS 5), damage 7 (> 5, kept)
+ 3 - 3 = 7 (18). Cultist 5: 65 misses. 3 hits, 18 wounds: 18 of 20 taken.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from rules.odds.exchange import run_exchange
from tests.e2e.test_encounter import KEY, PHONE, card, go, ready, resolve_any, show_result
from tests.e2e.test_odds_exchange import again, expected, shown

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
AUTOGUN = {
    "name": "Autogun",
    "class": "Basic",
    "range": 90,
    "rof": "S/3/10",
    "damage": "1d10+3",
    "clip": 30,
    "reload": "Full",
}
CULTIST = {"name": "Cultist", "characteristics": {"WS": 30, "BS": 30, "Ag": 30}, "weapon": AUTOGUN}
FIGHT: dict[str, Any] = {
    "auspex_encounter": 1,
    "system": "dh2",
    "events": [
        {
            "type": "add",
            "count": 5,
            "combatant": {
                "id": "cu",
                "name": "Cultist",
                "attacker": CULTIST,
                "target": {"name": "Cultist", "wounds": 10, "toughness_bonus": 3},
            },
        },
        {
            "type": "add",
            "combatant": {
                "id": "g",
                "name": "Guardsman",
                "side": "party",
                "attacker": {**CULTIST, "name": "Guardsman", "characteristics": {"WS": 30, "BS": 40, "Ag": 35}},
                "target": {
                    "name": "Guardsman",
                    "wounds": 20,
                    "toughness_bonus": 3,
                    "evasion": {"reaction": "Dodge", "skill": 30},
                },
            },
        },
        # Cultists 1-5: d10 9..5 + AgB 3 = 12..8; the Guardsman 1 + 3 = 4: the Cultists act first
        {"type": "initiative", "dice": [9, 8, 7, 6, 5, 1]},
    ],
}
DICE = "23 71 6 41 5 80 12 7 65"


def test_five_cultists_volley_applied_with_one_group_of_typed_dice_on_a_phone(page: Page, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(base_url)
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps({'v': 1, 'files': {'dh2': FIGHT}}))})")
    page.reload()
    ready(page)
    go(page, "action")
    page.locator('[name="action.type"]').select_option("Standard Attack")
    page.locator('[name="action.distance"]').fill("20")
    # beside Who acts and At (the Action step on a phone): Apply to the encounter, and the volley offered
    expect(page.locator("#tk-apply-enc")).to_be_checked()
    tick = page.locator("#tk-volley")
    expect(tick).to_be_visible()
    expect(page.locator("#tk-volley-row")).to_contain_text(
        "Volley: Cultist 1, Cultist 2, Cultist 3, Cultist 4, Cultist 5 fire together"
    )
    tick.check()
    go(page, "result")

    # its odds before a die is rolled: the engine's exchange of the five bodies' attacks in order
    page.get_by_role("tab", name="Odds").click()
    again(page, page.get_by_role("button", name="Volley of 5 at Guardsman").click)
    attacks = [{"who": f"cu-{i}", "action": {"type": "Standard Attack", "distance": 20}} for i in range(1, 6)]
    report = run_exchange({"encounter": FIGHT, "target": "g", "attacks": attacks})
    assert report["status"] == "ok", report
    assert shown(page) == expected(report["exchange"])
    assert [name for name, _, _ in shown(page)[0]] == [f"Cultist {i}" for i in range(1, 6)]
    expect(page.locator("#odds-x-body [data-k='odds-chart']")).to_be_visible()
    page.locator("#odds-x").screenshot(path=str(ARTIFACTS / "volley-odds-390x844.png"))
    page.locator('input[name="dice-mode"][value="manual"]').check()

    # no dice yet: the engine asks for the first, naming the attack and how many are still to roll
    assert resolve_any(page) == "needs"
    expect(page.locator("#dice-hint")).to_contain_text("Cultist 1 (attack 1 of 5, 5 still to roll)")
    page.locator("#dice-rows li.next input").fill(DICE)  # the whole group in one box
    assert resolve_any(page) == "ok", page.locator("#result").inner_text()
    show_result(page)

    lines = page.locator('#result [data-k="volley-line"] > strong')
    expect(lines).to_have_count(5)
    said = [
        re.sub(r"\s+", " ", t).strip()
        for t in page.locator('#result [data-k="volley-line"]').evaluate_all(
            "els => els.map(li => [...li.childNodes].filter(n => n.nodeName !== 'DETAILS').map(n => n.textContent).join(''))"
        )
    ]
    assert said == [
        "Cultist 1 hits: 1 hit, 6 wounds (its target's Reaction used)",
        "Cultist 2 hits: 1 hit, 5 wounds",
        "Cultist 3 misses",
        "Cultist 4 hits: 1 hit, 7 wounds",
        "Cultist 5 misses",
    ]
    expect(page.locator('#result [data-k="volley-total"]')).to_have_text(
        "Total: 3 hits, 18 wounds; Guardsman: 18 of 20 wounds taken"
    )
    no_sideways = page.evaluate("document.documentElement.scrollWidth")
    assert no_sideways <= PHONE["width"], no_sideways
    page.locator("#result").screenshot(path=str(ARTIFACTS / "volley-390x844.png"))

    # the Guardsman's card: 18 of its 20 wounds taken, its Reaction used
    expect(card(page, "Guardsman").locator('[data-k="harm"]')).to_contain_text("18 of 20")
    stored = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["files"]["dh2"]["events"][-1]
    assert stored["volley"] == ["cu-2", "cu-3", "cu-4", "cu-5"]
    assert stored["dice"] == [int(x) for x in DICE.split()]


def test_the_forms_x_attackers_resolves_them_in_turn_with_one_roll(page: Page, base_url: str) -> None:
    """The single-roll forms: "x attackers" 3 beside the attacker; one Resolve (rolled for me, seed 7)
    shows the volley's headline, a line per attack made (the later ones stop once the target is
    down) and the total."""
    page.set_viewport_size(PHONE)
    page.goto(base_url)
    ready(page)
    page.locator('[name="attacker.count"]').fill("3")
    go(page, "result")
    page.locator('[name="seed"]').fill("7")
    assert resolve_any(page) == "ok", page.locator("#result").inner_text()
    expect(page.locator('#result [data-k="volley"] > h3.headline')).to_contain_text("3 x ")
    expect(page.locator('#result [data-k="volley-total"]')).to_contain_text("Total: ")
    lines = page.locator('#result [data-k="volley-line"]')
    assert 1 <= lines.count() <= 3
    expect(lines.first).to_contain_text(" 1")


def test_the_forms_odds_of_x_3_attackers_are_the_volley_s_on_a_phone(page: Page, base_url: str) -> None:
    """The single-roll forms' Odds for "x 3 attackers": the volley's figures (rules.odds.volley, the
    exchange's walk of the three in turn): Kills after all three and the chart are the engine's
    for the scenario sent, and a table gives the target down after each attacker."""
    from tests.e2e.test_odds import assert_shows, engine_odds, open_odds, sent

    page.set_viewport_size(PHONE)
    page.goto(base_url)
    ready(page)
    page.locator('[name="attacker.count"]').fill("3")
    open_odds(page)
    scenario = sent(page)
    assert scenario.get("count") == 3
    odds = engine_odds(scenario)
    side = page.locator('#odds [data-k="odds-side"]')
    assert_shows(side, odds)
    kill = next(f for f in odds["headline"] if f["key"] == "kill")
    assert kill["chance"] == odds["steps"][-1]["down"]  # the volley's Kills: down after the third
    rows = side.locator('[data-k="odds-volley-steps"] tbody tr')
    expect(rows).to_have_count(3)
    from auspex_web.render_odds import percent

    for k, step in enumerate(odds["steps"]):
        expect(rows.nth(k).locator("th")).to_have_text(step["name"])
        expect(rows.nth(k).locator("td")).to_have_text(percent(step["down"]["p"]))
    page.locator("#odds").screenshot(path=str(ARTIFACTS / "forms-volley-odds-390x844.png"))
