// Auspex, the main thread: the only code that touches the DOM.
// Forms -> scenario dict -> the PyScript worker's handle(json) -> the envelope -> the page;
// and, while the Odds panel is open, the same scenario -> odds(json) -> the panel.
// The rules engine (Python, Pyodide) runs in workers started by static/engine.js.
import { mainEngine } from "./start.js"; // first: the main engine, started before the rest of the page
import { registerServiceWorker } from "./pwa.js"; // the offline copy and the new-version banner
import "./steps.js"; // a phone's steps (Attacker, Target, Action, Result) and the spoken result
import { afterPaint } from "./paint.js"; // work a result on screen does not need, once it is painted and the page idle
import "./tabs.js"; // a phone's Result step as Result / Odds / Encounter tabs
import { initParty } from "./party.js"; // the forms kept on this device, the saved party, share links
import * as encounter from "./tracker.js"; // the encounter's view: the fight kept by the engine, Resolve applied to it
import { Engine, LIMITS, engines } from "./engine.js"; // the rules engine's workers: start, failure, restart, cancel
import { FAMILIES, familyOf, pathOf as pathOfName } from "./families/index.js"; // each ruleset's family of forms
import { initTables, psychicFor, tablesFor } from "./tables.js"; // the group's critical and psychic tables kept on this device
import { initChartPicks, withSavedCharts } from "./fan_charts.js"; // the fan ruleset's saved Damage Charts
import { fillPickers } from "./pickers.js"; // weapons and armour picked (armoury, party), fire modes
import { initView, keepView, keptView } from "./view.js"; // a Resolve waiting for the engine; the view kept over a reload
import { dieValue, diceTokens, nameRefusedDice, unusedWords } from "./dice.js"; // dice typed as rolled
import { initExchange } from "./odds_exchange.js"; // the Odds panel's exchange (this round against a target) and sweep
import { forgetChecks, initCheck, markField } from "./check.js"; // each field checked as it is left, no stale marks

const form = document.getElementById("scenario");
const resolveButton = document.getElementById("resolve");
const engineStatus = document.getElementById("engine-status");
const engineText = document.getElementById("engine-text");
const result = document.getElementById("result");
const formErrors = document.getElementById("form-errors");
const diceRows = document.getElementById("dice-rows");
const diceHint = document.getElementById("dice-hint");
const replayButton = document.getElementById("replay");
const seedInput = form.elements.namedItem("seed");

const SCENARIO_ROOTS = ["attacker.", "target.", "action.", "charts.", "options."];
let lastSeed = null;
let lastRequest = null; // the scenario last sent to be resolved (read by the Share button)
let lastResolution = null; // the last result shown (its dice, for a Re-roll with Fate)
let lastFromEncounter = false; // ...and whether it was the encounter's attack
let catalogue = null; // each ruleset's choices (python -m rules catalogue), once fetched
let busy = false;
let restoring = null; // the kept last result being resolved again at start (view.js), while it is
let restoreSuperseded = false; // a Resolve of the player's came meanwhile: it wins, the kept one is not shown

// ---------------------------------------------------------------- the engine (workers)

// The rules engine runs in workers (static/engine.js): `mainEngine` resolves, checks a party file and
// rolls initiative; `oddsEngine`, started the first time the Odds panel opens, works out the odds,
// so a Resolve never waits behind them. `engine` (for party.js, tracker.js, share.js) resolves once
// the main engine first starts (after a Retry, if the first start failed) to its calls, each
// answering JSON text: the worker's, or an error envelope when the worker could not answer.
document.documentElement.dataset.app = "started"; // static/boot.js shows a failure without it
const engineRetry = document.getElementById("engine-retry");
const engineCancel = document.getElementById("engine-cancel");
const oddsEngine = new Engine("odds engine", { restart: false });
Object.assign(engines, { main: mainEngine, odds: oddsEngine });
// A listener of the main engine's events, given at once the last event that came before this module
// ran (static/start.js started the engine first: "starting", or already "ready" or "failed").
function onEngine(listener) {
  mainEngine.addEventListener("state", listener);
  if (mainEngine.detail) listener({ detail: mainEngine.detail });
}
const engine = new Promise((resolve) => {
  onEngine(function first({ detail }) {
    if (detail.state !== "ready") return;
    mainEngine.removeEventListener("state", first);
    resolve({
      // forms: empty names refused; shared: a share link's roll, its own critical tables left out
      handle: (json, forms = false, shared = false) => mainEngine.call("handle", json, forms, shared),
      check_party: (text) => mainEngine.call("check_party", text),
      import_preview: (text, system) => mainEngine.call("import_preview", text, system), // Import a character
      check_tables: (text, saved = "") => mainEngine.call("check_tables", text, saved), // critical tables
      tables_text: (system, saved = "", blank = false) => mainEngine.call("tables_text", system, saved, blank),
      initiative: (json) => mainEngine.call("initiative", json),
      encounter: (json) => mainEngine.call("encounter", json),
      player_view: (json) => mainEngine.call("player_view", json), // the players' link (table.js)
      shown_player_view: (json) => mainEngine.call("shown_player_view", json), // a players' link opened here
      proposals: (json) => mainEngine.call("proposals", json), // a player's claim or attack on the GM's page (proposals.js)
      player_message: (text) => mainEngine.call("player_message", text), // a message on a player's page (proposals.js)
      odds: (json, against = "") => oddsEngine.call("odds", json, against),
      exchange: (json) => oddsEngine.call("exchange", json), // the Odds panel's "This round against"
      sweep: (json) => oddsEngine.call("sweep", json), // the Odds panel's sweep over targets
    });
  });
});

let slowStart = null;
let everReady = false;
let retryReloads = false;

function engineSays(text, state) {
  engineText.textContent = text;
  engineStatus.classList.toggle("loading", state === "starting" || state === "busy");
  engineStatus.classList.toggle("failed", state === "failed" || state === "stopped");
  engineRetry.hidden = state !== "failed" && state !== "slow";
  engineCancel.hidden = state !== "busy";
}

