// Auspex: the forms checked while the player fills them.
//
// - A field is checked when it loses focus (or a choice changes): the forms go to the rules
//   engine's check(json) (static/auspex_web/bridge.py -> rules.api.check: validation only, no die
//   drawn, the names the result reads required) and the fields the player has left show the
//   engine's own messages; a field marked (by this check or by Resolve) loses its mark as soon as
//   the engine finds it right. A field never visited is not marked (Resolve still marks them all).
// - It never slows typing or a Resolve: checks wait CHECK_DELAY_MS after the last field left, one
//   is in flight at a time, none is sent while the engine is busy (a Resolve, an import...), and an
//   answer that comes back after a Resolve marked the forms is dropped.
// - No stale marks: switching the dice mode, the ruleset, the action or the target's kind (any
//   change that hides fields) takes the marks off the hidden fields, and the result's "Check the
//   marked field" line goes once no mark is left.
// - A quality's value typed as players write it ("Proven 3", "Blast(3)") reads as the book writes
//   it ("Proven (3)") once the qualities field is left; the engine reads both alike.
import { engines } from "./engine.js";
import { pathOf } from "./families/index.js";

const CHECK_DELAY_MS = 250;
const ROOTS = ["attacker.", "target.", "action.", "charts.", "options."];

let hooks = null; // from app.js: {form, collectScenario, inputFor, result, formErrors}
const touched = new WeakSet(); // the fields the player has left or changed
let timer = null;
let inFlight = false;
let again = false;
let generation = 0; // bumped when Resolve marks or clears the forms: older answers are dropped
let noteCount = 0;

// ---------------------------------------------------------------- one field's mark

/** Marks `el` with `message`: a note inside its label, under the input (aria-hidden, so it stays out
 * of the label's name), made the input's description. A mark already there takes the new text. */
export function markField(el, message) {
  const old = describedNote(el);
  if (old) {
    old.textContent = message;
    el.setAttribute("aria-invalid", "true");
    return;
  }
  const note = document.createElement("span");
  note.className = "field-error";
  note.id = `field-error-${++noteCount}`;
  note.textContent = message;
  note.setAttribute("aria-hidden", "true");
  el.setAttribute("aria-invalid", "true");
  el.setAttribute("aria-describedby", note.id);
  (el.closest("label") ?? el.parentElement).append(note);
}

/** Takes `el`'s mark off (its note, aria-invalid and the description). */
export function unmarkField(el) {
  describedNote(el)?.remove();
  el.removeAttribute("aria-invalid");
  el.removeAttribute("aria-describedby");
}

function describedNote(el) {
  const id = el.getAttribute("aria-describedby");
  const note = id ? document.getElementById(id) : null;
  return note?.classList.contains("field-error") ? note : null;
}

/** Resolve marked or cleared the forms: a check waiting or answered after that is out of date
 * (Resolve's marks, which include the rules' refusals after the first die, stand). */
export function forgetChecks() {
  generation += 1;
  clearTimeout(timer);
  timer = null;
  again = false;
}

// ---------------------------------------------------------------- which fields

function isScenarioField(el) {
  if (!el?.name || el.closest("#dice")) return false; // the dice are checked as they are rolled
  const path = pathOf(el.name);
  return ROOTS.some((root) => path.startsWith(root));
}

function markedFields() {
  return [...hooks.form.querySelectorAll('[aria-invalid="true"]')].filter(isScenarioField);
}

// ---------------------------------------------------------------- "Proven 3" -> "Proven (3)"

const BARE_VALUE = /^([A-Za-z](?:[A-Za-z' -]*[A-Za-z'])?)\s*(?:\(\s*(\d+)\s*\)|(\d+))$/;

/** A qualities text with each value in brackets, as the book writes it: "Proven 3, Tearing" ->
 * "Proven (3), Tearing". Anything else stays as typed, for the engine to name. */
export function bookQualities(text) {
  const parts = text.split(",").map((part) => {
    const m = BARE_VALUE.exec(part.trim());
    return m ? `${m[1]} (${m[2] ?? m[3]})` : part.trim();
  });
  return parts.filter(Boolean).join(", ");
}

function tidyQualities(el) {
  if (!pathOf(el.name).endsWith("weapon.qualities") || el.value.trim() === "") return;
  const book = bookQualities(el.value);
  if (book === el.value) return;
  el.value = book;
  el.dispatchEvent(new Event("input", { bubbles: true })); // the kept forms and the odds follow
}

// ---------------------------------------------------------------- the check

function schedule(delay = CHECK_DELAY_MS) {
  clearTimeout(timer);
  timer = setTimeout(run, delay);
}

function scenarioToCheck() {
  const scenario = hooks.collectScenario();
  delete scenario.dice; // the check ignores them: no die is drawn
  delete scenario.seed;
  return JSON.stringify(scenario);
}

