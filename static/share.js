// Auspex: share a roll. A link carries the scenario and its dice (the seed, or the dice rolled by
// hand): ./#r= + base64url(deflate-raw(JSON of {"v": 1, "scenario", "seed" | "dice"})).
// Opening one fills the forms from it and resolves it with the same dice: the same numbers on
// another phone. The link format is public (README: "Share links"): versioned by "v".

import { put, scenarioFields } from "./formstate.js";

const MAX_LINK = 20000; // characters after #r=; a chat's link is well under 2,000
const MAX_JSON = 1 << 20; // bytes once inflated

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

// The text after "#r=" -> {scenario, seed} or {scenario, dice}; throws an Error saying what is wrong.
export async function decodeLink(text) {
  if (!text || text.length > MAX_LINK || !/^[A-Za-z0-9_-]+$/.test(text)) throw new Error("it is cut short or has characters a link of this page never has");
  let bytes;
  try {
    bytes = Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    throw new Error("it is cut short");
  }
  let json;
  try {
    const inflated = await pipe(bytes, new DecompressionStream("deflate-raw"));
    if (inflated.length > MAX_JSON) throw new Error("too long");
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(inflated));
  } catch {
    throw new Error("it is cut short or was changed");
  }
  if (json?.v !== 1) throw new Error(json && "v" in json ? `it is of version ${json.v}, which this page does not read: reload it to update` : "it is not an Auspex roll");
  const { scenario, seed, dice } = json;
  if (!scenario || typeof scenario !== "object" || Array.isArray(scenario) || typeof scenario.system !== "string") throw new Error("it holds no attack");
  if (Number.isSafeInteger(seed) && seed >= 0) return { scenario, seed };
  if (Array.isArray(dice) && dice.length && dice.every((d) => Number.isSafeInteger(d))) return { scenario, dice };
  throw new Error("it holds no dice and no seed");
}

// The Share button under a resolution and the links opened on this page.
export function initShare({ resolve, engine, lastRequest }) {
  const box = document.getElementById("share");
  const button = document.getElementById("share-button");
  const url = document.getElementById("share-url");
  const status = document.getElementById("share-status");
  const result = document.getElementById("result");
  const form = document.getElementById("scenario");
  let shown = null; // the request of the resolution on screen

  document.addEventListener("auspex:resolved", (event) => {
    shown = lastRequest();
    box.hidden = !shown || !event.detail?.resolution;
    url.hidden = true;
    status.textContent = "";
  });
  form.addEventListener("submit", () => {
    box.hidden = true;
  });

  button.addEventListener("click", async () => {
    if (!shown) return;
    const { dice, seed, ...scenario } = shown;
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

  // A link's roll: the forms filled from it, then, once the engine is ready, resolved with its
  // dice. The hash is cleared at once, so a reload keeps later edits.
  async function open() {
    const match = /^#r=(.*)$/.exec(location.hash);
    if (!match) return;
    history.replaceState(null, "", location.pathname + location.search);
    let link;
    try {
      link = await decodeLink(match[1]);
    } catch (error) {
      document.documentElement.dataset.share = "broken";
      const p = document.createElement("p");
      p.className = "error";
      p.textContent = `This share link cannot be read: ${error.message}. Nothing was changed on the forms.`;
      result.replaceChildren(p);
      result.scrollIntoView({ block: "nearest" });
      return;
    }
    const { values, rows } = scenarioFields(link.scenario);
    if (link.dice) values["dice-mode"] = "manual";
    else Object.assign(values, { "dice-mode": "seed", seed: String(link.seed) });
    put(values, rows, { blank: true });
    document.getElementById("dice-rows").replaceChildren();
    document.documentElement.dataset.share = "opened";
    try {
      await engine;
    } catch {
      return; // app.js says the engine did not start
    }
    await resolve(link.dice ? { ...link.scenario, dice: link.dice } : { ...link.scenario, seed: link.seed });
  }
  addEventListener("hashchange", open);
  return open();
}
