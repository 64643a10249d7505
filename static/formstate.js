// Auspex: the forms as data. A snapshot of every control (kept on this device and put back on the
// next visit) and a scenario, whole or a part of it (a saved attacker, weapon or target), put back
// into the forms: values set as a player would set them, with the input and change events a
// player's edits send, so the forms show what the ruleset, the target's kind or the dice mode ask.

import { FAMILIES, familyOf, pathOf } from "./families/index.js";

const form = document.getElementById("scenario");
const diceRows = document.getElementById("dice-rows");
const diceHint = document.getElementById("dice-hint");
// a scenario's lists of rows (every family's), by the field names' prefix + path: the list's id
const ROW_LISTS = Object.fromEntries(FAMILIES.flatMap((f) => Object.entries(f.rowLists).map(([path, id]) => [f.prefix + path, id])));

// Values a choice could not take yet (the ruleset's catalogue has not filled its options): set
// once it has, unless the player has changed the field meanwhile; kept in the snapshot till then.
let pending = {};
new MutationObserver(() => {
  if (document.documentElement.dataset.catalogue !== "ready" || !Object.keys(pending).length) return;
  const values = pending;
  pending = {};
  put(values);
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-catalogue"] });
for (const type of ["input", "change"]) form.addEventListener(type, (event) => event.isTrusted && delete pending[event.target.name]);

function controls() {
  return [...form.elements].filter((el) => el.name && !/^(button|submit|reset|fieldset)$/.test(el.type));
}

// An element with its properties and children (text is added as text, never as markup).
export function h(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
}

const isMulti = (el) => el.dataset.multi !== undefined;
const rowLists = () => [...form.querySelectorAll("ol")].filter((list) => list.resize);

// Every control's value (a radio group's choice, a group of checkboxes' checked values), the
// number of rows in each list, and the dice typed by hand with their labels.
export function snapshot() {
  const values = {};
  for (const el of controls()) {
    if (el.closest("#dice-rows")) continue;
    if (el.type === "radio") {
      if (el.checked) values[el.name] = el.value;
    } else if (isMulti(el)) {
      values[el.name] ??= [];
      if (el.checked) values[el.name].push(el.value);
    } else values[el.name] = el.type === "checkbox" ? el.checked : el.value;
  }
  Object.assign(values, pending);
  const rows = Object.fromEntries(rowLists().map((list) => [list.id, list.children.length]));
  const dice = [...diceRows.querySelectorAll("li")].map((li) => {
    const input = li.querySelector("input");
    return {
      label: li.querySelector("label").firstChild.textContent,
      name: input.name,
      value: input.value,
      count: input.dataset.count,
      sides: input.dataset.sides,
      placeholder: input.placeholder,
      next: li.classList.contains("next"),
    };
  });
  return { v: 1, values, rows, dice, hint: diceHint.textContent };
}

function hasOption(select, value) {
  return [...select.options].some((o) => o.value === value);
}

function text(el, value) {
  if (value == null) return "";
  if (!Array.isArray(value)) return String(value);
  return value.join({ comma: ", ", lines: "\n" }[el.dataset.list] ?? "/");
}

// Sets `values` (by field name) into the forms, `rows` (by list id) first; with `scope` (paths
// such as "attacker."), only the fields under it. `blank`: an optional field shown but not in
// `values` is emptied (a scenario leaves those out). Returns the values that could not be set
// yet (a choice the ruleset's catalogue has not filled in).
export function put(values, rows = {}, { scope = null, blank = false } = {}) {
  const inScope = (name) => !scope || scope.some((root) => pathOf(name).startsWith(root));
  const changed = [];
  const system = form.elements.namedItem("system");
  if (typeof values.system === "string" && values.system !== system.value && hasOption(system, values.system)) {
    system.value = values.system;
    system.dispatchEvent(new Event("change", { bubbles: true }));
  }
  for (const [id, n] of Object.entries(rows)) {
    const list = document.getElementById(id);
    if (list?.resize && Number.isInteger(n) && n >= 0 && n <= 60 && list.children.length !== n) list.resize(n);
  }
  const missed = {};
  const groups = new Map(); // a group of checkboxes: the values it holds
  const mine = controls().filter((el) => el !== system && !el.closest("#dice-rows") && inScope(el.name));
  for (const el of mine) {
    if (!(el.name in values)) continue;
    const value = values[el.name];
    if (el.type === "radio") {
      if (el.value === String(value) && !el.checked) {
        el.checked = true;
        changed.push(el);
      }
    } else if (isMulti(el)) {
      if (!Array.isArray(value)) continue;
      const on = value.map(String).includes(el.value);
      groups.set(el.name, [...(groups.get(el.name) ?? []), el.value]);
      if (el.checked !== on) {
        el.checked = on;
        changed.push(el);
      }
    } else if (el.type === "checkbox") {
      if (el.checked !== Boolean(value)) {
        el.checked = Boolean(value);
        changed.push(el);
      }
    } else {
      const t = text(el, value);
      if (el.tagName === "SELECT" && !hasOption(el, t)) missed[el.name] = value;
      else if (el.value !== t) {
        el.value = t;
        changed.push(el);
      }
    }
  }
  for (const [name, present] of groups) {
    if (values[name].some((v) => !present.includes(String(v)))) missed[name] = values[name];
  }
  // a group of checkboxes the catalogue has not built yet (the ruleset's circumstances)
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value) && value.length && !groups.has(name) && !form.elements.namedItem(name) && inScope(name)) missed[name] = value;
  }
  for (const name of Object.keys(values)) delete pending[name];
  Object.assign(pending, missed);
  changedEvents(changed);
  // once the forms show what the values ask for: the optional fields shown but left out
  if (blank) {
    const emptied = mine.filter((el) => !(el.name in values) && el.dataset.optional !== undefined && el.type !== "checkbox" && el.value !== "" && !el.closest("[hidden]"));
    for (const el of emptied) el.value = "";
    changedEvents(emptied);
  }
  return missed;
}

