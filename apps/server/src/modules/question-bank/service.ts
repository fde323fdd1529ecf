import { ContentQuestion } from "@academy/contract/content";
import type { AdminQuestion, ItemStatistic } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { questionRowOf } from "../../db/question-row.ts";
import type { AnswerResponse } from "../../db/schema/quiz.ts";
import { csvCell, uncell } from "../../lib/csv.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import { parseCsv } from "./csv.ts";
import * as repo from "./repo.ts";

type Status = "active" | "review" | "retired";

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

/** A question in the files' format: what export writes and import reads. */
function toContent(q: repo.QuestionRow) {
  const base = {
    id: q.contentId,
    theme: q.themeSlug,
    status: q.status,
    type: q.type,
    difficulty: q.difficulty,
    tracks: q.tracks,
    region: q.region,
    stem: q.stem,
    explanation: q.explanation,
    source: q.source,
    ...(q.reference ? { reference: q.reference } : {}),
  };
  return q.type === "numeric"
    ? {
        ...base,
        ...(q.numeric!.formula ? { variables: q.numeric!.variables, formula: q.numeric!.formula } : { answer: q.numeric!.answer ?? 0 }),
        tolerance: q.numeric!.tolerance,
        unit: q.numeric!.unit,
      }
    : { ...base, options: q.options };
}

type Checked = { ok: true; row: Parameters<typeof repo.insertQuestion>[1] } | { ok: false; errors: Record<string, string> };

/** Validates one question against the content schema (the same rules as the files) and the known themes. */
function checkQuestion(input: unknown, themes: Map<string, string[]>): Checked {
  if (!input || typeof input !== "object") return { ok: false, errors: { question: "Not a question" } };
  const { theme, status = "active", ...rest } = input as { theme?: unknown; status?: unknown };
  const errors: Record<string, string> = {};
  if (typeof theme !== "string" || !themes.has(theme)) errors.theme = "Unknown theme";
  if (status !== "active" && status !== "review" && status !== "retired") errors.status = "Status is active, review or retired";
  const parsed = ContentQuestion.safeParse(rest);
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join(".") || "question"] ??= issue.message;
  if (parsed.success && typeof theme === "string" && !parsed.data.id.startsWith(`${theme}-`))
    errors.id = `The id starts with the theme: ${theme}-`;
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  const q = parsed.data;
  return {
    ok: true,
    row: questionRowOf(q, {
      themeSlug: theme as string,
      themeTracks: themes.get(theme as string) ?? [],
      status: status as Status,
      origin: "admin",
    }),
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
  return toAdmin((await repo.updateQuestion(db, id, set))!);
}

export async function setStatus(db: Db, id: number, status: Status) {
  const updated = await repo.updateQuestion(db, id, { status });
  if (!updated) throw notFound("Question not found");
  return toAdmin(updated);
}

// ---------------------------------------------------------------- import and export

const CSV_COLUMNS = [
  "id",
  "theme",
  "status",
  "type",
  "difficulty",
  "tracks",
  "region",
  "stem",
  "options",
  "answer",
  "tolerance",
  "unit",
  "explanation",
  "source",
  "reference_document",
  "reference_section",
  "formula",
  "variables",
] as const;

