// Auspex: the group's critical tables and fan Damage Charts kept on this device (issue 23).
// THROWAWAY copy for the "fan" branch: the "tables" engineer owns this module and the lead keeps
// theirs at merge. Only the contract's three readers, over localStorage `auspex:tables:v1`
// (a TablesFile: {"auspex_critical": 1, "tables": [...], "charts": [...]}).
export const KEY = "auspex:tables:v1";

/** The TablesFile kept on this device, or null (none, or not readable). */
export function savedTables() {
  try {
    const file = JSON.parse(localStorage.getItem(KEY) ?? "null");
    return file && typeof file === "object" && !Array.isArray(file) ? file : null;
  } catch {
    return null;
  }
}

/** That ruleset's critical tables (maybe empty). */
export function tablesFor(system) {
  const tables = savedTables()?.tables;
  return Array.isArray(tables) ? tables.filter((t) => t?.system === system) : [];
}

/** The fan ruleset's Damage Charts kept (maybe empty). */
export function savedCharts() {
  const charts = savedTables()?.charts;
  return Array.isArray(charts) ? charts : [];
}
