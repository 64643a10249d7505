// Auspex: the forms kept on this device (every field, restored on the next visit; Reset forms
// puts back the page's defaults), the party (attackers, weapons and targets saved by name, picked
// again, exported and imported as auspex-party.json, which the engine's own models check), and
// share links (share.js). Everything a player typed or imported is shown as text, never as markup.

import { h, prefixOf, put, restore, scenarioFields, snapshot } from "./formstate.js";
import { initShare } from "./share.js";

const FORM_KEY = "auspex:form:v1";
const PARTY_KEY = "auspex:party:v1";
const SAVE_DELAY_MS = 400;
const KINDS = [
  { key: "attackers", one: "attacker", path: "attacker", scope: ["attacker."] },
  { key: "weapons", one: "weapon", path: "attacker.weapon", scope: ["attacker.weapon."] },
  { key: "targets", one: "target", path: "target", scope: ["target.", "target-kind"] },
];

const form = document.getElementById("scenario");
const system = form.elements.namedItem("system");
const status = document.getElementById("party-status");
const importErrors = document.getElementById("party-import-errors");

function warn(what, error) {
  console.warn(`auspex: ${what}`, error);
}

// ---------------------------------------------------------------- the forms, kept on this device

let saveTimer = null;

function saveForms() {
  clearTimeout(saveTimer);
  saveTimer = null;
  try {
    localStorage.setItem(FORM_KEY, JSON.stringify(snapshot()));
  } catch (error) {
    warn("the forms could not be kept on this device", error);
  }
}

function keepForms() {
  const later = () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveForms, SAVE_DELAY_MS);
  };
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  // a button that adds or removes rows; Resolve changes no field (a seed or die it shows fires input)
  form.addEventListener("click", (event) => event.target.closest("button:not([type=submit])") && later());
  new MutationObserver(later).observe(document.getElementById("dice-rows"), { childList: true });
  const flush = () => saveTimer && saveForms();
  addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
}

function restoreForms() {
  try {
    const text = localStorage.getItem(FORM_KEY);
    if (text) restore(JSON.parse(text));
  } catch (error) {
    warn("the forms kept on this device could not be read; they start from the defaults", error);
  }
}

// ---------------------------------------------------------------- the party

const validEntry = (e) => e && typeof e.name === "string" && e.name && typeof e.system === "string" && e.data && typeof e.data === "object" && !Array.isArray(e.data);

function loadParty() {
  const party = { attackers: [], weapons: [], targets: [] };
  try {
    const stored = JSON.parse(localStorage.getItem(PARTY_KEY) ?? "null");
    if (stored === null) return party;
    if (stored.auspex_party !== 1) throw new Error("not a party of this page");
    for (const { key } of KINDS) {
      const entries = Array.isArray(stored[key]) ? stored[key] : [];
      party[key] = entries.filter(validEntry);
      if (party[key].length < entries.length) warn(`${entries.length - party[key].length} saved ${key} could not be read and are left out`);
    }
  } catch (error) {
    warn("the party saved on this device could not be read", error);
  }
  return party;
}

function say(text, error = false) {
  status.textContent = text;
  status.classList.toggle("error", error);
}