onEngine(({ detail }) => {
  clearTimeout(slowStart);
  const root = document.documentElement;
  switch (detail.state) {
    case "starting":
      // the tests and the bench wait for the first "ready" or "failed"
      if (everReady) root.dataset.engine = "restarting";
      else delete root.dataset.engine;
      resolveButton.disabled = everReady; // the first start: a tap is kept until ready (view.js)
      if (!engineStatus.classList.contains("failed") || !everReady) {
        engineSays(everReady ? "Restarting the rules engine…" : "Starting the rules engine…", "starting");
      }
      slowStart = setTimeout(() => {
        engineSays(`Still loading the rules engine (about 16 MB on a first visit)…`, "slow");
        engineStatus.classList.add("loading");
      }, 20_000);
      break;
    case "ready": {
      const ms = performance.now(); // since navigation started
      root.dataset.engine = "ready";
      delete root.dataset.engineFailed;
      resolveButton.disabled = false;
      oddsToggle.disabled = false;
      if (!everReady) {
        everReady = true;
        root.dataset.engineMs = String(Math.round(ms));
        engineSays(`Rules engine ready (${(ms / 1000).toFixed(1)} s).`, "ready");
        performance.mark("auspex:ready"); // read by tools/measure/bench.py
        registerServiceWorker();
      } else {
        engineSays("Rules engine ready again.", "ready");
      }
      break;
    }
    case "failed":
      root.dataset.engine = "failed";
      root.dataset.engineFailed = detail.error.what;
      retryReloads = detail.error.reload;
      resolveButton.disabled = true;
      engineSays(`The rules engine could not start: ${detail.message}.`, "failed");
      break;
    case "stopped":
      root.dataset.engine = "stopped";
      resolveButton.disabled = true;
      engineSays(
        detail.reason === "cancel"
          ? "Cancelled: restarting the rules engine…"
          : `The rules engine stopped: ${detail.message}. Restarting…`,
        "stopped",
      );
      engineStatus.classList.add("loading");
      break;
    case "busy":
      engineSays("Working…", "busy");
      break;
    case "idle":
      engineSays("Rules engine ready.", "ready");
      break;
  }
});

engineRetry.addEventListener("click", () => {
  if (retryReloads) location.reload();
  else mainEngine.retry().catch(() => {}); // a failure is shown through the "failed" event
});
engineCancel.addEventListener("click", () => mainEngine.cancel("Cancelled: the rules engine was restarted."));

// ---------------------------------------------------------------- form -> scenario

function numberOrText(raw, kind) {
  // Numbers go as numbers ("35.0" as 35; 35.5 for a whole number too, which the engine refuses at
  // its field); anything else goes as typed, so the engine names the field and why.
  const text = raw.trim().replace(/\u2212/g, "-");
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : text;
}

// A field's path in the scenario JSON: its name, less the prefix that keeps a family's forms (which
// have their own shapes) apart from the others' in one <form> (static/families/index.js).
function pathOf(el) {
  return pathOfName(el.name);
}

function valueOf(el) {
  if (el.type === "checkbox") return el.checked;
  if (el.dataset.list === "comma") return el.value.split(",").map((s) => s.trim()).filter(Boolean);
  if (el.dataset.list === "lines") return el.value.split("\n").map((s) => s.trim()).filter(Boolean);
  if (el.dataset.num) return numberOrText(el.value, el.dataset.num);
  return el.value;
}

function isBlank(el) {
  return el.type !== "checkbox" && el.value.trim() === "";
}

function setPath(obj, path, value) {
  const keys = path.split(".");
  let node = obj;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      node[key] = value;
    } else {
      node[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
      node = node[key];
    }
  });
}

// The two radios, found once: form.elements.namedItem() searches the whole form's controls on every
// call (milliseconds on a slow phone, twice per Resolve). "" when neither is checked, as namedItem's.
const diceModeRadios = [...form.querySelectorAll('input[name="dice-mode"]')];
function diceMode() {
  return diceModeRadios.find((radio) => radio.checked)?.value ?? "";
}

// The forms' scenario fields (each control whose path starts with a SCENARIO_ROOTS), with what
// collectScenario reads of their names and data attributes, found once and again only after the forms
// change (reading every control's name and data attributes at each Resolve cost milliseconds
// on a slow phone). An element added or removed, or a control renamed or retyped, drops the list (a
// text changed does not: the Replay button's, at every result); the observer's records are taken at
// each use, so a change made in the same task as a Resolve is seen too.
const FIELD_ATTRIBUTES = ["name", "type", "data-num", "data-list", "data-optional", "data-multi"];
let scenarioFields = null;
const changesFields = (record) =>
  record.type === "attributes" || [...record.addedNodes, ...record.removedNodes].some((node) => node.nodeType === Node.ELEMENT_NODE);
const dropFields = (records) => {
  if (records.some(changesFields)) scenarioFields = null;
};
const fieldsObserver = new MutationObserver(dropFields);
fieldsObserver.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: FIELD_ATTRIBUTES });

function fieldsOfScenario() {
  dropFields(fieldsObserver.takeRecords());
  if (scenarioFields) return scenarioFields;
  scenarioFields = [];
  for (const el of form.elements) {
    const path = el.name ? pathOf(el) : "";
    if (!path || !SCENARIO_ROOTS.some((root) => path.startsWith(root))) continue;
    scenarioFields.push({ el, path, multi: el.dataset.multi !== undefined, optional: el.dataset.optional !== undefined });
  }
  return scenarioFields;
}

// Fields the ruleset or the target's kind hides are not sent: what is not on screen is not asked for.
function collectScenario() {
  const scenario = { version: 1, system: systemSelect.value };
  const multi = {};
  for (const { el, path, multi: many, optional } of fieldsOfScenario()) {
    if (el.closest("[hidden]")) continue;
    if (many) {
      multi[path] ??= [];
      if (el.checked) multi[path].push(el.value);
      continue;
    }
    if (optional && isBlank(el)) continue;
    setPath(scenario, path, valueOf(el));
  }
  for (const [path, values] of Object.entries(multi)) setPath(scenario, path, values);
  familyOf(scenario.system).shape(scenario); // the family's own shapes (static/families/)
  if (diceMode() === "manual") {
    scenario.dice = typedBoxes().flatMap((box) => box.tokens.map(dieValue));
    if (fateTest) scenario.fate_reroll = fateTest; // Fate points: the test re-rolled (the result's button)
  } else {
    scenario.seed = isBlank(seedInput) ? freshSeed() : seedValue();
  }
  return scenario;
}

function freshSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// ---------------------------------------------------------------- resolve

// `given`: a scenario to resolve instead of the forms' (a share link's, with its seed or dice);
// `seed`: the forms' scenario, rolled once with this seed whatever the dice area says (Replay).
// `kept`: `given` is the last result's scenario kept over a reload (view.js), sent as the forms' would
// be and shown only when it resolves. Returns the envelope (null when nothing was sent).
async function resolve(given, options = {}) {
  if (options.kept) {
    restoring = resolveNow(given, options);
    try {
      return await restoring;
    } finally {
      restoring = null;
    }
  }
  if (restoring) {
    restoreSuperseded = true;
    await restoring;
  }
  return resolveNow(given, options);
}

