import type { CoachSettings } from "@academy/contract/coaching";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useCoachSettings, useSaveCoachSettings } from "../api/coach-settings";
import { clockOf, minutesOfClock, nextRange, problemOf, type Range, sortRanges } from "../hours";

/** Weekdays as the week is shown (Monday first), with the API's day numbers (0 = Sunday). */
const WEEK = [
  { day: 1, name: "Monday" },
  { day: 2, name: "Tuesday" },
  { day: 3, name: "Wednesday" },
  { day: 4, name: "Thursday" },
  { day: 5, name: "Friday" },
  { day: 6, name: "Saturday" },
  { day: 0, name: "Sunday" },
];
const input = "mt-1 block w-full rounded-lg border border-slate-300 bg-white p-2 text-sm";
const label = "block text-sm font-medium text-slate-700";
const timeInput = "mt-1 block w-32 rounded-lg border border-slate-300 bg-white p-2 text-sm";

/** One opening as its two time inputs hold it ("09:00"), so a half-typed time is not lost. */
type Row = { key: number; start: string; end: string };
type OverrideRow = { key: number; date: string; off: boolean; rows: Row[] };

let lastKey = 0;
/** A key for a new row of the form (React keeps each row's inputs with it). */
function newKey(): number {
  lastKey += 1;
  return lastKey;
}
const keyed = (r: Range): Row => ({ key: newKey(), start: clockOf(r.start), end: clockOf(r.end) });

/** A staff member's own coach profile and availability (hours in their own time zone). */
export function AvailabilityEditor() {
  const settings = useCoachSettings();
  if (settings.isPending) return <Spinner label="Loading your availability…" />;
  if (settings.isError) return <Alert>{toFormError(settings.error).message}</Alert>;
  return <EditorForm initial={settings.data} />;
}

/** The time zones the browser knows, the coach's own first when it is not among them. */
function zoneList(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([current, "UTC", ...known])];
}

/** Rows to ranges, or the first problem in words ("Monday: fill in both times"). */
function rangesOf(rows: readonly Row[], where: string): Range[] | string {
  const ranges: Range[] = [];
  for (const r of rows) {
    const start = minutesOfClock(r.start);
    const end = minutesOfClock(r.end, true);
    if (start === null || end === null) return `${where}: fill in both times of each opening`;
    ranges.push({ start, end });
  }
  const problem = problemOf(ranges);
  return problem ? `${where}: ${problem}` : sortRanges(ranges);
}

