/** Month grids and times for the coaching screens, in the viewer's own zone. */

/** The viewer's IANA zone ("UTC" when the browser does not say). */
export { browserTimeZone as viewerZone } from "../../lib/browser-zone";

/** Today's date ("YYYY-MM-DD") in `tz`. */
export const todayIn = (tz: string, now = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(now);

/** The month after (or before, `by` < 0) "YYYY-MM". */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** The weeks of a month, Monday first; null pads the days of the neighbouring months. */
export function monthGrid(month: string): (string | null)[][] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array.from({ length: lead }, () => null)];
  for (let d = 1; d <= days; d += 1) cells.push(`${month}-${String(d).padStart(2, "0")}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const monthLabel = (month: string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));

export const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** "09:30" in `tz`. */
export const timeIn = (iso: string, tz: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: tz }).format(new Date(iso));

/** "Tuesday 24 November, 09:30" in `tz`. */
export const whenIn = (iso: string, tz: string) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: tz,
  }).format(new Date(iso));

/** "24 h", "2 days": how long a notice window is. */
export function hoursText(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

const MINUTE = 60_000;

/**
 * Spans of time cut at the viewer's midnights, each part with its date in `tz`: a coach's
 * evening in New York seen from Berlin shows on both days it touches. Sorted by start.
 */
export function partsByDay(spans: readonly { start: string; end: string }[], tz: string): { date: string; start: string; end: string }[] {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone: tz });
  const dateOf = (t: number) => format.format(new Date(t));
  const parts: { date: string; start: string; end: string }[] = [];
  for (const span of spans) {
    let start = Date.parse(span.start);
    const end = Date.parse(span.end);
    while (start < end) {
      const date = dateOf(start);
      if (dateOf(end - 1) === date) {
        parts.push({ date, start: new Date(start).toISOString(), end: new Date(end).toISOString() });
        break;
      }
      // The first whole minute after `start` on a later date: the viewer's next midnight.
      let lo = 0;
      let hi = Math.ceil((end - 1 - start) / MINUTE);
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (dateOf(start + mid * MINUTE) === date) lo = mid;
        else hi = mid;
      }
      const cut = Math.min(start + hi * MINUTE, end);
      parts.push({ date, start: new Date(start).toISOString(), end: new Date(cut).toISOString() });
      start = cut;
    }
  }
  return parts.sort((a, b) => a.start.localeCompare(b.start));
}
