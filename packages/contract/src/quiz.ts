import { z } from "zod";
import { QuizExtraTime } from "./accommodations.ts";

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

import {
  EXAM_SECONDS_PER_QUESTION,
  QUIZ_MAX_LENGTH,
  QUIZ_MIN_LENGTH,
  REVIEW_DAILY_DEFAULT,
  REVIEW_DAILY_MAX,
  REVIEW_DAILY_MIN,
} from "./constants.ts";

// The quiz bounds live in constants.ts (no zod there, for the browser); kept here for existing importers.
export { EXAM_SECONDS_PER_QUESTION, QUIZ_MAX_LENGTH, QUIZ_MIN_LENGTH, REVIEW_DAILY_DEFAULT, REVIEW_DAILY_MAX, REVIEW_DAILY_MIN };

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
  /** The most spaced reviews a day's review session holds (default REVIEW_DAILY_DEFAULT). */
  dailyReviews: z
    .number({ error: `The daily review limit is a whole number from ${REVIEW_DAILY_MIN} to ${REVIEW_DAILY_MAX}` })
    .int(`The daily review limit is a whole number from ${REVIEW_DAILY_MIN} to ${REVIEW_DAILY_MAX}`)
    .min(REVIEW_DAILY_MIN, `The daily review limit is at least ${REVIEW_DAILY_MIN} questions`)
    .max(REVIEW_DAILY_MAX, `The daily review limit is at most ${REVIEW_DAILY_MAX} questions`)
    .optional(),
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
  /**
   * Today's review session: the questions due for spaced review, oldest first, up to what is left
   * of the candidate's daily cap. Free: it does not count against the plan's weekly quizzes.
   */
  reviewDue: z.boolean().optional(),
  /** The questions missed or flagged in the last 24 hours, again. Free, as the review session. */
  missedToday: z.boolean().optional(),
  /**
   * A mock of the track's real exam (content/tracks.json): "fixed" follows the blueprint exactly
   * with the exam's length and time; "adaptive" picks each question by the candidate's answers so
   * far and stops once the result is precise enough. Track, themes, length and mode come from the exam.
   */
  mock: z.enum(["fixed", "adaptive"]).optional(),
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
    .array(
      z.strictObject({
        questionId: z.string().min(1).max(80),
        response: AnswerResponse,
        /** "Not sure": a right answer is still brought back for spaced review. */
        unsure: z.boolean().optional(),
        /** Seconds spent on the question (the player's clock): a right answer this fast rates Easy. */
        seconds: z.number().int().min(0).max(3600).optional(),
      }),
    )
    .max(100)
    .optional(),
  flags: z
    .array(z.strictObject({ questionId: z.string().min(1).max(80), flagged: z.boolean() }))
    .max(100)
    .optional(),
  position: z.number().int().min(0).max(QUIZ_MAX_LENGTH).optional(),
});
export type UpdateQuizRequest = z.infer<typeof UpdateQuizRequest>;

// ---------------------------------------------------------------- responses

const QuestionType = z.enum(["single", "multiple", "true_false", "ordering", "numeric"]);
const QuizStatus = z.enum(["in_progress", "submitted", "expired"]);
const LibraryRef = z.object({ document: z.string(), section: z.string() });
const NumericKey = z.object({ answer: z.number(), tolerance: z.number(), unit: z.string() });
/** A stored numeric key: a fixed answer, or numbers drawn per attempt and the formula over them. */
const StoredNumericKey = z.object({
  answer: z.number().optional(),
  formula: z.string().optional(),
  variables: z.record(z.string(), z.object({ min: z.number(), max: z.number(), step: z.number() })).optional(),
  tolerance: z.number(),
  unit: z.string(),
});

export const PlayerOption = z.object({ id: z.string(), text: z.string() });
export type PlayerOption = z.infer<typeof PlayerOption>;

