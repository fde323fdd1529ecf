import { dateIn, isTimeZone, startOfDay } from "../../lib/time-zone.ts";

/**
 * Calendar days of a time zone for the dashboard's daily series. The database buckets rows by
 * the instants these days start at (width_bucket), so it never needs to know the zone's name:
 * PostgreSQL's and the runtime's time zone tables may differ, the instants cannot.
 */

export type DayGrid = {
  timeZone: string;
  /** YYYY-MM-DD of each day, oldest first; the last one is today in `timeZone`. */
  dates: string[];
  /** The instant each day starts at, in the same order. */
  starts: Date[];
};

const DAY_MS = 86_400_000;

/** The last `days` calendar days in `timeZone` (UTC when the zone is unknown), ending today. */
export function dayGrid(days: number, now: Date, timeZone: string): DayGrid {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const today = dateIn(zone, now.getTime());
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const dates = Array.from({ length: days }, (_, i) => new Date(todayMs - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { timeZone: zone, dates, starts: dates.map((d) => new Date(startOfDay(zone, d))) };
}

/**
 * A series over the grid from per-bucket sums, where bucket i (1-based, as width_bucket numbers
 * them) is the i-th day; buckets outside the grid are ignored.
 */
export function fillSeries(grid: DayGrid, buckets: readonly { bucket: number; value: number }[]): { date: string; value: number }[] {
  const byBucket = new Map<number, number>();
  for (const b of buckets) byBucket.set(b.bucket, (byBucket.get(b.bucket) ?? 0) + b.value);
  return grid.dates.map((date, i) => ({ date, value: byBucket.get(i + 1) ?? 0 }));
}
