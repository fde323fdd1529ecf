import { z } from "zod";

/** Onboarding, quizzes, attempts, results and readiness: `/v3/api/custom/{name}/...`. */

const Slug = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9-]+$/, "Unknown theme");
export const QuizMode = z.enum(["practice", "exam"]);
export type QuizMode = z.infer<typeof QuizMode>;
export const QuizDifficulty = z.union([z.literal("adaptive"), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export type QuizDifficulty = z.infer<typeof QuizDifficulty>;

import { EXAM_SECONDS_PER_QUESTION, QUIZ_MAX_LENGTH, QUIZ_MIN_LENGTH } from "./constants.ts";

// The quiz bounds live in constants.ts (no zod there, for the browser); kept here for existing importers.
export { EXAM_SECONDS_PER_QUESTION, QUIZ_MAX_LENGTH, QUIZ_MIN_LENGTH };

export const QuizSettingsInput = z.strictObject({
  length: z
    .number()
    .int()
    .min(QUIZ_MIN_LENGTH, `A quiz has at least ${QUIZ_MIN_LENGTH} questions`)
    .max(QUIZ_MAX_LENGTH, `A quiz has at most ${QUIZ_MAX_LENGTH} questions`),
  difficulty: QuizDifficulty,
  mode: QuizMode,
});
export type QuizSettingsInput = z.infer<typeof QuizSettingsInput>;

export const OnboardingProfile = z.strictObject({
  track: z.enum(["ems", "fire-rescue", "water-rescue", "dispatch"]).optional(),
  targetExamDate: z.iso.date().nullable().optional(),
  region: z.enum(["global", "europe", "north-america", "uk", "australia-nz"]).optional(),
  experience: z.enum(["none", "volunteer", "some", "professional"]).optional(),
  weeklyHours: z.number().int().min(1).max(60).optional(),
  themes: z.array(Slug).max(40).optional(),
  confidence: z.record(Slug, z.number().int().min(1).max(5)).optional(),
  quiz: QuizSettingsInput.optional(),
});
export type OnboardingProfile = z.infer<typeof OnboardingProfile>;
export const SaveOnboardingRequest = OnboardingProfile;

export const CreateQuizRequest = z.strictObject({
  track: z.enum(["ems", "fire-rescue", "water-rescue", "dispatch"]).optional(),
  themes: z.array(Slug).min(1, "Choose at least one theme").max(40).optional(),
  length: z
    .number()
    .int()
    .min(QUIZ_MIN_LENGTH, `A quiz has at least ${QUIZ_MIN_LENGTH} questions`)
    .max(QUIZ_MAX_LENGTH, `A quiz has at most ${QUIZ_MAX_LENGTH} questions`)
    .optional(),
  difficulty: QuizDifficulty.optional(),
  mode: QuizMode.optional(),
  /** Reproducible generation (tests, support); a random seed otherwise. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional(),
  /** Retry only the questions missed in this earlier quiz. */
  retryOf: z.number().int().positive().optional(),
  /** Only the questions due for spaced review. */
  reviewDue: z.boolean().optional(),
  /**
   * Always generate a new quiz. Without it, an unfinished quiz made from the same choices is
   * answered instead (with `resumed: true`), so revisiting the generate screen resumes it.
   */
  new: z.boolean().optional(),
});
export type CreateQuizRequest = z.infer<typeof CreateQuizRequest>;

export const PreviewQuizRequest = z.strictObject({
  track: z.enum(["ems", "fire-rescue", "water-rescue", "dispatch"]).optional(),
  themes: z.array(Slug).min(1, "Choose at least one theme").max(40),
  length: z.number().int().min(QUIZ_MIN_LENGTH).max(QUIZ_MAX_LENGTH),
  difficulty: QuizDifficulty,
});

export const AnswerResponse = z.union([
  z.strictObject({ choice: z.string().min(1).max(20) }),
  z.strictObject({ choices: z.array(z.string().min(1).max(20)).max(10) }),
  z.strictObject({ order: z.array(z.string().min(1).max(20)).max(10) }),
  z.strictObject({ value: z.number().finite() }),
]);
export type AnswerResponse = z.infer<typeof AnswerResponse>;

/** PUT quiz/update/{id}: save answers, flags and the current position while the quiz is open. */
export const UpdateQuizRequest = z.strictObject({
  answers: z
    .array(z.strictObject({ questionId: z.string().min(1).max(80), response: AnswerResponse }))
    .max(100)
    .optional(),
  flags: z
    .array(z.strictObject({ questionId: z.string().min(1).max(80), flagged: z.boolean() }))
    .max(100)
    .optional(),
  position: z.number().int().min(0).max(QUIZ_MAX_LENGTH).optional(),
});
export type UpdateQuizRequest = z.infer<typeof UpdateQuizRequest>;

export type PlayerOption = { id: string; text: string };
export type PlayerQuestion = {
  questionId: string;
  position: number;
  theme: string;
  themeName: string;
  type: "single" | "multiple" | "true_false" | "ordering" | "numeric";
  difficulty: number;
  stem: string;
  options: PlayerOption[];
  unit: string;
  /** How many options a multiple-response question keys (shown as "choose N"). */
  choose?: number;
  flagged: boolean;
  response: AnswerResponse | null;
  /** Practice mode, once answered: the feedback for this question. */
  feedback?: QuestionReview | null;
};
export type QuestionReview = {
  isCorrect: boolean;
  correct: AnswerResponse;
  explanation: string;
  options: { id: string; text: string; correct?: boolean; explanation: string }[];
  numeric?: { answer: number; tolerance: number; unit: string };
  source: string;
  reference: { document: string; section: string } | null;
};
export type QuizSummary = {
  id: number;
  title: string;
  track: string;
  mode: QuizMode;
  status: "in_progress" | "submitted" | "expired";
  total: number;
  answered: number;
  correctCount: number | null;
  score: number | null;
  createdAt: string;
  submittedAt: string | null;
  deadlineAt: string | null;
  missed: number;
};
export type QuizModel = QuizSummary & {
  blueprintVersion: number;
  settings: { themes: string[]; length: number; difficulty: QuizDifficulty };
  position: number;
  timeLimitSeconds: number | null;
  /** Server clock at answer time, so the player's timer does not trust the device clock. */
  serverNow: string;
  questions: (PlayerQuestion & { review?: QuestionReview; userResponse?: AnswerResponse | null })[];
  /** After submit: per-theme breakdown. */
  breakdown?: { theme: string; themeName: string; total: number; correct: number }[];
};

export type ThemeInfo = { slug: string; name: string; description: string; weight: number; questionCount: number };
export type TrackInfo = { slug: string; name: string; description: string; blueprintVersion: number; themes: ThemeInfo[] };

export type Mastery = {
  theme: string;
  themeName: string;
  mastery: number;
  low: number;
  high: number;
  answered: number;
  correct: number;
  weight: number;
};
export type DashboardModel = {
  track: string | null;
  trackName: string | null;
  readiness: { readiness: number; low: number; high: number; answered: number } | null;
  mastery: Mastery[];
  dueForReview: number;
  recent: QuizSummary[];
  quota: { packageName: string; quizzesPerWeek: number | null; usedThisWeek: number };
  targetExamDate: string | null;
};

// ---------------------------------------------------------------- admin: question bank

export const QuestionStatus = z.enum(["active", "review", "retired"]);
export const QuestionListQuery = z.strictObject({
  q: z.string().max(200).optional(),
  theme: Slug.optional(),
  type: z.enum(["single", "multiple", "true_false", "ordering", "numeric"]).optional(),
  difficulty: z.coerce.number().int().min(1).max(5).optional(),
  status: QuestionStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// The question bank's answers are in question-bank.ts.
export type { AdminOption, AdminQuestion } from "./question-bank.ts";

export const NewBlueprintRequest = z.strictObject({
  track: z.enum(["ems", "fire-rescue", "water-rescue", "dispatch"]),
  themes: z
    .array(z.strictObject({ theme: Slug, weight: z.number().int().min(1).max(100) }))
    .min(1)
    .max(40),
  note: z.string().trim().max(500).default(""),
});

export const ImportRequest = z.strictObject({
  format: z.enum(["json", "csv"]),
  /** The file's text (JSON: an array of questions; CSV: a header row and one question per row). */
  content: z.string().min(1).max(900_000),
  /** Check only: answer the per-row errors without saving. */
  dryRun: z.boolean().default(false),
});

export type { ItemStatistic } from "./question-bank.ts";
