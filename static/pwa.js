// The offline copy (sw.js), registered once the engine is ready (app.js). A new version, precached in
// the background, is offered in a banner; Reload lets its worker take over, then reloads into it whole.
export function registerServiceWorker() {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  let reloading = false;
  sw.addEventListener("controllerchange", () => (reloading ? location.reload() : showVersion()));
  // updateViaCache "none": the update check bypasses the HTTP cache for sw.js and the precache list
  sw.register(new URL("../sw.js", import.meta.url), { updateViaCache: "none" }).then((reg) => {
    // nothing to offer on a first visit (no controller): that worker is the first version
    const offer = () => reg.waiting && sw.controller && showBanner(reg, () => (reloading = true));
    offer();
    reg.addEventListener("updatefound", () => {
      const worker = reg.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && offer());
    });
    // an installed app may stay open for days without a visit: look again when it is shown
    let checked = Date.now();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && Date.now() - checked > 3_600_000) {
        checked = Date.now();
        reg.update().catch(() => {});
      }
    });
  }, (error) => console.warn("auspex: no offline copy (service worker failed)", error));
  showVersion();
}

// <html data-version>: the version the controlling worker serves
function showVersion() {
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => (document.documentElement.dataset.version = event.data);
  navigator.serviceWorker.controller?.postMessage("VERSION", [channel.port2]);
}

function showBanner(reg, willReload) {
  const banner = document.getElementById("update-banner");
  if (!banner || banner.firstChild) return;
  const text = document.createElement("p");
  text.textContent = "A new version of Auspex is ready.";
  const button = (label, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  };
  const reload = button("Reload", () => {
    reload.disabled = true;
    willReload();
    // when another tab has let it take over already, nothing waits: just reload
    if (reg.waiting) reg.waiting.postMessage("SKIP_WAITING");
    else location.reload();
  });
  const later = button("Later", () => banner.replaceChildren());
  later.className = "later";
  const buttons = document.createElement("span");
  buttons.append(reload, later);
  banner.replaceChildren(text, buttons);
}
