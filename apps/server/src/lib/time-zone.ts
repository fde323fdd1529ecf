/**
 * Time zones by their IANA names, with the runtime's zone tables: wall clocks, offsets and the
 * instants local times name. A formatter per zone is made once and kept.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone ("Europe/Berlin", "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `timeZone` at instant `t`, read as if it were UTC (ms). */
export function wallClockOf(timeZone: string, t: number): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(t));
  const v = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of parts) if (p.type in v) v[p.type as keyof typeof v] = Number(p.value);
  return Date.UTC(v.year, v.month - 1, v.day, v.hour, v.minute, v.second);
}

/** How far `timeZone` is ahead of UTC at instant `t` (ms). */
export const offsetOf = (timeZone: string, t: number) => wallClockOf(timeZone, Math.floor(t / 1000) * 1000) - Math.floor(t / 1000) * 1000;

/**
 * The instant a wall-clock time of `timeZone` names; null for a time the zone skips (the hour
 * clocks jump forward). A time that happens twice (clocks go back) takes the earlier instant.
 */
export function instantOf(timeZone: string, date: string, minutes: number): number | null {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * MINUTE;
  // The offsets in force a day either side: a zone changes its offset at most once in between.
  const a = wall - offsetOf(timeZone, wall - DAY);
  const b = wall - offsetOf(timeZone, wall + DAY);
  for (const t of a <= b ? [a, b] : [b, a]) if (t + offsetOf(timeZone, t) === wall) return t;
  return null;
}

/** The calendar date ("YYYY-MM-DD") of instant `t` in `timeZone`. */
export function dateIn(timeZone: string, t: number): string {
  return new Date(wallClockOf(timeZone, t)).toISOString().slice(0, 10);
}

/**
 * The instant of wall-clock `minutes` on `date` in `timeZone`, or of the first minute after it
 * that the zone has when it skips that time (clocks jumping forward); null past three hours.
 */
export function firstInstantFrom(timeZone: string, date: string, minutes: number): number | null {
  for (let m = minutes; m < minutes + 180; m++) {
    const t = instantOf(timeZone, date, m);
    if (t !== null) return t;
  }
  return null;
}

/** The instant local midnight of `date` in `timeZone` begins (a zone may skip midnight: the first minute after). */
export function startOfDay(timeZone: string, date: string): number {
  const t = firstInstantFrom(timeZone, date, 0);
  if (t === null) throw new Error(`no start of ${date} in ${timeZone}`);
  return t;
}
