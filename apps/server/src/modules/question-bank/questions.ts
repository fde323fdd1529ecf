import type { AdminQuestion } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { recordActivity } from "../activity/service.ts";
import { checkQuestion, type Status } from "./question-format.ts";
import * as repo from "./repo.ts";

/** Staff's question editor: list, read, add, edit and set the status of questions. */

export function toAdmin(q: repo.QuestionRow): AdminQuestion {
  return {
    id: q.id,
    contentId: q.contentId,
    theme: q.themeSlug,
    type: q.type,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.options,
    numeric: q.numeric,
    explanation: q.explanation,
    source: q.source,
    reference: q.reference,
    region: q.region,
    tracks: q.tracks,
    status: q.status,
    origin: q.origin,
    updatedAt: q.updatedAt.toISOString(),
  };
}

export async function listQuestions(db: Db, query: repo.QuestionFilter & { page: number; limit: number }) {
  const { page, limit, ...filter } = query;
  const { rows, total } = await repo.listQuestions(db, filter, page, limit);
  return { list: rows.map(toAdmin), total, page, limit, num_pages: Math.ceil(total / limit) };
}

export async function getQuestion(db: Db, id: number) {
  const q = await repo.getQuestion(db, id);
  if (!q) throw notFound("Question not found");
  return toAdmin(q);
}

/**
 * A question's status is whether quizzes use it: "active" publishes it, "review" or "retired"
 * takes it out. Staff moving it between the two are written to the activity log, with the change.
 */
export async function logStatusChange(db: Db, staffId: number, q: { id: number; contentId: string }, from: string | null, to: string) {
  const isLive = (s: string | null) => s === "active";
  if (from === to || (from !== null && isLive(from) === isLive(to)) || (from === null && !isLive(to))) return;
  await recordActivity(db, {
    actorId: staffId,
    kind: isLive(to) ? "content.publish" : "content.unpublish",
    record: { table: "question", id: q.id },
    summary: `Question ${q.contentId} ${isLive(to) ? "put into quizzes" : `taken out of quizzes (${to})`}`,
    before: from === null ? null : { status: from },
    after: { status: to },
  });
}

export async function createQuestion(db: Db, staffId: number, body: { theme: string; status?: Status; question: Record<string, unknown> }) {
  const themes = await repo.themeSlugs(db);
  if (!themes.has(body.theme)) throw badRequest("Unknown theme", { theme: "Unknown theme" });
  const id = `${body.theme}-custom-${String(await repo.nextCustomNumber(db, body.theme)).padStart(3, "0")}`;
  const checked = checkQuestion({ ...body.question, id, theme: body.theme, status: body.status ?? "review" }, themes);
  if (!checked.ok) throw badRequest("Check the highlighted fields", checked.errors);
  return toAdmin(
    await db.transaction(async (tx) => {
      const row = await repo.insertQuestion(tx, checked.row);
      await logStatusChange(tx, staffId, row, null, row.status);
      return row;
    }),
  );
}

/** Editing detaches a question from the content files: a restart no longer overwrites it. */
export async function updateQuestion(
  db: Db,
  staffId: number,
  id: number,
  body: { theme: string; status?: Status; question: Record<string, unknown> },
) {
  const current = await repo.getQuestion(db, id);
  if (!current) throw notFound("Question not found");
  const checked = checkQuestion(
    { ...body.question, id: current.contentId, theme: body.theme, status: body.status ?? current.status },
    await repo.themeSlugs(db),
  );
  if (!checked.ok) throw badRequest("Check the highlighted fields", checked.errors);
  const { contentId: _keep, ...set } = checked.row;
  const updated = await db.transaction(async (tx) => {
    const row = (await repo.updateQuestion(tx, id, set))!;
    // The flag's evidence was about the question as it stood: an edit closes it.
    await repo.resolveFlag(tx, id, "edited");
    await logStatusChange(tx, staffId, row, current.status, row.status);
    return row;
  });
  return toAdmin(updated);
}

export async function setStatus(db: Db, staffId: number, id: number, status: Status) {
  const updated = await db.transaction(async (tx) => {
    const current = await repo.getQuestion(tx, id);
    if (!current) throw notFound("Question not found");
    const row = (await repo.updateQuestion(tx, id, { status }))!;
    await logStatusChange(tx, staffId, row, current.status, status);
    return row;
  });
  return toAdmin(updated);
}
