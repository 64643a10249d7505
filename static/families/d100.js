// Auspex: the d100 family's forms (Dark Heresy 2nd and 1st editions, Deathwatch): one attacker, one
// target (a creature or a Horde), one action. The shape a family module has is described in
// static/families/index.js; this one's field names have no prefix ("target.wounds").
//
// Exports: LOCATIONS (the six hit locations, in the books' order) and the family (default):
// - shape: no evasion chosen is `evasion: null`; a nearby foe's one AP ({ap: n}) stands for every
//   location ({armour: {Head: n, ...}});
// - unshape: the reverse, and the forms' own values a scenario leaves out: no evasion is the
//   reaction "none", no cover is an empty AP, and "target-kind" (a top-level form value, not the
//   scenario's) is "horde" for a Horde, else "single"; an attacker without a second weapon has
//   `second_weapon.held` "no" (the form's "no second weapon", never sent), one with it "yes"; the
//   second weapon's target likewise `different` "no" / "yes", its one AP for every location;
// - tracker: the old combat tracker's rows of kind "single" and "horde", migrated into encounter
//   combatants (static/tracker.js); `whole` reads a stored row's number.
import { rulesetEntry } from "../catalogue.js";

export const LOCATIONS = ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"];

function shape(scenario) {
  // a mob's volley (rules/d100/volley.py): "x attackers" beside the attacker is the scenario's count
  const count = scenario.attacker?.count;
  if (scenario.attacker) delete scenario.attacker.count;
  if (count !== undefined && count !== "" && count !== null && count !== 1) scenario.count = count; // blank: one attacker
  if (scenario.target.evasion.reaction === "none") scenario.target.evasion = null;
  // Two-weapon fighting: "no second weapon" sends none (one of the two attacks, at -20)
  const second = scenario.attacker?.second_weapon;
  if (second?.held === "no") delete scenario.attacker.second_weapon;
  else if (second) delete second.held;
  // its target: "the same" sends none; a different one's one AP stands for every location
  const other = scenario.action?.second_target;
  if (other?.different === "no") delete scenario.action.second_target;
  else if (other) {
    delete other.different;
    other.armour = Object.fromEntries(LOCATIONS.map((loc) => [loc, other.ap]));
    delete other.ap;
    if (other.evasion?.reaction === "none") delete other.evasion;
  }
  for (const foe of scenario.target.nearby ?? []) {
    if (foe.ap === undefined) continue;
    foe.armour = Object.fromEntries(LOCATIONS.map((loc) => [loc, foe.ap]));
    delete foe.ap;
  }
}

function unshape(s) {
  // a volley's count in its box beside the attacker (blank: one attacker)
  if (s.attacker) s.attacker.count = s.count ?? "";
  delete s.count;
  // an attacker without a second weapon (saved or shared before it existed) holds none: its
  // "one attack with each" stays one of the two attacks, at -20 (seed 004, Two-Weapon Fighting)
  if (s.attacker) {
    if (s.attacker.second_weapon) s.attacker.second_weapon.held = "yes";
    else s.attacker.second_weapon = { held: "no" };
  }
  if (s.action) {
    const other = s.action.second_target;
    if (!other) s.action.second_target = { different: "no" };
    else {
      other.different = "yes";
      other.ap = other.armour?.Body ?? Object.values(other.armour ?? {})[0] ?? 0;
      delete other.armour;
      other.evasion ??= { reaction: "none" };
    }
  }
  const t = s.target;
  if (t) {
    t.evasion ??= { reaction: "none" };
    t.cover ??= { ap: "" };
    s["target-kind"] = t.horde ? "horde" : "single";
    s["action-unaware"] = s.action?.unaware_chance != null; // Spray and Pray's chance shown
    for (const foe of t.nearby ?? []) {
      foe.ap = foe.armour?.Body ?? Object.values(foe.armour ?? {})[0] ?? 0;
      delete foe.armour;
    }
  }
  return s;
}

// The parts of the forms an action's catalogue `fields` name (a scenario path each).
const ACTION_PARTS = [
  ["[data-psychic]", "action.psychic"],
  ["#grapple-fields", "action.grapple"],
  ["[data-manoeuvre-ws]", "target.characteristics.WS"],
  ["[data-multiple-attacks]", "action.talent"],
];

