// The live connection: a WebRTC data channel between the GM's page and each player's page, with
// no STUN/TURN server (iceServers: []: host candidates only, the table's Wi-Fi or a phone's
// hotspot) and no signalling server. Imported only when the encounter panel asks for it (table.js:
// "Connect a player", "Join a fight", or a #j= link opened).
//
// Signalling is the QR exchange, one code each way. ICE is not trickled: each side waits for its
// gathering to complete (at most GATHER_MS), then its description is cut down to what the other
// side needs (ICE ufrag and pwd, the DTLS fingerprint, the setup role and the UDP candidates) and
// packed as share links are (share.js: base64url(deflate-raw(JSON))):
//   GM -> player: ./#j=<{"v": 1, "j": <peer id>, "u", "p", "h", "f", "s", "c"}>  (the offer)
//   player -> GM: ./#a=<{"v": 1, "a": <peer id>, "n"?, "u", "p", "h", "f", "s", "c"}>  (the answer)
// ("n" the name the player typed, if any: text, at most MAX_NAME characters, shown on the GM's
// list as text; "u" ufrag, "p" pwd, "h" the fingerprint's hash, "f" its bytes in base64url, "s" setup,
// "c" candidates [address, port, priority, type]); the other side checks every field and rebuilds
// an SDP from them, so nothing received is pasted into an SDP unchecked.
//
// Messages (the contract with proposals.js): JSON objects {"v": 1, "kind": K, ...payload}, packed
// as share links, at most MAX_MESSAGE characters. GM -> player: "view", "decision"; player -> GM:
// "claim", "proposal"; a kind sent the wrong way is refused. Each message received is size-checked,
// unpacked within share.js's limits and JSON-parsed (nothing executed), then announced as
// window "auspex-peer" {detail: {kind, payload, from}}. A "view" is shown on the player's page only
// after the engine checked it again (table.js showPlayersView: player_link.py), as for a #p= link.
import { current } from "./tracker.js";
import { LinkError, encodeLink, unpackLink } from "./share.js";
import { drawQr, showPlayersView } from "./table.js";

export const MAX_MESSAGE = 64 * 1024; // characters of a packed message
const GATHER_MS = 10000; // the longest wait for ICE gathering (host candidates come in well under a second on an idle phone)
const CONNECT_MS = 30000; // after the GM took the answer: no channel open by then is no connection
const JOIN_MS = 180000; // the player's side: the GM has this long to scan the answer
const VIEW_DELAY_MS = 150; // events in a burst send one view
const TO_PLAYER = new Set(["view", "decision"]);
const TO_GM = new Set(["claim", "proposal"]);
const NAME_KEY = "auspex:player-name:v1"; // the player's name on this phone (proposals.js's too)
export const MAX_NAME = 40; // characters of a player's name sent with the answer

/** A player's name as the GM's list shows it: text only (control characters dropped, spaces
 * squeezed), at most MAX_NAME characters; "" when none is left. Untrusted: the GM's page shows it
 * as text only (textContent). */
export function cleanName(name) {
  if (typeof name !== "string") return "";
  return name
    .slice(0, 4 * MAX_NAME)
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_NAME)
    .trim();
}

let role = null; // "gm" | "player", set by the first init
const links = new Map(); // peer id -> {id, name, state, pc, channel, timer, why}
let named = 0; // codes made for new players so far (their default names: Player 1, Player 2...)
let refused = 0; // messages refused (the page's dataset.peerRefused, read by tests)
const root = document.documentElement;

