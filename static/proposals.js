// Players' own actions in the GM's fight: a claim ("This is me" on a party card of the players'
// view), a proposal (that combatant's attack with the dice the player rolled) and the GM's decision.
// Nothing here is a rule: the engine checks and renders every message (the worker's
// player_message on a player's page, proposals on the GM's: rules/encounter/proposals.py), and
// only the GM's tap changes the fight, through the tracker's own path (tracker.js applyEvent).
//
// Messages are {"v": 1, "kind": K, ...}. They travel live when static/peer.js is there and
// connected (its send(kind, payload, to); a message received comes as window's "auspex-peer"
// event), else as a link (share.js's packing) and its QR code: #q= a claim or proposal (player to
// GM), #d= a decision (GM to player). Everything received is untrusted: read by the engine's models
// (size, depth, every field) before any use; only the engine's HTML (every text escaped) is shown.
import { LinkError, encodeLink, unpackLink } from "./share.js";
import { applyEvent, current, setClaims } from "./tracker.js";

const $ = (id) => document.getElementById(id);
const el = (tag, props, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
const NAME_KEY = "auspex:player-name:v1"; // the player's name on this phone
const CLAIM_KEY = "auspex:player-claim:v1"; // {who, player, accepted} on this phone

let engine = null;
let drawQr = async () => false; // table.js's QR drawing, when it is loaded

async function ask(name, text) {
  try {
    return JSON.parse(await (await engine)[name](text));
  } catch (error) {
    console.error(`auspex: ${name} failed`, error);
    return { status: "error", message: "The page could not reach the rules engine. Reload to try again." };
  }
}

const errorsText = (answer) => (answer.errors ?? []).map(({ field, message }) => `${field}: ${message}`).join("; ") || answer.message || "something went wrong";

function readJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function keep(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* a private window: kept in this tab's page only */
  }
}

let heard = false; // a message came over the live connection: static/peer.js is loaded and in use

// The live connection (static/peer.js), when that module is there and connected; else null. Asked
// only once a live message came (a page with no live connection requests no module it lacks).
async function live() {
  if (!heard) return null;
  try {
    const peer = await import("./peer.js");
    return peer.isConnected?.() ? peer : null;
  } catch {
    return null;
  }
}

// Sends `message` ({v, kind, ...}): live when connected (to: a peer id on the GM's side), else shows
// a link of `mark` (#q= or #d=) and its QR code in `box`. Returns "live" or "link".
async function deliver(message, mark, box, to = null) {
  const { v: _v, kind, ...payload } = message;
  const peer = await live();
  if (peer) {
    try {
      // the number of peers it reached: none when `to` is no longer connected (a link instead)
      if ((await peer.send(kind, payload, to)) > 0) {
        box.replaceChildren(el("p", { className: "hint", role: "status", textContent: "Sent over the live connection." }));
        return "live";
      }
    } catch (error) {
      console.warn("auspex: the live connection refused the message; a link instead", error);
    }
  }
  const link = new URL(`#${mark}=${await encodeLink(message)}`, location.href).href;
  const url = el("input", { type: "text", readOnly: true, value: link, ariaLabel: "The link to open on the other phone" });
  url.dataset.k = `link-${mark}`;
  const copy = el("button", { type: "button", className: "secondary", textContent: "Copy" });
  copy.addEventListener("click", async () => {
    url.select();
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      /* selected: copy it by hand */
    }
  });
  const qr = el("canvas", { hidden: true, ariaLabel: "The link as a QR code" });
  qr.setAttribute("role", "img");
  const who = mark === "q" ? "the GM" : "the player";
  box.replaceChildren(el("p", { className: "hint", role: "status", textContent: `No live connection: show this code to ${who}, or send the link.` }), el("div", { className: "row" }, url, copy), qr);
  await drawQr(qr, link);
  return "link";
}

// The message in a link's fragment (#q= or #d=) or a pasted link, unpacked within share.js's limits.
async function fromLink(text, mark) {
  const match = new RegExp(`#${mark}=([A-Za-z0-9_-]*)`).exec(text);
  if (!match) throw new LinkError(`it is not a link of this page with #${mark}=`);
  return unpackLink(match[1], "a message");
}

// A message received live: {kind, payload} as peer.js dispatches it, made whole again.
const whole = (detail) => ({ ...(detail?.payload ?? {}), v: 1, kind: detail?.kind });

// ------------------------------------------------------------------ the player's side

let view = null; // the players' view shown (checked by the engine)

