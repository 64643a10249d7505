// THROWAWAY stand-in (issue 23, "effects" branch): the "tables" engineer owns static/tables.js and
// the lead keeps theirs at merge. The contract's three functions, reading localStorage
// `auspex:tables:v1` (the TablesFile JSON: {"auspex_critical": 1, "tables": [...], "charts": [...]}).
const KEY = "auspex:tables:v1";

/** The TablesFile saved on this device, or null. */
export function savedTables() {
  try {
    const file = JSON.parse(localStorage.getItem(KEY) ?? "null");
    return file && typeof file === "object" && Array.isArray(file.tables) ? file : null;
  } catch {
    return null;
  }
}

/** That ruleset's Critical Effects tables (maybe empty). */
export function tablesFor(system) {
  return (savedTables()?.tables ?? []).filter((t) => t && t.system === system);
}

/** The fan ruleset's Damage Charts kept with the tables (maybe empty). */
export function savedCharts() {
  return savedTables()?.charts ?? [];
}
