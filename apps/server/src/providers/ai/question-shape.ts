/**
 * What kind of answer a question asks for, from its wording: a number of some kind (a dose, a
 * depth, a time, a percentage, a ratio…), a list (what a mnemonic stands for, the stages, the
 * signs) or words. The built-in answerer prefers the sentences that carry that kind of answer.
 */
export type NumberKind =
  | "dose"
  | "length"
  | "time"
  | "percent"
  | "temperature"
  | "pressure"
  | "ratio"
  | "rate"
  | "glucose"
  | "volume"
  | "year"
  | "any";

export type QuestionShape = { number: NumberKind[] | null; list: boolean };

const CUES: [RegExp, NumberKind][] = [
  [/\b(dose|doses|dosage|how much .*\b(give|take|administer)|how many (mg|milligrams|micrograms))\b/, "dose"],
  [/\b(how (deep|far|wide|high|tall|big|long is)|depth|distance|diameter|width|height|above the|below the|from the)\b/, "length"],
  [/\b(how (often|long|soon|quickly)|how many (minutes|seconds|hours|days)|interval|within|every how|time (target|limit))\b/, "time"],
  [/\b(percent|percentage|per cent|fraction)\b|%/, "percent"],
  [/\b(temperature|how hot|how cold|degrees)\b/, "temperature"],
  [/\b(pressure|psi|bar|kpa|mmhg)\b/, "pressure"],
  [/\bratio\b/, "ratio"],
  [/\b(rate|per minute|how fast)\b/, "rate"],
  [/\b(blood (sugar|glucose)|glucose level|sugar level|mmol)\b/, "glucose"],
  [/\b(how much (air|water|fluid|oxygen)|volume|litres?|liters?)\b/, "volume"],
  [/\b(what|which|in what) year\b/, "year"],
  [/\b(how many|number|what is \d|how much)\b/, "any"],
];

const LIST =
  /\b(stand for|stands for|stages|steps|signs|symptoms|what are the|types of|kinds of|colou?rs|order of|components|criteria|list|mnemonic)\b/;

export function shapeOf(question: string): QuestionShape {
  const q = question.toLowerCase();
  const kinds = CUES.filter(([cue]) => cue.test(q)).map(([, kind]) => kind);
  return { number: kinds.length ? [...new Set(kinds)] : null, list: LIST.test(q) };
}

const UNIT: Record<Exclude<NumberKind, "any">, RegExp> = {
  dose: /\d\s*(mg|g|mcg|µg|micrograms?|milligrams?|grams?|ml|units?)\b/i,
  length: /\d\s*(cm|mm|m|metres?|meters?|in|inch(es)?|ft|feet|km|times the)\b/i,
  time: /\d\s*(s|sec|seconds?|min|minutes?|hours?|h|days?|weeks?)\b/i,
  percent: /\d\s*(%|per ?cent)/i,
  temperature: /\d\s*°\s*[cf]\b|\d\s*degrees/i,
  pressure: /\d\s*(psi|bar|kpa|mmhg)\b/i,
  ratio: /\d+\s*:\s*\d+|\d+\s+(compressions?|breaths?|thrusts?|blows?)\s+(to|and)\s+\d+/i,
  rate: /\d\s*(\/\s*min|per minute|a minute|drops?|breaths?|beats?)\b/i,
  glucose: /\d\s*(mmol|mg\s*\/\s*dl)/i,
  volume: /\d\s*(l|litres?|liters?|ml|millilitres?)\b/i,
  year: /\b(1[5-9]\d\d|20\d\d)\b/,
};

/** Whether a sentence carries a number of a kind the question asks for. */
export function carriesNumber(sentence: string, kinds: NumberKind[]): boolean {
  return kinds.some((k) => (k === "any" ? /\d/.test(sentence) : UNIT[k].test(sentence)));
}

/** A part of a question that asks for one thing: "how does AML work" and "how accurate is it". */
export type Clause = {
  text: string;
  shape: QuestionShape;
  /** It asks what something is or means: a sentence defining it answers. */
  defines: boolean;
  /** Words of a sentence that answer its question word ("when" → "when", "if", "whenever"), or null. */
  asks: RegExp | null;
};

const ASKS: [RegExp, RegExp][] = [
  [/^when\b|\bwhen (should|do|does|must|can|is|are)\b/, /\b(when|whenever|if|once|after|before|until|as soon as)\b/i],
  [/^why\b|\bwhy (should|do|does|must|is|are)\b/, /\b(because|so that|since|to avoid|in order to|otherwise)\b/i],
  [/^(what should|what do|how do|how should)\b/, /\b(must|should|do not|never|always|tell|call|stop|use)\b/i],
];

const WH = "how|what|when|where|which|why|who|whom|whose|is|are|does|do|can|should|must|will";

/**
 * The parts of a question: "the difference between A and B" asks for A and for B; "X and how Y"
 * for X and for Y; otherwise the whole question is one part.
 */
export function clausesOf(question: string): Clause[] {
  const q = question.toLowerCase().replace(/\s+/g, " ").trim();
  const between = /\bdifference(?:s)? between (.+?) and (.+?)(?:\?|$| on | in | for | when )/.exec(q);
  if (between) return [between[1]!, between[2]!].map((text) => ({ text, shape: { number: null, list: false }, defines: true, asks: null }));
  const parts = q
    .split(new RegExp(`\\?|;|(?:, (?:and )?| and )(?=(?:${WH})\\b)| (?:vs\\.?|versus|compared (?:with|to)) `))
    .map((p) => p.trim())
    .filter((p) => /[a-z0-9]/.test(p));
  const clauses = parts.length ? parts : [q];
  return clauses.map((text) => ({
    text,
    shape: shapeOf(text),
    defines: /\b(what (is|are|does)|stand for|stands for|mean|means|define)\b/.test(text),
    asks: ASKS.find(([question]) => question.test(text))?.[1] ?? null,
  }));
}

/**
 * The words right after "what"/"which" (past "is the", "type of"): what kind of thing the
 * answer names. "What extinguisher do you use…" asks for an extinguisher.
 */
export function focusOf(question: string): string[] {
  const m =
    /\b(?:what|which)\s+(?:(?:is|are|was|were)\s+)?(?:(?:the|a|an)\s+)?(?:(?:type|kind|sort)s?\s+of\s+)?([a-z0-9-]+)(?:\s+([a-z0-9-]+))?/.exec(
      question.toLowerCase(),
    );
  return m ? [m[1]!, ...(m[2] ? [m[2]] : [])].filter((w) => !new RegExp(`^(${WH}|you|i|we|they|it|the|a|an)$`).test(w)) : [];
}