export async function exportQuestions(db: Db, format: "json" | "csv", filter: repo.QuestionFilter) {
  const rows = (await repo.allQuestions(db, filter)).map(toContent);
  if (format === "json") return `${JSON.stringify(rows, null, 2)}\n`;
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of rows) {
    const x = r as Record<string, unknown> & { reference?: { document: string; section: string } };
    lines.push(
      [
        csvCell(x.id),
        csvCell(x.theme),
        csvCell(x.status),
        csvCell(x.type),
        csvCell(x.difficulty, { text: false }),
        csvCell((x.tracks as string[]).join("|")),
        csvCell(x.region),
        csvCell(x.stem),
        csvCell(x.options ? JSON.stringify(x.options) : ""),
        csvCell(x.answer ?? "", { text: false }),
        csvCell(x.tolerance ?? "", { text: false }),
        csvCell(x.unit ?? ""),
        csvCell(x.explanation),
        csvCell(x.source),
        csvCell(x.reference?.document ?? ""),
        csvCell(x.reference?.section ?? ""),
        csvCell(x.formula ?? ""),
        csvCell(x.variables ? JSON.stringify(x.variables) : ""),
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

function csvToObjects(text: string): { row: number; value: unknown; error?: string }[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const cols = header.map((h) => h.trim().toLowerCase());
  const missing = ["id", "theme", "type", "stem"].filter((c) => !cols.includes(c));
  if (missing.length) return [{ row: 1, value: null, error: `The header lacks ${missing.join(", ")}` }];
  return rows.map((cells, i) => {
    const get = (c: string) => uncell((cells[cols.indexOf(c)] ?? "").trim());
    const o: Record<string, unknown> = {
      id: get("id"),
      theme: get("theme"),
      type: get("type"),
      stem: get("stem"),
      explanation: get("explanation"),
      source: get("source"),
    };
    if (get("status")) o.status = get("status");
    if (get("difficulty")) o.difficulty = Number(get("difficulty"));
    if (get("tracks"))
      o.tracks = get("tracks")
        .split("|")
        .map((s) => s.trim());
    if (get("region")) o.region = get("region");
    if (get("reference_document")) o.reference = { document: get("reference_document"), section: get("reference_section") };
    if (o.type === "numeric") {
      o.answer = get("answer") === "" ? undefined : Number(get("answer"));
      // A question whose numbers vary per attempt: the formula and its variables (JSON) instead of an answer.
      if (get("formula")) o.formula = get("formula");
      if (get("variables"))
        try {
          o.variables = JSON.parse(get("variables"));
        } catch {
          return { row: i + 2, value: o, error: "variables: not valid JSON" };
        }
      o.tolerance = get("tolerance") === "" ? 0 : Number(get("tolerance"));
      o.unit = get("unit");
    } else {
      try {
        o.options = JSON.parse(get("options") || "[]");
      } catch {
        return { row: i + 2, value: o, error: "options: not valid JSON" };
      }
    }
    return { row: i + 2, value: o };
  });
}

/**
 * Imports questions in the files' format, all or nothing: every row is checked first and the
 * answer lists each bad row's errors; nothing is saved unless every row is valid.
 */
export async function importQuestions(db: Db, body: { format: "json" | "csv"; content: string; dryRun: boolean }) {
  let items: { row: number; value: unknown; error?: string }[];
  if (body.format === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.content);
    } catch (e) {
      throw badRequest(`The file is not valid JSON: ${(e as Error).message}`);
    }
    if (!Array.isArray(parsed)) throw badRequest("The JSON file holds an array of questions");
    items = parsed.map((value, i) => ({ row: i + 1, value }));
  } else items = csvToObjects(body.content);
  if (items.length === 0) throw badRequest("The file holds no questions");
  if (items.length > 2000) throw badRequest("Import at most 2,000 questions at a time");

  const themes = await repo.themeSlugs(db);
  const errors: { row: number; id: string | null; errors: Record<string, string> }[] = [];
  const rows: Parameters<typeof repo.insertQuestion>[1][] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const id =
      item.value && typeof item.value === "object" && typeof (item.value as { id?: unknown }).id === "string"
        ? (item.value as { id: string }).id
        : null;
    if (item.error) {
      errors.push({ row: item.row, id, errors: { row: item.error } });
      continue;
    }
    const checked = checkQuestion(item.value, themes);
    if (!checked.ok) errors.push({ row: item.row, id, errors: checked.errors });
    else if (seen.has(checked.row.contentId)) errors.push({ row: item.row, id, errors: { id: "This id appears twice in the file" } });
    else {
      seen.add(checked.row.contentId);
      rows.push(checked.row);
    }
  }
  if (errors.length) return { ok: false as const, created: 0, updated: 0, errors };
  const existing = new Map(
    (
      await repo.getByContentIds(
        db,
        rows.map((r) => r.contentId),
      )
    ).map((q) => [q.contentId, q.id]),
  );
  if (!body.dryRun)
    await db.transaction(async (tx) => {
      for (const r of rows) {
        const id = existing.get(r.contentId);
        if (id) await repo.updateQuestion(tx, id, r);
        else await repo.insertQuestion(tx, r);
      }
    });
  return {
    ok: true as const,
    created: rows.filter((r) => !existing.has(r.contentId)).length,
    updated: rows.filter((r) => existing.has(r.contentId)).length,
    errors,
  };
}

// ---------------------------------------------------------------- item statistics

/** Minimum answers before an item is judged. */
export const MIN_ANSWERS_FOR_FLAG = 10;

export async function itemStatistics(db: Db): Promise<ItemStatistic[]> {
  const given = await repo.finalAnswers(db);
  const ids = new Set(given.map((a) => a.questionId));
  const rows = (await repo.allQuestions(db, {})).filter((q) => ids.has(q.id));
  return computeItemStatistics(given, rows);
}

/** The statistics screen: item statistics, exam reliability and the review queue. */
export async function statistics(db: Db) {
  const [list, reliability, queue] = await Promise.all([itemStatistics(db), examReliability(db), repo.reviewQueue(db)]);
  return { list, reliability, queue };
}

