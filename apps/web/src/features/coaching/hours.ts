/** Opening hours as people type them ("09:00-12:00, 14:00-17:00") and as the API keeps them (minutes). */

export type Range = { start: number; end: number };

const two = (n: number) => String(n).padStart(2, "0");
const clock = (minutes: number) => `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

export const formatRanges = (ranges: readonly Range[]) => ranges.map((r) => `${clock(r.start)}-${clock(r.end)}`).join(", ");

function minutesOf(text: string): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`"${text.trim()}" is not a time like 09:30`);
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  if (Number(m[2]) > 59 || minutes > 1440) throw new Error(`"${text.trim()}" is not a time of day`);
  return minutes;
}

/** "09:00-12:00, 14:00-17:00" to ranges; throws a readable message for anything else. */
export function parseRanges(text: string): Range[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const [a, b, extra] = part.split("-");
      if (a === undefined || b === undefined || extra !== undefined) throw new Error(`"${part}" is not a range like 09:00-12:00`);
      const range = { start: minutesOf(a), end: minutesOf(b) };
      if (range.end <= range.start) throw new Error(`"${part}" ends before it starts`);
      return range;
    });
}

/** Lines "2026-12-24 off" or "2026-12-27 10:00-12:00" to date overrides. */
export function parseOverrides(text: string): { date: string; ranges: Range[] }[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(\d{4}-\d{2}-\d{2})\s+(.+)$/.exec(line);
      if (!m?.[1] || !m[2]) throw new Error(`"${line}" should start with a date like 2026-12-24`);
      return { date: m[1], ranges: m[2].trim().toLowerCase() === "off" ? [] : parseRanges(m[2]) };
    });
}
