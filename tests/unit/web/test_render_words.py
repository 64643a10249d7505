"""A result in a player's words. The step log starts collapsed; a source reads as
the book (the rule text file in a title, never "seed 004" in the text); the random seed is named
as such; the headline keeps wounds and critical damage apart."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from auspex_web.render import render_resolution, render_steps
from auspex_web.sources import book_words, cite, seed_files, source_note
from test_render import k, resolution

import rules
from rules.d100.models import Step

GOLDEN = Path(__file__).resolve().parents[2] / "golden"


def every_source() -> set[str]:
    """Every source string the engine's recorded answers carry (steps, modifiers, conditions)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("source"), str):
                found.add(value["source"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted(GOLDEN.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                walk(json.loads(line)["output"])
    return found


def test_the_step_log_starts_collapsed() -> None:
    html = render_resolution(resolution())
    assert '<details class="steps">' in html
    assert '<details class="steps" open' not in html


def test_the_step_log_of_the_fan_ruleset_and_epic_starts_collapsed() -> None:
    for name in ("wh40krp-autogun-round.json", "epic-tactical-shooting.json"):
        path = Path(__file__).resolve().parents[3] / "examples" / name
        if not path.exists():
            pytest.skip(f"no example {name}")
        out = rules.run(json.loads(path.read_text()))
        html = render_resolution(out["resolution"])
        assert '<details class="steps">' in html, name
        assert '<details class="steps" open' not in html, name


def test_a_seed_source_reads_as_its_book_and_section() -> None:
    assert book_words("seed 004, Step Five: Target Applies Damage") == (
        "Dark Heresy 2nd ed., The Attack, Step Five: Target Applies Damage"
    )
    assert book_words("seed 001, Hordes (Attacking a Horde, Damaging a Horde); DW Core, Ch. XIII, Hordes") == (
        "Deathwatch GM screen, Hordes (Attacking a Horde, Damaging a Horde); DW Core, Ch. XIII, Hordes"
    )
    assert book_words("DH1 Core, Ch. V, Flame (not in seed 003)") == (
        "DH1 Core, Ch. V, Flame (not in the rule text extract)"
    )
    assert book_words("DH2 Core, Ch. VII, Aim: +10 as a Half Action") == "DH2 Core, Ch. VII, Aim: +10 as a Half Action"


def test_the_rule_text_file_is_a_detail_of_the_source() -> None:
    assert seed_files("seed 001, Fatigue (\u221210 to all tests); seed 003") == [
        "001_43934ab936927244.txt",
        "003_b0e0104c97253d9a.txt",
    ]
    assert source_note("seed 004, Grappling") == "Rule text file 004_4b01faf6955f1ce0.txt (seed 004, Grappling)"
    assert source_note("DH2 Core, Ch. V, Accurate") == ""
    assert cite("seed 004, Grappling") == (
        '<cite class="source" title="Rule text file 004_4b01faf6955f1ce0.txt (seed 004, Grappling)">'
        "Dark Heresy 2nd ed., The Attack, Grappling</cite>"
    )


def test_no_source_the_engine_emits_reads_seed_nnn() -> None:
    sources = every_source()
    assert len(sources) > 200  # the corpus holds every ruleset's steps
    for source in sources:
        words = book_words(source)
        assert not re.search(r"seed \d", words), (source, words)


def test_a_step_and_a_modifier_show_the_book_with_the_file_as_a_title() -> None:
    html = render_resolution(resolution())
    assert "seed 004" not in re.sub(r'title="[^"]*"', "", html)
    assert '<cite class="source" title="Rule text file 004_4b01faf6955f1ce0.txt (seed 004, Step Two)">' in html
    assert "Dark Heresy 2nd ed., The Attack, Step One" in html  # the Standard Attack modifier's source


def test_a_hostile_source_is_escaped() -> None:
    html = render_steps([Step(rule="r", source='seed 004, <b>"x"</b>', detail="d")])
    assert "<b>" not in html
    assert "&lt;b&gt;&quot;x&quot;&lt;/b&gt;" in html


def test_the_dice_table_names_the_random_seed_and_says_it_replays_the_roll() -> None:
    html = render_resolution(resolution(seed=1883276147))
    assert k(html, "seed") == ["1883276147"]
    seed_line = re.search(r'<p class="seed">(.*?)</p>', html, flags=re.S)
    assert seed_line is not None
    text = re.sub(r"<[^>]+>", "", seed_line.group(1))
    assert text.startswith("Random seed 1883276147")
    assert "replay" in text


def summary(html: str) -> str:
    found = re.search(r'<span class="summary">(.*?)</span></p>', html, flags=re.S)
    assert found is not None
    return re.sub(r"<[^>]+>", "", found.group(1))


def test_the_headline_keeps_critical_damage_inside_the_wounds() -> None:
    # 8 of 10 taken, a hit for 7 wounds: 2 reach the last wounds, 5 go beyond as critical damage
    html = render_resolution(resolution(total_wounds=7, critical_damage=5))
    assert summary(html) == "1 hit \u00b7 7 wounds, 5 of them critical"
    # every wound beyond the target's wounds: all of them critical, not "4 wounds \u00b7 4 critical damage"
    html = render_resolution(resolution(total_wounds=4, critical_damage=4))
    assert summary(html) == "1 hit \u00b7 4 wounds, all critical"
    assert "critical damage" not in summary(html)


def test_empty_names_read_as_the_attacker_its_weapon_the_target() -> None:
    html = render_resolution(resolution(attacker="", weapon=" ", target="", action="Semi-Auto Burst"))
    who = re.search(r'<p class="who">(.*?)</p>', html)
    assert who is not None
    assert who.group(1) == "the attacker \u2014 Semi-Auto Burst with its weapon \u2014 against the target"
    assert "\u2014 Semi-Auto Burst with \u2014" not in html


def test_empty_names_in_the_fan_rulesets_round_read_in_words() -> None:
    path = Path(__file__).resolve().parents[3] / "examples" / "wh40krp-autogun-round.json"
    out = rules.run(json.loads(path.read_text()))["resolution"]
    out.update(attacker="", weapon="", target="")
    who = re.search(r'<p class="who">(.*?)</p>', render_resolution(out))
    assert who is not None
    assert who.group(1).startswith("the attacker \u2014 ")
    assert who.group(1).endswith(" with its weapon \u2014 against the target")