const $ = (id) => document.getElementById(id);
const el = (tag, props, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

/** Whether this browser can make a live connection at all. */
export const supported = () => typeof self.RTCPeerConnection === "function";

/** The peers: the GM's page lists each player ({id, name, state}); a player's page its GM (id "gm").
 * state: "waiting" (code shown), "connecting", "connected", "dropped" or "failed". */
export function peers() {
  return [...links.values()].map(({ id, name, state }) => ({ id, name, state }));
}

/** Whether at least one peer's channel is open (the player's: the GM's). */
export function isConnected() {
  return [...links.values()].some((l) => l.state === "connected");
}

/**
 * Sends {"v": 1, "kind": kind, ...payload} packed: on the GM's page to the peer `to` (an id of
 * peers()) or, with `to` null, to every connected player; on a player's page to the GM. Returns the
 * number of peers it was sent to. Throws a RangeError when the packed message is over MAX_MESSAGE.
 */
export async function send(kind, payload = {}, to = null) {
  const text = await encodeLink({ ...payload, v: 1, kind });
  if (text.length > MAX_MESSAGE) throw new RangeError(`a "${kind}" message packs to ${text.length} characters; at most ${MAX_MESSAGE} are sent`);
  let sent = 0;
  for (const link of links.values()) {
    if ((to === null || link.id === to) && link.channel?.readyState === "open") {
      link.channel.send(text);
      sent++;
    }
  }
  return sent;
}

function refuse(from, why) {
  refused++;
  root.dataset.peerRefused = String(refused);
  console.warn(`auspex: a message from ${from} was refused: ${why}`);
  return false;
}

/**
 * One message received from the peer `from` (its channel's only way in; exported so a test can
 * feed it hostile texts). Untrusted: refused (false, nothing announced) when it is not text, is over
 * MAX_MESSAGE, does not unpack within share.js's limits, is not {"v": 1, "kind": <text>} or is of a
 * kind that does not travel this way; else announced as "auspex-peer" (true).
 */
export async function receive(text, from) {
  if (typeof text !== "string") return refuse(from, "not text");
  if (text.length > MAX_MESSAGE) return refuse(from, `${text.length} characters`);
  let message;
  try {
    message = await unpackLink(text, "a message");
  } catch (error) {
    return refuse(from, error instanceof LinkError ? error.message : "unreadable");
  }
  if (!message || typeof message !== "object" || Array.isArray(message) || message.v !== 1 || typeof message.kind !== "string") {
    return refuse(from, "not a message of this page");
  }
  const { v: _v, kind, ...payload } = message;
  if (!(role === "gm" ? TO_GM : TO_PLAYER).has(kind)) return refuse(from, `a "${kind.slice(0, 40)}" does not come this way`);
  dispatchEvent(new CustomEvent("auspex-peer", { detail: { kind, payload, from } }));
  return true;
}

// ------------------------------------------------------------------ the descriptions, cut down

const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64 = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const HASHES = new Set(["sha-1", "sha-224", "sha-256", "sha-384", "sha-512"]);
const ICE_CHARS = /^[A-Za-z0-9+/]{4,256}$/; // RFC 8839's ice-char
const ADDRESS = /^(?:[0-9.]{7,15}|[0-9A-Fa-f:.]{2,45}|[A-Za-z0-9-]{1,63}\.local)$/; // IPv4, IPv6 or an mDNS name
const TYPES = new Set(["host", "srflx", "prflx", "relay"]);
const MAX_CANDIDATES = 16;

// A local SDP -> {u, p, h, f, s, c}: what the other side needs to reach it (UDP candidates only).
function cut(sdp) {
  const line = (re) => re.exec(sdp)?.[1];
  const print = /^a=fingerprint:(\S+) ([0-9A-Fa-f:]+)\s*$/m.exec(sdp);
  const c = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp (\d+) (\S+) (\d+) typ (\w+)/gim)) {
    if (c.length < MAX_CANDIDATES) c.push([m[2], Number(m[3]), Number(m[1]), m[4]]);
  }
  return {
    u: line(/^a=ice-ufrag:(\S+)\s*$/m),
    p: line(/^a=ice-pwd:(\S+)\s*$/m),
    h: print?.[1].toLowerCase(),
    f: print ? b64(print[2].split(":").map((x) => parseInt(x, 16))) : undefined,
    s: line(/^a=setup:(\w+)\s*$/m),
    c,
  };
}

