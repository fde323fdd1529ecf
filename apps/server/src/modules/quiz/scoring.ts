import { isRightByKey } from "@academy/contract/offline-rules";
import type { AnswerResponse, NumericKey, StoredOption } from "../../db/schema/quiz.ts";

export type ScorableQuestion = {
  type: "single" | "multiple" | "true_false" | "ordering" | "numeric";
  options: readonly StoredOption[];
  numeric: NumericKey | null;
};

/** Why a response does not fit its question (400), or null when it does. */
export function checkResponseShape(q: ScorableQuestion, r: AnswerResponse): string | null {
  const ids = new Set(q.options.map((o) => o.id));
  switch (q.type) {
    case "single":
    case "true_false":
      if (!("choice" in r)) return "This question takes one choice";
      return ids.has(r.choice) ? null : "That option is not part of this question";
    case "multiple":
      if (!("choices" in r)) return "This question takes a list of choices";
      if (new Set(r.choices).size !== r.choices.length) return "A choice is repeated";
      return r.choices.every((c) => ids.has(c)) ? null : "That option is not part of this question";
    case "ordering":
      if (!("order" in r)) return "This question takes an order of all its items";
      if (r.order.length !== ids.size || new Set(r.order).size !== ids.size || !r.order.every((c) => ids.has(c)))
        return "Put every item of the list in order, each once";
      return null;
    case "numeric":
      if (!("value" in r)) return "This question takes a number";
      return Number.isFinite(r.value) ? null : "Enter a number";
  }
}

/**
 * Scores a response that passed checkResponseShape, by the same rule a device applies to a practice
 * pack's key offline (`isRightByKey`): multiple response all or nothing, an ordering in full, a
 * number within its tolerance.
 */
export function scoreResponse(q: ScorableQuestion, r: AnswerResponse): boolean {
  if (q.type === "numeric" && !q.numeric) return false;
  if ((q.type === "single" || q.type === "true_false") && !q.options.some((o) => o.correct)) return false;
  return isRightByKey({ correct: correctResponse(q), numeric: q.numeric ?? undefined }, r);
}

/** The right answer in the shape of a response, for the review after submit. */
export function correctResponse(q: ScorableQuestion): AnswerResponse {
  switch (q.type) {
    case "single":
    case "true_false":
      return { choice: q.options.find((o) => o.correct)!.id };
    case "multiple":
      return { choices: q.options.filter((o) => o.correct).map((o) => o.id) };
    case "ordering":
      return { order: q.options.map((o) => o.id) };
    case "numeric":
      return { value: q.numeric!.answer };
  }
}
