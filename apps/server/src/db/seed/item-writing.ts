import type { ContentTheme } from "@academy/contract/content";

/**
 * Item-writing checks on the question bank (readContent, so scripts/check-content.ts, the content
 * test and the import at start all refuse a breach): a test-wise candidate must not be able to
 * pick the key because it is the longest option, and no stem may appear twice.
 */

/** Share of single-choice items per theme whose key may be the longest option (strictly). */
export const LONGEST_KEY_LIMIT = 1 / 3;

/** Stems compared without case, punctuation or spacing. */
export const normaliseStem = (stem: string) =>
  stem
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

export function itemWritingProblems(themes: readonly ContentTheme[]): string[] {
  const out: string[] = [];
  const stems = new Map<string, string>();
  for (const theme of themes) {
    let single = 0;
    let longestKey = 0;
    for (const q of theme.questions) {
      const key = normaliseStem(q.stem);
      const other = stems.get(key);
      if (other) out.push(`${q.id}: the same stem as ${other}`);
      else stems.set(key, q.id);
      if (q.type !== "single") continue;
      single += 1;
      const keyed = q.options.find((o) => o.correct);
      const longestOther = Math.max(...q.options.filter((o) => o !== keyed).map((o) => o.text.length));
      if (keyed && keyed.text.length > longestOther) longestKey += 1;
    }
    if (single > 0 && longestKey / single > LONGEST_KEY_LIMIT)
      out.push(
        `themes/${theme.slug}.json: the key is the longest option in ${longestKey} of ${single} single-choice questions (${Math.round(
          (longestKey / single) * 100,
        )}%; at most a third)`,
      );
  }
  return out;
}
