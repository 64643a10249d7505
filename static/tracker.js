// The combat tracker: combatants and what they have taken; a result applied once to the tracked
// target; initiative from the engine (rules/initiative.py), kept round after round; saved on this
// device and shared by the page's tabs (store.js): every change is applied to what is stored at
// the time, and a tab shows what another stored. What is typed is shown as text or input values,
// never as HTML.
import { ROW_KINDS, familyOf, rulesetOf } from "./families/index.js";
import { asideText, copyAside, load as loadStored, notice, onChange, update } from "./store.js";

const KEY = "auspex:tracker:v1";
const $ = (id) => document.getElementById(id);
const form = $("scenario");
const list = $("tk-rows");
const applyButton = $("tk-apply");
const diceBox = $("tk-dice");
const sys = () => $("system").value;
// What the tracker reads for the ruleset shown (static/families/*.js, their `tracker`): its rows'
// kinds, a row from the forms, what a result does, a combatant for initiative.
const family = () => familyOf(sys()).tracker;
// Every family's rows by kind: {kind: {fields: [[key, label, word?]], critical?, notes?}}.
const kindOf = (row) => (Object.hasOwn(ROW_KINDS, row?.kind) ? ROW_KINDS[row.kind] : null);
const KEYS = ["name", "notes", "W", "taken", "fatigue", "Ag", "agb", "d10", "I", "A", "shock"];
const STATUSES = [["stunned", "Stunned"], ["pinned", "Pinned"], ["fire", "On fire"]];
const STATUS_KEYS = Object.fromEntries(STATUSES);
const empty = () => ({ round: 0, target: null, rows: [] });
let state = empty();
// This tab's changes not stored yet (a write failed): each a function of the tracker, replayed onto
// what is stored at every later write (and shown meanwhile), so nothing is lost and nothing stale
// is written back. `row`: the id of the row it changes.
let unsaved = [];
let pending = null; // the last result shown: { res, applied }
let engine;
let errors = 0;

// A whole number as typed: null when blank, NaN when not a whole number.
const num = (t) => ((t = String(t ?? "").trim()) === "" ? null : /^\d+$/.test(t) ? +t : NaN);
const tracked = () => state.rows.find((r) => r.id === state.target);
const value = (name) => form.elements.namedItem(name)?.value ?? "";
// A row's id: unique across tabs (two tabs adding at once do not clash).
const newId = () => `r${Date.now().toString(36)}${[...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;

// A stored tracker as this page reads it (throws when it is not a tracker at all): rows of a kind
// it does not know are dropped (counted in `dropped`, not stored). Version 1's numeric row ids
// (renumbered on every load) become "n<id>" (or "i<place>"), the same in every tab.
function parse(data) {
  if (!data || typeof data !== "object" || !Array.isArray(data.rows)) throw new Error("not a tracker");
  const rows = data.rows.filter((r) => kindOf(r));
  const seen = new Set();
  let target = null;
  const out = rows.map((r, i) => {
    let id = typeof r.id === "string" && /^[\w-]{1,40}$/.test(r.id) ? r.id : Number.isInteger(r.id) ? `n${r.id}` : `i${i + 1}`;
    if (seen.has(id)) id = `i${i + 1}`;
    seen.add(id);
    if (r.id === data.target && data.target != null && target === null) target = id;
    const row = { id, kind: r.kind, offs: [].concat(r.offs ?? []).filter((v) => Number.isInteger(v) && v > 0 && v < 11) };
    for (const k of KEYS) if (typeof r[k] === "string") row[k] = r[k].slice(0, 200);
    for (const [k] of STATUSES) row[k] = r[k] === true;
    return row;
  });
  const tracker = { round: Number.isInteger(data.round) && data.round >= 0 ? data.round : 0, target, rows: out };
  Object.defineProperty(tracker, "dropped", { value: data.rows.length - rows.length });
  return tracker;
}

// Changes the tracker: `change(tracker)` is applied to what is stored now (with any of this tab's
// changes still unsaved) and stored. When the write fails, the change stays in this tab, shown as
// not saved, and is stored with the next write that succeeds. Returns whether it was stored.
function commit(change, { row = null, redraw = true } = {}) {
  unsaved.push({ change, row });
  const { value, error, aside } = update(KEY, parse, empty, (now) => {
    for (const u of unsaved) u.change(now);
    return now;
  });
  state = value;
  if (aside !== null) unreadable(aside);
  if (!error) unsaved = [];
  notice("tracker", error ? `Not saved on this device: ${error} \u2014 the tracker's latest changes are kept in this tab only, until it is closed.` : "");
  if (redraw) render();
  else syncApply();
  return !error;
}

