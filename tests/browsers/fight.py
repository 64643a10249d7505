"""The table's DH2 fight (tests/e2e/test_table_fight.py: its profiles, dice and hand count) for any
browser engine: the same setup and three rounds, played by JavaScript run in the page through the
smoke tests' :class:`~tests.browsers.smoke.Driver`, and the cards the player then reads.

:data:`OPS` is the fight as the player's taps (each op one control: a select's option chosen, a
button tapped, a dice string typed); :data:`PLAY` plays a list of them (waiting for the engine's
answer after each tap that sends an event); :data:`CARDS` reads every card as text (its
``textContent``, which is the same in every engine, not ``innerText``, which is laid out).
:data:`EXPECTED_CARDS` is what the hand count says they read at the end; Chromium, Firefox and
WebKit must each read exactly that.
"""

from __future__ import annotations

import json
from typing import Any

from tests.e2e.test_table_fight import PARTY

Op = list[str]

SETUP: list[Op] = [
    ["select", "#tk-pick", "Guardsman"],
    ["select", "#tk-side", "party"],
    ["press", "#tk-add-pick"],
    ["select", "#tk-pick", "Adept"],
    ["press", "#tk-add-pick"],
    ["select", "#tk-pick", "Cultist"],
    ["select", "#tk-side", "foes"],
    ["type", "#tk-count", "2"],
    ["press", "#tk-add-pick"],
    ["weapon", "Cultist 2", "Knife"],  # its card's profile opened, the armoury's Knife picked, saved
]

ROUNDS: list[Op] = [
    ["type", "#tk-dice", "9 7 5 2"],
    ["press", "#tk-start"],
    ["manual"],
    # Round 1: Guardsman at Cultist 1 (5 of 8), the Adept misses, Cultist 1 at the Guardsman (2 of 12)
    ["roll", "32 5"],
    ["press", "#tk-end-turn"],
    ["roll", "88"],
    ["press", "#tk-end-turn"],
    ["roll", "25 80 6"],
    ["press", "#tk-end-turn"],
    # the GM stuns Cultist 2: its attack refused; its turn ends
    ["select", "#tk-gm-who", "Cultist 2"],
    ["select", "#tk-condition", "Stunned"],
    ["type", "#tk-cond-rounds", "1"],
    ["press", "#tk-cond-give"],
    ["refused"],
    ["press", "#tk-end-turn"],
    # Round 2: Guardsman at Cultist 1 (7 of 8), two misses, Cultist 2 grapples the Adept
    ["roll", "57 1"],
    ["press", "#tk-end-turn"],
    ["roll", "62"],
    ["press", "#tk-end-turn"],
    ["roll", "70"],
    ["press", "#tk-end-turn"],
    ["select", "#tk-at", "Adept"],
    ["select", '[name="action.type"]', "Grapple"],
    ["select", '[name="action.grapple.option"]', "attempt"],
    ["roll", "15 90"],
    ["press", "#tk-end-turn"],
    # Round 3: the Guardsman misses, the Adept breaks free, Cultist 1 misses
    ["select", '[name="action.type"]', "Standard Attack"],
    ["roll", "77"],
    ["press", "#tk-end-turn"],
    ["select", "#tk-at", "Cultist 2"],
    ["select", '[name="action.type"]', "Grapple"],
    ["select", '[name="action.grapple.option"]', "break_free"],
    ["roll", "12 70"],
    ["press", "#tk-end-turn"],
    ["select", '[name="action.type"]', "Standard Attack"],
    ["roll", "44"],
    ["press", "#tk-end-turn"],
]

# Stores the party and forgets any encounter (the page is reloaded after it).
SEED = """async (party) => {
  localStorage.setItem("auspex:party:v1", party);
  localStorage.removeItem("auspex:encounter:v1");
  localStorage.removeItem("auspex:encounter-view:v1");
  return true;
}"""

