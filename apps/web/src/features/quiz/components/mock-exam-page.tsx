import { formatFactor } from "@academy/contract/accommodation-terms";
import type { TrackInfo } from "@academy/contract/quiz";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { formatDay } from "../../../lib/format";
import { Link, useNavigate } from "../../../lib/navigation";
import { describeTime, useOwnAccommodationQuery } from "../../../lib/shared-api/accommodation";
import { createQuiz, useOnboardingQuery, useTracksQuery } from "../../../lib/shared-api/quiz";

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The start screen of the two mock exams of the candidate's track: what each is, then start. */
export function MockExamPage() {
  const tracks = useTracksQuery();
  const profile = useOnboardingQuery();
  // Without it the exam still starts; the server applies an accommodation in force either way.
  const accommodation = useOwnAccommodationQuery().data;
  const navigate = useNavigate();
  const [error, setError] = useState("");
  const [starting, setStarting] = useState<"fixed" | "adaptive" | null>(null);

  if (tracks.isPending || profile.isPending) return <Spinner />;
  if (tracks.isError) return <Alert>{tracks.error.message}</Alert>;
  if (profile.isError) return <Alert>{profile.error.message}</Alert>;
  const track: TrackInfo | undefined = tracks.data.find((t) => t.slug === profile.data.track);

  async function start(mock: "fixed" | "adaptive") {
    setError("");
    setStarting(mock);
    try {
      const { quiz } = await createQuiz({ mock });
      navigate(`/user/onboarding/quiz?id=${quiz.id}`);
    } catch (failure) {
      setError(toFormError(failure).message);
      setStarting(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Mock exam"
        description="Sit your track's exam as it will be: the same mix of themes, the same length and the same time, with no help along the way."
      />
      {error ? (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      {accommodation ? (
        <div className="mb-4">
          <Alert tone="info">
            Your exam accommodation applies: {formatFactor(accommodation.extra_time_factor)} the time
            {accommodation.break_minutes ? `, plus ${accommodation.break_minutes} minutes of breaks` : ""}, for exams you start until{" "}
            {formatDay(accommodation.ends_on, true)}. The timer counts the longer time
            {accommodation.break_minutes ? "; “Take a break” in the exam stops it and hides the questions until you go on" : ""}.
          </Alert>
        </div>
      ) : null}
      {!track ? (
        <Alert tone="info">
          Choose your track first.{" "}
          <Link className={linkClass} to="/user/onboarding">
            Start onboarding
          </Link>
        </Alert>
      ) : !track.exam ? (
        <Alert tone="info">The {track.name} track has no exam format on record yet: practise with timed quizzes meanwhile.</Alert>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <section aria-labelledby="fixed-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="fixed-heading" className="text-lg font-semibold text-slate-900">
              Timed mock exam
            </h2>
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              <li>
                {track.exam.questions} questions in {describeTime(track.exam.minutes, accommodation)}
              </li>
              <li>Themes in the exam's proportions: {track.themes.map((t) => `${t.name} ${t.weight}%`).join(", ")}</li>
              <li>Pass mark {pct(track.exam.passMark)}; you can change answers until you submit</li>
            </ul>
            <button type="button" className={`${buttonClass.primary} mt-4`} disabled={starting !== null} onClick={() => start("fixed")}>
              {starting === "fixed" ? "Preparing…" : "Start the timed mock exam"}
            </button>
          </section>
          <section aria-labelledby="adaptive-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="adaptive-heading" className="text-lg font-semibold text-slate-900">
              Adaptive mock exam
            </h2>
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              <li>
                Each question is chosen from your answers so far, as in a computer-adaptive exam: between{" "}
                {track.exam.adaptive?.minQuestions ?? Math.ceil(track.exam.questions / 2)} and{" "}
                {track.exam.adaptive?.maxQuestions ?? track.exam.questions} questions, {describeTime(track.exam.minutes, accommodation)}
              </li>
              <li>
                It ends once your result is precise enough, never before{" "}
                {track.exam.adaptive?.minQuestions ?? Math.ceil(track.exam.questions / 2)} questions; answers are final and there is no
                going back
              </li>
              <li>
                Your result says whether you would likely pass ({pct(track.exam.passMark)} pass mark), how sure that is, and what to study
                next
              </li>
            </ul>
            <button type="button" className={`${buttonClass.primary} mt-4`} disabled={starting !== null} onClick={() => start("adaptive")}>
              {starting === "adaptive" ? "Preparing…" : "Start the adaptive mock exam"}
            </button>
          </section>
          <p className="text-xs text-slate-500 lg:col-span-2">Exam format: {track.exam.source}</p>
        </div>
      )}
    </>
  );
}
