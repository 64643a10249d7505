// Auspex's service worker: the page works offline after the first visit.
//
// On install it precaches everything the page loads. The vendored runtime (PyScript, Pyodide, the
// pinned wheels) never changes under a given name set, so it is served cache-first from a cache
// named after its content hash (static/vendor/precache.js, written by tools/precache.py during
// `make vendor`: a new runtime changes that file, which makes the browser install this worker anew).
// The app's own files (the page, app.js, app.css, pyscript.toml, worker.py, the app wheel) are
// served network-first with the cache as fallback, so an update shows on the next load.
// Bump APP_VERSION when the list of app files changes.

importScripts("./static/vendor/precache.js"); // defines self.AUSPEX_PRECACHE = {version, runtime, app}

const APP_VERSION = 1;
const { version, runtime, app } = self.AUSPEX_PRECACHE;
const RUNTIME_CACHE = `auspex-runtime-${version}`;
const APP_CACHE = `auspex-app-v${APP_VERSION}`;
const APP_FILES = [
  "./",
  "./index.html",
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

async function precache(cacheName, urls) {
  const cache = await caches.open(cacheName);
  // "no-cache": revalidate with the server, so the HTTP cache cannot hand over a stale file.
  await cache.addAll(urls.map((url) => new Request(url, { cache: "no-cache" })));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    Promise.all([precache(RUNTIME_CACHE, runtime), precache(APP_CACHE, APP_FILES)]).then(() => self.skipWaiting()),
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
  event.respondWith(immutable ? cacheFirst(request) : networkFirst(request));
});
