// Auspex: weapons and armour picked, not typed. On the Attacker and Target steps
// of every ruleset, a picker offers the party's saved entries (an optgroup "Party", first) and, for
// a ruleset whose catalogue has one, the ruleset's armoury (the catalogue's, each entry with its source shown
// beside the picker); picking fills the fields, which stay editable. Beside a d100 weapon, its fire
// modes (its RoF read by the rules engine, or the ruleset's melee attacks) as buttons that set the Action step's action, so a
// change of weapon and fire mode is a few taps with nothing typed. A Save button puts the weapon or
// armour on the form into the party in one tap (party.js saves it, by the auspex:party-save event).
// Everything shown is text (textContent), never markup.

import { engines } from "./engine.js";
import { LOCATIONS, familyOf } from "./families/index.js";
import { h, put, scenarioFields } from "./formstate.js";

const form = document.getElementById("scenario");
const system = form.elements.namedItem("system");
const actionSelect = form.elements.namedItem("action.type");
const PARTY = "@party:"; // a party entry's option value: this prefix and its name (book ids are slugs)

let ruleset = null; // the chosen ruleset's catalogue entry (d100: with its armoury)
let party = { attackers: [], weapons: [], targets: [], armour: [] };

const option = (value, text) => h("option", { value, textContent: text });
const group = (label, options) => {
  const g = h("optgroup", { label });
  g.append(...options);
  return g;
};

// The pickers: `kind` the party's list, `path` the scenario's part it fills (`scope`: the fields
// it may change), `book(ruleset)` the armoury's entries as [group, options] pairs (none outside the
// d100 family), `apply(id)` fills a book entry, `shown` the sources/notes line under the picker.
const PICKERS = [
  {
    id: "armoury-weapon",
    family: "d100",
    kind: "weapons",
    path: "attacker.weapon",
    scope: ["attacker.weapon."],
    empty: "(type the profile below)",
    book: bookWeapons,
    apply: (id) => applyBook("weapons", id),
    matches: () => bookMatch("weapons"),
  },
  {
    id: "armoury-armour",
    family: "d100",
    kind: "armour",
    path: "target.armour",
    scope: ["target.armour."],
    empty: "(type the AP below)",
    book: (r) => (r?.armoury ? [[null, r.armoury.armour.map((x) => option(x.id, `${x.name} (${x.covers})`))]] : []),
    apply: (id) => applyBook("armour", id),
    matches: () => bookMatch("armour"),
  },
  { id: "rp-weapon-pick", family: "fan", kind: "weapons", path: "attacker.weapon", scope: ["attacker.weapon."], empty: "(type the profile below)" },
  { id: "ep-attacker-pick", family: "formation", kind: "attackers", path: "attacker", scope: ["attacker."], empty: "(type the formation below)" },
  { id: "ep-target-pick", family: "formation", kind: "targets", path: "target", scope: ["target."], empty: "(type the formation below)" },
];

// index.html's party-only pickers, one <template> drawn at each data-party-picker (before the listeners)
for (const spot of document.querySelectorAll("[data-party-picker]")) {
  const { id, empty } = PICKERS.find((p) => p.id === spot.dataset.partyPicker);
  const copy = document.getElementById("party-picker").content.cloneNode(true);
  copy.querySelector("label").firstChild.data = `Pick a saved ${spot.dataset.saved} `;
  copy.querySelector("select").append(option("", empty));
  copy.querySelector("select").id = id;
  copy.querySelector("button").id = `${id}-save`;
  copy.querySelector("p").id = `${id}-source`;
  spot.replaceWith(copy);
}

function bookWeapons(r) {
  const a = r?.armoury;
  if (!a) return [];
  const groups = new Map();
  for (const w of a.weapons) {
    if (!groups.has(w.group)) groups.set(w.group, []);
    groups.get(w.group).push(option(w.id, w.complete ? w.name : `${w.name} (profile by ammunition)`));
  }
  if (a.combi?.length) groups.set("Combi-weapon, secondary", a.combi.map((w) => option(w.id, w.name)));
  return [...groups];
}

function setField(name, value) {
  const el = form.elements.namedItem(name);
  if (!el) return;
  if (el.type === "checkbox") el.checked = Boolean(value);
  else el.value = value == null ? "" : String(value);
}

// A book weapon's profile as the fields take it, and what the picker shows of it. A profile the
// ammunition decides (launchers) leaves its damage empty for the player to fill from the round in use.
function weaponFields(w) {
  const p = w.profile;
  const fields = { "attacker.weapon.name": p.name, "attacker.weapon.class": p.class };
  // a melee weapon has no range, RoF or clip: the fields take the engine's defaults (a blank RoF
  // of a melee weapon is its single attack, rules.d100.models.Weapon)
  const blank = { range: 0, rof: "", damage: "", pen: 0, clip: 0, reload: "" };
  for (const key of Object.keys(blank)) fields[`attacker.weapon.${key}`] = p[key] ?? blank[key];
  if (p.damage_type) fields["attacker.weapon.damage_type"] = p.damage_type;
  fields["attacker.weapon.sb_multiplier"] = p.sb_multiplier ?? 1;
  fields["attacker.weapon.qualities"] = (p.qualities ?? []).join(", ");
  const notes = [...(w.notes ?? [])];
  if (!w.complete) notes.unshift("Its damage, type and Pen come from the ammunition: fill them in.");
  return { fields, shown: { source: w.cite ?? w.source, notes } };
}

