import type { AnswerResponse, PlayerQuestion } from "@academy/contract/quiz";
import { buttonClass } from "../../../components/ui/styles";

type Props = {
  questions: PlayerQuestion[];
  position: number;
  responses: Record<string, AnswerResponse | null>;
  flags: Record<string, boolean>;
  onGo: (position: number) => void;
  /** Absent: the quiz cannot be finished yet (an adaptive exam before its minimum), so no "Submit now". */
  onSubmit?: (() => void) | undefined;
};

/** A button per question (answered, flagged, current) and "Submit now". */
export function QuestionNav({ questions, position, responses, flags, onGo, onSubmit }: Props) {
  return (
    <nav aria-label="Questions" className="mt-6">
      <ol className="grid grid-cols-8 gap-1.5 sm:grid-cols-10">
        {questions.map((q, i) => {
          const answered = !!responses[q.questionId];
          return (
            <li key={q.questionId}>
              <button
                type="button"
                onClick={() => onGo(i)}
                aria-current={i === position ? "step" : undefined}
                aria-label={`Question ${i + 1}${answered ? ", answered" : ""}${flags[q.questionId] ? ", flagged" : ""}`}
                className={`relative h-9 w-full rounded-md border text-sm font-medium ${i === position ? "border-red-700 ring-2 ring-red-700" : "border-slate-300"} ${answered ? "bg-slate-800 text-white" : "bg-white text-slate-800"}`}
              >
                {i + 1}
                {flags[q.questionId] ? (
                  <span aria-hidden="true" className="absolute -top-1 -right-1 size-2.5 rounded-full bg-amber-500" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="mt-2 text-xs text-slate-500">
        Keyboard: Tab to an answer, arrows or Space to choose; outside the answers ← → move between questions and f flags.
      </p>
      {onSubmit ? (
        <div className="mt-4 flex justify-end">
          <button type="button" className={buttonClass.secondary} onClick={onSubmit}>
            Submit now
          </button>
        </div>
      ) : null}
    </nav>
  );
}
