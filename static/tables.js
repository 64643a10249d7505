// Auspex: the group's critical tables kept on this device (issue 23), localStorage `auspex:tables:v1`
// holding the TablesFile JSON ({"auspex_critical": 1, "tables": [...], "charts": [...]}).
//
// A stand-in with only the contract's three readers, so the "reading" branch can send the tables
// before the merge: the "tables" engineer's static/tables.js (the Critical tables panel, its
// checks and storage) replaces this file at the merge, with the same exports.
import { readText } from "./store.js";

const KEY = "auspex:tables:v1";

// The stored TablesFile object, or null when nothing (or nothing readable) is stored.
export function savedTables() {
  const text = readText(KEY);
  if (!text) return null;
  try {
    const file = JSON.parse(text);
    return file && typeof file === "object" && !Array.isArray(file) ? file : null;
  } catch {
    return null;
  }
}

// The tables of one ruleset ("dh2", "dh1", "dw"), maybe empty.
export function tablesFor(system) {
  const tables = savedTables()?.tables;
  return Array.isArray(tables) ? tables.filter((t) => t && t.system === system) : [];
}

// The fan ruleset's Damage Charts kept with the tables, maybe empty.
export function savedCharts() {
  const charts = savedTables()?.charts;
  return Array.isArray(charts) ? charts : [];
}
