// Dice typed as rolled: one reading of typed dice, shared by the Resolve dice
// boxes (app.js) and the encounter's Dice box (tracker.js). The page only splits and reads the
// faces; the rules engine checks each die against the die it asks for and names it.

// The dice in one box, each as typed: "5 5 6", "5,5,6", "5, 5, 6" (spaces, commas or semicolons);
// digits with no separator ("556") are one die per digit when the box's dice have fewer than 10
// sides (`sides`; unknown: never split, as a d10 shows 10 and a d100 shows 23).
export function diceTokens(text, sides) {
  const trimmed = String(text ?? "").trim();
  if (!trimmed) return [];
  if (/^\d+$/.test(trimmed) && Number(sides) < 10) return [...trimmed];
  return trimmed.split(/[\s,;]+/).filter(Boolean);
}

// One die as the engine takes it: a whole number, where "00" is the d100's 100 (percentile dice
// show 00 for it; "100" reads the same). Anything else goes as typed ("x", "4.5"), so the engine
// says which die it is and why it cannot be.
export function dieValue(token) {
  const text = token.replace(/\u2212/g, "-");
  if (text === "00") return 100;
  return /^[+-]?\d+$/.test(text) ? Number(text) : token;
}

// The dice typed in one box, as the engine takes them.
export function readDice(text, sides) {
  return diceTokens(text, sides).map(dieValue);
}

// Dice typed beyond what the attack used, in a player's words: "2 dice not used: 4 6".
export function unusedWords(tokens) {
  return `${tokens.length === 1 ? "1 die" : `${tokens.length} dice`} not used: ${tokens.join(" ")}`;
}

// The engine checks that each die is a whole number before it resolves anything, so a die like "x"
// is refused without its purpose ("A die is a whole number..." at dice.K). To name it, the engine
// is asked again with the dice before it: it answers which die it needs next, die K. `ask` sends a
// scenario and answers the envelope. A die the engine already named ("Die 4 is the ...") is left.
export async function nameRefusedDice(envelope, scenario, ask) {
  if (envelope?.status !== "invalid" || !Array.isArray(scenario?.dice)) return envelope;
  const errors = [];
  for (const error of envelope.errors) {
    const k = /^dice\.(\d+)$/.exec(error.field)?.[1];
    if (k === undefined || /^Die \d+ is /.test(error.message)) {
      errors.push(error);
      continue;
    }
    const n = Number(k);
    const before = scenario.dice.slice(0, n);
    const answer = before.every(Number.isInteger) ? await ask({ ...scenario, dice: before }) : null;
    const need = answer?.status === "needs" && answer.needs.index === n ? answer.needs : null;
    const what = need ? ` is the ${need.purpose}` : answer?.status === "ok" ? " is one the attack does not need" : "";
    const message = error.message.charAt(0).toLowerCase() + error.message.slice(1);
    errors.push({ ...error, message: `Die ${n + 1}${what}: ${message}` });
  }
  return { ...envelope, errors };
}