// A book armour's AP by location as the fields take them (none where the book gives no AP).
function armourFields(a) {
  const fields = {};
  if (a.armour && Object.keys(a.armour).length) {
    for (const loc of LOCATIONS) fields[`target.armour.${loc}`] = a.armour[loc] ?? 0;
  }
  return { fields, shown: { source: a.cite ?? a.source, notes: a.notes ?? [] } };
}

const BOOK = {
  weapons: (r) => [...(r.armoury?.weapons ?? []), ...(r.armoury?.combi ?? [])].map((w) => bookEntry(w.id, weaponFields(w))),
  armour: (r) => (r.armoury?.armour ?? []).map((a) => bookEntry(a.id, armourFields(a))),
};

// The ruleset's armoury entries, built once per catalogue entry (fetched once, never changed): each
// entry's fields as applyBook sets them and as bookMatch reads them (texts), and what the picker shows.
const bookEntry = (id, { fields, shown }) => ({
  id,
  fields,
  texts: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value == null ? "" : String(value)])),
  shown,
});
const books = new WeakMap();
function bookOf(kind) {
  if (!ruleset || !BOOK[kind]) return [];
  const built = books.get(ruleset) ?? books.set(ruleset, {}).get(ruleset);
  return (built[kind] ??= BOOK[kind](ruleset));
}

function applyBook(kind, id) {
  const found = bookOf(kind).find((entry) => entry.id === id);
  if (!found) return null;
  for (const [name, value] of Object.entries(found.fields)) setField(name, value);
  return found.shown;
}

const fieldText = (name) => {
  const el = form.elements.namedItem(name);
  return !el ? null : el.type === "checkbox" ? String(el.checked) : el.value;
};

// The book entry the fields hold as the picker would have filled them, if any: a picker is not a
// form field and is not kept over a reload, but the fields it filled are (a finding of the phone tests: it read
// "(type the profile below)" beside a restored Lasgun). An entry that fills no field matches nothing.
function bookMatch(kind) {
  const read = new Map(); // each field read once
  const text = (name) => (read.has(name) ? read.get(name) : read.set(name, fieldText(name)).get(name));
  for (const { id, texts, shown } of bookOf(kind)) {
    const names = Object.keys(texts).filter((name) => text(name) !== null); // the fields the forms have
    if (names.length && names.every((name) => text(name) === texts[name])) return { id, shown };
  }
  return null;
}

// A saved entry into the forms, as the Party panel's Use does: only the fields under its scope.
function applySaved(picker, entry) {
  const scenario = { system: entry.system };
  const keys = picker.path.split(".");
  let node = scenario;
  for (const key of keys.slice(0, -1)) node = node[key] = {};
  node[keys.at(-1)] = entry.data;
  const { values, rows } = scenarioFields(scenario);
  put(values, rows, { scope: picker.scope, blank: true });
  return { source: `Saved in your party as "${entry.name}"`, notes: [] };
}

const savedOf = (picker) => (party[picker.kind] ?? []).filter((e) => e.system === system.value);

function fill(picker) {
  const select = document.getElementById(picker.id);
  if (!select) return;
  const chosen = select.value;
  const saved = savedOf(picker).map((e) => option(PARTY + e.name, e.name));
  const book = picker.book?.(ruleset) ?? [];
  select.replaceChildren(
    option("", picker.empty),
    ...(saved.length ? [group("Party", saved)] : []),
    ...book.flatMap(([label, options]) => (label ? [group(label, options)] : options)),
  );
  if (chosen && [...select.options].some((o) => o.value === chosen)) {
    select.value = chosen;
    return;
  }
  const match = picker.matches?.(); // none chosen: the book entry the fields hold, if any
  if (match) {
    select.value = match.id;
    show(picker, match.shown);
  }
}

// The picked entry's source and notes, under the picker.
function show(picker, shown) {
  const source = document.getElementById(`${picker.id}-source`);
  if (source) source.textContent = shown?.source ? `Source: ${shown.source}` : "";
  const note = document.getElementById(`${picker.id}-note`);
  if (note) note.textContent = (shown?.notes ?? []).join(" ");
}

function pick(picker) {
  const select = document.getElementById(picker.id);
  const value = select.value;
  let shown = null;
  if (value.startsWith(PARTY)) {
    const entry = savedOf(picker).find((e) => e.name === value.slice(PARTY.length));
    if (entry) shown = applySaved(picker, entry);
  } else if (value) shown = picker.apply?.(value) ?? null;
  show(picker, shown);
  syncFireModes();
}

