import type { Db } from "../../db/client.ts";
import { CSV_BOM, csvCell, uncell } from "../../lib/csv.ts";
import { badRequest } from "../../lib/http-error.ts";
import { parseCsv } from "./csv.ts";
import { checkQuestion, toContent } from "./question-format.ts";
import * as repo from "./repo.ts";

/** Import and export of the bank in the content files' format (JSON or CSV). */

const CSV_COLUMNS = [
  "id",
  "theme",
  "status",
  "type",
  "difficulty",
  "tracks",
  "scope",
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
        // No tracks of its own: it follows its theme's (less EMS beyond the EMT's scope).
        csvCell(((x.tracks as string[] | undefined) ?? []).join("|")),
        csvCell(x.scope ?? ""),
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
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
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
    if (get("scope")) o.scope = get("scope");
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