async function resolveNow(given, { seed = null, kept = false, dice = null } = {}) {
  const stale = mainEngine.busySince !== null && performance.now() - mainEngine.busySince >= LIMITS.busy;
  if (stale && (busy || !mainEngine.busyWith("encounter"))) {
    // A call this old shows Working… Cancel; a new Resolve cancels it too (the worker is started
    // afresh) rather than wait behind it, and then resolves the forms as they are now. The
    // encounter's own call (its replay of a long fight at load) is waited for, unless a Resolve is
    // stuck behind it: restarting the worker would lose the state it remembers and start that
    // replay again.
    mainEngine.cancel("Replaced by a new Resolve: the rules engine was restarted.");
    while (busy) await new Promise((r) => setTimeout(r, 20));
  } else if (busy || resolveButton.disabled) return null;
  const scenario = given ?? collectScenario();
  if (seed !== null) {
    delete scenario.dice;
    scenario.seed = seed;
  }
  // "Resolve again with the same dice": the forms' scenario with the last result's dice, asked for
  sameDiceNote = dice ? `Resolved again with the same dice as the last result: ${dice.join(" ")}.` : "";
  if (dice) {
    delete scenario.seed;
    scenario.dice = [...dice];
  }
  // "Apply to the encounter": the forms' action sent as the actor's attack on its target (the
  // engine builds the rest from the encounter's state and applies the result once)
  const toEncounter = !given && seed === null && encounter.applies();
  const bad = seedProblem(scenario.seed);
  if (bad) {
    show({ status: "invalid", errors: [{ field: "seed", message: bad }] });
    return null;
  }
  busy = true;
  try {
    lastRequest = scenario;
    const handle = (await engine).handle;
    // a share link's roll is resolved as it was made; otherwise the device's saved Damage Charts (the
    // fan ruleset) and critical tables (d100; the encounter sends its own as an event), never in a link
    const local = !given || kept;
    const charted = local ? withSavedCharts(scenario) : scenario;
    const sent = local ? withTables(charted) : scenario;
    const ask = async (s) => JSON.parse(await handle(JSON.stringify(s), !given)); // forms: the names the result reads are asked for
    // a die refused before the engine reached it ("x") is named by asking for it (static/dice.js)
    const envelope = toEncounter ? await encounter.attack(charted) : await nameRefusedDice(await ask(sent), sent, ask);
    if (kept && restoreSuperseded) return null;
    if (kept && envelope.status !== "ok") return envelope; // view.js says it could not be shown again
    // the view kept for a reload (a localStorage write): after the result is painted, not before it
    if (local && envelope.status === "ok") afterPaint(() => keepView({ last: { scenario, encounter: toEncounter } }));
    lastFromEncounter = toEncounter; // Fate points: a re-roll of this result takes the attack back
    if (toEncounter && envelope.status === "ok" && scenario.fate_reroll) setFate("", ""); // spent: not the next attack's
    show(envelope);
    envelope.after?.(); // the encounter's own controls marked, after the forms' marks are cleared
    performance.mark("auspex:result"); // read by tools/measure/bench.py
    return envelope;
  } catch (error) {
    console.error("auspex: resolving failed", error);
    show({ status: "error", message: "The page could not reach the rules engine. Reload to try again." });
    return null;
  } finally {
    busy = false;
  }
}

// The group's critical tables: the d100 rulesets' Critical Effects tables entered on this
// device (kept by ruleset: none for a ruleset without them) go into the scenario sent to the engine
// at Resolve and Odds, and nowhere else: not into
// `lastRequest` (so never into a share link), nor the saved forms. An encounter's attack takes the
// tables from the encounter's own events.
function withTables(scenario) {
  const tables = tablesFor(scenario.system);
  const out = tables.length ? { ...scenario, critical_tables: tables } : { ...scenario };
  // the group's Psychic Phenomena and Perils of the Warp tables, read where a Focus Power test calls for them
  const psychic = psychicFor(scenario.system);
  for (const key of ["phenomena", "perils"]) if (psychic[key]) out[key] = psychic[key];
  return out;
}

// The engine's envelope for a scenario, shown nowhere (a share link's roll, in its own view: with
// `shared`, the engine leaves out any critical tables the link carries: the tables are the device's).
async function evaluate(scenario, { shared = false } = {}) {
  return JSON.parse(await (await engine).handle(JSON.stringify(scenario), false, shared));
}

// A seed is a whole number from 0 to 2^53 - 1 (what the engine takes, and what a share link
// carries exactly). A typed seed stays text until checked here, so it is never rounded: a longer
// one is refused at the field. Returns the field's message, or "" for a seed that will do.
const MAX_SEED = Number.MAX_SAFE_INTEGER;
function seedProblem(seed) {
  if (seed === undefined || (Number.isSafeInteger(seed) && seed >= 0)) return "";
  return `A seed is a whole number from 0 to ${MAX_SEED.toLocaleString("en")}; blank rolls a new one.`;
}

// The seed box as sent: a number when it is one the engine takes exactly, else the text as typed.
function seedValue() {
  const text = seedInput.value.trim();
  if (/^\d+$/.test(text) && BigInt(text) <= BigInt(MAX_SEED)) return Number(text);
  return text;
}

// The answer's writes to the page are only those that change it: an attribute or a text
// set again to what it was still costs a style recalculation, a layout or a paint on a slow phone.
function set(el, key, value) {
  if (el[key] !== value) el[key] = value;
}

function show(envelope) {
  document.documentElement.dataset.status = envelope.status;
  if (envelope.status !== "invalid") clearFieldErrors();
  document.dispatchEvent(new CustomEvent("auspex:answered", { detail: envelope })); // share.js
  switch (envelope.status) {
    case "ok": {
      result.innerHTML = envelope.html; // built by render.py, every text escaped
      lastResolution = envelope.resolution; // Fate points: the dice its "Re-roll with Fate" keeps
      if (diceMode() === "manual") diceUsed(envelope.resolution, lastRequest?.dice ?? []);
      if (sameDiceNote) result.prepend(paragraph("note same-dice", sameDiceNote));
      lastSeed = envelope.resolution.seed;
      // the Replay button (in the forms' Dice panel) once the result is painted: its new seed is a
      // text laid out again in the forms, whose whole layer the result's frame then painted again
      afterPaint(showReplay);
      document.dispatchEvent(new CustomEvent("auspex:resolved", { detail: envelope }));
      // the page's layout read once, in the frame that lays it out anyway (not forced here, before the
      // answer's last changes): a result that starts low on the screen is scrolled to before it paints
      requestAnimationFrame(() => {
        if (result.getBoundingClientRect().top > window.innerHeight * 0.6) result.scrollIntoView({ block: "start" });
      });
      break;
    }
    case "needs": {
      showDice(envelope.dice, envelope.needs);
      result.replaceChildren(paragraph("waiting", `Waiting for die ${envelope.needs.index + 1}: ${dieLabel(envelope.needs)}.${stepWords(envelope.needs)}`));
      break;
    }
    case "invalid":
      showFieldErrors(envelope.errors);
      break;
    default:
      result.replaceChildren(paragraph("error", envelope.message || "Something went wrong."));
  }
}

// The Replay button as the last result left it (read when it runs: a later result's seed, if any).
function showReplay() {
  set(replayButton, "hidden", lastSeed == null);
  if (lastSeed != null) set(replayButton, "textContent", `Replay seed ${lastSeed}`);
}

