import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";
import { usePreviewQuery } from "../api/preview-quiz";
import { useTrackChoice } from "../hooks/use-track-choice";
import { BarChart } from "./bar-chart";
import { OnboardingLayout } from "./onboarding-stepper";

export function ThemePreviewPage() {
  const { isPending, isError, profile } = useTrackChoice();
  const input =
    profile.themes?.length && profile.quiz
      ? { themes: profile.themes, length: profile.quiz.length, difficulty: profile.quiz.difficulty }
      : null;
  const preview = usePreviewQuery(input);

  if (isPending) return <Spinner />;
  if (isError) return <Alert>We could not load your choices. Reload the page to try again.</Alert>;
  if (!input)
    return (
      <OnboardingLayout step={4} title="Quiz preview">
        <Alert tone="info">
          Set up your themes and quiz first.{" "}
          <Link className={linkClass} to="/user/onboarding/themecontd">
            Quiz settings
          </Link>
        </Alert>
      </OnboardingLayout>
    );

  return (
    <OnboardingLayout
      step={4}
      title="Quiz preview"
      description="What your quiz will hold: themes by their exam weight, with more questions where you are weaker, and questions you have not seen first."
    >
      {preview.isPending ? <Spinner label="Working out your mix…" /> : null}
      {preview.isError ? <Alert>{preview.error.message}</Alert> : null}
      {preview.data ? (
        <>
          <div className="grid gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:grid-cols-2">
            <BarChart
              title={`Themes (${preview.data.total} questions)`}
              rows={preview.data.mix.map((m) => ({ label: m.themeName, value: m.count }))}
            />
            <BarChart title="Difficulty" rows={preview.data.difficulty.map((d) => ({ label: `Level ${d.level}`, value: d.count }))} />
          </div>
          <h2 className="mt-6 mb-2 text-lg font-semibold text-slate-900">A sample question per theme</h2>
          <ul className="space-y-3">
            {preview.data.samples.map((s) => (
              <li key={s.theme} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <p className="text-xs font-medium uppercase tracking-wide text-red-800">
                  {s.themeName} · level {s.difficulty}
                </p>
                <p className="mt-1 text-slate-900">{s.stem}</p>
                {s.options.length ? (
                  <ul className="mt-2 list-disc pl-5 text-sm text-slate-600">
                    {s.options.map((o) => (
                      <li key={o.id}>{o.text}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-5 flex justify-between">
        <Link to="/user/onboarding/themecontd" className={buttonClass.secondary}>
          Back
        </Link>
        <Link to="/user/onboarding/final-preview" className={buttonClass.primary}>
          Continue
        </Link>
      </div>
    </OnboardingLayout>
  );
}
