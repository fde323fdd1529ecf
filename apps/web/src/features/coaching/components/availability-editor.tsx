import type { CoachSettings } from "@academy/contract/coaching";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useCoachSettings, useSaveCoachSettings } from "../api/coach-settings";
import { formatRanges, parseOverrides, parseRanges } from "../hours";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const input = "mt-1 block w-full rounded-lg border border-slate-300 p-2 text-sm";
const label = "block text-sm font-medium text-slate-700";

/** A staff member's own coach profile and availability (hours in their own time zone). */
export function AvailabilityEditor() {
  const settings = useCoachSettings();
  if (settings.isPending) return <Spinner label="Loading your availability…" />;
  if (settings.isError) return <Alert>{toFormError(settings.error).message}</Alert>;
  return <EditorForm initial={settings.data} />;
}

function EditorForm({ initial }: { initial: CoachSettings }) {
  const save = useSaveCoachSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const [weekly, setWeekly] = useState(() => DAYS.map((_, day) => formatRanges(initial.weekly.filter((w) => w.day === day))));
  const [overrides, setOverrides] = useState(() =>
    initial.overrides.map((o) => `${o.date} ${o.ranges.length ? formatRanges(o.ranges) : "off"}`).join("\n"),
  );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (name: string) => String(f.get(name) ?? "").trim();
    const num = (name: string) => Number(f.get(name));
    const list = (name: string) =>
      text(name)
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    try {
      const body: CoachSettings = {
        bio: text("bio"),
        photo: initial.photo,
        tracks: list("tracks"),
        themes: list("themes"),
        languages: list("languages"),
        meeting_link: text("meeting_link") || null,
        meeting_place: text("meeting_place") || null,
        time_zone: text("time_zone"),
        session_minutes: num("session_minutes"),
        buffer_before_minutes: num("buffer_before_minutes"),
        buffer_after_minutes: num("buffer_after_minutes"),
        min_notice_minutes: num("min_notice_hours") * 60,
        horizon_days: num("horizon_days"),
        daily_cap: num("daily_cap"),
        cancel_notice_hours: num("cancel_notice_hours"),
        reschedule_notice_hours: num("reschedule_notice_hours"),
        weekly: weekly.flatMap((t, day) => parseRanges(t).map((r) => ({ day, ...r }))),
        overrides: parseOverrides(overrides),
        is_active: f.get("is_active") === "on",
      };
      setProblem(null);
      save.mutate(body, { onSuccess: () => showToast("Your availability is saved") });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };

  const numberField = (name: string, text: string, value: number, min: number, max: number) => (
    <label className={label}>
      {text}
      <input className={input} type="number" name={name} defaultValue={value} min={min} max={max} required />
    </label>
  );

  return (
    <form onSubmit={submit} className="space-y-6" aria-label="My availability">
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Profile</legend>
        <label className={`${label} md:col-span-2`}>
          <span className="flex items-center gap-2">
            <input type="checkbox" name="is_active" defaultChecked={initial.is_active} className="accent-red-700" /> Take bookings
          </span>
        </label>
        <label className={`${label} md:col-span-2`}>
          About you (candidates read this)
          <textarea className={input} name="bio" rows={3} defaultValue={initial.bio} maxLength={4000} />
        </label>
        <label className={label}>
          Tracks (comma-separated)
          <input className={input} name="tracks" defaultValue={initial.tracks.join(", ")} />
        </label>
        <label className={label}>
          Themes (comma-separated)
          <input className={input} name="themes" defaultValue={initial.themes.join(", ")} />
        </label>
        <label className={label}>
          Languages
          <input className={input} name="languages" defaultValue={initial.languages.join(", ")} />
        </label>
        <label className={label}>
          Time zone
          <input className={input} name="time_zone" defaultValue={initial.time_zone} required />
        </label>
        <label className={label}>
          Meeting link
          <input className={input} type="url" name="meeting_link" defaultValue={initial.meeting_link ?? ""} />
        </label>
        <label className={label}>
          Or a place
          <input className={input} name="meeting_place" defaultValue={initial.meeting_place ?? ""} />
        </label>
      </fieldset>

      <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Rules</legend>
        {numberField("session_minutes", "Session length (minutes)", initial.session_minutes, 15, 240)}
        {numberField("buffer_before_minutes", "Buffer before (minutes)", initial.buffer_before_minutes, 0, 120)}
        {numberField("buffer_after_minutes", "Buffer after (minutes)", initial.buffer_after_minutes, 0, 120)}
        {numberField("min_notice_hours", "Minimum notice (hours)", Math.round(initial.min_notice_minutes / 60), 0, 336)}
        {numberField("horizon_days", "Bookable up to (days ahead)", initial.horizon_days, 1, 365)}
        {numberField("daily_cap", "Sessions a day at most", initial.daily_cap, 1, 24)}
        {numberField("cancel_notice_hours", "Cancel up to (hours before)", initial.cancel_notice_hours, 0, 336)}
        {numberField("reschedule_notice_hours", "Move up to (hours before)", initial.reschedule_notice_hours, 0, 336)}
      </fieldset>

      <fieldset className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Weekly hours</legend>
        <p className="text-sm text-slate-600">
          In your time zone, like "09:00-12:00, 14:00-17:00". Leave a day empty when you do not coach.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {DAYS.map((d, day) => (
            <label key={d} className={label}>
              {d}
              <input
                className={input}
                value={weekly[day]}
                onChange={(e) => setWeekly(weekly.map((w, i) => (i === day ? e.target.value : w)))}
                placeholder="09:00-12:00"
              />
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Date overrides</legend>
        <label className={label}>
          One date a line: "2026-12-24 off" for a day off, "2026-12-27 10:00-12:00" for other hours that day.
          <textarea className={input} rows={4} value={overrides} onChange={(e) => setOverrides(e.target.value)} />
        </label>
      </fieldset>

      {problem ? <Alert>{problem}</Alert> : null}
      {save.isError ? <Alert>{toFormError(save.error).message}</Alert> : null}
      <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save availability"}
      </button>
    </form>
  );
}