function paragraph(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  resolve();
});

// ---------------------------------------------------------------- dice rolled by hand

function dieLabel({ purpose, sides, count }) {
  return count > 1 ? `${count} \u00d7 ${purpose} (each 1\u2013${sides})` : `${purpose} (1\u2013${sides})`;
}

// Every die a resolution used, in the order rolled: its own, then a second weapon's and the later
// attacks' (each resolved after it from the same dice, with their own dice).
function allDice(res) {
  return [...(res.dice ?? []), ...(res.second ? allDice(res.second) : []), ...(res.attacks ?? []).flatMap(allDice)];
}

// Consecutive dice rolled for one purpose are one group, shown in one box, as they were rolled.
function groupDice(dice) {
  const groups = [];
  dice.forEach((d, i) => {
    const last = groups[groups.length - 1];
    if (last && last.purpose === d.purpose && last.sides === d.sides) last.values.push(d.value);
    else groups.push({ purpose: d.purpose, sides: d.sides, index: i, values: [d.value] });
  });
  return groups;
}

function diceInputs() {
  return [...diceRows.querySelectorAll("input")];
}

// The dice boxes as typed, in order: each box's dice as typed (`tokens`, read by static/dice.js:
// "5 5 6", "5,5,6", "556" under d10) and the number of its first die (`start`). Any box takes more
// dice than its own: they go on as the next dice, in order (a whole sequence pasted in one box is
// the attack's dice). A blank box before the last is sent as one blank die, so the engine marks it
// rather than every later die moving up by one.
function typedBoxes() {
  const boxes = [];
  let start = 0;
  diceInputs().forEach((el, i, all) => {
    let tokens = diceTokens(el.value, el.dataset.sides);
    if (!tokens.length && i < all.length - 1) tokens = [""];
    boxes.push({ el, tokens, start });
    start += tokens.length;
  });
  return boxes;
}

// The box holding die N (0-based), where the player typed it; else the last box.
function diceBoxFor(n) {
  const boxes = typedBoxes();
  return (boxes.find((b) => n >= b.start && n < b.start + b.tokens.length) ?? boxes.at(-1))?.el ?? seedInput;
}

// Shows the dice the engine used so far (editable, labelled by purpose; a group rolled together in one box)
// and, when the engine needs more, an empty input for them (a box for a whole group), focused. The
// rows are drawn again from the engine's answer: dice typed together in one box get their own rows,
// each die as it was typed ("00" stays "00"). Once the attack is resolved its dice are used
// (diceUsed, below): the boxes are emptied.
function showDice(dice, needs) {
  const boxes = typedBoxes();
  const tokens = boxes.flatMap((b) => b.tokens);
  const asTyped = (d, i) => (tokens[i] !== undefined && dieValue(tokens[i]) === d.value ? tokens[i] : String(d.value));
  const kept = (g) => boxes.find((b) => b.start === g.index && b.tokens.length === g.values.length && b.tokens.every((t, k) => dieValue(t) === g.values[k]));
  diceRows.replaceChildren();
  const rows = groupDice(dice).map((g) => ({
    ...g,
    count: g.values.length > 1 ? g.values.length : undefined,
    value: kept(g)?.el.value.trim() ?? g.values.map((v, k) => asTyped({ value: v }, g.index + k)).join(" "),
  }));
  if (needs) rows.push({ ...needs, count: needs.count > 1 ? needs.count : undefined, value: "", next: true });
  for (const d of rows) diceRows.append(dieRow(d));
  const ask = needs.count > 1
    ? `Roll ${needs.count} d${needs.sides} for ${needs.purpose} and enter them together (e.g. 3 5 1), then press Resolve (or Enter). More dice typed go on to the next ones, in order.`
    : `Roll the ${dieLabel(needs)} and enter it, then press Resolve (or Enter). You can type the dice after it too, in order, in the same box.`;
  diceHint.textContent = `${stepWords(needs)} ${ask}`.trim();
  diceRows.querySelector("li.next input").focus();
}

// The dice the die's step still needs, as the engine counts them (its `step`: the hits still to roll
// their damage, out of all, and their dice): " 2 hits: roll 6d10." ("" when the engine says none).
function stepWords({ step } = {}) {
  if (!step) return "";
  const hits = step.hits === step.of ? `${step.of} ${step.of === 1 ? "hit" : "hits"}` : `${step.hits} of ${step.of} hits left`;
  return ` ${hits}: roll ${step.dice}d${step.sides}.`;
}

// One row of the dice: what the die is for, and its box.
function dieRow(d) {
  const li = document.createElement("li");
  li.className = d.next ? "die-row next" : "die-row";
  const label = document.createElement("label");
  label.append(`${d.next ? "Next: " : ""}${dieLabel(d)} `);
  const input = document.createElement("input");
  input.name = `dice.${d.index}`;
  input.type = "text";
  // the text keyboard: iOS's numeric and decimal pads have no space, comma or return for "6, 4 3"
  input.inputMode = "text";
  input.enterKeyHint = "go";
  input.autocapitalize = "off";
  input.spellcheck = false;
  input.dataset.num = "int";
  input.autocomplete = "off";
  input.value = d.value;
  if (d.sides) input.dataset.sides = String(d.sides);
  if (d.count) {
    input.dataset.count = String(d.count);
    input.placeholder = `${d.count} dice, e.g. ${Array.from({ length: Math.min(d.count, 4) }, (_, k) => (k * 2) % d.sides + 1).join(" ")}`;
  }
  label.append(input);
  li.append(label);
  return li;
}

// Fate points: the result offers "Re-roll with Fate" for each test the engine says may be re-rolled
// (render.py, from rules.d100.fate.choices: its test and its die's index). The dice as rolled go into
// the "I rolled" boxes with an empty one after the die set aside, for the new roll; Resolve sends them
// with the scenario's fate_reroll, and the engine re-rolls that test with every other die kept.
let fateTest = "";
const fateLine = document.getElementById("fate-line");
function setFate(test, label) {
  fateTest = test;
  fateLine.hidden = !test;
  document.getElementById("fate-what").textContent = label;
}
document.getElementById("fate-cancel").addEventListener("click", () => setFate("", ""));
result.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-fate]");
  if (!button || !lastResolution) return;
  if (lastFromEncounter) encounter.armFate(); // the encounter's attack is taken back and applied again
  const die = Number(button.dataset.die);
  const dice = allDice(lastResolution);
  const rows = groupDice(dice.slice(0, die + 1)).map((g) => ({ ...g, value: g.values.join(" ") }));
  const rolled = dice[die];
  rows.push({ purpose: `${rolled.purpose} (re-rolled with Fate: this roll stands)`, sides: rolled.sides, index: die + 1, value: "", next: true });
  for (const g of groupDice(dice.slice(die + 1))) rows.push({ ...g, index: g.index + die + 2, value: g.values.join(" ") });
  diceModeRadios.find((radio) => radio.value === "manual").checked = true;
  syncDiceMode();
  diceRows.replaceChildren(...rows.map(dieRow));
  setFate(button.dataset.fate, button.textContent.replace(/^Re-roll with Fate: /, ""));
  diceHint.textContent = `Roll the new d100 for the re-roll and enter it, then press Resolve: the ${rolled.value} is set aside and every other die is kept.`;
  diceRows.querySelector("li.next input").focus();
});