function changedEvents(changed) {
  for (const el of changed) {
    if (el.tagName !== "SELECT" && el.type !== "checkbox" && el.type !== "radio") el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

// Puts back what snapshot() took; unknown or malformed parts are left out.
export function restore(snap) {
  if (!snap || snap.v !== 1 || typeof snap.values !== "object" || snap.values === null) throw new Error("not a saved form");
  const values = {};
  for (const [name, value] of Object.entries(snap.values)) {
    const ok = typeof value === "string" || typeof value === "boolean" || (Array.isArray(value) && value.every((v) => typeof v === "string"));
    if (ok) values[name] = value;
  }
  // forms kept before the second weapon existed: "one attack with each" was one attack, at -20
  if (values["action.two_weapon"] === "both" && !("attacker.second_weapon.name" in values)) values["attacker.second_weapon.held"] ??= "no";
  const missed = put(values, typeof snap.rows === "object" && snap.rows ? snap.rows : {});
  if (Array.isArray(snap.dice)) restoreDice(snap.dice, snap.hint);
  return missed;
}

// The dice typed by hand, as app.js's showDice lays them out.
function restoreDice(dice, hint) {
  const rows = [];
  for (const d of dice) {
    if (typeof d?.name !== "string" || !/^dice\.\d+$/.test(d.name)) continue;
    const input = h("input", { name: d.name, type: "text", inputMode: "numeric", autocomplete: "off", value: String(d.value ?? ""), placeholder: String(d.placeholder ?? "") });
    input.dataset.num = "int";
    if (d.count) Object.assign(input.dataset, { count: String(d.count), sides: String(d.sides) });
    rows.push(h("li", { className: d.next ? "die-row next" : "die-row" }, h("label", {}, String(d.label ?? ""), input)));
  }
  diceRows.replaceChildren(...rows);
  if (typeof hint === "string" && hint) diceHint.textContent = hint;
}

// ---------------------------------------------------------------- scenario -> forms

// A scenario as field values and rows: {values: {name: value}, rows: {list id: n}}.
export function scenarioFields(scenario) {
  const family = familyOf(scenario.system);
  const s = family.unshape(structuredClone(scenario)); // the forms' own shapes (static/families/)
  const { prefix } = family;
  const values = { system: s.system };
  if (s["target-kind"]) values["target-kind"] = s["target-kind"];
  if (s["action-unaware"] !== undefined) values["action-unaware"] = s["action-unaware"];
  const rows = {};
  const walk = (value, path) => {
    const list = ROW_LISTS[prefix + path];
    if (Array.isArray(value) && (list || value.some((v) => v && typeof v === "object"))) {
      if (list) rows[list] = value.length;
      value.forEach((v, i) => walk(v, `${path}.${i}`));
    } else if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, v] of Object.entries(value)) walk(v, `${path}.${key}`);
    } else if (value !== undefined) values[prefix + path] = value;
  };
  for (const root of ["attacker", "target", "action", "charts", "options"]) if (s[root] != null) walk(s[root], root);
  return { values, rows };
}