/**
 * The item quality loop, run by the calibration job: questions the statistics judge doubtful
 * (after MIN_ANSWERS_FOR_FLAG answers) leave the active bank for staff review, with the reason.
 */
export async function queueDoubtfulQuestions(db: Db) {
  const doubtful = (await itemStatistics(db)).filter((s) => s.doubtful && s.reason);
  return repo.queueForReview(
    db,
    doubtful.map((s) => ({ id: s.id, reason: s.reason! })),
  );
}

/**
 * KR-20 reliability of exams drawn from one pool (parallel forms): k/(k−1) · (1 − Σpq / σ²), with k
 * the mean length, Σpq the mean over exams of the sum of their items' p(1−p) (p the item's share
 * right), and σ² the variance of the exam scores. Null with fewer than 5 exams or no spread.
 */
export function kr20(exams: readonly { items: readonly number[]; correct: number }[], pOf: (item: number) => number): number | null {
  if (exams.length < 5) return null;
  const k = exams.reduce((n, e) => n + e.items.length, 0) / exams.length;
  if (k < 2) return null;
  const mean = exams.reduce((n, e) => n + e.correct, 0) / exams.length;
  const variance = exams.reduce((n, e) => n + (e.correct - mean) ** 2, 0) / (exams.length - 1);
  if (variance === 0) return null;
  const pq = exams.reduce((n, e) => n + e.items.reduce((m, i) => m + pOf(i) * (1 - pOf(i)), 0), 0) / exams.length;
  return (k / (k - 1)) * (1 - pq / variance);
}

export async function examReliability(db: Db) {
  const [exams, given] = await Promise.all([repo.finishedFixedExams(db), repo.finalAnswers(db)]);
  const share = new Map<number, { n: number; right: number }>();
  const itemsOf = new Map<number, number[]>();
  for (const a of given) {
    const s = share.get(a.questionId) ?? { n: 0, right: 0 };
    s.n += 1;
    if (a.isCorrect) s.right += 1;
    share.set(a.questionId, s);
    const list = itemsOf.get(a.quizId) ?? [];
    list.push(a.questionId);
    itemsOf.set(a.quizId, list);
  }
  const forms = exams.map((e) => ({ items: itemsOf.get(e.id) ?? [], correct: e.correct ?? 0 }));
  const p = (id: number) => {
    const s = share.get(id);
    return s ? s.right / s.n : 0.5;
  };
  return { exams: exams.length, kr20: kr20(forms, p) };
}

type GivenAnswer = { questionId: number; userId: number; isCorrect: boolean; response?: AnswerResponse };

/** Share right, discrimination and distractor analysis per question from final answers; pure, so it is tested on made-up data. */
export function computeItemStatistics(
  given: readonly GivenAnswer[],
  questions: readonly Pick<repo.QuestionRow, "id" | "contentId" | "themeSlug" | "stem" | "type" | "options">[],
): ItemStatistic[] {
  const byUser = new Map<number, { right: number; total: number }>();
  for (const a of given) {
    const u = byUser.get(a.userId) ?? { right: 0, total: 0 };
    u.total += 1;
    if (a.isCorrect) u.right += 1;
    byUser.set(a.userId, u);
  }
  const byItem = new Map<number, { x: number[]; y: number[]; choices: (string[] | null)[] }>();
  const counts = new Map<number, { n: number; right: number }>();
  for (const a of given) {
    const c = counts.get(a.questionId) ?? { n: 0, right: 0 };
    c.n += 1;
    if (a.isCorrect) c.right += 1;
    counts.set(a.questionId, c);
    const u = byUser.get(a.userId)!;
    // The candidate's rate on everything else: the item must not predict itself.
    if (u.total < 2) continue;
    const rest = (u.right - (a.isCorrect ? 1 : 0)) / (u.total - 1);
    const s = byItem.get(a.questionId) ?? { x: [], y: [], choices: [] };
    s.x.push(a.isCorrect ? 1 : 0);
    s.y.push(rest);
    const r = a.response;
    s.choices.push(r && "choice" in r ? [r.choice] : r && "choices" in r ? r.choices : null);
    byItem.set(a.questionId, s);
  }
  return questions
    .filter((q) => counts.has(q.id))
    .map((q) => {
      const c = counts.get(q.id)!;
      const s = byItem.get(q.id);
      const discrimination = s ? correlation(s.x, s.y) : null;
      const shareRight = c.right / c.n;
      const distractors = s && (q.type === "single" || q.type === "multiple") ? distractorAnalysis(q.options, s) : [];
      let reason: string | null = null;
      if (c.n >= MIN_ANSWERS_FOR_FLAG) {
        const luring = distractors.find((d) => !d.correct && d.upper > d.lower && d.upper >= 0.25);
        if (discrimination !== null && discrimination < 0)
          reason = "Stronger candidates miss it more often than weaker ones: check the key";
        else if (luring) reason = `Option ${luring.id} draws stronger candidates more than weaker ones: check it is not also right`;
        else if (discrimination !== null && discrimination < 0.1) reason = "It does not tell strong from weak candidates";
        else if (shareRight < 0.2) reason = "Fewer than 1 in 5 get it right: check the key and the wording";
      }
      return {
        id: q.id,
        contentId: q.contentId,
        theme: q.themeSlug,
        stem: q.stem,
        answered: c.n,
        shareRight,
        discrimination,
        doubtful: reason !== null,
        reason,
        distractors,
      };
    })
    .sort((a, b) => Number(b.doubtful) - Number(a.doubtful) || (a.discrimination ?? 1) - (b.discrimination ?? 1));
}

