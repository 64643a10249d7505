// Auspex: the fan-made Warhammer 40,000 Roleplay's forms (WFRP 1st edition): a firer, a target
// (with others near it), a round of up to four actions and the firer's own Damage Charts. The shape
// a family module has is described in static/families/index.js; this one's field names start "rp:".
//
// Exports the family (default):
// - shape: a location whose armour type is "none" is unarmoured (left out); the firer's one armour
//   ({armour_all: {type, chance}}) and each other target's ({armour_type, armour_chance}) stand for
//   every location; cover without a chance is no cover; a Damage Chart without rows is no chart;
// - unshape: the reverse (every location listed, "none" where unarmoured; the first location's
//   armour as the one armour; empty cover; one empty chart);
// - tracker: the old combat tracker's rows of kind "rp", migrated into encounter combatants.
import { layoutEntry, rulesetEntry, systemsWhere } from "../catalogue.js";
import { LOCATIONS, whole } from "./d100.js";

const NAME = "fan"; // the catalogue's layout word of the rulesets these forms serve

function shape(scenario) {
  const { attacker, target } = scenario;
  for (const loc of LOCATIONS) {
    if (target.armour?.[loc]?.type === "none") delete target.armour[loc];
  }
  const all = (type, chance) => (type === "none" ? {} : Object.fromEntries(LOCATIONS.map((loc) => [loc, { type, chance }])));
  if (attacker.armour_all) {
    attacker.armour = all(attacker.armour_all.type, attacker.armour_all.chance);
    delete attacker.armour_all;
  }
  for (const other of target.others ?? []) {
    other.armour = all(other.armour_type, other.armour_chance);
    delete other.armour_type;
    delete other.armour_chance;
  }
  if (target.cover && target.cover.chance === undefined) delete target.cover;
  if (scenario.charts && scenario.charts[0].rows === undefined) delete scenario.charts;
}

function unshape(s) {
  const { attacker: a, target: t, action } = s;
  if (t) {
    t.armour = Object.fromEntries(LOCATIONS.map((loc) => [loc, t.armour?.[loc] ?? { type: "none" }]));
    t.cover ??= { name: "", chance: "" };
    for (const o of t.others ?? []) {
      const first = Object.values(o.armour ?? {})[0];
      Object.assign(o, { armour_type: first?.type ?? "none", armour_chance: first?.chance });
      delete o.armour;
    }
  }
  if (a) {
    const first = Object.values(a.armour ?? {})[0];
    a.armour_all = first ? { type: first.type, chance: first.chance } : { type: "none" };
    delete a.armour;
  }
  if (action && !s.charts?.length) s.charts = [{ rows: "" }];
  return s;
}

// The round's actions, the modifiers and the other targets as rows; fire-only fields shown on fire
// actions, the actions spent counted under the list; the cover's locations shown once it has a chance.
// Its action kinds, what each costs and the fields each shows, and the actions a round has, from
// the chosen ruleset's catalogue entry (the rules' data); a row's kind the player has not chosen is
// the entry's first that shows the fire fields (a shot).
function init({ form, editableRows, option }) {
  const $ = (id) => document.getElementById(id);
  const roundRows = $("rp-round-rows");
  const actionsSpent = $("rp-actions-spent");
  const entry = () => layoutEntry(form.elements.namedItem("system").value, NAME);
  const kinds = () => entry()?.action_kinds ?? {};
  const fieldsOf = (kind) => entry()?.action_fields?.[kind] ?? [];
  const FIRE_FIELDS = ["shots", "moving", "follow"]; // each row's fields shown when its kind asks
  function fillKinds(select) {
    const all = kinds();
    const first = Object.keys(all).find((kind) => fieldsOf(kind).length) ?? Object.keys(all)[0];
    const chosen = select.value || select.dataset.value || first;
    select.replaceChildren(...Object.entries(all).map(([kind, k]) => option(kind, k.actions > 1 ? `${k.label} (${k.actions} actions)` : k.label)));
    select.value = chosen in all ? chosen : first;
  }
  function syncRound() {
    const all = kinds();
    const perRound = entry()?.actions_per_round;
    let spent = 0;
    for (const li of roundRows.children) {
      const kind = li.querySelector("[data-round-kind]");
      if (!kind.options.length) fillKinds(kind);
      spent += all[kind.value]?.actions ?? 1;
      const shows = fieldsOf(kind.value);
      for (const name of FIRE_FIELDS) li.querySelector(`[data-field="${name}"]`).closest("label").hidden = !shows.includes(name);
    }
    actionsSpent.textContent = perRound ? `${spent} of ${perRound} actions this round${spent > perRound ? ": too many" : ""}.` : "";
  }
  // the most rows: the most actions a round of these forms' rulesets has
  const most = Math.max(0, ...systemsWhere("layout", NAME).map((system) => rulesetEntry(system).actions_per_round ?? 0));
  editableRows(roundRows, $("add-rp-action"), $("rp-round-row"), "rp:action.actions", { max: most || Infinity, changed: syncRound });
  editableRows($("rp-modifier-rows"), $("add-rp-modifier"), $("modifier-row"), "rp:action.modifiers");
  editableRows($("rp-other-rows"), $("add-rp-other"), $("rp-other-row"), "rp:target.others");
  const coverChance = $("rp-cover-chance");
  const syncCover = () => ($("rp-cover-locations").hidden = coverChance.value.trim() === "");
  coverChance.addEventListener("input", syncCover);
  return {
    apply() {
      for (const select of roundRows.querySelectorAll("[data-round-kind]")) fillKinds(select);
      syncRound();
    },
    start() {
      syncRound();
      syncCover();
    },
  };
}

// The combat tracker's rows (kept before the encounter engine) as the encounter's combatants: Initiative and
// Attacks, its injuries kept as the log's note.
const tracker = {
  kinds: { rp: {} },
  migrate(row) {
    if (row?.kind !== "rp") return null;
    const attacker = {};
    if (whole(row.I) !== null) attacker.I = whole(row.I);
    if (whole(row.A)) attacker.A = whole(row.A);
    const note = row.notes ? `Injuries before: ${row.notes}`.slice(0, 80) : null;
    return { system: systemsWhere("layout", NAME)[0], profile: { attacker, target: {} }, note };
  },
};

export default {
  name: NAME,
  prefix: "rp:",
  rowLists: { "action.actions": "rp-round-rows", "action.modifiers": "rp-modifier-rows", "target.others": "rp-other-rows" },
  choices: false,
  shape,
  unshape,
  init,
  tracker,
};
