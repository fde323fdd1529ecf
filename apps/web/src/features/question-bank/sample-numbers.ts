import { evaluateFormula, fillPlaceholders, variableValue } from "@academy/contract/formula";

type NumericLike = {
  answer?: number | undefined;
  formula?: string | undefined;
  variables?: Record<string, { min: number; max: number; step: number }> | undefined;
};

/**
 * One set of numbers for the staff preview of a question whose numbers vary, drawn as a quiz draws
 * them (a whole number of steps within each range; `draw` picks which set), with the stem and
 * explanation filled in and the answer the formula gives: the preview shows what a candidate sees,
 * never "{volume} mL over {minutes} minutes". A formula that does not compute yet leaves the answer null.
 */
export function sampleNumbers(
  numeric: NumericLike,
  texts: { stem: string; explanation: string },
  draw = 0,
): { stem: string; explanation: string; values: Record<string, number>; answer: number | null } {
  if (!numeric.formula || !numeric.variables) return { ...texts, values: {}, answer: numeric.answer ?? null };
  const names = Object.keys(numeric.variables).sort();
  // Spread the draws over each range; the golden ratio keeps successive draws apart.
  const values = Object.fromEntries(
    names.map((name, i) => [name, variableValue(numeric.variables![name]!, (0.5 + (draw + i) * 0.618034) % 1)]),
  );
  let answer: number | null = null;
  try {
    answer = evaluateFormula(numeric.formula, values);
  } catch {
    answer = null;
  }
  const filled = answer === null ? values : { ...values, answer };
  return { stem: fillPlaceholders(texts.stem, filled), explanation: fillPlaceholders(texts.explanation, filled), values, answer };
}
