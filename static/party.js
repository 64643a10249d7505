// Auspex: the forms kept on this device (every field, restored on the next visit; Reset forms
// puts back the page's defaults), the party (attackers, weapons and targets saved by name, picked
// again, exported and imported as auspex-party.json, which the engine's own models check), and
// share links (share.js). Everything a player typed or imported is shown as text, never as markup.

import { familyOf } from "./families/index.js";
import { h, put, restore, scenarioFields, snapshot } from "./formstate.js";
import { initShare } from "./share.js";
import { asideText, copyAside, download, load, notice, onChange, update } from "./store.js";
import { importTables, savedTables } from "./tables.js"; // critical tables travel with the party

const FORM_KEY = "auspex:form:v1";
const PARTY_KEY = "auspex:party:v1";
const SAVE_DELAY_MS = 400;
const KINDS = [
  { key: "attackers", one: "attacker", path: "attacker", scope: ["attacker."] },
  { key: "weapons", one: "weapon", path: "attacker.weapon", scope: ["attacker.weapon."] },
  { key: "targets", one: "target", path: "target", scope: ["target.", "target-kind"] },
  // a d100 target's armour (AP by location), saved apart so one suit goes on any foe
  { key: "armour", one: "armour", path: "target.armour", scope: ["target.armour."], family: "d100" },
];

const form = document.getElementById("scenario");
const system = form.elements.namedItem("system");
const status = document.getElementById("party-status");
const importErrors = document.getElementById("party-import-errors");

function warn(what, error) {
  console.warn(`auspex: ${what}`, error);
}

// ---------------------------------------------------------------- the forms, kept on this device

let saveTimer = null;
// The forms as this tab last stored or restored them: a save stores only the fields changed since,
// onto what is stored now, so two tabs editing different fields both keep their edits.
let kept = null;

function parseForms(value) {
  if (!value || value.v !== 1 || typeof value.values !== "object" || value.values === null || Array.isArray(value.values)) throw new Error("not a saved form");
  return value;
}

const equal = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Stores this tab's changes to the forms (`whole`: the forms as they are, as Reset forms asks).
// A failed write is reported at the top of the page, and retried with the next change.
function saveForms({ whole = false } = {}) {
  clearTimeout(saveTimer);
  saveTimer = null;
  const now = snapshot();
  const before = kept;
  const { error, aside } = update(FORM_KEY, parseForms, () => null, (stored) => {
    if (whole || !stored || !before) return now;
    const values = { ...stored.values };
    for (const [name, value] of Object.entries(now.values)) if (!equal(value, before.values[name])) values[name] = value;
    for (const name of Object.keys(before.values)) if (!(name in now.values)) delete values[name];
    const rows = { ...(typeof stored.rows === "object" && stored.rows) };
    for (const [id, n] of Object.entries(now.rows)) if (n !== before.rows[id]) rows[id] = n;
    const dice = equal([now.dice, now.hint], [before.dice, before.hint]) ? { dice: stored.dice, hint: stored.hint } : { dice: now.dice, hint: now.hint };
    return { ...stored, v: 1, values, rows, ...dice };
  });
  if (aside !== null) unreadableForms(aside);
  if (error) {
    notice("forms", `Not saved on this device: ${error} \u2014 the forms as typed are kept in this tab only; export the party to keep your saved entries.`);
    return;
  }
  kept = now;
  notice("forms", "");
}

function keepForms() {
  const later = () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(saveForms, SAVE_DELAY_MS);
  };
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  // a button that adds or removes rows; Resolve changes no field (a seed or die it shows fires input)
  form.addEventListener("click", (event) => event.target.closest("button:not([type=submit])") && later());
  new MutationObserver(later).observe(document.getElementById("dice-rows"), { childList: true });
  const flush = () => saveTimer && saveForms();
  addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flush());
}

function unreadableForms(aside) {
  notice("forms-read", `Your saved forms could not be read; ${asideText(aside, true)} and the forms start from their defaults.`);
}