function clearDice() {
  setFate("", "");
  diceRows.replaceChildren();
  diceHint.textContent = "Press Resolve: the page asks for each die in turn.";
  lastDice = null;
  sameDiceButton.hidden = true;
}

// After a result in "I rolled" mode the dice are used: the boxes are emptied, so the next Resolve
// (the next combatant's) asks for its own dice and never takes these again unasked. The dice just
// sent (`sent`, numbers) stay one tap away, "Resolve again with the same dice"; dice typed beyond
// what the attack used (the engine's "Unused dice" step) are said.
const sameDiceButton = document.getElementById("same-dice");
let lastDice = null;
let sameDiceNote = "";
function diceUsed(resolution, sent) {
  const used = allDice(resolution).length;
  const left = resolution?.steps?.some((s) => s.rule === "Unused dice");
  const unused = left ? sent.slice(used) : [];
  diceRows.replaceChildren();
  lastDice = sent.length ? [...sent] : null;
  sameDiceButton.hidden = !lastDice;
  if (lastDice) sameDiceButton.textContent = `Resolve again with the same dice: ${lastDice.join(" ")}`;
  diceHint.textContent = `${unused.length ? `${unusedWords(unused)}. ` : ""}Those dice are used: the next Resolve asks for new ones.`;
}
sameDiceButton.addEventListener("click", () => {
  if (lastDice) resolve(undefined, { dice: lastDice });
});
document.getElementById("clear-dice").addEventListener("click", clearDice);

function syncDiceMode() {
  const mode = diceMode();
  for (const el of form.querySelectorAll("[data-mode]")) el.hidden = el.dataset.mode !== mode;
}
for (const radio of form.querySelectorAll('input[name="dice-mode"]')) radio.addEventListener("change", syncDiceMode);

// Replay: the forms as they are now, rolled once with the last result's seed. The Seed box is
// left as it was (blank stays blank: the roll after is a new one).
replayButton.addEventListener("click", () => {
  if (lastSeed != null) resolve(undefined, { seed: lastSeed });
});

// ---------------------------------------------------------------- what the next roll uses

// A banner while the next roll is not a new one: a seed in the Seed box (every roll uses it), or
// dice typed in (the next roll uses them). Clear empties the box or the dice.
const diceBanner = document.getElementById("dice-banner");
const diceBannerText = document.getElementById("dice-banner-text");
function syncDiceBanner() {
  let text = "";
  if (diceMode() === "manual") {
    const entered = typedBoxes().flatMap((box) => box.tokens.filter(Boolean));
    if (entered.length) text = `The next roll uses the ${entered.length === 1 ? "die" : `${entered.length} dice`} you entered.`;
  } else if (!isBlank(seedInput)) {
    text = `Every roll will use seed ${seedInput.value.trim()}.`;
  }
  diceBannerText.textContent = text;
  diceBanner.hidden = !text;
}
document.getElementById("dice-banner-clear").addEventListener("click", () => {
  if (diceMode() === "manual") {
    clearDice();
  } else {
    seedInput.value = "";
    seedInput.dispatchEvent(new Event("input", { bubbles: true }));
  }
  syncDiceBanner();
});
form.addEventListener("input", syncDiceBanner);
form.addEventListener("change", syncDiceBanner);
new MutationObserver(syncDiceBanner).observe(diceRows, { childList: true, subtree: true });

// ---------------------------------------------------------------- rows the player adds

function renumberRows(list, prefix) {
  [...list.children].forEach((li, i) => {
    for (const input of li.querySelectorAll("[data-field]")) {
      input.name = `${prefix}.${i}.${input.dataset.field}`;
    }
  });
}

// A list of rows the player adds, removes and (where the row has up and down buttons) reorders
// (extra modifiers, nearby foes, the round's actions, Epic's units):
// each row's fields are named `${prefix}.${i}.${field}` in order, so the engine's errors point at
// the right row. `max` caps the rows (the add button is then disabled); `changed` runs after any change.
function editableRows(list, addButton, template, prefix, { max = Infinity, changed = () => {} } = {}) {
  const sync = () => {
    addButton.disabled = list.children.length >= max;
    changed(list);
  };
  addButton.addEventListener("click", () => {
    if (list.children.length >= max) return;
    const li = template.content.firstElementChild.cloneNode(true);
    list.append(li);
    renumberRows(list, prefix);
    sync();
    li.querySelector("input, select").focus();
  });
  list.addEventListener("click", (event) => {
    const move = event.target.closest("button.up, button.down");
    if (move) {
      const li = move.closest("li");
      const other = move.classList.contains("up") ? li.previousElementSibling : li.nextElementSibling;
      if (!other) return;
      if (move.classList.contains("up")) other.before(li);
      else other.after(li);
      renumberRows(list, prefix);
      sync();
      move.focus();
      return;
    }
    const remove = event.target.closest("button.remove");
    if (!remove) return;
    remove.closest("li").remove();
    renumberRows(list, prefix);
    sync();
    addButton.focus();
  });
  list.addEventListener("change", () => changed(list));
  // n rows, as restored forms had them (party.js): rows added from the template, the last ones removed
  list.resize = (n) => {
    while (list.children.length > Math.min(n, max)) list.lastElementChild.remove();
    while (list.children.length < Math.min(n, max)) list.append(template.content.firstElementChild.cloneNode(true));
    renumberRows(list, prefix);
    sync();
  };
  renumberRows(list, prefix);
  sync();
}

// ---------------------------------------------------------------- each family's own parts of the forms

// Each family wires its own rows, defaults and what shows when (static/families/*.js); `hooks`:
// the family -> {apply(), start()}.
const hooks = new Map(FAMILIES.map((f) => [f, f.init({ form, editableRows, option, catalogue: () => catalogue })]));

// ---------------------------------------------------------------- field errors

// The input for an error's field: the one named exactly so, else the nearest parent path
// ("attacker.weapon.qualities.1" -> "attacker.weapon.qualities"; "target.evasion" -> its reaction).
function inputFor(field) {
  const shown = [...form.elements].filter((el) => el.name && !el.closest("[hidden]"));
  const named = (path) => shown.find((el) => pathOf(el) === path);
  for (let path = field; path; path = path.includes(".") ? path.slice(0, path.lastIndexOf(".")) : "") {
    const el = named(path) ?? shown.find((x) => pathOf(x).startsWith(`${path}.`));
    if (el) return el;
  }
  return null;
}