function initPartyBar({ collectScenario, engine }) {
  let party = loadParty();
  const rows = new Map();

  // Changes the party and stores it; when it cannot be stored, nothing changes.
  const change = (mutate) => {
    const before = structuredClone(party);
    mutate();
    try {
      localStorage.setItem(PARTY_KEY, JSON.stringify({ auspex_party: 1, ...party }));
    } catch (error) {
      party = before;
      warn("the party could not be saved", error);
      say("The party could not be saved on this device (its storage is full or turned off).", true);
      return false;
    }
    refresh();
    return true;
  };
  const nameField = (kind) => form.elements.namedItem(`${prefixOf(system.value)}${kind.path}.name`);
  const hasKind = (kind) => Boolean(nameField(kind)); // Epic's weapons belong to its units

  function refresh() {
    for (const kind of KINDS) {
      const { select, use, remove, name, save } = rows.get(kind.key);
      const chosen = select.value;
      const mine = party[kind.key].map((entry, i) => [entry, i]).filter(([entry]) => entry.system === system.value);
      const options = mine.map(([entry, i]) => new Option(entry.name, String(i)));
      select.replaceChildren(...(options.length ? options : [new Option(`(no saved ${kind.key} for this ruleset)`, "")]));
      if (options.some((o) => o.value === chosen)) select.value = chosen;
      use.disabled = remove.disabled = !options.length;
      const available = hasKind(kind);
      name.disabled = save.disabled = !available;
      name.placeholder = available ? nameField(kind).value.trim() || kind.one : "saved with its formation";
    }
  }

  function chosenEntry(kind) {
    const i = Number(rows.get(kind.key).select.value || NaN);
    return Number.isInteger(i) && party[kind.key][i] ? i : null;
  }

  function saveKind(kind) {
    const scenario = collectScenario();
    const data = kind.path.split(".").reduce((node, key) => node?.[key], scenario);
    if (!data) return;
    const row = rows.get(kind.key);
    const name = (row.name.value.trim() || nameField(kind).value.trim() || kind.one).slice(0, 80);
    const entry = { name, system: scenario.system, data };
    const same = party[kind.key].findIndex((e) => e.system === entry.system && e.name === name);
    if (same >= 0 && !confirm(`Replace the saved ${kind.one} "${name}"?`)) return;
    if (!change(() => (same >= 0 ? (party[kind.key][same] = entry) : party[kind.key].push(entry)))) return;
    row.name.value = "";
    row.select.value = String(same >= 0 ? same : party[kind.key].length - 1);
    say(`Saved the ${kind.one} "${name}".`);
  }

  function useKind(kind) {
    const i = chosenEntry(kind);
    if (i === null) return;
    const entry = party[kind.key][i];
    const scenario = { system: entry.system };
    if (kind.key === "weapons") scenario.attacker = { weapon: entry.data };
    else scenario[kind.path] = entry.data;
    const { values, rows: lists } = scenarioFields(scenario);
    put(values, lists, { scope: kind.scope, blank: true });
    say(`The forms have the ${kind.one} "${entry.name}".`);
  }

  function deleteKind(kind) {
    const i = chosenEntry(kind);
    if (i === null) return;
    const { name } = party[kind.key][i];
    if (!confirm(`Delete the saved ${kind.one} "${name}"?`)) return;
    if (change(() => party[kind.key].splice(i, 1))) say(`Deleted the ${kind.one} "${name}".`);
  }

  const box = document.getElementById("party-kinds");
  for (const kind of KINDS) {
    const button = (text, act) => {
      const b = h("button", { type: "button", textContent: text });
      b.addEventListener("click", () => act(kind));
      return b;
    };
    const parts = {
      select: h("select", { id: `party-${kind.key}` }),
      name: h("input", { type: "text", maxLength: 80, id: `party-${kind.key}-name`, autocomplete: "off" }),
      use: button("Use", useKind),
      remove: button("Delete", deleteKind),
      save: button(`Save ${kind.one}`, saveKind),
    };
    rows.set(kind.key, parts);
    const row = h(
      "div",
      { className: "row party-kind" },
      h("label", { className: "grow" }, `Saved ${kind.key}`, parts.select),
      parts.use,
      parts.remove,
      h("label", { className: "grow" }, "Save as", parts.name),
      parts.save,
    );
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", kind.key[0].toUpperCase() + kind.key.slice(1));
    box.append(row);
  }
  system.addEventListener("change", refresh);
  form.addEventListener("input", (event) => /\.name$/.test(event.target.name) && refresh());
  form.addEventListener("change", (event) => /\.name$/.test(event.target.name) && refresh());
  refresh();

  document.getElementById("party-export").addEventListener("click", () => {
    const blob = new Blob([JSON.stringify({ auspex_party: 1, ...party }, null, 1)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "auspex-party.json";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
    const n = KINDS.reduce((sum, { key }) => sum + party[key].length, 0);
    say(`Exported ${n} saved ${n === 1 ? "entry" : "entries"} as auspex-party.json.`);
  });

  const file = document.getElementById("party-file");
  document.getElementById("party-import").addEventListener("click", () => file.click());
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    file.value = ""; // the same file can be chosen again
    if (!chosen) return;
    importErrors.replaceChildren();
    say(`Checking ${chosen.name}…`);
    let envelope;
    try {
      if (chosen.size > 2_000_000) throw new RangeError("over 2 MB");
      const text = await chosen.text();
      envelope = JSON.parse(await (await engine).check_party(text));
    } catch (error) {
      warn("the party file could not be checked", error);
      const why = error instanceof RangeError ? "it is too big to be an Auspex party (over 2 MB)" : "the rules engine is not running (reload the page)";
      envelope = { status: "error", message: `${chosen.name} was not imported: ${why}. Nothing saved has changed.` };
    }
    if (envelope.status !== "ok") {
      say("");
      refuse(chosen.name, envelope);
      return;
    }
    merge(envelope.party);
  });

  function refuse(fileName, envelope) {
    const lines = (envelope.errors ?? []).map((e) => `${e.where}: ${e.message}`);
    if (envelope.more) lines.push(`…and ${envelope.more} more.`);
    importErrors.replaceChildren(
      h("p", { textContent: envelope.status === "invalid" ? `${fileName} was not imported: nothing saved has changed.` : envelope.message }),
      ...(lines.length ? [h("ul", {}, ...lines.map((line) => h("li", { textContent: line })))] : []),
    );
  }

  // Imported entries are added; one already saved (same name, ruleset and data) is skipped, and a
  // name already taken is kept both ways: the new one is "Name (2)". Nothing saved is overwritten.
  function merge(imported) {
    let added = 0;
    let already = 0;
    const renamed = [];
    const ok = change(() => {
      for (const { key } of KINDS) {
        for (const entry of imported[key] ?? []) {
          const same = party[key].filter((e) => e.system === entry.system);
          const data = JSON.stringify(entry.data);
          if (same.some((e) => e.name === entry.name && JSON.stringify(e.data) === data)) {
            already++;
            continue;
          }
          let name = entry.name;
          for (let n = 2; same.some((e) => e.name === name); n++) name = `${entry.name.slice(0, 74)} (${n})`;
          if (name !== entry.name) renamed.push(name);
          party[key].push({ name, system: entry.system, data: entry.data });
          added++;
        }
      }
    });
    if (!ok) return;
    const parts = [`Imported ${added} ${added === 1 ? "entry" : "entries"}`];
    if (renamed.length) parts.push(`renamed as their names were taken: ${renamed.map((n) => `"${n}"`).join(", ")}`);
    if (already) parts.push(`${already} ${already === 1 ? "was" : "were"} already saved`);
    say(`${parts.join("; ")}.`);
  }
}

// ---------------------------------------------------------------- start

// Called once by app.js when its forms are ready, with what it shares: the forms' scenario,
// resolve (of a given scenario), the engine, the field errors' clearing and the last request.
export function initParty(hooks) {
  const defaults = snapshot();
  restoreForms();
  keepForms();
  initPartyBar(hooks);
  document.getElementById("forms-reset").addEventListener("click", () => {
    if (!confirm("Reset every form to the page's defaults? The saved party is kept.")) return;
    restore(defaults);
    // the ruleset's circumstances, which the catalogue built after the defaults were taken
    for (const el of form.querySelectorAll("input[data-multi]:checked")) {
      if (el.name in defaults.values) continue;
      el.checked = false;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
    hooks.clearFieldErrors();
    saveForms();
    say("The forms are back to their defaults.");
  });
  initShare({ ...hooks, defaults }).catch((error) => warn("the share link could not be opened", error));
}
