import { z } from "zod";
import { evaluateFormula, type FormulaError, formulaVariables, variableChoices } from "./formula.ts";

/**
 * The question bank as staff write it: one JSON file per theme under content/themes,
 * tracks and blueprints in content/tracks.json, study documents in content/library.
 * The seed loads these files; the tests validate every file against these schemas.
 */

export const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lowercase words joined by hyphens");

export const TrackSlug = z.enum(["ems", "fire-rescue", "water-rescue", "dispatch"]);
export type TrackSlug = z.infer<typeof TrackSlug>;

/** Where standards differ, a question names the region whose set it follows. */
export const Region = z.enum(["global", "europe", "north-america", "uk", "australia-nz"]);
export type Region = z.infer<typeof Region>;

/** EMS certification levels, from the EMT's scope of practice upwards (National EMS Scope of Practice Model). */
export const EmsScope = z.enum(["emt", "aemt", "paramedic"]);
export type EmsScope = z.infer<typeof EmsScope>;

/** The tracks a question is asked in: its own or its theme's, less EMS when it lies beyond the EMT's scope. */
export function askedInTracks(q: { tracks?: readonly string[] | undefined; scope?: EmsScope | undefined }, themeTracks: readonly string[]) {
  const tracks = q.tracks ?? themeTracks;
  return q.scope && q.scope !== "emt" ? tracks.filter((t) => t !== "ems") : [...tracks];
}

export const QuestionType = z.enum(["single", "multiple", "true_false", "ordering", "numeric"]);
export type QuestionType = z.infer<typeof QuestionType>;

const Text = z.string().trim().min(1);

export const ContentOption = z.strictObject({
  /** Stable within the question: "a", "b", "c", ... (for true_false: "true" and "false"). */
  id: z.string().regex(/^[a-z0-9]+$/),
  text: Text,
  /** single/multiple/true_false: whether this option is part of the key. Absent for ordering. */
  correct: z.boolean().optional(),
  /** Why this option is right, or why a candidate might pick it and why it is wrong. */
  explanation: Text,
});
export type ContentOption = z.infer<typeof ContentOption>;

export const LibraryReference = z.strictObject({
  /** Slug of a document in content/library (file name without .md). */
  document: Slug,
  /** Slug of a `## ` heading in that document. */
  section: Slug,
});

const QuestionBase = {
  /** Stable id, unique across the bank: "<theme-slug>-NNN". */
  id: z.string().regex(/^[a-z0-9-]+-\d{3}$/),
  difficulty: z.number().int().min(1).max(5),
  /** Tracks whose candidates should see it; defaults to the theme's tracks. */
  tracks: z.array(TrackSlug).min(1).optional(),
  region: Region.default("global"),
  /**
   * The EMS certification level whose scope of practice the question belongs to, when it is above
   * the EMT's: "aemt" (intravenous fluids and drip rates) or "paramedic" (drawn-up, weight-based drug
   * doses). The EMS track prepares for the EMT exam, so its candidates never get such a question.
   */
  scope: EmsScope.optional(),
  stem: Text,
  /** The teaching point of the whole question, shown after answering. */
  explanation: Text,
  /** The public guideline, standard or method the fact comes from. */
  source: Text,
  reference: LibraryReference.optional(),
  /**
   * A picture that is the question (a placard, a rhythm strip, a hose fitting): a file in
   * content/images made by us (SVG or PNG), with a text alternative that does not give the key away.
   */
  image: z
    .strictObject({
      file: z.string().regex(/^[a-z0-9-]+\.(svg|png)$/, "a file name in content/images: lowercase words, .svg or .png"),
      alt: Text,
    })
    .optional(),
  /** The guideline or standard edition the key follows, and the date a reviewer last checked it. */
  guideline: z.strictObject({ edition: Text, reviewed: z.iso.date() }).optional(),
};

export const SingleQuestion = z.strictObject({
  ...QuestionBase,
  type: z.literal("single"),
  options: z.array(ContentOption).min(3).max(6),
});
export const MultipleQuestion = z.strictObject({
  ...QuestionBase,
  type: z.literal("multiple"),
  options: z.array(ContentOption).min(4).max(7),
});
export const TrueFalseQuestion = z.strictObject({
  ...QuestionBase,
  type: z.literal("true_false"),
  options: z.array(ContentOption).length(2),
});
/** Options are listed in the correct order; the player shuffles them. */
export const OrderingQuestion = z.strictObject({
  ...QuestionBase,
  type: z.literal("ordering"),
  options: z.array(ContentOption).min(3).max(7),
});
/** A number that varies per attempt: drawn from min..max in steps of step. */
export const NumericVariable = z
  .strictObject({ min: z.number(), max: z.number(), step: z.number().positive() })
  .refine((v) => v.max >= v.min, "max is at least min")
  .refine((v) => variableChoices(v) <= 10_000, "at most 10,000 values");