// A received {u, p, h, f, s, c} -> an SDP of `type` ("offer" | "answer"), every field checked
// first; throws a LinkError saying what is wrong.
function rebuild(d, type) {
  const bad = (what) => new LinkError(`its ${what} is not one a browser makes`);
  if (typeof d.u !== "string" || !ICE_CHARS.test(d.u)) throw bad("ICE user name");
  if (typeof d.p !== "string" || !ICE_CHARS.test(d.p)) throw bad("ICE password");
  if (typeof d.h !== "string" || !HASHES.has(d.h)) throw bad("fingerprint's hash");
  let print;
  try {
    print = typeof d.f === "string" && d.f.length <= 100 ? unb64(d.f) : null;
  } catch {
    print = null;
  }
  if (!print || print.length < 20 || print.length > 64) throw bad("fingerprint");
  const setups = type === "offer" ? ["actpass"] : ["active", "passive"];
  if (!setups.includes(d.s)) throw bad("DTLS role");
  if (!Array.isArray(d.c) || d.c.length > MAX_CANDIDATES) throw bad("list of addresses");
  const candidates = d.c.map((x, i) => {
    if (!Array.isArray(x) || x.length !== 4) throw bad("address");
    const [address, port, priority, kind] = x;
    if (typeof address !== "string" || !ADDRESS.test(address)) throw bad("address");
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad("port");
    if (!Number.isInteger(priority) || priority < 0 || priority > 2 ** 32 - 1) throw bad("priority");
    if (!TYPES.has(kind)) throw bad("address's type");
    return `a=candidate:${i + 1} 1 udp ${priority} ${address} ${port} typ ${kind}`;
  });
  const hex = [...print].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  return [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    `a=ice-ufrag:${d.u}`,
    `a=ice-pwd:${d.p}`,
    `a=fingerprint:${d.h} ${hex}`,
    `a=setup:${d.s}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
    ...candidates,
    "a=end-of-candidates",
    "",
  ].join("\r\n");
}

// Resolves when `pc` has gathered its candidates (or after GATHER_MS with those it has).
function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        done();
      }
    });
  });
}

// The text after #j= or #a= in a scanned or pasted `text` (a whole link or the fragment alone), or null.
function fragment(text, key) {
  const m = new RegExp(`(?:^|#)${key}=([A-Za-z0-9_-]+)\\s*$`).exec(String(text).trim());
  return m ? m[1] : null;
}

// The one data channel, negotiated out of band (id 0 on both sides): it opens as soon as the SCTP
// association is up, with no in-band open message to wait for or lose.
const channelOf = (pc) => pc.createDataChannel("auspex", { ordered: true, negotiated: true, id: 0 });

const randomId = () => b64(crypto.getRandomValues(new Uint8Array(6)));

// ------------------------------------------------------------------ one connection's life

const WORDS = {
  waiting: "waiting for the answer",
  connecting: "connecting\u2026",
  connected: "connected",
  dropped: "connection lost",
  failed: "no connection could be made",
};

function wire(link, channel, onChange) {
  link.channel = channel;
  channel.addEventListener("open", () => {
    clearTimeout(link.timer);
    link.state = "connected";
    onChange(link);
  });
  channel.addEventListener("close", () => drop(link, "the other page closed the connection", onChange));
  channel.addEventListener("message", (event) => receive(event.data, link.id));
}

function watch(link, onChange) {
  const { pc } = link;
  const state = () => {
    console.debug(`auspex: connection ${link.id}: ICE ${pc.iceConnectionState}, ${pc.connectionState}`);
    const s = pc.connectionState ?? pc.iceConnectionState;
    if (s === "failed" || pc.iceConnectionState === "failed") drop(link, "the network stopped carrying it", onChange);
    else if (s === "disconnected" && link.state === "connected") drop(link, "the other device went out of reach", onChange);
  };
  pc.addEventListener("connectionstatechange", state);
  pc.addEventListener("iceconnectionstatechange", state);
}

// The connection `link` is over: said in words (`why`), everything closed.
function drop(link, why, onChange) {
  if (link.state === "dropped" || link.state === "failed") return;
  clearTimeout(link.timer);
  link.state = link.state === "connected" ? "dropped" : "failed";
  link.why = why;
  try {
    link.channel?.close();
    link.pc?.close();
  } catch {
    // already closed
  }
  onChange(link);
}

// ------------------------------------------------------------------ the GM's side

let gmPanel = null;

async function viewText(engine) {
  const answer = JSON.parse(await (await engine).player_view(JSON.stringify(current().file)));
  return answer.status === "ok" ? answer.view : null;
}

function initGm({ engine }) {
  role = "gm";
  const connect = el("button", { type: "button", id: "live-connect", textContent: "Connect a player" });
  const scan = el("button", { type: "button", id: "live-scan", className: "secondary", textContent: "Scan the player's answer", hidden: true });
  const qr = el("canvas", { id: "live-qr", hidden: true, ariaLabel: "The code a player scans to connect" });
  qr.setAttribute("role", "img");
  const url = el("input", { id: "live-link", type: "text", readOnly: true, hidden: true, ariaLabel: "The link a player opens to connect" });
  const scanner = el("div", { id: "live-scanner", className: "live-scanner", hidden: true });
  const list = el("ul", { id: "live-peers", className: "live-peers" });
  const status = el("p", { id: "live-status", className: "hint", role: "status" });
  gmPanel = el(
    "section",
    { id: "live", className: "live", ariaLabel: "Live connection" },
    el("h3", { className: "sub", textContent: "Live connection" }),
    el("div", { className: "row" }, connect, scan),
    qr,
    url,
    scanner,
    status,
    list,
  );
  $("pl-box").append(gmPanel);
  let pending = null; // the id whose code is on screen

  const onChange = (link) => {
    drawList();
    if (link.state === "connected") {
      status.textContent = `${link.name} is connected: their page follows the fight.`;
      if (pending === link.id) {
        pending = null;
        qr.hidden = url.hidden = scan.hidden = true;
      }
      sendView(link.id);
    } else if (link.state === "dropped") status.textContent = `${link.name}: the connection was lost (${link.why}). Scan again to re-make it.`;
    else if (link.state === "failed")
      status.textContent = `${link.name}: no connection could be made (${link.why}). The devices may not reach each other on this network; the players' link and its QR code still work.`;
    root.dataset.live = peers()
      .map((p) => p.state)
      .join(" ");
  };

  function drawList() {
    list.replaceChildren(
      ...peers().map((p) => {
        const li = el("li", {}, el("span", { className: "live-name", textContent: p.name }), ": ", el("span", { className: "live-state", textContent: WORDS[p.state] }));
        li.dataset.id = p.id;
        li.dataset.state = p.state;
        if (p.state === "dropped" || p.state === "failed") {
          const again = el("button", { type: "button", className: "secondary live-again", textContent: "Scan again" });
          again.addEventListener("click", () => offer(p.name, p.id));
          li.append(" ", again);
        }
        return li;
      }),
    );
  }

  // A new connection's code: for a new player, or again for `name` (replacing the dropped `old`).
  async function offer(name = null, old = null) {
    if (!supported()) {
      status.textContent = "This browser cannot make a live connection: use the players' link and its QR code.";
      return;
    }
    const shown = links.get(pending);
    if (shown?.state === "waiting") {
      shown.pc.close(); // its code is replaced before anyone answered it
      links.delete(pending);
      if (shown.fresh) named--; // its number goes to the next new player
    }
    if (old) links.delete(old);
    connect.disabled = true;
    status.textContent = "Making the code\u2026";
    const id = randomId();
    const pc = new RTCPeerConnection({ iceServers: [] });
    const link = { id, name: name ?? `Player ${++named}`, fresh: !name, state: "waiting", pc, channel: null, timer: null, why: "" };
    links.set(id, link);
    pending = id;
    wire(link, channelOf(pc), onChange);
    watch(link, onChange);
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const code = { v: 1, j: id, ...cut(pc.localDescription.sdp) };
      const href = new URL(`#j=${await encodeLink(code)}`, location.href).href;
      url.value = href;
      url.hidden = scan.hidden = false;
      const drawn = await drawQr(qr, href);
      status.textContent = `${link.name}: scan this code with their phone (or send them the link), then scan the answer their page shows${drawn ? "" : " (this link is too long for one code: send it)"}.`;
    } catch (error) {
      console.warn("auspex: no offer", error);
      drop(link, "this browser refused to make one", onChange);
    } finally {
      connect.disabled = false;
      drawList();
    }
  }

  async function takeAnswer(text) {
    const packed = fragment(text, "a");
    if (!packed) return "This is not a player's answer code (its link has #a=).";
    let answer;
    try {
      answer = await unpackLink(packed, "an answer");
    } catch (error) {
      return `This answer cannot be read: ${error instanceof LinkError ? error.message : "it is damaged"}.`;
    }
    const link = answer && typeof answer === "object" ? links.get(answer.a) : undefined;
    if (!link || answer.v !== 1) return "This answer is not to the code on this page: scan the code again on the player's phone.";
    if (link.state !== "waiting") return `${link.name} has answered already.`;
    const name = cleanName(answer.n); // the name the player typed, if any (else "Player N" stays)
    let sdp;
    try {
      sdp = rebuild(answer, "answer");
    } catch (error) {
      return `This answer cannot be used: ${error.message}.`;
    }
    // "connecting" before the answer is applied: the channel may open before the await below returns
    link.state = "connecting";
    if (name) link.name = name;
    try {
      await link.pc.setRemoteDescription({ type: "answer", sdp });
    } catch {
      link.state = "waiting";
      return "The browser refused this answer: scan the code again on the player's phone.";
    }
    if (link.state !== "connecting") return null; // open already, or dropped
    link.timer = setTimeout(() => drop(link, "the devices did not reach each other in time", onChange), CONNECT_MS);
    status.textContent = `${link.name}: connecting\u2026`;
    drawList();
    return null;
  }

  connect.addEventListener("click", () => offer());
  scan.addEventListener("click", async () => {
    const { openScanner } = await import("./scan.js");
    openScanner(scanner, { what: "the answer on the player's phone", use: takeAnswer });
  });

  // the players' view, to one peer (on connect) or all, after every change of the fight
  let timer = null;
  async function sendView(to = null) {
    const view = await viewText(engine);
    if (view) await send("view", { view }, to).catch((error) => console.warn("auspex: the view was not sent", error));
  }
  document.addEventListener("auspex:encounter", () => {
    if (!isConnected()) return;
    clearTimeout(timer);
    timer = setTimeout(() => sendView(), VIEW_DELAY_MS);
  });
  offer();
}

// ------------------------------------------------------------------ the player's side

let playerPanel = null;

function initPlayer() {
  role = "player";
  const status = el("p", { id: "live-status", className: "hint", role: "status" });
  const qr = el("canvas", { id: "live-qr", hidden: true, ariaLabel: "The answer the GM scans" });
  qr.setAttribute("role", "img");
  const url = el("input", { id: "live-link", type: "text", readOnly: true, hidden: true, ariaLabel: "The answer's link, for the GM" });
  const again = el("button", { type: "button", id: "live-again", className: "secondary", textContent: "Scan again" });
  const scanner = el("div", { id: "live-scanner", className: "live-scanner", hidden: true });
  let kept = "";
  try {
    kept = cleanName(JSON.parse(localStorage.getItem(NAME_KEY) ?? '""'));
  } catch {
    /* none kept */
  }
  const name = el("input", { id: "live-name", type: "text", maxLength: MAX_NAME, value: kept, autocomplete: "nickname", placeholder: "shown on the GM's page" });
  name.addEventListener("change", () => {
    try {
      localStorage.setItem(NAME_KEY, JSON.stringify(cleanName(name.value)));
    } catch {
      /* a private window: sent with this answer only */
    }
  });
  playerPanel = el(
    "section",
    { id: "live-join", className: "shared", ariaLabel: "Joining the GM's fight" },
    el("h2", { textContent: "Live connection to the GM" }),
    el("label", { htmlFor: "live-name", textContent: "Your name " }),
    name,
    status,
    qr,
    url,
    el("div", { className: "row" }, again),
    scanner,
  );
  document.querySelector("main").prepend(playerPanel);
  again.addEventListener("click", () => scanOffer());

  const onChange = (link) => {
    root.dataset.live = link.state;
    if (link.state === "connected") {
      qr.hidden = url.hidden = true;
      status.textContent = "Connected: the fight below follows the GM's.";
    } else if (link.state === "dropped") status.textContent = `The connection to the GM was lost (${link.why}). Ask the GM to scan again, and scan their new code.`;
    else if (link.state === "failed")
      status.textContent = `No connection could be made (${link.why}): the devices may not reach each other on this network. Ask the GM for the players' link or its QR code instead.`;
  };

  addEventListener("auspex-peer", async (event) => {
    const { kind, payload } = event.detail;
    if (kind !== "view") return;
    const shown = await showPlayersView(payload.view, "Live: the fight as the GM's page has it now.");
    if (!shown) refuse("gm", "a view the engine refused");
  });

  async function join(text) {
    const packed = fragment(text, "j");
    if (!packed) return "This is not the GM's connection code (its link has #j=).";
    if (!supported()) {
      status.textContent = "This browser cannot make a live connection: ask the GM for the players' link or its QR code.";
      root.dataset.live = "unsupported";
      return null;
    }
    let offer;
    let sdp;
    try {
      offer = await unpackLink(packed, "a connection code");
      if (!offer || typeof offer !== "object" || offer.v !== 1 || typeof offer.j !== "string" || !/^[A-Za-z0-9_-]{1,16}$/.test(offer.j)) {
        throw new LinkError("it is not an Auspex connection code");
      }
      sdp = rebuild(offer, "offer");
    } catch (error) {
      return `This code cannot be used: ${error instanceof LinkError ? error.message : "it is damaged"}.`;
    }
    for (const old of links.values()) drop(old, "a new code was scanned", () => {});
    links.clear();
    const pc = new RTCPeerConnection({ iceServers: [] });
    const link = { id: "gm", name: "GM", state: "connecting", pc, channel: null, timer: null, why: "" };
    links.set("gm", link);
    wire(link, channelOf(pc), onChange);
    watch(link, onChange);
    status.textContent = "Making the answer\u2026";
    try {
      await pc.setRemoteDescription({ type: "offer", sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
    } catch (error) {
      console.warn("auspex: no answer", error);
      drop(link, "this browser refused the code", onChange);
      return null;
    }
    const typed = cleanName(name.value);
    if (typed) name.dispatchEvent(new Event("change")); // kept for the claim (proposals.js's name field)
    const answer = { v: 1, a: offer.j, ...(typed ? { n: typed } : {}), ...cut(pc.localDescription.sdp) };
    const href = new URL(`#a=${await encodeLink(answer)}`, location.href).href;
    url.value = href;
    url.hidden = false;
    const drawn = await drawQr(qr, href);
    if (link.state !== "connecting") return null; // connected already (the link was sent), or dropped
    status.textContent = `Show this code to the GM to scan${drawn ? "" : " (too long for one code: send the GM the link)"}, or send them the link.`;
    root.dataset.live = "answered";
    link.timer = setTimeout(() => drop(link, "the GM's page did not connect in time", onChange), JOIN_MS);
    return null;
  }

  async function scanOffer() {
    const { openScanner } = await import("./scan.js");
    openScanner(scanner, { what: "the GM's connection code", use: join });
  }
  return { join, scanOffer };
}

let player = null;

/**
 * The GM's side: the Live connection panel under the players' link, a first code made at once.
 * `engine`: a Promise of the worker's calls (its player_view makes each view sent).
 */
export function startGm({ engine }) {
  if (role === "player") return;
  if (!gmPanel) initGm({ engine });
}

/** The player's side: joins from `text` (a #j= link or fragment), or opens the scanner without one. */
export async function startPlayer(text = null) {
  if (role === "gm") return;
  player ??= initPlayer();
  playerPanel.scrollIntoView({ block: "start" });
  if (text) {
    const wrong = await player.join(text);
    if (wrong) $("live-status").textContent = wrong;
  } else await player.scanOffer();
}
