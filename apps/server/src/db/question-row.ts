import { askedInTracks, type ContentQuestion } from "@academy/contract/content";
import type { questions } from "./schema/quiz.ts";

/**
 * A question in the content files' format as a row of the bank: how the seed stores the files'
 * questions and how staff's questions (form, JSON or CSV import) are stored, one mapping for both.
 */
export function questionRowOf(
  q: ContentQuestion,
  where: {
    themeSlug: string;
    /** The tracks of the question's theme: a question without its own list follows them. */
    themeTracks: string[];
    status: "active" | "review" | "retired";
    origin: "content" | "admin";
  },
) {
  return {
    contentId: q.id,
    themeSlug: where.themeSlug,
    type: q.type,
    difficulty: q.difficulty,
    stem: q.stem,
    options: q.type === "numeric" ? [] : q.options,
    numeric:
      q.type === "numeric"
        ? {
            ...(q.answer !== undefined ? { answer: q.answer } : {}),
            ...(q.formula !== undefined ? { formula: q.formula } : {}),
            ...(q.variables !== undefined ? { variables: q.variables } : {}),
            tolerance: q.tolerance,
            unit: q.unit,
          }
        : null,
    explanation: q.explanation,
    source: q.source,
    reference: q.reference ?? null,
    image: q.image ?? null,
    guideline: q.guideline ?? null,
    region: q.region,
    scope: q.scope ?? null,
    tracks: askedInTracks(q, where.themeTracks),
    status: where.status,
    origin: where.origin,
  } satisfies typeof questions.$inferInsert;
}
