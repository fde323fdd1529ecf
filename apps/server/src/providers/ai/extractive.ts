import { sentencesOf } from "../../lib/sentences.ts";
import type { Answerer, AnswerInput, AnswerOutput } from "./answerer.ts";
import { carriesNumber, clausesOf, focusOf, type NumberKind, type QuestionShape, shapeOf } from "./question-shape.ts";

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+(?:\.[0-9]+)?/g) ?? [];

/**
 * The built-in answerer: it quotes the library, never words its own. Of the retrieved passages it
 * takes the one section that best answers the question (the most of the question's weight in its
 * heading and text, with a sentence that carries what was asked: a dose, a depth, the steps), then
 * that section's sentences that carry it, in reading order, each whole and verbatim, cited. When
 * the library holds no answer it says so: when a telling word of the question is one the library
 * never uses (a drug it does not cover), or when no section holds most of what was asked.
 */

/** A sentence of a passage, with the line it is on (a paragraph or a list item). */
type Sentence = { text: string; line: number; order: number };

function sentencesWithLines(text: string): Sentence[] {
  const out: Sentence[] = [];
  text.split("\n").forEach((line, i) => {
    for (const s of sentencesOf(line)) out.push({ text: s, line: i, order: out.length });
  });
  return out;
}

/** Share of the question's known weight a section must hold, in its heading and chosen sentences, to answer. */
const ENOUGH = 0.35;
/** Share of the question's weight that words new to the library may carry before it declines. */
const UNKNOWN_AT_MOST = 0.3;
/** Kinds of number a question is answered by only when a sentence states one. */
const EXACT = new Set<NumberKind>(["dose", "year"]);
const MAX_LIST_LINES = 8;
/** A line of at most this many sentences and characters is a list item or a short paragraph: quoted whole. */
const MAX_LINE_SENTENCES = 3;
const MAX_LINE_CHARS = 400;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The best answer the passages hold, with what the decision to give it rests on. */
export type Candidate = {
  passage: AnswerInput["passages"][number];
  chosen: Sentence[];
  /** Share of the question's known weight in the passage's heading and the chosen sentences. */
  covered: number;
  /** Share of the question's weight carried by telling words the library never uses (1 when the thing asked about is one). */
  unknown: number;
  /** Whether a chosen sentence carries the kind of number asked for (true when none is asked for). */
  answersShape: boolean;
};

/**
 * The names a question writes: runs of capitalised words not opening a sentence ("Parkland",
 * "Mount Everest", "Great Fire of London"), joined by "of", "the" or "and". Abbreviations in
 * capitals ("CPR") are not names here: the library's dictionary answers for them.
 */
export function namesIn(question: string): string[][] {
  const names: string[][] = [];
  for (const sentence of sentencesOf(question)) {
    const words = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
    let run: string[] = [];
    const close = () => {
      while (run.length && /^(of|the|and)$/.test(run.at(-1)!)) run.pop();
      if (run.length) names.push(run);
      run = [];
    };
    words.forEach((word, i) => {
      if (i > 0 && /^\p{Lu}\p{Ll}/u.test(word)) run.push(word.toLowerCase());
      else if (run.length && (/^(of|the|and)$/.test(word) || /^\d+$/.test(word))) run.push(word.toLowerCase());
      else close();
    });
    close();
  }
  return names;
}

/** Whether a text holds every word of a name in order, as the name. */
const holdsName = (text: string, name: string[]) =>
  new RegExp(`\\b${name.map((w) => w.replace(/[^\p{L}\p{N}]/gu, ".")).join("\\W+")}\\b`, "iu").test(text);