/** After submit (or in practice once answered): the key, why, and where to read more. */
export const QuestionReview = z.object({
  isCorrect: z.boolean(),
  correct: AnswerResponse,
  explanation: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string(), correct: z.boolean().optional(), explanation: z.string() })),
  numeric: NumericKey.optional(),
  source: z.string(),
  reference: LibraryRef.nullable(),
  /** The guideline edition the key follows and when it was last checked. */
  guideline: z.object({ edition: z.string(), reviewed: z.string() }).nullable(),
});
export type QuestionReview = z.infer<typeof QuestionReview>;

export const PlayerQuestion = z.object({
  questionId: z.string(),
  position: z.number().int(),
  theme: z.string(),
  themeName: z.string(),
  type: QuestionType,
  difficulty: z.number().int(),
  stem: z.string(),
  /** A picture that is the question: its URL (served by the server) and text alternative. */
  image: z.object({ url: z.string(), alt: z.string() }).nullable(),
  options: z.array(PlayerOption),
  unit: z.string(),
  /** How many options a multiple-response question keys (shown as "choose N"). */
  choose: z.number().int().optional(),
  flagged: z.boolean(),
  response: AnswerResponse.nullable(),
  /** Practice mode, once answered: the feedback for this question. */
  feedback: QuestionReview.nullable().optional(),
  /** After submit or expiry: the review. */
  review: QuestionReview.optional(),
});
export type PlayerQuestion = z.infer<typeof PlayerQuestion>;

export const QuizSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  track: z.string(),
  mode: QuizMode,
  status: QuizStatus,
  total: z.number().int(),
  answered: z.number().int(),
  correctCount: z.number().int().nullable(),
  score: z.number().nullable(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  deadlineAt: z.string().nullable(),
  missed: z.number().int(),
});
export type QuizSummary = z.infer<typeof QuizSummary>;

/** The result of a finished mock exam (docs/readiness-model.md, "Mock exam"). */
export const MockExamResult = z.object({
  ability: z.number(),
  se: z.number(),
  /** The ability at which the blueprint-weighted expected score is the pass mark (logits). */
  cut: z.number(),
  scaled: z.number(),
  passMark: z.number(),
  /** The probability that the candidate's ability is above the cut. */
  passProbability: z.number(),
  /** Likely pass or likely fail. */
  decision: z.enum(["pass", "fail"]),
  /** What decided it: the 95 % interval cleared the cut, the maximum length, or the time limit (the final estimate). */
  decidedBy: z.enum(["confidence", "length", "time"]),
  /** The probability that the decision is right (0.5 .. 1). */
  confidence: z.number(),
  /** The result in plain words: "Likely pass: 97 % sure ...". */
  summary: z.string(),
  /** The themes to study next: furthest below what a candidate at the pass mark gets right, weightiest first. */
  studyNext: z.array(z.object({ theme: z.string(), themeName: z.string(), answered: z.number().int(), correct: z.number().int() })),
});
export type MockExamResult = z.infer<typeof MockExamResult>;

export const QuizModel = QuizSummary.extend({
  blueprintVersion: z.number().int(),
  settings: z.object({ themes: z.array(z.string()), length: z.number().int(), difficulty: QuizDifficulty }),
  position: z.number().int(),
  timeLimitSeconds: z.number().int().nullable(),
  /** Server clock at answer time, so the player's timer does not trust the device clock. */
  serverNow: z.string(),
  questions: z.array(PlayerQuestion),
  /** A mock exam: fixed (the blueprint at the real length) or adaptive; null for other quizzes. */
  mock: z.enum(["fixed", "adaptive"]).nullable(),
  /** Started under an exam accommodation: its extra-time factor, breaks and the time limit without them; null otherwise. */
  extraTime: QuizExtraTime.nullable().optional(),
  /**
   * Breaks of an exam accommodation (decision 30): the allowance, what is used, and while a break runs
   * its end (the clock is stopped and `questions` is empty until the break ends); null without breaks.
   */
  breaks: z
    .object({ allowance_seconds: z.number().int(), used_seconds: z.number().int(), on_break_until: z.string().nullable() })
    .nullable()
    .optional(),
  /** Adaptive mock exam in progress: true once it has decided (or reached its maximum): submit it then. */
  complete: z.boolean().optional(),
  /** Adaptive mock exam: the answers it needs before it may finish, and at most. */
  minQuestions: z.number().int().optional(),
  maxQuestions: z.number().int().optional(),
  /** A finished mock exam: likely pass or not, how sure, what to study next; ability ± SE and the scaled score. */
  examResult: MockExamResult.nullable().optional(),
  /** After submit: per-theme breakdown. */
  breakdown: z.array(z.object({ theme: z.string(), themeName: z.string(), total: z.number().int(), correct: z.number().int() })).optional(),
});
export type QuizModel = z.infer<typeof QuizModel>;

