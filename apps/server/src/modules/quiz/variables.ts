import { evaluateFormula, fillPlaceholders, variableValue } from "@academy/contract/formula";
import type { NumericKey, StoredNumeric } from "../../db/schema/quiz.ts";
import { createRandom, hashString } from "./random.ts";

/**
 * Numeric questions whose numbers vary per attempt: the values are drawn once, seeded by the quiz
 * and the question, and stored with the quiz item; every read fills the stem with them and grades
 * against the answer the formula computes from them.
 */

export type Params = Record<string, number>;

/** The numbers this quiz shows for a question (null when its numbers are fixed). */
export function drawParams(numeric: StoredNumeric | null, seed: number, questionId: number): Params | null {
  if (!numeric?.formula || !numeric.variables) return null;
  const random = createRandom(hashString(`numbers:${questionId}`, seed >>> 0));
  const out: Params = {};
  for (const [name, v] of Object.entries(numeric.variables).sort(([a], [b]) => a.localeCompare(b))) out[name] = variableValue(v, random());
  return out;
}

/** A question as one attempt shows and grades it: stem and explanation filled, the answer computed. */
export function resolveQuestion<
  Q extends { id: number; stem: string; explanation: string; numeric: StoredNumeric | null; options: readonly unknown[] },
>(q: Q, params: Params | null | undefined, seed: number): Omit<Q, "numeric"> & { numeric: NumericKey | null } {
  const n = q.numeric;
  if (!n) return { ...q, numeric: null };
  const { tolerance, unit } = n;
  if (!n.formula) return { ...q, numeric: { answer: n.answer ?? 0, tolerance, unit } };
  // A quiz item stored before its question gained variables draws them now, the same way.
  const values = params ?? drawParams(n, seed, q.id) ?? {};
  const answer = evaluateFormula(n.formula, values);
  const filled = { ...values, answer };
  return {
    ...q,
    stem: fillPlaceholders(q.stem, filled),
    explanation: fillPlaceholders(q.explanation, filled),
    numeric: { answer, tolerance, unit },
  };
}
