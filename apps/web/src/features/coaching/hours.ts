/** Opening hours as time inputs show them ("09:30") and as the API keeps them (minutes after midnight). */

export type Range = { start: number; end: number };

const two = (n: number) => String(n).padStart(2, "0");

/** Minutes after midnight as a time input's value; the end of the day (1440) shows as "00:00". */
export const clockOf = (minutes: number) => `${two(Math.floor(minutes / 60) % 24)}:${two(minutes % 60)}`;

/**
 * A time input's value as minutes after midnight; null when empty or not a time. As the end of
 * a range, "00:00" is midnight at the end of the day (1440).
 */
export function minutesOfClock(value: string, asEnd = false): number | null {
  const m = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return asEnd && minutes === 0 ? 1440 : minutes;
}

/** "09:00–12:00, 14:00–17:00". */
export const formatRanges = (ranges: readonly Range[]) =>
  ranges.map((r) => `${clockOf(r.start)}–${r.end === 1440 ? "24:00" : clockOf(r.end)}`).join(", ");

/** What is wrong with one day's ranges (ends before it starts, overlaps another), or null. */
export function problemOf(ranges: readonly Range[]): string | null {
  for (const r of ranges) if (r.end <= r.start) return `${formatRanges([r])} ends before it starts`;
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i += 1)
    if (sorted[i]!.start < sorted[i - 1]!.end) return `${formatRanges([sorted[i - 1]!])} and ${formatRanges([sorted[i]!])} overlap`;
  return null;
}

/** A day's ranges in time order. */
export const sortRanges = (ranges: readonly Range[]) => [...ranges].sort((a, b) => a.start - b.start);

/** The hours to offer when a coach adds another range to a day: after the last one, else 09:00–12:00. */
export function nextRange(ranges: readonly Range[]): Range {
  const last = Math.max(0, ...ranges.map((r) => r.end));
  if (last === 0) return { start: 540, end: 720 };
  const start = Math.min(last + 60, 1380);
  return { start, end: Math.min(start + 120, 1440) };
}
