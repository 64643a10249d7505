"""The odds report (:func:`rules.odds.odds`), its envelope (:func:`rules.odds.run_odds`) and the
command line (``python -m rules odds FILE``).

The lasgun example's figures are worked out by hand below, from the rules the resolver follows
(DH2, seed 004): the report must give exactly those fractions.
"""

from __future__ import annotations

import functools
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import dh1_scenarios as dh1s
import pytest
from run_helpers import ROOT, cli

from rules.api import load_scenario
from rules.odds import SAMPLE, odds, run_odds
from rules.odds.models import Chance, Odds


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "examples" / name).read_text())
    return data


@functools.cache
def report_of(name: str) -> Odds:
    """The report of an example (computed once: reports are frozen)."""
    return odds(load_scenario(example(name)))


def headline(report: Odds) -> dict[str, Any]:
    return {f.key: f for f in report.headline}


def exact(chance: Chance | None) -> Fraction:
    assert chance is not None
    return Fraction(chance.exact)


def chances(node: Any) -> list[dict[str, Any]]:
    """Every Chance in a dumped report (dicts with ``p`` and ``exact``), wherever it sits."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if "p" in node and "exact" in node:
            found.append(node)
        else:
            for v in node.values():
                found += chances(v)
    elif isinstance(node, list):
        for v in node:
            found += chances(v)
    return found


EXAMPLES = [
    "lasgun.json",
    "dh1-storm-bolter.json",
    "dw-bolter-horde.json",
    "epic-tactical-shooting.json",
    "epic-barrage.json",
    "wh40krp-autogun-round.json",
]


# ----------------------------------------------------------------------- the lasgun, by hand
#
# examples/lasgun.json: DH2, a Guardsman (BS 45) fires a Reliable lasgun (1d10+3 E, Pen 0, 100 m)
# with a Standard Attack at 20 m in Fog, at a Cultist (TB 3, 10 wounds, armour 2 on the Body only).
#
# Target: BS 45 + Standard Attack 10 + Short range 10 (20 m is under half of 100 m) + Fog -20 = 45.
# A DH2 test passes on 45 or under (01 always passes, 100 always fails): 45 of 100 rolls, 9/20.
# Jams: a single shot jams on 96-100, a Reliable weapon only on 100: 1/100.
# Degrees of success (tens of the target - tens of the roll + 1): rolls 01-09 score 5, 10-19 4,
# 20-29 3, 30-39 2, 40-45 1.
# Location: the roll's digits reversed; the Body is 31-70, so of the 45 hitting rolls the Body is
# struck by 04-07 (40-70), 13-16, 23-26, 33-36 (4 each) and 43-45 (3): 19 rolls, 19/100. The Head
# (01-10) by 01 (10), 10, 20, 30, 40 (01-04): 5 rolls, 1/20.
# Wounds: 1d10 + 3 - armour - TB 3 = the die - armour, and the degrees replace the die when that
# gives more wounds (seed 004, Step Four): max(die, degrees) - armour. So:
#   kill (10 wounds): only a 10 off the Body (the Body's armour leaves 8): 26 rolls x 1/10 = 13/500;
#   Righteous Fury: a natural 10 on the damage die of a hit: 45/100 x 1/10 = 9/200;
#   expected wounds: E[max(d, D)] = (D^2 + 55 - D(D+1)/2) / 10 = 6.5, 6.1, 5.8, 5.6, 5.5 for D = 5..1;
#     off the Body 5x6.5 + 6x6.1 + 6x5.8 + 6x5.6 + 3x5.5 = 154.0, on the Body 2 less each
#     (4x4.5 + 4x4.1 + 4x3.8 + 4x3.6) plus 3 rolls at D 1 where a 1 or 2 gives 0, not less:
#     3x3.6; 74.8 in all; (154.0 + 74.8) / 100 = 2.288;
#   no wounds: the 55 rolls that miss or jam, plus a 1 or 2 on the Body at 1 or 2 degrees (7 rolls
#     x 2 faces): (550 + 14) / 1000 = 141/250.
#   Critical damage needs more than 10 wounds: never.


def test_lasgun_headline_figures_are_the_hand_worked_fractions() -> None:
    report = report_of("lasgun.json")
    h = headline(report)
    assert report.exact and report.sample is None
    assert report.system == "dh2"
    assert (report.attacker, report.target) == ("Guardsman", "Cultist")
    assert report.action == "Standard Attack with the Lasgun"
    assert exact(h["hit"].chance) == Fraction(45, 100)
    assert exact(h["test"].chance) == Fraction(9, 20)
    assert exact(h["jam"].chance) == Fraction(1, 100)
    assert exact(h["kill"].chance) == Fraction(13, 500)
    assert exact(h["fury"].chance) == Fraction(9, 200)
    assert exact(h["critical"].chance) == 0
    assert h["wounds"].value == pytest.approx(2.288)
    assert h["kill"].label == "Kills (wounds reach the 10 left)"
    assert "evaded" not in h and "magnitude" not in h  # no evasion, no Horde


def test_lasgun_chart_locations_degrees_and_hits_are_the_hand_worked_fractions() -> None:
    report = report_of("lasgun.json")
    assert report.chart.measure == "wounds"
    assert report.chart.mean == pytest.approx(2.288)
    bars = {b.value: b for b in report.chart.bars}
    assert list(bars) == list(range(11))  # 0 to 10 wounds
    assert exact(bars[0].p) == Fraction(141, 250)
    assert exact(bars[10].p) == Fraction(13, 500)  # the kill
    locations = {loc.location: loc for loc in report.locations}
    assert exact(locations["Body"].hit) == Fraction(19, 100)
    assert exact(locations["Head"].hit) == Fraction(1, 20)
    assert locations["Body"].mean_hits == pytest.approx(0.19)  # one hit at most
    assert sum(float(exact(loc.hit)) for loc in report.locations) == pytest.approx(0.45)
    degrees = {b.value: exact(b.p) for b in report.degrees}
    assert degrees[5] == Fraction(9, 100)  # 01-09
    assert degrees[4] == degrees[3] == degrees[2] == Fraction(1, 10)
    assert degrees[1] == Fraction(6, 100)  # 40-45
    assert degrees[-7] == Fraction(1, 100)  # 100: tens 10 - 4 + 1
    assert all(b.p.p > 0 for b in report.degrees)
    assert [(b.value, exact(b.p)) for b in report.hits] == [(0, Fraction(11, 20)), (1, Fraction(9, 20))]


def test_lasgun_standard_deviation_is_the_charts() -> None:
    report = report_of("lasgun.json")
    bars = report.chart.bars
    mean = sum(Fraction(b.value) * exact(b.p) for b in bars)
    variance = sum(Fraction(b.value) ** 2 * exact(b.p) for b in bars) - mean**2
    assert mean == Fraction(2288, 1000)
    assert report.chart.sd == pytest.approx(float(variance) ** 0.5)


# ---------------------------------------------------------------------------- every report


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_chance_p_is_its_exact_fraction(name: str) -> None:
    dumped = report_of(name).model_dump(mode="json")
    found = chances(dumped)
    assert found
    for c in found:
        f = Fraction(c["exact"])
        assert c["p"] == float(f), c
        assert 0 <= f <= 1


@pytest.mark.parametrize("name", EXAMPLES)
def test_bars_at_least_is_the_tail_sum(name: str) -> None:
    report = report_of(name)
    for bars in (report.chart.bars, report.hits):
        if not bars:
            continue
        assert [b.value for b in bars] == list(range(bars[0].value, bars[0].value + len(bars)))
        tail = Fraction(0)
        for b in reversed(bars):
            tail += exact(b.p)
            assert exact(b.at_least) == tail, (name, b.value)
        assert exact(bars[0].at_least) == 1
        assert sum(exact(b.p) for b in bars) == 1


@pytest.mark.parametrize("name", EXAMPLES)
def test_chart_mean_is_the_bars_mean(name: str) -> None:
    report = report_of(name)
    mean = sum(b.value * exact(b.p) for b in report.chart.bars)
    assert report.chart.mean == pytest.approx(float(mean))


def test_capped_chart_labels_its_last_bar_and_says_so() -> None:
    # DH1 Righteous Fury adds d10 after d10: the chart stops at the wounds left (40) plus 10
    report = report_of("dh1-storm-bolter.json")
    last = report.chart.bars[-1]
    assert (last.value, last.label) == (50, "50+")
    assert exact(last.p) == exact(last.at_least) > 0
    assert any("counted as 50" in note for note in report.notes)


def test_horde_report_counts_magnitude() -> None:
    report = report_of("dw-bolter-horde.json")
    h = headline(report)
    assert report.chart.measure == "Magnitude lost"
    assert h["magnitude"].value == pytest.approx(report.chart.mean)
    assert exact(h["kill"].chance) == 0  # Magnitude 30 against at most five hits
    assert "wounds" not in h and "critical" not in h
    assert [loc.location for loc in report.locations] == ["Horde"]


def test_evasion_adds_its_figure() -> None:
    data = example("lasgun.json")
    data["target"]["evasion"] = {"reaction": "Dodge", "skill": 40}
    report = odds(load_scenario(data))
    h = headline(report)
    assert h["evaded"].label == "Evaded (Dodge)"
    # passing the test counts the attacks evaded too: still 45 of 100 rolls
    assert exact(h["test"].chance) == Fraction(9, 20)
    assert exact(h["hit"].chance) + exact(h["evaded"].chance) == Fraction(9, 20)


def test_flame_jam_on_a_natural_nine_counts_in_the_jam_figure() -> None:
    # DH1 flamer (1d10+4, Flame: no test, jams on a 9 on a damage die) at a target with Ag 40: it is
    # struck when its Agility test fails, 41-00 (60/100), and a struck target's one damage die shows
    # a 9 one time in 10: the weapon jams 60/100 x 1/10 = 3/50 of the time.
    report = odds(load_scenario(dh1s.scenario(dh1s.FLAMER, distance=15, BS=0, target_Ag=40)))
    h = headline(report)
    assert exact(h["hit"].chance) == Fraction(3, 5)
    assert exact(h["jam"].chance) == Fraction(3, 50)


def test_scenario_dice_and_seed_are_ignored() -> None:
    data = example("lasgun.json")
    other = {**data, "dice": [99]}
    seeded = {k: v for k, v in data.items() if k != "dice"} | {"seed": 7}
    first = run_odds(data)
    assert run_odds(other) == first == run_odds(seeded)


# ------------------------------------------------------------------------------ Epic and wh40krp


def test_epic_report_is_exact() -> None:
    report = report_of("epic-tactical-shooting.json")
    h = headline(report)
    assert report.exact and report.sample is None
    assert (report.system, report.action) == ("epic", "shoot")
    assert list(h) == ["hit", "destroyed", "break", "wiped_out"]
    assert report.chart.measure == "units destroyed"
    assert h["destroyed"].value == pytest.approx(report.chart.mean)
    # wiping out all four units is breaking it too, and at least one hit comes before either
    assert exact(h["wiped_out"].chance) <= exact(h["break"].chance) <= exact(h["hit"].chance)
    assert exact(report.chart.bars[-1].p) == exact(h["wiped_out"].chance)
    assert all(c["low"] is None and c["high"] is None for c in chances(report.model_dump(mode="json")))


def test_wh40krp_autogun_round_is_exact() -> None:
    # an aimed automatic burst of four shots against armour and cover: walked exactly (each shot's
    # to-hit die by what the shot reads of it, each hit's penetration over the locations)
    report = report_of("wh40krp-autogun-round.json")
    assert report.exact and report.sample is None
    shots = report.shots
    assert len(shots) == 4 and shots[0].fired.p == 1
    for s in shots:
        assert Fraction(s.penetrate.exact) <= Fraction(s.hit.exact) <= Fraction(s.fired.exact)


def test_wh40krp_report_falls_back_to_sampling_with_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # more outcomes than the walk may take (here LIMIT is lowered to 10 runs; a long round of
    # heavy automatic fire at several targets reaches the real one): estimated from SAMPLE seeded
    # resolutions, each chance with its 95% bounds
    from rules.odds import walked

    monkeypatch.setattr(walked, "LIMIT", 10)
    report = odds(load_scenario(example("wh40krp-autogun-round.json")))  # not report_of's cached exact one
    assert SAMPLE == 4000
    assert report.exact is False and report.sample == 4000
    assert report.system == "wh40krp"
    assert list(headline(report)) == ["hit", "penetrate", "penetrating", "jam"]
    assert any("estimated from 4000 seeded resolutions" in note for note in report.notes)
    found = chances(report.model_dump(mode="json"))
    assert found
    for c in found:
        count, n = (int(x) for x in c["exact"].split("/"))
        assert n == 4000 and c["p"] == count / 4000
        assert c["low"] is not None and c["high"] is not None
        assert 0 <= c["low"] <= c["p"] <= c["high"] <= 1
        assert c["high"] - c["low"] < 0.04  # a 95% interval at n = 4000 is at most about 3 points wide
    shots = report.shots
    assert [s.number for s in shots] == list(range(1, len(shots) + 1))
    assert shots[0].fired.p == 1
    for s in shots:
        assert s.penetrate.p <= s.hit.p <= s.fired.p


def test_wh40krp_sampled_report_is_the_same_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    from rules.odds import walked

    monkeypatch.setattr(walked, "LIMIT", 10)
    first = run_odds(example("wh40krp-autogun-round.json"))
    assert first["odds"]["exact"] is False
    assert first == run_odds(example("wh40krp-autogun-round.json"))


def test_estimated_certain_chance_has_its_upper_bound_at_one() -> None:
    c = Chance.of(Fraction(1), 4000)
    assert c.low is not None and c.high is not None
    assert c.low <= c.p <= c.high


def test_estimated_chance_has_wilson_bounds() -> None:
    # p = 1/2 from 4000: 0.5 +- 1.96 sqrt(0.25 / 4000) (Wilson's centre is 0.5 exactly)
    c = Chance.of(Fraction(1, 2), 4000)
    half = 1.96 * (0.25 / 4000 + 1.96**2 / (4 * 4000**2)) ** 0.5 / (1 + 1.96**2 / 4000)
    assert c.exact == "2000/4000"
    assert c.low == pytest.approx(0.5 - half)
    assert c.high == pytest.approx(0.5 + half)
    assert Chance.of(Fraction(3, 20)) == Chance(p=0.15, exact="3/20")


# ---------------------------------------------------------------------------- the envelope


def test_run_odds_envelope_ok() -> None:
    out = run_odds(example("lasgun.json"))
    assert out["status"] == "ok"
    assert set(out) == {"status", "odds"}
    assert Odds.model_validate(out["odds"]) == report_of("lasgun.json")


def test_run_odds_takes_json_text() -> None:
    text = (ROOT / "examples" / "lasgun.json").read_text()
    assert run_odds(text) == run_odds(example("lasgun.json"))


def test_run_odds_envelope_invalid_names_the_field() -> None:
    data = example("lasgun.json")
    data["attacker"]["characteristics"]["BS"] = 400
    out = run_odds(data)
    assert out["status"] == "invalid"
    assert [e["field"] for e in out["errors"]] == ["attacker.characteristics.BS"]
    assert out["errors"][0]["message"]


def test_run_odds_refuses_an_attack_the_rules_do_not_allow() -> None:
    # a Full Auto Burst from a weapon without a full-auto RoF: refused as resolving it would be
    data = example("lasgun.json")
    data["action"]["type"] = "Full Auto Burst"
    out = run_odds(data)
    assert out["status"] == "invalid"
    assert out["errors"]


# ---------------------------------------------------------------------------- the command line


def test_cli_odds_prints_the_report() -> None:
    done = cli("odds", "examples/lasgun.json")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert {f["key"] for f in printed["headline"]} >= {"hit", "test", "jam", "wounds", "kill", "fury"}
    assert printed == run_odds(example("lasgun.json"))["odds"]


def test_cli_odds_reads_stdin() -> None:
    done = cli("odds", "-", stdin=(ROOT / "examples" / "epic-barrage.json").read_text())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["system"] == "epic"


def test_cli_odds_invalid_scenario_exits_2_with_errors_on_stderr(tmp_path: Path) -> None:
    data = example("lasgun.json")
    data["attacker"]["characteristics"]["BS"] = 400
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    done = cli("odds", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    errors = json.loads(done.stderr)["errors"]
    assert [e["field"] for e in errors] == ["attacker.characteristics.BS"]


@pytest.mark.parametrize(
    ("text", "message"),
    [("{not json", "not JSON"), ("[1, 2]", "a scenario is a JSON object")],
)
def test_cli_odds_unreadable_scenario_exits_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    done = cli("odds", str(path))
    assert done.returncode == 2
    assert message in json.loads(done.stderr)["errors"][0]["message"]


def test_cli_odds_missing_file_exits_2(tmp_path: Path) -> None:
    done = cli("odds", str(tmp_path / "nowhere.json"))
    assert done.returncode == 2
    assert "cannot read" in json.loads(done.stderr)["errors"][0]["message"]