// The box holding die N (0-based): where it was typed (static/dice.js reads the boxes).
function diceInputFor(field) {
  return diceBoxFor(Number(field.slice(5)));
}

// From the Odds panel (`quiet`), which checks the forms as they are typed: the focus stays where
// the player is typing, the result stays, and the dice' marks (odds ignore the dice) stay too.
function showFieldErrors(errors, { quiet = false } = {}) {
  clearFieldErrors({ keepDice: quiet });
  const unplaced = [];
  for (const { field, message } of errors) {
    const el = field === "dice" ? diceRows.querySelector("input") ?? seedInput : field.startsWith("dice.") ? diceInputFor(field) : inputFor(field);
    if (!el || el.type === "radio") {
      unplaced.push(`${field}: ${message}`);
      continue;
    }
    // The message goes inside the field's label, under the input, so it stays with its field in
    // every row and grid (static/check.js, which marks a field as it is left, the same way).
    markField(el, message);
  }
  formErrors.hidden = unplaced.length === 0;
  formErrors.replaceChildren(...unplaced.map((text) => paragraph("field-error", text)));
  if (quiet) return;
  forgetChecks(); // a check answered after this Resolve is out of date
  const first = form.querySelector('[aria-invalid="true"]');
  if (first) first.focus();
  const line = paragraph("error", `Check ${errors.length === 1 ? "the marked field" : "the marked fields"}: nothing was resolved.`);
  line.dataset.checkLine = ""; // static/check.js takes it away once no mark is left
  result.replaceChildren(line);
}

function clearFieldErrors({ keepDice = false } = {}) {
  if (!keepDice) forgetChecks();
  // one walk of the forms when nothing is marked (every Resolve's case), not one for each kind of mark
  if (form.querySelector(".field-error, [aria-invalid]") !== null) {
    const mine = (el) => !(keepDice && el.closest("#dice"));
    for (const note of form.querySelectorAll(".field-error")) if (mine(note)) note.remove();
    for (const el of form.querySelectorAll("[aria-invalid]")) {
      if (!mine(el)) continue;
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    }
  }
  set(formErrors, "hidden", true);
}

// ---------------------------------------------------------------- rulesets

// What each ruleset offers (actions, qualities, circumstances, difficulties), written by the build
// from the engine's own data files (python -m rules catalogue), so the forms fill before the
// engine has started. The page's HTML holds the Dark Heresy 2nd edition actions for the first paint.
const systemSelect = form.elements.namedItem("system");
const actionSelect = form.elements.namedItem("action.type");
const qualityPick = document.getElementById("quality-pick");
const qualityX = document.getElementById("quality-x");
const qualityXLabel = document.getElementById("quality-x-label");
const qualitySummary = document.getElementById("quality-summary");
const qualitiesInput = form.elements.namedItem("attacker.weapon.qualities");
const circumstancesBox = document.getElementById("circumstances");
const difficultySelect = document.getElementById("difficulty");

fetch(new URL("./vendor/app/catalogue.json", import.meta.url))
  .then((response) => (response.ok ? response.json() : Promise.reject(new Error(response.statusText))))
  .then((data) => {
    catalogue = data.rulesets;
    applyRuleset();
    document.documentElement.dataset.catalogue = "ready";
    scheduleOdds();
  })
  .catch((error) => console.warn("auspex: no ruleset catalogue; the forms keep their defaults", error));

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

// The chosen ruleset's forms: its family's shown, its own parts set (the family's `apply`), and, for a
// family whose forms take the catalogue's choices (`choices`: sizes, armoury, cover, actions,
// qualities, circumstances, difficulties), those filled from its catalogue entry.
function applyRuleset() {
  const ruleset = catalogue?.[systemSelect.value];
  document.documentElement.dataset.system = systemSelect.value;
  syncVisibility();
  const family = familyOf(systemSelect.value);
  hooks.get(family).apply?.();
  if (!family.choices || !ruleset) return;
  const size = sizeSelect.value;
  sizeSelect.replaceChildren(...Object.entries(ruleset.sizes).map(([name, value]) => option(name, value ? `${name} (${signedText(value)})` : name)));
  sizeSelect.value = size in ruleset.sizes ? size : "Average";
  fillPickers(ruleset); // the armoury and the party's weapons and armour, the fire modes (pickers.js)
  fillCover(ruleset);
  syncVisibility();
  syncMovement();
  const chosen = actionSelect.value;
  actionSelect.replaceChildren(...ruleset.actions.map((a) => option(a.name, `${a.name} (${a.type_words ?? a.type})`)));
  if (ruleset.actions.some((a) => a.name === chosen)) actionSelect.value = chosen;
  syncActionNote();

  qualityPick.replaceChildren(
    option("", "(choose)"),
    ...ruleset.qualities.map((q) => option(q.name, q.takes_value ? `${q.name} (X)` : q.name)),
  );
  syncQualityPick();

  const checked = new Set([...circumstancesBox.querySelectorAll("input:checked")].map((el) => el.value));
  circumstancesBox.replaceChildren(
    ...ruleset.circumstances.map((c) => {
      const label = document.createElement("label");
      label.className = "check";
      const input = document.createElement("input");
      input.type = "checkbox";
      input.name = "action.circumstances";
      input.dataset.multi = "";
      input.value = c.name;
      input.checked = checked.has(c.name);
      const values = [c.ws != null ? `WS ${signedText(c.ws)}` : "", c.bs != null ? `BS ${signedText(c.bs)}` : "", c.dodge != null ? `Dodge ${signedText(c.dodge)}` : ""];
      const small = document.createElement("small");
      small.textContent = `(${values.filter(Boolean).join(", ")})`;
      label.append(input, ` ${c.name} `, small);
      return label;
    }),
  );

  const difficulty = difficultySelect.value;
  difficultySelect.replaceChildren(
    option("", "(none)"),
    ...Object.entries(ruleset.difficulties).map(([name, value]) => option(name, `${name} (${signedText(value)})`)),
  );
  if (difficulty in ruleset.difficulties) difficultySelect.value = difficulty;
}

// the chosen action's type and what it does, in the catalogue's words (its test
// modifier and note, as the engine's data give them: nothing is worked out here).
const actionNote = document.getElementById("action-note");
function syncActionNote() {
  const a = catalogue?.[systemSelect.value]?.actions?.find((x) => x.name === actionSelect.value);
  if (!a) {
    actionNote.textContent = "";
    return;
  }
  const parts = [`${a.type_words ?? a.type} Action`];
  if (a.modifier) parts.push(`${signedText(a.modifier)} to the test`);
  actionNote.textContent = parts.join(", ") + (a.note ? `. ${a.note}` : ".");
}
actionSelect.addEventListener("change", syncActionNote);

// ---------------------------------------------------------------- what each ruleset shows

