import type { FormulaVariable } from "@academy/contract/formula";
import type { OnboardingProfile } from "@academy/contract/quiz";
import { boolean, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** A career path (EMS, Fire & Rescue, ...); its exam content lives in versioned blueprints. */
export const tracks = pgTable("track", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  /** The real exam of the track (content/tracks.json `exam`): what a mock exam copies. */
  exam: jsonb("exam").$type<TrackExam | null>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type TrackExam = {
  questions: number;
  minutes: number;
  passMark: number;
  adaptive?: { minQuestions: number; maxQuestions: number };
  source: string;
};

export const themes = pgTable("theme", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  tracks: jsonb("tracks").$type<string[]>().notNull().default([]),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type BlueprintTheme = { theme: string; weight: number };

/** Blueprints are append-only: a quiz keeps the version it was generated from. */
export const blueprints = pgTable(
  "blueprint",
  {
    id: serial("id").primaryKey(),
    trackSlug: text("track_slug").notNull(),
    version: integer("version").notNull(),
    themes: jsonb("themes").$type<BlueprintTheme[]>().notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blueprint_track_version_key").on(t.trackSlug, t.version)],
);

export type StoredOption = { id: string; text: string; correct?: boolean; explanation: string };
/** A numeric question's key as an attempt grades it: the answer (fixed, or computed from the attempt's numbers). */
export type NumericKey = { answer: number; tolerance: number; unit: string };
/**
 * A numeric question as stored: a fixed answer, or numbers drawn per attempt (`variables`, shown
 * in the stem as `{name}`) and the formula that computes the answer from them.
 */
export type StoredNumeric = {
  answer?: number;
  formula?: string;
  variables?: Record<string, FormulaVariable>;
  tolerance: number;
  unit: string;
};

export const questions = pgTable(
  "question",
  {
    id: serial("id").primaryKey(),
    /** The id in the content files ("<theme>-NNN"); the seed upserts by it. */
    contentId: text("content_id").notNull(),
    themeSlug: text("theme_slug").notNull(),
    type: text("type", { enum: ["single", "multiple", "true_false", "ordering", "numeric"] }).notNull(),
    difficulty: integer("difficulty").notNull(),
    stem: text("stem").notNull(),
    /** Options in stored order (ordering: the correct order), with their key flags and explanations. */
    options: jsonb("options").$type<StoredOption[]>().notNull().default([]),
    /** Numeric questions only. */
    numeric: jsonb("numeric").$type<StoredNumeric | null>(),
    explanation: text("explanation").notNull(),
    source: text("source").notNull(),
    reference: jsonb("reference").$type<{ document: string; section: string } | null>(),
    /** A picture that is the question: a file in content/images and its text alternative. */
    image: jsonb("image").$type<{ file: string; alt: string } | null>(),
    /** The guideline edition the key follows and when a reviewer last checked it. */
    guideline: jsonb("guideline").$type<{ edition: string; reviewed: string } | null>(),
    region: text("region").notNull().default("global"),
    /**
     * The EMS level whose scope of practice the question lies in, when above the EMT's ("aemt",
     * "paramedic"): kept so an export says it and an import keeps the question out of the EMS track.
     */
    scope: text("scope", { enum: ["emt", "aemt", "paramedic"] }),
    tracks: jsonb("tracks").$type<string[]>().notNull().default([]),
    status: text("status", { enum: ["active", "review", "retired"] })
      .notNull()
      .default("active"),
    /**
     * Set only while the content import keeps the question retired because it left the files:
     * the status it had then, given back when it returns to the files. Null whenever staff (or
     * nobody) set the status, which the import then leaves alone.
     */
    statusBeforeRemoval: text("status_before_removal", { enum: ["active", "review"] }),
    /**
     * Why the item statistics sent the question to review on their own (the calibration job), kept
     * after staff decide, so a question staff put back is not sent again for the same reason.
     */
    reviewReason: text("review_reason"),
    /** "content" = from the content files; "admin" = written in the question bank screen. */
    origin: text("origin", { enum: ["content", "admin"] })
      .notNull()
      .default("content"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("question_content_id_key").on(t.contentId), index("question_theme_idx").on(t.themeSlug, t.status)],
);

export type QuizSettings = {
  themes: string[];
  length: number;
  /** "adaptive" or a fixed level 1..5. */
  difficulty: "adaptive" | 1 | 2 | 3 | 4 | 5;
  /** Set when the quiz retries the missed questions of another quiz. */
  retryOf?: number;
  /** Set when the quiz holds the questions due for spaced review. */
  review?: true;
  /** Set when the quiz holds the questions missed or flagged in the last 24 hours. */
  missed?: true;
  /** A mock of the track's real exam: its blueprint, length and time ("fixed"), or adaptive (CAT). */
  mock?: "fixed" | "adaptive";
  /** Adaptive mock: the shortest length before the standard error may stop it. */
  minLength?: number;
  /** Started under an exam accommodation (decision 30): the time limit is `baseSeconds` × factor; breaks stop the clock. */
  extraTime?: { factor: number; breakMinutes: number | null; baseSeconds: number };
  /**
   * The breaks taken (decision 30): seconds used, and while one runs its start and the allowance it
   * held back (the deadline moved on by that much when it began, and gets back what was not used).
   */
  breaks?: { usedSeconds: number; startedAt?: string; heldSeconds?: number };
  /** Taken offline from a practice pack (decision 32): the pack, and the device's id of that quiz. */
  offline?: { pack: number; session: string };
};

export const quizzes = pgTable(
  "quiz",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    trackSlug: text("track_slug").notNull(),
    blueprintVersion: integer("blueprint_version").notNull(),
    settings: jsonb("settings").$type<QuizSettings>().notNull(),
    mode: text("mode", { enum: ["practice", "exam"] }).notNull(),
    seed: integer("seed").notNull(),
    status: text("status", { enum: ["in_progress", "submitted", "expired"] })
      .notNull()
      .default("in_progress"),
    timeLimitSeconds: integer("time_limit_seconds"),
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    position: integer("position").notNull().default(0),
    correctCount: integer("correct_count"),
    total: integer("total").notNull(),
    score: real("score"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
  },
  (t) => [index("quiz_user_created_idx").on(t.userId, t.createdAt)],
);

/**
 * One row per quiz generated, kept when the quiz is discarded: the weekly quiz allowance counts
 * these, so discarding an unfinished quiz does not give its slot back.
 */
export const quizStarts = pgTable(
  "quiz_start",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quiz_start_user_created_idx").on(t.userId, t.createdAt)],
);

export const quizQuestions = pgTable(
  "quiz_question",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    position: integer("position").notNull(),
    /** Option ids in the order this quiz shows them (seeded shuffle). */
    optionOrder: jsonb("option_order").$type<string[]>().notNull().default([]),
    /** A numeric question whose numbers vary: the values drawn for this attempt (seeded), so every read agrees. */
    params: jsonb("params").$type<Record<string, number> | null>(),
    flagged: boolean("flagged").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.position] }), uniqueIndex("quiz_question_unique").on(t.quizId, t.questionId)],
);

export type AnswerResponse = { choice: string } | { choices: string[] } | { order: string[] } | { value: number };

export const answers = pgTable(
  "quiz_answer",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    response: jsonb("response").$type<AnswerResponse>().notNull(),
    isCorrect: boolean("is_correct").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
    /** The candidate said they were unsure: a right answer is brought back for review when they ask for that. */
    unsure: boolean("unsure").notNull().default(false),
    /** Seconds the candidate spent on the question, as the player measured it (a right and fast answer rates Easy). */
    seconds: integer("seconds"),
    /**
     * Whether the answer is evidence for readiness: only a question's first answer in a review
     * period counts (its first answer ever, an answer once its review is due, or one 30+ days
     * after the last that counted), so drilling a question again does not inflate the figure.
     */
    evidence: boolean("evidence").notNull().default(true),
    /** The FSRS rating it was scheduled with (1 Again, 3 Good, 4 Easy), when it was scheduled. */
    rating: integer("rating"),
    /**
     * An answer given offline (decision 32): the id the device gave it. Unique per candidate, so a
     * batch sent again records nothing twice.
     */
    clientId: uuid("client_id"),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.questionId] }),
    index("quiz_answer_user_idx").on(t.userId, t.answeredAt),
    uniqueIndex("quiz_answer_user_client_key").on(t.userId, t.clientId),
  ],
);

