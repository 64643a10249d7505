// Auspex: the group's critical tables, kept on this device under auspex:tables:v1 as a
// tables file {"auspex_critical": 1, "tables": [...], "charts": [...]} (and, where the group has
// them, its "phenomena" and "perils": the Psychic Phenomena and Perils of the Warp tables, in the
// same paste-in text: psychicFor(system)), and the page's Critical
// tables panel (<details id="critical-tables">): the ruleset's tables as paste-in text, Save (the
// engine checks every line; nothing saved changes on error), Download template, Export JSON
// (auspex-tables.json) and Import JSON (merged into what is saved). The reading, effects and odds
// work read the tables through savedTables(), tablesFor(system) and savedCharts(). Everything a
// player typed is shown as text, never as markup.

import { rulesetEntry } from "./catalogue.js";
import { h } from "./formstate.js";
import { download, load, onChange, readText, writeText } from "./store.js";

export const TABLES_KEY = "auspex:tables:v1";
// What a ruleset's group may save here, as the rules' catalogue says ("critical": its Critical
// Effects tables; "charts": the fan ruleset's Damage Charts; null: nothing)
const savedKind = (system) => rulesetEntry(system)?.saved_tables ?? null;
const CHARTS = "charts";

// A stored value this page reads: a tables file of version 1 (throws on anything else).
function parseTables(value) {
  if (!value || value.auspex_critical !== 1 || !Array.isArray(value.tables ?? []) || !Array.isArray(value.charts ?? [])) {
    throw new Error("not the critical tables of this page");
  }
  const file = { auspex_critical: 1, tables: value.tables ?? [], charts: value.charts ?? [] };
  // the optional Psychic Phenomena and Perils of the Warp tables, kept where the file has them
  for (const key of ["phenomena", "perils"]) if (Array.isArray(value[key]) && value[key].length) file[key] = value[key];
  return file;
}

/** The tables file kept on this device, or null when none is (or it cannot be read: it is then
 * kept aside under auspex:tables:v1:corrupt:<n>). */
export function savedTables() {
  return load(TABLES_KEY, parseTables, () => null).value;
}

/** The saved Critical Effects tables of a ruleset (one whose catalogue entry saves "critical"): a list, maybe empty. */
export function tablesFor(system) {
  return (savedTables()?.tables ?? []).filter((t) => t && t.system === system);
}

/** The saved Psychic Phenomena and Perils of the Warp tables of a d100 ruleset:
 * {phenomena, perils}, each the ruleset's table or undefined. */
export function psychicFor(system) {
  const file = savedTables();
  const mine = (key) => (file?.[key] ?? []).find((t) => t && t.system === system);
  return { phenomena: mine("phenomena"), perils: mine("perils") };
}

/** The fan ruleset's saved Damage Charts: a list, maybe empty. */
export function savedCharts() {
  return savedTables()?.charts ?? [];
}

const hasTables = (system) => savedKind(system) !== null;

// The tables as stored, as text for the engine ("" when none are stored).
const storedText = () => (savedTables() ? readText(TABLES_KEY) : "");

/** Stores `file` (a checked tables file). Returns null when stored, else the reason. */
export function storeTables(file) {
  return writeText(TABLES_KEY, JSON.stringify(file));
}

/** Merges a checked tables file (a party file's critical_tables) into the saved tables through the
 * engine. Returns a message for the player (what was merged, or why nothing changed). */
export async function importTables(engine, file) {
  const envelope = JSON.parse(await (await engine).check_tables(JSON.stringify(file), storedText() || "{}"));
  if (envelope.status !== "ok") return `The critical tables were not imported: ${envelope.message ?? envelope.errors?.[0]?.message ?? "refused"}.`;
  const error = storeTables(envelope.file);
  document.dispatchEvent(new CustomEvent("auspex:tables"));
  return error ? `The critical tables were not saved on this device: ${error}.` : "";
}

// ---------------------------------------------------------------- the panel

