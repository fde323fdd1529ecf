import { CUT_DECIMAL, numbersIn } from "../../lib/numbers.ts";
import { sentencesOf } from "../../lib/sentences.ts";
import type { Passage } from "./answerer.ts";

/**
 * Whether a model's answer may be shown: it cites only passages it was given, cites at least one,
 * and every number it states (with its unit) stands in a passage it cites for that sentence, or in
 * the question. A model that invents a dose, or moves one from another drug's passage, fails.
 * Answers why not, in words fit for the log (the numbers, never the question).
 */
export function checkModelAnswer(text: string, passages: Passage[], question: string): { ok: true } | { ok: false; reason: string } {
  const given = new Map(passages.map((p) => [p.n, p]));
  const cited = [...text.matchAll(/\[(\d{1,2})\]/g)].map((m) => Number(m[1]));
  if (!cited.length) return { ok: false, reason: "the answer cites no passage" };
  const unknown = cited.filter((n) => !given.has(n));
  if (unknown.length) return { ok: false, reason: `the answer cites passages it was not given: ${[...new Set(unknown)].join(", ")}` };
  if (CUT_DECIMAL.test(text)) return { ok: false, reason: "the answer cuts a decimal in two" };

  const asked = numbersIn(question);
  const sentences = sentencesOf(text.replace(/\n+/g, " "));
  for (const [i, sentence] of sentences.entries()) {
    // A sentence's numbers rest on the passages it cites, or (citing none) on the next cited ones.
    let marks = [...sentence.matchAll(/\[(\d{1,2})\]/g)].map((m) => Number(m[1]));
    for (let j = i + 1; !marks.length && j < sentences.length; j++)
      marks = [...sentences[j]!.matchAll(/\[(\d{1,2})\]/g)].map((m) => Number(m[1]));
    const source = marks.map((n) => given.get(n)!.text).join("\n");
    const stated = numbersIn(source);
    for (const n of numbersIn(sentence.replace(/\[\d{1,2}\]/g, ""))) {
      const inQuestion = asked.some((a) => a.value === n.value);
      // A range states its unit once ("2 to 3 inches"): a bare value counts with a unit the passage uses.
      const inSource = stated.some(
        (s) => s.value === n.value && (n.unit === null || s.unit === n.unit || (s.unit === null && stated.some((x) => x.unit === n.unit))),
      );
      if (!inSource && !inQuestion)
        return { ok: false, reason: `"${n.text}" is not in the passages the sentence cites (${marks.map((m) => `[${m}]`).join(" ")})` };
    }
  }
  return { ok: true };
}