/** A question of a practice pack as the pack's quizzes show and grade it. */
export type OfflinePackItem = { questionId: number; optionOrder: string[]; params: Record<string, number> | null };

/**
 * A practice pack a candidate downloaded for offline practice (decision 32): which questions, in
 * which option order and with which numbers, so answers synced later are graded as the device
 * graded them.
 */
export const offlinePacks = pgTable(
  "offline_pack",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trackSlug: text("track_slug").notNull(),
    seed: integer("seed").notNull(),
    items: jsonb("items").$type<OfflinePackItem[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("offline_pack_user_idx").on(t.userId, t.createdAt)],
);

/** Saved only after the contract's OnboardingProfile schema parsed it. */
export type OnboardingData = OnboardingProfile;

export const onboardingProfiles = pgTable("onboarding_profile", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").$type<OnboardingData>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Spaced-repetition state of one question for one user (an FSRS card). */
export const questionReviews = pgTable(
  "question_review",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id),
    card: jsonb("card").$type<Record<string, unknown>>().notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    lastCorrect: boolean("last_correct").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index("question_review_due_idx").on(t.userId, t.dueAt)],
);

/**
 * Fitted Rasch difficulty of each answered question (logits), refitted by a background job as
 * answers grow (modules/quiz/calibration.ts). A question without a row uses its authored level.
 */
