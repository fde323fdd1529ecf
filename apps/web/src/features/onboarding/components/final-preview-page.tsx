import { EXAM_SECONDS_PER_QUESTION } from "@academy/contract/constants";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";
import { describeTime, useOwnAccommodationQuery } from "../../../lib/shared-api/accommodation";
import { useTrackChoice } from "../hooks/use-track-choice";
import { OnboardingLayout } from "./onboarding-stepper";

export function FinalPreviewPage() {
  const { isPending, isError, profile, track } = useTrackChoice();
  const accommodation = useOwnAccommodationQuery().data;
  if (isPending) return <Spinner />;
  if (isError) return <Alert>We could not load your choices. Reload the page to try again.</Alert>;
  const themes = track?.themes.filter((t) => profile.themes?.includes(t.slug)) ?? [];
  const ready = !!track && themes.length > 0 && !!profile.quiz;
  const rows: { label: string; value: string; to: string }[] = [
    { label: "Track", value: track?.name ?? "Not chosen", to: "/user/onboarding/form" },
    {
      label: "Target exam date",
      value: profile.targetExamDate ? new Date(profile.targetExamDate).toLocaleDateString() : "Not set",
      to: "/user/onboarding/form",
    },
    { label: "Study hours per week", value: profile.weeklyHours ? String(profile.weeklyHours) : "Not set", to: "/user/onboarding/form" },
    { label: "Themes", value: themes.length ? themes.map((t) => t.name).join(", ") : "None chosen", to: "/user/onboarding/theme" },
    {
      label: "Quiz",
      value: profile.quiz
        ? `${profile.quiz.length} questions · ${profile.quiz.difficulty === "adaptive" ? "adaptive difficulty" : `difficulty ${profile.quiz.difficulty}`} · ${profile.quiz.mode === "exam" ? "timed exam" : "practice"}`
        : "Not set",
      to: "/user/onboarding/themecontd",
    },
  ];
  if (profile.quiz?.mode === "exam")
    rows.push({
      label: "Time limit",
      value: describeTime(Math.round((profile.quiz.length * EXAM_SECONDS_PER_QUESTION) / 60), accommodation),
      to: "/user/onboarding/themecontd",
    });
  return (
    <OnboardingLayout step={5} title="Review your choices" description="Check everything before we build your quiz.">
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
        {rows.map((r) => (
          // A list of terms holds only terms and their descriptions: the link to change a choice is
          // a second description of its term.
          <div key={r.label} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 p-4">
            <dt className="text-sm font-medium text-slate-600">{r.label}</dt>
            <dd className="col-start-1 text-slate-900">{r.value}</dd>
            <dd className="col-start-2 row-span-2 row-start-1 self-start">
              <Link to={r.to} className={`${linkClass} text-sm`} aria-label={`Change ${r.label.toLowerCase()}`}>
                Change
              </Link>
            </dd>
          </div>
        ))}
      </dl>
      {!ready ? (
        <div className="mt-4">
          <Alert tone="info">Finish the steps above to build your quiz.</Alert>
        </div>
      ) : null}
      <div className="mt-5 flex justify-between">
        <Link to="/user/onboarding/themepreview" className={buttonClass.secondary}>
          Back
        </Link>
        {ready ? (
          <Link to="/user/onboarding/generatequiz" className={buttonClass.primary}>
            Build my quiz
          </Link>
        ) : null}
      </div>
    </OnboardingLayout>
  );
}
