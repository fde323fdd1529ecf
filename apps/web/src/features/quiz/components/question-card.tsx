import type { QuizModel } from "@academy/contract/quiz";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "../../../components/ui/styles";
import type { useQuizPlayer } from "../hooks/use-quiz-player";
import { AnswerInput, instruction } from "./answer-input";
import { ReviewPanel } from "./review-panel";

/** The current question: its stem and picture, the answer field, "not sure", the check button and the feedback. */
export function QuestionCard({ quiz, player }: { quiz: QuizModel; player: ReturnType<typeof useQuizPlayer> }) {
  const { question, isExam, isAdaptive, isLocked, drafts, feedback, responses, unsure } = player;
  const review = feedback[question.questionId];
  const verdict = useVerdictAnnouncement(question.questionId, !isExam && review ? review.isCorrect : undefined);
  const feedbackRef = useRef<HTMLElement>(null);
  // The check button goes away once the answer is checked, and the focus with it: the feedback takes it,
  // so a keyboard goes on from the explanation to the next question instead of from the top of the page.
  useEffect(() => {
    if (verdict && (document.activeElement === document.body || document.activeElement === null)) feedbackRef.current?.focus();
  }, [verdict]);
  return (
    <section aria-labelledby="stem" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-red-800">
        {question.themeName} · level {question.difficulty}
      </p>
      <h2 id="stem" ref={player.stemRef} tabIndex={-1} className="mt-1 text-lg font-semibold text-slate-900 focus:outline-none">
        {question.stem}
      </h2>
      {question.image ? (
        <img
          src={question.image.url}
          alt={question.image.alt}
          className="mt-3 max-h-72 w-auto max-w-full rounded border border-slate-200 bg-white"
        />
      ) : null}
      <p className="mt-1 text-sm text-slate-500">{instruction(question)}</p>
      <div className="mt-4">
        <AnswerInput
          key={question.questionId}
          question={question}
          value={player.current}
          disabled={isLocked}
          live={!isExam || isAdaptive}
          onChange={player.respond}
        />
      </div>
      {!isLocked ? (
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-red-700"
            checked={!!unsure[question.questionId]}
            onChange={(e) => player.markUnsure(e.target.checked)}
          />
          Not sure: bring this question back for review even if I get it right
        </label>
      ) : null}
      {(!isExam || isAdaptive) && !isLocked ? (
        <button
          type="button"
          className={`${buttonClass.primary} mt-4`}
          disabled={!drafts[question.questionId] || player.saving === "saving"}
          onClick={player.check}
        >
          {isAdaptive ? "Confirm answer" : "Check answer"}
        </button>
      ) : null}
      {isAdaptive && quiz.complete ? (
        <p className="mt-4 text-sm font-medium text-slate-800" role="status">
          Your exam is complete: your result is precise enough. See your result: likely pass or not, how sure, and what to study next.
        </p>
      ) : null}
      {/* Always in the page, so a screen reader hears the verdict the moment an answer is checked. */}
      <p className="sr-only" role="status">
        {verdict}
      </p>
      {!isExam && review ? (
        <section
          ref={feedbackRef}
          tabIndex={-1}
          aria-label="Feedback"
          className="rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
        >
          <ReviewPanel question={question} review={review} response={responses[question.questionId] ?? null} />
        </section>
      ) : null}
    </section>
  );
}

/**
 * "Right" or "Not quite" for the live region, only when an answer of the question on screen has just
 * been checked: moving back to a question checked earlier says nothing again.
 */
function useVerdictAnnouncement(questionId: string, isCorrect: boolean | undefined): string {
  const [verdict, setVerdict] = useState("");
  const seen = useRef<{ questionId: string; checked: boolean }>({ questionId, checked: isCorrect !== undefined });
  useEffect(() => {
    const checked = isCorrect !== undefined;
    if (seen.current.questionId !== questionId) setVerdict("");
    else if (checked && !seen.current.checked) setVerdict(isCorrect ? "Right" : "Not quite");
    seen.current = { questionId, checked };
  }, [questionId, isCorrect]);
  return verdict;
}