export function bestAnswer({ question, concepts, passages, holds }: AnswerInput): Candidate | null {
  const known = concepts.map((c, i) => ({ ...c, i })).filter((c) => c.known);
  if (!known.length || !passages.length) return null;
  const knownWeight = sum(known.map((c) => c.weight));
  // Words the library never uses: ordinary English ("might", "hook") counts half, being often only
  // how the question is put; a name ("the Parkland formula") counts whole, like a word no English
  // dictionary holds.
  // A question for a dose or a year is strict: every such word counts whole (in "the paracetamol
  // dose for a child", the drug), and a section must hold its rarest word (the drug, the event).
  const shape = shapeOf(question);
  const exact = (shape.number ?? []).some((k) => EXACT.has(k));
  const names = namesIn(question);
  const named = new Set(names.filter((n) => n.length === 1).map((n) => n[0]!));
  const unknownWeight = sum(
    concepts
      .filter((c) => !c.known && !c.isNumber && !c.corrected && c.text.length >= 4)
      .map((c) => (exact || c.foreign || named.has(c.text) ? 1 : 0.5) * c.weight),
  );
  // Its rarest word that some retrieved section holds (a word none holds tells no section apart),
  // as written (not "injecter", held only by the stem of "inject").
  const heldBySection = passages.map((p) => holds(`${p.title} ${p.heading} ${p.text}`));
  const rarest = known
    .filter((c) => !c.isNumber && !c.loose && heldBySection.some((held) => held.has(c.i)))
    .sort((a, b) => b.weight - a.weight)[0];
  const weightOf = (held: Set<number>, factor?: Map<number, number>) =>
    sum(known.filter((c) => held.has(c.i)).map((c) => c.weight * (factor?.get(c.i) ?? 1)));
  // Which concepts each part of the question holds, and which name what is asked for.
  const clauses = clausesOf(question).map((clause) => {
    const words = new Set(wordsOf(clause.text));
    const inClause = new Set(known.filter((c) => c.text.split(" ").every((w) => words.has(w))).map((c) => c.i));
    return { ...clause, concepts: inClause.size ? inClause : new Set(known.map((c) => c.i)) };
  });
  const focusWords = new Set(focusOf(question));
  const focus = new Set(known.filter((c) => c.text.split(" ").some((w) => focusWords.has(w))).map((c) => c.i));
  // The thing asked about is a word the library never uses ("What atropine dose…"), or a term of a
  // field it does not cover ("…a Prusik hitch"): whatever else matches, it is not the answer.
  const unknownTopic = concepts.some(
    (c) => !c.known && !c.isNumber && !c.corrected && (c.foreign || c.text.split(" ").some((w) => focusWords.has(w))),
  );

  let best: (Candidate & { score: number }) | null = null;
  passages.forEach((passage, rank) => {
    const inHeading = holds(`${passage.title} ${passage.heading}`);
    const sentences = sentencesWithLines(passage.text);
    if (!sentences.length) return;
    const chosen = chooseSentences(sentences, inHeading, { holds, weightOf, clauses, focus });
    if (!chosen.length) return;
    const held = new Set([...inHeading, ...chosen.flatMap((s) => [...holds(s.text)])]);
    const covered = weightOf(held) / knownWeight;
    const inSectionHeld = new Set([...inHeading, ...holds(passage.text)]);
    const inSection = weightOf(inSectionHeld) / knownWeight;
    const answersShape = shape.number ? chosen.some((s) => carriesNumber(s.text, shape.number!)) : true;
    // A dose or a year asked for: a section stating one comes before every section that does not.
    const shapeBonus = answersShape ? (exact ? 2 : 0.4) : 0;
    const score = covered + 0.5 * inSection + 0.3 * (weightOf(inHeading) / knownWeight) + shapeBonus - 0.02 * rank;
    // A name of several words ("the Great Fire of London") the section does not write is not its subject.
    const missesName = names.some((n) => n.length > 1 && !holdsName(`${passage.title} ${passage.heading} ${passage.text}`, n));
    const missesKey = exact && rarest !== undefined && !inSectionHeld.has(rarest.i);
    const unknown = unknownTopic || missesName || missesKey ? 1 : unknownWeight / (knownWeight + unknownWeight);
    if (!best || score > best.score) best = { passage, chosen, covered, unknown, answersShape, score };
  });
  return best;
}

export function extractiveAnswer(input: AnswerInput): AnswerOutput {
  const answer = bestAnswer(input);
  // A telling word the library never uses (a drug it does not cover), or no section holding most
  // of what was asked: the library holds no answer.
  if (!answer || answer.unknown > UNKNOWN_AT_MOST || answer.covered < ENOUGH) return { answered: false, text: "", used: [] };
  // A dose or a year asked for and not stated: sentences around it would only seem to answer.
  if (!answer.answersShape && (shapeOf(input.question).number ?? []).some((k) => EXACT.has(k)))
    return { answered: false, text: "", used: [] };
  // Sentences of one line (a paragraph, a list item) stand together; lines apart are marked "…".
  const quote = answer.chosen.map((s, i) => (i > 0 && s.line !== answer.chosen[i - 1]!.line ? `… ${s.text}` : s.text)).join(" ");
  return {
    answered: true,
    text: answer.chosen.map((s) => `${s.text} [${answer.passage.n}]`).join(" "),
    used: [{ n: answer.passage.n, quote }],
  };
}

