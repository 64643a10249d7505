// Auspex's service worker: the page works offline after the first visit.
//
// On install it precaches everything the page loads. The vendored runtime (PyScript, Pyodide, the
// pinned wheels) never changes under a given name set; it is served through the HTTP cache with the
// precache as the fallback (see httpCacheFirst), from a cache named after its content hash (static/vendor/precache.js, written by tools/precache.py during
// `make vendor`: a new runtime changes that file, which makes the browser install this worker anew).
// The app's own files (the page, app.js, app.css, pyscript.toml, worker.py, the app wheel) are
// served network-first with the cache as fallback, so an update shows on the next load.
// Bump APP_VERSION when the list of app files changes.

importScripts("./static/vendor/precache.js"); // defines self.AUSPEX_PRECACHE = {version, runtime, app}

const APP_VERSION = 3;
const { version, runtime, app } = self.AUSPEX_PRECACHE;
const RUNTIME_CACHE = `auspex-runtime-${version}`;
const APP_CACHE = `auspex-app-v${APP_VERSION}`;
// The page is precached once, as "./": a navigation to ./index.html offline gets it too (see
// networkFirst), and listing both made a first visit download the page a second time.
const APP_FILES = [
  "./",
  "./static/app.js",
  "./static/app.css",
  "./static/icon.svg",
  "./pyscript.toml",
  "./static/auspex_web/worker.py",
  ...app,
];

const scope = new URL(self.registration.scope);
const VENDOR = new URL("./static/vendor/", scope).href;
const APP_VENDOR = new URL("./static/vendor/app/", scope).href;
const PRECACHE_LIST = new URL("./static/vendor/precache.js", scope).href;

async function precache(cacheName, urls, mode) {
  const cache = await caches.open(cacheName);
  await cache.addAll(urls.map((url) => new Request(url, { cache: mode })));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([
      // The runtime was just downloaded by the page itself (the worker is registered once the
      // engine is ready): "default" lets the HTTP cache hand it over instead of fetching ~16 MB
      // twice on a first visit. Its cache name carries the runtime's content hash.
      precache(RUNTIME_CACHE, runtime, "default"),
      // "no-cache": revalidate the app's own small files, so a stale copy is never kept.
      precache(APP_CACHE, APP_FILES, "no-cache"),
    ]).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([RUNTIME_CACHE, APP_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith("auspex-") && !keep.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: RUNTIME_CACHE, ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(RUNTIME_CACHE)).put(request, response.clone());
  return response;
}

// The runtime goes through fetch() first: the HTTP cache answers at once and keeps V8's compiled-wasm
// cache, which a response read from Cache Storage does not get (tools/bench.py measured a repeat
// visit ~0.4 s slower when the precache answered). Offline, or when the network has not answered
// in 3 s (a table's dead Wi-Fi can look online), the precache answers.
async function httpCacheFirst(request) {
  const network = fetch(request);
  network.catch(() => {}); // a late failure after the timeout won is not an error
  try {
    const first = await Promise.race([network, new Promise((r) => setTimeout(r, 3000, null))]);
    if (first) return first;
    return (await caches.match(request, { cacheName: RUNTIME_CACHE, ignoreSearch: true })) ?? (await network);
  } catch (error) {
    return cacheFirst(request);
  }
}

async function networkFirst(request) {
  const cache = await caches.open(APP_CACHE);
  try {
    const response = await fetch(request, { cache: "no-cache" });
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached =
      (await cache.match(request, { ignoreSearch: request.mode === "navigate" })) ??
      (request.mode === "navigate" ? await cache.match("./") : undefined);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(scope.href)) return;
  const url = request.url;
  const immutable = url.startsWith(VENDOR) && !url.startsWith(APP_VENDOR) && url !== PRECACHE_LIST;
  // Online, the runtime is left to the browser: its HTTP cache keeps V8's compiled-wasm cache, which
  // a response from Cache Storage does not get (measured by tools/bench.py: a repeat visit through
  // the service worker recompiled the 9.6 MB wasm every time). Offline, the precache answers.
  event.respondWith(immutable ? httpCacheFirst(request) : networkFirst(request));
});