export const ThemeInfo = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  weight: z.number(),
  questionCount: z.number().int(),
});
export type ThemeInfo = z.infer<typeof ThemeInfo>;
/** The real exam a track prepares for (content/tracks.json), which the mock exam copies. */
export const TrackExam = z.object({
  questions: z.number().int(),
  minutes: z.number().int(),
  passMark: z.number(),
  adaptive: z.object({ minQuestions: z.number().int(), maxQuestions: z.number().int() }).optional(),
  source: z.string(),
});
export type TrackExam = z.infer<typeof TrackExam>;
export const TrackInfo = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  blueprintVersion: z.number().int(),
  exam: TrackExam.nullable(),
  themes: z.array(ThemeInfo),
});
export type TrackInfo = z.infer<typeof TrackInfo>;

export const Mastery = z.object({
  theme: z.string(),
  themeName: z.string(),
  /** Ability on the theme (logits) and its standard error. */
  ability: z.number(),
  se: z.number(),
  /** Expected share right of the theme's questions, with its 90% band. */
  mastery: z.number(),
  low: z.number(),
  high: z.number(),
  answered: z.number().int(),
  correct: z.number().int(),
  weight: z.number(),
});
export type Mastery = z.infer<typeof Mastery>;

/**
 * Readiness (docs/readiness-model.md): nothing is estimated until `answered` reaches `needed`
 * over `themesNeeded` of the blueprint's themes; then `estimate` holds the expected exam score
 * with its 90% band, the probability of reaching the pass mark, and the overall ability ± SE.
 */
export const ReadinessFigure = z.object({
  answered: z.number().int(),
  needed: z.number().int(),
  themesAnswered: z.number().int(),
  themesNeeded: z.number().int(),
  passMark: z.number(),
  estimate: z
    .object({
      readiness: z.number(),
      low: z.number(),
      high: z.number(),
      passProbability: z.number(),
      ability: z.number(),
      se: z.number(),
      /**
       * How many of the track's candidates the figure starts from (their distribution of ability is its
       * prior, which the candidate's own answers outweigh as they add up); null: the default prior.
       */
      trackCandidates: z.number().int().nullable(),
    })
    .nullable(),
});
export type ReadinessFigure = z.infer<typeof ReadinessFigure>;

export const DashboardModel = z.object({
  track: z.string().nullable(),
  trackName: z.string().nullable(),
  readiness: ReadinessFigure.nullable(),
  mastery: z.array(Mastery),
  dueForReview: z.number().int(),
  /** Today's review session: how many of the due questions it holds now (the daily cap less today's reviews), and the cap. */
  review: z.object({ today: z.number().int(), dailyCap: z.number().int(), doneToday: z.number().int() }),
  /** Questions missed or flagged in the last 24 hours: what a "missed and flagged today" quiz (`missedToday`) would hold. */
  missedToday: z.number().int(),
  recent: z.array(QuizSummary),
  quota: z.object({ packageName: z.string(), quizzesPerWeek: z.number().int().nullable(), usedThisWeek: z.number().int() }),
  targetExamDate: z.string().nullable(),
});
export type DashboardModel = z.infer<typeof DashboardModel>;

