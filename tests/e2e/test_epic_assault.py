"""An Epic assault's allocation on the real page (seed 002, Allocate Hits & Make Saving Throws:
"During an assault, all units (except War Engines) up to 4 tiles away are valid targets for
allocation, regardless of whether the hits are from CC or FF"). Worked by hand in the comments."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .test_epic import epic, type_groups, unit
from .test_rulesets import field, k, resolve

pytestmark = pytest.mark.e2e

OPEN = {"armour": "0", "cover_save": "0", "in_cover": False, "integrity": "1", "line_of_fire": True}


def targets(page: Page) -> None:
    # Boyz 1 at 1 tile, a war engine at 1 tile, Boyz 2 at 2 tiles out of sight, Nobz at 6 tiles;
    # no saves, integrity 1
    unit(page, "target", 0, {**OPEN, "name": "Boyz 1", "type": "infantry", "distance": "1"})
    unit(page, "target", 1, {**OPEN, "name": "Gargant", "type": "war engine", "distance": "1"})
    unit(page, "target", 2, {**OPEN, "name": "Boyz 2", "type": "infantry", "distance": "2", "line_of_fire": False})
    unit(page, "target", 3, {**OPEN, "name": "Nobz", "type": "infantry", "distance": "6"})


def test_an_epic_assault_allocates_given_hits_on_the_page(ready_page: Page) -> None:
    page = ready_page
    epic(page)
    # the assault's fields show only when an assault is chosen
    expect(field(page, "ep:action.cc_hits")).to_be_hidden()
    expect(field(page, "ep:attacker.units.0.cc")).to_be_hidden()
    field(page, "ep:action.kind").select_option("assault")
    expect(field(page, "ep:action.cc_hits")).to_be_visible()
    expect(field(page, "ep:attacker.units.0.cc")).to_be_visible()
    expect(field(page, "ep:action.crossfire.claimed")).to_be_hidden()
    targets(page)
    # 3 CC hits: Boyz 1 (1 tile), Boyz 2 (2 tiles; line of fire does not matter), then Boyz 1 again:
    # evenly, front to back. The Gargant (a war engine) and the Nobz (6 tiles) may take none.
    # No save: Boyz 1 and Boyz 2 destroyed. Shock 0 +1 under fire +2 losses = 3 >= 2 units left: broken.
    field(page, "ep:action.cc_hits").fill("3")
    resolve(page, "ok")
    assert k(page, "hits") == ["3 CC hits"]
    assert k(page, "integrity") == [
        "integrity 1 \u2192 0: destroyed",
        "integrity 1 \u2192 1",
        "integrity 1 \u2192 0: destroyed",
        "integrity 1 \u2192 1",
    ]
    units = page.locator("#result li.unit, #result li.unit.destroyed").all_text_contents()
    assert "2 hits" in units[0] and "1 hit" in units[2] and "no hit" in units[1] and "no hit" in units[3]
    assert k(page, "formation-shock") == ["Shock 0 +1 under fire +2 losses = 3"]


def test_an_epic_assault_rolls_cc_and_ff_on_the_page(ready_page: Page) -> None:
    page = ready_page
    epic(page)
    field(page, "ep:action.kind").select_option("assault")
    targets(page)
    # Tactical 1 in base contact rolls its CC 4; Tactical 2 at 3 tiles its FF 3; the Devastator and
    # the Predator give no CC or FF and cannot fight. CC d6 2: a hit; FF d6 3: a hit.
    unit(page, "attacker", 0, {"distance": "0", "cc": "4", "ff": "3"})
    unit(page, "attacker", 1, {"distance": "3", "cc": "4", "ff": "3"})
    type_groups(page, ["2", "3"])
    assert k(page, "group-hits") == ["1 hit", "1 hit"]
    assert k(page, "hits") == ["1 CC, 1 FF hits"]
    shooters = page.locator('#result [data-k="shooters"] li').all_text_contents()
    assert "fights with its CC" in shooters[0] and "fights with its FF" in shooters[1]
    assert "no CC or FF value" in shooters[2]