export const NumericQuestion = z.strictObject({
  ...QuestionBase,
  type: z.literal("numeric"),
  /** The answer of a question with fixed numbers; absent when `formula` computes it. */
  answer: z.number().optional(),
  /**
   * Numbers drawn per attempt (the stem shows them as `{name}`), and the formula over them that
   * gives the answer (see formula.ts): a drug dose by weight, a friction loss, a drip rate.
   */
  variables: z
    .record(z.string().regex(/^[a-z][a-z0-9_]*$/, "a variable name is lowercase letters, digits and _"), NumericVariable)
    .optional(),
  formula: z.string().trim().min(1).max(300).optional(),
  /** Accepted absolute difference from the answer (0 = exact). */
  tolerance: z.number().min(0),
  unit: z.string().trim().max(20).default(""),
});

/** Why a numeric question's answer, formula and variables do not fit together, or null. */
export function numericProblem(q: z.infer<typeof NumericQuestion>): string | null {
  const templated = q.formula !== undefined || q.variables !== undefined;
  if (!templated) return q.answer === undefined ? "a numeric question has an answer, or variables and a formula" : null;
  if (q.answer !== undefined) return "a question with a formula has no fixed answer";
  if (!q.formula || !q.variables || Object.keys(q.variables).length === 0)
    return "a question whose numbers vary has both variables and a formula";
  const declared = Object.keys(q.variables);
  let used: string[];
  try {
    used = formulaVariables(q.formula);
  } catch (e) {
    return `formula: ${(e as FormulaError).message}`;
  }
  const unknown = used.filter((n) => !declared.includes(n));
  if (unknown.length) return `formula uses undeclared ${unknown.join(", ")}`;
  const shown = new Set([...q.stem.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1]!));
  const hidden = declared.filter((n) => !shown.has(n));
  if (hidden.length) return `the stem does not show {${hidden.join("}, {")}}`;
  const unknownShown = [...shown].filter((n) => !declared.includes(n));
  if (unknownShown.length) return `the stem shows undeclared {${unknownShown.join("}, {")}}`;
  // The formula must give a number at both ends of every range.
  for (const end of ["min", "max"] as const) {
    const values = Object.fromEntries(declared.map((n) => [n, q.variables![n]![end]]));
    try {
      evaluateFormula(q.formula, values);
    } catch (e) {
      return `formula at the ${end} of the ranges: ${(e as Error).message}`;
    }
  }
  return null;
}

export const ContentQuestion = z
  .discriminatedUnion("type", [SingleQuestion, MultipleQuestion, TrueFalseQuestion, OrderingQuestion, NumericQuestion])
  .superRefine((q, ctx) => {
    if (q.type === "numeric") {
      const problem = numericProblem(q);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
      return;
    }
    const ids = q.options.map((o) => o.id);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", message: "option ids repeat" });
    const keyed = q.options.filter((o) => o.correct === true).length;
    if (q.type === "ordering") {
      if (q.options.some((o) => o.correct !== undefined))
        ctx.addIssue({ code: "custom", message: "ordering options carry no 'correct' flag" });
      return;
    }
    if (q.options.some((o) => o.correct === undefined))
      ctx.addIssue({ code: "custom", message: "every option says whether it is correct" });
    if (q.type === "single" && keyed !== 1) ctx.addIssue({ code: "custom", message: "a single-choice question has exactly one key" });
    if (q.type === "multiple" && (keyed < 2 || keyed === q.options.length))
      ctx.addIssue({ code: "custom", message: "a multiple-response question has 2+ keys and 1+ distractor" });
    if (q.type === "true_false") {
      if (ids.slice().sort().join() !== "false,true")
        ctx.addIssue({ code: "custom", message: "true_false options are 'true' and 'false'" });
      if (keyed !== 1) ctx.addIssue({ code: "custom", message: "true_false has exactly one key" });
    }
  });
export type ContentQuestion = z.infer<typeof ContentQuestion>;

export const ContentTheme = z.strictObject({
  slug: Slug,
  name: Text,
  description: Text,
  /** Tracks whose blueprint may include this theme. */
  tracks: z.array(TrackSlug).min(1),
  questions: z.array(ContentQuestion).min(15),
});
export type ContentTheme = z.infer<typeof ContentTheme>;

export const ContentTrack = z.strictObject({
  slug: TrackSlug,
  name: Text,
  description: Text,
  /**
   * The real exam this track prepares for: its length, time and pass mark (a share of items
   * right), which the timed mock exam copies, and where those figures come from.
   */
  exam: z
    .strictObject({
      questions: z.number().int().min(10).max(300),
      minutes: z.number().int().min(5).max(480),
      passMark: z.number().min(0.3).max(1),
      /** A computer-adaptive exam's shortest and longest length. */
      adaptive: z.strictObject({ minQuestions: z.number().int().min(5), maxQuestions: z.number().int().max(300) }).optional(),
      source: Text,
    })
    .optional(),
  /** The entrance exam's themes and their weights (they sum to 100). */
  blueprint: z.strictObject({
    version: z.number().int().min(1),
    themes: z.array(z.strictObject({ theme: Slug, weight: z.number().int().min(1).max(100) })).min(3),
  }),
});
export const ContentTracks = z.array(ContentTrack).min(4);
