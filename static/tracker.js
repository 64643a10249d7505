// The combat tracker: combatants and what they have taken; a result applied once to the tracked
// target; initiative from the engine (rules/initiative.py), kept round after round; saved on this
// device. What is typed is shown as text or input values, never as HTML.
const KEY = "auspex:tracker:v1";
const $ = (id) => document.getElementById(id);
const form = $("scenario");
const list = $("tk-rows");
const applyButton = $("tk-apply");
const diceBox = $("tk-dice");
const sys = () => $("system").value;
const family = () => ({ wh40krp: "rp", epic: "formation" })[sys()] ?? "d100";
const INIT = [["Ag", "Ag"], ["agb", "AgB"], ["d10", "Init d10"]];
const FIELDS = {
  single: [["W", "Wounds"], ["taken", "Damage"], ["fatigue", "Fatigue"], ...INIT],
  horde: [["W", "Magnitude"], ["taken", "Magnitude lost"], ...INIT],
  rp: [["I", "I"], ["A", "A"]],
  formation: [["W", "Units"], ["taken", "Units lost"], ["shock", "Shock"]],
};
const KEYS = ["name", "notes", "W", "taken", "fatigue", "Ag", "agb", "d10", "I", "A", "shock"];
const STATUSES = [["stunned", "Stunned"], ["pinned", "Pinned"], ["fire", "On fire"]];
const STATUS_KEYS = Object.fromEntries(STATUSES);
let state = { round: 0, target: 0, rows: [] };
let pending = null; // the last result shown: { res, applied }
let engine;
let errors = 0;

// A whole number as typed: null when blank, NaN when not a whole number.
const num = (t) => ((t = String(t ?? "").trim()) === "" ? null : /^\d+$/.test(t) ? +t : NaN);
const tracked = () => state.rows.find((r) => r.id === state.target);
const value = (name) => form.elements.namedItem(name)?.value ?? "";

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {} // storage refused: the tracker still works for this visit
}

function say(text, bad = false) {
  const status = $("tk-status");
  status.textContent = text;
  status.classList.toggle("bad", bad);
}

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY));
    const rows = data.rows.filter((r) => FIELDS[r?.kind]);
    state = {
      round: Number.isInteger(data.round) ? data.round : 0,
      target: rows.findIndex((r) => r.id === data.target) + 1,
      rows: rows.map((r, i) => {
        const row = { id: i + 1, kind: r.kind, offs: [].concat(r.offs ?? []).filter((v) => Number.isInteger(v) && v > 0 && v < 11) };
        for (const k of KEYS) if (typeof r[k] === "string") row[k] = r[k].slice(0, 200);
        for (const [k] of STATUSES) row[k] = r[k] === true;
        return row;
      }),
    };
  } catch {} // nothing saved, or not a tracker: start empty
}

