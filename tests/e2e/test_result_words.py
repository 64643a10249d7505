"""On the real page at 390x844: a result in a player's words. The step log is
collapsed; every source reads as a book (the rule text file only in its title, never "seed 004"
beside the random seed); the dice table names the random seed; the headline keeps critical
damage inside the wounds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_page import field, k, resolve

pytestmark = pytest.mark.e2e
SHOTS = Path("/tmp/words")


def test_a_result_reads_in_a_players_words_at_390(ready_page: Page) -> None:
    page = ready_page
    page.set_viewport_size({"width": 1280, "height": 800})  # the forms side by side, to fill them
    # a Cultist with 9 of 10 wounds taken: any wound past the last one is critical damage
    field(page, "target.name").fill("Cultist")
    field(page, "target.wounds").fill("10")
    field(page, "target.damage_taken").fill("9")
    for seed in range(1, 40):  # the first seed whose shot hits (the default Lasgun's Standard Attack)
        field(page, "seed").fill(str(seed))
        resolve(page, "ok")
        if k(page, "outcome") == ["Hit"]:
            break
    else:
        pytest.fail("no seed from 1 to 39 hits")
    page.set_viewport_size({"width": 390, "height": 844})  # the same roll again, read on a phone
    resolve(page, "ok")
    result = page.locator("#result")
    # the step log is there but collapsed
    steps = result.locator("details.steps")
    expect(steps).to_have_count(1)
    assert steps.get_attribute("open") is None
    expect(result.locator(".steps li").first).to_be_hidden()
    # what a player reads: no "seed 004" anywhere in the result, the random seed named as such
    text = result.inner_text()
    assert not re.search(r"seed \d{3}", text), text
    expect(result.locator("p.seed")).to_contain_text(f"Random seed {seed}")
    # every source names its book; the rule text file is in its title
    cites = result.locator("cite.source")
    assert cites.count() > 0
    titles = [t for t in cites.evaluate_all("cs => cs.map(c => c.title)") if t]
    assert titles and all(t.startswith("Rule text file ") for t in titles)
    assert "Dark Heresy 2nd ed., The Attack" in " ".join(cites.all_text_contents())
    # the headline: wounds, and how many of them are critical, never added to them
    summary = result.locator(".headline .summary").inner_text()
    assert "critical damage" not in summary
    if int(k(page, "total-wounds")[0].split()[0]) > 1:
        assert re.search(r"\d+ wounds, (\d+ of them|all) critical", summary), summary
    page.screenshot(path=str(SHOTS / "result-390.png"), full_page=False)
    steps.locator("summary").click()
    expect(result.locator(".steps li").first).to_be_visible()