function EditorForm({ initial }: { initial: CoachSettings }) {
  const save = useSaveCoachSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  const [weekly, setWeekly] = useState<Row[][]>(() =>
    [0, 1, 2, 3, 4, 5, 6].map((day) => sortRanges(initial.weekly.filter((w) => w.day === day)).map(keyed)),
  );
  const [overrides, setOverrides] = useState<OverrideRow[]>(() =>
    initial.overrides.map((o) => ({ key: newKey(), date: o.date, off: o.ranges.length === 0, rows: o.ranges.map(keyed) })),
  );
  const zones = useMemo(() => zoneList(initial.time_zone), [initial.time_zone]);

  const fail = (message: string) => {
    setProblem(message);
    requestAnimationFrame(() => problemRef.current?.scrollIntoView({ block: "center" }));
  };

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
    const week: CoachSettings["weekly"] = [];
    for (const { day, name } of WEEK) {
      const ranges = rangesOf(weekly[day] ?? [], name);
      if (typeof ranges === "string") return fail(ranges);
      week.push(...ranges.map((r) => ({ day, ...r })));
    }
    const dated: CoachSettings["overrides"] = [];
    for (const o of overrides) {
      if (!o.date) return fail("Each date override needs a date");
      if (dated.some((d) => d.date === o.date)) return fail(`${o.date} is listed twice: keep one override a date`);
      const ranges = o.off ? [] : rangesOf(o.rows, o.date);
      if (typeof ranges === "string") return fail(ranges);
      if (!o.off && ranges.length === 0) return fail(`${o.date}: add the hours you coach that day, or make it a day off`);
      dated.push({ date: o.date, ranges });
    }
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
      weekly: week,
      overrides: dated.sort((a, b) => a.date.localeCompare(b.date)),
      is_active: f.get("is_active") === "on",
    };
    setProblem(null);
    save.mutate(body, { onSuccess: () => showToast("Your availability is saved") });
  };

  const numberField = (name: string, text: string, value: number, min: number, max: number) => (
    <label className={label}>
      {text}
      <input className={input} type="number" name={name} defaultValue={value} min={min} max={max} required />
    </label>
  );
  const setOverride = (key: number, patch: Partial<OverrideRow>) =>
    setOverrides((list) => list.map((o) => (o.key === key ? { ...o, ...patch } : o)));

  return (
    <form onSubmit={submit} className="min-w-0 space-y-6" aria-label="My availability">
      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2">
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
          Languages (comma-separated)
          <input className={input} name="languages" defaultValue={initial.languages.join(", ")} />
        </label>
        <label className={label}>
          Time zone
          <select className={input} name="time_zone" defaultValue={initial.time_zone} required>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Meeting link
          <input className={input} type="url" name="meeting_link" defaultValue={initial.meeting_link ?? ""} placeholder="https://" />
        </label>
        <label className={label}>
          Or a place
          <input className={input} name="meeting_place" defaultValue={initial.meeting_place ?? ""} />
        </label>
      </fieldset>

      <fieldset className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
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

      <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Weekly hours</legend>
        <p className="mb-3 text-sm text-slate-600">
          In your time zone. A day with no hours is a day you do not coach. An opening may end at midnight (00:00).
        </p>
        <ul className="divide-y divide-slate-100">
          {WEEK.map(({ day, name }) => (
            <li key={day} className="grid gap-2 py-3 sm:grid-cols-[7rem_minmax(0,1fr)]">
              <h3 className="pt-2 text-sm font-semibold text-slate-800">{name}</h3>
              <Openings
                where={name}
                rows={weekly[day] ?? []}
                onChange={(rows) => setWeekly((w) => w.map((r, i) => (i === day ? rows : r)))}
                emptyText="Not coaching"
              />
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Date overrides</legend>
        <p className="text-sm text-slate-600">A day off, or other hours on one date; it replaces that day's weekly hours.</p>
        {overrides.length === 0 ? <p className="text-sm text-slate-500">No overrides.</p> : null}
        <ul className="space-y-3">
          {overrides.map((o) => (
            <li key={o.key} className="space-y-2 rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-end gap-3">
                <label className={label}>
                  Date
                  <input
                    className={`${timeInput} w-40`}
                    type="date"
                    value={o.date}
                    required
                    onChange={(e) => setOverride(o.key, { date: e.target.value })}
                  />
                </label>
                <label className={label}>
                  That day
                  <select
                    className={`${timeInput} w-40`}
                    value={o.off ? "off" : "hours"}
                    onChange={(e) => {
                      const off = e.target.value === "off";
                      setOverride(o.key, { off, rows: !off && o.rows.length === 0 ? [keyed(nextRange([]))] : o.rows });
                    }}
                  >
                    <option value="off">Day off</option>
                    <option value="hours">Other hours</option>
                  </select>
                </label>
                <button
                  type="button"
                  className={buttonClass.ghost}
                  onClick={() => setOverrides((list) => list.filter((x) => x.key !== o.key))}
                  aria-label={`Remove the override of ${o.date || "a new date"}`}
                >
                  Remove
                </button>
              </div>
              {o.off ? null : (
                <Openings where={o.date || "The new date"} rows={o.rows} onChange={(rows) => setOverride(o.key, { rows })} emptyText="" />
              )}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => setOverrides((list) => [...list, { key: newKey(), date: "", off: true, rows: [] }])}
        >
          Add a date
        </button>
      </fieldset>

      <div ref={problemRef}>{problem ? <Alert>{problem}</Alert> : null}</div>
      {save.isError ? <Alert>{toFormError(save.error).message}</Alert> : null}
      <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save availability"}
      </button>
    </form>
  );
}

/** The openings of one day: a "from" and an "until" time input each, added and removed one by one. */
function Openings({
  where,
  rows,
  onChange,
  emptyText,
}: {
  where: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  emptyText: string;
}) {
  const id = useId();
  const set = (key: number, patch: Partial<Row>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    const ranges = rows.flatMap((r) => {
      const start = minutesOfClock(r.start);
      const end = minutesOfClock(r.end, true);
      return start === null || end === null ? [] : [{ start, end }];
    });
    onChange([...rows, keyed(nextRange(ranges))]);
  };
  return (
    <div className="min-w-0 space-y-2">
      {rows.length === 0 && emptyText ? <p className="pt-2 text-sm text-slate-500">{emptyText}</p> : null}
      {rows.map((r, i) => {
        const which = rows.length > 1 ? ` opening ${i + 1}` : "";
        return (
          <div key={r.key} className="flex flex-wrap items-end gap-2">
            <label className={label} htmlFor={`${id}-${r.key}-from`}>
              <span className="sr-only">
                {where}
                {which}{" "}
              </span>
              From
              <input
                id={`${id}-${r.key}-from`}
                className={timeInput}
                type="time"
                step={300}
                value={r.start}
                required
                onChange={(e) => set(r.key, { start: e.target.value })}
              />
            </label>
            <label className={label} htmlFor={`${id}-${r.key}-until`}>
              <span className="sr-only">
                {where}
                {which}{" "}
              </span>
              Until
              <input
                id={`${id}-${r.key}-until`}
                className={timeInput}
                type="time"
                step={300}
                value={r.end}
                required
                onChange={(e) => set(r.key, { end: e.target.value })}
              />
            </label>
            <button
              type="button"
              className={buttonClass.ghost}
              onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
              aria-label={`Remove ${where}${which} ${r.start}–${r.end}`}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button type="button" className={buttonClass.ghost} onClick={add} aria-label={`Add hours on ${where}`}>
        + Add hours
      </button>
    </div>
  );
}
