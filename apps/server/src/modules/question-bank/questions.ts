import type { AdminQuestion } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
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

export async function createQuestion(db: Db, body: { theme: string; status?: Status; question: Record<string, unknown> }) {
  const themes = await repo.themeSlugs(db);
  if (!themes.has(body.theme)) throw badRequest("Unknown theme", { theme: "Unknown theme" });
  const id = `${body.theme}-custom-${String(await repo.nextCustomNumber(db, body.theme)).padStart(3, "0")}`;
  const checked = checkQuestion({ ...body.question, id, theme: body.theme, status: body.status ?? "review" }, themes);
  if (!checked.ok) throw badRequest("Check the highlighted fields", checked.errors);
  return toAdmin(await repo.insertQuestion(db, checked.row));
}

/** Editing detaches a question from the content files: a restart no longer overwrites it. */
export async function updateQuestion(db: Db, id: number, body: { theme: string; status?: Status; question: Record<string, unknown> }) {
  const current = await repo.getQuestion(db, id);
  if (!current) throw notFound("Question not found");
  const checked = checkQuestion(
    { ...body.question, id: current.contentId, theme: body.theme, status: body.status ?? current.status },
    await repo.themeSlugs(db),
  );
  if (!checked.ok) throw badRequest("Check the highlighted fields", checked.errors);
  const { contentId: _keep, ...set } = checked.row;
  const updated = (await repo.updateQuestion(db, id, set))!;
  // The flag's evidence was about the question as it stood: an edit closes it.
  await repo.resolveFlag(db, id, "edited");
  return toAdmin(updated);
}

export async function setStatus(db: Db, id: number, status: Status) {
  const updated = await repo.updateQuestion(db, id, { status });
  if (!updated) throw notFound("Question not found");
  return toAdmin(updated);
}
