// The page's first script, a classic one (not a module, not inline: the Content-Security-Policy
// forbids inline scripts), so it runs even when static/app.js or a module it imports cannot load.
// app.js marks <html data-app="started"> as it starts, and from then on reports the engine's start
// itself (static/engine.js). Until then this script watches: a module script that fails to load
// fires "error" on its element, and a module graph that never arrives is caught by a time limit.
// Either way the status says which file failed (found by fetching app.js's imports again) and
// offers Retry, which reloads the page.
(function () {
  "use strict";
  var LIMIT_MS = 60000; // app.js and its imports are about 100 KB
  var shown = false;
  var root = document.documentElement;

  function started() {
    return root.dataset.app === "started";
  }

  // A module's import ("./x.js", "./families/x.js", "../x.js") as a path from the page.
  function join(from, spec) {
    var parts = from.split("/").slice(0, -1);
    spec.split("/").forEach(function (part) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    });
    return parts.join("/");
  }

  // The app's modules, app.js first, followed through their static imports (relative paths).
  function findBroken() {
    var seen = {};
    var order = [];
    function walk(path) {
      if (seen[path]) return Promise.resolve(null);
      seen[path] = true;
      order.push(path);
      return fetch(path, { cache: "no-cache" }).then(
        function (response) {
          if (!response.ok) return path + " (HTTP " + response.status + ")";
          return response.text().then(function (text) {
            var found = [];
            var pattern = /\b(?:from|import)\s*["'](\.\.?\/[\w./-]+\.js)["']/g;
            var match;
            while ((match = pattern.exec(text))) found.push(join(path, match[1]));
            return found.reduce(function (prev, next) {
              return prev.then(function (broken) {
                return broken || walk(next);
              });
            }, Promise.resolve(null));
          });
        },
        function () {
          return path;
        },
      );
    }
    return walk("./static/app.js");
  }

  function fail(reason) {
    if (shown || started()) return;
    shown = true;
    findBroken().then(function (broken) {
      if (started()) return;
      var what = broken ? broken.replace(/^\.\//, "") : "static/app.js or a module it imports";
      show("The page could not start: " + what + " " + reason + ".");
    });
  }

  function show(message) {
    var status = document.getElementById("engine-status");
    var text = document.getElementById("engine-text");
    if (!status || !text) return;
    root.dataset.engine = "failed";
    root.dataset.engineFailed = "app";
    status.classList.remove("loading");
    status.classList.add("failed");
    text.textContent = message;
    var retry = document.getElementById("engine-retry");
    if (retry) {
      retry.hidden = false;
      retry.addEventListener("click", function () {
        location.reload();
      });
    }
  }

  // Module scripts' load errors do not bubble: listen in the capture phase.
  document.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target && target.tagName === "SCRIPT" && target.type === "module") fail("did not load");
    },
    true,
  );
  setTimeout(function () {
    fail("did not load in " + LIMIT_MS / 1000 + " s");
  }, LIMIT_MS);
})();
