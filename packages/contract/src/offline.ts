import { z } from "zod";
import { OFFLINE_SYNC_MAX } from "./offline-rules.ts";
import { AnswerResponse, PlayerQuestion, QuestionReview } from "./quiz.ts";

/**
 * Offline practice (decision 32): a pack of practice questions the candidate downloads, with what
 * the player needs to give feedback without a network, and the sync of the answers given offline.
 * `/v3/api/custom/{name}/quiz/offline/...`.
 */

export { isRightByKey, OFFLINE_PACK_SIZES, OFFLINE_SYNC_MAX } from "./offline-rules.ts";

/** POST quiz/offline/pack. */
export const CreateOfflinePackRequest = z.strictObject({
  size: z.union([z.literal(50), z.literal(100)], { error: "Choose a pack of 50 or 100 questions" }),
});
export type CreateOfflinePackRequest = z.infer<typeof CreateOfflinePackRequest>;

/** The key of a pack question: the review practice feedback shows, less the verdict the device works out. */
export const OfflineKey = QuestionReview.omit({ isCorrect: true });
export type OfflineKey = z.infer<typeof OfflineKey>;

/**
 * A pack question: what the player shows of it (the stem with this pack's numbers filled in; the
 * picture as a data: URL, so it shows without a network) and its key.
 */
export const OfflinePackItem = PlayerQuestion.pick({
  questionId: true,
  theme: true,
  themeName: true,
  type: true,
  difficulty: true,
  stem: true,
  image: true,
  options: true,
  unit: true,
  choose: true,
}).extend({ key: OfflineKey });
export type OfflinePackItem = z.infer<typeof OfflinePackItem>;

export const OfflinePack = z.object({
  id: z.number().int(),
  track: z.string(),
  trackName: z.string(),
  createdAt: z.string(),
  items: z.array(OfflinePackItem),
});
export type OfflinePack = z.infer<typeof OfflinePack>;
export const OfflinePackResponse = z.object({ error: z.literal(false), model: OfflinePack });

const Uuid = z.uuid({ error: "Not an answer id (a UUID)" });

/** POST quiz/offline/sync: answers given offline, in the order they were given. */
export const SyncOfflineRequest = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        /** The device's id of this answer: an answer already recorded under it is not recorded again. */
        id: Uuid,
        packId: z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
        /** The device's id of the offline quiz the answer belongs to (one quiz in the history each). */
        session: Uuid,
        questionId: z.string().min(1).max(80),
        response: AnswerResponse,
        answeredAt: z.iso.datetime({ offset: true }),
        unsure: z.boolean().optional(),
        seconds: z.number().int().min(0).max(3600).optional(),
      }),
    )
    .min(1)
    .max(OFFLINE_SYNC_MAX),
});
export type SyncOfflineRequest = z.infer<typeof SyncOfflineRequest>;
export type OfflineAnswer = SyncOfflineRequest["answers"][number];

export const SyncOfflineResponse = z.object({
  error: z.literal(false),
  message: z.string(),
  /** Answers recorded by this call. */
  recorded: z.number().int(),
  /** Answers of the batch already recorded by an earlier call (or answered already in their quiz). */
  skipped: z.number().int(),
  /** Every id of the batch: the device may forget them. */
  ids: z.array(z.string()),
});
