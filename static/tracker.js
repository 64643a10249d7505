// The encounter's view: the fight lives in the rules engine (rules/encounter/), as its
// file of events ({"auspex_encounter": 1, "system", "events"}); this module keeps that file on the
// device, one per ruleset (store.js, key auspex:encounter:v1: {"v": 1, "files": {system: FILE}}),
// sends it with each event to the engine (the worker's encounter(request_json)), stores the file
// that comes back and shows the state the engine rendered (render_encounter.py, every text escaped).
// Nothing here changes the state itself: a refused event changes nothing and its message is shown
// at the control concerned. The combat tracker's rows (auspex:tracker:v1) are migrated once into
// add/adjust events; the old value is kept aside as auspex:tracker:v1:migrated.
import { FAMILIES, RULESETS, familyOf, rulesetOf, wholeFormation } from "./families/index.js";
import { allSavedNumbers, withSavedCharts } from "./fan_charts.js"; // item 5
import { scenarioFields, put } from "./formstate.js";
import { asideText, download, load as loadStored, notice, onChange, readText, update, writeText } from "./store.js";
import { psychicFor, tablesFor } from "./tables.js"; // the group's Critical Effects tables on this device
import { weaponOf } from "./pickers.js"; // a card's weapon picked from the armoury or the party
import { readDice } from "./dice.js"; // dice typed as rolled, read as the Resolve dice boxes read them

export const KEY = "auspex:encounter:v1";
const OLD_KEY = "auspex:tracker:v1";
const $ = (id) => document.getElementById(id);
const sys = () => $("system").value;
const view = $("tk-view");
const whoSelect = $("tk-who");
const atSelect = $("tk-at");
const diceBox = $("tk-dice");
const diceFor = $("tk-dice-for");
const statusBox = $("tk-status");

let hooks = null; // from app.js: {engine, collectScenario, showFieldErrors}
let stored = { v: 1, files: {} }; // as last read from the device
const local = {}; // system -> FILE this tab could not store (a write failed): used until one succeeds
let shown = null; // the last ok envelope shown: {state, html, conditions, controls}
let errors = 0;

// A new encounter takes the table rules shown in the forms (options.*, d100 rulesets); it keeps them.
function tableRules() {
  const on = [...document.querySelectorAll('#scenario [name^="options."]')].filter((el) => el.checked && !el.closest("[hidden]"));
  return on.length ? { options: Object.fromEntries(on.map((el) => [el.name.slice("options.".length), true])) } : {};
}
const blankFile = (system) => ({ auspex_encounter: 1, system, events: [], ...tableRules() });
const empty = () => ({ v: 1, files: {} });
const fileOf = (system) => local[system] ?? stored.files[system] ?? blankFile(system);
const newId = () => `c${Date.now().toString(36)}${[...crypto.getRandomValues(new Uint8Array(4))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
const combatants = () => shown?.state.combatants ?? [];
const byId = (id) => combatants().find((c) => c.id === id);

// The stored value as this page reads it (throws when it is not one at all): files that are not an
// encounter file of their own ruleset are dropped (counted in `dropped`).
function parse(data) {
  if (!data || typeof data !== "object" || data.v !== 1 || !data.files || typeof data.files !== "object") throw new Error("not an encounter store");
  const files = {};
  let dropped = 0;
  for (const [system, f] of Object.entries(data.files)) {
    if (f && f.auspex_encounter === 1 && f.system === system && Array.isArray(f.events)) files[system] = f;
    else dropped++;
  }
  const value = { v: 1, files };
  Object.defineProperty(value, "dropped", { value: dropped });
  return value;
}

function el(tag, props, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function say(text, bad = false) {
  statusBox.replaceChildren(text);
  statusBox.classList.toggle("bad", bad);
}

// As app.js marks a field: the message under it, as its description (not its name). A control
// tapped (`alert`): the message beside it is announced (role alert) and scrolled into view.
function mark(input, message, { alert = false } = {}) {
  input.setAttribute("aria-invalid", String(!!message));
  input.removeAttribute("aria-describedby");
  input.parentElement.querySelector(".field-error")?.remove();
  if (input.dataset.why) input.setAttribute("aria-describedby", input.dataset.why); // its greyed reason (syncAllowed)
  if (!message) return;
  const note = el("span", { className: "field-error", id: `tk-error-${++errors}`, textContent: message });
  if (alert) note.setAttribute("role", "alert");
  else note.ariaHidden = "true";
  input.setAttribute("aria-describedby", note.id);
  input.after(note);
  if (alert) note.scrollIntoView({ block: "nearest" });
}

function clearMarks() {
  for (const x of document.querySelectorAll("#tracker [aria-invalid], #enc-bar [aria-invalid]")) mark(x, "");
}

async function call(body) {
  try {
    return JSON.parse(await (await hooks.engine).encounter(JSON.stringify(body)));
  } catch (error) {
    console.error("auspex: the encounter failed", error);
    return { status: "error", message: "The page could not reach the rules engine. Reload to try again." };
  }
}

// Stores `file` as this ruleset's encounter (read-modify-write of what is stored now: other
// rulesets' encounters are kept). Returns whether it was stored.
function store(system, file) {
  const { value, error, aside } = update(KEY, parse, empty, (now) => {
    for (const [s, f] of Object.entries(local)) now.files[s] = f;
    if (file === null) delete now.files[system];
    else now.files[system] = file;
    return now;
  });
  stored = value;
  if (aside !== null) unreadable(aside);
  for (const s of Object.keys(local)) delete local[s];
  if (error) Object.assign(local, value.files);
  notice("encounter", error ? `Not saved on this device: ${error} \u2014 the encounter's latest events are kept in this tab only, until it is closed.` : "");
  return !error;
}

function unreadable(aside) {
  notice("encounter-read", `Your saved encounter could not be read; ${asideText(aside)} and the encounter starts empty.`);
}

// Sends one event (or undo) for the ruleset shown and, when the engine takes it, stores the file it
// returns (as that ruleset's) and shows the new state, unless another ruleset was chosen meanwhile
// (its own view is drawn by the switch). Another tab's event stored meanwhile is not overwritten: the
// event is sent again on top of it. Returns the engine's envelope, with `system`: the ruleset sent.
async function send(event, { undo = false } = {}) {
  const system = sys();
  for (let attempt = 0; ; attempt++) {
    if (!local[system]) stored = loadStored(KEY, parse, empty).value;
    const before = fileOf(system);
    const answer = await call({ encounter: before, then: event ?? null, undo });
    answer.system = system;
    if (answer.status !== "ok") return answer;
    const now = local[system] ?? loadStored(KEY, parse, empty).value.files[system] ?? blankFile(system);
    if (attempt < 2 && JSON.stringify(now) !== JSON.stringify(before)) continue;
    answer.saved = store(system, answer.encounter);
    if (system === sys()) draw(answer);
    return answer;
  }
}

// ---------------------------------------------------------------- drawing

function option(value, text) {
  return el("option", { value, textContent: text });
}

// The fight as last shown, kept for the next load (VIEW_KEY: {"v": 1, "views": {system: {hash,
// html, conditions, controls, state}}}): the engine replays a stored fight at every load, so the page shows
// this view at once when it was drawn from the very file stored now (`hash`: SHA-256 of the
// file's JSON), and the engine's replay, when it answers, draws the fight again. A cache of what
// the engine derives: never announced when it cannot be written, overwritten when unreadable.
export const VIEW_KEY = "auspex:encounter-view:v1";

