// Auspex: Epic formation shooting's forms: two formation tables (units added, edited, moved and
// removed) and the shooting action. The shape a family module has is described in
// static/families/index.js; this one's field names start "ep:".
//
// Exports DEFAULTS (the small engagement the forms open on: {attacker: [unit], target: [unit]},
// each unit {field: value}) and the family (default):
// - shape: crossfire is sent only when claimed (the "claimed" checkbox is the page's, not the JSON's);
// - unshape: a crossfire given is claimed, none is {claimed: false};
// - tracker: rows of kind "formation" (Units, Units lost, Shock); Epic has no initiative.
export const DEFAULTS = {
  attacker: [
    { name: "Tactical 1", weapons: "Missile launcher 45 AP3 AT2; Bolters 15 small arms", distance: 12 },
    { name: "Tactical 2", weapons: "Missile launcher 45 AP3 AT2; Bolters 15 small arms", distance: 13 },
    { name: "Devastator", weapons: "2x Lascannon 45 AT4 AP1 use AT; Heavy bolter 30 AP3", distance: 15 },
    { name: "Predator", type: "armoured vehicle", weapons: "Lascannon 45 AT4; 2x Heavy bolter 30 AP3", distance: 14 },
  ],
  target: [
    { name: "Boyz 1", distance: 12 },
    { name: "Boyz 2", distance: 12 },
    { name: "Nobz", armour: 2, distance: 13 },
    { name: "Battlewagon", type: "armoured vehicle", armour: 3, cover_save: 0, in_cover: false, distance: 14, from_centre: 1 },
  ],
};

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
    editableRows(list, $(`add-ep-${side}-unit`), template, `ep:${side}.units`, { max: 30 });
  }
  const kind = $("ep-kind");
  const crossfire = $("ep-crossfire");
  function syncAction() {
    const barrage = kind.value.endsWith("barrage");
    $("ep-trigger").hidden = !kind.value.startsWith("overwatch");
    $("ep-ignore-cover").hidden = barrage;
    for (const el of form.querySelectorAll("#ep-target-units [data-barrage]")) el.hidden = !barrage;
    $("ep-crossfire-line").hidden = !crossfire.checked;
  }
  kind.addEventListener("change", syncAction);
  crossfire.addEventListener("change", syncAction);
  $("add-ep-target-unit").addEventListener("click", syncAction);
  return { apply: syncAction, start: syncAction };
}

const tracker = {
  kinds: { formation: { fields: [["W", "Units"], ["taken", "Units lost"], ["shock", "Shock"]] } },
  fromForms: (side, value) => ({ kind: "formation", W: String(document.querySelectorAll(`#ep-${side}-units > li`).length), taken: "0", shock: value(`ep:${side}.shock`) }),
  // The first formation's units lost and Shock after the shooting.
  effect(res) {
    const f = res.formations?.[0] ?? { destroyed: 0, shock_after: 0 };
    const end = f.wiped_out ? ", wiped out" : f.broken ? ", broken" : "";
    return { taken: f.destroyed, shock: f.shock_after, text: `${f.destroyed} unit(s) lost, Shock ${f.shock_after}${end}` };
  },
  noInitiative: "Epic has no initiative for single combatants: its players take turns with whole formations.",
};

export default {
  name: "epic",
  prefix: "ep:",
  rowLists: { "attacker.units": "ep-attacker-units", "target.units": "ep-target-units" },
  choices: false,
  shape,
  unshape,
  init,
  tracker,
};
