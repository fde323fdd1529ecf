import type { CreateQuizRequest, MockExamResult, QuizModel } from "@academy/contract/quiz";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/files";
import { Link, useNavigate, useParams } from "../../../lib/navigation";
import { createQuiz } from "../../../lib/shared-api/quiz";
import { READING_TEXT_CLASS } from "../../../lib/text-size";
import { resultPdfPath, useQuizQuery } from "../api/quizzes";
import { examVerdict, themeTally } from "../exam-result";
import { extraTimeLine } from "../extra-time";
import { ReviewPanel } from "./review-panel";

export function QuizResultPage() {
  const { id } = useParams();
  const quizId = Number(id);
  const quiz = useQuizQuery(Number.isInteger(quizId) && quizId > 0 ? quizId : null);
  const navigate = useNavigate();
  const [error, setError] = useState("");
  const [only, setOnly] = useState<"all" | "wrong" | "flagged">("all");

  if (!Number.isInteger(quizId) || quizId <= 0) return <Alert>Quiz not found</Alert>;
  if (quiz.isPending) return <Spinner label="Loading your result…" />;
  if (quiz.isError) return <Alert>{quiz.error.message}</Alert>;
  const q = quiz.data;
  if (q.status === "in_progress")
    return (
      <Alert tone="info">
        This quiz is still in progress.{" "}
        <Link className={linkClass} to={`/user/onboarding/quiz?id=${q.id}`}>
          Resume it
        </Link>
      </Alert>
    );

  const score = Math.round((q.score ?? 0) * 100);
  const shown = q.questions.filter((x) => (only === "wrong" ? !x.review?.isCorrect : only === "flagged" ? x.flagged : true));

  async function retry() {
    try {
      const { quiz: next } = await createQuiz({ retryOf: q.id });
      navigate(`/user/onboarding/quiz?id=${next.id}`);
    } catch (failure) {
      setError(toFormError(failure).message);
    }
  }
  async function practise(theme: string) {
    setError("");
    try {
      const { quiz: next } = await createQuiz({
        track: q.track as NonNullable<CreateQuizRequest["track"]>,
        themes: [theme],
        mode: "practice",
        new: true,
      });
      navigate(`/user/onboarding/quiz?id=${next.id}`);
    } catch (failure) {
      setError(toFormError(failure).message);
    }
  }
  async function pdf() {
    try {
      await downloadFile(resultPdfPath(q.id), `quiz-${q.id}-result.pdf`);
    } catch (failure) {
      setError(toFormError(failure).message);
    }
  }

  return (
    <div className={`mx-auto max-w-3xl ${READING_TEXT_CLASS}`}>
      <PageHeader
        title="Quiz result"
        description={`${q.title} · ${new Date(q.submittedAt ?? q.createdAt).toLocaleString()}${q.status === "expired" ? " · time ran out" : ""}${q.extraTime ? ` · taken with ${extraTimeLine(q).replace(/^E/, "e")}` : ""}`}
        actions={
          <button type="button" className={buttonClass.secondary} onClick={pdf}>
            Download PDF
          </button>
        }
      />
      {error ? (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      {q.examResult ? <ExamResult quiz={q} result={q.examResult} onPractise={practise} /> : null}
      <section
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[auto_1fr]"
        aria-labelledby="score-heading"
      >
        <div className="text-center">
          <h2 id="score-heading" className="sr-only">
            Score
          </h2>
          <p className="text-5xl font-bold text-slate-900" data-testid="score">
            {score}%
          </p>
          <p className="text-sm text-slate-600">
            {q.correctCount} of {q.total} right
          </p>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-800">By theme</h3>
          <ul className="space-y-1.5">
            {(q.breakdown ?? []).map((b) => (
              <li key={b.theme} className="text-sm">
                <div className="flex justify-between">
                  <span>{b.themeName}</span>
                  <span className="text-slate-600">
                    {b.correct}/{b.total}
                  </span>
                </div>
                <div className="h-1.5 rounded bg-slate-100" aria-hidden="true">
                  <div className="h-1.5 rounded bg-emerald-600" style={{ width: `${(b.correct / b.total) * 100}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="mt-4 flex flex-wrap gap-3">
        {q.missed > 0 ? (
          <button type="button" className={buttonClass.primary} onClick={retry}>
            Retry the {q.missed} missed question{q.missed === 1 ? "" : "s"}
          </button>
        ) : null}
        <Link to="/user/onboarding/allquizzes" className={buttonClass.secondary}>
          All quizzes
        </Link>
      </div>
      <fieldset className="mt-6 mb-3 flex flex-wrap items-center gap-2">
        <legend className="sr-only">Show questions</legend>
        {(["all", "wrong", "flagged"] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={only === k}
            onClick={() => setOnly(k)}
            className={`rounded-full border px-3 py-1 text-sm ${only === k ? "border-red-700 bg-red-700 text-white" : "border-slate-300 text-slate-700"}`}
          >
            {k === "all" ? "All questions" : k === "wrong" ? "Wrong or unanswered" : "Flagged"}
          </button>
        ))}
      </fieldset>
      <ol className="space-y-4">
        {shown.map((x) => (
          <li key={x.questionId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <p className="text-xs font-medium uppercase tracking-wide text-red-800">
              {x.position + 1}. {x.themeName} · level {x.difficulty}
            </p>
            <p className="mt-1 font-medium text-slate-900">{x.stem}</p>
            {x.review ? <ReviewPanel question={x} review={x.review} response={x.response} /> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A finished mock exam: likely pass or not, how sure, in plain words, and the themes to study next, each a practice quiz away. */
function ExamResult({ quiz, result, onPractise }: { quiz: QuizModel; result: MockExamResult; onPractise: (theme: string) => void }) {
  const verdict = examVerdict(result);
  return (
    <section aria-labelledby="exam-result-heading" className="mb-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="exam-result-heading" className="font-semibold text-slate-900">
        {quiz.mock === "adaptive" ? "Adaptive mock exam" : "Mock exam"} result
      </h2>
      <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="exam-decision">
        {verdict.headline}
      </p>
      <p className="text-base font-semibold text-slate-800" data-testid="exam-confidence">
        {verdict.sure}
      </p>
      <p className="mt-2 text-sm text-slate-700" data-testid="exam-summary">
        {result.summary}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Scaled result <strong data-testid="scaled-result">{Math.round(result.scaled * 100)}%</strong> against a pass mark of{" "}
        {Math.round(result.passMark * 100)}%: the share of the whole exam you would be expected to get right at the level these answers
        show. Chance to pass: <strong data-testid="pass-chance">{Math.round(result.passProbability * 100)}%</strong>.
      </p>
      {result.studyNext.length ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-800">What to study next</h3>
          <ul className="mt-2 space-y-2" data-testid="study-next">
            {result.studyNext.map((t) => (
              <li key={t.theme} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  <span className="font-medium text-slate-900">{t.themeName}</span>
                  <span className="text-slate-600"> · {themeTally(t)}</span>
                </span>
                <button type="button" className={buttonClass.secondary} onClick={() => onPractise(t.theme)}>
                  Practise {t.themeName}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
