/**
 * Who writes the study assistant's answers. The assistant always retrieves the passages itself
 * (the library sections the reader may open); an answerer only words an answer from them and
 * says which passages it used. Built in: extractive, no network, no model. Configured
 * (`AI_BASE_URL`): an OpenAI-compatible chat-completions endpoint, whose answer is checked against
 * the passages before anyone sees it.
 */

/** A retrieved passage, numbered as the answer cites it ([1], [2], …). */
export type Passage = { n: number; title: string; heading: string; text: string };

/** A word or phrase of the question, as the library search planned it. */
export type QuestionConcept = {
  text: string;
  /** How much it tells (rare in the library: high). */
  weight: number;
  /** Whether the library holds it at all (in one of its spellings or synonyms). */
  known: boolean;
  isNumber: boolean;
  /** Taken for a library word (a typo corrected). */
  corrected: boolean;
  /** Held only by the stem of a form the library never writes: weak evidence of what was meant. */
  loose?: boolean;
  /** Unknown to the library and to ordinary English: a term of a field the library does not cover ("prusik", "ketamine"). */
  foreign: boolean;
};

export type AnswerInput = {
  question: string;
  concepts: QuestionConcept[];
  /** Best first. */
  passages: Passage[];
  /** Which concepts (indexes into `concepts`) a piece of library text holds. */
  holds: (text: string) => Set<number>;
};

/** `used`: the passages the answer rests on, each with the words quoted from it (whole sentences, verbatim). */
export type AnswerOutput = { answered: boolean; text: string; used: { n: number; quote: string }[] };

export interface Answerer {
  readonly kind: "built-in" | "openai-compatible";
  readonly model: string | null;
  answer(input: AnswerInput): Promise<AnswerOutput>;
  isReachable(): Promise<boolean>;
  /** Speech to text; null when no provider can do it. */
  readonly transcribe: ((audio: Buffer, fileName: string, mime: string) => Promise<string>) | null;
  readonly translate: ((text: string, targetLanguage: string) => Promise<string>) | null;
}

/** The provider could not be reached or refused: callers answer 502/503, never 500. */
export class AnswererUnavailableError extends Error {}
