import { QUIZ_MAX_LENGTH, QUIZ_MIN_LENGTH, REVIEW_DAILY_DEFAULT, REVIEW_DAILY_MAX, REVIEW_DAILY_MIN } from "@academy/contract/constants";
import type { QuizDifficulty, QuizMode } from "@academy/contract/quiz";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link, useNavigate } from "../../../lib/navigation";
import { useSaveOnboarding } from "../api/onboarding";
import { useTrackChoice } from "../hooks/use-track-choice";
import { dailyReviewsProblem } from "../steps";
import { OnboardingLayout } from "./onboarding-stepper";

const CONFIDENCE = ["Not at all", "A little", "Somewhat", "Fairly", "Very"];

export function ThemeContdPage() {
  const { isPending, isError, profile, track } = useTrackChoice();
  const save = useSaveOnboarding();
  const navigate = useNavigate();
  const [confidence, setConfidence] = useState<Record<string, number>>({});
  const [length, setLength] = useState(20);
  const [difficulty, setDifficulty] = useState<QuizDifficulty>("adaptive");
  const [mode, setMode] = useState<QuizMode>("practice");
  const [error, setError] = useState("");
  const [dailyReviews, setDailyReviews] = useState(REVIEW_DAILY_DEFAULT);
  const [reviewError, setReviewError] = useState("");
  const [reviewSaved, setReviewSaved] = useState("");

  useEffect(() => {
    if (profile.dailyReviews !== undefined) setDailyReviews(profile.dailyReviews);
  }, [profile.dailyReviews]);
  // The dashboard links the daily limit here: bring its section into view once the page has loaded.
  useEffect(() => {
    if (!isPending && window.location.hash === "#daily-reviews") document.getElementById("daily-reviews")?.scrollIntoView();
  }, [isPending]);

  useEffect(() => {
    setConfidence(profile.confidence ?? {});
    if (profile.quiz) {
      setLength(profile.quiz.length);
      setDifficulty(profile.quiz.difficulty);
      setMode(profile.quiz.mode);
    }
  }, [profile.confidence, profile.quiz]);

  if (isPending) return <Spinner />;
  if (isError) return <Alert>We could not load your choices. Reload the page to try again.</Alert>;
  const chosen = track?.themes.filter((t) => profile.themes?.includes(t.slug)) ?? [];
  if (!track || chosen.length === 0)
    return (
      <OnboardingLayout step={3} title="Confidence and quiz settings">
        <Alert tone="info">
          Choose your themes first.{" "}
          <Link className={linkClass} to="/user/onboarding/theme">
            Choose themes
          </Link>
        </Alert>
      </OnboardingLayout>
    );

  async function saveDailyReviews() {
    setReviewSaved("");
    const problem = dailyReviewsProblem(dailyReviews);
    setReviewError(problem);
    if (problem) return;
    try {
      await save.mutateAsync({ dailyReviews });
      setReviewSaved(`Saved: up to ${dailyReviews} reviews a day.`);
    } catch (failure) {
      setReviewError(toFormError(failure).message);
    }
  }

  async function next() {
    if (!Number.isInteger(length) || length < QUIZ_MIN_LENGTH || length > QUIZ_MAX_LENGTH) {
      setError(`A quiz has ${QUIZ_MIN_LENGTH} to ${QUIZ_MAX_LENGTH} questions`);
      return;
    }
    try {
      await save.mutateAsync({ confidence, quiz: { length, difficulty, mode } });
      navigate("/user/onboarding/themepreview");
    } catch (failure) {
      setError(toFormError(failure).message);
    }
  }

  return (
    <OnboardingLayout
      step={3}
      title="Confidence and quiz settings"
      description="How sure do you feel in each theme? Your answers soon replace this with a measured estimate."
    >
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="confidence-heading">
        <h2 id="confidence-heading" className="mb-2 font-semibold text-slate-900">
          Confidence per theme
        </h2>
        <ul className="divide-y divide-slate-100">
          {chosen.map((t) => (
            <li key={t.slug} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <span className="text-sm font-medium text-slate-800" id={`conf-${t.slug}`}>
                {t.name}
              </span>
              <div role="radiogroup" aria-labelledby={`conf-${t.slug}`} className="flex gap-1">
                {CONFIDENCE.map((label, i) => (
                  <label
                    key={label}
                    title={label}
                    className={`cursor-pointer rounded-md border px-2.5 py-1 text-sm ${confidence[t.slug] === i + 1 ? "border-red-700 bg-red-700 text-white" : "border-slate-300 text-slate-700"}`}
                  >
                    <input
                      type="radio"
                      className="sr-only"
                      name={`conf-${t.slug}`}
                      checked={confidence[t.slug] === i + 1}
                      onChange={() => setConfidence({ ...confidence, [t.slug]: i + 1 })}
                    />
                    <span aria-hidden="true">{i + 1}</span>
                    <span className="sr-only">{label}</span>
                  </label>
                ))}
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-500">1 = not at all confident, 5 = very confident.</p>
      </section>

      <section className="mt-5 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="settings-heading">
        <h2 id="settings-heading" className="font-semibold text-slate-900">
          Your quiz
        </h2>
        <TextField
          label="Number of questions"
          name="length"
          type="number"
          min={QUIZ_MIN_LENGTH}
          max={QUIZ_MAX_LENGTH}
          inputMode="numeric"
          value={length}
          error={error || undefined}
          onChange={(e) => setLength(Number(e.target.value))}
          hint={`${QUIZ_MIN_LENGTH} to ${QUIZ_MAX_LENGTH}. A real exam section is often 40.`}
        />
        <div>
          <label htmlFor="difficulty" className="block text-sm font-medium text-slate-800">
            Difficulty
          </label>
          <select
            id="difficulty"
            value={String(difficulty)}
            onChange={(e) => setDifficulty(e.target.value === "adaptive" ? "adaptive" : (Number(e.target.value) as QuizDifficulty))}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base sm:text-sm"
          >
            <option value="adaptive">Adaptive: matched to how well you know each theme</option>
            <option value="1">1: recall</option>
            <option value="2">2</option>
            <option value="3">3: application</option>
            <option value="4">4</option>
            <option value="5">5: judgement under a scenario</option>
          </select>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Mode</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(
              [
                ["practice", "Practice", "See if you were right, and why, after each answer."],
                ["exam", "Timed exam", "72 seconds per question, results at the end, like the real exam."],
              ] as const
            ).map(([value, label, text]) => (
              <label
                key={value}
                className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${mode === value ? "border-red-700 bg-red-50" : "border-slate-200"}`}
              >
                <input type="radio" name="mode" className="mt-1 accent-red-700" checked={mode === value} onChange={() => setMode(value)} />
                <span>
                  <span className="block font-semibold text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-600">{text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>
      <section
        id="daily-reviews"
        className="mt-5 space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="reviews-heading"
      >
        <h2 id="reviews-heading" className="font-semibold text-slate-900">
          Spaced review
        </h2>
        <p className="text-sm text-slate-600">
          Questions you miss come back the next day, then at growing intervals. Your daily review session holds at most this many; the rest
          wait for the next day (your day, in the time zone of your profile).
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            label="Reviews a day, at most"
            name="dailyReviews"
            type="number"
            min={REVIEW_DAILY_MIN}
            max={REVIEW_DAILY_MAX}
            inputMode="numeric"
            value={dailyReviews}
            error={reviewError || undefined}
            onChange={(e) => setDailyReviews(Number(e.target.value))}
            hint={`${REVIEW_DAILY_MIN} to ${REVIEW_DAILY_MAX}; ${REVIEW_DAILY_DEFAULT} unless you change it.`}
          />
          <button type="button" className={buttonClass.secondary} onClick={saveDailyReviews} disabled={save.isPending}>
            Save daily limit
          </button>
        </div>
        <p role="status" className="text-sm text-emerald-800">
          {reviewSaved}
        </p>
      </section>
      <div className="mt-5 flex justify-between">
        <Link to="/user/onboarding/theme" className={buttonClass.secondary}>
          Back
        </Link>
        <button type="button" className={buttonClass.primary} onClick={next} disabled={save.isPending}>
          Preview my quiz
        </button>
      </div>
    </OnboardingLayout>
  );
}
