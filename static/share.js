// Auspex: share a roll. A link carries the scenario and its dice (the seed, or the dice rolled by
// hand): ./#r= + base64url(deflate-raw(JSON of {"v": 1, "scenario", "seed" | "dice"})).
// Opening one shows its roll in a "Shared roll" view, resolved with the link's own dice: the same
// numbers on another phone. The player's forms, dice and saved forms stay as they were until they
// take the roll into their forms (one tap, with Undo). The link format is public (README: "Share
// links"): versioned by "v", an integer.

import { put, restore, scenarioFields, snapshot } from "./formstate.js";

export const MAX_LINK = 64 * 1024; // characters after #r=; a chat's link is well under 2,000
export const MAX_JSON = 256 * 1024; // bytes once inflated (inflating stops there)
export const MAX_DEPTH = 64; // objects and lists inside each other; a scenario needs about 6
const MAX_SEED = Number.MAX_SAFE_INTEGER; // 2^53 - 1: the largest seed a link carries exactly
const grouped = (n) => n.toLocaleString("en");

async function pipe(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

// {v, scenario, seed | dice} -> the text after "#r="
export async function encodeLink(payload) {
  const packed = await pipe(new TextEncoder().encode(JSON.stringify(payload)), new CompressionStream("deflate-raw"));
  let binary = "";
  for (const b of packed) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export class LinkError extends Error {}

// Inflates raw DEFLATE as a stream, stopping as soon as it passes `cap` bytes (a small link may
// unpack to a huge text); throws a LinkError then, and a TypeError when the data is not DEFLATE.
async function inflate(bytes, cap, what) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > cap) {
      reader.cancel().catch(() => {});
      throw new LinkError(`it unpacks to more than ${grouped(cap / 1024)} KB; ${what} of this page is a few KB`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

// How deeply objects and lists nest in a JSON text, counted only up to `limit + 1` (one linear pass
// that skips strings), so a deep text is refused before anything walks it.
function depthOver(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > limit) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

// What a JSON value is, in a player's words (for a version that is not the integer 1).
function kindOf(value) {
  if (typeof value === "string") return "text";
  if (typeof value === "number") return Number.isInteger(value) ? "a number" : "not a whole number";
  if (value === null) return "empty";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : String(value);
}

// The text after "#r=" (or another link's "#p=") -> its JSON value, read within the limits above:
// length, characters, DEFLATE inflated up to MAX_JSON, nesting up to MAX_DEPTH; throws a LinkError
// saying what is wrong (`what`: what a link of this kind holds, in the messages).
export async function unpackLink(text, what = "a roll") {
  if (text.length > MAX_LINK) throw new LinkError(`it is ${grouped(text.length)} characters long; a link of this page has at most ${grouped(MAX_LINK)}`);
  if (!text || !/^[A-Za-z0-9_-]+$/.test(text)) throw new LinkError("it is cut short or has characters a link of this page never has");
  let bytes;
  try {
    bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    throw new LinkError("it is cut short");
  }
  let body;
  try {
    body = new TextDecoder("utf-8", { fatal: true }).decode(await inflate(bytes, MAX_JSON, what));
  } catch (error) {
    if (error instanceof LinkError) throw error;
    throw new LinkError("it is cut short or was changed");
  }
  if (depthOver(body, MAX_DEPTH)) throw new LinkError(`its lists and objects nest more than ${MAX_DEPTH} deep; ${what} of this page nests a few`);
  try {
    return JSON.parse(body);
  } catch {
    throw new LinkError("it is cut short or was changed");
  }
}

// The text after "#r=" -> {scenario, seed} or {scenario, dice}; throws an Error saying what is wrong.
export async function decodeLink(text) {
  const json = await unpackLink(text);
  if (!json || typeof json !== "object" || Array.isArray(json) || !("v" in json)) throw new LinkError("it is not an Auspex roll");
  const { v } = json;
  if (v !== 1) {
    if (Number.isInteger(v) && v > 1) throw new LinkError(`this link says version ${v}; this page reads version 1: reload it to update`);
    throw new LinkError(`this link says version ${JSON.stringify(v)} (${kindOf(v)}); this page reads version 1`);
  }
  const { scenario, seed, dice } = json;
  if (!scenario || typeof scenario !== "object" || Array.isArray(scenario) || typeof scenario.system !== "string") throw new LinkError("it holds no attack");
  if (seed !== undefined && dice === undefined) {
    if (Number.isSafeInteger(seed) && seed >= 0 && seed <= MAX_SEED) return { scenario, seed };
    throw new LinkError(`its seed is not a whole number from 0 to ${grouped(MAX_SEED)}`);
  }
  if (Array.isArray(dice) && dice.length && dice.every((d) => Number.isSafeInteger(d))) return { scenario, dice };
  if (dice !== undefined) throw new LinkError("its dice are not a list of whole numbers");
  throw new LinkError("it holds no dice and no seed");
}

// The request a link's roll is resolved with: its scenario with its seed or dice (any left in the
// scenario itself are not the link's).
export function requestOf(link) {
  const { dice: _dice, seed: _seed, ...scenario } = link.scenario;
  return link.dice ? { ...scenario, dice: link.dice } : { ...scenario, seed: link.seed };
}

// The Share button under a resolution, and the links opened on this page (in the Shared roll view).
// `resolve(scenario)` shows a scenario's result under the forms; `evaluate(scenario, {shared})` only
// returns the engine's envelope (`shared`: a link's roll, any critical tables it carries left out); `defaults` is the forms' snapshot as a fresh page shows them.
export function initShare({ resolve, evaluate, engine, lastRequest, defaults, clearFieldErrors }) {
  const box = document.getElementById("share");
  const button = document.getElementById("share-button");
  const url = document.getElementById("share-url");
  const status = document.getElementById("share-status");
  const form = document.getElementById("scenario");
  let shown = null; // the request of the resolution on screen

  // Each write only when it changes something: a Resolve's answer then lays out and paints only what
  // changed (the box is not hidden at the tap and shown again at the answer, which cost a
  // frame while the engine worked; the old roll's link stays with the old roll still on screen).
  const set = (el, key, value) => {
    if (el[key] !== value) el[key] = value;
  };
  document.addEventListener("auspex:resolved", (event) => {
    shown = lastRequest();
    set(box, "hidden", !shown || !event.detail?.resolution);
    set(url, "hidden", true);
    set(status, "textContent", "");
  });
  // an answer that is not a resolution (fields to check, a die to type, an error) replaces it: no Share
  document.addEventListener("auspex:answered", (event) => {
    if (event.detail?.status !== "ok") set(box, "hidden", true);
  });

  button.addEventListener("click", async () => {
    if (!shown) return;
    // the group's critical tables are the device's, never the link's
    const { dice, seed, critical_tables: _tables, phenomena: _phenomena, perils: _perils, ...scenario } = shown;
    const payload = dice ? { v: 1, scenario, dice } : { v: 1, scenario, seed };
    const link = new URL(`#r=${await encodeLink(payload)}`, location.href).href;
    url.value = link;
    url.hidden = false;
    url.select();
    const size = `${link.length} characters`;
    try {
      if (navigator.share && matchMedia("(pointer: coarse)").matches) {
        await navigator.share({ title: document.title, url: link });
        status.textContent = `Shared (${size}).`;
      } else {
        await navigator.clipboard.writeText(link);
        status.textContent = `Link copied (${size}).`;
      }
    } catch {
      status.textContent = `Copy the link above (${size}).`;
    }
  });

  // ------------------------------------------------------------ the Shared roll view

  const view = document.getElementById("shared");
  const note = document.getElementById("shared-note");
  const body = document.getElementById("shared-body");
  const rerun = document.getElementById("shared-rerun");
  const take = document.getElementById("shared-take");
  const undo = document.getElementById("shared-undo");
  const root = document.documentElement;
  let link = null; // the link on view: {scenario, seed | dice}
  let before = null; // the forms as they were before the link was taken into them (Undo)

  const paragraph = (className, text) => Object.assign(document.createElement("p"), { className, textContent: text });
  const diceText = (l) => (l.dice ? `its ${l.dice.length === 1 ? "die" : `${l.dice.length} dice`}` : `its seed ${l.seed}`);

  // The link's roll, resolved in the view; the forms, the result under them and the dice are not touched.
  async function run() {
    rerun.disabled = take.disabled = true;
    note.textContent = "Resolving the shared roll…";
    const mine = link;
    let envelope;
    try {
      await engine;
      envelope = await evaluate(requestOf(mine), { shared: true }); // the link's own critical tables are not read
    } catch {
      note.textContent = "The rules engine is not running, so the shared roll cannot be resolved. Your forms are unchanged.";
      return;
    }
    if (mine !== link) return; // another link was opened meanwhile
    switch (envelope.status) {
      case "ok":
        body.innerHTML = envelope.html; // built by render.py, every text escaped
        note.textContent = `Resolved here with ${diceText(mine)}, as it was sent. Your forms are unchanged.`;
        break;
      case "invalid": {
        const list = document.createElement("ul");
        list.className = "errors";
        list.append(...envelope.errors.map(({ field, message }) => Object.assign(document.createElement("li"), { textContent: `${field}: ${message}` })));
        body.replaceChildren(paragraph("error", "This shared roll cannot be resolved as it is:"), list);
        note.textContent = "Take it into your forms to correct it there. Your forms are unchanged.";
        break;
      }
      case "needs":
        body.replaceChildren(paragraph("error", `The link's dice run out at die ${envelope.needs.index + 1} (${envelope.needs.purpose}, 1–${envelope.needs.sides}).`));
        note.textContent = "Take it into your forms to roll the rest by hand. Your forms are unchanged.";
        break;
      default:
        body.replaceChildren(paragraph("error", envelope.message || "Something went wrong."));
        note.textContent = "Your forms are unchanged.";
    }
    root.dataset.sharedStatus = envelope.status;
    root.dataset.share = before ? "taken" : "shown";
    rerun.disabled = false;
    take.disabled = before !== null;
  }

  // Every field from the link; those it leaves out as a fresh page has them (not as the forms had
  // them), its seed or dice in the dice area; then the result under the forms. Undo puts back the forms.
  async function takeIn() {
    if (!link) return;
    before = snapshot();
    restore(defaults);
    // the ruleset's circumstances, which the catalogue built after the defaults were taken
    for (const el of form.querySelectorAll("input[data-multi]:checked")) {
      if (el.name in defaults.values) continue;
      el.checked = false;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
    const { values, rows } = scenarioFields(link.scenario);
    Object.assign(values, link.dice ? { "dice-mode": "manual", seed: "" } : { "dice-mode": "seed", seed: String(link.seed) });
    put(values, rows, { blank: true });
    clearFieldErrors();
    take.disabled = true;
    undo.hidden = false;
    note.textContent = `The shared roll is in your forms, with ${diceText(link)}; fields it leaves out are at the page's defaults. Undo puts your forms back.`;
    root.dataset.share = "taken";
    await resolve(requestOf(link));
  }

  function undoTake() {
    if (!before) return;
    restore(before);
    before = null;
    clearFieldErrors();
    undo.hidden = true;
    take.disabled = !link;
    note.textContent = "Your forms, dice mode and dice are back as they were.";
    root.dataset.share = "undone";
  }

  rerun.addEventListener("click", () => link && run());
  take.addEventListener("click", takeIn);
  undo.addEventListener("click", undoTake);
  document.getElementById("shared-close").addEventListener("click", () => {
    view.hidden = true;
    link = null;
    before = null;
    root.dataset.share = "closed";
  });

  // A link's roll: shown in the view once the engine is ready. The hash is cleared at once, so a
  // reload shows the forms as they are (never the link's).
  async function open() {
    const match = /^#r=(.*)$/s.exec(location.hash);
    if (!match) return;
    history.replaceState(null, "", location.pathname + location.search);
    link = null;
    before = null;
    undo.hidden = true;
    rerun.disabled = take.disabled = true;
    delete root.dataset.sharedStatus;
    view.hidden = false;
    body.replaceChildren();
    note.textContent = "";
    try {
      link = await decodeLink(match[1]);
    } catch (error) {
      const why = error instanceof LinkError ? error.message : "it could not be read";
      if (!(error instanceof LinkError)) console.warn("auspex: a share link could not be read", error);
      body.replaceChildren(paragraph("error", `This share link cannot be read: ${why}. Nothing was changed on the forms.`));
      root.dataset.share = "broken";
      view.scrollIntoView({ block: "nearest" });
      return;
    }
    note.textContent = "Waiting for the rules engine…";
    view.scrollIntoView({ block: "nearest" });
    await run();
  }
  addEventListener("hashchange", () => open().catch((error) => console.warn("auspex: the share link could not be opened", error)));
  return open();
}
