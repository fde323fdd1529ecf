/**
 * The numbers a text states, with the unit after each: what the study assistant's answers are
 * checked against the library with ("0.5 mg" must be in the passage it cites, not "5 mg").
 */
export type StatedNumber = { value: number; unit: string | null; text: string };

const UNITS = [
  "mg/dl",
  "mmol/l",
  "mmol",
  "mcg",
  "µg",
  "micrograms?",
  "milligrams?",
  "mg",
  "kg",
  "g",
  "ml",
  "millilitres?",
  "l/min",
  "litres?",
  "liters?",
  "l",
  "cm",
  "mm",
  "km",
  "metres?",
  "meters?",
  "m",
  "inch(?:es)?",
  "in",
  "ft",
  "feet",
  "psi",
  "bar",
  "kpa",
  "mmhg",
  "°\\s*c",
  "°\\s*f",
  "%",
  "per ?cent",
  "minutes?",
  "mins?",
  "seconds?",
  "secs?",
  "s",
  "hours?",
  "h",
  "breaths?",
  "beats?",
  "bpm",
  "n",
  "kn",
  "degrees?",
  "drops?",
  "times",
  "x",
];
const NUMBER = new RegExp(`(?<![\\d.,])(\\d{1,3}(?:,\\d{3})+|\\d+(?:\\.\\d+)?)(?:\\s*(${UNITS.join("|")})(?![a-z]))?`, "gi");

/** One spelling per unit: "minutes" and "min" are one unit, as are "litre" and "L". */
function unitOf(raw: string): string {
  const u = raw.toLowerCase().replace(/\s+/g, "");
  if (/^(minutes?|mins?)$/.test(u)) return "min";
  if (/^(seconds?|secs?|s)$/.test(u)) return "s";
  if (/^(hours?|h)$/.test(u)) return "h";
  if (/^(litres?|liters?|l)$/.test(u)) return "l";
  if (/^(millilitres?|ml)$/.test(u)) return "ml";
  if (/^(milligrams?|mg)$/.test(u)) return "mg";
  if (/^(micrograms?|mcg|µg)$/.test(u)) return "mcg";
  if (/^(metres?|meters?|m)$/.test(u)) return "m";
  if (/^(inch(es)?|in)$/.test(u)) return "in";
  if (/^(feet|ft)$/.test(u)) return "ft";
  if (/^(per ?cent|%)$/.test(u)) return "%";
  if (/^(breaths?)$/.test(u)) return "breath";
  if (/^(beats?|bpm)$/.test(u)) return "beat";
  if (/^(degrees?)$/.test(u)) return "°";
  if (/^(drops?)$/.test(u)) return "drop";
  return u;
}

export function numbersIn(text: string): StatedNumber[] {
  const out: StatedNumber[] = [];
  for (const m of text.matchAll(NUMBER)) {
    out.push({ value: Number(m[1]!.replace(/,/g, "")), unit: m[2] ? unitOf(m[2]) : null, text: m[0] });
  }
  return out;
}

/** A decimal cut in two ("0. 5", "0. [1] 15 mg"): the sign of a text split at a decimal point. */
export const CUT_DECIMAL = /\d\.(?:\s*\[\d+\])?\s+\d/;
