// Auspex (layout): a Resolve tapped while the rules engine starts, run once it is ready;
// and the view kept over a reload or a phone discarding the tab (`auspex:view:v1`): the step shown,
// the Result step's tab on a phone, the last result (its scenario with its seed or dice, resolved
// again, never stored HTML), Compare's A and the open panels.
//
// The last result: the scenario as sent (with its seed or dice) is resolved again at start, through
// the same engine and renderer, so what shows is rebuilt by this build; one that no longer validates
// is dropped with a note. An attack applied to the encounter is NOT resolved again (that would roll
// or apply it twice): the note points to the encounter, whose own log (kept by tracker.js) has it.
import { load, update } from "./store.js";

export const VIEW_KEY = "auspex:view:v1";
const STEPS = ["attacker", "target", "action", "result"];
const TABS = ["result", "odds", "encounter"];
const root = document.documentElement;

// What is kept, read leniently: a field of the wrong shape is left out, never a failure.
function parse(value) {
  const view = {};
  if (!value || typeof value !== "object") return view;
  if (STEPS.includes(value.at)) view.at = value.at;
  if (TABS.includes(value.tab)) view.tab = value.tab; // a phone's Result step's tab (tabs.js)
  if (value.open && typeof value.open === "object") {
    view.open = Object.fromEntries(Object.entries(value.open).filter(([, v]) => typeof v === "boolean"));
  }
  const last = value.last;
  if (last && typeof last === "object" && last.scenario && typeof last.scenario === "object") {
    view.last = { scenario: last.scenario, encounter: last.encounter === true };
  }
  if (value.compareA && typeof value.compareA === "object") view.compareA = value.compareA;
  return view;
}

let kept = load(VIEW_KEY, parse, () => ({})).value;

/** Keeps `changes` (merged into what is stored now); `null` takes a field away. A write that fails is
 * not announced: the view is a convenience, and the forms' own keeping already says when storage is full. */
export function keepView(changes) {
  const { value, error } = update(VIEW_KEY, parse, () => ({}), (now) => {
    const next = { ...now, ...changes };
    for (const [k, v] of Object.entries(changes)) if (v === null) delete next[k];
    return next;
  });
  kept = value;
  if (error) console.warn(`auspex: the view could not be kept: ${error}`);
}

/** What was kept under `name` when the page started (or since). */
export function keptView(name) {
  return kept[name] ?? null;
}

// ---------------------------------------------------------------- Resolve while the engine starts

// A tap on Resolve before the engine's first "ready": remembered (said in the bar), run once when it
// is ready with the forms as they are then; a second tap takes it back. Never two.
function initQueue(form, engine) {
  const note = document.getElementById("resolve-queued");
  let waiting = false;
  const say = () => {
    note.hidden = !waiting;
    note.textContent = waiting ? "Resolve: runs when the engine is ready (tap again to cancel)." : "";
    root.toggleAttribute("data-resolve-queued", waiting);
  };
  form.addEventListener(
    "submit",
    (event) => {
      if (root.dataset.engine === "ready" || root.dataset.engineMs) return; // ready once: app.js resolves
      event.preventDefault();
      event.stopImmediatePropagation();
      waiting = !waiting;
      say();
    },
    true,
  );
  engine.then(() =>
    setTimeout(() => {
      if (!waiting) return;
      waiting = false;
      say();
      form.requestSubmit();
    }),
  );
}

// ---------------------------------------------------------------- open panels

// A panel's name in the kept view: its id, or its kind (the result's step log, the encounter's GM tools).
function panelKey(el) {
  if (el.id === "odds") return "odds";
  if (el.matches("details.steps")) return "steps";
  if (el.matches("details.tk-gm")) return "tk-gm";
  return el.matches("details[id]") ? el.id : null;
}

function openPanels(scope = document) {
  const open = keptView("open") ?? {};
  for (const el of scope.querySelectorAll("details")) {
    const key = panelKey(el);
    if (key && key in open && el.open !== open[key]) el.open = open[key];
  }
}

function initPanels() {
  openPanels();
  document.addEventListener(
    "toggle",
    (event) => {
      const key = event.target instanceof HTMLDetailsElement ? panelKey(event.target) : null;
      if (key && event.isTrusted) keepView({ open: { ...(keptView("open") ?? {}), [key]: event.target.open } });
    },
    true,
  );
  const toggle = document.getElementById("odds-toggle");
  new MutationObserver(() => keepView({ open: { ...(keptView("open") ?? {}), odds: toggle.getAttribute("aria-expanded") === "true" } })).observe(
    toggle,
    { attributes: true, attributeFilter: ["aria-expanded"] },
  );
  // a new result's step log: as the player last left it
  document.addEventListener("auspex:resolved", () => openPanels(document.getElementById("result")));
}

// ---------------------------------------------------------------- the step and the last result

function goStep(step) {
  document.querySelector(`.stepbar [data-go="${step}"]`)?.click();
}

function note(text) {
  const p = document.createElement("p");
  p.className = "waiting";
  p.dataset.k = "restored-note";
  p.textContent = text;
  document.getElementById("result").replaceChildren(p);
}

async function restoreResult(resolve) {
  const last = keptView("last");
  if (!last) return;
  if (last.encounter) {
    note("Your last attack was applied to the encounter: its result is in the encounter's log (not rolled again).");
    return;
  }
  const envelope = await resolve(last.scenario, { kept: true });
  if (envelope === null || envelope.status === "ok") return; // null: a Resolve of the player's came first
  keepView({ last: null });
  note("Your last result could not be shown again (this version of the page reads it differently): press Resolve for a new one.");
}

/**
 * Starts the view's keeping: `resolve(scenario, { kept: true })` resolves a kept scenario as the
 * forms' would be (a non-ok envelope: nothing shown; null: not shown, the player's own Resolve came
 * first), `engine` settles at the first ready.
 */
export function initView({ form, engine, resolve }) {
  const step = keptView("at");
  initQueue(form, engine);
  initPanels();
  if (step) goStep(step);
  new MutationObserver(() => keepView({ at: root.dataset.at })).observe(root, { attributes: true, attributeFilter: ["data-at"] });
  engine.then(async () => {
    await restoreResult(resolve);
    if (step && root.dataset.at !== step) goStep(step);
    const odds = document.getElementById("odds-toggle");
    if (keptView("open")?.odds && odds.getAttribute("aria-expanded") !== "true") {
      setTimeout(() => odds.click()); // after app.js's "ready" (the button enabled)
    }
    // then the phone's tab kept (tabs.js), which the result resolved again had set to Result
    setTimeout(() => document.dispatchEvent(new Event("auspex:view-restored")));
  });
}
