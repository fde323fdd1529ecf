import { ContentQuestion } from "@academy/contract/content";
import { questionRowOf } from "../../db/question-row.ts";
import type * as repo from "./repo.ts";

/** A question in the content files' format: what export writes, import and the editor check. */

export type Status = "active" | "review" | "retired";

/** A question in the files' format: what export writes and import reads. */
export function toContent(q: repo.QuestionRow) {
  const base = {
    id: q.contentId,
    theme: q.themeSlug,
    status: q.status,
    type: q.type,
    difficulty: q.difficulty,
    // A question beyond the EMT's scope is in no track (askedInTracks): written without, it imports into its theme's.
    ...(q.tracks.length ? { tracks: q.tracks } : {}),
    ...(q.scope ? { scope: q.scope } : {}),
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

export type Checked = { ok: true; row: Parameters<typeof repo.insertQuestion>[1] } | { ok: false; errors: Record<string, string> };

/** Validates one question against the content schema (the same rules as the files) and the known themes. */
export function checkQuestion(input: unknown, themes: Map<string, string[]>): Checked {
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
