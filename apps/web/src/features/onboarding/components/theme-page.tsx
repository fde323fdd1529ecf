import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link, useNavigate } from "../../../lib/navigation";
import { useSaveOnboarding } from "../api/onboarding";
import { useTrackChoice } from "../hooks/use-track-choice";
import { OnboardingLayout } from "./onboarding-stepper";

export function ThemePage() {
  const { isPending, isError, profile, track } = useTrackChoice();
  const save = useSaveOnboarding();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState("");

  useEffect(() => {
    if (track) setChosen(profile.themes?.length ? profile.themes : track.themes.map((t) => t.slug));
  }, [track, profile.themes]);

  if (isPending) return <Spinner />;
  if (isError) return <Alert>We could not load the themes. Reload the page to try again.</Alert>;
  if (!track)
    return (
      <OnboardingLayout step={2} title="Choose your themes">
        <Alert tone="info">
          Choose your track first.{" "}
          <Link className={linkClass} to="/user/onboarding/form">
            Tell us about you
          </Link>
        </Alert>
      </OnboardingLayout>
    );

  const themes = [...track.themes].sort((a, b) => b.weight - a.weight);
  const toggle = (slug: string) => setChosen((c) => (c.includes(slug) ? c.filter((s) => s !== slug) : [...c, slug]));

  async function next() {
    if (chosen.length === 0) {
      setError("Choose at least one theme");
      return;
    }
    try {
      await save.mutateAsync({ themes: chosen });
      navigate("/user/onboarding/themecontd");
    } catch (failure) {
      setError(toFormError(failure).message);
    }
  }

  return (
    <OnboardingLayout
      step={2}
      title="Choose your themes"
      description={`The ${track.name} exam blueprint (version ${track.blueprintVersion}). All its themes are chosen; clear the ones you want to leave out for now.`}
    >
      <fieldset className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-describedby={error ? "themes-error" : undefined}>
        <legend className="sr-only">Themes</legend>
        <div className="mb-3 flex gap-3 text-sm">
          <button type="button" className={linkClass} onClick={() => setChosen(track.themes.map((t) => t.slug))}>
            Choose all
          </button>
          <button type="button" className={linkClass} onClick={() => setChosen([])}>
            Clear all
          </button>
        </div>
        <ul className="divide-y divide-slate-100">
          {themes.map((t) => (
            <li key={t.slug}>
              <label className="flex cursor-pointer items-start gap-3 py-3">
                <input
                  type="checkbox"
                  className="mt-1 size-4 accent-red-700"
                  checked={chosen.includes(t.slug)}
                  onChange={() => toggle(t.slug)}
                />
                <span className="flex-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-medium text-slate-900">{t.name}</span>
                    <span className="text-xs text-slate-500">
                      {t.weight}% of the exam · {t.questionCount} questions
                    </span>
                  </span>
                  <span className="mt-1 block h-1.5 rounded bg-slate-100" aria-hidden="true">
                    <span className="block h-1.5 rounded bg-red-700" style={{ width: `${Math.min(100, t.weight * 5)}%` }} />
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{t.description}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {error ? (
          <p id="themes-error" role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      <div className="mt-5 flex justify-between">
        <Link to="/user/onboarding/form" className={buttonClass.secondary}>
          Back
        </Link>
        <button type="button" className={buttonClass.primary} onClick={next} disabled={save.isPending}>
          Continue with {chosen.length} theme{chosen.length === 1 ? "" : "s"}
        </button>
      </div>
    </OnboardingLayout>
  );
}