// Puts back the forms kept on this device; a value that cannot be read is kept aside and reported
// once, and the forms start from their defaults.
function restoreForms() {
  const { value, aside } = load(FORM_KEY, parseForms, () => null);
  if (aside !== null) {
    warn("the forms kept on this device could not be read; they start from the defaults");
    unreadableForms(aside);
  }
  if (value) restore(value);
  kept = snapshot();
}

// ---------------------------------------------------------------- the party

const validEntry = (e) => e && typeof e.name === "string" && e.name && typeof e.system === "string" && e.data && typeof e.data === "object" && !Array.isArray(e.data);

const emptyParty = () => ({ attackers: [], weapons: [], targets: [], armour: [] });

// A stored party as this page reads it: the entries it can read (the others dropped and counted
// in `dropped`); throws when it is not a party at all.
function parseParty(stored) {
  if (stored?.auspex_party !== 1) throw new Error("not a party of this page");
  const party = emptyParty();
  let dropped = 0;
  for (const { key } of KINDS) {
    const entries = Array.isArray(stored[key]) ? stored[key] : [];
    party[key] = entries.filter(validEntry);
    dropped += entries.length - party[key].length;
  }
  Object.defineProperty(party, "dropped", { value: dropped }); // not stored
  return party;
}

const asStored = (party) => ({ auspex_party: 1, ...party });

function unreadableParty(aside) {
  notice("party", `Your saved party could not be read; ${asideText(aside)} and the party starts empty.`);
}

// The party saved on this device. On the first load (`report`), a value it cannot read (whole or
// some entries) is kept aside under auspex:party:v1:corrupt:<n> and reported once.
function loadParty(report = false) {
  const { value: party, aside } = load(PARTY_KEY, parseParty, emptyParty);
  if (!report) return party;
  if (aside !== null) {
    warn("the party saved on this device could not be read");
    unreadableParty(aside);
  } else if (party.dropped) {
    warn(`${party.dropped} saved entries could not be read and are left out`);
    const copy = copyAside(PARTY_KEY);
    // the readable entries stored again, so the unreadable ones (kept aside) are reported once
    if (copy) update(PARTY_KEY, parseParty, emptyParty, (now) => asStored(now));
    notice("party", `${party.dropped} saved ${party.dropped === 1 ? "entry" : "entries"} of your party could not be read and ${party.dropped === 1 ? "is" : "are"} left out${copy ? `; the party as it was is kept aside on this device (as ${copy})` : ""}.`);
  }
  return party;
}

function say(text, error = false) {
  status.textContent = text;
  status.classList.toggle("error", error);
}