/** What onboarding has saved (every field optional until chosen). */
export const OnboardingResponse = z.object({ error: z.literal(false), model: OnboardingProfile });
export const SaveOnboardingResponse = OnboardingResponse.extend({ message: z.string() });
export const TracksResponse = z.object({ error: z.literal(false), list: z.array(TrackInfo) });
export const PreviewQuizModel = z.object({
  total: z.number().int(),
  mix: z.array(z.object({ theme: z.string(), themeName: z.string(), count: z.number().int() })),
  difficulty: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
  samples: z.array(
    z.object({
      theme: z.string(),
      themeName: z.string(),
      type: QuestionType,
      difficulty: z.number().int(),
      stem: z.string(),
      options: z.array(PlayerOption),
    }),
  ),
});
export type PreviewQuizModel = z.infer<typeof PreviewQuizModel>;
export const PreviewQuizResponse = z.object({ error: z.literal(false), model: PreviewQuizModel });
export const QuizListResponse = z.object({ error: z.literal(false), list: z.array(QuizSummary) });
export const QuizResponse = z.object({ error: z.literal(false), model: QuizModel });
export const CreateQuizResponse = QuizResponse.extend({ resumed: z.boolean() });
export const UpdateQuizResponse = z.object({
  error: z.literal(false),
  message: z.string(),
  feedback: z.array(z.object({ questionId: z.string(), review: QuestionReview })),
  /** Adaptive mock exam: whether it is complete (submit it) or a next question was added. */
  complete: z.boolean().optional(),
});
export const DeleteQuizResponse = z.object({ error: z.literal(false), message: z.string() });
export const ProgressModel = z.object({
  attempts: z.array(QuizSummary),
  /** After each finished quiz once there was enough evidence: the readiness estimate then. */
  trend: z.array(
    z.object({
      quizId: z.number().int(),
      at: z.string(),
      score: z.number().nullable(),
      answered: z.number().int(),
      readiness: z.number(),
      low: z.number(),
      high: z.number(),
      passProbability: z.number(),
    }),
  ),
  passMark: z.number().nullable(),
});
export type ProgressModel = z.infer<typeof ProgressModel>;
export const ProgressResponse = ProgressModel.extend({ error: z.literal(false) });
export const DashboardResponse = z.object({ error: z.literal(false), model: DashboardModel });

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