export const itemCalibrations = pgTable("item_calibration", {
  questionId: integer("question_id")
    .primaryKey()
    .references(() => questions.id),
  difficulty: real("difficulty").notNull(),
  /** Fitted discrimination (2PL), shrunk toward 1 until there is data. */
  discrimination: real("discrimination").notNull().default(1),
  standardError: real("standard_error").notNull(),
  answers: integer("answers").notNull(),
  shareRight: real("share_right").notNull(),
  fittedAt: timestamp("fitted_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A question the item statistics flagged (modules/question-bank/item-review.ts), with the evidence,
 * waiting for staff. `strong` evidence also took it out of quizzes (status review). Staff close it:
 * "keep" puts it back and it is not flagged again for the same sign until it is edited.
 */
export const itemFlags = pgTable("item_flag", {
  questionId: integer("question_id")
    .primaryKey()
    .references(() => questions.id, { onDelete: "cascade" }),
  flag: text("flag", { enum: ["miskey", "negative"] }).notNull(),
  strong: boolean("strong").notNull().default(false),
  reason: text("reason").notNull(),
  evidence: jsonb("evidence").$type<ItemFlagEvidence>().notNull(),
  flaggedAt: timestamp("flagged_at", { withTimezone: true }).notNull().defaultNow(),
  resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  resolution: text("resolution", { enum: ["kept", "retired", "edited"] }),
});

export type ItemFlagEvidence = {
  answered: number;
  shareRight: number;
  key: { r: number; low: number; high: number } | null;
  distractors: { id: string; share: number; correlation: { r: number; low: number; high: number } | null }[];
};

/** One row per refit: when, on how many answers, how long it took. */
/**
 * Each track's distribution of overall ability among its candidates who have enough evidence for a
 * readiness figure (docs/readiness-model.md, decision 38): the prior of their chance to pass,
 * estimated by the calibration job after each item fit. A track without a row uses the default prior.
 */
export const trackAbilityPriors = pgTable("track_ability_prior", {
  trackSlug: text("track_slug")
    .primaryKey()
    .references(() => tracks.slug, { onDelete: "cascade" }),
  mean: real("mean").notNull(),
  sd: real("sd").notNull(),
  candidates: integer("candidates").notNull(),
  estimatedAt: timestamp("estimated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const calibrationRuns = pgTable("calibration_run", {
  id: serial("id").primaryKey(),
  answers: integer("answers").notNull(),
  candidates: integer("candidates").notNull(),
  items: integer("items").notNull(),
  iterations: integer("iterations").notNull(),
  milliseconds: integer("milliseconds").notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
});
