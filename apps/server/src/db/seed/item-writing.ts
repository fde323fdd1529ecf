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

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};

/** The seconds a text says a strip shows ("6 seconds", "a six-second strip"), or null. */
export function statedSeconds(text: string): number | null {
  const m = /\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)[- ]seconds?\b/i.exec(text);
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  return NUMBER_WORDS[word] ?? Number(word);
}

/**
 * The seconds a rhythm strip (SVG) shows: its width over the paper speed it prints ("25 mm/s"),
 * a millimetre being the spacing of its vertical grid lines. Null for a picture that is not such a strip.
 */
export function stripSeconds(svg: string): number | null {
  const speed = /(\d+(?:\.\d+)?) mm\/s/.exec(svg);
  const width = /viewBox="[\d.]+ [\d.]+ ([\d.]+) [\d.]+"/.exec(svg);
  if (!speed || !width) return null;
  const xs = [...new Set([...svg.matchAll(/<line x1="([\d.]+)" y1="0" x2="\1" /g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const steps = xs.slice(1).map((x, i) => x - xs[i]!);
  if (steps.length === 0) return null;
  const mm = Math.min(...steps);
  return Number(width[1]) / (mm * Number(speed[1]));
}

/**
 * A rhythm strip must show as many seconds as its question and its text alternative say, or the
 * count a candidate makes from the picture disagrees with the key (a 3-second grid under a
 * "6 seconds" stem doubles every rate).
 */
export function stripProblem(
  q: { id: string; stem: string; image?: { file: string; alt: string } | undefined },
  svg: string,
): string | null {
  if (!q.image) return null;
  const shown = stripSeconds(svg);
  if (shown === null) return null;
  for (const [where, text] of [
    ["stem", q.stem],
    ["picture's description", q.image.alt],
  ] as const) {
    const said = statedSeconds(text);
    if (said !== null && Math.abs(said - shown) > 0.05)
      return `${q.id}: the ${where} says ${said} seconds, but images/${q.image.file} shows ${Math.round(shown * 10) / 10} seconds at its paper speed`;
  }
  return null;
}

/**
 * Words that only North America uses, each with what says the same elsewhere: an item every region
 * sees (region global) that writes one must write the other too in the same text.
 */
export const REGIONAL_TERMS: readonly { term: RegExp; elsewhere: RegExp; hint: string }[] = [
  { term: /\bnitroglycerin\b/i, elsewhere: /\bGTN\b|glyceryl trinitrate/i, hint: "nitroglycerin (GTN)" },
  { term: /\bEMTs?\b/, elsewhere: /ambulance technician/i, hint: "EMT (ambulance technician)" },
];

/** Items shown to every region that use a North American term without the word other regions use. */
export function regionalTermProblems(themes: readonly ContentTheme[]): string[] {
  const out: string[] = [];
  for (const theme of themes)
    for (const q of theme.questions) {
      if (q.region !== "global") continue;
      const texts = [q.stem, q.explanation, ...("options" in q ? q.options.flatMap((o) => [o.text, o.explanation]) : [])];
      for (const { term, elsewhere, hint } of REGIONAL_TERMS)
        if (texts.some((t) => term.test(t) && !elsewhere.test(t))) {
          out.push(
            `${q.id}: shown in every region but writes ${term.source.replace(/\\b|s\?/g, "")} alone; write "${hint}", or tag the region`,
          );
          break;
        }
    }
  return out;
}
