import { z } from "zod";
import { Slug, TrackSlug } from "./content.ts";
import { ASSISTANT_PROMPT_MAX } from "./library-links.ts";

export { ASSISTANT_PROMPT_MAX, sectionPath } from "./library-links.ts";

/** The document library and the study assistant: requests (zod) and answers (types). */

export const LibraryTier = z.enum(["free", "core", "premium"]);
export type LibraryTier = z.infer<typeof LibraryTier>;

/** No NUL or other control characters (PostgreSQL refuses NUL in text; none belongs in a query). */
const hasControl = (s: string) =>
  [...s].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 32 && c !== "\n" && c !== "\r" && c !== "\t") || code === 127;
  });
const cleanText = (max: number) =>
  z
    .string()
    .max(max, `Use at most ${max} characters`)
    .refine((s) => !hasControl(s), "Remove control characters");

export const LibraryListQuery = z.strictObject({
  track: TrackSlug.optional(),
  theme: Slug.max(80).optional(),
});

export const LibrarySearchQuery = z.strictObject({
  q: cleanText(200),
  track: TrackSlug.optional(),
  theme: Slug.max(80).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const DocumentParams = z.strictObject({ slug: Slug.max(120) });
export const ReadingPositionRequest = z.strictObject({ anchor: Slug.max(120) });

/** Why something is locked: the tier it needs and the plans on sale that open it. */
export const LockInfo = z.object({ tier: LibraryTier, plans: z.array(z.string()), message: z.string() });
export type LockInfo = z.infer<typeof LockInfo>;

export type LibrarySectionSummary = { anchor: string; heading: string; locked: LockInfo | null };
export type LibraryDocumentSummary = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  tracks: string[];
  themes: string[];
  tier: LibraryTier;
  format: "markdown" | "pdf";
  locked: LockInfo | null;
  sections: LibrarySectionSummary[];
  /** The anchor the reader last read, if any. */
  position: string | null;
};
export type LibrarySection = LibrarySectionSummary & {
  /** Sanitized HTML; null when locked (the text never leaves the server). */
  html: string | null;
};
export type LibraryDocument = Omit<LibraryDocumentSummary, "sections"> & {
  sections: LibrarySection[];
  fileName: string | null;
  fileSize: number | null;
  updatedAt: string;
};
/** A search snippet: text with the matched words marked. */
export const SnippetPart = z.object({ text: z.string(), hit: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;
export const LibrarySearchHit = z.object({
  document: z.string(),
  documentTitle: z.string(),
  anchor: z.string(),
  heading: z.string(),
  tracks: z.array(z.string()),
  themes: z.array(z.string()),
  rank: z.number(),
  /** The section holds every word searched for (in one of its spellings or synonyms). */
  matchesAll: z.boolean(),
  /** Empty when locked. */
  snippet: z.array(SnippetPart),
  locked: LockInfo.nullable(),
});
export type LibrarySearchHit = z.infer<typeof LibrarySearchHit>;
/**
 * `match`: "all" when the best hits hold every word (those holding only some follow, each marked
 * by `matchesAll`), "some" when no section holds them all and these hold some of them, "none".
 * `didYouMean`: the search with its mistyped words replaced by the library's nearest words (the
 * hits already include them).
 */
export const LibrarySearchResponse = z.object({
  error: z.literal(false),
  list: z.array(LibrarySearchHit),
  match: z.enum(["all", "some", "none"]),
  didYouMean: z.string().nullable(),
});
export type LibrarySearchResponse = z.infer<typeof LibrarySearchResponse>;
export type LibraryFacet = { slug: string; name: string };
/** GET documents: the published documents with their sections, and the themes to filter by. */
export type LibraryDocumentsAnswer = { error: false; list: LibraryDocumentSummary[]; themes: LibraryFacet[] };
/** GET documents/{slug}: one document with the sections the plan opens. */
export type LibraryDocumentAnswer = { error: false; model: LibraryDocument };

// ---------------------------------------------------------------- staff

export const AdminLibraryListQuery = z.strictObject({
  q: cleanText(200).optional(),
  status: z.enum(["published", "unpublished"]).optional(),
  track: TrackSlug.optional(),
  tier: LibraryTier.optional(),
  format: z.enum(["markdown", "pdf"]).optional(),
  sort: z.enum(["title", "updated_at", "tier", "id"]).default("title"),
  direction: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const IdParams = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

export const UpdateLibraryDocumentRequest = z.strictObject({
  title: z.string().trim().min(1, "Title is required").max(200).optional(),
  summary: z.string().trim().max(1000).optional(),
  tracks: z.array(TrackSlug).max(4).optional(),
  themes: z.array(Slug.max(80)).max(30).optional(),
  tier: LibraryTier.optional(),
  status: z.enum(["published", "unpublished"]).optional(),
  /** Sections marked for a higher package than their document (anchor -> tier, null = the document's). */
  sectionTiers: z.record(Slug.max(120), LibraryTier.nullable()).optional(),
});

/** The form fields that come with an upload (multipart). */
export const UploadLibraryFields = z.strictObject({
  title: z.string().trim().max(200).optional(),
  summary: z.string().trim().max(1000).optional(),
  tracks: z.array(TrackSlug).max(4).default([]),
  themes: z.array(Slug.max(80)).max(30).default([]),
  tier: LibraryTier.default("free"),
});

export type AdminLibraryRow = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  tracks: string[];
  themes: string[];
  tier: LibraryTier;
  format: "markdown" | "pdf";
  status: "published" | "unpublished";
  origin: "content" | "admin";
  file_name: string | null;
  file_size: number | null;
  section_count: number;
  updated_at: string;
};
export type AdminLibraryDetail = AdminLibraryRow & {
  sections: { anchor: string; heading: string; tier: LibraryTier | null; citedBy: { id: number; contentId: string; stem: string }[] }[];
};

// ---------------------------------------------------------------- study assistant

export const AssistantQueryRequest = z.strictObject({
  user_prompt: cleanText(ASSISTANT_PROMPT_MAX).refine((s) => s.trim().length > 0, "Ask a question"),
});
export const AssistantCitation = z.object({
  n: z.number().int(),
  document: z.string(),
  documentTitle: z.string(),
  anchor: z.string(),
  heading: z.string(),
  /** Whole sentences of the section, verbatim; lines apart are joined by "…". */
  quote: z.string(),
  url: z.string(),
  /** Set when the reader's plan does not open the section (now: it may have changed since the answer). */
  locked: LockInfo.nullable(),
});
export type AssistantCitation = z.infer<typeof AssistantCitation>;
export const AssistantAnswer = z.object({
  id: z.number().int(),
  prompt: z.string(),
  answer: z.string(),
  /** false: the library holds no answer to this question (said plainly in `answer`). */
  answered: z.boolean(),
  citations: z.array(AssistantCitation),
  answerer: z.string(),
  createdAt: z.string(),
});
export type AssistantAnswer = z.infer<typeof AssistantAnswer>;
export const AssistantStatus = z.object({
  answerer: z.enum(["built-in", "openai-compatible"]),
  model: z.string().nullable(),
  reachable: z.boolean(),
  transcribe: z.boolean(),
  translate: z.boolean(),
  quota: z.object({ perDay: z.number().int(), usedToday: z.number().int() }),
});
export type AssistantStatus = z.infer<typeof AssistantStatus>;
export const AssistantAnswerResponse = z.object({ error: z.literal(false), model: AssistantAnswer });
export const AssistantHistoryResponse = z.object({ error: z.literal(false), list: z.array(AssistantAnswer) });
export const AssistantStatusResponse = z.object({ error: z.literal(false), model: AssistantStatus });

/** gpt-transcribe and gpt-translate: the text the provider made. */
export const AiTextResponse = z.object({ error: z.literal(false), text: z.string() });

export const TranslateRequest = z.strictObject({
  text: z.string().trim().min(1, "Text is required").max(5000),
  target_language: z.string().trim().min(2, "Target language is required").max(40),
});

// ---------------------------------------------------------------- staff answers

/** GET admin/documents: a page of documents. */
export type AdminLibraryListAnswer = { error: false; list: AdminLibraryRow[]; total: number; num_pages: number };
/** POST admin/documents, PUT admin/documents/{id}, POST admin/documents/{id}/file: the document as saved. */
export type AdminLibraryRowAnswer = { error: false; model: AdminLibraryRow };
/** GET admin/documents/{id}: the document with its sections and the questions citing each. */
export type AdminLibraryDetailAnswer = { error: false; model: AdminLibraryDetail };
