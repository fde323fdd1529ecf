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

/** A resuscitation guideline edition the 2025 guidelines (ERC, AHA, ILCOR; October 2025) replaced. */
const SUPERSEDED_RESUSCITATION = /\b(ERC|AHA|ILCOR)\b[^;]*?\b(20(?:1\d|20|21))\b/;

/**
 * Guideline editions: a theme whose items were reviewed against their guidelines carries the
 * edition and review date on every item (a theme of reasoning items, which follow no guideline,
 * carries none); no review date lies in the future; and a source citing a resuscitation edition
 * the 2025 guidelines replaced is refused unless the item's edition names it (kept on purpose).
 */
export function guidelineProblems(themes: readonly ContentTheme[], today = new Date()): string[] {
  const out: string[] = [];
  const day = today.toISOString().slice(0, 10);
  for (const theme of themes) {
    const stamped = theme.questions.filter((q) => q.guideline);
    if (stamped.length > 0 && stamped.length < theme.questions.length)
      for (const q of theme.questions)
        if (!q.guideline) out.push(`${q.id}: the theme's other items carry their guideline edition and review date; this one does not`);
    for (const q of stamped) {
      if (q.guideline!.reviewed > day) out.push(`${q.id}: reviewed on ${q.guideline!.reviewed}, a date still to come`);
      const old = SUPERSEDED_RESUSCITATION.exec(q.source);
      if (old && !q.guideline!.edition.includes(old[2]!))
        out.push(
          `${q.id}: the source cites ${old[1]} ${old[2]}, which the 2025 guidelines replaced; cite the current edition, or name ${old[2]} in the item's edition if it is kept on purpose`,
        );
    }
  }
  return out;
}
