import { spellingKey } from "./spelling.ts";

/**
 * The library's own words, read from the database once per library version (every write to a
 * document, a section or a plan makes a new one) from the counts those writes keep (migration
 * 0035), never from the sections themselves: each word with the number of sections holding
 * it and its English stem (null for a stop word), and each stem with its number of sections. It
 * gives the search its spelling variants (the library's spelling of a word), its weights (a rare
 * word tells more than a common one) and its "did you mean" (the nearest word it knows).
 */
export type Vocabulary = {
  /** Published sections in all. */
  sections: number;
  words: Map<string, { sections: number; stem: string | null }>;
  stems: Map<string, number>;
  /** A spelling key → the library's words with that key. */
  bySpelling: Map<string, string[]>;
  /** A spelling key of a stem → the library's stems with that key ("hemorrhag" → "haemorrhag"). */
  stemsBySpelling: Map<string, string[]>;
  /** A trigram → the words holding it (for "did you mean"). */
  byTrigram: Map<string, string[]>;
};

export type VocabularyRows = {
  sections: number;
  words: { word: string; sections: number; stem: string | null }[];
  stems: { stem: string; sections: number }[];
};

/** Trigrams of a word as pg_trgm makes them: the word padded with two spaces before and one after. */
export function trigramsOf(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of the two words. */
export function similarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = trigramsOf(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

const isWord = (w: string) => /^[a-z][a-z0-9]*$/.test(w);

export function buildVocabulary(rows: VocabularyRows): Vocabulary {
  const words = new Map(rows.words.map((r) => [r.word, { sections: r.sections, stem: r.stem }]));
  const stems = new Map(rows.stems.map((r) => [r.stem, r.sections]));
  const bySpelling = new Map<string, string[]>();
  const byTrigram = new Map<string, string[]>();
  for (const [word, info] of words) {
    if (!isWord(word)) continue;
    const key = spellingKey(word);
    bySpelling.set(key, [...(bySpelling.get(key) ?? []), word]);
    // Only words worth suggesting: not stop words, and long enough to be mistyped.
    if (info.stem === null || word.length < 4) continue;
    for (const t of trigramsOf(word)) {
      const list = byTrigram.get(t);
      if (list) list.push(word);
      else byTrigram.set(t, [word]);
    }
  }
  const stemsBySpelling = new Map<string, string[]>();
  for (const stem of stems.keys()) {
    const key = spellingKey(stem);
    stemsBySpelling.set(key, [...(stemsBySpelling.get(key) ?? []), stem]);
  }
  return { sections: rows.sections, words, stems, bySpelling, stemsBySpelling, byTrigram };
}

/** The library's spellings of `word` (itself included when the library uses it). */
export function spellingsOf(vocabulary: Vocabulary, word: string): string[] {
  return vocabulary.bySpelling.get(spellingKey(word)) ?? [];
}

/** Trigram similarity a word must share with a library word to be looked at as its typo. */
const CANDIDATE_AT = 0.3;

/** Typos allowed in a word of this length, as search engines count them: one from 4 letters, two from 8. */
const typosAllowed = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/**
 * Edits between two words (insertions, deletions, substitutions and swaps of two neighbours:
 * the optimal string alignment distance), or `max + 1` once it is sure to be more than `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The library word `word` is most likely a typo of, for a word the library does not know: within
 * the typos its length allows (fewest first), then the most similar by trigrams, then the most
 * used; null when none is near enough.
 */
export function suggestionFor(vocabulary: Vocabulary, word: string): string | null {
  const allowed = typosAllowed(word.length);
  if (!allowed || !isWord(word)) return null;
  const shared = new Map<string, number>();
  for (const t of trigramsOf(word)) for (const w of vocabulary.byTrigram.get(t) ?? []) shared.set(w, (shared.get(w) ?? 0) + 1);
  const own = trigramsOf(word).size;
  let best: { word: string; typos: number; score: number; sections: number } | null = null;
  for (const [candidate, n] of shared) {
    const score = n / (own + trigramsOf(candidate).size - n);
    if (score < CANDIDATE_AT) continue;
    const typos = typoDistance(word, candidate, allowed);
    if (typos > allowed) continue;
    const sections = vocabulary.words.get(candidate)?.sections ?? 0;
    const better =
      !best || typos < best.typos || (typos === best.typos && (score > best.score || (score === best.score && sections > best.sections)));
    if (better) best = { word: candidate, typos, score, sections };
  }
  return best?.word ?? null;
}

/** How much a term tells, from how many of the library's sections hold it (BM25's inverse document frequency). */
export function weightOf(vocabulary: Vocabulary, sections: number): number {
  const n = Math.min(sections, vocabulary.sections);
  return Math.log(1 + (vocabulary.sections - n + 0.5) / (n + 0.5));
}
