// Auspex on a phone (tabs): below 760px the Result step shows the result, the odds
// and the encounter as tabs (the ARIA tabs pattern: arrows, Home and End move along them; only the
// chosen one is in the Tab order), the result's by default. A new result selects the Result tab; an
// encounter's action selects nothing new; the Odds button of the bar opens the odds on the Odds tab.
// Wider, no tabs: every panel shows as before. The tab chosen is kept in the view (view.js, `tab`).
// app.css hides the panels not chosen by <html data-tab> (on the Result step, below 760px only).
import { keepView, keptView } from "./view.js";

const NARROW = matchMedia("(max-width: 759px)");
const root = document.documentElement;
const list = document.getElementById("phone-tabs");
const tabs = [...list.querySelectorAll('[role="tab"]')];
const panels = tabs.map((tab) => document.getElementById(tab.getAttribute("aria-controls")));
export const TABS = tabs.map((tab) => tab.dataset.tab);

/** Shows the tab `name` ("result", "odds" or "encounter"); `focus`: the tab takes the focus. */
export function selectTab(name, { focus = false } = {}) {
  if (!TABS.includes(name)) return;
  root.dataset.tab = name;
  for (const tab of tabs) {
    const chosen = tab.dataset.tab === name;
    tab.setAttribute("aria-selected", String(chosen));
    tab.tabIndex = chosen ? 0 : -1;
    if (chosen && focus) tab.focus();
  }
  if (keptView("tab") !== name) keepView({ tab: name });
  // the odds' tab: the odds computed, as the bar's Odds button would (once the engine is ready)
  const odds = document.getElementById("odds-toggle");
  if (name === "odds" && NARROW.matches && odds.getAttribute("aria-expanded") !== "true" && !odds.disabled) odds.click();
}

// The panels are tab panels only while there are tabs (a wide screen's are plain sections).
function roles() {
  for (const panel of panels) {
    if (NARROW.matches) panel.setAttribute("role", "tabpanel");
    else panel.removeAttribute("role");
  }
}

list.addEventListener("click", (event) => {
  const tab = event.target.closest('[role="tab"]');
  if (tab) selectTab(tab.dataset.tab);
});
list.addEventListener("keydown", (event) => {
  const i = tabs.indexOf(document.activeElement);
  if (i < 0) return;
  const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  selectTab(TABS[(to + tabs.length) % tabs.length], { focus: true });
});
document.addEventListener("auspex:resolved", () => selectTab("result"));
// The bar's Odds button, tapped on a phone to open the odds: the Result step, on its Odds tab.
// (After app.js's own listener has opened or closed the panel; a click of the page's own is not the player's.)
const oddsButton = document.getElementById("odds-toggle");
oddsButton.addEventListener("click", (event) => {
  if (!event.isTrusted || !NARROW.matches) return;
  setTimeout(() => {
    if (oddsButton.getAttribute("aria-expanded") !== "true") return;
    document.querySelector('.stepbar [data-go="result"]')?.click();
    selectTab("odds");
    // the page was scrolled for the step it came from (a long Action form): the odds open at their top
    const panel = document.getElementById("odds");
    const top = panel.getBoundingClientRect().top;
    if (top < 0 || top > innerHeight * 0.6) panel.scrollIntoView({ block: "start" });
  });
});
NARROW.addEventListener("change", roles);
roles();
const kept = keptView("tab") ?? "result";
selectTab(kept);
// the kept result resolved again at start selected the Result tab: the kept tab comes back after it
document.addEventListener("auspex:view-restored", () => selectTab(kept), { once: true });
