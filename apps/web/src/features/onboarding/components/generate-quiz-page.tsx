import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link, useNavigate } from "../../../lib/navigation";
import { createQuiz, useOnboardingQuery, useQuizListQuery } from "../../../lib/shared-api/quiz";
import { nextStepPath, readyToGenerate } from "../steps";
import { OnboardingLayout } from "./onboarding-stepper";

const STAGES = [
  "Reading your blueprint and themes",
  "Weighting weak themes and due reviews",
  "Picking questions you have not seen",
  "Shuffling and saving your quiz",
];

/**
 * Creates the quiz from the saved onboarding choices, shows its progress, then opens the player;
 * an unfinished quiz of the same choices opens at once instead. Without the choices a quiz is
 * made from (track, themes, settings) it builds nothing and says which step comes next.
 */
export function GenerateQuizPage() {
  const profile = useOnboardingQuery();
  const quizzes = useQuizListQuery();
  if (profile.isPending || quizzes.isPending) return <Spinner />;
  if (profile.isError) return <Alert>We could not load your onboarding. Reload the page to try again.</Alert>;
  if (!readyToGenerate(profile.data)) {
    return (
      <OnboardingLayout
        step={6}
        title="Your choices are not complete yet"
        description="Your quiz is built from your track, your themes and your quiz settings."
      >
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <p className="text-sm text-slate-700">Finish the steps above first, then come back here to build your quiz.</p>
          <Link to={nextStepPath(profile.data, quizzes.data?.length ?? 0)} className={`${buttonClass.primary} mt-4`}>
            Continue onboarding
          </Link>
        </div>
      </OnboardingLayout>
    );
  }
  return <BuildQuiz />;
}

function BuildQuiz() {
  const navigate = useNavigate();
  const [stage, setStage] = useState(0);
  const [error, setError] = useState("");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const timer = setInterval(() => setStage((s) => Math.min(s + 1, STAGES.length - 1)), 350);
    const minimum = new Promise((r) => setTimeout(r, 1200));
    // Coming back here resumes the unfinished quiz of these choices rather than making another.
    createQuiz({})
      .then(async ({ quiz, resumed }) => {
        if (!resumed) await minimum;
        navigate(`/user/onboarding/quiz?id=${quiz.id}`, { replace: true });
      })
      .catch((failure) => setError(toFormError(failure).message))
      .finally(() => clearInterval(timer));
    return () => clearInterval(timer);
  }, [navigate]);

  const percent = error ? 0 : Math.round(((stage + 1) / STAGES.length) * 100);
  return (
    <OnboardingLayout step={6} title={error ? "We could not build your quiz" : "Building your quiz"}>
      {error ? (
        <Alert>
          <p>{error}</p>
          <p className="mt-2 flex gap-4">
            <Link className={linkClass} to="/user/onboarding/final-preview">
              Back to your choices
            </Link>
            <Link className={linkClass} to="/user/card-details">
              See plans
            </Link>
          </p>
        </Alert>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <div
            role="progressbar"
            aria-label="Building your quiz"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 rounded bg-slate-100"
          >
            <div className="h-2 rounded bg-red-700 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <ol className="mt-4 space-y-2 text-sm">
            {STAGES.map((s, i) => (
              <li key={s} className={i <= stage ? "text-slate-900" : "text-slate-400"}>
                <span aria-hidden="true">{i < stage ? "✓ " : i === stage ? "… " : "  "}</span>
                {s}
              </li>
            ))}
          </ol>
        </div>
      )}
      {error ? (
        <div className="mt-5">
          <Link to="/user/onboarding/allquizzes" className={buttonClass.secondary}>
            My quizzes
          </Link>
        </div>
      ) : null}
    </OnboardingLayout>
  );
}
