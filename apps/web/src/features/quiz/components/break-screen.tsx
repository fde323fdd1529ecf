import type { QuizModel } from "@academy/contract/quiz";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { formatTime } from "../../../lib/format";
import { quizKeys } from "../../../lib/shared-api/quiz";
import { useQuizBreak } from "../api/quizzes";
import { Countdown } from "./countdown";

/**
 * "Take a break" in the header of a timed quiz whose accommodation has breaks left (decision 30).
 * Answers still on their way are saved first: a break never leaves one behind.
 */
export function TakeBreakButton({
  quiz,
  beforeBreak,
  onError,
}: {
  quiz: QuizModel;
  beforeBreak: () => Promise<unknown>;
  onError: (message: string) => void;
}) {
  const take = useQuizBreak(quiz.id);
  const left = quiz.breaks ? quiz.breaks.allowance_seconds - quiz.breaks.used_seconds : 0;
  if (left <= 0 || quiz.deadlineAt === null) return null;
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={take.isPending}
      onClick={async () => {
        try {
          await beforeBreak();
          await take.mutateAsync("start");
        } catch (failure) {
          onError(toFormError(failure).message);
        }
      }}
    >
      Take a break ({left >= 60 ? `${Math.floor(left / 60)} min` : `${left} s`} left)
    </button>
  );
}

/** A break that runs: the questions are away, the exam clock stands still, the break's own clock counts down. */
export function BreakScreen({ quiz }: { quiz: QuizModel }) {
  const client = useQueryClient();
  const end = useQuizBreak(quiz.id);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const until = quiz.breaks?.on_break_until;
  if (!until) return null;
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h1 ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
        On a break
      </h1>
      <p className="mt-2 text-slate-700">
        {quiz.title}: the exam clock is stopped and the questions are hidden. Your break can last until {formatTime(until)}; after that the
        clock runs again, whether you are back or not.
      </p>
      <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-600">
        Break left
        <Countdown
          deadline={until}
          serverNow={quiz.serverNow}
          label="Break left"
          onEnd={() => client.invalidateQueries({ queryKey: quizKeys.one(quiz.id) })}
        />
      </p>
      {end.isError ? (
        <div className="mt-4 text-left">
          <Alert>{toFormError(end.error).message}</Alert>
        </div>
      ) : null}
      <button type="button" className={`${buttonClass.primary} mt-6`} disabled={end.isPending} onClick={() => end.mutate("end")}>
        End break and go on
      </button>
    </div>
  );
}