function playerBox() {
  let box = $("pp-player");
  if (box) return box;
  const name = el("input", { id: "pp-name", type: "text", maxLength: 60, value: readJson(NAME_KEY) ?? "", autocomplete: "nickname" });
  name.addEventListener("change", () => keep(NAME_KEY, name.value.trim()));
  box = el(
    "section",
    { id: "pp-player", className: "pp-box", ariaLabel: "Your character" },
    el("label", { htmlFor: "pp-name", textContent: "Your name " }),
    name,
    el("p", { id: "pp-player-status", className: "hint", role: "status" }),
    el("div", { id: "pp-attack" }),
    el("div", { id: "pp-send" }),
    el("div", { id: "pp-decision" }),
  );
  ($("pl-view") ?? document.querySelector("main")).after(box); // shown also when only a #d= link is open
  return box;
}

function playerName() {
  const name = $("pp-name").value.trim();
  if (!name) {
    $("pp-player-status").textContent = "Type your name first: the GM sees it with your claim.";
    $("pp-name").focus();
  }
  return name;
}

// The view shown from the #p= link, checked again by the engine (as table.js shows it).
async function loadView() {
  const match = /^#p=(.*)$/s.exec(location.hash);
  if (!match) return null;
  try {
    const answer = await ask("shown_player_view", JSON.stringify(await unpackLink(match[1], "a players' view")));
    return answer.status === "ok" ? answer.view : null;
  } catch {
    return null; // table.js says why the link cannot be shown
  }
}

async function drawPlayer(given = null) {
  view = given ?? (await loadView()) ?? view;
  if (!view) return;
  playerBox();
  const claim = readJson(CLAIM_KEY);
  for (const card of document.querySelectorAll("#pl-body li[data-id]")) {
    const c = view.cards.find((x) => x.id === card.dataset.id);
    card.querySelector(":scope > .pp-me")?.remove();
    if (!c || !c.shown || c.side !== "party") continue;
    const me = el("button", { type: "button", className: "secondary pp-me", textContent: "This is me" });
    me.dataset.id = c.id;
    if (claim?.who === c.id) me.textContent = claim.accepted ? "You play this one" : "Claim sent";
    me.addEventListener("click", () => sendClaim(c));
    card.append(me);
  }
  drawAttack();
}

async function sendClaim(card) {
  const player = playerName();
  if (!player) return;
  keep(NAME_KEY, player);
  const checked = await ask("player_message", JSON.stringify({ v: 1, kind: "claim", player, who: card.id }));
  if (checked.status !== "ok") {
    $("pp-player-status").textContent = `This claim cannot be sent: ${errorsText(checked)}`;
    return;
  }
  keep(CLAIM_KEY, { who: card.id, player, accepted: false });
  $("pp-player-status").textContent = `Your claim of ${card.name} goes to the GM; the GM accepts it.`;
  await deliver(checked.message, "q", $("pp-send"));
  drawPlayer();
}

// The claimed combatant's attack: target by name, the ruleset's actions (the catalogue), dice typed.
async function drawAttack() {
  const box = $("pp-attack");
  const claim = readJson(CLAIM_KEY);
  const me = claim?.accepted ? view.cards.find((c) => c.id === claim.who) : null;
  if (!me) {
    box.replaceChildren();
    delete box.dataset.who;
    return;
  }
  // what the player typed so far, kept when a new view redraws the form (a live view comes after every event)
  const typed = box.dataset.who === me.id ? Object.fromEntries(["pp-at", "pp-action", "pp-distance", "pp-dice"].map((id) => [id, $(id)?.value])) : {};
  const actions = await catalogueActions(view.system);
  const at = el("select", { id: "pp-at" }, ...view.cards.filter((c) => c.id !== me.id && !c.out).map((c) => el("option", { value: c.id, textContent: c.name })));
  const action = el("select", { id: "pp-action" }, ...actions.map((a) => el("option", { value: a, textContent: a })));
  const distance = el("input", { id: "pp-distance", type: "number", inputMode: "numeric", min: 0, max: 10000, value: 10 });
  const dice = el("input", { id: "pp-dice", type: "text", inputMode: "numeric", placeholder: "e.g. 34 7", autocomplete: "off" });
  const send = el("button", { type: "button", id: "pp-propose", textContent: "Check and send" });
  const weapon = me.weapon?.name ? ` with ${me.weapon.name}` : "";
  const turn = view.turn?.who === me.id ? "" : ` (the view shows ${view.turn?.name ?? "nobody"}'s turn: the GM's engine decides)`;
  box.replaceChildren(
    el("h3", { textContent: `${me.name}'s attack${weapon}` }),
    el("p", { className: "hint", id: "pp-turn", textContent: `Type your dice in the order you rolled them: the attack test, then the rest${turn}.` }),
    el("label", { textContent: "Target " }, at),
    el("label", { textContent: "Action " }, action),
    el("label", { textContent: "Distance (m) " }, distance),
    el("label", { textContent: "Your dice " }, dice),
    send,
    el("p", { id: "pp-check", className: "hint", role: "status" }),
  );
  box.dataset.who = me.id;
  for (const [id, value] of Object.entries(typed)) {
    const field = $(id);
    if (field && typeof value === "string" && (field.tagName !== "SELECT" || [...field.options].some((o) => o.value === value))) field.value = value;
  }
  send.addEventListener("click", async () => {
    const values = (dice.value.match(/\d+/g) ?? []).map(Number);
    const message = {
      v: 1,
      kind: "proposal",
      player: claim.player,
      who: me.id,
      seen: view.log.length, // one log line per event of the fight the player saw
      event: { type: "attack", who: me.id, at: at.value, action: { type: action.value, distance: Number(distance.value) }, dice: values },
    };
    const checked = await ask("player_message", JSON.stringify(message));
    if (checked.status !== "ok") {
      $("pp-check").textContent = `Not sent: ${errorsText(checked)}`;
      return;
    }
    const refused = view.turn?.who === me.id ? view.turn?.refused?.attack : null; // the engine's own words, in the view
    $("pp-check").textContent = refused ? `The view says: ${refused}. Sent anyway: the GM's engine decides.` : `Sent to the GM: ${action.value} at ${at.selectedOptions[0]?.textContent ?? ""}, dice ${values.join(" ")}.`;
    await deliver(checked.message, "q", $("pp-send"));
  });
}