function el(tag, props, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

// As app.js marks a field: the message under it, as its description (not its name).
function mark(input, message) {
  input.setAttribute("aria-invalid", String(!!message));
  input.removeAttribute("aria-describedby");
  input.parentElement.querySelector(".field-error")?.remove();
  if (!message) return;
  const note = el("span", { className: "field-error", id: `tk-error-${++errors}`, textContent: message, ariaHidden: "true" });
  input.setAttribute("aria-describedby", note.id);
  input.after(note);
}

function critical(row) {
  const over = num(row.taken) - num(row.W);
  return row.kind === "single" && over > 0 ? `Critical damage ${over}` : "";
}

function rowView(row, i) {
  const input = (key, props) => {
    const x = el("input", { type: key in STATUS_KEYS ? "checkbox" : "text", ...props });
    x.dataset.f = key;
    return x;
  };
  const fields = FIELDS[row.kind].map(([key, text]) => {
    if (key === "taken" && row.kind === "single") text = sys() === "dh2" ? "Damage" : "Damage taken";
    if (key === "agb") text = sys() === "dw" ? "AB" : "AgB";
    const placeholder = { agb: "Ag\u00f710", d10: "roll" }[key] ?? "";
    return el("label", {}, `${text} `, input(key, { value: row[key] ?? "", inputMode: "numeric", placeholder }));
  });
  const pick = input("target", { type: "radio", name: "tk-target", checked: state.target === row.id });
  const li = el(
    "li",
    { className: "tk-row" },
    el(
      "div",
      { className: "row tk-head" },
      el("span", { className: "tk-place", textContent: state.round ? `${i + 1}.` : "" }),
      el("label", { className: "grow" }, "Name ", input("name", { value: row.name ?? "", maxLength: 80 })),
      el("label", { className: "check" }, pick, " Tracked target"),
      el("button", { type: "button", className: "remove", textContent: "Remove" }),
    ),
    el("div", { className: "row tk-fields" }, ...fields),
    el("p", { className: "tk-crit", textContent: critical(row) }),
    el("div", { className: "row tk-checks" }, ...STATUSES.map(([k, text]) => el("label", { className: "check" }, input(k, { checked: row[k] }), ` ${text}`))),
  );
  if (row.kind === "rp" || row.notes) li.append(el("label", { className: "wide" }, "Injuries ", input("notes", { value: row.notes ?? "" })));
  li.dataset.id = row.id;
  return li;
}

function render() {
  list.replaceChildren(...state.rows.map(rowView));
  $("tk-round").textContent = state.round ? `Round ${state.round}` : "Not started";
  syncApply();
}

list.addEventListener("input", ({ target: x }) => {
  const li = x.closest("li");
  const row = state.rows.find((r) => r.id === +li.dataset.id);
  const key = x.dataset.f;
  if (key === "target") state.target = row.id;
  else row[key] = x.type === "checkbox" ? x.checked : x.value;
  if (["d10", "Ag", "agb", "I"].includes(key)) row.offs = []; // a tie broken on other numbers no longer holds
  if (x.inputMode === "numeric") {
    const n = num(x.value);
    const hi = key === "d10" || key === "A" ? 10 : 1e9;
    const lo = +(hi === 10);
    mark(x, Number.isNaN(n) ? "Must be a whole number" : n !== null && (n < lo || n > hi) ? `Must be ${lo} to ${hi}` : "");
  }
  li.querySelector(".tk-crit").textContent = critical(row);
  save();
  syncApply();
});

list.addEventListener("click", ({ target: x }) => {
  if (!x.matches(".remove")) return;
  state.rows = state.rows.filter((r) => r.id !== +x.closest("li").dataset.id);
  save();
  render();
});

// Adding from the forms
function fromForms(side) {
  const target = side === "target";
  const row = { id: Math.max(0, ...state.rows.map((r) => r.id)) + 1, kind: family(), offs: [], name: value(`${side}.name`) };
  if (row.kind === "rp") Object.assign(row, { name: value(`rp:${side}.name`), I: value(`rp:${side}.I`), A: value(`rp:${side}.A`) || "1" });
  else if (row.kind === "formation") {
    const W = String(document.querySelectorAll(`#ep-${side}-units > li`).length);
    Object.assign(row, { name: value(`ep:${side}.name`), W, taken: "0", shock: value(`ep:${side}.shock`) });
  } else if (target && !form.elements.namedItem("target.horde.magnitude").closest("[hidden]")) {
    Object.assign(row, { kind: "horde", W: value("target.horde.magnitude"), taken: "0" });
  } else {
    Object.assign(row, { kind: "single", W: target ? value("target.wounds") : "", taken: target ? value("target.damage_taken") : "0" });
    row.Ag = value(`${side}.characteristics.Ag`);
  }
  row.name = row.name.trim() || side;
  state.rows.push(row);
  if (target) state.target = row.id;
  save();
  render();
  say(`${row.name} added${target ? " as the tracked target" : ""}.`);
}
$("tk-add-attacker").onclick = () => fromForms("attacker");
$("tk-add-target").onclick = () => fromForms("target");

// Applying a result: what it does to its target ({ taken, fatigue, shock, notes, text })
function effect(res) {
  if (res.system === "epic") {
    const f = res.formations?.[0] ?? { destroyed: 0, shock_after: 0 };
    const end = f.wiped_out ? ", wiped out" : f.broken ? ", broken" : "";
    return { taken: f.destroyed, shock: f.shock_after, text: `${f.destroyed} unit(s) lost, Shock ${f.shock_after}${end}` };
  }
  if (res.system === "wh40krp") {
    const notes = res.shots.filter((s) => s.penetrated && !s.target_index && s.damage).map(({ damage: d }) => d.result ?? `Chart ${d.chart} at ${d.total}`);
    return { taken: 0, notes, text: `${notes.length} penetrating hit(s)` };
  }
  if (res.horde) return { taken: res.horde.magnitude_lost, text: `Magnitude \u2212${res.horde.magnitude_lost}` };
  return { taken: res.total_wounds, fatigue: res.fatigue, text: `${res.total_wounds} wound(s)${res.fatigue ? `, ${res.fatigue} Fatigue` : ""}` };
}

function syncApply() {
  const row = tracked();
  applyButton.disabled = !pending || !row;
  applyButton.textContent = pending?.applied
    ? `Applied to ${pending.applied}`
    : `Apply to ${row ? row.name : "the tracked target"}${pending && row ? `: ${effect(pending.res).text}` : ""}`;
}

document.addEventListener("auspex:resolved", ({ detail }) => {
  pending = { res: detail.resolution };
  syncApply();
});

applyButton.onclick = () => {
  const row = tracked();
  if (pending.applied) return say(`This result was already applied to ${pending.applied}; resolve a new attack to apply another.`, true);
  const fx = effect(pending.res);
  const [taken, fatigue] = [num(row.taken) ?? 0, num(row.fatigue) ?? 0];
  if (Number.isNaN(taken + fatigue)) return say(`Fix ${row.name}'s numbers first: nothing was applied.`, true);
  row.taken = String(taken + fx.taken);
  if (fx.fatigue) row.fatigue = String(fatigue + fx.fatigue);
  if (fx.shock != null) row.shock = String(fx.shock);
  if (fx.notes?.length) row.notes = [row.notes, ...fx.notes].filter(Boolean).join("; ");
  pending.applied = row.name;
  // the Target form follows the tracked target, so the next attack starts from it
  if ($("tk-sync").checked && family() === "d100" && value("target.name").trim() === row.name) {
    const horde = row.kind === "horde";
    const f = form.elements.namedItem(horde ? "target.horde.magnitude" : "target.damage_taken");
    f.value = horde ? Math.max(0, num(row.W) - num(row.taken)) : row.taken;
    f.dispatchEvent(new Event("input", { bubbles: true }));
  }
  save();
  render();
  const now = row.kind === "rp" ? fx.notes.join("; ") : `now ${row.taken}${row.W ? ` of ${row.W}` : ""}`;
  say(`Applied to ${row.name}: ${fx.text} (${now}). ${critical(row)}`.trim());
};

// Initiative: the ruleset's combatants in order; the others keep their place after them
async function initiative(fresh) {
  const fam = family();
  const rows = state.rows.filter((r) => (fam === "d100" ? r.kind === "single" || r.kind === "horde" : r.kind === fam));
  if (!rows.length) return say("Add combatants of this ruleset first.", true);
  if (fresh) for (const r of rows) Object.assign(r, { d10: "", offs: [] });
  const round = state.round;
  state.round = fresh ? 1 : round + 1;
  if (fam === "formation") {
    save();
    render();
    return say(`Round ${state.round}: Epic has no initiative for single combatants: its players take turns with whole formations.`);
  }
  const n = (v) => (num(v) === null ? undefined : Number.isNaN(num(v)) ? v : num(v)); // as typed when not a number
  const request = {
    system: sys(),
    combatants: rows.map((r) => ({
      name: r.name || "?",
      roll_offs: r.offs,
      ...(fam === "rp" ? { I: n(r.I), A: n(r.A) ?? 1 } : { Ag: n(r.Ag), agility_bonus: n(r.agb), d10: n(r.d10) }),
    })),
  };
  if (diceBox.value.trim()) request.dice = diceBox.value.trim().split(/[\s,;]+/).map(n);
  else request.seed = crypto.getRandomValues(new Uint32Array(1))[0];
  mark(diceBox, "");
  let answer;
  try {
    answer = JSON.parse(await (await engine).initiative(JSON.stringify(request)));
  } catch (error) {
    console.error("auspex: initiative failed", error);
    answer = { message: "The page could not reach the rules engine. Reload to try again." };
  }
  if (answer.status !== "ok") {
    state.round = round;
    render();
    if (answer.needs) return say(`Roll die ${answer.needs.index + 1}: ${answer.needs.purpose}, and add it to the initiative dice.`, true);
    say(answer.errors ? "Check the marked fields: nothing was rolled." : answer.message, true);
    for (const { field, message } of answer.errors ?? []) {
      const [, i, key] = field.split(".");
      const r = field[0] === "c" && rows[i];
      const x = r ? list.querySelector(`[data-id="${r.id}"] [data-f="${key === "agility_bonus" ? "agb" : key}"]`) : field[0] === "d" && diceBox;
      if (x) mark(x, message);
      else say(`${r ? `${r.name}: ` : ""}${message}`, true);
    }
    return;
  }
  const order = answer.initiative.order.map((x) => Object.assign(rows[x.index], { d10: String(x.d10 ?? ""), offs: x.roll_offs }));
  state.rows = [...order, ...state.rows.filter((r) => !order.includes(r))];
  save();
  render();
  $("tk-init").innerHTML = answer.html; // built by render_initiative.py, every text escaped
  const how =
    fam === "rp"
      ? "the order by Initiative"
      : fresh || !round
        ? "initiative rolled; it stands for the combat"
        : answer.initiative.dice.length
          ? "initiative kept, newcomers rolled"
          : "the order stands (initiative is rolled once per combat)";
  say(`Round ${state.round}: ${how}; wounds kept.`);
}
$("tk-new-round").onclick = () => initiative(false);
$("tk-roll").onclick = () => initiative(true);
$("system").addEventListener("change", render);

export function initTracker(worker) {
  engine = worker;
  load();
  render();
}
