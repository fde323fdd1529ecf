import { useMemo, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link } from "../../../lib/navigation";
import { useCoachWeek } from "../api/coach-week";
import { dayLabel, partsByDay, timeIn, todayIn } from "../calendar";

const DAY = 86_400_000;

/** The Monday ("YYYY-MM-DD") of the week holding `date`. */
function mondayOf(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - back * DAY).toISOString().slice(0, 10);
}
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** Hours and minutes of a length in ms, as "2 h", "45 min" or "1 h 30 min". */
function lengthText(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ") || "0 h";
}

/** The signed-in coach's week, day by day in `tz` (their profile's zone): their working hours and their sessions. */
export function CoachWeek({ tz }: { tz: string }) {
  const [monday, setMonday] = useState(() => mondayOf(todayIn(tz)));
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(monday, i)), [monday]);
  // A day either side, so every session of the viewer's week is in, whatever the zone.
  const week = useCoachWeek(
    new Date(Date.parse(`${monday}T00:00:00Z`) - DAY).toISOString(),
    new Date(Date.parse(`${monday}T00:00:00Z`) + 8 * DAY).toISOString(),
  );
  const dayOf = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date(iso));
  const today = todayIn(tz);
  const list = week.data?.list ?? [];
  // Hours cut at the viewer's midnights: a late shift elsewhere shows on each day it touches.
  const hours = useMemo(() => partsByDay(week.data?.hours ?? [], tz).filter((h) => days.includes(h.date)), [week.data, tz, days]);
  const booked = list.filter((b) => b.status === "booked" && days.includes(dayOf(b.meeting_start))).length;
  const working = hours.reduce((sum, h) => sum + Date.parse(h.end) - Date.parse(h.start), 0);
  return (
    <section aria-labelledby="week-heading" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="week-heading" className="mr-auto text-lg font-semibold text-slate-900">
          Week of {dayLabel(monday)}
        </h2>
        <button type="button" className={buttonClass.secondary} onClick={() => setMonday(addDays(monday, -7))}>
          Previous week
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => setMonday(mondayOf(today))} disabled={days.includes(today)}>
          This week
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => setMonday(addDays(monday, 7))}>
          Next week
        </button>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {week.isSuccess
          ? `${booked} session${booked === 1 ? "" : "s"} booked this week, ${working ? `${lengthText(working)} of working hours` : "no working hours this week"}, in your time zone (${tz}).`
          : null}
      </p>
      {week.isSuccess && !week.data.takingBookings && working > 0 ? (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          You are not taking bookings: candidates cannot book these hours until you turn on “Take bookings” under My availability.
        </p>
      ) : null}
      {week.isPending ? <Spinner label="Loading your week…" /> : null}
      {week.isError ? <Alert>{toFormError(week.error).message}</Alert> : null}
      <ol className="grid gap-2 md:grid-cols-7">
        {days.map((d) => {
          const sessions = list.filter((b) => dayOf(b.meeting_start) === d);
          const open = hours.filter((h) => h.date === d);
          return (
            <li
              key={d}
              className={`min-h-20 min-w-0 rounded-lg border bg-white p-2 ${d === today ? "border-red-400" : "border-slate-200"}`}
              aria-current={d === today ? "date" : undefined}
            >
              <h3 className="text-xs font-semibold text-slate-500">{dayLabel(d)}</h3>
              {open.length > 0 ? (
                <ul aria-label={`Working hours, ${dayLabel(d)}`} className="mt-1 space-y-0.5">
                  {open.map((h) => (
                    <li key={h.start} className="rounded bg-emerald-50 px-1 text-xs text-emerald-900">
                      Open {timeIn(h.start, tz)}–{timeIn(h.end, tz)}
                    </li>
                  ))}
                </ul>
              ) : null}
              {week.isSuccess && sessions.length === 0 ? (
                <p className="text-xs text-slate-500">{open.length > 0 ? "No sessions" : "Not working"}</p>
              ) : null}
              <ul className="mt-1 space-y-1">
                {sessions.map((b) => (
                  <li
                    key={b.id}
                    className={`rounded p-1 text-xs ${b.status === "booked" ? "bg-red-50 text-red-900" : "bg-slate-50 text-slate-500 line-through"}`}
                  >
                    <span className="block font-semibold">
                      {timeIn(b.meeting_start, tz)}–{timeIn(b.meeting_end, tz)}
                    </span>
                    <Link to={`/admin/view-scheduling/${b.id}`} className={`${linkClass} break-words`}>
                      {b.candidate_name || b.candidate_email}
                      {b.status === "booked" ? "" : " (cancelled)"}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