async function run() {
  timer = null;
  const engine = engines.main;
  if (document.documentElement.dataset.engine !== "ready") return; // Resolve marks the forms once it runs
  if (inFlight) {
    again = true;
    return;
  }
  if (engine.busySince !== null) {
    schedule(); // a Resolve (or another call) first: the check waits its turn
    return;
  }
  const asked = generation;
  inFlight = true;
  let envelope = null;
  try {
    envelope = JSON.parse(await engine.call("check", scenarioToCheck()));
  } catch (error) {
    console.warn("auspex: the forms' check failed", error);
  } finally {
    inFlight = false;
  }
  if (envelope && asked === generation) show(envelope);
  if (again) {
    again = false;
    schedule();
  }
}

// The engine's answer: the fields it finds wrong and the player has left are marked with its
// messages (a field with several, e.g. two qualities, reads them all); every mark on a field it
// now finds right goes.
function show(envelope) {
  if (envelope.status !== "ok" && envelope.status !== "invalid") return;
  document.documentElement.dataset.checked = envelope.status; // read by the browser tests
  const wrong = new Map();
  let unplaced = 0;
  for (const { field, message } of envelope.errors ?? []) {
    const el = field === "scenario" ? null : hooks.inputFor(field);
    if (!el || !isScenarioField(el) || el.type === "radio") {
      unplaced += 1;
      continue;
    }
    wrong.set(el, wrong.has(el) ? `${wrong.get(el)}; ${message}` : message);
  }
  if (!unplaced) {
    hooks.formErrors.hidden = true; // Resolve's messages that no field could show: none left
    hooks.formErrors.replaceChildren();
  }
  for (const el of markedFields()) if (!wrong.has(el)) unmarkField(el);
  for (const [el, message] of wrong) if (touched.has(el) || el.getAttribute("aria-invalid") === "true") markField(el, message);
  showWarnings(envelope.warnings ?? [], wrong);
  settle();
}

// The engine's warnings: a field that is valid but read one way where the player may mean another
// (Epic's AP4 typed without '+': this game's AP 4, not a datasheet's AP4+, rules/epic/text.py). A
// note under a field the player has left, in the engine's words naming both readings; not a mark
// (Resolve still resolves); it goes once the engine no longer warns of that field, or marks it wrong.
function showWarnings(warnings, wrong) {
  const warned = new Map();
  for (const { field, message } of warnings) {
    const el = hooks.inputFor(field);
    if (el && isScenarioField(el) && pathOf(el.name) === field && touched.has(el) && !wrong.has(el)) warned.set(el, message);
  }
  for (const note of hooks.form.querySelectorAll(".field-warning")) {
    const el = note.parentElement.querySelector("[name]");
    if (!warned.has(el)) note.remove();
  }
  for (const [el, message] of warned) {
    const holder = el.closest("label") ?? el.parentElement;
    let note = holder.querySelector(":scope > .field-warning");
    if (!note) {
      note = document.createElement("span");
      note.className = "field-warning";
      note.setAttribute("role", "status");
      holder.append(note);
    }
    note.textContent = message;
  }
}

// ---------------------------------------------------------------- no stale marks

// After a switch that hides fields: their marks go, the unplaced messages (#form-errors) too, and
// the result's "Check the marked field" line once no mark is left.
function prune({ switched = false } = {}) {
  for (const el of hooks.form.querySelectorAll('[aria-invalid="true"]')) {
    if (el.closest("[hidden]") && hooks.form.contains(el) && !el.closest("#tracker, #enc-bar")) unmarkField(el);
  }
  if (switched) {
    hooks.formErrors.hidden = true;
    hooks.formErrors.replaceChildren();
  }
  settle();
}

function settle() {
  const left = hooks.form.querySelector('[aria-invalid="true"]');
  const line = hooks.result.querySelector("[data-check-line]");
  if (line && !left && hooks.formErrors.hidden) line.remove();
}

const SWITCHES = new Set(["dice-mode", "system", "target-kind", "action.type"]);

function isSwitch(el) {
  return SWITCHES.has(el.name) || SWITCHES.has(pathOf(el.name ?? "")) || el.type === "radio";
}

// ---------------------------------------------------------------- wiring

/** Starts the checks on app.js's forms: `collectScenario()` (the scenario Resolve would send),
 * `inputFor(field)` (the input an error's field names), `result` and `formErrors` (the result
 * area and the unplaced messages). */
export function initCheck({ form, collectScenario, inputFor, result, formErrors }) {
  hooks = { form, collectScenario, inputFor, result, formErrors };
  form.addEventListener("focusout", (event) => {
    const el = event.target;
    if (!isScenarioField(el) || el.type === "checkbox" || el.type === "radio") return;
    tidyQualities(el);
    touched.add(el);
    schedule();
  });
  form.addEventListener("change", (event) => {
    const el = event.target;
    if (isSwitch(el)) {
      setTimeout(() => prune({ switched: true })); // once app.js has shown and hidden what the switch decides
      if (!el.closest("#dice")) schedule();
      return;
    }
    if (!isScenarioField(el)) return;
    touched.add(el);
    schedule();
  });
  // a row removed (Add modifier, Add a foe, units) takes its marks with it: the line may go too
  form.addEventListener("click", (event) => {
    if (event.target.closest("button.remove")) setTimeout(() => prune());
  });
}
