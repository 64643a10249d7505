"""Each ruleset family's forms (static/families/*.js) on the real page, in one page load: the
registry names every ruleset the picker offers and every part of the forms a family owns; a
family's unshape (scenario -> forms) and shape (forms -> scenario) undo each other; and every
example put into the forms comes back out of them, value for value, in what Resolve sends.

There is no JavaScript unit-test setup here: the family modules are imported in the page itself.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from .conftest import wait_for_engine

pytestmark = pytest.mark.e2e

EXAMPLES = {
    p.name: json.loads(p.read_text()) for p in sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.json"))
}

# What unshape adds for the forms' own use that shape keeps, on a scenario that leaves it out: a
# d100 target with no evasion sends `evasion: null` (the reaction "none") and its cover box empty
# (the forms leave an empty box out); the fan ruleset's firer with no armour has none anywhere.
ADDED = {
    "d100": {"target.evasion": None, "target.cover": {"ap": ""}},
    "fan": {"attacker.armour": {}},
    "formation": {},
}

# Scenarios that reach what no example holds: foes within 2 m, a Horde, other targets with their
# armour, cover with a chance, a location left unarmoured, a claimed crossfire.
MORE = {
    "d100 nearby foes": {
        "system": "dw",
        "target": {
            "name": "Heretic",
            "evasion": {"reaction": "Dodge", "skill": 40},
            "nearby": [
                {
                    "name": "Foe",
                    "armour": {loc: 3 for loc in ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"]},
                }
            ],
        },
    },
    "d100 horde": {
        "system": "dw",
        "target": {"name": "Mob", "horde": {"magnitude": 30}, "evasion": None, "cover": {"ap": 4}},
    },
    "wh40krp others": {
        "system": "wh40krp",
        "attacker": {
            "name": "Vance",
            "armour": {
                loc: {"type": "flak", "chance": 40}
                for loc in ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"]
            },
        },
        "target": {
            "name": "Renegade",
            "armour": {"Body": {"type": "flak", "chance": 50}},
            "cover": {"name": "Wall", "chance": 30},
            "others": [{"name": "Other", "armour": {}}],
        },
        "action": {"actions": [{"kind": "single"}]},
        "charts": [{"rows": "1-10: graze"}],
    },
    "epic crossfire": {"system": "epic", "action": {"kind": "shoot", "crossfire": {"length": 10}}},
    "epic no crossfire": {"system": "epic", "action": {"kind": "shoot"}},
}

# What an example holds that the forms have no field for (left out of what they send): the other
# formations under a barrage's template (the page has tables for two formations only), and the
# name of the fan ruleset's armour at a location (the forms take its type and chance).
FORMLESS = {
    "epic-barrage.json": re.compile(r"\.action\.also_under\."),  # formations also under the template
    "wh40krp-autogun-round.json": re.compile(r"\.target\.armour\.[^.]+\.name$"),  # an armour piece's name
}

# In the page: the registry against the page's own elements, and each family's round trip.
PURE_JS = """
async ([examples, added]) => {
  const { RULESETS, FAMILIES, familyOf, pathOf } = await import("./static/families/index.js");
  const form = document.getElementById("scenario");
  const problems = [];
  const picker = [...form.elements.namedItem("system").options].map((o) => [o.value, o.textContent]);
  const known = Object.entries(RULESETS).map(([system, r]) => [system, r.name]);
  if (JSON.stringify(picker) !== JSON.stringify(known)) problems.push(`picker ${JSON.stringify(picker)} != registry ${JSON.stringify(known)}`);
  for (const f of FAMILIES) {
    if (!form.querySelector(`[data-family="${f.name}"]`)) problems.push(`no forms of family ${f.name}`);
    for (const id of Object.values(f.rowLists)) if (document.getElementById(id)?.tagName !== "OL") problems.push(`${f.name}: no list #${id}`);
    for (const kind of Object.keys(f.tracker.kinds)) if (FAMILIES.some((g) => g !== f && kind in g.tracker.kinds)) problems.push(`row kind ${kind} twice`);
  }
  // a field with a family's prefix sits in that family's forms; a field of a family's forms has its prefix
  for (const el of form.querySelectorAll("[data-family] [name]")) {
    const family = FAMILIES.find((f) => f.name === el.closest("[data-family]").dataset.family);
    if (!el.name.startsWith(family.prefix) || (family.prefix === "" && pathOf(el.name) !== el.name)) problems.push(`${el.name} in ${family.name}'s forms`);
  }
  const at = (obj, path) => path.split(".").reduce((node, key) => node?.[key], obj);
  const setAt = (obj, path, value) => {
    const keys = path.split(".");
    const last = keys.pop();
    const node = keys.reduce((n, key) => n?.[key], obj);
    if (node && !(last in node)) node[last] = structuredClone(value);
  };
  const roundTrip = (family, s) => {
    const forms = family.unshape(structuredClone(s));
    delete forms["target-kind"]; // a form value of its own, not the scenario's
    delete forms["action-unaware"]; // likewise (Spray and Pray's choice)
    family.shape(forms);
    return forms;
  };
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const cases = {};
  for (const [name, x] of Object.entries(examples)) {
    const family = familyOf(x.system);
    const expected = structuredClone(x);
    for (const [path, value] of Object.entries(added[family.name])) if (at(x, path.split(".")[0]) !== undefined) setAt(expected, path, value);
    const once = roundTrip(family, x);
    const twice = roundTrip(family, once);
    cases[name] = { family: family.name, once, expected, fixed: same(once, twice) };
  }
  return { problems, cases };
}
"""

# In the page: each scenario put into the forms as a share link or the party does, and what Resolve
# then sends (the engine's call answered here, so nothing is resolved).
FORMS_JS = """
async (examples) => {
  const { engines } = await import("./static/engine.js");
  const { put, scenarioFields } = await import("./static/formstate.js");
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  let sent = null;
  const call = engines.main.call;
  engines.main.call = async (name, json) => {
    // only Resolve's call is what the forms send: the Encounter panel's own calls (its view, made
    // again for each ruleset the forms switch to) are answered alike but not taken for it
    if (name === "handle") sent = JSON.parse(json);
    return JSON.stringify({ status: "error", message: "not resolved in this test" });
  };
  const seed = document.getElementById("scenario").elements.namedItem("seed");
  const send = async (scenario) => {
    const { values, rows } = scenarioFields(scenario);
    put(values, rows, { blank: true });
    seed.value = "7";
    sent = null;
    document.getElementById("resolve").click();
    for (let i = 0; i < 100 && sent === null; i++) await wait(20);
    const { seed: _seed, ...out } = sent ?? {};
    return out;
  };
  const out = {};
  for (const [name, x] of Object.entries(examples)) {
    const first = await send(x);
    out[name] = { first, again: await send(first) };
  }
  engines.main.call = call;
  return out;
}
"""


def leaves(value: Any, path: str = "") -> dict[str, Any]:
    """Every leaf of a JSON value by its path (lists of plain values are leaves)."""
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in leaves(item, f"{path}.{key}").items()} or {path: {}}
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return {k: v for i, item in enumerate(value) for k, v in leaves(item, f"{path}.{i}").items()}
    return {path: value}


def test_each_familys_forms_round_trip_every_example(page: Page, base_url: str) -> None:
    page.goto(base_url)
    page.wait_for_function("document.documentElement.dataset.catalogue === 'ready'")
    pure = page.evaluate(PURE_JS, [{**EXAMPLES, **MORE}, ADDED])
    assert pure["problems"] == []
    for name, case in pure["cases"].items():
        # shape(unshape(x)) is x, but for the values the forms add; and is then a fixed point
        assert case["once"] == case["expected"], name
        assert case["fixed"], name

    wait_for_engine(page)  # Resolve is enabled
    examples = {name: {k: v for k, v in x.items() if k not in ("seed", "dice")} for name, x in EXAMPLES.items()}
    forms = page.evaluate(FORMS_JS, examples)
    problems = {}
    for name, x in examples.items():
        sent = leaves(forms[name]["first"])
        # every value of the example comes back from the forms, as it was
        lost = {
            path: (value, sent.get(path, "(left out)"))
            for path, value in leaves(x).items()
            if sent.get(path, "(left out)") != value and not (name in FORMLESS and FORMLESS[name].match(path))
        }
        if lost:
            problems[name] = lost
        # and what the forms send, put back into them, is sent again unchanged
        assert forms[name]["again"] == forms[name]["first"], name
    assert problems == {}, json.dumps(problems, indent=1)
