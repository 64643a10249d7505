// Auspex on a phone: the forms in steps (Attacker, Target, Action, Result), one step's panels at a
// time below 760px (app.css hides the others by <html data-at>; wider, every panel shows and the
// step only follows along); and a short spoken line for each answer of the engine.
import { afterFrame } from "./paint.js";

const NARROW = matchMedia("(max-width: 759px)");
const STEPS = ["attacker", "target", "action", "result"];
const root = document.documentElement;
const bar = document.querySelector(".stepbar");
const back = document.getElementById("step-back");
const next = document.getElementById("step-next");
const result = document.getElementById("result");
const announcer = document.getElementById("announcer");

const shown = (el) => el.getClientRects().length > 0;

function go(step, { focus = false } = {}) {
  // the same step again (every result, on a wide screen too): no change to the page to lay out anew
  if (root.dataset.at === step && !focus) return;
  root.dataset.at = step;
  for (const b of bar.querySelectorAll("button")) {
    if (b.dataset.go === step) b.setAttribute("aria-current", "step");
    else b.removeAttribute("aria-current");
  }
  const i = STEPS.indexOf(step);
  back.hidden = i === 0;
  next.hidden = i === STEPS.length - 1;
  const name = (s) => bar.querySelector(`[data-go="${s}"]`)?.textContent;
  back.textContent = `Back: ${name(STEPS[i - 1])}`;
  next.textContent = `Next: ${name(STEPS[i + 1])}`;
  // Back and Next: the step's first panel on screen takes the focus (read out as its group; Tab
  // goes on into its fields), and the page shows the bar, then that panel from its top.
  const panel = focus && NARROW.matches && [...document.querySelectorAll(`[data-step="${step}"]`)].find(shown);
  if (!panel) return;
  panel.tabIndex = -1;
  panel.focus({ preventScroll: true });
  bar.scrollIntoView({ block: "start" });
}

bar.addEventListener("click", (event) => {
  const b = event.target.closest("button[data-go]");
  if (b) go(b.dataset.go);
});
back.addEventListener("click", () => go(STEPS[Math.max(STEPS.indexOf(root.dataset.at) - 1, 0)], { focus: true }));
next.addEventListener("click", () => go(STEPS[Math.min(STEPS.indexOf(root.dataset.at) + 1, STEPS.length - 1)], { focus: true }));

// The engine answered (app.js's show()): the result is the Result step; a die to type in, the
// dice' step; marked fields, the step of the first (focused there: app.js could not focus a field
// on a hidden step). The focus moves only when what had it is no longer on screen.
// The layout is read in the frame that lays the page out anyway, before it paints (read here,
// in the answer's task, it forced a layout that the answer's later changes made the frame do again).
document.addEventListener("auspex:resolved", () => {
  go("result");
  if (!NARROW.matches) return;
  requestAnimationFrame(() => {
    const had = document.activeElement;
    if (!had || had === document.body || !shown(had)) {
      result.tabIndex = -1;
      result.focus();
    }
    const top = result.getBoundingClientRect().top;
    if (top < 0 || top > innerHeight * 0.6) result.scrollIntoView({ block: "start" });
  });
});

let answers = 0; // each answer's number: only the latest one's text is said

function afterAnswer() {
  const status = root.dataset.status;
  const field =
    status === "invalid" ? document.querySelector('#scenario [aria-invalid="true"]') : status === "needs" ? document.querySelector("#dice-rows li.next input") : null;
  if (field) {
    go(field.closest("[data-step]")?.dataset.step ?? root.dataset.at);
    if (document.activeElement !== field) field.focus();
  } else if (status === "error") {
    go("result");
  }
  // what a screen reader says: the result's headline, or the page's one line (waiting for a die, check the fields)
  const lines = [...(result.querySelector(".headline") ?? result).children].map((el) => el.textContent.replace(/\s+/g, " ").trim());
  const text = lines.filter(Boolean).join(". ");
  announcer.textContent = "";
  // said once the answer is painted (a task after its frame): set in that frame's callbacks, the text
  // made the frame lay the page out a second time before it painted. Only the latest answer's.
  const said = ++answers;
  if (!text) return;
  afterFrame(() => {
    if (said === answers) announcer.textContent = text;
  });
}

new MutationObserver(afterAnswer).observe(result, { childList: true });
go("attacker");
