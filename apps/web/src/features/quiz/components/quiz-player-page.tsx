import type { QuizModel } from "@academy/contract/quiz";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link, useNavigate, useSearchParams } from "../../../lib/navigation";
import { quizKeys, useQuizListQuery } from "../../../lib/shared-api/quiz";
import { READING_TEXT_CLASS } from "../../../lib/text-size";
import { useQuizQuery, useSubmitQuiz } from "../api/quizzes";
import { extraTimeLine } from "../extra-time";
import { finishOffer } from "../finish";
import { type Saving, useQuizPlayer } from "../hooks/use-quiz-player";
import { BreakScreen, TakeBreakButton } from "./break-screen";
import { Countdown } from "./countdown";
import { PlayerControls } from "./player-controls";
import { QuestionCard } from "./question-card";
import { SubmitDialog } from "./submit-dialog";

export function QuizPlayerPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const list = useQuizListQuery();
  if (Number.isInteger(id) && id > 0) return <Player id={id} />;
  if (list.isPending) return <Spinner />;
  const open = list.data?.find((q) => q.status === "in_progress");
  if (open) return <Player id={open.id} />;
  return (
    <Alert tone="info">
      You have no quiz in progress.{" "}
      <Link className={linkClass} to="/user/onboarding/allquizzes">
        Start one from your quizzes
      </Link>
    </Alert>
  );
}

function Player({ id }: { id: number }) {
  const quiz = useQuizQuery(id);
  const navigate = useNavigate();
  useEffect(() => {
    if (quiz.data && quiz.data.status !== "in_progress") navigate(`/user/onboarding/singlequiz/${id}`, { replace: true });
  }, [quiz.data, id, navigate]);
  if (quiz.isPending) return <Spinner label="Loading your quiz…" />;
  if (quiz.isError) return <Alert>{quiz.error.message}</Alert>;
  if (quiz.data.status !== "in_progress") return <Spinner />;
  if (quiz.data.breaks?.on_break_until) return <BreakScreen quiz={quiz.data} />;
  return <PlayerBody quiz={quiz.data} />;
}

function PlayerBody({ quiz }: { quiz: QuizModel }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const submit = useSubmitQuiz(quiz.id);
  const [confirming, setConfirming] = useState(false);
  const player = useQuizPlayer(quiz, confirming);
  const { position, flags } = player;
  const offer = finishOffer(quiz, player.answeredCount);

  async function finish() {
    try {
      // Answers still on their way go first: a submit never overtakes a save.
      await player.drained();
      await submit.mutateAsync();
      navigate(`/user/onboarding/singlequiz/${quiz.id}`);
    } catch (failure) {
      setConfirming(false);
      player.setError(toFormError(failure).message);
    }
  }

  return (
    <div className={`mx-auto max-w-3xl ${READING_TEXT_CLASS}`}>
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold text-slate-900">{quiz.title}</h1>
          <p className="text-sm text-slate-600">
            Question {position + 1} of {quiz.questions.length} · {player.answeredCount} answered
          </p>
          {quiz.extraTime ? <p className="text-sm text-slate-600">{extraTimeLine(quiz)}</p> : null}
        </div>
        <div className="flex items-center gap-3">
          {player.isExam && quiz.deadlineAt ? (
            <Countdown
              deadline={quiz.deadlineAt}
              serverNow={quiz.serverNow}
              onEnd={() => client.invalidateQueries({ queryKey: quizKeys.one(quiz.id) })}
            />
          ) : null}
          <TakeBreakButton quiz={quiz} beforeBreak={player.drained} onError={player.setError} />
          <span role="status" className="text-xs text-slate-500">
            {savingText[player.saving]}
          </span>
        </div>
      </header>

      {player.error ? (
        <div className="mb-4">
          <Alert>{player.error}</Alert>
        </div>
      ) : null}

      <QuestionCard quiz={quiz} player={player} />

      <PlayerControls
        questions={quiz.questions}
        player={player}
        finish={
          offer.canFinish ? (
            <button type="button" className={buttonClass.primary} onClick={() => setConfirming(true)}>
              {offer.label}
            </button>
          ) : (
            <p className="text-sm text-slate-600" data-testid="finish-note">
              {offer.note}
            </p>
          )
        }
        onSubmit={offer.canFinish ? () => setConfirming(true) : undefined}
      />

      {confirming ? (
        <SubmitDialog
          answeredCount={player.answeredCount}
          questionCount={quiz.questions.length}
          hasFlagged={Object.values(flags).some(Boolean)}
          isSubmitting={submit.isPending}
          onSubmit={finish}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

const savingText: Record<Saving, string> = { idle: "", saving: "Saving…", saved: "All answers saved", error: "Not saved yet" };