// The extra modifiers and the foes within 2 m (Deathwatch) as rows; the evasion fields shown for a
// reaction (and a parrying weapon's for a Parry); the second weapon for two-weapon fighting.
function init({ form, editableRows }) {
  const $ = (id) => document.getElementById(id);
  editableRows($("modifier-rows"), $("add-modifier"), $("modifier-row"), "action.modifiers");
  editableRows($("nearby-rows"), $("add-nearby"), $("nearby-row"), "target.nearby");
  const reaction = form.elements.namedItem("target.evasion.reaction");
  function syncEvasion() {
    for (const el of form.querySelectorAll("[data-evasion]")) el.hidden = reaction.value === "none";
    for (const el of form.querySelectorAll("[data-parry]")) el.hidden = reaction.value !== "Parry";
  }
  reaction.addEventListener("change", syncEvasion);
  // Two-weapon fighting: the second weapon, the talents and its action show once "one attack with
  // each" is chosen where the ruleset has the rule (its row shown).
  const two = form.elements.namedItem("action.two_weapon");
  const twoRow = two.closest(".row");
  function syncTwoWeapons() {
    const on = two.value === "both" && !twoRow.hidden;
    for (const el of form.querySelectorAll("[data-two-weapon]")) el.hidden = !on;
  }
  two.addEventListener("change", syncTwoWeapons);
  const held = form.elements.namedItem("attacker.second_weapon.held");
  const other = form.elements.namedItem("action.second_target.different");
  function syncHeld() {
    for (const el of form.querySelectorAll("[data-second-held]")) el.hidden = held.value === "no";
    form.querySelector("[data-second-target]").hidden = other.value !== "yes";
    form.querySelector("[data-second-evasion]").hidden = otherReaction.value === "none";
  }
  const otherReaction = form.elements.namedItem("action.second_target.evasion.reaction");
  for (const el of [held, other, otherReaction]) el.addEventListener("change", syncHeld);
  new MutationObserver(syncTwoWeapons).observe(twoRow, { attributes: true, attributeFilter: ["hidden"] });
  // Spray and Pray's chance under its choice; the fields only the chosen action reads, as the
  // catalogue lists them for it (a psychic attack's Focus Power test, the Grapple's choice, the
  // opponent's WS for an opposed manoeuvre, the talent of Multiple Attacks)
  const unaware = form.elements.namedItem("action-unaware");
  const actionType = form.elements.namedItem("action.type");
  const system = form.elements.namedItem("system");
  function syncAction() {
    for (const el of form.querySelectorAll("[data-unaware]")) el.hidden = !unaware.checked;
    const action = (rulesetEntry(system.value)?.actions ?? []).find((a) => a.name === actionType.value);
    const shows = new Set(action?.fields ?? []);
    for (const [selector, field] of ACTION_PARTS) {
      for (const el of form.querySelectorAll(selector)) el.hidden = !shows.has(field);
    }
  }
  form.addEventListener("change", syncAction);
  new MutationObserver(syncAction).observe(actionType, { childList: true }); // the catalogue refills the actions
  return {
    start() {
      syncEvasion();
      syncTwoWeapons();
      syncHeld();
      syncAction();
    },
  };
}

// The combat tracker's rows (auspex:tracker:v1, kept before the encounter engine) as the encounter's combatants: a
// creature (Wounds, Damage taken, Ag, Fatigue, Stunned/Pinned/On fire) or a Horde (its Magnitude).
const tracker = {
  kinds: { single: {}, horde: {} },
  migrate(row) {
    const kind = row?.kind;
    if (kind !== "single" && kind !== "horde") return null;
    const conditions = [["stunned", "Stunned"], ["pinned", "Pinned"], ["fire", "On Fire"]].filter(([k]) => row[k] === true).map(([, name]) => name);
    if (kind === "horde") {
      const start = whole(row.W) || 30;
      return { system: "d100", profile: { target: { horde: { magnitude: start } } }, adjust: { magnitude: Math.max(0, start - (whole(row.taken) ?? 0)) }, conditions };
    }
    const target = {};
    if (whole(row.W)) target.wounds = whole(row.W);
    if (whole(row.taken) !== null) target.damage_taken = whole(row.taken);
    if (whole(row.Ag) !== null) target.characteristics = { Ag: whole(row.Ag) };
    return { system: "d100", profile: { target }, adjust: whole(row.fatigue) ? { fatigue: whole(row.fatigue) } : null, conditions };
  },
};

/** A whole number as typed in a stored row, or null. */
export const whole = (v) => (/^\d{1,6}$/.test(String(v ?? "").trim()) ? Number(String(v).trim()) : null);

export default { name: "d100", prefix: "", rowLists: { "action.modifiers": "modifier-rows", "target.nearby": "nearby-rows" }, choices: true, shape, unshape, init, tracker };
