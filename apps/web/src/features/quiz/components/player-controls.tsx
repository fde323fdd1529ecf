import type { ReactNode } from "react";
import { buttonClass } from "../../../components/ui/styles";
import type { useQuizPlayer } from "../hooks/use-quiz-player";
import { QuestionNav } from "./question-nav";

/**
 * Under the question, in the online and the offline player alike: previous, flag, next (or, at the
 * last question, `finish`), then the list of questions. `onSubmit` offers the finish from the list.
 */
export function PlayerControls({
  questions,
  player,
  finish,
  onSubmit,
}: {
  questions: Parameters<typeof QuestionNav>[0]["questions"];
  player: ReturnType<typeof useQuizPlayer>;
  finish: ReactNode;
  onSubmit?: () => void;
}) {
  const { position, question, flags, go } = player;
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <button type="button" className={buttonClass.secondary} onClick={() => go(position - 1)} disabled={position === 0}>
          ← Previous
        </button>
        <button type="button" className={buttonClass.ghost} onClick={player.toggleFlag} aria-pressed={!!flags[question.questionId]}>
          {flags[question.questionId] ? "⚑ Flagged for review" : "⚐ Flag for review"}
        </button>
        {position === questions.length - 1 ? (
          finish
        ) : (
          <button type="button" className={buttonClass.primary} onClick={() => go(position + 1)}>
            Next →
          </button>
        )}
      </div>
      <QuestionNav questions={questions} position={position} responses={player.responses} flags={flags} onGo={go} onSubmit={onSubmit} />
    </>
  );
}
