// Auspex: the rules' catalogue, the page's one source for what each ruleset is and offers
// (python -m rules catalogue, written by the build as static/vendor/app/catalogue.json, precached
// for offline use): read once, before any script that imports this module runs, so the forms,
// pickers and tables ask it instead of naming a ruleset or holding a rule.
//
// Exports:
// - catalogue: the whole file ({rulesets: {system: entry}, conditions, condition_categories}); when
//   it cannot be read (a broken build), no ruleset (the forms then read every system as a d100 one);
// - rulesetEntry(system) -> the ruleset's entry ({name, family, layout, saved_tables, ...}) or null;
// - systemsWhere(key, value) -> the systems whose entry's `key` is `value`, in the catalogue's order;
// - layoutEntry(system, layout) -> the entry of `system` when its forms are `layout`'s, else of the
//   first ruleset with that layout (a family's forms read their own rulesets' entries), or null.

const EMPTY = { rulesets: {}, conditions: [], condition_categories: {} };

export const catalogue = await fetch(new URL("./vendor/app/catalogue.json", import.meta.url))
  .then((response) => (response.ok ? response.json() : Promise.reject(new Error(response.statusText))))
  .catch((error) => {
    console.warn("auspex: no ruleset catalogue; every ruleset is read as a d100 one", error);
    return EMPTY;
  });

const rulesets = catalogue?.rulesets ?? {};

export function rulesetEntry(system) {
  return Object.hasOwn(rulesets, system) ? rulesets[system] : null;
}

export function systemsWhere(key, value) {
  return Object.keys(rulesets).filter((system) => rulesets[system][key] === value);
}

export function layoutEntry(system, layout) {
  const own = rulesetEntry(system);
  return own?.layout === layout ? own : rulesetEntry(systemsWhere("layout", layout)[0]);
}