// What another tab stored (with this tab's unsaved changes on top).
function reload() {
  const { value } = loadStored(KEY, parse, empty);
  for (const u of unsaved) u.change(value);
  state = value;
  render();
}

function say(text, bad = false) {
  const status = $("tk-status");
  status.textContent = text;
  status.classList.toggle("bad", bad);
}

function unreadable(aside) {
  notice("tracker-read", `Your saved combat tracker could not be read; ${asideText(aside)} and the tracker starts empty.`);
}

// The stored tracker, on the page's start: a value it cannot read (whole, or some rows) is kept
// aside under auspex:tracker:v1:corrupt:<n> and reported once.
function load() {
  const { value, aside } = loadStored(KEY, parse, empty);
  state = value;
  if (aside !== null) {
    unreadable(aside);
  } else if (value.dropped) {
    const copy = copyAside(KEY);
    if (copy) update(KEY, parse, empty, (now) => now); // the readable rows stored again: reported once
    notice("tracker-read", `${value.dropped} saved tracker ${value.dropped === 1 ? "row" : "rows"} could not be read and ${value.dropped === 1 ? "is" : "are"} left out${copy ? `; the tracker as it was is kept aside on this device (as ${copy})` : ""}.`);
  }
}

function el(tag, props, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

// As app.js marks a field: the message under it, as its description (not its name).
function mark(input, message) {
  input.setAttribute("aria-invalid", String(!!message));
  input.removeAttribute("aria-describedby");
  input.parentElement.querySelector(".field-error")?.remove();
  if (!message) return;
  const note = el("span", { className: "field-error", id: `tk-error-${++errors}`, textContent: message, ariaHidden: "true" });
  input.setAttribute("aria-describedby", note.id);
  input.after(note);
}

function critical(row) {
  const over = num(row.taken) - num(row.W);
  return kindOf(row)?.critical && over > 0 ? `Critical damage ${over}` : "";
}

const field = (key, props) => {
  const x = el("input", { type: key in STATUS_KEYS ? "checkbox" : "text", ...props });
  x.dataset.f = key;
  return x;
};
const notesLabel = () => el("label", { className: "wide" }, "Injuries ", field("notes"));

// A blank card of a kind, for the ruleset shown: built once, cloned for each row (a thousand rows
// are drawn in a tenth of the time element by element takes).
const templates = new Map();
function template(kind) {
  const key = `${kind}:${sys()}`;
  if (templates.has(key)) return templates.get(key);
  const words = rulesetOf(sys()).words ?? {}; // the ruleset's own names for some fields
  const fields = ROW_KINDS[kind].fields.map(([key, label, word]) => {
    const text = (word && words[word]) ?? label;
    const placeholder = { agb: "Ag\u00f710", d10: "roll" }[key] ?? "";
    return el("label", {}, `${text} `, field(key, { inputMode: "numeric", placeholder }));
  });
  const li = el(
    "li",
    { className: "tk-row" },
    el(
      "div",
      { className: "row tk-head" },
      el("span", { className: "tk-place" }),
      el("label", { className: "grow" }, "Name ", field("name", { maxLength: 80 })),
      el("label", { className: "check" }, field("target", { type: "radio", name: "tk-target" }), " Tracked target"),
      el("button", { type: "button", className: "remove", textContent: "Remove" }),
    ),
    el("div", { className: "row tk-fields" }, ...fields),
    el("p", { className: "tk-crit" }),
    el("div", { className: "row tk-checks" }, ...STATUSES.map(([k, text]) => el("label", { className: "check" }, field(k), ` ${text}`))),
  );
  if (ROW_KINDS[kind].notes) li.append(notesLabel());
  templates.set(key, li);
  return li;
}

// A row's card: its values set as properties (what was typed stays text).
function rowView(row, i) {
  const li = template(row.kind).cloneNode(true);
  if (!kindOf(row).notes && row.notes) li.append(notesLabel());
  for (const x of li.querySelectorAll("[data-f]")) {
    const key = x.dataset.f;
    if (key === "target") x.checked = state.target === row.id;
    else if (x.type === "checkbox") x.checked = row[key] === true;
    else x.value = row[key] ?? "";
  }
  li.querySelector(".tk-place").textContent = state.round ? `${i + 1}.` : "";
  li.querySelector(".tk-crit").textContent = critical(row);
  if (unsaved.some((u) => u.row === row.id)) {
    li.classList.add("tk-unsaved");
    li.firstChild.append(el("span", { className: "tk-unsaved-note", textContent: "Not saved on this device" }));
  }
  li.dataset.id = row.id;
  return li;
}

// Draws the rows: the first screenful at once, the rest in the next task, so a long tracker shows
// at once (a new drawing cancels an unfinished one). A field being typed in keeps its focus and
// caret when its row is still there. <ol data-drawn="all"> says every row is drawn.
const FIRST_ROWS = 40;
let drawing = 0;
function render() {
  const at = document.activeElement;
  let focus = list.contains(at) && at.dataset.f ? { id: at.closest("li").dataset.id, f: at.dataset.f, caret: at.type === "text" ? [at.selectionStart, at.selectionEnd] : null } : null;
  const refocus = () => {
    const again = focus && list.querySelector(`[data-id="${focus.id}"] [data-f="${focus.f}"]`);
    if (!again) return;
    again.focus();
    if (focus.caret) again.setSelectionRange(...focus.caret);
    focus = null;
  };
  const rows = state.rows;
  const gen = ++drawing;
  list.replaceChildren(...rows.slice(0, FIRST_ROWS).map(rowView));
  const rest = () => {
    if (gen !== drawing) return;
    const start = performance.now();
    list.append(...rows.slice(FIRST_ROWS).map((row, j) => rowView(row, FIRST_ROWS + j)));
    list.getBoundingClientRect(); // laid out (content-visibility: only the rows in view)
    list.dataset.drawMs = String(Math.round(performance.now() - start));
    list.dataset.drawn = "all";
    refocus();
  };
  if (rows.length > FIRST_ROWS) {
    delete list.dataset.drawn;
    setTimeout(rest, 0);
  } else list.dataset.drawn = "all";
  $("tk-round").textContent = state.round ? `Round ${state.round}` : "Not started";
  syncApply();
  refocus();
}

list.addEventListener("input", ({ target: x }) => {
  const li = x.closest("li");
  const id = li.dataset.id;
  const key = x.dataset.f;
  const typed = x.type === "checkbox" ? x.checked : x.value;
  commit(
    (now) => {
      const row = now.rows.find((r) => r.id === id);
      if (!row) return; // removed in another tab meanwhile
      if (key === "target") now.target = id;
      else row[key] = typed;
      if (["d10", "Ag", "agb", "I"].includes(key)) row.offs = []; // a tie broken on other numbers no longer holds
    },
    { row: id, redraw: false },
  );
  const row = state.rows.find((r) => r.id === id);
  if (!row) return render();
  if (x.inputMode === "numeric") {
    const n = num(x.value);
    const hi = key === "d10" || key === "A" ? 10 : 1e9;
    const lo = +(hi === 10);
    mark(x, Number.isNaN(n) ? "Must be a whole number" : n !== null && (n < lo || n > hi) ? `Must be ${lo} to ${hi}` : "");
  }
  li.querySelector(".tk-crit").textContent = critical(row);
  syncUnsaved(li, id);
});

// A row's "not saved" mark, as the last write left it (without drawing the rows again).
function syncUnsaved(li, id) {
  const now = unsaved.some((u) => u.row === id);
  if (li.classList.contains("tk-unsaved") === now) return;
  li.classList.toggle("tk-unsaved", now);
  if (now) li.firstChild.append(el("span", { className: "tk-unsaved-note", textContent: "Not saved on this device" }));
  else li.querySelector(".tk-unsaved-note")?.remove();
}

list.addEventListener("click", ({ target: x }) => {
  if (!x.matches(".remove")) return;
  const id = x.closest("li").dataset.id;
  const name = state.rows.find((r) => r.id === id)?.name || "The row";
  const stored = commit((now) => {
    now.rows = now.rows.filter((r) => r.id !== id);
    if (now.target === id) now.target = null;
  });
  if (!stored) say(`${name} is removed in this tab only: it could not be removed on this device (see above).`, true);
});

// Adding from the forms
function fromForms(side) {
  const target = side === "target";
  const { kind, ...fields } = family().fromForms(side, value, form);
  const name = value(`${familyOf(sys()).prefix}${side}.name`);
  const row = { id: newId(), kind, offs: [], name: name.trim() || side, ...fields };
  const stored = commit(
    (now) => {
      now.rows.push(structuredClone(row));
      if (target) now.target = row.id;
    },
    { row: row.id },
  );
  if (stored) say(`${row.name} added${target ? " as the tracked target" : ""}.`);
  else say(`${row.name} is not saved on this device: it is kept in this tab only, until it is closed.`, true);
}
$("tk-add-attacker").onclick = () => fromForms("attacker");
$("tk-add-target").onclick = () => fromForms("target");

// Applying a result: what it does to its target ({ taken, fatigue, shock, notes, text }), as the
// result's own ruleset reads it
const effect = (res) => familyOf(res.system).tracker.effect(res);

function syncApply() {
  const row = tracked();
  applyButton.disabled = !pending || !row;
  applyButton.textContent = pending?.applied
    ? `Applied to ${pending.applied}`
    : `Apply to ${row ? row.name : "the tracked target"}${pending && row ? `: ${effect(pending.res).text}` : ""}`;
}

document.addEventListener("auspex:resolved", ({ detail }) => {
  pending = { res: detail.resolution };
  syncApply();
});

applyButton.onclick = () => {
  let row = tracked();
  if (pending.applied) return say(`This result was already applied to ${pending.applied}; resolve a new attack to apply another.`, true);
  const fx = effect(pending.res);
  const [taken, fatigue] = [num(row.taken) ?? 0, num(row.fatigue) ?? 0];
  if (Number.isNaN(taken + fatigue)) return say(`Fix ${row.name}'s numbers first: nothing was applied.`, true);
  const id = row.id;
  // applied to the row as stored when it is written (another tab may have added to it meanwhile)
  const stored = commit(
    (now) => {
      const r = now.rows.find((x) => x.id === id);
      if (!r) return;
      r.taken = String((num(r.taken) || 0) + fx.taken);
      if (fx.fatigue) r.fatigue = String((num(r.fatigue) || 0) + fx.fatigue);
      if (fx.shock != null) r.shock = String(fx.shock);
      if (fx.notes?.length) r.notes = [r.notes, ...fx.notes].filter(Boolean).join("; ");
    },
    { row: id },
  );
  row = state.rows.find((x) => x.id === id) ?? row;
  pending.applied = row.name;
  // the Target form follows the tracked target, so the next attack starts from it
  if ($("tk-sync").checked) family().follow?.(row, { form, value, num });
  const now = kindOf(row)?.notes ? fx.notes.join("; ") : `now ${row.taken}${row.W ? ` of ${row.W}` : ""}`;
  const kept = stored ? "" : " Not saved on this device: kept in this tab only, until it is closed.";
  say(`Applied to ${row.name}: ${fx.text} (${now}). ${critical(row)}${kept}`.replace(/ +$/, ""), !stored);
};

// Initiative: the ruleset's combatants in order; the others keep their place after them
async function initiative(fresh) {
  const fam = family();
  const rows = state.rows.filter((r) => Object.hasOwn(fam.kinds, r.kind));
  if (!rows.length) return say("Add combatants of this ruleset first.", true);
  const round = state.round;
  const next = fresh ? 1 : round + 1;
  if (fam.noInitiative) {
    const stored = commit((now) => void (now.round = next));
    return say(`Round ${next}: ${fam.noInitiative}${stored ? "" : " Not saved on this device."}`, !stored);
  }
  const n = (v) => (num(v) === null ? undefined : Number.isNaN(num(v)) ? v : num(v)); // as typed when not a number
  const request = {
    system: sys(),
    combatants: rows.map((r) => ({
      name: r.name || "?",
      roll_offs: fresh ? [] : r.offs,
      ...fam.combatant(r, fresh, n),
    })),
  };
  if (diceBox.value.trim()) request.dice = diceBox.value.trim().split(/[\s,;]+/).map(n);
  else request.seed = crypto.getRandomValues(new Uint32Array(1))[0];
  mark(diceBox, "");
  let answer;
  try {
    answer = JSON.parse(await (await engine).initiative(JSON.stringify(request)));
  } catch (error) {
    console.error("auspex: initiative failed", error);
    answer = { message: "The page could not reach the rules engine. Reload to try again." };
  }
  if (answer.status !== "ok") {
    if (answer.needs) return say(`Roll die ${answer.needs.index + 1}: ${answer.needs.purpose}, and add it to the initiative dice.`, true);
    say(answer.errors ? "Check the marked fields: nothing was rolled." : answer.message, true);
    for (const { field, message } of answer.errors ?? []) {
      const [, i, key] = field.split(".");
      const r = field[0] === "c" && rows[i];
      const x = r ? list.querySelector(`[data-id="${r.id}"] [data-f="${key === "agility_bonus" ? "agb" : key}"]`) : field[0] === "d" && diceBox;
      if (x) mark(x, message);
      else say(`${r ? `${r.name}: ` : ""}${message}`, true);
    }
    return;
  }
  // the order as stored when it is written: rows another tab added meanwhile keep their place after it
  const order = answer.initiative.order.map((x) => ({ id: rows[x.index].id, d10: String(x.d10 ?? ""), offs: x.roll_offs }));
  const stored = commit((now) => {
    const byId = new Map(now.rows.map((r) => [r.id, r]));
    const first = order.filter((o) => byId.has(o.id)).map((o) => Object.assign(byId.get(o.id), { d10: o.d10, offs: o.offs }));
    now.rows = [...first, ...now.rows.filter((r) => !first.includes(r))];
    now.round = next;
  });
  $("tk-init").innerHTML = answer.html; // built by render_initiative.py, every text escaped
  const how = fam.how({ fresh, round, answer });
  say(`Round ${next}: ${how}; wounds kept.${stored ? "" : " Not saved on this device: kept in this tab only, until it is closed."}`, !stored);
}
$("tk-new-round").onclick = () => initiative(false);
$("tk-roll").onclick = () => initiative(true);
$("system").addEventListener("change", render);

// Called once by app.js with the engine. The time the stored tracker took to be read, drawn and
// laid out as first shown is left in <html data-tracker-ms>; the time the rows after the first
// screenful took to be drawn and laid out, in <ol data-draw-ms> (the browser tests hold them to
// bounds).
export function initTracker(worker) {
  engine = worker;
  const start = performance.now();
  load();
  render();
  list.getBoundingClientRect(); // laid out (content-visibility: only the rows in view)
  document.documentElement.dataset.trackerMs = String(Math.round(performance.now() - start));
  onChange(KEY, reload);
}
