// Auspex: what the page keeps on this device (localStorage), shared by every tab of the page.
//
// - Every change is a read-modify-write of the value stored *now* (`update`), never a write-back of
//   a tab's in-memory copy, so two tabs' changes both stay. Tabs hear each other through the
//   `storage` event (`onChange`) and show what is stored.
// - A write that fails (storage full, turned off, private mode) is reported, never acknowledged:
//   `update` says whether it was stored, and `notice` puts the message where the player is.
// - A stored value that cannot be read is kept aside under `<key>:corrupt:<n>` (never overwritten)
//   and reported once; the page then starts from its defaults.

function storage() {
  try {
    return globalThis.localStorage ?? null; // reading the property itself throws where storage is turned off
  } catch {
    return null;
  }
}

// What a failed write means for a player: "storage is full" or "storage is turned off".
export function why(error) {
  const name = error?.name ?? "";
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" || error?.code === 22) return "storage is full";
  return "storage is turned off or refused";
}

// The stored text under `key` (null when nothing is stored or storage cannot be read).
export function readText(key) {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

// Keys whose unreadable value could not be copied aside: not written until it is, so it is not lost.
const held = new Set();

// Stores `text` under `key`. Returns null when stored, else the reason (see `why`).
export function writeText(key, text) {
  const s = storage();
  if (!s) return "storage is turned off or refused";
  if (held.has(key)) return "a value that could not be read is still stored there and could not be kept aside";
  try {
    s.setItem(key, text);
    return null;
  } catch (error) {
    console.warn(`auspex: ${key} could not be stored`, error);
    return why(error);
  }
}

// Copies the unreadable value of `key` to the first free `key:corrupt:<n>` and removes it from
// `key`. Returns the key it was kept under, or null when it could not be copied (then `key` is
// left as it is and this visit does not write it).
export function keepAside(key) {
  return copyAside(key, true);
}

// Copies the value of `key` to the first free `key:corrupt:<n>` (and with `remove`, removes it
// from `key`). Returns the key it was copied to, or null when it could not be copied.
export function copyAside(key, remove = false) {
  const s = storage();
  const text = readText(key);
  if (!s || text === null) return null;
  let n = 1;
  while (readText(`${key}:corrupt:${n}`) !== null) n++;
  const aside = `${key}:corrupt:${n}`;
  try {
    s.setItem(aside, text);
    if (remove) {
      s.removeItem(key);
      held.delete(key);
    }
    return aside;
  } catch (error) {
    console.warn(`auspex: ${key} could not be kept aside`, error);
    if (remove) held.add(key);
    return null;
  }
}

// Where an unreadable value went, as `load` names it, said of "it" (or with `they`, of "they"):
// "it is kept aside on this device (as <key>)", or, with no room to copy it, "it is left where it
// is, and nothing is saved over it (there is no room to keep it aside)".
export function asideText(aside, they = false) {
  const [is, it] = they ? ["they are", "them"] : ["it is", "it"];
  if (aside) return `${is} kept aside on this device (as ${aside})`;
  return `${is} left where ${they ? "they are" : "it is"}, and nothing is saved over ${it} (there is no room to keep ${it} aside)`;
}

// Reads `key` as JSON and checks it with `parse(value)` (which throws on a value it cannot read,
// and returns what it can). Returns { value, aside }: `value` is parse's answer, or `fallback()`
// when nothing is stored or it could not be read; `aside` names the key the unreadable value was
// kept under ("" when it could not be kept aside; null when nothing was unreadable).
export function load(key, parse, fallback) {
  const text = readText(key);
  if (text === null) return { value: fallback(), aside: null };
  try {
    return { value: parse(JSON.parse(text)), aside: null };
  } catch (error) {
    console.warn(`auspex: ${key} could not be read; it is kept aside`, error);
    return { value: fallback(), aside: keepAside(key) ?? "" };
  }
}

// Read-modify-write of `key`: `change(current)` gets what is stored now (read by `parse`, or
// `fallback()`) and returns the value to store. Returns { value, error }: `value` is what is now
// true for this tab (the changed value, stored or not), `error` null when stored, else the reason;
// `aside` as `load` says (an unreadable stored value is kept aside before anything is written).
export function update(key, parse, fallback, change) {
  const { value: current, aside } = load(key, parse, fallback);
  const value = change(current);
  return { value, aside, error: writeText(key, JSON.stringify(value)) };
}

// Calls `listener()` when another tab changes `key` (or clears the storage).
export function onChange(key, listener) {
  addEventListener("storage", (event) => {
    if (event.key === key || event.key === null) listener();
  });
}

// A message about storage shown at the top of the page (role=alert), by topic so one topic's
// message replaces its own earlier one; an empty text takes the topic's message away.
const notices = new Map();
export function notice(topic, text) {
  let box = document.getElementById("store-notice");
  if (!box) {
    box = document.createElement("div");
    box.id = "store-notice";
    box.className = "store-notice";
    box.setAttribute("role", "alert");
    document.querySelector("main")?.prepend(box);
  }
  if (text) notices.set(topic, text);
  else notices.delete(topic);
  box.replaceChildren(...[...notices.values()].map((t) => Object.assign(document.createElement("p"), { textContent: t })));
  box.hidden = notices.size === 0;
}

/** Save ``text`` as a file named ``name`` on this device (the browser's download): the party,
 * the encounter and the critical tables are exported this way. */
export function download(name, text, type = "application/json") {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
}
