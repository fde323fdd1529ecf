import { useMemo, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { useCoachWeek } from "../api/coach-week";
import { dayLabel, timeIn, todayIn } from "../calendar";

const DAY = 86_400_000;

/** The Monday ("YYYY-MM-DD") of the week holding `date`. */
function mondayOf(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  const back = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - back * DAY).toISOString().slice(0, 10);
}
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The signed-in coach's sessions of one week, day by day, in the viewer's zone. */
export function CoachWeek({ tz }: { tz: string }) {
  const [monday, setMonday] = useState(() => mondayOf(todayIn(tz)));
  const days = useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(monday, i)), [monday]);
  // A day either side, so every session of the viewer's week is in, whatever the zone.
  const week = useCoachWeek(
    new Date(Date.parse(`${monday}T00:00:00Z`) - DAY).toISOString(),
    new Date(Date.parse(`${monday}T00:00:00Z`) + 8 * DAY).toISOString(),
  );
  const dayOf = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date(iso));
  return (
    <section aria-label="My week" className="space-y-3">
      <div className="flex items-center gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => setMonday(addDays(monday, -7))}>
          Previous week
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => setMonday(addDays(monday, 7))}>
          Next week
        </button>
        <span className="text-sm text-slate-600">Week of {dayLabel(monday)}</span>
      </div>
      {week.isPending ? <Spinner label="Loading your week…" /> : null}
      {week.isError ? <Alert>{toFormError(week.error).message}</Alert> : null}
      <ol className="grid gap-2 md:grid-cols-7">
        {days.map((d) => {
          const sessions = (week.data ?? []).filter((b) => dayOf(b.meeting_start) === d);
          return (
            <li key={d} className="min-h-20 rounded-lg border border-slate-200 bg-white p-2">
              <p className="text-xs font-semibold text-slate-500">{dayLabel(d)}</p>
              {sessions.length === 0 ? <p className="text-xs text-slate-400">Free</p> : null}
              <ul className="mt-1 space-y-1">
                {sessions.map((b) => (
                  <li
                    key={b.id}
                    className={`rounded p-1 text-xs ${b.status === "booked" ? "bg-red-50 text-red-900" : "bg-slate-50 text-slate-500 line-through"}`}
                  >
                    {timeIn(b.meeting_start, tz)} {b.candidate_name || b.candidate_email}
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
