"""The page's headline at 390x844 and 1280x800 says what Auspex does without repeating the Ruleset
menu's label (in the fan-made ruleset "Warhammer 40,000 Roleplay (fan-made, WFRP)" was said twice,
two lines of the phone's first screen): the menu alone names the ruleset."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_the_headline_does_not_repeat_the_ruleset_menu(ready_page: Page, size: dict[str, int]) -> None:
    page = ready_page
    page.set_viewport_size(size)  # type: ignore[arg-type]
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    page.select_option("#system", "wh40krp")
    expect(page.locator("html")).to_have_attribute("data-system", "wh40krp")
    label = page.locator("#system option:checked").inner_text()
    header = page.locator("header.top")
    expect(header).to_be_visible()
    assert label not in header.inner_text(), header.inner_text()
    expect(header).to_contain_text("one attack, rule by rule")