function initPartyBar({ collectScenario, engine }) {
  let party = loadParty(true);
  const rows = new Map();

  // Changes the party as it is stored now (another tab's changes kept) and stores it;
  // `mutate(party)` returns false to change nothing. When it cannot be stored, nothing changes
  // and the player is told. Returns whether it was stored.
  const change = (mutate) => {
    let aborted = false;
    const { value, error, aside } = update(PARTY_KEY, parseParty, emptyParty, (now) => {
      if (mutate(now) === false) aborted = true;
      return asStored(now);
    });
    if (aside !== null) unreadableParty(aside);
    if (aborted || error) {
      party = loadParty();
      refresh();
      if (error) say(`Not saved on this device: ${error} \u2014 export the party to keep it.`, true);
      return false;
    }
    party = parseParty(value);
    refresh();
    return true;
  };
  onChange(PARTY_KEY, () => {
    party = loadParty();
    refresh();
  });
  const nameField = (kind) => (kind.family ? null : form.elements.namedItem(`${familyOf(system.value).prefix}${kind.path}.name`));
  // Epic's weapons belong to its units; armour is the d100 family's (kind.family)
  const hasKind = (kind) => (kind.family ? familyOf(system.value).name === kind.family : Boolean(nameField(kind)));

  // The pick lists from `party`; an entry picked stays picked (by its name) when the lists change.
  function refresh() {
    for (const kind of KINDS) {
      const { select, use, remove, name, save } = rows.get(kind.key);
      const chosen = select.value;
      const mine = party[kind.key].filter((entry) => entry.system === system.value);
      const options = mine.map((entry) => new Option(entry.name, entry.name));
      select.replaceChildren(...(options.length ? options : [new Option(`(no saved ${kind.key} for this ruleset)`, "")]));
      if (options.some((o) => o.value === chosen)) select.value = chosen;
      use.disabled = remove.disabled = !options.length;
      const available = hasKind(kind);
      name.disabled = save.disabled = !available;
      name.placeholder = available ? nameField(kind)?.value.trim() || kind.one : kind.family ? "saved with the target" : "saved with its formation";
    }
    // the Attacker and Target steps' pickers offer the party too (pickers.js)
    document.dispatchEvent(new CustomEvent("auspex:party", { detail: party }));
  }

  // The entry picked in a kind's list (by ruleset and name), or null.
  function chosenEntry(kind) {
    const name = rows.get(kind.key).select.value;
    return party[kind.key].find((e) => e.system === system.value && e.name === name) ?? null;
  }

  // `suggested`: a name for it when the Save as box is empty (a picker's armour: its armoury name)
  function saveKind(kind, suggested = "") {
    if (!hasKind(kind)) return;
    const scenario = collectScenario();
    const data = kind.path.split(".").reduce((node, key) => node?.[key], scenario);
    if (!data) return;
    const row = rows.get(kind.key);
    const name = (row.name.value.trim() || suggested || nameField(kind)?.value.trim() || kind.one).slice(0, 80);
    const entry = { name, system: scenario.system, data };
    const isEntry = (e) => e.system === entry.system && e.name === name;
    const replacing = party[kind.key].some(isEntry);
    if (replacing && !confirm(`Replace the saved ${kind.one} "${name}"?`)) return;
    let taken = false; // saved under this name in another tab since this one showed the party
    const stored = change((p) => {
      const same = p[kind.key].findIndex(isEntry);
      if (same >= 0 && !replacing) {
        taken = true;
        return false;
      }
      if (same >= 0) p[kind.key][same] = entry;
      else p[kind.key].push(entry);
    });
    if (taken) say(`Another tab has just saved a ${kind.one} "${name}": nothing was replaced. Save again to replace it.`, true);
    if (!stored) return;
    row.name.value = "";
    row.select.value = name;
    say(`Saved the ${kind.one} "${name}".`);
  }

  function useKind(kind) {
    const entry = chosenEntry(kind);
    if (!entry) return;
    const scenario = { system: entry.system };
    const keys = kind.path.split("."); // attacker.weapon, target.armour: nested
    let node = scenario;
    for (const key of keys.slice(0, -1)) node = node[key] = {};
    node[keys.at(-1)] = entry.data;
    const { values, rows: lists } = scenarioFields(scenario);
    put(values, lists, { scope: kind.scope, blank: true });
    say(`The forms have the ${kind.one} "${entry.name}".`);
  }

  // Deletes the entry shown, as it is stored now: one another tab has since changed (same name,
  // other data) or deleted is left alone, and nothing else is touched.
  function deleteKind(kind) {
    const entry = chosenEntry(kind);
    if (!entry) return;
    const { name } = entry;
    if (!confirm(`Delete the saved ${kind.one} "${name}"?`)) return;
    const data = JSON.stringify(entry.data);
    let found = false;
    const stored = change((p) => {
      const i = p[kind.key].findIndex((e) => e.system === entry.system && e.name === name && JSON.stringify(e.data) === data);
      if (i < 0) return false;
      found = true;
      p[kind.key].splice(i, 1);
    });
    if (stored) say(`Deleted the ${kind.one} "${name}".`);
    else if (!found) say(`The ${kind.one} "${name}" was changed or deleted in another tab: nothing was deleted.`, true);
  }

  const box = document.getElementById("party-kinds");
  for (const kind of KINDS) {
    const button = (text, act) => {
      const b = h("button", { type: "button", textContent: text });
      b.addEventListener("click", () => act(kind));
      return b;
    };
    const parts = {
      select: h("select", { id: `party-${kind.key}` }),
      name: h("input", { type: "text", maxLength: 80, id: `party-${kind.key}-name`, autocomplete: "off" }),
      use: button("Use", useKind),
      remove: button("Delete", deleteKind),
      save: button(`Save ${kind.one}`, saveKind),
    };
    rows.set(kind.key, parts);
    const row = h(
      "div",
      { className: "row party-kind" },
      h("label", { className: "grow" }, `Saved ${kind.key}`, parts.select),
      parts.use,
      parts.remove,
      h("label", { className: "grow" }, "Save as", parts.name),
      parts.save,
    );
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", kind.key[0].toUpperCase() + kind.key.slice(1));
    box.append(row);
  }
  system.addEventListener("change", refresh);
  // a picker's one-tap Save (pickers.js): the weapon or armour on the form, into the party
  document.addEventListener("auspex:party-save", (event) => {
    const kind = KINDS.find((k) => k.key === event.detail?.kind);
    if (kind) saveKind(kind, event.detail.name ?? "");
  });
  form.addEventListener("input", (event) => /\.name$/.test(event.target.name) && refresh());
  form.addEventListener("change", (event) => /\.name$/.test(event.target.name) && refresh());
  refresh();

  document.getElementById("party-export").addEventListener("click", () => {
    const tables = savedTables(); // critical tables: exported with the party when saved
    download("auspex-party.json", JSON.stringify({ ...asStored(party), ...(tables ? { critical_tables: tables } : {}) }, null, 1));
    const n = KINDS.reduce((sum, { key }) => sum + party[key].length, 0);
    say(`Exported ${n} saved ${n === 1 ? "entry" : "entries"} as auspex-party.json.`);
  });

  const file = document.getElementById("party-file");
  document.getElementById("party-import").addEventListener("click", () => file.click());
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    file.value = ""; // the same file can be chosen again
    if (!chosen) return;
    importErrors.replaceChildren();
    say(`Checking ${chosen.name}…`);
    let envelope;
    try {
      if (chosen.size > 2_000_000) throw new RangeError("over 2 MB");
      const text = await chosen.text();
      envelope = JSON.parse(await (await engine).check_party(text));
    } catch (error) {
      warn("the party file could not be checked", error);
      const why = error instanceof RangeError ? "it is too big to be an Auspex party (over 2 MB)" : "the rules engine is not running (reload the page)";
      envelope = { status: "error", message: `${chosen.name} was not imported: ${why}. Nothing saved has changed.` };
    }
    if (envelope.status !== "ok") {
      say("");
      refuse(chosen.name, envelope);
      return;
    }
    merge(envelope.party);
    if (envelope.party.critical_tables) {
      // critical tables: merged into the saved ones (the same table replaced, others kept)
      const trouble = await importTables(engine, envelope.party.critical_tables);
      if (trouble) say(`${status.textContent} ${trouble}`, true);
      else say(`${status.textContent} Its critical tables are merged into yours.`);
    }
  });

  function refuse(fileName, envelope) {
    const lines = (envelope.errors ?? []).map((e) => `${e.where}: ${e.message}`);
    if (envelope.more) lines.push(`…and ${envelope.more} more.`);
    importErrors.replaceChildren(
      h("p", { textContent: envelope.status === "invalid" ? `${fileName} was not imported: nothing saved has changed.` : envelope.message }),
      ...(lines.length ? [h("ul", {}, ...lines.map((line) => h("li", { textContent: line })))] : []),
    );
  }

  // Imported entries are added; one already saved (same name, ruleset and data) is skipped, and a
  // name already taken is kept both ways: the new one is "Name (2)". Nothing saved is overwritten.
  function merge(imported) {
    let added = 0;
    let already = 0;
    const renamed = [];
    const ok = change((p) => {
      for (const { key } of KINDS) {
        for (const entry of imported[key] ?? []) {
          const same = p[key].filter((e) => e.system === entry.system);
          const data = JSON.stringify(entry.data);
          if (same.some((e) => e.name === entry.name && JSON.stringify(e.data) === data)) {
            already++;
            continue;
          }
          let name = entry.name;
          for (let n = 2; same.some((e) => e.name === name); n++) name = `${entry.name.slice(0, 74)} (${n})`;
          if (name !== entry.name) renamed.push(name);
          p[key].push({ name, system: entry.system, data: entry.data });
          added++;
        }
      }
    });
    if (!ok) return false;
    const parts = [`Imported ${added} ${added === 1 ? "entry" : "entries"}`];
    if (renamed.length) parts.push(`renamed as their names were taken: ${renamed.map((n) => `"${n}"`).join(", ")}`);
    if (already) parts.push(`${already} ${already === 1 ? "was" : "were"} already saved`);
    say(`${parts.join("; ")}.`);
    return true;
  }

  initBring({ engine, merge });
}