const sizeSelect = form.elements.namedItem("target.size");
const coverSelect = document.getElementById("cover-ap");
const coverLocations = document.getElementById("cover-locations");
const movementLine = document.getElementById("movement");
const agInput = form.elements.namedItem("attacker.characteristics.Ag");

function isHorde() {
  const rules = catalogue?.[systemSelect.value]?.rules ?? [];
  return rules.includes("hordes") && form.elements.namedItem("target-kind").value === "horde";
}

// An element shows when its ruleset has its rule (data-rule), and by the target's kind
// (data-single: a single creature only; data-horde: a Horde only).
function syncVisibility() {
  const family = familyOf(systemSelect.value).name;
  for (const el of form.querySelectorAll("[data-family]")) el.hidden = el.dataset.family !== family;
  const ruleset = catalogue?.[systemSelect.value];
  const rules = new Set(ruleset?.rules ?? []);
  if (ruleset?.armoury) rules.add("armoury");
  const horde = isHorde();
  for (const el of form.querySelectorAll("[data-rule], [data-single], [data-horde]")) {
    const rule = el.dataset.rule;
    el.hidden =
      (rule !== undefined && !rule.split(" ").some((r) => rules.has(r))) || // any of the rules named
      (el.dataset.single !== undefined && horde) ||
      (el.dataset.horde !== undefined && !horde);
  }
  coverLocations.hidden = coverSelect.value === "";
}

for (const radio of form.querySelectorAll('input[name="target-kind"]')) radio.addEventListener("change", syncVisibility);
coverSelect.addEventListener("change", syncVisibility);

// The catalogue's movement rows (rules/d100/encounter/moves.py movement): one for every Agility a
// profile holds, with its AB; an Ag with no row (not a whole number in range) shows none.
function syncMovement() {
  const rows = catalogue?.[systemSelect.value]?.movement;
  const ag = Number(agInput.value);
  const row = /^\d+$/.test(agInput.value.trim()) ? rows?.find((r) => r.ag_from <= ag && ag <= r.ag_to) : null;
  movementLine.textContent = row
    ? `Movement (AB ${row.ab}): Half ${row.half} m \u00b7 Full ${row.full} m \u00b7 Charge ${row.charge} m \u00b7 Run ${row.run} m per round`
    : "";
}
agInput.addEventListener("input", syncMovement);

function fillCover(ruleset) {
  const chosen = coverSelect.value;
  coverSelect.replaceChildren(option("", "(none)"), ...(ruleset.cover ?? []).map((c) => option(String(c.ap), `AP ${c.ap}: ${c.name}`)));
  if ([...coverSelect.options].some((o) => o.value === chosen)) coverSelect.value = chosen;
}

function signedText(n) {
  return n < 0 ? `\u2212${-n}` : `+${n}`;
}

function syncQualityPick() {
  const q = catalogue?.[systemSelect.value]?.qualities.find((x) => x.name === qualityPick.value);
  qualityXLabel.hidden = !q?.takes_value;
  qualitySummary.textContent = q ? `${q.name}: ${q.summary} (${q.cite ?? q.source})` : "";
}

qualityPick.addEventListener("change", syncQualityPick);
systemSelect.addEventListener("change", applyRuleset);