# Plays ops (see the module docstring); returns {ok: true} or {ok: false, at, why}.
PLAY = """async (ops) => {
  const root = document.documentElement;
  const $ = (s) => document.querySelector(s);
  const until = async (test, ms = 60000) => {
    const t0 = performance.now();
    while (!test() && performance.now() - t0 < ms) await new Promise((r) => setTimeout(r, 50));
    return test();
  };
  await until(() => root.dataset.encounter === "ready" && root.dataset.catalogue === "ready", 240000);
  if ($("#system").value !== "dh2") {
    $("#system").value = "dh2";
    $("#system").dispatchEvent(new Event("change", { bubbles: true }));
    await until(() => [...$("#tk-pick").options].some((o) => o.value === "Guardsman"));
  }
  const stored = () => JSON.parse(localStorage.getItem("auspex:encounter:v1") || '{"files": {}}').files.dh2?.events.length ?? 0;
  const choose = (el, text) => {
    const o = [...el.options].find((x) => x.value === text || x.textContent.trim() === text);
    if (!o) throw new Error(`no option ${text} in ${el.id || el.name}`);
    el.value = o.value;
    el.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const press = async (el) => {
    const before = stored();
    $("#tk-status").textContent = "";
    el.click();
    if (!(await until(() => stored() !== before || $("#tk-status").textContent !== ""))) throw new Error(`no answer to ${el.id || el.textContent}`);
  };
  const resolve = async () => {
    delete root.dataset.status;
    $("#resolve").click();
    await until(() => root.dataset.status);
    return root.dataset.status;
  };
  const cardOf = (name) => [...document.querySelectorAll("#tk-view li.enc-c")].find((li) => li.querySelector('[data-k="name"]').textContent === name);
  for (const [i, [op, a, b]] of ops.entries()) {
    try {
      if (op === "select") choose($(a), b);
      else if (op === "type") {
        $(a).value = b;
        $(a).dispatchEvent(new Event("input", { bubbles: true }));
      } else if (op === "press") await press($(a));
      else if (op === "manual") $('input[name="dice-mode"][value="manual"]').click();
      else if (op === "roll") {
        let s = await resolve();
        if (s !== "needs") throw new Error(`Resolve gave ${s}: ${$("#result").textContent.slice(0, 200)}`);
        const box = $("#dice-rows li.next input");
        box.value = a;
        box.dispatchEvent(new Event("input", { bubbles: true }));
        s = await resolve();
        if (s !== "ok") throw new Error(`Resolve with ${a} gave ${s}: ${$("#result").textContent.slice(0, 200)}`);
        await until(() => $("#tk-status").textContent !== "");
      } else if (op === "refused") {
        const s = await resolve();
        if (s !== "invalid") throw new Error(`a refusal expected, Resolve gave ${s}`);
      } else if (op === "weapon") {
        const details = cardOf(a).querySelector('details[data-k="profile"]');
        details.open = true;
        const pick = details.querySelector("[data-weapon-pick]");
        await until(() => pick.options.length > 1);
        choose(pick, b);
        await press(details.querySelector("[data-profile-save]"));
      } else throw new Error(`unknown op ${op}`);
    } catch (error) {
      return { ok: false, at: i, op: [op, a, b], why: String(error) };
    }
  }
  return { ok: true };
}"""

# Every card as the player reads it: its name, wounds, weapon, conditions and defences (textContent).
CARDS = """async () => [...document.querySelectorAll("#tk-view li.enc-c")].map((li) => {
  const text = (k) => [...li.querySelectorAll(`[data-k="${k}"]`)].map((x) => x.textContent.replace(/\\s+/g, " ").trim());
  return { name: text("name")[0], harm: text("harm")[0] ?? "", weapon: text("weapon")[0] ?? "",
           conditions: text("condition"), defences: [...li.querySelectorAll('[data-k="defences"] li')].map((x) => x.textContent) };
})"""

# The hand count (tests/e2e/test_table_fight.py) at the end of round 3, in initiative order.
NO_ARMOUR = "Armour: Head 0, Right Arm 0, Left Arm 0, Body 0, Right Leg 0, Left Leg 0"
EXPECTED_CARDS: list[dict[str, Any]] = [
    {
        "name": "Guardsman",
        "harm": "2 of 12 taken",
        "weapon": "Lasgun: 57 of 60",
        "conditions": [],
        "defences": [
            "TB 3",
            "Armour: Head 4, Right Arm 4, Left Arm 4, Body 4, Right Leg 4, Left Leg 4",
            "Dodge 35",
            "S 35 \u00b7 T 35 \u00b7 Ag 35 \u00b7 WP 30",
            "Wounds 12",
        ],
    },
    {
        "name": "Adept",
        "harm": "0 of 10 taken",
        "weapon": "Laspistol: 28 of 30",
        "conditions": [],
        "defences": ["TB 3", NO_ARMOUR, "Dodge 40", "S 30 \u00b7 T 30 \u00b7 Ag 40 \u00b7 WP 45", "Wounds 10"],
    },
    {
        "name": "Cultist 1",
        "harm": "7 of 8 taken",
        "weapon": "Stub Automatic: 6 of 9",
        "conditions": [],
        "defences": ["TB 3", NO_ARMOUR, "No Reaction", "S 35 \u00b7 T 35 \u00b7 Ag 30 \u00b7 WP \u2014", "Wounds 8"],
    },
    {
        "name": "Cultist 2",
        "harm": "0 of 8 taken",
        "weapon": "Knife",
        "conditions": [],
        "defences": ["TB 3", NO_ARMOUR, "No Reaction", "S 35 \u00b7 T 35 \u00b7 Ag 30 \u00b7 WP \u2014", "Wounds 8"],
    },
]


def party_text() -> str:
    """The party the fight starts from, as stored on the device."""
    return json.dumps(PARTY)