// ---------------------------------------------------------------- import a character

// "Import a character": a Foundry actor export (a file) or pasted stat blocks, read by the engine
// (import_preview: rules/importer) into a preview of every field with where it was read, and what
// was not understood at its place. The player corrects values in the preview and confirms: the
// corrected party file is checked again by the engine's own models (check_party) and merged as an
// imported party file is (a name taken is renamed, and said). Nothing is saved before, and a file
// or text that cannot be read is refused with its reason at its field.
function initBring({ engine, merge }) {
  const $ = (id) => document.getElementById(id);
  const fileError = $("bring-file-error");
  const textError = $("bring-text-error");
  const preview = $("bring-preview");
  const fieldsBox = $("bring-fields");
  const errors = $("bring-errors");
  const text = $("bring-text");
  let pending = null; // the party file the preview shows, as read

  const clear = () => {
    for (const box of [fileError, textError, errors]) box.replaceChildren();
    text.removeAttribute("aria-invalid");
  };
  const close = () => {
    pending = null;
    preview.hidden = true;
    fieldsBox.replaceChildren();
  };

  async function read(source, where, box) {
    clear();
    close();
    let envelope;
    try {
      envelope = JSON.parse(await (await engine).import_preview(source, system.value));
    } catch (error) {
      warn("the import could not be read", error);
      envelope = { status: "error", message: "the rules engine is not running (reload the page)" };
    }
    if (envelope.status !== "ok") {
      const why = envelope.errors?.map((e) => e.message).join("; ") || envelope.message || "it could not be read";
      box.replaceChildren(h("p", { textContent: `${where} was not imported: ${why}. Nothing saved has changed.` }));
      if (box === textError) text.setAttribute("aria-invalid", "true");
      return;
    }
    pending = envelope.import.party;
    $("bring-from").textContent = `Read from ${where}: correct any value below, then save. Nothing is saved yet.`;
    fieldsBox.innerHTML = envelope.html; // rendered by the engine (auspex_web/render_import.py), every text escaped
    preview.hidden = false;
    say(`${where} read: check the preview below.`);
  }

  const file = $("bring-file");
  $("bring-pick").addEventListener("click", () => file.click());
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    file.value = "";
    if (!chosen) return;
    if (chosen.size > 2_000_000) {
      clear();
      close();
      fileError.replaceChildren(h("p", { textContent: `${chosen.name} was not imported: it is too big (over 2 MB). Nothing saved has changed.` }));
      return;
    }
    await read(await chosen.text(), chosen.name, fileError);
  });
  $("bring-read").addEventListener("click", () => {
    if (!text.value.trim()) {
      clear();
      textError.replaceChildren(h("p", { textContent: "Paste a stat block first." }));
      text.setAttribute("aria-invalid", "true");
      return;
    }
    read(text.value, "The stat block", textError);
  });
  $("bring-cancel").addEventListener("click", () => {
    clear();
    close();
    say("Import cancelled: nothing saved has changed.");
  });

  // The party file the preview shows, with the player's corrections; null (each bad value marked
  // at its box) when one cannot be read.
  function corrected() {
    const party = structuredClone(pending);
    let bad = false;
    for (const input of fieldsBox.querySelectorAll("input[data-entry]")) {
      input.removeAttribute("aria-invalid");
      const [kind, i] = input.dataset.entry.split(".");
      const entry = party[kind]?.[+i];
      if (!entry) continue;
      let value = input.value.trim();
      if (input.dataset.type === "number") {
        if (!/^-?\d+(\.\d+)?$/.test(value)) {
          input.setAttribute("aria-invalid", "true");
          errors.append(h("p", { textContent: `${input.dataset.entry} ${input.dataset.field}: must be a number` }));
          bad = true;
          continue;
        }
        value = Number(value);
      } else if (input.dataset.type === "list") {
        value = value.split(",").map((item) => item.trim()).filter(Boolean);
      }
      const keys = input.dataset.field.split(".");
      let node = entry.data;
      for (const key of keys.slice(0, -1)) node = node[key] ??= {};
      node[keys.at(-1)] = value;
      if (input.dataset.field === "name") entry.name = String(value);
    }
    return bad ? null : party;
  }

  async function save(fight) {
    errors.replaceChildren();
    const party = corrected();
    if (!party) return;
    let envelope;
    try {
      envelope = JSON.parse(await (await engine).check_party(JSON.stringify(party)));
    } catch (error) {
      warn("the import could not be checked", error);
      envelope = { status: "error", message: "the rules engine is not running (reload the page)" };
    }
    if (envelope.status !== "ok") {
      const lines = (envelope.errors ?? []).map((e) => {
        const at = e.field?.split(".") ?? [];
        const input = fieldsBox.querySelector(`input[data-entry="${at.slice(0, 2).join(".")}"][data-field="${at.slice(3).join(".")}"]`);
        input?.setAttribute("aria-invalid", "true");
        return `${e.where}: ${e.message}`;
      });
      errors.replaceChildren(h("p", { textContent: "Not saved: correct these first. Nothing saved has changed." }), h("ul", {}, ...(lines.length ? lines : [envelope.message]).map((line) => h("li", { textContent: line }))));
      return;
    }
    if (!merge(envelope.party)) return;
    if (fight) {
      // each attacker read joins the encounter of the ruleset shown, with the target read under its
      // name (its defences, wounds and damage taken); a profile of another ruleset is said, not added
      const other = envelope.party.attackers.filter((a) => a.system !== system.value);
      if (other.length) say(`${status.textContent} Not added to this ruleset's encounter (${system.value}): ${other.map((a) => `"${a.name}" (${a.system})`).join(", ")}; choose its ruleset and add it from the party.`, true);
      const add = envelope.party.attackers.filter((a) => a.system === system.value).map((a) => {
        const target = envelope.party.targets.find((t) => t.name === a.name && t.system === a.system);
        const combatant = { name: a.name, attacker: a.data, ...(target ? { target: { ...target.data, name: a.name } } : {}) };
        if (target?.data.player) combatant.side = "party";
        return combatant;
      });
      document.dispatchEvent(new CustomEvent("auspex:encounter-add", { detail: { combatants: add } }));
    }
    close();
    text.value = "";
  }
  $("bring-save").addEventListener("click", () => save(false));
  $("bring-fight").addEventListener("click", () => save(true));
}

// ---------------------------------------------------------------- start

// Called once by app.js when its forms are ready, with what it shares: the forms' scenario,
// resolve (of a given scenario), the engine, the field errors' clearing and the last request.
export function initParty(hooks) {
  const defaults = snapshot();
  restoreForms();
  keepForms();
  initPartyBar(hooks);
  document.getElementById("forms-reset").addEventListener("click", () => {
    if (!confirm("Reset every form to the page's defaults? The saved party is kept.")) return;
    restore(defaults);
    // the ruleset's circumstances, which the catalogue built after the defaults were taken
    for (const el of form.querySelectorAll("input[data-multi]:checked")) {
      if (el.name in defaults.values) continue;
      el.checked = false;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
    hooks.clearFieldErrors();
    saveForms({ whole: true });
    say("The forms are back to their defaults.");
  });
  initShare({ ...hooks, defaults }).catch((error) => warn("the share link could not be opened", error));
}