let actionsBySystem = null;
async function catalogueActions(system) {
  try {
    actionsBySystem ??= (await (await fetch(new URL("./vendor/app/catalogue.json", import.meta.url))).json()).rulesets;
  } catch {
    actionsBySystem = {};
  }
  const names = (actionsBySystem?.[system]?.actions ?? []).map((a) => a.name).filter((n) => typeof n === "string");
  return names.length ? names : ["Standard Attack"];
}

// A decision received (#d= link, or live): read by the engine, shown; an accepted claim of ours kept.
async function takeDecision(message) {
  playerBox();
  const answer = await ask("player_message", JSON.stringify(message));
  if (answer.status !== "ok" || answer.message.kind !== "decision") {
    $("pp-decision").replaceChildren(el("p", { className: "error", role: "alert", textContent: `A message from the GM cannot be read: ${answer.status === "ok" ? "it is not a decision" : errorsText(answer)}` }));
    return;
  }
  $("pp-decision").innerHTML = answer.html; // made by the engine from the checked message, every text escaped
  const d = answer.message;
  const claim = readJson(CLAIM_KEY);
  if (d.about === "claim" && claim?.who === d.who) keep(CLAIM_KEY, { ...claim, accepted: d.outcome === "accepted" });
  document.documentElement.dataset.decision = d.outcome;
  if (view) drawPlayer();
}

// ------------------------------------------------------------------ the GM's side

const pending = []; // {message, from, box, answer}

function gmBox() {
  let box = $("pp-gm");
  if (box) return box;
  const paste = el("input", { id: "pp-paste", type: "text", placeholder: "Paste a player's link", ariaLabel: "A player's link" });
  const open = el("button", { type: "button", className: "secondary", textContent: "Open" });
  open.addEventListener("click", async () => {
    try {
      receive(await fromLink(paste.value, "q"));
      paste.value = "";
    } catch (error) {
      $("pp-gm-status").textContent = `This link cannot be read: ${error instanceof LinkError ? error.message : "it could not be read"}.`;
    }
  });
  box = el(
    "section",
    { id: "pp-gm", className: "pp-box", ariaLabel: "Players' claims and attacks" },
    el("h3", { textContent: "From the players" }),
    el("div", { className: "row" }, paste, open),
    el("p", { id: "pp-gm-status", className: "hint", role: "status" }),
    el("div", { id: "pp-pending" }),
  );
  ($("pl-box") ?? $("tk-view")).after(box);
  return box;
}

function receive(message, from = null) {
  gmBox();
  const item = { message, from, box: el("div", { className: "pp-item" }), more: [] };
  pending.push(item);
  $("pp-pending").append(item.box);
  return preview(item);
}

// The item previewed from the GM's state now (again after each event), its buttons wired.
async function preview(item) {
  const { file } = current();
  const answer = await ask("proposals", JSON.stringify({ encounter: file, message: item.message, do: "preview", more: item.more }));
  if (!pending.includes(item) || item.deciding) return; // decided meanwhile: its box says the decision
  item.answer = answer;
  if (answer.status === "invalid" || answer.status === "error") {
    item.box.replaceChildren(el("p", { className: "error", role: "alert", textContent: `A message was refused and changes nothing: ${errorsText(answer)}` }));
    item.box.dataset.k = "pending-invalid";
    setTimeout(() => drop(item), 0); // said once; nothing to decide
    $("pp-gm-status").textContent = `A message was refused and changes nothing: ${errorsText(answer)}`;
    return;
  }
  item.box.innerHTML = answer.html; // made by the engine, every received text escaped
  for (const button of item.box.querySelectorAll("button[data-do]")) button.addEventListener("click", () => decide(item, button.dataset.do));
}

