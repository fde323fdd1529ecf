import type { OnboardingProfile } from "@academy/contract/quiz";
import { type FormEvent, useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { useNavigate } from "../../../lib/navigation";
import { useOnboardingQuery, useTracksQuery } from "../../../lib/shared-api/quiz";
import { useSaveOnboarding } from "../api/onboarding";
import { OnboardingLayout } from "./onboarding-stepper";

const REGIONS = [
  ["global", "International"],
  ["europe", "Europe"],
  ["north-america", "North America"],
  ["uk", "United Kingdom"],
  ["australia-nz", "Australia and New Zealand"],
] as const;
const EXPERIENCE = [
  ["none", "New to rescue work"],
  ["volunteer", "Volunteer or first-aid experience"],
  ["some", "Some professional training"],
  ["professional", "Working in a related profession"],
] as const;

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 sm:text-sm";

export function FormPage() {
  const profile = useOnboardingQuery();
  const tracks = useTracksQuery();
  const save = useSaveOnboarding();
  const navigate = useNavigate();
  const [form, setForm] = useState<OnboardingProfile>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (profile.data) setForm(profile.data);
  }, [profile.data]);

  if (profile.isPending || tracks.isPending) return <Spinner />;
  if (profile.isError || tracks.isError) return <Alert>We could not load your onboarding. Reload the page to try again.</Alert>;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!form.track) next.track = "Choose the track you are preparing for";
    if (form.weeklyHours !== undefined && (form.weeklyHours < 1 || form.weeklyHours > 60)) next.weeklyHours = "Between 1 and 60 hours";
    if (form.targetExamDate && form.targetExamDate < new Date().toISOString().slice(0, 10))
      next.targetExamDate = "Choose a date from today on";
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      await save.mutateAsync({
        track: form.track,
        targetExamDate: form.targetExamDate || null,
        region: form.region ?? "global",
        experience: form.experience ?? "none",
        weeklyHours: form.weeklyHours ?? 5,
      });
      navigate("/user/onboarding/theme");
    } catch (failure) {
      const f = toFormError(failure);
      setMessage(f.message);
      setErrors(f.fields);
    }
  }

  return (
    <OnboardingLayout step={1} title="About you" description="This shapes your themes, your quiz and the readiness we show you.">
      <form onSubmit={onSubmit} noValidate className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        {message ? <Alert>{message}</Alert> : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Track</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2" aria-describedby={errors.track ? "track-error" : undefined}>
            {tracks.data.map((t) => (
              <label
                key={t.slug}
                className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${form.track === t.slug ? "border-red-700 bg-red-50" : "border-slate-200"}`}
              >
                <input
                  type="radio"
                  name="track"
                  value={t.slug}
                  checked={form.track === t.slug}
                  onChange={() => setForm({ ...form, track: t.slug as OnboardingProfile["track"] })}
                  className="mt-1 accent-red-700"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-xs text-slate-600">{t.description}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.track ? (
            <p id="track-error" role="alert" className="mt-1 text-sm text-red-700">
              {errors.track}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label="Target exam date (optional)"
          name="targetExamDate"
          type="date"
          value={form.targetExamDate ?? ""}
          error={errors.targetExamDate}
          onChange={(e) => setForm({ ...form, targetExamDate: e.target.value || null })}
        />
        <div>
          <label htmlFor="region" className="block text-sm font-medium text-slate-800">
            Region
          </label>
          <select
            id="region"
            className={selectClass}
            value={form.region ?? "global"}
            onChange={(e) => setForm({ ...form, region: e.target.value as OnboardingProfile["region"] })}
          >
            {REGIONS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-500">
            Where standards differ (fire classes, emergency numbers), questions follow your region; with International you get only the
            questions that hold everywhere.
          </p>
        </div>
        <div>
          <label htmlFor="experience" className="block text-sm font-medium text-slate-800">
            Experience
          </label>
          <select
            id="experience"
            className={selectClass}
            value={form.experience ?? "none"}
            onChange={(e) => setForm({ ...form, experience: e.target.value as OnboardingProfile["experience"] })}
          >
            {EXPERIENCE.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Study hours per week"
          name="weeklyHours"
          type="number"
          min={1}
          max={60}
          inputMode="numeric"
          value={form.weeklyHours ?? 5}
          error={errors.weeklyHours}
          onChange={(e) => setForm({ ...form, weeklyHours: Number(e.target.value) })}
        />
        <div className="flex justify-end">
          <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Continue"}
          </button>
        </div>
      </form>
    </OnboardingLayout>
  );
}
