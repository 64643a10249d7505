// The players' link: the GM's encounter gives a link of the players' view, which a player opens on
// their phone to see the fight read-only, offline (the page is precached), with no server.
//
// GM's side (under the encounter's view): "Players' link" asks the engine for the players' view
// of the encounter file (the worker's player_view: rules/encounter/player_view.py) and puts that
// view alone, never the file, into the link's fragment: ./#p= + base64url(deflate-raw(JSON)), as
// share links are packed (share.js). The numbers the GM keeps hidden are not in the view, so they
// never travel. The link is also drawn as a QR code (the vendored qrcode-generator), large enough
// to scan across a table. Each card of a combatant not of the party gets "Show to players", toggling the
// encounter file's `reveal` (tracker.js setReveal).
//
// Player's side: a #p= link is untrusted input. It is unpacked within share.js's limits (length,
// inflated size, nesting), then checked again by the engine (the worker's shown_player_view:
// static/auspex_web/player_link.py, a pydantic model of the view) and rendered there by the same
// pure function as the GM's page; only that HTML, every text escaped, is shown, never HTML received.
import { LinkError, encodeLink, unpackLink } from "./share.js";
import { current, setReveal } from "./tracker.js";

const $ = (id) => document.getElementById(id);
const el = (tag, props, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

async function ask(engine, name, text) {
  try {
    return JSON.parse(await (await engine)[name](text));
  } catch (error) {
    console.error(`auspex: ${name} failed`, error);
    return { status: "error", message: "The page could not reach the rules engine. Reload to try again." };
  }
}

const errorsText = (answer) => (answer.errors ?? []).map(({ field, message }) => `${field}: ${message}`).join("; ") || answer.message || "something went wrong";

// ------------------------------------------------------------------ the GM's link and reveal

function initLink(engine) {
  const make = el("button", { type: "button", id: "pl-make", textContent: "Players' link" });
  const copy = el("button", { type: "button", id: "pl-copy", className: "secondary", textContent: "Copy", hidden: true });
  const url = el("input", { id: "pl-url", type: "text", readOnly: true, hidden: true, ariaLabel: "The players' link" });
  const status = el("p", { id: "pl-status", className: "hint", role: "status" });
  const qr = el("canvas", { id: "pl-qr", hidden: true, ariaLabel: "The players' link as a QR code" });
  qr.setAttribute("role", "img");
  // the live connection (peer.js), imported only when one of these is tapped
  const live = el("button", { type: "button", id: "live-start", className: "secondary", textContent: "Connect a player" });
  const join = el("button", { type: "button", id: "live-join-start", className: "secondary", textContent: "Join a fight" });
  const box = el("div", { id: "pl-box", className: "pl-box" }, el("div", { className: "row" }, make, copy), url, qr, status, el("div", { className: "row" }, live, join));
  $("tk-view").after(box);
  live.addEventListener("click", async () => {
    live.hidden = join.hidden = true;
    (await import("./peer.js")).startGm({ engine });
  });
  join.addEventListener("click", async () => {
    live.hidden = join.hidden = true;
    await (await import("./peer.js")).startPlayer();
  });

  make.addEventListener("click", async () => {
    make.disabled = url.hidden = copy.hidden = qr.hidden = true; // the old link goes: it shows the fight as it was
    status.textContent = "Making the players' view\u2026";
    const answer = await ask(engine, "player_view", JSON.stringify(current().file));
    make.disabled = false;
    if (answer.status !== "ok") {
      status.textContent = `The players' view cannot be made: ${errorsText(answer)}`;
      return;
    }
    const link = new URL(`#p=${await encodeLink(answer.view)}`, location.href).href;
    url.value = link;
    url.hidden = copy.hidden = false;
    const drawn = await drawQr(qr, link);
    const scan = drawn ? "scan the code or open the link" : `the link is too long for one QR code (a code holds ${QR_MAX} characters): copy it`;
    status.textContent = `The fight as the players see it now (${link.length} characters): ${scan} on each phone; make a new link after each turn.`;
    document.documentElement.dataset.playersLink = "made";
  });
  copy.addEventListener("click", async () => {
    url.select();
    try {
      await navigator.clipboard.writeText(url.value);
      status.textContent = "Link copied.";
    } catch {
      status.textContent = "Copy the link above.";
    }
  });
  drawReveal(); // the fight may have been drawn before this module loaded
  // the fight changed: the link shows it as it was
  document.addEventListener("auspex:encounter", () => {
    if (!url.hidden) status.textContent = "The fight has changed since this link: make a new one to show it.";
    drawReveal();
  });
}

const QR_MAX = 2953; // the bytes a QR code holds at most (version 40, error correction L)
const QR_QUIET = 4; // the blank border a reader needs, in modules

// `link` drawn as a QR code filling the panel's width (up to 560 CSS pixels: its modules large
// enough to scan across a table), by the vendored encoder (qrcode-generator, pinned and
// hash-checked by tools/build/vendor.py, loaded only now). Returns false when the link does not fit one code.
export async function drawQr(canvas, link) {
  if (link.length > QR_MAX) return false;
  let code;
  try {
    const { default: qrcode } = await import("./vendor/qrcode/qrcode.mjs");
    code = qrcode(0, "L"); // 0: the smallest version that holds the link
    code.addData(link, "Byte");
    code.make();
  } catch (error) {
    console.warn("auspex: the players' link's QR code could not be made", error);
    return false;
  }
  const modules = code.getModuleCount();
  const side = modules + 2 * QR_QUIET;
  const css = Math.min(560, Math.max(240, canvas.parentElement.clientWidth || 320));
  const scale = Math.max(1, Math.floor((css * (devicePixelRatio || 1)) / side));
  canvas.width = canvas.height = side * scale;
  canvas.style.width = canvas.style.height = `${css}px`;
  canvas.style.imageRendering = "pixelated";
  canvas.dataset.modules = String(modules);
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#000";
  for (let r = 0; r < modules; r++) {
    for (let c = 0; c < modules; c++) if (code.isDark(r, c)) g.fillRect((c + QR_QUIET) * scale, (r + QR_QUIET) * scale, scale, scale);
  }
  canvas.hidden = false;
  return true;
}

// "Show to players" on each card not of the party: toggles its id in the file's `reveal`.
function drawReveal() {
  const { file, state } = current();
  if (!state) return;
  const reveal = new Set(file.reveal ?? []);
  for (const card of document.querySelectorAll("#tk-view li[data-id]")) {
    const c = state.combatants.find((x) => x.id === card.dataset.id);
    card.querySelector(":scope > .pl-reveal")?.remove();
    if (!c || c.side === "party") continue;
    const on = reveal.has(c.id);
    const toggle = el("button", { type: "button", className: "secondary pl-reveal", textContent: on ? "Hide from players" : "Show to players" });
    toggle.setAttribute("aria-pressed", String(on));
    toggle.dataset.id = c.id;
    toggle.addEventListener("click", () => {
      const now = new Set(current().file.reveal ?? []);
      if (now.has(c.id)) now.delete(c.id);
      else now.add(c.id);
      const saved = setReveal([...now]);
      $("pl-status").textContent = `${c.name} is ${now.has(c.id) ? "shown whole" : "hidden"} in the next players' link${saved ? "" : " (not saved on this device)"}.`;
      drawReveal();
    });
    card.querySelector(".enc-head")?.after(toggle);
  }
}

// ------------------------------------------------------------------ the player's view

let showView = null; // set by initView: a players' view shown in the players' view section

/**
 * Shows `view` (an untrusted players' view: from a #p= link or the live connection, peer.js) in the
 * players' view section once the engine checked it again and rendered it (shown_player_view), with
 * `note` under the title. Returns whether it was shown (false: refused, the section says why).
 */
export function showPlayersView(view, note) {
  return showView ? showView(view, note) : Promise.resolve(false);
}

function initView(engine) {
  const body = el("div", { id: "pl-body" });
  const note = el("p", { id: "pl-note", className: "hint", role: "status" });
  const close = el("button", { type: "button", className: "secondary", textContent: "Close" });
  const section = el(
    "section",
    { id: "pl-view", className: "shared", hidden: true, ariaLabel: "The players' view" },
    el("div", { className: "shared-top" }, el("h2", { textContent: "The fight (players' view)" }), close),
    note,
    body,
  );
  document.querySelector("main").prepend(section);
  close.addEventListener("click", () => {
    section.hidden = true;
    history.replaceState(null, "", location.pathname + location.search);
  });

  async function open() {
    const match = /^#p=(.*)$/s.exec(location.hash);
    if (!match) return;
    const root = document.documentElement;
    root.dataset.playersView = "opening"; // "shown" again once this link's view is drawn (proposals.js follows it)
    section.hidden = false;
    body.replaceChildren();
    note.textContent = "";
    let view;
    try {
      view = await unpackLink(match[1], "a players' view");
    } catch (error) {
      const why = error instanceof LinkError ? error.message : "it could not be read";
      note.textContent = `This players' link cannot be read: ${why}.`;
      root.dataset.playersView = "broken";
      return;
    }
    note.textContent = "Waiting for the rules engine\u2026";
    if (await show(view, "Read-only: the fight as the GM's link showed it. Ask the GM for a new link to see it as it is now.")) section.scrollIntoView({ block: "start" });
  }

  let shownAt = 0; // the latest view asked for: an older answer arriving late is not drawn over it
  async function show(view, words) {
    const root = document.documentElement;
    const mine = ++shownAt;
    const answer = await ask(engine, "shown_player_view", JSON.stringify(view));
    if (mine !== shownAt) return answer.status === "ok";
    section.hidden = false;
    if (answer.status !== "ok") {
      note.textContent = `This players' view cannot be shown: ${errorsText(answer)}.`;
      root.dataset.playersView = "invalid";
      return false;
    }
    body.innerHTML = answer.html; // made by the engine from the view it checked, every text escaped
    note.textContent = words;
    root.dataset.playersView = "shown";
    root.dataset.playersViews = String(Number(root.dataset.playersViews ?? 0) + 1);
    return true;
  }
  showView = show;

  // a connection code (#j=): this page joins the GM's fight live (peer.js)
  async function joinLive() {
    if (!/^#j=/.test(location.hash)) return;
    const text = location.hash;
    history.replaceState(null, "", location.pathname + location.search);
    await (await import("./peer.js")).startPlayer(text);
  }
  const opened = () => Promise.all([open(), joinLive()]);
  addEventListener("hashchange", () => opened().catch((error) => console.warn("auspex: the players' link could not be opened", error)));
  return opened();
}

/** Called once by app.js (after the tracker): `engine`, a Promise of the worker's calls. */
export function initTable({ engine }) {
  initLink(engine);
  return initView(engine);
}