// ---------------------------------------------------------------- fire modes

// The weapon's attack actions from the fields as they are, as the rules engine reads them
// (rules.d100.fire_modes: a melee weapon's melee attacks of the ruleset; a gun's single shot
// and bursts where its RoF fires them): asked at each change of RoF, class or ruleset, the answer
// to the latest question shown (none until the engine has started, none outside the d100 forms).
let asked = 0;
let modes = [];

async function askFireModes() {
  const question = ++asked;
  const klass = form.elements.namedItem("attacker.weapon.class")?.value ?? "";
  const rof = form.elements.namedItem("attacker.weapon.rof")?.value ?? "";
  let answer = [];
  const main = engines.main;
  if (ruleset && main && !["ready", "busy", "idle"].includes(main.detail?.state)) {
    // never start the engine for this (a call would start again one that failed, hiding why it
    // failed): ask again once it is ready
    whenReady(main);
  } else if (ruleset && main) {
    try {
      const envelope = JSON.parse(await engines.main.call("fire_modes", system.value, klass, rof));
      answer = envelope.status === "ok" && Array.isArray(envelope.modes) ? envelope.modes : [];
    } catch {
      answer = []; // a worker that failed: the action list still holds every action
    }
  }
  if (question !== asked) return; // a later change asked again
  const actions = new Set((ruleset?.actions ?? []).map((a) => a.name));
  modes = answer.filter((m) => actions.has(m.action));
  drawFireModes();
}

let waiting = false;
function whenReady(main) {
  if (waiting) return;
  waiting = true;
  main.addEventListener("state", function ready({ detail }) {
    if (detail.state !== "ready") return;
    main.removeEventListener("state", ready);
    waiting = false;
    askFireModes();
  });
}

function drawFireModes() {
  const box = document.getElementById("fire-modes");
  if (!box) return;
  box.hidden = !modes.length;
  box.replaceChildren(
    ...modes.map((m) => {
      const b = h("button", { type: "button", textContent: m.label, className: "fire-mode" });
      b.dataset.action = m.action;
      b.setAttribute("aria-pressed", String(actionSelect.value === m.action));
      b.addEventListener("click", () => {
        actionSelect.value = m.action;
        actionSelect.dispatchEvent(new Event("change", { bubbles: true }));
      });
      return b;
    }),
  );
}

const syncFireModes = () => {
  if (!ruleset) modes = [];
  drawFireModes();
  askFireModes();
};

// ---------------------------------------------------------------- start

const fillAll = () => PICKERS.forEach(fill);

// Called by app.js with the chosen ruleset's catalogue entry (null outside the d100 family).
export function fillPickers(entry) {
  ruleset = entry;
  fillAll();
  syncFireModes();
}

for (const picker of PICKERS) {
  document.getElementById(picker.id)?.addEventListener("change", () => pick(picker));
  document.getElementById(`${picker.id}-save`)?.addEventListener("click", () => {
    const select = document.getElementById(picker.id);
    const label = select.value && !select.value.startsWith(PARTY) ? select.selectedOptions[0]?.textContent.replace(/ \([^()]*\)$/, "") : "";
    document.dispatchEvent(new CustomEvent("auspex:party-save", { detail: { kind: picker.kind, name: picker.kind === "armour" ? label : "" } }));
  });
}
// the party as party.js last read it (saved here, in another tab, or imported)
document.addEventListener("auspex:party", (event) => {
  party = event.detail;
  fillAll();
});
system.addEventListener("change", () => {
  if (!familyOf(system.value).choices) ruleset = null;
  fillAll();
  syncFireModes();
});
for (const type of ["input", "change"]) {
  form.addEventListener(type, (event) => {
    const name = event.target.name ?? "";
    if (/^attacker\.weapon\.(rof|class)$/.test(name)) syncFireModes();
    else if (name === "action.type") drawFireModes(); // the mode pressed follows the action
  });
}

/** The weapon profile behind an option of the Attacker step's weapon picker (`value`: a book id,
 * or "@party:NAME" for a saved weapon of the ruleset shown), as the scenario's attacker.weapon
 * (a fresh object), or null: the encounter cards' profile editors give a combatant its weapon in a
 * tap. A book weapon's fields as the picker would set them; a saved one as it was saved. */
export function weaponOf(value) {
  if (value.startsWith(PARTY)) {
    const entry = (party.weapons ?? []).find((e) => e.system === system.value && e.name === value.slice(PARTY.length));
    return entry ? structuredClone(entry.data) : null;
  }
  const found = bookOf("weapons").find((entry) => entry.id === value);
  if (!found) return null;
  const weapon = {};
  for (const [name, v] of Object.entries(found.fields)) if (v !== "" && v != null) weapon[name.slice("attacker.weapon.".length)] = v;
  return weapon;
}
