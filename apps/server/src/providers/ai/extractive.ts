import type { Answerer, AnswerInput, AnswerOutput } from "./answerer.ts";

const SENTENCE = /[^.!?\n]+(?:[.!?]+|$)/g;

/** Sentences of a passage, trimmed, skipping fragments too short to answer anything. */
export function sentencesOf(text: string): string[] {
  return (text.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s.split(/\s+/).length >= 4);
}

const wordsOf = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Which stems a sentence holds: a word holds a stem when it begins with it (english stems are prefixes). */
export function matchedStems(sentence: string, lexemes: string[]): Set<string> {
  const words = wordsOf(sentence);
  const found = new Set<string>();
  for (const lexeme of lexemes) if (words.some((w) => w.startsWith(lexeme))) found.add(lexeme);
  return found;
}

/**
 * The built-in answerer: the sentences of the retrieved passages that hold most of the question's
 * terms (the section heading counts a little), best first, at most three, each cited. When no
 * sentence holds enough of the terms, it says the library holds no answer rather than guess.
 */
export function extractiveAnswer({ lexemes, passages }: AnswerInput): AnswerOutput {
  if (!lexemes.length || !passages.length) return { answered: false, text: "", used: [] };
  const needed = Math.min(2, lexemes.length);
  type Scored = { n: number; sentence: string; score: number; order: number };
  const scored: Scored[] = [];
  passages.forEach((p, pi) => {
    const inHeading = matchedStems(p.heading, lexemes);
    sentencesOf(p.text).forEach((sentence, si) => {
      const inSentence = matchedStems(sentence, lexemes);
      const covered = new Set([...inSentence, ...inHeading]);
      if (inSentence.size === 0 || covered.size < needed) return;
      // Terms in the sentence count fully, terms only in the heading half; earlier passages
      // (better ranked) and earlier sentences win ties.
      const score = inSentence.size + 0.5 * (covered.size - inSentence.size) - pi * 0.01 - si * 0.001;
      scored.push({ n: p.n, sentence, score, order: pi * 10_000 + si });
    });
  });
  if (!scored.length) return { answered: false, text: "", used: [] };
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]!.score;
  const chosen = scored.filter((s) => s.score >= best - 1).slice(0, 3);
  chosen.sort((a, b) => a.order - b.order);
  const text = chosen.map((s) => `${s.sentence} [${s.n}]`).join(" ");
  const used = new Map<number, string[]>();
  for (const s of chosen) used.set(s.n, [...(used.get(s.n) ?? []), s.sentence]);
  return { answered: true, text, used: [...used].map(([n, quotes]) => ({ n, quote: quotes.join(" ") })) };
}

export function createExtractiveAnswerer(): Answerer {
  return {
    kind: "built-in",
    model: null,
    answer: async (input) => extractiveAnswer(input),
    isReachable: async () => true,
    transcribe: null,
    translate: null,
  };
}
