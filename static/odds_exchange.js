// The Odds panel's two further questions, both worked out in the odds engine's worker and rendered
// there (static/auspex_web/render_exchange.py), every text escaped before it reaches innerHTML:
// - "This round against <target>" (bridge.exchange): in an encounter, the attacks still to come
//   against the target picked in the encounter's controls (the engine's default list first), each
//   removable or switched to another fire mode, with the chance the target is down after each, the
//   wounds chart of the whole exchange and the chance it gets to act. Worked out on a tap, then
//   again at each edit; the list starts over when the fight or the target changes.
// - The sweep (bridge.sweep): the attack on the forms against TB 2-8 x armour 0-10 (a Horde: its
//   Magnitude; Epic: its saves), on a tap (it takes seconds), marked stale when the forms change.
const $ = (id) => document.getElementById(id);

// A mob's volley (rules/encounter/volley.py) as an exchange: the bodies' attacks in initiative order,
// each the same action, as the engine's exchange works them out (the Reaction spent once, hits in order).
const volleyAttacks = (ids, action) => ids.map((who) => ({ who, action }));

/** Called once by app.js: `call(method, json)` (the odds engine's worker: JSON text back),
 * `scenario()` (a Promise of the forms' scenario as the Odds panel sends it, JSON text), `fight()`
 * (tracker.js's exchangeTarget: `{file, target, name}` or null). */
