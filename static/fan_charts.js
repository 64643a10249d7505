// Auspex: the fan ruleset's Damage Charts entered once and picked by number.
// The group keeps its charts with its critical tables (static/tables.js, `auspex:tables:v1`); a
// fan attack reads the saved chart of each number it may roll on, unless a chart of that number is
// typed in the forms (the inline chart wins: a share link carries only it). Saved charts go into
// the scenario sent at Resolve and Odds, never into a share link (app.js keeps `lastRequest` bare).
//
// Exports:
// - chartNumbers(scenario) -> the chart numbers a fan round may read: the weapon's (a gun's hits,
//   its overload; Chart 1 when blank) and the attacker's (hand-to-hand);
// - withSavedCharts(scenario, numbers?) -> a copy of a fan scenario with the saved charts of
//   `numbers` (default: chartNumbers) added after those typed in; other rulesets' unchanged;
// - pickNote(number, typed) -> {text, saved}: what a chart number picks ("Chart 2: 6 rows saved",
//   "no chart 2 saved: enter it");
// - initChartPicks(form) -> sync(): writes that note beside each chart number field
//   ([data-chart-pick="<field name>"]) whenever the forms or the saved charts change.
import { systemsWhere } from "./catalogue.js";
import { savedCharts } from "./tables.js";

const MAX_CHARTS = 10; // the scenario's charts (rules/wh40krp/models.py RpScenario.charts)

function number(value, fallback) {
  const n = Number(String(value ?? "").trim());
  return String(value ?? "").trim() !== "" && Number.isInteger(n) ? n : fallback;
}

export function chartNumbers(scenario) {
  const a = scenario.attacker ?? {};
  return [...new Set([number(a.weapon?.chart, 1), number(a.chart, 1)])];
}

/** A saved chart as the scenario takes it: chart, die, rows (its "system" left out). */
function asScenarioChart(saved) {
  const chart = { chart: saved.chart ?? 1, rows: saved.rows };
  if (saved.die !== undefined) chart.die = saved.die;
  return chart;
}

// The rulesets whose group saves Damage Charts (the rules' catalogue's saved_tables "charts"); a
// saved chart without its ruleset is the first one's (rules.critical.models.ChartEntry).
const CHART_SYSTEMS = systemsWhere("saved_tables", "charts");

function savedOf(n, system = CHART_SYSTEMS[0]) {
  return savedCharts().find((c) => (c?.system ?? CHART_SYSTEMS[0]) === system && number(c?.chart, 1) === n);
}

export function withSavedCharts(scenario, numbers = null) {
  if (!CHART_SYSTEMS.includes(scenario?.system)) return scenario;
  const typed = Array.isArray(scenario.charts) ? scenario.charts : [];
  const have = new Set(typed.map((c) => number(c.chart, 1)));
  const added = [];
  for (const n of numbers ?? chartNumbers(scenario)) {
    const saved = savedOf(n, scenario.system);
    if (!have.has(n) && saved && typed.length + added.length < MAX_CHARTS) {
      added.push(asScenarioChart(saved));
      have.add(n);
    }
  }
  return added.length ? { ...scenario, charts: [...typed, ...added] } : scenario;
}

/** All the saved charts not typed in (for an encounter's attack, whose combatant's charts the page
 * does not know), at most the scenario's ten. */
export function allSavedNumbers() {
  return [...new Set(savedCharts().map((c) => number(c?.chart, 1)))].sort((x, y) => x - y);
}

function rowCount(rows) {
  if (Array.isArray(rows)) return rows.length;
  return String(rows ?? "").split("\n").filter((line) => line.trim()).length;
}

export function pickNote(n, typed = false) {
  if (typed) return { text: `Chart ${n}: the chart typed below`, saved: true };
  const saved = savedOf(n);
  if (!saved) return { text: `no chart ${n} saved: enter it`, saved: false };
  const count = rowCount(saved.rows);
  return { text: `Chart ${n}: ${count} row${count === 1 ? "" : "s"} saved`, saved: true };
}

export function initChartPicks(form) {
  const notes = [...form.querySelectorAll("[data-chart-pick]")];
  const field = (name) => form.elements.namedItem(name);
  function sync() {
    const inlineRows = field("rp:charts.0.rows");
    const inline = inlineRows && inlineRows.value.trim() ? number(field("rp:charts.0.chart")?.value, 1) : null;
    for (const note of notes) {
      const n = number(field(note.dataset.chartPick)?.value, 1);
      const { text, saved } = pickNote(n, n === inline);
      const link = document.createElement("a");
      link.href = "#critical-tables";
      link.textContent = saved ? "tables" : "enter it";
      // "Chart 2: 6 rows saved (tables)" or "no chart 2 saved: enter it", the link opening the panel
      note.replaceChildren(saved ? `${text} (` : text.replace(/enter it$/, ""), link, saved ? ")" : "");
      note.classList.toggle("missing", !saved);
    }
  }
  form.addEventListener("input", sync);
  form.addEventListener("change", sync);
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === "auspex:tables:v1") sync();
  });
  window.addEventListener("focus", sync);
  document.getElementById("critical-tables")?.addEventListener("toggle", sync);
  sync();
  return sync;
}
