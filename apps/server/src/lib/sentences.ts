/**
 * Sentences of a text, for quoting: whole sentences, verbatim, never cut inside a number ("0.5 mg",
 * "1.5 times", "1910.134"), a unit, an abbreviation or a list item.
 *
 * Each line of the text (a paragraph, a list item or a table row, as library sections store them)
 * is split on its own by the Unicode sentence rules (UAX #29, through `Intl.Segmenter`), which
 * already keep a decimal point or "e.g." inside its sentence; a break after a title or another
 * abbreviation that does not end sentences ("Dr.", "approx.", "Fig. 3") is then undone.
 */

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Abbreviations that never end a sentence (lower case, without their full stop). */
const NEVER_LAST = new Set([
  "dr",
  "mr",
  "mrs",
  "ms",
  "prof",
  "st",
  "mt",
  "capt",
  "lt",
  "sgt",
  "cpl",
  "col",
  "gen",
  "rev",
  "e.g",
  "i.e",
  "vs",
  "cf",
  "approx",
  "ca",
  "incl",
  "esp",
]);
/** Abbreviations that end a sentence unless a number follows ("No. 3", "Fig. 2", "p. 14"). */
const BEFORE_NUMBERS = new Set(["no", "nos", "fig", "figs", "vol", "p", "pp", "para", "sec", "ch", "tab"]);

export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const parts = [...segmenter.segment(line)].map((s) => s.segment);
    let current = "";
    for (const [i, part] of parts.entries()) {
      current += part;
      const last = /(\S+)\.\s*$/
        .exec(current)?.[1]
        ?.toLowerCase()
        .replace(/^[("'“‘[]+/, "");
      const next = parts[i + 1];
      const keepGoing =
        next !== undefined &&
        last !== undefined &&
        (NEVER_LAST.has(last) || (BEFORE_NUMBERS.has(last) && /^\s*\d/.test(next)) || /^\s*[a-z]/.test(next));
      if (keepGoing) continue;
      const sentence = current.trim();
      if (sentence) out.push(sentence);
      current = "";
    }
    if (current.trim()) out.push(current.trim());
  }
  return out;
}