/**
 * Per option: the share of all answers choosing it, and of the strongest and weakest 27% (by their
 * rate on the rest). A distractor nobody picks does no work; one the strong pick more than the weak
 * may be a second key.
 */
function distractorAnalysis(
  options: readonly { id: string; correct?: boolean }[],
  s: { y: number[]; choices: (string[] | null)[] },
): ItemStatistic["distractors"] {
  const order = s.y.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y);
  const group = Math.max(1, Math.round(order.length * 0.27));
  const lower = order.slice(0, group).map((o) => o.i);
  const upper = order.slice(-group).map((o) => o.i);
  const rate = (idx: number[], id: string) => idx.filter((i) => s.choices[i]?.includes(id)).length / Math.max(1, idx.length);
  const all = s.choices.map((_, i) => i);
  return options.map((o) => {
    const share = rate(all, o.id);
    return {
      id: o.id,
      correct: o.correct === true,
      share,
      upper: rate(upper, o.id),
      lower: rate(lower, o.id),
      note:
        o.correct === true
          ? null
          : share < 0.05 && all.length >= MIN_ANSWERS_FOR_FLAG
            ? "Hardly anyone picks it: it does no work"
            : rate(upper, o.id) > rate(lower, o.id)
              ? "Strong candidates pick it more than weak ones"
              : null,
    };
  });
}

/** Pearson correlation; with a 0/1 variable this is the point-biserial. Null when either side is constant. */
export function correlation(x: number[], y: number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

// ---------------------------------------------------------------- blueprints

export async function listBlueprints(db: Db) {
  return (await repo.listBlueprints(db)).map((b) => ({
    id: b.id,
    track: b.trackSlug,
    version: b.version,
    themes: b.themes,
    note: b.note,
    createdAt: b.createdAt.toISOString(),
  }));
}

/** A new version; past quizzes keep pointing at the version they were generated from. */
export async function addBlueprint(db: Db, body: { track: string; themes: { theme: string; weight: number }[]; note: string }) {
  const known = await repo.themeSlugs(db);
  const unknown = body.themes.filter((t) => !known.has(t.theme)).map((t) => t.theme);
  if (unknown.length) throw badRequest(`Unknown theme: ${unknown.join(", ")}`, { themes: "Unknown theme" });
  if (new Set(body.themes.map((t) => t.theme)).size !== body.themes.length)
    throw badRequest("A theme is listed twice", { themes: "A theme is listed twice" });
  const sum = body.themes.reduce((n, t) => n + t.weight, 0);
  if (sum !== 100) throw badRequest(`The weights add up to ${sum}; they must add up to 100`, { themes: "Weights add up to 100" });
  const b = await repo.insertBlueprint(db, body.track, body.themes, body.note);
  return { id: b.id, track: b.trackSlug, version: b.version, themes: b.themes, note: b.note, createdAt: b.createdAt.toISOString() };
}

export async function listThemes(db: Db) {
  return repo.themeNames(db);
}

/** The questions that cite each section of a library document (section anchor -> questions). */
export async function questionsCitingDocument(db: Db, document: string) {
  const bySection = new Map<string, { id: number; contentId: string; stem: string; status: string }[]>();
  for (const q of await repo.questionsCiting(db, document)) {
    const anchor = q.reference?.section;
    if (!anchor) continue;
    bySection.set(anchor, [...(bySection.get(anchor) ?? []), { id: q.id, contentId: q.contentId, stem: q.stem, status: q.status }]);
  }
  return bySection;
}
