// Auspex: the rulesets the page knows (the rules' catalogue's), each with its family's forms. The core
// files (app.js, formstate.js, tracker.js, party.js) ask this registry and never name a ruleset;
// adding a ruleset to rules/registry.py adds it here (and, for a new layout, one module beside this one).
//
// Exports:
// - RULESETS: {system: {name, family}}, from the rules' catalogue (static/catalogue.js): `name` as
//   the ruleset picker shows it, `family` the family module whose `name` is the ruleset's `layout`.
// - FAMILIES: [family module]: every family once, in the page's order.
// - rulesetOf(system) -> RULESETS entry; a system the page does not know is read as a d100 one
//   (as the forms always did), named by its code.
// - familyOf(system) -> its family module.
// - pathOf(name) -> a field's path in the scenario JSON: its name less its family's prefix
//   ("rp:target.name" -> "target.name"; the d100 forms' names have none).
// - ROW_KINDS: {kind: spec}: every family's old tracker rows by kind (see tracker.kinds below).
// - LOCATIONS: the six hit locations, in the books' order (the d100 and the fan ruleset's forms).
//
// A family module's default export (static/families/d100.js, wh40krp.js, epic.js):
// - name: the family's forms on the page (<fieldset data-family="...">), the catalogue's `layout`
//   word of the rulesets that use them ("d100", "fan", "formation");
// - prefix: the prefix of its field names, which keeps each family's forms apart in one <form>;
// - rowLists: {scenario path: id of the <ol> whose rows hold that list};
// - choices: true when its forms take the catalogue's sizes, cover, armoury, actions, qualities,
//   circumstances and difficulties (app.js fills them);
// - shape(scenario): the forms' raw values (every shown field at its path) -> the scenario JSON the
//   engine reads, in place; unshape(scenario): the reverse, in place, returning it (share links,
//   saved forms and the party put a scenario back into the forms with it);
// - init(page) -> {apply(), start()}: wires its own parts of the forms (rows, defaults, what shows
//   when) with the page's helpers; apply() runs when its ruleset is chosen, start() once on load;
// - tracker: the kinds of the old combat tracker's rows (auspex:tracker:v1) it knows, and
//   migrate(row) -> {system ("d100" for the d100 rulesets, else the family's first ruleset), profile,
//   adjust?, conditions?, note?} |
//   null: the row as an encounter combatant (static/tracker.js migrates them once).
import { catalogue } from "../catalogue.js";
import d100 from "./d100.js";
import formation from "./epic.js";
import fan from "./wh40krp.js";

export { LOCATIONS } from "./d100.js";
export { wholeFormation } from "./epic.js"; // a formation's two sides in one table (tracker.js)

export const FAMILIES = [d100, fan, formation];

const BY_LAYOUT = Object.fromEntries(FAMILIES.map((f) => [f.name, f]));

export const RULESETS = Object.fromEntries(
  Object.entries(catalogue.rulesets ?? {}).map(([system, entry]) => [system, { name: entry.name, family: BY_LAYOUT[entry.layout] ?? d100 }]),
);

export function rulesetOf(system) {
  return Object.hasOwn(RULESETS, system) ? RULESETS[system] : { name: String(system), family: d100 };
}

export function familyOf(system) {
  return rulesetOf(system).family;
}

export function pathOf(name) {
  const family = FAMILIES.find((f) => f.prefix && name.startsWith(f.prefix));
  return family ? name.slice(family.prefix.length) : name;
}

export const ROW_KINDS = Object.assign({}, ...FAMILIES.map((f) => f.tracker.kinds));