/**
 * The sentences of one section that carry the answer, in reading order. For each part of the
 * question (see `clausesOf`): the sentence holding the most of that part's words (more for the
 * words naming what is asked for, more again for a sentence that defines one of them, "WILCO: …"),
 * and the kind of number it asks for. A short line (a list item) is kept whole; a sentence that
 * opens a list ("…:") brings the list's lines.
 */
function chooseSentences(
  sentences: Sentence[],
  inHeading: Set<number>,
  ctx: {
    holds: (text: string) => Set<number>;
    weightOf: (held: Set<number>, weights?: Map<number, number>) => number;
    clauses: { concepts: Set<number>; shape: QuestionShape; defines: boolean; asks: RegExp | null }[];
    focus: Set<number>;
  },
): Sentence[] {
  const { holds, weightOf, clauses, focus } = ctx;
  const held = sentences.map((s) => holds(s.text));
  // The term a sentence opens with, before a colon, that it then defines: "WILCO:", "Not stated:".
  const defined = sentences.map((s) => {
    const head = /^([^:]{1,40}):/.exec(s.text)?.[1];
    return head && head.split(/\s+/).length <= 5 ? holds(head) : new Set<number>();
  });
  const picked = new Set<number>();
  for (const clause of clauses) {
    const clauseWeight = weightOf(clause.concepts);
    if (!clauseWeight) continue;
    // Words naming what is asked for count double.
    const weights = new Map([...clause.concepts].map((i) => [i, focus.has(i) ? 2 : 1]));
    let best = -1;
    let bestScore = 0;
    sentences.forEach((s, k) => {
      const inClause = new Set([...held[k]!].filter((i) => clause.concepts.has(i)));
      if (!inClause.size) return;
      const headingOnly = new Set([...inHeading].filter((i) => clause.concepts.has(i) && !inClause.has(i)));
      const defines = new Set([...defined[k]!].filter((i) => clause.concepts.has(i)));
      const carries = clause.shape.number ? carriesNumber(s.text, clause.shape.number) : false;
      const echoes = clause.asks?.test(s.text) ?? false;
      const score =
        weightOf(inClause, weights) +
        0.5 * weightOf(headingOnly, weights) +
        (clause.defines ? 1 : 0.3) * weightOf(defines, weights) +
        (carries ? 0.6 * clauseWeight : 0) +
        (echoes ? 0.3 * clauseWeight : 0) -
        0.001 * s.order;
      if (score > bestScore) [best, bestScore] = [k, score];
    });
    if (best >= 0) picked.add(best);
  }
  // A short line is one item: keep it whole.
  for (const k of [...picked]) {
    const line = sentences.filter((s) => s.line === sentences[k]!.line);
    if (line.length <= MAX_LINE_SENTENCES && line.reduce((n, s) => n + s.text.length, 0) <= MAX_LINE_CHARS)
      for (const s of line) picked.add(s.order);
  }
  // A list item brings the line that opens its list ("Reassess …:"), as its context.
  for (const k of [...picked]) {
    const item = sentences[k]!;
    const opener = sentences.filter((s) => s.line < item.line && s.line >= item.line - MAX_LIST_LINES && /:\s*$/.test(s.text)).at(-1);
    if (opener && sentences.filter((s) => s.line > opener.line && s.line < item.line).length < MAX_LIST_LINES) picked.add(opener.order);
  }
  // A list: the sentence that opens it, then its lines.
  for (const k of [...picked]) {
    const opener = sentences[k]!;
    if (!/:\s*$/.test(opener.text)) continue;
    for (const s of sentences) if (s.line > opener.line && s.line <= opener.line + MAX_LIST_LINES) picked.add(s.order);
  }
  return [...picked].sort((a, b) => a - b).map((k) => sentences[k]!);
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