async function fileHash(text) {
  if (!crypto.subtle) return null; // not a secure context: no kept view
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function keptViews() {
  try {
    const data = JSON.parse(readText(VIEW_KEY) ?? "null");
    if (data?.v === 1 && data.views && typeof data.views === "object") return data;
  } catch {
    /* unreadable: a cache, written afresh */
  }
  return { v: 1, views: {} };
}

// Keeps `answer` (the view drawn for `system`) against the hash of `fileText`, the file it shows;
// its state without the log but its last line (the view's HTML holds what the log shows).
async function keepShown(system, fileText, answer) {
  const hash = await fileHash(fileText);
  if (!hash || !answer.state || typeof answer.html !== "string") return;
  const state = { ...answer.state, log: (answer.state.log ?? []).slice(-1) };
  const data = keptViews();
  data.views[system] = { hash, html: answer.html, conditions: answer.conditions, controls: answer.controls, state };
  const error = writeText(VIEW_KEY, JSON.stringify(data));
  if (error) console.warn(`auspex: the encounter's view could not be kept: ${error}`);
}

// Draws the kept view of the ruleset shown when it is the view of the file stored now; whether it did.
async function drawKept() {
  const system = sys();
  const kept = keptViews().views[system];
  if (!kept || typeof kept.html !== "string" || !kept.state || !Array.isArray(kept.conditions) || !kept.controls?.offered) return false;
  if (kept.hash !== (await fileHash(JSON.stringify(fileOf(system)))) || system !== sys() || shown) return false;
  draw({ status: "ok", ...kept }, { keep: false });
  return true;
}

// The state the engine rendered, and the controls that follow it (who acts, at whom, the conditions).
function draw(answer, { keep = true } = {}) {
  shown = answer;
  if (keep) {
    const system = answer.state.system;
    const text = JSON.stringify(fileOf(system)); // the file this view shows, stored before the draw
    setTimeout(() => keepShown(system, text, answer), 0); // after the view is painted
  }
  view.innerHTML = answer.html; // built by render_encounter.py, every text escaped
  document.dispatchEvent(new CustomEvent("auspex:encounter")); // the Odds panel follows the state
  $("tk-log").replaceChildren(...view.querySelectorAll(".encounter > h3.sub, .encounter > .enc-log")); // below the controls
  const { state, controls } = answer;
  // everyone stays pickable (the engine says what one out of the fight may not do), marked out
  const label = (c) => (c.out ? `${c.name} (out: ${c.out})` : c.name);
  const keepWho = whoSelect.value;
  const keepAt = atSelect.value;
  whoSelect.replaceChildren(...state.combatants.map((c) => option(c.id, label(c))));
  atSelect.replaceChildren(...state.combatants.filter((c) => c.target).map((c) => option(c.id, label(c))));
  const turnChanged = whoSelect.dataset.turn !== String(state.turn ?? "");
  whoSelect.dataset.turn = String(state.turn ?? "");
  // who acts follows whose turn it is; at whom stays, else the first other one
  whoSelect.value = (turnChanged && state.turn ? state.turn : keepWho) || state.turn || "";
  if (whoSelect.selectedIndex < 0 && whoSelect.options.length) whoSelect.selectedIndex = 0;
  atSelect.value = keepAt;
  // a new turn: the engine's default target, of another side (rules/encounter/turn.py)
  if (turnChanged && answer.turn?.target && whoSelect.value === answer.turn.who) atSelect.value = answer.turn.target;
  if (atSelect.selectedIndex < 0 || atSelect.value === whoSelect.value) {
    const other = [...atSelect.options].find((o) => o.value !== whoSelect.value);
    if (other) atSelect.value = other.value;
  }
  const gm = $("tk-gm-who");
  const keepGm = gm.value;
  gm.replaceChildren(...state.combatants.map((c) => option(c.id, label(c))));
  gm.value = keepGm || whoSelect.value;
  if (gm.selectedIndex < 0 && gm.options.length) gm.selectedIndex = 0;
  const conds = $("tk-condition");
  if (conds.options.length !== answer.conditions.length) {
    conds.replaceChildren(...answer.conditions.map((name) => option(name, name)));
  }
  const has = state.combatants.length > 0;
  $("enc-bar").hidden = !has;
  $("tracker").classList.toggle("tk-fight", !!state.round && !!state.turn); // the turn on one screen (app.css)
  // the ruleset's controls shown (the envelope's controls.offered, rules/encounter/controls.py)
  const offered = new Set(controls.offered);
  for (const x of document.querySelectorAll("#tracker [data-needs-fight]")) {
    x.disabled = !state.round;
    const name = OFFERED[x.id] ?? CONTROLS[x.id]; // a control the engine does not list: shown
    x.hidden = name !== undefined && !offered.has(name);
  }
  syncHands();
  syncAllowed();
  syncVolley();
  // a combatant may join Surprised where combatants roll initiative; the Dice box where the engine
  // reads one, its words saying what for (controls.dice)
  $("tk-surprised").parentElement.hidden = !controls.initiative;
  diceBox.parentElement.hidden = controls.dice === null;
  if (controls.dice !== null) diceFor.textContent = controls.dice;
  syncAdd(controls);
  $("tk-ow-row").hidden = !offered.has("kill_zone"); // Overwatch held over turns
  syncMoves(); // the action tables' other actions and named tests
  for (const x of document.querySelectorAll("#tracker [data-needs-one]")) x.disabled = !has;
  $("tk-undo").disabled = !fileOf(state.system).events.length;
  // the engine takes initiative once, at round 0; after it, the engine's words for what was set (controls.started)
  $("tk-start").textContent = !state.round ? "Start the fight" : controls.started;
  $("tk-start").disabled ||= !!state.round;
  $("tk-title-system").textContent = rulesetOf(state.system).name;
  $("tk-acts-legend").textContent = byId(whoSelect.value) ? `Actions of ${byId(whoSelect.value).name}` : "Actions";
  syncApply();
  if (state.round) fillForms();
  syncNearby();
  syncPick(); // the party's profiles of the ruleset shown
  if (loading) hold(true);
}

// Until the engine has replayed the stored encounter (a kept view shown meanwhile), its buttons wait:
// each one enabled now is disabled and marked (data-loading), and given back when it has loaded (the
// engine's own view then says which are refused).
let loading = false;
function hold(on) {
  loading = on;
  for (const b of document.querySelectorAll("#tracker button")) {
    if (on && !b.disabled) {
      b.disabled = true;
      b.dataset.loading = "";
    } else if (!on && b.dataset.loading !== undefined) {
      b.disabled = false;
      delete b.dataset.loading;
    }
  }
}

// Others struck: the combatants near the target (controls.nearby.actions: a burst's extra hits) or
// engaged in its melee (Stray Shots, when the encounter has that table rule), ticked here and sent
// as the attack event's `nearby`; hidden until the action can use them.
const ticked = () => [...document.querySelectorAll("#tk-nearby-list input:checked")].map((x) => x.value);
const actionType = () => document.querySelector('#scenario [name="action.type"]')?.value ?? "";
function nearbyUsable() {
  const nearby = shown?.controls?.nearby;
  if (!nearby) return false;
  return nearby.actions.includes(actionType()) || suppressing() || !!fileOf(shown.state.system).options?.stray_shots;
}
// An area's hits (controls.nearby.area: Suppressing Fire) go to random ones of the target and those ticked
function suppressing() {
  return !!shown?.controls?.nearby?.area.includes(actionType());
}
function syncNearby() {
  const keep = new Set(ticked());
  const others = combatants().filter((c) => c.target && !c.out && c.kind === "single" && c.id !== whoSelect.value && c.id !== atSelect.value);
  const box = (c) => el("input", { type: "checkbox", name: "tk-nearby", value: c.id, checked: keep.has(c.id) });
  $("tk-nearby-list").replaceChildren(...others.map((c) => el("label", { className: "check" }, box(c), ` ${c.name}`)));
  $("tk-nearby").hidden = !others.length || !nearbyUsable();
  $("tk-nearby-legend").textContent = suppressing() ? "In the area (each hit to a random one, the target included)" : "Also struck (nearby or engaged)";
  // a two-weapon attack's second target: another combatant (the event's at2), or the same one
  const at2 = $("tk-at2");
  const keepAt2 = at2.value;
  at2.replaceChildren(option("", "(the same target)"), ...others.map((c) => option(c.id, c.name)));
  at2.value = others.some((c) => c.id === keepAt2) ? keepAt2 : "";
  const both = document.querySelector('#scenario [name="action.two_weapon"]');
  $("tk-at2-row").hidden = !others.length || !shown?.controls?.second_target || both?.value !== "both" || !!both.closest("[hidden]");
}
$("scenario").addEventListener("change", (e) => {
  if (e.target?.name === "action.type" || e.target?.name === "action.two_weapon") syncNearby();
});
// Two-weapon fighting (seed 004): the second weapon's Reload and Clear Jam, for one who holds it.
function syncHands() {
  const c = byId(whoSelect.value);
  for (const x of document.querySelectorAll("#tracker [data-second-hand]")) x.hidden = !c?.second_weapon;
}
whoSelect.addEventListener("change", syncHands);

// What the engine allows now (the envelope's turn.allowed, rules/encounter/turn.py): each action of
// the acting combatant it refuses is greyed out, its reason in its title and listed under the
// actions (one line per reason); another combatant picked as who acts (a delayed action, an
// Overwatch shot) is the engine's to answer when tapped.
const CONTROLS = {
  "tk-aim-half": "aim_half", "tk-aim-full": "aim_full", "tk-reload": "reload", "tk-clear-jam": "clear_jam",
  "tk-stand": "stand", "tk-move": "move", "tk-run": "run", "tk-ready": "ready", "tk-delay": "delay",
  "tk-end-turn": "end_turn", "tk-formation-overwatch": "overwatch", "tk-overwatch": "overwatch",
  "tk-move-full": "move_full", "tk-disengage": "disengage", "tk-tactical": "tactical_advance", "tk-brace": "brace",
};
// The other controls' names in the engine's list of those shown (controls.offered), where they
// differ from CONTROLS': a formation's overwatch and a kill zone's are two controls there.
const OFFERED = {
  "tk-formation-overwatch": "formation_overwatch", "tk-overwatch": "kill_zone", "tk-take-item": "take_item",
  "tk-reload-second": "reload", "tk-clear-jam-second": "clear_jam", "tk-test-go": "test",
};
// Each greyed action has the reason's first words under it (its description): "Guard has 1 Half
// Action(s) left this turn", "Guard's weapon is not jammed"; the whole reason is its title and in the
// list. When the engine says nothing but End turn is left (turn.nothing_left), End turn is offered
// with that reason instead (not ended by itself: the GM may still give a condition, or a Fate point
// re-roll the attack, before the turn passes).
for (const id of Object.keys(CONTROLS)) {
  const x = $(id);
  if (!x || id === "tk-end-turn" || !x.parentElement.matches(".tk-acts .row:not(.tk-test)")) continue;
  const cell = el("span", { className: "tk-ctl" });
  x.replaceWith(cell);
  cell.append(x, el("small", { className: "tk-reason", id: `${id}-why` }));
}
const firstWords = (reason) => reason.split(/ \(|; /)[0];
function syncAllowed() {
  const turn = shown?.turn;
  const mine = !!turn && whoSelect.value === turn.who;
  const left = mine ? turn.nothing_left ?? null : null;
  const why = new Map(); // reason -> the buttons' labels
  for (const [id, name] of Object.entries(CONTROLS)) {
    const x = $(id);
    if (!x) continue;
    const reason = mine ? turn.allowed?.[name] ?? null : null;
    if (x.dataset.title === undefined) x.dataset.title = x.title; // its own title, given back when allowed
    x.title = reason ?? x.dataset.title;
    x.toggleAttribute("data-refused", !!reason);
    const beside = x.nextElementSibling?.classList.contains("tk-reason") ? x.nextElementSibling : null;
    if (beside) {
      beside.textContent = reason && !left ? firstWords(reason) : "";
      if (beside.textContent) x.dataset.why = beside.id;
      else delete x.dataset.why;
      if (x.getAttribute("aria-invalid") !== "true") {
        if (x.dataset.why) x.setAttribute("aria-describedby", beside.id);
        else x.removeAttribute("aria-describedby");
      }
    }
    if (!reason) {
      if (x.hasAttribute("data-needs-fight")) x.disabled = !shown?.state.round;
      continue;
    }
    x.disabled = true;
    if (!x.hidden) why.set(reason, [...(why.get(reason) ?? []), x.textContent.trim()]);
  }
  $("tk-why").replaceChildren(...[...why].map(([reason, labels]) => el("li", { textContent: `${labels.join(", ")}: ${reason}` })));
  const end = $("tk-end-turn");
  end.classList.toggle("tk-end-now", !!left);
  $("tk-left").hidden = !left;
  $("tk-left").textContent = left ? `${left}: end the ${byId(turn.who)?.name ?? "acting combatant"}'s turn` : "";
}
whoSelect.addEventListener("change", syncAllowed);

// A mob's volley: the acting body of an entry added xN and the others of it the engine says may fire
// with it now (turn.volley), offered as one tick beside Apply to the encounter; ticked, Resolve sends
// them all as one attack event (volley: their ids), the dice typed as one group.
function volleyIds() {
  const turn = shown?.turn;
  const ids = turn && whoSelect.value === turn.who && !turn.allowed?.volley ? turn.volley ?? [] : [];
  return ids.length && !$("tk-volley-row").hidden && $("tk-volley").checked ? ids : null;
}
function syncVolley() {
  const turn = shown?.turn;
  const ids = turn && whoSelect.value === turn.who ? turn.volley ?? [] : [];
  const row = $("tk-volley-row");
  row.hidden = !ids.length || !!turn.allowed?.volley;
  const tick = $("tk-volley");
  if (row.hidden || tick.dataset.who !== turn.who) tick.checked = false; // a new turn: one body acts unless ticked again
  tick.dataset.who = row.hidden ? "" : turn.who;
  if (row.hidden) return;
  const names = [turn.who, ...ids].map((id) => byId(id)?.name ?? id);
  $("tk-volley-label").textContent = `Volley: ${names.join(", ")} fire together (one action, one group of dice)`;
}
whoSelect.addEventListener("change", syncVolley);

// "Apply to the encounter" is the default while a fight runs and the picks exist.
let applyChosen = null; // the player's own choice, kept until the ruleset changes
function syncApply() {
  const running = !!shown?.state.round && !!byId(whoSelect.value) && !!byId(atSelect.value);
  const choice = applyChosen ?? (running ? "encounter" : "roll");
  $("tk-apply-enc").checked = choice === "encounter";
  $("tk-apply-roll").checked = choice !== "encounter";
  $("tk-apply-enc").disabled = !byId(whoSelect.value) || !byId(atSelect.value);
}
for (const r of [$("tk-apply-enc"), $("tk-apply-roll")]) r.addEventListener("change", () => (applyChosen = r.value));

// The forms show the picked combatants as the engine resolves them: the scenario its attack is
// resolved with now (rules/encounter/turn.py forms_scenario: damage taken with critical damage,
// Fatigue, the rounds left in the clip, the Reaction's penalties, characteristic damage), the
// envelope's turn.scenario for the acting combatant and its default target, the engine's answer to
// a `forms` request for another pair. With no such pair (itself picked, a side with no profile) each
// side shows its own profile as it was added. Never built here: what the forms read is what the
// engine resolves.
let filled = null; // {who, at, scenario}: what the forms were last filled with, for asProfiles
let formsAsked = 0; // the latest pick: an answer to an earlier one is dropped
async function fillForms() {
  const ask = ++formsAsked;
  const whoId = whoSelect.value;
  const atId = atSelect.value;
  const turn = shown.turn;
  let scenario = null;
  if (turn && turn.who === whoId && turn.target === atId) scenario = turn.scenario ?? null;
  else if (byId(whoId) && byId(atId)) {
    const answer = await call({ encounter: fileOf(sys()), forms: { who: whoId, at: atId } });
    if (ask !== formsAsked || !shown) return;
    scenario = answer.status === "ok" ? answer.scenario : null;
  }
  const who = byId(whoId);
  const at = byId(atId);
  const system = shown.state.system;
  filled = scenario ? { who: whoId, at: atId, scenario } : null;
  const attacker = scenario?.attacker ?? (who?.attacker ? (who.kind === "formation" ? wholeFormation(who, "attacker") : structuredClone(who.attacker)) : null);
  if (attacker) {
    const { values, rows } = scenarioFields({ system, attacker });
    put(values, rows, { scope: ["attacker"], blank: true });
  }
  const target = scenario?.target ?? (at?.target ? carried(at) : null);
  if (target) {
    const { values, rows } = scenarioFields({ system, target });
    put(values, rows, { scope: ["target"], blank: true });
  }
}

// With no pair to attack (one out of the fight picked at whom, itself, an actor with no attacker
// profile), the Target form shows the target's profile with what its card says it has taken.
function carried(at) {
  const target = at.kind === "formation" ? wholeFormation(at, "target") : structuredClone(at.target);
  if (at.kind === "single") target.damage_taken = at.damage_taken;
  if (at.kind === "horde") target.horde = { ...target.horde, magnitude: at.magnitude };
  if (at.kind === "formation") {
    target.shock = at.shock;
    if (Array.isArray(target.units)) target.units = target.units.filter((_, i) => !at.lost.includes(i));
  }
  return target;
}

// A profile read from the forms (Add as combatant, Update its profile): what the engine put in them
// for the picked combatants' state (their damage, rounds left, penalties) is their state, not their
// profile; each value still as filled is its stored profile's, each value typed since is kept.
function asProfiles(scenario) {
  if (!filled) return scenario;
  const out = { ...scenario };
  for (const [side, id] of [["attacker", filled.who], ["target", filled.at]]) {
    if (out[side] && filled.scenario[side]) out[side] = unfilled(out[side], filled.scenario[side], byId(id)?.[side]);
  }
  return out;
}
function unfilled(now, was, base) {
  const same = JSON.stringify(now) === JSON.stringify(was);
  if (now === null || typeof now !== "object" || was === null || typeof was !== "object") return same ? base : now;
  if (Array.isArray(now) !== Array.isArray(was) || (Array.isArray(now) && now.length !== was.length)) return now;
  if (Array.isArray(now)) return now.map((v, i) => unfilled(v, was[i], base?.[i]) ?? v);
  const out = {};
  for (const [k, v] of Object.entries(now)) {
    const kept = unfilled(v, was[k], base?.[k]);
    if (kept !== undefined) out[k] = kept;
  }
  return out;
}
for (const s of [whoSelect, atSelect]) {
  s.addEventListener("change", () => {
    mark(s, "");
    $("tk-acts-legend").textContent = `Actions of ${byId(whoSelect.value)?.name ?? "\u2026"}`;
    syncApply();
    if (shown) fillForms();
    syncNearby();
  });
}

// ---------------------------------------------------------------- refusals

// A refused event's errors, each at its control: then.who at Who acts, then.at at At, the GM's at
// theirs; then.combatants.<id>.Ag (initiative) at the combatant, with a box to give it; the rest in
// the status line. Returns the ones that belong to the forms (then.action.*, then.combatant.*).
// A refused event's own boxes: the GM's numbers (adjust), a condition's, rest's hours, Overwatch's
// kill zone; `then.<key>` of the event sent.
const BOXES = {
  condition: { condition: "tk-condition", rounds: "tk-cond-rounds" },
  rest: { hours: "tk-rest-hours" },
  overwatch: { zone: "tk-zone" },
  take_item: { other: "tk-at" },
};
function boxOf(event, key) {
  if (event?.type === "adjust") return document.querySelector(`#tk-adjust-fields [data-adjust="${CSS.escape(key)}"]`);
  const id = BOXES[event?.type]?.[key];
  return id ? $(id) : null;
}

// `control`: the button tapped, where a refusal of the event itself (whose turn, its type, the rest
// not at a box of its own) is said, beside it and announced, not at a far field.
function refused(answer, { actor = whoSelect, event = null, control = null } = {}) {
  if (answer.status === "needs") return say(`Roll die ${answer.needs.index + 1}: ${answer.needs.purpose} (d${answer.needs.sides}), and add it to the dice box.`, true), [];
  if (answer.status !== "invalid") return say(answer.message ?? "Something went wrong.", true), [];
  const forms = [];
  const lines = [];
  for (const { field, message } of answer.errors) {
    const [, key, n, rest] = field.split(".");
    const box = key && n === undefined ? boxOf(event, key) : null;
    if (box) mark(box, message);
    else if (field === "then.who" || field === "then.type" || field === "then" || field === "then.weapon" || field === "then.full" || field === "then.other") {
      if (control) lines.push(message);
      else mark(actor, message);
    }
    else if (field === "then.at") mark(atSelect, message);
    else if (key === "nearby") mark($("tk-nearby-list"), message); // others struck
    else if (field === "then.at2") mark($("tk-at2"), message);
    else if (field === "then.action.targets_apart" && !$("tk-at2-row").hidden) mark($("tk-apart"), message);
    else if (/^then\.(action|(combatant\.)?(attacker|target))\./.test(field)) { // an add's or a profile's profile: at the forms' field
      forms.push({ field: field.replace(/^then\.(combatant\.)?/, ""), message });
    } else if (field.startsWith("then.dice") || field === "then.seed") mark(diceBox, message);
    else if (key === "combatants" && rest === "Ag") askAg(byId(n), message); // the engine names it by id
    else lines.push(message);
  }
  if (control && lines.length) mark(control, lines.join("; "), { alert: true });
  say(lines.length ? `Refused: ${lines.join("; ")}` : "Refused: see the marked control. Nothing in the encounter changed.", true);
  return forms;
}

// A combatant with no Ag asked for it where it is: a box on its card, given as a profile event.
function askAg(c, message) {
  if (!c) return;
  const card = view.querySelector(`[data-id="${CSS.escape(c.id)}"]`);
  const input = el("input", { type: "text", inputMode: "numeric", id: `tk-ag-${c.id}`, size: 4 });
  const button = el("button", { type: "button", textContent: "Set Ag" });
  const box = el("p", { className: "row tk-ask" }, el("label", {}, `${c.name}'s Ag `, input), button);
  card?.append(box);
  mark(input, message);
  input.focus();
  button.onclick = async () => {
    const ag = Number(input.value.trim());
    if (!/^\d+$/.test(input.value.trim())) return mark(input, "Must be a whole number");
    const side = c.target ? "target" : "attacker";
    const profile = structuredClone(c[side]);
    profile.characteristics = { ...profile.characteristics, Ag: ag };
    const answer = await send({ type: "profile", who: c.id, [side]: profile });
    if (answer.status !== "ok") return mark(input, answer.errors?.[0]?.message ?? answer.message);
    say(`${c.name}'s Ag is ${ag}.${saved(answer)}`);
  };
}

const saved = (answer) => (answer.saved === false ? " Not saved on this device: kept in this tab only, until it is closed." : "");

// ---------------------------------------------------------------- the controls

// Dice for an event that rolls: the box's d10s or d100s as typed ("7 3", "7,3"; "00" is a d100's
// 100), else a fresh seed.
function rolled(event) {
  const text = diceBox.parentElement.hidden ? "" : diceBox.value.trim();
  if (text) {
    event.dice = readDice(text);
    typed.add(event);
  } else event.seed = crypto.getRandomValues(new Uint32Array(1))[0];
  return event;
}
// Events whose dice came from the Dice box: once the engine takes one, those dice are spent (they
// are in its log), so the box is cleared and the next roll never reuses them.
const typed = new WeakSet();

async function act(event, done, { actor = whoSelect, control = null } = {}) {
  clearMarks();
  const answer = await send(event);
  // the ruleset switched meanwhile: said, named, and no control of the one shown marked
  const away = answer.system === sys() ? "" : `${rulesetOf(answer.system).name}: `;
  if (answer.status !== "ok" && away) {
    say(`${away}refused: ${answer.errors?.map((x) => x.message).join("; ") ?? answer.message ?? "nothing changed"}`, true);
    return answer;
  }
  if (answer.status !== "ok") {
    const forms = refused(answer, { actor, event, control });
    if (forms.length) hooks.showFieldErrors(forms);
    return answer;
  }
  if (typed.has(event)) diceBox.value = "";
  const last = answer.said ?? answer.state.log.at(-1)?.text ?? ""; // the engine's short status
  say(`${away}${done ?? last}${saved(answer)}`, answer.saved === false);
  return answer;
}

// Adding from the forms: the Attacker side, the Target side, or both as one combatant. A combatant
// is one whole profile of its own: its name is the first side's, and its defences are its own: the
// party's target entry of that name (this ruleset's) when there is one, else the Target form when it
// shows that same name, else built by the engine from its own attacker profile (TB from its T, Dodge
// at its Ag; the party's armour of that name, else none): never another combatant's Target form.
// The status says what it took; the card's Defences show it.
let party = { attackers: [], targets: [], armour: [] };
document.addEventListener("auspex:party", (event) => {
  party = event.detail ?? party;
  syncPick();
});
const MAX_COUNT = 20; // rules/encounter/models.py MAX_COUNT
const sameName = (a, b) => String(a ?? "").trim().toLowerCase() === String(b ?? "").trim().toLowerCase();
const savedOf = (kind, name) => (party[kind] ?? []).find((e) => e.system === sys() && sameName(e.name, name)) ?? null;

// The engine's whole profile of one combatant (rules/encounter/profiles.py whole): the side missing
// built from the given one's own numbers, the party's armour of that name put on what it built.
// Answers {attacker, target, from: the status's words} or an envelope refused.
async function wholeOf(name, attacker, target) {
  const built = await call({ encounter: fileOf(sys()), whole: { name, ...(attacker ? { attacker } : {}), ...(target ? { target } : {}) } });
  if (built.status !== "ok") return built;
  const notes = [...(built.notes ?? [])];
  const armour = !target && built.target && shown?.controls?.armour ? savedOf("armour", name) : null;
  if (armour) {
    built.target.armour = structuredClone(armour.data);
    notes.push(`its armour "${armour.name}" saved in your party`);
  }
  return { attacker: built.attacker ?? undefined, target: built.target ?? undefined, from: notes.length ? ` ${notes.join("; ")}.` : "" };
}

function addFrom(sides) {
  clearMarks();
  const scenario = asProfiles(hooks.collectScenario()); // the forms' profiles, not a combatant's state
  const name = String(scenario[sides[0]]?.name ?? "").trim() || (sides.length > 1 ? "Combatant" : sides[0] === "attacker" ? "Attacker" : "Target");
  if (sides.length < 2) return join({ id: newId(), name, [sides[0]]: { ...scenario[sides[0]], name } }, "");
  const saved = savedOf("targets", name);
  if (saved) return join({ id: newId(), name, attacker: scenario.attacker, target: { ...structuredClone(saved.data), name } }, ` Its defences: "${saved.name}" saved in your party.`);
  if (sameName(scenario.target?.name, name)) return join({ id: newId(), name, attacker: scenario.attacker, target: { ...scenario.target, name } }, " Its defences: the Target form's.");
  const shownName = String(scenario.target?.name ?? "").trim();
  return wholeOf(name, scenario.attacker, null).then((built) => {
    if (built.status) return refused(built), built;
    const other = shownName ? ` (not the Target form's, which shows ${shownName})` : "";
    return join({ id: newId(), name, attacker: built.attacker, target: built.target }, `${built.from.replace(/\.$/, "")}${other}.`);
  });
}

// One combatant (or "×N") joins: its side ("party" or the default "foes"), Surprised, and a
// running fight's initiative die; `from` says where its profile came from.
function join(combatant, from) {
  const surprised = $("tk-surprised").checked && !$("tk-surprised").parentElement.hidden;
  if (surprised) combatant.surprised = true;
  if ($("tk-side").value !== "foes") combatant.side = $("tk-side").value;
  const count = $("tk-count").value.trim();
  if (count && !(/^\d+$/.test(count) && +count >= 1 && +count <= MAX_COUNT)) return Promise.resolve(mark($("tk-count"), `Must be a whole number from 1 to ${MAX_COUNT}`));
  // a reinforcement joining a running fight rolls its initiative (controls.initiative): the Dice
  // box's die, or a seed; where combatants act in the order added, no die
  const event = { type: "add", combatant };
  if (count && +count > 1) event.count = +count;
  if (shown?.state.round && shown.controls?.initiative) rolled(event);
  const who = event.count ? `${event.count} \u00d7 ${combatant.name}` : combatant.name;
  return act(event, `${who} ${event.count ? "join" : "joins"} the fight${surprised ? " (Surprised: loses its first turn)" : ""}.${from}`).then((answer) => {
    oneSideJoined(answer, combatant.id);
    if (answer?.status === "ok") $("tk-count").value = "";
    else for (const { field, message } of answer?.errors ?? []) if (field === "then.count") mark($("tk-count"), message);
    return answer;
  });
}
// The Add buttons in the engine's words (controls.add); where a combatant is added whole from
// either form (an Epic formation), "Add as combatant" (both forms as one) is not offered.
function syncAdd(controls) {
  $("tk-add-both").hidden = !controls.add.both;
  $("tk-add-attacker").textContent = controls.add.attacker;
  $("tk-add-target").textContent = controls.add.target;
}
// What a combatant just added with one side only can do, said after it joins (controls.one_side).
function oneSideJoined(answer, id) {
  const words = answer?.status === "ok" ? answer.controls?.one_side : null;
  const c = words ? answer.state.combatants.find((x) => x.id === id) : null;
  if (!c || (c.attacker && c.target)) return;
  say(`${$("tk-status").textContent} ${c.name}: ${c.target ? words.target : words.attacker}.`);
}

// Adding in one step from a saved profile: the party's names of this ruleset with an attacker
// entry, a target entry or both (static/party.js); the whole profile joins, the side it lacks built
// from its own numbers (wholeOf). The rulesets' armouries hold weapons and armour, no foes.
function syncPick() {
  const pick = $("tk-pick");
  const keep = pick.value;
  const names = new Map();
  for (const kind of ["attackers", "targets"]) {
    for (const e of party[kind] ?? []) {
      if (e.system !== sys()) continue;
      const key = String(e.name).trim().toLowerCase();
      const row = names.get(key) ?? names.set(key, { name: String(e.name).trim(), kinds: [] }).get(key);
      row.kinds.push(kind);
    }
  }
  const words = (kinds) => (kinds.length > 1 ? "attacks and defences" : kinds[0] === "attackers" ? "attacks saved; defences from its characteristics" : "defences saved; bare hands");
  const options = [...names.values()].map(({ name, kinds }) => option(name, `${name} (${words(kinds)})`));
  pick.replaceChildren(option("", options.length ? "(pick a saved profile)" : "(none saved for this ruleset: save one in the party)"), ...options);
  if (options.some((o) => o.value === keep)) pick.value = keep;
  $("tk-add-pick").disabled = !options.length;
}
$("tk-add-pick").onclick = async () => {
  clearMarks();
  const name = $("tk-pick").value;
  if (!name) return mark($("tk-pick"), "Pick a saved profile first");
  const attacker = savedOf("attackers", name)?.data;
  const target = savedOf("targets", name)?.data;
  const built = await wholeOf(name, attacker && structuredClone(attacker), target && structuredClone(target));
  if (built.status) return refused(built);
  const combatant = { id: newId(), name, ...(built.attacker ? { attacker: built.attacker } : {}), ...(built.target ? { target: built.target } : {}) };
  return join(combatant, ` From "${name}" saved in your party.${built.from}`);
};
$("tk-add-attacker").onclick = () => addFrom(["attacker"]);
$("tk-add-target").onclick = () => addFrom(["target"]);
$("tk-add-both").onclick = () => addFrom(["attacker", "target"]);

$("tk-start").onclick = () => act(rolled({ type: "initiative" }));

const who = () => whoSelect.value;
for (const [id, make] of [
  ["tk-aim-half", () => ({ type: "aim", who: who(), aim: "half" })],
  ["tk-aim-full", () => ({ type: "aim", who: who(), aim: "full" })],
  ["tk-reload", () => ({ type: "reload", who: who() })],
  ["tk-clear-jam", () => rolled({ type: "clear_jam", who: who() })],
  ["tk-reload-second", () => ({ type: "reload", who: who(), weapon: "second" })],
  ["tk-clear-jam-second", () => rolled({ type: "clear_jam", who: who(), weapon: "second" })],
  ["tk-stand", () => ({ type: "stand", who: who() })],
  ["tk-run", () => ({ type: "run", who: who() })],
  ["tk-move", () => ({ type: "move", who: who() })],
  ["tk-ready", () => ({ type: "ready", who: who() })],
  ["tk-delay", () => ({ type: "delay", who: who() })],
  ["tk-end-turn", () => endTurn()],
  ["tk-formation-overwatch", () => ({ type: "overwatch", who: who() })], // a formation's overwatch across turns
  ["tk-take-item", () => ({ type: "take_item", who: who(), other: atSelect.value })], // a task of several actions
]) {
  $(id).onclick = () => act(make(), null, { control: $(id) });
}

// Ending a turn rolls what its conditions ask (the catalogue's conditions in the category
// rolls_at_turn_end: Pinned's Willpower test, Blood Loss), from the Dice box or a fresh seed;
// Overwatch sets the kill zone for the Action form's attack.
let rollsAtTurnEnd = new Set();
fetch(new URL("./vendor/app/catalogue.json", import.meta.url))
  .then((response) => (response.ok ? response.json() : Promise.reject(new Error(response.statusText))))
  .then((data) => {
    const records = (data.conditions ?? []).filter((x) => x.categories?.includes("rolls_at_turn_end"));
    rollsAtTurnEnd = new Set(records.map((x) => x.name));
  })
  .catch((error) => console.warn("auspex: no condition catalogue; ending a turn rolls no dice itself", error));
function endTurn() {
  const id = shown?.state.turn ?? who();
  const event = { type: "end_turn", who: id };
  return byId(id)?.conditions?.some((x) => rollsAtTurnEnd.has(x.name)) ? rolled(event) : event;
}
$("tk-overwatch").onclick = () => {
  const event = { type: "overwatch", who: who() };
  if (actionType()) event.fire = actionType(); // none: the engine's own default shot
  const zone = $("tk-zone").value.trim();
  if (zone) event.zone = zone;
  act(event, null, { control: $("tk-overwatch") }).then((a) => {
    if (a.status === "ok") $("tk-zone").value = "";
    else if (a.errors?.some((x) => x.field === "then.fire")) mark($("tk-overwatch"), a.errors.find((x) => x.field === "then.fire").message);
  });
};
$("tk-rest").onclick = () => {
  const hours = $("tk-rest-hours").value.trim();
  if (!/^\d+$/.test(hours)) return mark($("tk-rest-hours"), "Must be a whole number of hours (1 to 24)");
  act({ type: "rest", who: gmWho(), hours: +hours }, null, { actor: $("tk-gm-who") });
};
// The action tables' other actions (rules/d100/encounter/moves.py): Move as a Full Action,
// Disengage, Tactical Advance, Brace, and a named test; each row shows where the engine offers one
// of its controls. A test's fields and cost as the engine gives them (controls.tests: a cost fixed,
// the boxes it asks for beyond the percent, whether it may read the psychic tables). The engine
// checks and words each one.
const ASKS = { psy_dice: "tk-test-psy", threshold: "tk-test-threshold" };
const testNow = () => shown?.controls?.tests?.[$("tk-test").value] ?? null;
function syncMoves() {
  const offered = new Set(shown?.controls?.offered ?? []);
  for (const x of document.querySelectorAll("#tracker [data-tk-offered]")) {
    x.hidden = ![...x.querySelectorAll("[data-needs-fight]")].some((b) => offered.has(OFFERED[b.id] ?? CONTROLS[b.id]));
  }
  const test = testNow();
  for (const [key, id] of Object.entries(ASKS)) $(id).closest("label").hidden = !test?.asks.includes(key);
  $("tk-test-cost").disabled = !!test?.cost; // a cost of its own (Jump, Leap: a Full Action)
}
$("tk-test").addEventListener("change", () => shown && syncMoves());
for (const [id, make] of [
  ["tk-move-full", () => ({ type: "move", who: who(), full: true })],
  ["tk-disengage", () => ({ type: "disengage", who: who() })],
  ["tk-tactical", () => ({ type: "tactical_advance", who: who() })],
  ["tk-brace", () => ({ type: "brace", who: who() })],
]) {
  $(id).onclick = () => act(make(), null, { control: $(id) });
}
// A whole number typed in a box (blank: undefined), or the box marked and null.
function wholeIn(id, { signed = false } = {}) {
  const text = $(id).value.trim();
  if (!text) return undefined;
  if (!(signed ? /^[+\-\u2212]?\d+$/ : /^\d+$/).test(text)) return mark($(id), signed ? "Must be a whole number (+ or \u2212)" : "Must be a whole number"), null;
  return Number(text.replace("\u2212", "-"));
}
$("tk-test-go").onclick = () => {
  clearMarks();
  const test = $("tk-test").value;
  const event = { type: "test", who: who(), test };
  const name = $("tk-test-name").value.trim();
  if (name) event.skill = name;
  const fields = [["value", "tk-test-value"], ["modifier", "tk-test-mod", true], ["psy_dice", "tk-test-psy"], ["threshold", "tk-test-threshold"]];
  for (const [key, id, signed] of fields) {
    if ($(id).closest("label").hidden) continue;
    const n = wholeIn(id, { signed });
    if (n === null) return;
    if (n !== undefined) event[key] = n;
  }
  if (!testNow()?.cost) event.cost = $("tk-test-cost").value; // a cost of its own: not asked
  if ($("tk-test-fate").checked) event.fate_reroll = true; // Fate points: its d100 re-rolled, the new roll standing
  // a test that may call Psychic Phenomena: the device's tables first, as before an attack
  const tables = testNow()?.tables ? sendTables() : Promise.resolve(false);
  return tables.then(async (sent) => {
    const answer = await act(rolled(event), null, { control: $("tk-test-go") });
    if (sent === true && answer.status !== "ok") await send(null, { undo: true }); // the file as before the click
    return answer;
  }).then((answer) => {
    if (answer.status === "ok") $("tk-test-fate").checked = false; // spent: not the next test's
    for (const { field, message } of answer.errors ?? []) {
      const box = { "then.fate_reroll": "tk-test-fate", "then.value": "tk-test-value", "then.modifier": "tk-test-mod", "then.psy_dice": "tk-test-psy", "then.threshold": "tk-test-threshold", "then.skill": "tk-test-name", "then.cost": "tk-test-cost" }[field];
      if (box) mark($(box), message);
    }
  });
};

// The GM: conditions, numbers set by hand, a combatant removed (Undo brings it back).
const gmWho = () => $("tk-gm-who").value;
function gmCondition(remove) {
  const rounds = $("tk-cond-rounds").value.trim();
  const event = { type: "condition", who: gmWho(), condition: $("tk-condition").value, remove };
  if (rounds && !remove) {
    if (!/^\d+$/.test(rounds)) return mark($("tk-cond-rounds"), "Must be a whole number (blank: until removed)");
    event.rounds = +rounds;
  }
  act(event, null, { actor: $("tk-gm-who") });
}
$("tk-cond-give").onclick = () => gmCondition(false);
$("tk-cond-remove").onclick = () => gmCondition(true);
$("tk-adjust").onclick = () => {
  const event = { type: "adjust", who: gmWho() };
  let bad = false;
  for (const x of document.querySelectorAll("#tk-adjust-fields [data-adjust]")) {
    const t = x.value.trim();
    mark(x, "");
    if (t === "") continue;
    if (!/^\d+$/.test(t)) {
      mark(x, "Must be a whole number");
      bad = true;
    } else event[x.dataset.adjust] = +t;
  }
  if (bad) return;
  if (Object.keys(event).length === 2) return say("Type a number to set first: blank ones are left as they are.", true);
  act(event, null, { actor: $("tk-gm-who") }).then((a) => {
    if (a.status === "ok") for (const x of document.querySelectorAll("#tk-adjust-fields [data-adjust]")) x.value = "";
  });
};
// A combatant's profile from the forms, as they show it: its attacker side when it is the one who
// acts (the Attacker form follows it), its target side when it is the one at whom (the Target form
// follows it); what it has taken is kept (a `profile` event).
$("tk-profile").onclick = () => {
  const id = gmWho();
  const c = byId(id);
  if (!c) return;
  const scenario = asProfiles(hooks.collectScenario()); // its state the engine put in the forms stays its state
  const event = { type: "profile", who: id };
  if (c.attacker && whoSelect.value === id) event.attacker = scenario.attacker;
  if (c.target && atSelect.value === id) event.target = scenario.target;
  if (!event.attacker && !event.target) {
    return mark($("tk-gm-who"), `Pick ${c.name} as who acts (for its Attacker form) or at whom (for its Target form) first: the forms show those two.`);
  }
  const sides = [event.attacker && "attacker", event.target && "target"].filter(Boolean).join(" and ");
  act(event, `${c.name}'s ${sides} profile now as on the forms; what it has taken is kept.`, { actor: $("tk-gm-who") });
};
// A card's profile editor (render_encounter.py profile_editor): its boxes into that combatant's
// profile (a box left blank: the field left out, the model's default), a weapon picked from the
// Attacker step's picker (the armoury's, the party's) taking the weapon's place, sent as its own
// `profile` event: that combatant's only, what it has taken kept.
function setPath(profile, path, value) {
  const keys = path.split(".");
  let node = profile;
  for (const key of keys.slice(0, -1)) node = node[key] = node[key] && typeof node[key] === "object" ? { ...node[key] } : {};
  if (value === undefined) delete node[keys.at(-1)];
  else node[keys.at(-1)] = value;
}
const TEXT_PATHS = new Set(["weapon.name", "weapon.damage", "weapon.rof", "evasion.reaction", "size"]);
view.addEventListener("toggle", (event) => {
  const pick = event.target.querySelector?.("[data-weapon-pick]");
  if (!event.target.open || !pick || pick.options.length > 1) return;
  const book = $("armoury-weapon");
  for (const child of book?.children ?? []) if (child.tagName === "OPTGROUP" || child.value) pick.append(child.cloneNode(true));
}, true);
view.addEventListener("change", (event) => {
  const pick = event.target.closest?.("[data-weapon-pick]");
  const weapon = pick?.value ? weaponOf(pick.value) : null;
  if (!weapon) return;
  const box = pick.closest("details");
  for (const x of box.querySelectorAll('[data-path^="weapon."]')) {
    const v = weapon[x.dataset.path.slice("weapon.".length)];
    x.value = v == null ? "" : String(v);
  }
});
view.addEventListener("click", (tap) => {
  const button = tap.target.closest?.("[data-profile-save]");
  if (!button) return;
  const id = button.closest("[data-id]")?.dataset.id;
  const c = byId(id);
  if (!c) return;
  clearMarks();
  const box = button.closest("details");
  const profile = { attacker: c.attacker ? structuredClone(c.attacker) : null, target: c.target ? structuredClone(c.target) : null };
  const pick = box.querySelector("[data-weapon-pick]");
  const weapon = pick?.value ? weaponOf(pick.value) : null;
  if (weapon && profile.attacker) profile.attacker.weapon = weapon;
  const boxes = new Map();
  for (const x of box.querySelectorAll("[data-edit]")) {
    const text = x.type === "checkbox" ? "" : x.value.trim();
    const path = x.dataset.path;
    let value = x.type === "checkbox" ? x.checked : text === "" ? undefined : TEXT_PATHS.has(path) ? text : /^[+-]?\d+$/.test(text) ? Number(text) : text;
    if (path === "evasion.reaction") {
      if (!text) {
        if (profile.target) delete profile.target.evasion;
        continue;
      }
      value = text;
    }
    if (path === "evasion.skill" && profile.target && !profile.target.evasion) continue; // no Reaction: no skill
    for (const side of x.dataset.edit === "both" ? ["attacker", "target"] : [x.dataset.edit]) {
      if (!profile[side]) continue;
      if (path === "evasion.reaction" || path === "evasion.skill") profile[side].evasion ??= { reaction: "Dodge" };
      setPath(profile[side], path, value);
      boxes.set(`then.${side}.${path}`, x);
    }
  }
  const event = { type: "profile", who: c.id };
  for (const side of ["attacker", "target"]) if (profile[side]) event[side] = profile[side];
  const said = `${c.name}'s profile saved from its card${weapon ? `: ${weapon.name ?? "its weapon"}` : ""}; what it has taken is kept.`;
  send(event).then((answer) => {
    if (answer.status === "ok") return say(`${said}${saved(answer)}`, answer.saved === false);
    const lines = [];
    for (const { field, message } of answer.errors ?? [{ field: "", message: answer.message }]) {
      const at = box.isConnected && boxes.get(field);
      if (at) mark(at, message);
      else lines.push(message);
    }
    say(`Refused: ${lines.length ? lines.join("; ") : "see the marked box on its card"}. Nothing in the encounter changed.`, true);
  });
});

$("tk-remove").onclick = () => {
  const name = byId(gmWho())?.name ?? "The combatant";
  act({ type: "remove", who: gmWho() }, `${name} leaves the fight (Undo brings it back).`, { actor: $("tk-gm-who") });
};

$("tk-undo").onclick = async () => {
  clearMarks();
  const answer = await send(null, { undo: true });
  if (answer.status !== "ok") return refused(answer);
  say(`${answer.undone_text ?? "Undone: the last event"}.${saved(answer)}`, answer.saved === false); // the engine's words
};

$("tk-new").onclick = async () => {
  if (!fileOf(sys()).events.length) return say("The encounter is already empty.");
  if (!confirm(`Start a new ${rulesetOf(sys()).name} fight? This encounter is cleared (export it first to keep it).`)) return;
  const ok = store(sys(), null);
  await refresh();
  say(`A new fight: the encounter is empty.${ok ? "" : " Not saved on this device."}`, !ok);
};

// Export: the encounter file as it is stored; Import: the engine replays it whole or refuses it.
$("tk-export").onclick = () => {
  const file = fileOf(sys());
  const name = `auspex-encounter-${file.system}.json`;
  download(name, JSON.stringify(file, null, 1));
  say(`Exported ${file.events.length} event(s) as ${name}.`);
};
$("tk-import").onclick = () => $("tk-import-file").click();
$("tk-import-file").addEventListener("change", async ({ target: input }) => {
  const file = input.files?.[0];
  input.value = "";
  if (file) importText(await file.text(), file.name);
});

async function importText(text, name = "the file") {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return say(`${name} is not JSON: nothing was imported.`, true);
  }
  const answer = await call({ encounter: data });
  if (answer.status !== "ok") {
    const list = (answer.errors ?? [{ field: "", message: answer.message }]).map((x) => `${x.field}: ${x.message}`);
    statusBox.replaceChildren(`${name} was refused whole; nothing changed:`, el("ul", {}, ...list.map((t) => el("li", { textContent: t }))));
    statusBox.classList.add("bad");
    return;
  }
  const system = answer.state.system;
  if (fileOf(system).events.length && !confirm(`Replace the ${rulesetOf(system).name} encounter on this device with ${name}?`)) {
    return say(`Nothing was replaced: the ${rulesetOf(system).name} encounter on this device is kept as it was (${name} was not imported).`);
  }
  const ok = store(system, answer.encounter);
  if (system !== sys()) {
    $("system").value = system;
    $("system").dispatchEvent(new Event("change", { bubbles: true }));
  } else draw(answer);
  say(`Imported ${name}: ${answer.encounter.events.length} event(s).${ok ? "" : " Not saved on this device."}`, !ok);
}

// ---------------------------------------------------------------- the players' link (table.js)

/** The encounter of the ruleset shown: its file and its state as last drawn (null before the first). */
export const current = () => ({ system: sys(), file: fileOf(sys()), state: shown?.state ?? null });

/** The GM shows the combatants `ids` whole to the players (the file's `reveal`: no event, it
 * changes no state, so the view stays as drawn); none: the field is left out. Returns whether it was stored. */
export function setReveal(ids) {
  const system = sys();
  const { reveal: _was, ...file } = fileOf(system);
  return store(system, ids.length ? { ...file, reveal: ids } : file);
}

/** The file's accepted claims (combatant id: player name) set by the GM's tap (proposals.js), as
 * setReveal. Returns whether it was stored. */
export function setClaims(claims) {
  const system = sys();
  const { claims: _was, ...file } = fileOf(system);
  return store(system, Object.keys(claims).length ? { ...file, claims } : file);
}

/** A player's attack the GM applies (proposals.js): sent as an event typed here is, stored and drawn;
 * the engine's envelope. */
export const applyEvent = (event) => send(event);

// ---------------------------------------------------------------- Resolve

/** Whether Resolve applies to the encounter (the switch, with an actor and a target picked). */
export function applies() {
  return !$("enc-bar").hidden && $("tk-apply-enc").checked && !!byId(whoSelect.value) && !!byId(atSelect.value);
}

/** The scenario Resolve would apply to the encounter now, built by the engine from the state (the
 * conditions' modifiers, the held Aim, the rounds in the clip, the damage taken), for the Odds
 * panel: {scenario, notes}, or null when Resolve does not apply to the encounter or the engine
 * refuses the attack (the odds then follow the forms). Nothing is applied. */
export async function preview(action) {
  if (!applies()) return null;
  try {
    const ask = { who: whoSelect.value, at: atSelect.value, action };
    const tables = tablesFor(sys()); // the odds read the device's tables, as the attack will
    if (tables.length) ask.critical_tables = tables;
    const answer = await call({ encounter: fileOf(sys()), preview: ask });
    return answer.status === "ok" ? { scenario: answer.scenario, notes: answer.notes } : null;
  } catch {
    return null;
  }
}

// Critical effects: the group's tables on this device go into the encounter as a
// critical_tables event, sent just before an attack when they differ from the tables in force (the
// last such event in the file); the event is stored, so a replay reads the tables of the time.
// The attack refused (or asking for dice), the tables event is taken back, so the file is as it was
// before the click. Taken, one Undo takes back the attack only: the tables event stays, in the log
// as its own line ("Critical tables: N rows entered"); it holds the device's tables, so the attack
// made again sends none, and another Undo takes it back.
function canonTables(tables) {
  const effect = (x) => Object.fromEntries(["kind", "amount", "dice", "characteristic"].filter((k) => x?.[k] != null).map((k) => [k, x[k]]));
  const row = (r) => ({ row: r?.row, text: r?.text ?? "", effects: (r?.effects ?? []).map(effect) });
  return JSON.stringify((tables ?? []).map((t) => ({ system: t?.system, damage_type: t?.damage_type, location: t?.location, rows: (t?.rows ?? []).map(row) })));
}

function tablesInForce(file) {
  return [...file.events].reverse().find((ev) => ev.type === "critical_tables")?.tables ?? [];
}

// The Psychic Phenomena and Perils of the Warp tables in a canonical form (each row's fields in one
// order), to compare the device's with those in force.
function canonPsychic(event) {
  const effect = (x) => Object.fromEntries(["kind", "amount", "dice", "characteristic"].filter((k) => x?.[k] != null).map((k) => [k, x[k]]));
  const row = (r) => ({ low: r?.low, high: r?.high, text: r?.text ?? "", effects: (r?.effects ?? []).map(effect), perils: !!r?.perils });
  const table = (t) => (t ? { system: t.system, rows: (t.rows ?? []).map(row) } : null);
  return JSON.stringify([table(event?.phenomena), table(event?.perils)]);
}

function psychicInForce(file) {
  return [...file.events].reverse().find((ev) => ev.type === "critical_tables") ?? {};
}

// Sends the device's tables (its critical tables, and its Psychic Phenomena and Perils of the Warp
// tables) when they differ from those in force; whether it sent them (or the refused envelope: the
// tables do not fit the encounter).
async function sendTables() {
  const mine = tablesFor(sys());
  const psychic = psychicFor(sys());
  const file = fileOf(sys());
  if (canonTables(mine) === canonTables(tablesInForce(file)) && canonPsychic(psychic) === canonPsychic(psychicInForce(file))) return false;
  const event = { type: "critical_tables", tables: mine };
  for (const key of ["phenomena", "perils"]) if (psychic[key]) event[key] = psychic[key];
  const answer = await send(event);
  return answer.status === "ok" ? true : answer;
}

// Fate points: "Re-roll with Fate" on the encounter's last attack (its result's button, app.js) takes
// that attack back and applies it again with fate_reroll and the dice the page then sends (the engine
// re-rolls the test, every other die kept; the point is spent). Armed at the click, with the attack
// as the file held it, so only that attack is ever taken back; refused, it is put back as it was.
let fateUndo = null;
export function armFate() {
  const file = fileOf(sys());
  const last = file.events.at(-1);
  fateUndo = last?.type === "attack" ? { system: sys(), count: file.events.length, last: JSON.stringify(last) } : null;
}

/** Resolve as an attack event: the forms' action with their dice or seed. Answers an envelope as
 * app.js shows one: ok (the resolution and its html), needs, invalid (the forms' fields; the
 * tracker's own controls are marked by `after()`, called once the envelope is shown), error. */
export async function attack(scenario) {
  const event = { type: "attack", who: whoSelect.value, at: atSelect.value, action: scenario.action ?? {} };
  // the fan ruleset's Damage Charts typed in, then the saved ones of the other numbers
  const charts = withSavedCharts({ system: sys(), charts: scenario.charts ?? [] }, allSavedNumbers()).charts;
  if (charts?.length) event.charts = charts;
  if (!$("tk-nearby").hidden && ticked().length) {
    // Suppressing Fire: those ticked are in its area, each hit to a random one; else others struck
    if (suppressing()) event.area = ticked();
    else event.nearby = ticked();
  }
  if (!$("tk-at2-row").hidden && $("tk-at2").value) {
    event.at2 = $("tk-at2").value; // the second weapon's target
    const apart = Number($("tk-apart").value.trim() || "0");
    event.action = { ...event.action, targets_apart: Number.isFinite(apart) ? apart : $("tk-apart").value };
  }
  const volley = volleyIds();
  if (volley) event.volley = volley; // the other bodies firing with it, as one action
  if (scenario.dice) event.dice = scenario.dice;
  else event.seed = scenario.seed;
  clearMarks();
  resolveWhy("");
  let undone = null; // Fate points: the attack re-rolled, taken back first
  if (scenario.fate_reroll) {
    event.fate_reroll = scenario.fate_reroll;
    const file = fileOf(sys());
    if (fateUndo?.system === sys() && file.events.length === fateUndo.count && JSON.stringify(file.events.at(-1)) === fateUndo.last) {
      const back = await send(null, { undo: true });
      if (back.status === "ok") undone = back.undone;
    }
  }
  const tables = await sendTables(); // the device's tables first, when they changed
  if (tables !== true && tables !== false) return { status: "error", message: `Your critical tables do not fit this encounter: ${tables.errors?.[0]?.message ?? tables.message}` };
  const answer = await send(event);
  if (tables && answer.status !== "ok") await send(null, { undo: true }); // the file as before the click
  if (undone && answer.status !== "ok") await send(undone); // the attack as it was, until its re-roll is taken
  if (undone && answer.status === "ok") fateUndo = null;
  if (answer.status === "ok") {
    say(`${answer.said ?? answer.state.log.at(-1)?.text ?? ""}${saved(answer)}`, answer.saved === false);
    return { status: "ok", html: answer.result_html, resolution: answer.resolution };
  }
  if (answer.status === "needs") return answer;
  if (answer.status !== "invalid") return answer;
  const mine = (x) => x.field === "then.action.targets_apart" && !$("tk-at2-row").hidden; // the encounter's own box
  const forms = answer.errors.filter((x) => !mine(x) && (x.field.startsWith("then.action.") || x.field.startsWith("then.dice") || x.field === "then.seed"));
  const rest = answer.errors.filter((x) => !forms.includes(x));
  return {
    status: "invalid",
    errors: forms.map((x) => ({ ...x, field: x.field.slice(5) })),
    after: () => {
      refused({ ...answer, errors: rest });
      resolveWhy(rest.map((x) => firstWords(x.message)).join("; ")); // in full at its control
    },
  };
}

// An attack the encounter refused, said beside Resolve too (the control tapped; on a phone the bar at
// the foot of the screen), announced; gone at the next Resolve.
function resolveWhy(text) {
  const note = $("resolve-why");
  note.textContent = text ? `Not applied to the encounter: ${text}` : "";
  note.hidden = !text;
}
$("scenario").addEventListener("submit", () => resolveWhy(""), true);

// ---------------------------------------------------------------- start, migration, other tabs

// The encounter of the ruleset shown, replayed by the engine. A stored file the engine cannot
// replay is kept aside whole (auspex:encounter:v1:<system>:corrupt:<n>), and the fight goes on from
// the events before the one refused (a rule corrected since it was saved can refuse one event's
// recorded dice); none replays: that ruleset starts empty. The ruleset switched while the engine
// answered (the first view is made before the switch is listened to): that ruleset's is shown.
async function refresh() {
  const system = sys();
  const file = fileOf(system);
  const answer = await call({ encounter: file });
  if (system !== sys()) return refresh();
  if (answer.status === "ok") return draw(answer);
  if (answer.status === "invalid" && file.events.length) {
    const { field, message } = answer.errors[0];
    const refusedAt = /(?:^|\.)events\.(\d+)/.exec(field); // "encounter.events.3.who"
    const kept = refusedAt ? Math.min(Number(refusedAt[1]), file.events.length - 1) : 0;
    const aside = keepFileAside(system);
    store(system, kept ? { ...file, events: file.events.slice(0, kept) } : null);
    const name = rulesetOf(system).name;
    const after = kept ? `the fight goes on from the ${kept} event(s) before it` : "it starts empty";
    notice("encounter-read", `Your saved ${name} encounter could not be replayed past event ${kept + 1} (${field}: ${message}); ${asideText(aside)} and ${after}.`);
    return refresh();
  }
  say(answer.message ?? "The encounter could not be shown.", true);
}

function keepFileAside(system) {
  let n = 1;
  while (readText(`${KEY}:${system}:corrupt:${n}`) !== null) n++;
  const key = `${KEY}:${system}:corrupt:${n}`;
  return writeText(key, JSON.stringify(fileOf(system))) === null ? key : "";
}

// The combat tracker's rows, once, as add (and adjust) events of their rulesets' encounters. The
// old value is kept as auspex:tracker:v1:migrated; rows that cannot be carried over are named.
async function migrate() {
  const text = readText(OLD_KEY);
  if (text === null || readText(KEY) !== null) return;
  let rows = [];
  try {
    rows = JSON.parse(text).rows;
    if (!Array.isArray(rows)) throw new Error("no rows");
  } catch {
    return; // not readable: left where it is
  }
  const files = {};
  const left = [];
  rows.forEach((row, i) => {
    const made = migrateAny(row);
    if (!made) return left.push(String(row?.name || `row ${i + 1}`));
    const system = rulesetFor(made.system);
    files[system] ??= blankFile(system);
    const id = `m${i + 1}`;
    const name = String(row.name || `Combatant ${i + 1}`).slice(0, 80);
    files[system].events.push({ type: "add", combatant: { id, name, ...made.profile }, ...(made.note ? { note: made.note } : {}) });
    if (made.adjust) files[system].events.push({ type: "adjust", who: id, ...made.adjust });
    for (const condition of made.conditions ?? []) files[system].events.push({ type: "condition", who: id, condition });
  });
  for (const [system, file] of Object.entries(files)) {
    for (let tries = 0; tries < 50 && file.events.length; tries++) {
      const answer = await call({ encounter: file });
      if (answer.status === "ok") break;
      const at = Number(/^encounter\.events\.(\d+)/.exec(answer.errors?.[0]?.field ?? "")?.[1]);
      if (!Number.isInteger(at)) {
        left.push(...file.events.filter((e) => e.type === "add").map((e) => e.combatant.name));
        file.events = [];
        break;
      }
      const gone = file.events[at];
      if (gone.type === "add") left.push(gone.combatant.name);
      file.events = file.events.filter((e, j) => j !== at && !(gone.type === "add" && e.who === gone.combatant.id));
    }
  }
  const kept = writeText(`${OLD_KEY}:migrated`, text) === null;
  update(KEY, parse, empty, (now) => {
    for (const [system, file] of Object.entries(files)) if (file.events.length) now.files[system] = file;
    return now;
  });
  stored = loadStored(KEY, parse, empty).value;
  if (kept) {
    try {
      localStorage.removeItem(OLD_KEY);
    } catch {
      /* kept where it is */
    }
  }
  const where = kept ? `; the tracker as it was is kept on this device (as ${OLD_KEY}:migrated)` : "";
  notice("encounter-migrated", `Your combat tracker is now the encounter${left.length ? `; not carried over: ${left.join(", ")}` : ""}${where}.`);
}

// A row of any family: the family that knows its kind makes it.
function migrateAny(row) {
  for (const family of FAMILIES) {
    const made = family.tracker.migrate(row); // static/families/*.js
    if (made) return made;
  }
  return null;
}
// The ruleset a migrated row joins: its own, or, for a family's row (the old tracker kept one kind
// for the family's rulesets), the ruleset shown when it is of that family, else the family's first.
function rulesetFor(made) {
  if (Object.hasOwn(RULESETS, made)) return made;
  if (familyOf(sys()).name === made) return sys();
  return Object.keys(RULESETS).find((s) => familyOf(s).name === made) ?? made;
}

/** Called once by app.js: `engine` (a Promise of the worker's calls), `collectScenario()` (the
 * forms as a scenario), `showFieldErrors(errors)` (the forms' fields marked). */
export async function initTracker(given) {
  hooks = given;
  const { value, aside } = loadStored(KEY, parse, empty);
  stored = value;
  if (aside !== null) unreadable(aside);
  else if (value.dropped) notice("encounter-read", `${value.dropped} saved encounter(s) could not be read and are left out.`);
  say("Loading the encounter\u2026");
  hold(true); // its buttons wait for it
  // a stored fight shown at once from its kept view, while the engine starts and replays it
  if (readText(OLD_KEY) === null && (await drawKept().catch(() => false))) {
    document.documentElement.dataset.encounterShown = "kept";
  }
  await hooks.engine;
  await migrate();
  await refresh();
  hold(false);
  say("");
  document.documentElement.dataset.encounter = "ready";
  onChange(KEY, () => {
    stored = loadStored(KEY, parse, empty).value;
    refresh();
  });
  $("system").addEventListener("change", () => {
    applyChosen = null;
    refresh();
  });
}

// The tracker's own controls belong to a form of their own (not the scenario's): Enter submits nothing.
$("tk-controls").addEventListener("submit", (event) => event.preventDefault());

// The Party panel's "Import a character" (party.js), confirmed with "Save and add to the encounter":
// each profile read joins the encounter of the ruleset shown as one `add` event (attacker and
// target, its side "party" for a player character), rolling its initiative in a running fight as
// any combatant added does.
document.addEventListener("auspex:encounter-add", async (event) => {
  for (const made of event.detail?.combatants ?? []) {
    const add = { type: "add", combatant: { id: newId(), ...made } };
    if (shown?.state.round && shown.controls?.initiative) rolled(add);
    const answer = await act(add, `${made.name} joins the fight${made.side === "party" ? " (the party's side)" : ""}.`);
    if (answer?.status !== "ok") break;
  }
});

/** The Odds panel's exchange (static/odds_exchange.js): the encounter file shown and the target
 * picked in the encounter's controls, `{file, target, name}` (with `volley`: the ids of the bodies
 * firing, in order, while the Volley tick is on), or null when no fight is shown or no target in it
 * is picked. */
export function exchangeTarget() {
  const at = byId(atSelect.value);
  if ($("enc-bar").hidden || !at || at.out || !shown?.state.round) return null;
  const volley = volleyIds();
  return { file: fileOf(sys()), target: at.id, name: at.name, ...(volley ? { volley: [shown.turn.who, ...volley] } : {}) };
}
