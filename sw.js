// Auspex's service worker: after the first visit the page works offline, and it never runs half
// old, half new files.
//
// tools/build/precache.py (make vendor) writes static/vendor/precache.js: every file the page loads (the
// vendored runtime, the wheels, the app's own files) and a version, a hash of all their contents
// and of this file. This worker precaches them in one cache named after that version and answers
// the page only with that version's files. Any change to any file changes precache.js, which the
// browser compares on each visit (registered with updateViaCache "none"): the new version's worker
// precaches in the background and waits, and the page offers to reload (static/pwa.js), which
// posts SKIP_WAITING and reloads once the new worker controls it. Old versions' caches go then.

importScripts("./static/vendor/precache.js"); // defines self.AUSPEX_PRECACHE = {version, runtime, app}

const { version, runtime, app } = self.AUSPEX_PRECACHE;
const CACHE = `auspex-${version}`;
const scope = self.registration.scope;
const absolute = (url) => new URL(url, scope).href;
const RUNTIME = new Set(runtime.map(absolute));
const APP = new Set(app.map(absolute));
// The page is precached once, as "./" (listing ./index.html too made a first visit download it twice).
const PAGE = absolute("./");
const INDEX = absolute("./index.html");

self.addEventListener("install", (event) => {
  // On a first visit the page has just downloaded the runtime (the worker is registered once the
  // engine is ready): "default" lets the HTTP cache hand it over instead of fetching ~16 MB twice.
  // When updating, "no-cache" revalidates it, so an old copy still fresh in the HTTP cache is never
  // stored as the new version's. The app's own small files are always revalidated.
  const runtimeMode = self.registration.active ? "no-cache" : "default";
  const requests = [
    ...runtime.map((url) => new Request(url, { cache: runtimeMode })),
    ...app.map((url) => new Request(url, { cache: "no-cache" })),
  ];
  // addAll stores all or nothing: a version that failed to download is never installed, and the
  // browser tries again on a later visit. No skipWaiting: an update waits until the page asks.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("message", (event) => {
  if (event.data === "SKIP_WAITING") self.skipWaiting();
  else if (event.data === "VERSION") event.ports[0]?.postMessage(version);
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("auspex-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// Two copies of a runtime file answer the same request only if they are the same bytes: the server's
// validators say so (its ETag; without one, Last-Modified and the length).
function sameFile(a, b) {
  const etag = a.headers.get("ETag");
  if (etag) return etag === b.headers.get("ETag");
  const modified = a.headers.get("Last-Modified");
  const length = a.headers.get("Content-Length");
  return modified !== null && length !== null &&
    modified === b.headers.get("Last-Modified") && length === b.headers.get("Content-Length");
}

// The runtime goes through fetch() first: the HTTP cache answers at once and keeps V8's compiled-wasm
// cache, which a response read from Cache Storage does not get (tools/measure/bench.py measured a repeat
// visit ~0.4 s slower when the precache answered). That answer is used only when it is this
// version's file (sameFile): after a new version is published, the HTTP cache may hold the new
// runtime under the same names, and this version's copy answers until the page reloads into the new
// one. Offline, or when the network has not answered in 3 s (a table's dead Wi-Fi can look online),
// the precache answers.
async function runtimeFile(request) {
  const cached = caches.match(request.url, { cacheName: CACHE });
  if (self.navigator.onLine === false) return (await cached) ?? fetch(request);
  const network = fetch(request);
  network.catch(() => {}); // a late failure after the timeout won is not an error
  let first = null;
  try {
    first = await Promise.race([network, new Promise((resolve) => setTimeout(resolve, 3000, null))]);
  } catch {
    // offline: the precache answers
  }
  const own = await cached;
  if (!own) return first ?? network; // not precached (yet): as the network answers
  return first && first.ok && sameFile(first, own) ? first : own;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = request.url.split("#")[0];
  if (RUNTIME.has(url)) {
    event.respondWith(runtimeFile(request));
    return;
  }
  // The page (any query; ./index.html is the same page) and the app's files: this version's copy
  // only, so a page never mixes versions. What is not precached goes to the network untouched.
  const page = request.mode === "navigate" && [PAGE, INDEX].includes(url.split("?")[0]);
  const key = page ? PAGE : APP.has(url) ? url : null;
  if (!key) return;
  event.respondWith(
    caches.match(key, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)),
  );
});
