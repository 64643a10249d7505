// Auspex: Epic formation shooting's forms: two formation tables (units added, edited, moved and
// removed) and the shooting action. The shape a family module has is described in
// static/families/index.js; this one's field names start "ep:".
//
// Exports DEFAULTS (the small engagement the forms open on: {attacker: [unit], target: [unit]},
// each unit {field: value}) and the family (default):
// - shape: crossfire is sent only when claimed (the "claimed" checkbox is the page's, not the JSON's);
// - unshape: a crossfire given is claimed, none is {claimed: false};
// - tracker: the old combat tracker's rows of kind "formation", migrated into encounter formations.
import { layoutEntry, systemsWhere } from "../catalogue.js";
import { whole } from "./d100.js";

const NAME = "formation"; // the catalogue's layout word of the rulesets these forms serve

// Each formation is whole (an encounter adds it once, and it shoots and is shot at): the attacking
// units' saves (a datasheet's 4+ is 3 here) and the target units' weapons (a datasheet's AP6+ is AP1).
export const DEFAULTS = {
  attacker: [
    { name: "Tactical 1", weapons: "Missile launcher 45 AP3 AT2; Bolters 15 small arms", distance: 12, armour: 3 },
    { name: "Tactical 2", weapons: "Missile launcher 45 AP3 AT2; Bolters 15 small arms", distance: 13, armour: 3 },
    { name: "Devastator", weapons: "2x Lascannon 45 AT4 AP1 use AT; Heavy bolter 30 AP3", distance: 15, armour: 3 },
    { name: "Predator", type: "armoured vehicle", weapons: "Lascannon 45 AT4; 2x Heavy bolter 30 AP3", distance: 14, armour: 3 },
  ],
  target: [
    { name: "Boyz 1", distance: 12, weapons: "Big shoota 30 AP1; Shootas 15 small arms" },
    { name: "Boyz 2", distance: 12, weapons: "Big shoota 30 AP1; Shootas 15 small arms" },
    { name: "Nobz", armour: 2, distance: 13, weapons: "Big shoota 30 AP1; Shootas 15 small arms" },
    { name: "Battlewagon", type: "armoured vehicle", armour: 3, cover_save: 0, in_cover: false, distance: 14, from_centre: 1, weapons: "Kannon 45 AP2 AT2; Big shoota 30 AP1" },
  ],
};

// An encounter's formation is one combatant with both sides (rules/epic/formation.py), unit i of its
// attacker side being unit i of its target side: `c[side]` with each unit given the other side's
// fields (a shooting unit's saves, a target unit's weapons), so either table shows the whole formation.
const OTHER_SIDE = { attacker: ["armour", "cover_save", "in_cover", "integrity"], target: ["weapons", "cc", "ff"] };
export function wholeFormation(c, side) {
  const own = structuredClone(c[side]);
  const other = c[side === "attacker" ? "target" : "attacker"];
  if (!Array.isArray(own?.units) || !Array.isArray(other?.units) || other.units.length !== own.units.length) return own;
  own.units = own.units.map((u, i) => {
    const whole = { ...u };
    for (const key of OTHER_SIDE[side]) if (whole[key] === undefined && other.units[i]?.[key] !== undefined) whole[key] = other.units[i][key];
    return whole;
  });
  return own;
}

function shape(scenario) {
  const { action } = scenario;
  if (action.crossfire && !action.crossfire.claimed) delete action.crossfire;
  else if (action.crossfire) delete action.crossfire.claimed;
}

function unshape(s) {
  const { action } = s;
  if (action) action.crossfire = action.crossfire ? { ...action.crossfire, claimed: true } : { claimed: false };
  return s;
}

function fillRow(li, values) {
  for (const [name, value] of Object.entries(values)) {
    const el = li.querySelector(`[data-field="${name}"]`);
    if (el.type === "checkbox") el.checked = Boolean(value);
    else el.value = String(value);
  }
  return li;
}

// The two formation tables, opened on DEFAULTS; overwatch fire asks what set it off, a barrage asks
// each target unit's tiles from the centre tile and cannot ignore cover, a crossfire claimed asks
// for its line.
function init({ form, editableRows }) {
  const $ = (id) => document.getElementById(id);
  for (const side of ["attacker", "target"]) {
    const list = $(`ep-${side}-units`);
    const template = $(`ep-${side}-unit`);
    list.append(...DEFAULTS[side].map((values) => fillRow(template.content.firstElementChild.cloneNode(true), values)));
    editableRows(list, $(`add-ep-${side}-unit`), template, `ep:${side}.units`, { max: 60 });
  }
  const kind = $("ep-kind");
  const crossfire = $("ep-crossfire");
  // the parts the action kind reads, as the catalogue lists them for it (what set off overwatch
  // fire, cover to ignore, a barrage's tiles, an assault's CC/FF and hits, a crossfire's line)
  function syncAction() {
    const entry = layoutEntry(form.elements.namedItem("system").value, NAME);
    const shows = new Set(entry?.action_fields?.[kind.value] ?? []);
    $("ep-trigger").hidden = !shows.has("action.trigger");
    $("ep-ignore-cover").hidden = !shows.has("action.ignore_cover");
    for (const el of form.querySelectorAll("#ep-target-units [data-barrage]")) el.hidden = !shows.has("target.units.from_centre");
    for (const el of form.querySelectorAll("#ep-attacker-units [data-assault]")) el.hidden = !shows.has("attacker.units.cc");
    $("ep-assault").hidden = !shows.has("action.cc_hits");
    $("ep-crossfire-claim").hidden = !shows.has("action.crossfire");
    $("ep-crossfire-line").hidden = !crossfire.checked || !shows.has("action.crossfire");
  }
  kind.addEventListener("change", syncAction);
  crossfire.addEventListener("change", syncAction);
  $("add-ep-target-unit").addEventListener("click", syncAction);
  $("add-ep-attacker-unit").addEventListener("click", syncAction);
  return { apply: syncAction, start: syncAction };
}

// The combat tracker's rows (kept before the encounter engine) as the encounter's formations: its units left
// (the old row did not keep which) and Shock.
const tracker = {
  kinds: { formation: {} },
  migrate(row) {
    if (row?.kind !== "formation") return null;
    const left = Math.max(1, (whole(row.W) ?? 1) - (whole(row.taken) ?? 0));
    return { system: systemsWhere("layout", NAME)[0], profile: { target: { units: Array.from({ length: Math.min(left, 60) }, () => ({})) } }, adjust: whole(row.shock) ? { shock: whole(row.shock) } : null };
  },
};

export default {
  name: NAME,
  prefix: "ep:",
  rowLists: { "attacker.units": "ep-attacker-units", "target.units": "ep-target-units" },
  choices: false,
  shape,
  unshape,
  init,
  tracker,
};
