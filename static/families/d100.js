// Auspex: the d100 family's forms (Dark Heresy 2nd and 1st editions, Deathwatch): one attacker, one
// target (a creature or a Horde), one action. The shape a family module has is described in
// static/families/index.js; this one's field names have no prefix ("target.wounds").
//
// Exports: LOCATIONS (the six hit locations, in the books' order) and the family (default):
// - shape: no evasion chosen is `evasion: null`; a nearby foe's one AP ({ap: n}) stands for every
//   location ({armour: {Head: n, ...}});
// - unshape: the reverse, and the forms' own values a scenario leaves out: no evasion is the
//   reaction "none", no cover is an empty AP, and "target-kind" (a top-level form value, not the
//   scenario's) is "horde" for a Horde, else "single";
// - tracker: rows of kind "single" (Wounds, Damage taken, Fatigue, initiative by Ag, AgB and a d10;
//   its damage beyond Wounds is critical damage) and "horde" (Magnitude).
export const LOCATIONS = ["Head", "Right Arm", "Left Arm", "Body", "Right Leg", "Left Leg"];

function shape(scenario) {
  if (scenario.target.evasion.reaction === "none") scenario.target.evasion = null;
  for (const foe of scenario.target.nearby ?? []) {
    if (foe.ap === undefined) continue;
    foe.armour = Object.fromEntries(LOCATIONS.map((loc) => [loc, foe.ap]));
    delete foe.ap;
  }
}

function unshape(s) {
  const t = s.target;
  if (t) {
    t.evasion ??= { reaction: "none" };
    t.cover ??= { ap: "" };
    s["target-kind"] = t.horde ? "horde" : "single";
    for (const foe of t.nearby ?? []) {
      foe.ap = foe.armour?.Body ?? Object.values(foe.armour ?? {})[0] ?? 0;
      delete foe.armour;
    }
  }
  return s;
}

// The extra modifiers and the foes within 2 m (Deathwatch) as rows; the evasion fields shown for a
// reaction (and a parrying weapon's for a Parry).
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
  return { start: syncEvasion };
}

// [key, label, the ruleset's word for the label (index.js's `words`)]
const INIT = [["Ag", "Ag"], ["agb", "AgB", "agb"], ["d10", "Init d10"]];

const tracker = {
  kinds: {
    single: { fields: [["W", "Wounds"], ["taken", "Damage taken", "damage"], ["fatigue", "Fatigue"], ...INIT], critical: true },
    horde: { fields: [["W", "Magnitude"], ["taken", "Magnitude lost"], ...INIT] },
  },
  // A row from the forms: the Target form's Horde (its Magnitude shown) or creature.
  fromForms(side, value, form) {
    const target = side === "target";
    if (target && !form.elements.namedItem("target.horde.magnitude").closest("[hidden]")) {
      return { kind: "horde", W: value("target.horde.magnitude"), taken: "0" };
    }
    return { kind: "single", W: target ? value("target.wounds") : "", taken: target ? value("target.damage_taken") : "0", Ag: value(`${side}.characteristics.Ag`) };
  },
  // What a result does to its target: {taken, fatigue?, text}.
  effect(res) {
    if (res.horde) return { taken: res.horde.magnitude_lost, text: `Magnitude \u2212${res.horde.magnitude_lost}` };
    return { taken: res.total_wounds, fatigue: res.fatigue, text: `${res.total_wounds} wound(s)${res.fatigue ? `, ${res.fatigue} Fatigue` : ""}` };
  },
  // A row as rules/initiative.py reads a combatant (`n`: a typed number, or the text as typed).
  combatant: (r, fresh, n) => ({ Ag: n(r.Ag), agility_bonus: n(r.agb), d10: fresh ? undefined : n(r.d10) }),
  how({ fresh, round, answer }) {
    if (fresh || !round) return "initiative rolled; it stands for the combat";
    return answer.initiative.dice.length ? "initiative kept, newcomers rolled" : "the order stands (initiative is rolled once per combat)";
  },
  // The Target form follows the tracked target it names, so the next attack starts from it.
  follow(row, { form, value, num }) {
    if (value("target.name").trim() !== row.name) return;
    const horde = row.kind === "horde";
    const f = form.elements.namedItem(horde ? "target.horde.magnitude" : "target.damage_taken");
    f.value = horde ? Math.max(0, num(row.W) - num(row.taken)) : row.taken;
    f.dispatchEvent(new Event("input", { bubbles: true }));
  },
};

export default { name: "d100", prefix: "", rowLists: { "action.modifiers": "modifier-rows", "target.nearby": "nearby-rows" }, choices: true, shape, unshape, init, tracker };