document.getElementById("add-quality").addEventListener("click", () => {
  const q = catalogue?.[systemSelect.value]?.qualities.find((x) => x.name === qualityPick.value);
  if (!q) return;
  const text = q.takes_value ? `${q.name} (${qualityX.value.trim() || "1"})` : q.name;
  const present = qualitiesInput.value.split(",").map((x) => x.trim()).filter(Boolean);
  const others = present.filter((x) => x.replace(/\s*\(.*$/, "").toLowerCase() !== q.name.toLowerCase());
  qualitiesInput.value = [...others, text].join(", ");
});

// ---------------------------------------------------------------- odds

// The Odds panel: the odds of the attack on the forms, before any die is rolled (odds(json) in the
// odds engine, a worker of their own started the first time the panel opens, rendered there by
// render_odds.py). While open it follows the forms, a moment after the last change; one
// computation at a time, and the newest forms win: a computation still running when the forms
// change is stopped (its worker ended, a fresh one started) once it has run ODDS_SUPERSEDE_MS.
// A computation shows its elapsed time and a Stop button. Compare keeps the odds on screen as A and
// shows the forms' odds as B beside them, on one scale.
const oddsToggle = document.getElementById("odds-toggle");
const oddsPanel = document.getElementById("odds");
const oddsBody = document.getElementById("odds-body");
const oddsStatus = document.getElementById("odds-status");
const oddsWorking = document.getElementById("odds-working");
const oddsElapsed = document.getElementById("odds-elapsed");
const oddsStop = document.getElementById("odds-stop");
const compareButton = document.getElementById("odds-compare");
const clearCompareButton = document.getElementById("odds-clear");
const ODDS_DELAY_MS = 400;
const ODDS_SUPERSEDE_MS = 1_500;
let oddsTimer = null;
let oddsRunning = false;
let oddsStarted = 0; // performance.now() when the running computation began
let oddsAgain = false;
let oddsLast = null; // the odds of the last forms that could be resolved
let oddsA = keptView("compareA"); // the odds kept as A while comparing (kept over a reload)
let compareWanted = false; // Compare pressed: the next odds become A

function oddsOpen() {
  return !oddsPanel.hidden;
}

function setOddsState(state) {
  document.documentElement.dataset.odds = state;
}

// The scenario Resolve would send, without its dice or seed (the odds are over every die); when
// Resolve applies to the encounter, the one the engine builds from its state (encounter.preview),
// whose notes (the conditions, Aim and clip it put in) the panel then names.
let oddsFromEncounter = null;
async function oddsRequest() {
  const scenario = collectScenario();
  delete scenario.dice;
  delete scenario.seed;
  const built = await encounter.preview(scenario.action ?? {});
  oddsFromEncounter = built?.notes ?? null;
  // the saved Damage Charts too, and the critical tables (the encounter's preview brings its own)
  return JSON.stringify(built ? withSavedCharts(built.scenario) : withTables(withSavedCharts(scenario)));
}

function scheduleOdds(delay = ODDS_DELAY_MS) {
  if (!oddsOpen()) return;
  clearTimeout(oddsTimer);
  setOddsState("busy");
  oddsTimer = setTimeout(computeOdds, delay);
}

function oddsTick() {
  const s = Math.floor((performance.now() - oddsStarted) / 1000);
  const starting = oddsEngine.state === "starting";
  oddsElapsed.textContent = `${starting ? "Starting the odds engine" : "Working out the odds"}… ${s} s`;
}

async function computeOdds() {
  clearTimeout(oddsTimer);
  if (oddsRunning) {
    oddsAgain = true;
    // a long computation of forms that have changed since is not worth finishing
    if (performance.now() - oddsStarted > ODDS_SUPERSEDE_MS) oddsEngine.cancel("Superseded by newer forms.");
    return;
  }
  oddsRunning = true;
  setOddsState("busy");
  let ticker = null;
  const slow = setTimeout(() => {
    oddsPanel.classList.add("busy");
    oddsWorking.hidden = false;
    oddsTick();
    ticker = setInterval(oddsTick, 1000);
  }, 250);
  try {
    do {
      oddsAgain = false;
      oddsStarted = performance.now();
      const request = await oddsRequest();
      const against = oddsA && !compareWanted ? JSON.stringify(oddsA) : "";
      const envelope = JSON.parse(await (await engine).odds(request, against));
      if (oddsAgain || !oddsOpen()) continue;
      if (against && envelope.status === "error") {
        // an A kept by an older build that this one cannot read: dropped, the odds shown alone
        oddsA = null;
        keepView({ compareA: null });
        oddsAgain = true;
        continue;
      }
      if (compareWanted && (envelope.status === "ok" || oddsLast)) {
        // A is these odds (or, the forms being wrong, the last good ones); B follows from here
        oddsA = envelope.status === "ok" ? envelope.odds : oddsLast;
        keepView({ compareA: oddsA });
        compareWanted = false;
        oddsAgain = true;
        continue;
      }
      showOdds(envelope, request);
    } while (oddsAgain && oddsOpen());
  } catch (error) {
    console.error("auspex: the odds failed", error);
    showOdds({ status: "error", message: "The page could not reach the odds engine. Reload to try again." }, null);
  } finally {
    clearTimeout(slow);
    clearInterval(ticker);
    oddsWorking.hidden = true;
    oddsPanel.classList.remove("busy");
    oddsRunning = false;
  }
}

function showOdds(envelope, request) {
  const comparing = oddsA !== null;
  oddsPanel.classList.toggle("comparing", comparing);
  clearCompareButton.hidden = !comparing;
  switch (envelope.status) {
    case "ok":
      clearFieldErrors({ keepDice: true });
      oddsLast = envelope.odds;
      oddsPanel.lastRequest = request; // the scenario these odds are of (read by the browser tests)
      oddsBody.innerHTML = envelope.html; // built by render_odds.py, every text escaped
      // the bars' widths: set here, since the Content-Security-Policy allows no style attribute
      for (const fill of oddsBody.querySelectorAll(".fill[data-width]")) fill.style.width = `${fill.dataset.width}%`;
      oddsPanel.classList.remove("stale");
      oddsStatus.textContent = comparing
        ? "A is kept; B follows the forms as you change them."
        : oddsFromEncounter
          ? `The odds of this attack in the encounter, before any die is rolled, from its state${oddsFromEncounter.length ? `: ${oddsFromEncounter.join("; ")}` : ""}.`
          : "The odds of the attack on the forms, before any die is rolled; they follow the forms as you change them.";
      break;
    case "invalid":
      showFieldErrors(envelope.errors, { quiet: true });
      oddsPanel.classList.toggle("stale", oddsLast !== null);
      oddsStatus.textContent = oddsLast
        ? "Check the marked fields: these odds are for the last forms that could be resolved."
        : "Check the marked fields: no odds yet.";
      break;
    case "cancelled":
      oddsPanel.classList.toggle("stale", oddsLast !== null);
      oddsStatus.textContent = "Stopped. The odds are worked out again when the forms change.";
      break;
    default:
      oddsPanel.classList.toggle("stale", oddsLast !== null);
      oddsStatus.textContent = envelope.message || "Something went wrong.";
  }
  compareButton.disabled = oddsLast === null;
  setOddsState(envelope.status);
}

oddsToggle.addEventListener("click", () => {
  // open but not on its tab (a phone's other step or tab): the tap shows it there (tabs.js), never closes it
  const root = document.documentElement;
  const away = matchMedia("(max-width: 759px)").matches && (root.dataset.at !== "result" || root.dataset.tab !== "odds");
  const open = oddsPanel.hidden || away;
  oddsPanel.hidden = !open;
  oddsToggle.setAttribute("aria-expanded", String(open));
  if (!open) {
    clearTimeout(oddsTimer);
    if (oddsRunning && performance.now() - oddsStarted > ODDS_SUPERSEDE_MS) oddsEngine.cancel("Closed.");
    delete document.documentElement.dataset.odds;
    return;
  }
  computeOdds();
  // a phone: tabs.js takes it to the Result step's Odds tab and scrolls there (scrolled here first, below
  // another step's forms, the figures arriving then carried the page back down past the panel's top)
  if (matchMedia("(max-width: 759px)").matches) return;
  if (oddsPanel.getBoundingClientRect().top > window.innerHeight * 0.8) oddsPanel.scrollIntoView({ block: "start" });
});

oddsStop.addEventListener("click", () => {
  oddsAgain = false;
  oddsEngine.cancel("Stopped.");
});

compareButton.addEventListener("click", () => {
  compareWanted = true;
  computeOdds();
});

clearCompareButton.addEventListener("click", () => {
  oddsA = null;
  keepView({ compareA: null });
  compareWanted = false;
  computeOdds();
  compareButton.focus();
});

// Any change to the forms (typed, chosen, a row added, moved or removed, a quality added, an
// armoury pick); not the dice, which the odds do not use.
const outsideDice = (event) => !event.target.closest("#dice");
form.addEventListener("input", (event) => outsideDice(event) && scheduleOdds());
document.addEventListener("auspex:encounter", () => scheduleOdds()); // the encounter's state changed
for (const id of ["tk-who", "tk-at", "tk-apply-enc", "tk-apply-roll"]) document.getElementById(id)?.addEventListener("change", () => scheduleOdds());
form.addEventListener("change", (event) => outsideDice(event) && scheduleOdds());
form.addEventListener("click", (event) => {
  if (event.target.closest('button[type="button"]') && outsideDice(event)) scheduleOdds();
});

syncDiceMode();
syncDiceBanner();
syncVisibility();
for (const family of hooks.values()) family.start?.();

initChartPicks(form); // which saved Damage Chart each chart number picks
initParty({ collectScenario, resolve, evaluate, engine, clearFieldErrors, lastRequest: () => lastRequest });
initTables({ engine }); // critical tables
initView({ form, engine, resolve }); // Resolve tapped while the engine starts; the view restored
initExchange({ call: async (method, json) => (await engine)[method](json), scenario: oddsRequest, fight: encounter.exchangeTarget });
encounter.initTracker({ engine, collectScenario, showFieldErrors: (errors) => showFieldErrors(errors, { quiet: true }) });
import("./table.js")
  .then(async (table) => {
    await table.initTable({ engine }); // the players' link and the GM's reveal, loaded after the page
    const { initProposals } = await import("./proposals.js"); // players' claims and attacks, and the GM's decisions
    await initProposals({ engine, qr: table.drawQr });
  })
  .catch((error) => console.warn("auspex: the players' link or proposals could not start", error));
initCheck({ form, collectScenario, inputFor, result, formErrors }); // fields checked as they are left
