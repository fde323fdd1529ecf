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

/** Scores a response that passed checkResponseShape. Multiple response is all or nothing. */
export function scoreResponse(q: ScorableQuestion, r: AnswerResponse): boolean {
  switch (q.type) {
    case "single":
    case "true_false":
      return "choice" in r && q.options.find((o) => o.id === r.choice)?.correct === true;
    case "multiple": {
      if (!("choices" in r)) return false;
      const keys = q.options.filter((o) => o.correct).map((o) => o.id);
      return r.choices.length === keys.length && keys.every((k) => r.choices.includes(k));
    }
    case "ordering":
      return "order" in r && r.order.length === q.options.length && r.order.every((id, i) => q.options[i]!.id === id);
    case "numeric": {
      if (!("value" in r) || !q.numeric) return false;
      // A hair of slack so 0.1 + 0.2 style rounding never marks a right answer wrong.
      return Math.abs(r.value - q.numeric.answer) <= q.numeric.tolerance + 1e-9;
    }
  }
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
