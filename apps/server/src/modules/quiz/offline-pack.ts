import { randomInt } from "node:crypto";
import type { CreateOfflinePackRequest, OfflinePack, OfflinePackItem } from "@academy/contract/offline";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { conflict } from "../../lib/http-error.ts";
import { reviewOf } from "./attempts.ts";
import { checkQuota, plan, resolveSettings } from "./generation.ts";
import { contentImage } from "./images.ts";
import * as offlineRepo from "./offline-repo.ts";
import * as repo from "./repo.ts";
import { drawParams, resolveQuestion } from "./variables.ts";

/**
 * A practice pack for offline practice (decision 32): 50 or 100 questions of the candidate's
 * track, chosen as a practice quiz chooses them (generate.ts) but with due reviews first and
 * without the review cap, then the weak themes' share, then the rest of the track. It carries
 * what practice feedback shows once a question is answered (the key, the explanations, the
 * library link) and its pictures inline, so the device gives feedback without a network.
 *
 * Entitlement: a pack takes one of the plan's weekly quizzes, as a practice quiz does (402
 * QUIZ_LIMIT when they are used up). Mock exams never go offline: a pack leaves out every question
 * of the candidate's unfinished mock exam, whose keys must not reach the device before it is over.
 */
export async function createOfflinePack(db: Db, userId: number, body: CreateOfflinePackRequest, now = new Date()): Promise<OfflinePack> {
  const { info, settings } = await resolveSettings(db, userId, { length: body.size, mode: "practice", difficulty: "adaptive" });
  // The whole track, not only the themes chosen for quizzes: a pack is what the plan opens.
  settings.themes = info.themes.map((t) => t.slug);
  const seed = randomInt(0, 2 ** 31 - 1);

  const pack = await db.transaction(async (tx) => {
    await repo.lockQuizCreation(tx, userId);
    await checkQuota(tx, userId, now);
    const exclude = new Set<number>();
    for (const quiz of await repo.openQuizzes(tx, userId))
      if (quiz.settings.mock) for (const item of await repo.quizItems(tx, quiz.id)) exclude.add(item.questionId);
    const { picked } = await plan(tx, userId, info, settings, seed, now, undefined, false, { reviewShare: 1, exclude });
    if (picked.length === 0) throw conflict("No questions of your track are open to practise yet");
    const numericKeys = await repo.numericKeysOf(
      tx,
      picked.map((p) => p.questionId),
    );
    return offlineRepo.insertPack(tx, {
      userId,
      trackSlug: settings.track,
      seed,
      createdAt: now,
      items: picked.map((p) => ({
        questionId: p.questionId,
        optionOrder: p.optionOrder,
        params: drawParams(numericKeys.get(p.questionId) ?? null, seed, p.questionId),
      })),
    });
  });

  const [rows, themeRows] = await readTogether(db, [
    () =>
      repo.questionsByIds(
        db,
        pack.items.map((i) => i.questionId),
      ),
    () => repo.listThemes(db),
  ]);
  const byId = new Map(rows.map((q) => [q.id, q]));
  const themeName = new Map(themeRows.map((t) => [t.slug, t.name]));
  const items: OfflinePackItem[] = [];
  for (const item of pack.items) {
    const q = resolveQuestion(byId.get(item.questionId)!, item.params, pack.seed);
    const optionById = new Map(q.options.map((o) => [o.id, o]));
    const { isCorrect: _, ...key } = reviewOf(q, null);
    items.push({
      questionId: q.contentId,
      theme: q.themeSlug,
      themeName: themeName.get(q.themeSlug) ?? q.themeSlug,
      type: q.type,
      difficulty: q.difficulty,
      stem: q.stem,
      image: q.image ? { url: await inlineImage(q.image.file), alt: q.image.alt } : null,
      options: item.optionOrder.map((id) => ({ id, text: optionById.get(id)?.text ?? "" })),
      unit: q.numeric?.unit ?? "",
      ...(q.type === "multiple" ? { choose: q.options.filter((o) => o.correct).length } : {}),
      key,
    });
  }
  return { id: pack.id, track: pack.trackSlug, trackName: info.name, createdAt: pack.createdAt.toISOString(), items };
}

/** A question's picture as a data: URL (the files are small SVGs and PNGs): it shows offline with the pack. */
async function inlineImage(file: string) {
  const image = await contentImage(file);
  return `data:${image.type};base64,${image.body.toString("base64")}`;
}