export function initTables({ engine }) {
  const panel = document.getElementById("critical-tables");
  if (!panel) return;
  const system = document.getElementById("scenario").elements.namedItem("system");
  const text = document.getElementById("tables-text");
  const errors = document.getElementById("tables-errors");
  const status = document.getElementById("tables-status");
  const rulesetName = document.getElementById("tables-ruleset");
  const buttons = ["tables-save", "tables-template", "tables-export", "tables-import"].map((id) => document.getElementById(id));
  const saveButton = document.getElementById("tables-save");
  const drafts = new Map(); // the text typed and not saved, by ruleset (this tab only)
  let shown = null; // the ruleset whose text the textarea shows

  const say = (message, error = false) => {
    status.textContent = message;
    status.classList.toggle("error", error);
  };
  const clearErrors = () => {
    errors.replaceChildren();
    text.removeAttribute("aria-invalid");
  };

  // The textarea for the forms' ruleset: its draft, or the saved tables as the engine writes them.
  async function fill({ fresh = false } = {}) {
    const now = system.value;
    if (shown && shown !== now && text.dataset.edited === "1") drafts.set(shown, text.value);
    shown = now;
    rulesetName.textContent = system.selectedOptions[0]?.textContent ?? now;
    const usable = hasTables(now);
    text.disabled = !usable;
    for (const b of buttons) b.disabled = !usable && b.id !== "tables-export" && b.id !== "tables-import";
    clearErrors();
    if (!usable) {
      text.value = "";
      text.placeholder = "This ruleset has no critical tables.";
      return;
    }
    text.placeholder = savedKind(now) === CHARTS ? "Chart 1, 01-20: Flesh wound" : "Energy, Body, 3: your words [stunned 1] [fatigue 1]";
    if (!fresh && drafts.has(now)) {
      text.value = drafts.get(now);
      text.dataset.edited = "1";
      text.readOnly = false;
      saveButton.disabled = false;
      return;
    }
    // read-only (from the page's first paint: index.html) and not savable until the engine (starting,
    // perhaps) has written the saved tables, so nothing typed meanwhile is overwritten or saved over them
    text.readOnly = true;
    saveButton.disabled = true;
    say("Reading your saved tables…");
    const envelope = JSON.parse(await (await engine).tables_text(now, storedText()));
    if (shown !== now) return; // the ruleset changed while the engine wrote it
    text.dataset.edited = "";
    drafts.delete(now);
    if (envelope.status !== "ok") {
      // the saved tables could not be written as text: the box stays read-only and unsavable, so a
      // Save of an empty (or half-shown) box never replaces the saved tables or charts
      text.value = "";
      say(envelope.message ?? envelope.errors?.[0]?.message ?? "Your saved tables could not be read.", true);
      return;
    }
    text.readOnly = false;
    saveButton.disabled = false;
    text.value = envelope.text;
    say("");
  }

  function showErrors(envelope) {
    const lines = (envelope.errors ?? []).map((e) => `${e.where}: ${e.message}`);
    if (envelope.more) lines.push(`…and ${envelope.more} more.`);
    errors.replaceChildren(
      h("p", { textContent: envelope.status === "invalid" ? "Not saved: nothing saved has changed." : envelope.message }),
      ...(lines.length ? [h("ul", {}, ...lines.map((line) => h("li", { textContent: line })))] : []),
    );
    text.setAttribute("aria-invalid", "true");
  }

  async function save() {
    clearErrors();
    say("Checking…");
    const request = JSON.stringify({ system: system.value, text: text.value });
    const envelope = JSON.parse(await (await engine).check_tables(request, storedText() || "{}"));
    if (envelope.status !== "ok") {
      say("");
      showErrors(envelope);
      return;
    }
    const error = storeTables(envelope.file);
    if (error) {
      say(`Not saved on this device: ${error}.`, true);
      return;
    }
    const charts = savedKind(envelope.system) === CHARTS;
    const mine = charts ? envelope.file.charts.length : envelope.file.tables.filter((t) => t.system === envelope.system).length;
    const psychic = ["phenomena", "perils"].filter((key) => (envelope.file[key] ?? []).some((t) => t.system === envelope.system));
    const named = { phenomena: "Psychic Phenomena", perils: "Perils of the Warp" };
    const also = psychic.length ? ` and ${psychic.map((key) => named[key]).join(" and ")}` : "";
    drafts.delete(system.value);
    await fill({ fresh: true });
    say(`Saved ${mine} ${charts ? "chart" : "table"}${mine === 1 ? "" : "s"}${also} for ${rulesetName.textContent}.`);
    // saved as written, but an effect left as words applies nothing: the engine's warnings, by line
    const warned = (envelope.warnings ?? []).map((w) => h("li", { textContent: `${w.where}: ${w.message}` }));
    if (warned.length) errors.replaceChildren(h("p", { textContent: "Saved, but check these lines:" }), h("ul", { className: "warnings" }, ...warned));
  }

  async function downloadTemplate() {
    const envelope = JSON.parse(await (await engine).tables_text(system.value, "", true));
    if (envelope.status !== "ok") return say(envelope.message ?? "No template for this ruleset.", true);
    download(`auspex-tables-${system.value}.txt`, envelope.text, "text/plain");
    say(`Downloaded the template of ${rulesetName.textContent}: every row, your words to write.`);
  }

  function exportJson() {
    const file = savedTables() ?? { auspex_critical: 1, tables: [], charts: [] };
    download("auspex-tables.json", JSON.stringify(file, null, 1));
    say(`Exported ${file.tables.length} table${file.tables.length === 1 ? "" : "s"} and ${file.charts.length} chart${file.charts.length === 1 ? "" : "s"} as auspex-tables.json.`);
  }

  const picker = document.getElementById("tables-file");
  async function importJson() {
    const chosen = picker.files[0];
    picker.value = "";
    if (!chosen) return;
    clearErrors();
    say(`Checking ${chosen.name}…`);
    let envelope;
    try {
      if (chosen.size > 2_000_000) throw new RangeError("over 2 MB");
      envelope = JSON.parse(await (await engine).check_tables(await chosen.text(), storedText() || "{}"));
    } catch (error) {
      console.warn("auspex: the tables file could not be checked", error);
      envelope = { status: "error", message: `${chosen.name} was not imported: ${error instanceof RangeError ? "it is over 2 MB" : "the rules engine is not running"}. Nothing saved has changed.` };
    }
    if (envelope.status !== "ok") {
      say("");
      showErrors(envelope);
      return;
    }
    const error = storeTables(envelope.file);
    if (error) return say(`Not saved on this device: ${error}.`, true);
    await fill({ fresh: true });
    say(`Imported ${chosen.name}: its tables replace the same ones saved, the others are kept.`);
  }

  text.addEventListener("input", () => {
    text.dataset.edited = "1";
  });
  document.getElementById("tables-save").addEventListener("click", save);
  document.getElementById("tables-template").addEventListener("click", downloadTemplate);
  document.getElementById("tables-export").addEventListener("click", exportJson);
  document.getElementById("tables-import").addEventListener("click", () => picker.click());
  picker.addEventListener("change", importJson);
  system.addEventListener("change", () => panel.open && fill());
  panel.addEventListener("toggle", () => panel.open && shown !== system.value && fill());
  // another tab's Save, or a party import: the saved tables shown unless this tab has a draft
  const refresh = () => {
    if (panel.open && text.dataset.edited !== "1") fill({ fresh: true });
    else shown = null;
  };
  onChange(TABLES_KEY, refresh);
  document.addEventListener("auspex:tables", refresh);

  // a link to #critical-tables anywhere opens the panel and scrolls to it
  const openPanel = () => {
    panel.open = true;
    panel.scrollIntoView({ block: "start" });
    if (shown !== system.value) fill();
  };
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.('a[href="#critical-tables"]');
    if (!link) return;
    event.preventDefault();
    openPanel();
  });
  if (location.hash === "#critical-tables") openPanel();
  addEventListener("hashchange", () => location.hash === "#critical-tables" && openPanel());
}