function drop(item) {
  const i = pending.indexOf(item);
  if (i >= 0) pending.splice(i, 1);
}

async function decide(item, what) {
  const { file } = current();
  const buttons = item.box.querySelectorAll("button");
  for (const b of buttons) b.disabled = true;
  let decision = null;
  if (what === "preview") {
    const more = Number(item.box.querySelector("[data-k=pending-more]")?.value);
    if (Number.isInteger(more)) item.more = [...item.more, more];
    return preview(item);
  }
  item.deciding = true; // a preview of the fight's change meanwhile leaves it alone
  try {
    decision = await decisionOf(item, what, file);
  } finally {
    item.deciding = false;
  }
  if (!decision) return preview(item); // refused meanwhile: shown again as it is now
  drop(item);
  const said = el("p", { className: "hint", textContent: `${decision.outcome[0].toUpperCase()}${decision.outcome.slice(1)}: ${decision.reason}` });
  said.dataset.k = "pending-decided";
  const reply = el("div");
  item.box.replaceChildren(said, reply);
  await deliver(decision, "d", reply, item.from);
}

// The GM's decision on `item` (`what`: decline, accept or apply), the fight changed through the
// tracker for an accepted claim or an applied attack; null when the engine refuses it now.
async function decisionOf(item, what, file) {
  if (what === "decline") {
    if (item.answer.status === "refused") return item.answer.decision;
    return (await ask("proposals", JSON.stringify({ encounter: file, message: item.message, do: "decline" }))).decision ?? null;
  }
  if (what === "accept") {
    const answer = await ask("proposals", JSON.stringify({ encounter: file, message: item.message, do: "accept" }));
    if (answer.status !== "ok") return null;
    setClaims(answer.encounter.claims ?? {});
    return answer.decision;
  }
  if (what !== "apply") return null;
  const seen = await ask("proposals", JSON.stringify({ encounter: file, message: item.message, do: "preview", more: item.more }));
  if (seen.status !== "ok") return null; // the fight changed: shown again, refused or asking
  const applied = await applyEvent(seen.event); // the tracker's own path: as if typed on this page
  if (applied.status !== "ok") return null;
  return { ...seen.decision, outcome: "applied", reason: `Applied: ${seen.words}` };
}

// ------------------------------------------------------------------ start

async function openHash() {
  if (/^#q=/.test(location.hash)) {
    try {
      await receive(await fromLink(location.hash, "q"));
    } catch (error) {
      gmBox();
      $("pp-gm-status").textContent = `This player's link cannot be read: ${error instanceof LinkError ? error.message : "it could not be read"}.`;
    }
  } else if (/^#d=/.test(location.hash)) {
    try {
      await takeDecision(await fromLink(location.hash, "d"));
    } catch (error) {
      playerBox();
      $("pp-decision").textContent = `This link from the GM cannot be read: ${error instanceof LinkError ? error.message : "it could not be read"}.`;
    }
  }
}

/** Called once by app.js after table.js: `engine`, a Promise of the worker's calls; `qr`, table.js's drawQr. */
export async function initProposals({ engine: given, qr }) {
  engine = given;
  if (qr) drawQr = qr;
  // a players' view shown (table.js marks it): its party cards get "This is me"
  new MutationObserver(() => {
    if (document.documentElement.dataset.playersView === "shown") drawPlayer();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-players-view"] });
  if (document.documentElement.dataset.playersView === "shown") drawPlayer();
  // the GM's fight changed: every pending proposal is previewed again against it
  document.addEventListener("auspex:encounter", () => {
    for (const item of pending) if (item.answer?.status !== "invalid") preview(item);
  });
  addEventListener("auspex-peer", async ({ detail }) => {
    heard = true;
    if (detail?.kind === "claim" || detail?.kind === "proposal") receive(whole(detail), detail.from ?? null);
    else if (detail?.kind === "decision" && (view || readJson(CLAIM_KEY))) takeDecision(whole(detail)); // a player's page only
    else if (detail?.kind === "view") {
      const answer = await ask("shown_player_view", JSON.stringify(detail.payload?.view ?? null)); // checked again
      if (answer.status === "ok") drawPlayer(answer.view);
    }
  });
  addEventListener("hashchange", () => openHash());
  gmBox(); // the GM's paste box under the players' link
  await openHash();
  document.documentElement.dataset.proposals = "ready";
}
