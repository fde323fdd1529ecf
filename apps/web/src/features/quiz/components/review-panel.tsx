import { sectionPath } from "@academy/contract/library-links";
import type { AnswerResponse, PlayerQuestion, QuestionReview } from "@academy/contract/quiz";
import { linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";

function describe(question: PlayerQuestion, review: QuestionReview, r: AnswerResponse | null): string {
  if (!r) return "Not answered";
  const text = (id: string) => review.options.find((o) => o.id === id)?.text ?? question.options.find((o) => o.id === id)?.text ?? id;
  if ("choice" in r) return text(r.choice);
  if ("choices" in r) return r.choices.length ? r.choices.map(text).join("; ") : "Nothing chosen";
  if ("order" in r) return r.order.map((id, i) => `${i + 1}. ${text(id)}`).join("  ");
  return `${r.value}${question.unit ? ` ${question.unit}` : ""}`;
}

/** The verdict, the right answer, why each option is right or wrong, and where to read more. */
export function ReviewPanel({
  question,
  review,
  response,
}: {
  question: PlayerQuestion;
  review: QuestionReview;
  response: AnswerResponse | null;
}) {
  const chosen = new Set(response && "choice" in response ? [response.choice] : response && "choices" in response ? response.choices : []);
  // Options in the order this quiz showed them.
  const options = question.options.map((o) => review.options.find((r) => r.id === o.id)!).filter(Boolean);
  return (
    <div className={`mt-4 rounded-lg border p-4 ${review.isCorrect ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50"}`}>
      <p className="font-semibold text-slate-900">{review.isCorrect ? "✓ Right" : "✗ Not quite"}</p>
      <p className="mt-1 text-sm text-slate-800">
        <span className="font-medium">Your answer:</span> {describe(question, review, response)}
      </p>
      {!review.isCorrect ? (
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-medium">Right answer:</span> {describe(question, review, review.correct)}
          {review.numeric && review.numeric.tolerance > 0
            ? ` (±${review.numeric.tolerance}${review.numeric.unit ? ` ${review.numeric.unit}` : ""} accepted)`
            : ""}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-slate-800">{review.explanation}</p>
      {options.length && question.type !== "ordering" ? (
        <ul className="mt-2 space-y-1 text-sm">
          {options.map((o) => (
            <li key={o.id} className="text-slate-700">
              <span
                className={o.correct ? "font-semibold text-emerald-800" : chosen.has(o.id) ? "font-semibold text-red-800" : "font-medium"}
              >
                {o.correct ? "✓ " : chosen.has(o.id) ? "✗ " : ""}
                {o.text}:
              </span>{" "}
              {o.explanation}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-xs text-slate-600">
        Source: {review.source}
        {review.reference ? (
          <>
            {" · Library: "}
            <Link to={sectionPath(review.reference.document, review.reference.section)} className={linkClass}>
              {review.reference.document.replace(/-/g, " ")}, section “{review.reference.section.replace(/-/g, " ")}”
            </Link>
          </>
        ) : null}
        {review.guideline ? ` · Follows ${review.guideline.edition}, checked ${review.guideline.reviewed}` : ""}
      </p>
      <p className="mt-1 text-xs">
        {/* A link standing alone is a target of its own: at least 24 px tall (WCAG 2.5.8). */}
        <Link
          to={`/user/assistant?q=${encodeURIComponent(`Why is “${describe(question, review, review.correct)}” the right answer to: ${question.stem}`.slice(0, 1000))}`}
          className={`${linkClass} inline-flex min-h-6 items-center`}
        >
          Why is this right? Ask the study assistant
        </Link>
      </p>
    </div>
  );
}