export function initExchange({ call, scenario, fight }) {
  const box = $("odds-x");
  const go = $("odds-x-go");
  const reset = $("odds-x-reset");
  const body = $("odds-x-body");
  const status = $("odds-x-status");
  let attacks = null; // the list asked for (null: the engine's default)
  let shown = null; // the last list worked out, and its HTML: {attacks, html}
  let key = null; // the fight and target the list is of
  let running = false;
  let again = false;

  function sync() {
    const f = fight();
    box.hidden = !f;
    if (!f) return;
    const k = JSON.stringify([f.file.system, f.target, f.file.events.length, f.volley ?? null]);
    go.textContent = f.volley ? `Volley of ${f.volley.length} at ${f.name}` : `This round against ${f.name}`;
    if (k === key) return;
    key = k;
    attacks = null;
    shown = null;
    body.replaceChildren();
    status.textContent = "";
    reset.hidden = true;
    delete box.dataset.state;
  }

  function said(errors) {
    return (errors ?? [])
      .map((x) => {
        const at = /^attacks\.(\d+)/.exec(x.field ?? "");
        return at ? `Attack ${Number(at[1]) + 1}: ${x.message}` : x.message;
      })
      .join(" ");
  }

  function show(answer, focus) {
    if (answer.status === "ok") {
      shown = { attacks: answer.attacks, html: answer.html };
      attacks = answer.attacks;
      body.innerHTML = answer.html; // built by render_exchange.py, every text escaped
      // the bars' widths: set here, since the Content-Security-Policy allows no style attribute
      for (const fill of body.querySelectorAll(".fill[data-width]")) fill.style.width = `${fill.dataset.width}%`;
      status.textContent = answer.exchange.exact
        ? "Exact odds of these attacks in turn, before any die is rolled."
        : "Estimated from seeded runs of the encounter (see the notes).";
      reset.hidden = false;
    } else {
      // refused (or stopped): the list shown stays the last one worked out
      attacks = shown?.attacks ?? null;
      if (shown) body.innerHTML = shown.html;
      const why = answer.status === "invalid" ? said(answer.errors) : answer.message || "Stopped.";
      status.textContent = shown ? `${why} The list shown is the last one worked out.` : why;
    }
    box.dataset.state = answer.status;
    (focus && body.querySelector(focus))?.focus();
  }

  async function work(focus = null) {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const f = fight();
        if (!f) return;
        const ask = { encounter: f.file, target: f.target };
        if (attacks) ask.attacks = attacks;
        // a volley's odds: each body's attack, in order, with the Action form's action (the engine's exchange)
        else if (f.volley) ask.attacks = volleyAttacks(f.volley, JSON.parse(await scenario()).action ?? {});
        box.dataset.state = "busy";
        box.lastRequest = JSON.stringify(ask); // the exchange asked for (read by the browser tests)
        status.textContent = "Working out this round\u2026";
        const answer = JSON.parse(await call("exchange", JSON.stringify(ask)));
        if (!again) show(answer, focus);
      } while (again);
    } catch (error) {
      console.error("auspex: the exchange failed", error);
      show({ status: "error", message: "The page could not reach the odds engine. Reload to try again." });
    } finally {
      running = false;
    }
  }

  body.addEventListener("change", (event) => {
    const i = event.target.dataset?.xMode;
    if (i === undefined || !attacks) return;
    const type = event.target.value;
    attacks = attacks.map((a, j) => (j === Number(i) ? { ...a, action: { ...a.action, type } } : a));
    work(`[data-x-mode="${Number(i)}"]`);
  });
  // a player's own planned attack added at the end: who, the fire mode, and the Action form's action
  // otherwise (its distance, its modifiers); the exchange says if it cannot come before the target acts
  body.addEventListener("click", async (event) => {
    if (!event.target.closest("[data-x-add]") || !attacks) return;
    const who = body.querySelector("[data-x-add-who]")?.value;
    const type = body.querySelector("[data-x-add-mode]")?.value;
    if (!who || !type) return;
    const action = { ...(JSON.parse(await scenario()).action ?? {}), type };
    attacks = [...attacks, { who, action }];
    work(`[data-x-mode="${attacks.length - 1}"]`);
  });
  body.addEventListener("click", (event) => {
    const button = event.target.closest("[data-x-remove]");
    if (!button || !attacks) return;
    const i = Number(button.dataset.xRemove);
    attacks = attacks.filter((_, j) => j !== i);
    work(`[data-x-mode="${Math.max(0, i - 1)}"]`);
  });
  go.addEventListener("click", () => work());
  reset.addEventListener("click", () => {
    attacks = null;
    work();
  });
  document.addEventListener("auspex:encounter", sync); // the fight's state changed
  $("tk-at")?.addEventListener("change", sync);
  $("tk-volley")?.addEventListener("change", sync); // the volley ticked or not: its own list
  sync();

  // ---------------------------------------------------------------- the sweep
  const sweepGo = $("odds-sweep-go");
  const sweepBody = $("odds-sweep-body");
  const sweepStatus = $("odds-sweep-status");
  const sweepBox = $("odds-sweep");
  sweepGo.addEventListener("click", async () => {
    sweepGo.disabled = true;
    sweepBox.dataset.state = "busy";
    sweepStatus.textContent = "Working out the sweep (several seconds)\u2026";
    try {
      const request = await scenario();
      const answer = JSON.parse(await call("sweep", request));
      sweepBox.lastRequest = request; // the scenario swept (read by the browser tests)
      if (answer.status === "ok") {
        sweepBody.innerHTML = answer.html; // built by render_exchange.py, every text escaped
        sweepBox.classList.remove("stale");
        sweepStatus.textContent = `Swept: ${answer.sweep.action} (${answer.sweep.attacker}).`;
      } else if (answer.status === "invalid") {
        sweepStatus.textContent = `Check the forms: ${answer.errors.map((x) => x.message).join(" ")}`;
      } else {
        sweepStatus.textContent = answer.message || "Stopped.";
      }
      sweepBox.dataset.state = answer.status;
    } catch (error) {
      console.error("auspex: the sweep failed", error);
      sweepStatus.textContent = "The page could not reach the odds engine. Reload to try again.";
      sweepBox.dataset.state = "error";
    } finally {
      sweepGo.disabled = false;
    }
  });
  $("scenario").addEventListener("input", () => {
    if (!sweepBody.childElementCount || sweepBox.classList.contains("stale")) return;
    sweepBox.classList.add("stale");
    sweepStatus.textContent = "The forms have changed: this sweep is of the attack before. Sweep again to follow them.";
  });
}
