// Drives Debian's firefox-esr for tools/testing/engines.py (the smoke tests and the benchmark), over WebDriver BiDi with puppeteer-core
// (pinned in tools/testing/puppeteer/, installed into .cache/puppeteer/ by tools/testing/fetch_puppeteer.py).
// Reads one JSON command per line on stdin and answers each with one JSON line on stdout:
//   {"op": "goto", "url": "..."}                  -> {"ok": null}  (after the load event)
//   {"op": "run", "fn": "async () => ...", "args": [...]}  -> {"ok": <the function's JSON result>}
//   {"op": "close"}                               -> {"ok": null}, and the process ends
// A failure answers {"error": "..."} and the next command is read.
import { createRequire } from "node:module";
import readline from "node:readline";

const require = createRequire(`${process.env.AUSPEX_NODE_MODULES}/`);
const puppeteer = require("puppeteer-core");

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.AUSPEX_FIREFOX || "/usr/bin/firefox-esr",
  headless: true,
  protocol: "webDriverBiDi",
  protocolTimeout: 300_000,
});
const page = await browser.newPage();
const errors = [];
page.on("pageerror", (error) => errors.push(String(error)));
process.stdout.write(JSON.stringify({ ok: { version: await browser.version() } }) + "\n");

for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const command = JSON.parse(line);
  let answer;
  try {
    if (command.op === "goto") {
      await page.goto(command.url, { waitUntil: "load", timeout: 120_000 });
      answer = { ok: null };
    } else if (command.op === "run") {
      answer = { ok: await page.evaluate(`(${command.fn})(...${JSON.stringify(command.args ?? [])})`) };
    } else if (command.op === "errors") {
      answer = { ok: errors.splice(0) };
    } else if (command.op === "close") {
      await browser.close();
      process.stdout.write(JSON.stringify({ ok: null }) + "\n");
      process.exit(0);
    } else {
      answer = { error: `unknown op ${command.op}` };
    }
  } catch (error) {
    answer = { error: String(error?.stack ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
await browser.close();