export const AdminOption = z.object({ id: z.string(), text: z.string(), correct: z.boolean().optional(), explanation: z.string() });
export type AdminOption = z.infer<typeof AdminOption>;
export const AdminQuestion = z.object({
  id: z.number().int(),
  contentId: z.string(),
  theme: z.string(),
  type: QuestionType,
  difficulty: z.number().int(),
  stem: z.string(),
  options: z.array(AdminOption),
  numeric: StoredNumericKey.nullable(),
  explanation: z.string(),
  source: z.string(),
  reference: LibraryRef.nullable(),
  region: z.string(),
  tracks: z.array(z.string()),
  status: QuestionStatus,
  origin: z.enum(["content", "admin"]),
  updatedAt: z.string(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;
export const AdminQuestionResponse = z.object({ error: z.literal(false), model: AdminQuestion });
export const AdminQuestionListResponse = z.object({
  error: z.literal(false),
  list: z.array(AdminQuestion),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  num_pages: z.number().int(),
});
export const AdminThemesResponse = z.object({
  error: z.literal(false),
  list: z.array(z.object({ slug: z.string(), name: z.string(), tracks: z.array(z.string()) })),
});
export const Blueprint = z.object({
  id: z.number().int(),
  track: z.string(),
  version: z.number().int(),
  themes: z.array(z.object({ theme: z.string(), weight: z.number() })),
  note: z.string(),
  createdAt: z.string(),
});
export const BlueprintsResponse = z.object({ error: z.literal(false), list: z.array(Blueprint) });
export const BlueprintResponse = z.object({ error: z.literal(false), model: Blueprint });
export const ImportResponse = z.object({
  error: z.literal(false),
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
});
export const ImportErrorResponse = z.object({
  error: z.literal(true),
  message: z.string(),
  rows: z.array(z.object({ row: z.number().int(), id: z.string().nullable(), errors: z.record(z.string(), z.string()) })).optional(),
});

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

/** A correlation and its 95 % confidence interval. */
export const CorrelationInterval = z.object({ r: z.number(), low: z.number(), high: z.number() });
export const ItemStatistic = z.object({
  id: z.number().int(),
  contentId: z.string(),
  theme: z.string(),
  stem: z.string(),
  answered: z.number().int(),
  shareRight: z.number(),
  /** Point-biserial correlation between this item and the rest of the candidate's answers. */
  discrimination: z.number().nullable(),
  /** Its 95 % confidence interval; null when undefined. */
  discriminationInterval: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Flagged on evidence (50+ answers): "miskey" (a distractor draws the strong more than the key) or "negative". */
  doubtful: z.boolean(),
  flag: z.enum(["miskey", "negative"]).nullable(),
  /** Strong evidence (a distractor beats the key at 100+ answers): the item leaves quizzes until staff decide. */
  strong: z.boolean(),
  reason: z.string().nullable(),
  /** What staff may want to look at without it being a flag (low discrimination, a hard item). */
  notes: z.array(z.string()),
  /** Single and multiple choice: each option's share overall, among the strongest and the weakest 27%, and its point-biserial. */
  distractors: z.array(
    z.object({
      id: z.string(),
      correct: z.boolean(),
      share: z.number(),
      upper: z.number(),
      lower: z.number(),
      correlation: CorrelationInterval.nullable(),
      /** How many standard errors more of the strongest 27% choose it than the key (the miskey sign); null for a key. */
      versusKey: z.number().nullable(),
      note: z.string().nullable(),
    }),
  ),
});
export type ItemStatistic = z.infer<typeof ItemStatistic>;
/** The evidence a flag was raised on, kept with the flag for staff. */
export const FlagEvidence = z.object({
  answered: z.number().int(),
  shareRight: z.number(),
  key: CorrelationInterval.nullable(),
  distractors: z.array(z.object({ id: z.string(), share: z.number(), correlation: CorrelationInterval.nullable() })),
});
export const ReviewQueueItem = z.object({
  id: z.number().int(),
  contentId: z.string(),
  stem: z.string(),
  status: z.enum(["active", "review", "retired"]),
  inQuizzes: z.boolean(),
  flag: z.enum(["miskey", "negative"]).nullable(),
  strong: z.boolean(),
  reason: z.string().nullable(),
  evidence: FlagEvidence.nullable(),
  flaggedAt: z.string().nullable(),
});
export type ReviewQueueItem = z.infer<typeof ReviewQueueItem>;
/** Staff's decision on a queued question: keep it (back in quizzes, the flag closed) or retire it. */
export const ReviewDecisionRequest = z.strictObject({ decision: z.enum(["keep", "retire"]), note: z.string().max(500).optional() });
export const ReviewDecisionResponse = z.object({ error: z.literal(false), message: z.string(), model: ReviewQueueItem });
export const ItemStatisticsResponse = z.object({
  error: z.literal(false),
  list: z.array(ItemStatistic),
  /** KR-20 of the finished timed mock exams (parallel forms from one pool); null with fewer than 5. */
  reliability: z.object({ exams: z.number().int(), kr20: z.number().nullable() }),
  /**
   * The review queue: questions the statistics flagged (with their evidence) and questions in
   * review, strong evidence first. `inQuizzes` false: the question is out of quizzes until staff decide.
   */
  queue: z.array(ReviewQueueItem),
});

export type Blueprint = z.infer<typeof Blueprint>;
/** A theme of the question bank as staff screens offer it: its tracks too. */
export type AdminTheme = z.infer<typeof AdminThemesResponse>["list"][number];
