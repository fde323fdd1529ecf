import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link, useNavigate } from "../../../lib/navigation";
import { createQuiz, useQuizListQuery } from "../../../lib/shared-api/quiz";
import { useDeleteQuiz } from "../api/quizzes";

const STATUS = { in_progress: "In progress", submitted: "Finished", expired: "Time ran out" } as const;

export function AllQuizzesPage() {
  const list = useQuizListQuery();
  const remove = useDeleteQuiz();
  const navigate = useNavigate();
  const [error, setError] = useState("");

  async function start(body: Parameters<typeof createQuiz>[0]) {
    setError("");
    try {
      const { quiz } = await createQuiz(body);
      navigate(`/user/onboarding/quiz?id=${quiz.id}`);
    } catch (failure) {
      setError(toFormError(failure).message);
    }
  }

  return (
    <>
      <PageHeader
        title="Quizzes"
        description="Every quiz you have taken: resume one in progress, review a result, or retry what you missed."
        actions={
          <>
            <button type="button" className={buttonClass.primary} onClick={() => start({ new: true })}>
              New quiz
            </button>
            <Link to="/user/onboarding/mock-exam" className={buttonClass.secondary}>
              Mock exam
            </Link>
            <Link to="/user/offline" className={buttonClass.secondary}>
              Practise offline
            </Link>
            <Link to="/user/onboarding/themecontd" className={buttonClass.secondary}>
              Change settings
            </Link>
          </>
        }
      />
      {error ? (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data && list.data.length === 0 ? (
        <Alert tone="info">
          No quizzes yet.{" "}
          <Link className={linkClass} to="/user/onboarding">
            Set up your study plan
          </Link>{" "}
          or start a new quiz with the button above.
        </Alert>
      ) : null}
      {list.data?.length ? (
        <ul className="space-y-3">
          {list.data.map((q) => (
            <li
              key={q.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="font-semibold text-slate-900">{q.title}</p>
                <p className="text-sm text-slate-600">
                  {new Date(q.createdAt).toLocaleDateString()} · {q.total} questions · {q.mode === "exam" ? "timed exam" : "practice"} ·{" "}
                  <span className={q.status === "in_progress" ? "text-amber-700" : "text-slate-700"}>{STATUS[q.status]}</span>
                  {q.score !== null ? (
                    <span className="font-semibold text-slate-900"> · {Math.round(q.score * 100)}%</span>
                  ) : (
                    ` · ${q.answered} answered`
                  )}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {q.status === "in_progress" ? (
                  <>
                    <Link to={`/user/onboarding/quiz?id=${q.id}`} className={buttonClass.primary}>
                      Resume
                    </Link>
                    <button
                      type="button"
                      className={buttonClass.ghost}
                      onClick={() => {
                        if (window.confirm("Discard this unfinished quiz? Its answers are deleted."))
                          remove.mutate(q.id, { onError: (f) => setError(toFormError(f).message) });
                      }}
                    >
                      Discard
                    </button>
                  </>
                ) : (
                  <>
                    <Link to={`/user/onboarding/singlequiz/${q.id}`} className={buttonClass.secondary}>
                      View result
                    </Link>
                    {q.missed > 0 ? (
                      <button type="button" className={buttonClass.ghost} onClick={() => start({ retryOf: q.id })}>
                        Retry {q.missed} missed
                      </button>
                    ) : null}
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
