import type {
  AdminLibraryDetail,
  AdminLibraryRow,
  LibraryDocument,
  LibraryDocumentSummary,
  LibrarySearchHit,
  LibraryTier,
  LockInfo,
  SnippetPart,
} from "@academy/contract/library";
import { sectionPath } from "@academy/contract/library";
import { fileTypeFromBuffer } from "file-type";
import { extractText, getDocumentProxy } from "unpdf";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { type LibraryDocument as ContentDocument, parseLibraryDocument, slugify } from "../../db/seed/content.ts";
import { badRequest, HttpError, notFound } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import type { FileStore } from "../../providers/storage/store.ts";
import { getEntitlements, libraryTierSql } from "../entitlements/service.ts";
import { questionsCitingDocument } from "../question-bank/service.ts";
import { openUpload, storeUpload } from "../uploads/service.ts";
import { type SectionDraft, sectionsOfMarkdown, sectionsOfPages } from "./markdown.ts";
import * as repo from "./repo.ts";
import { SearchCache } from "./search-cache.ts";

const TIER_RANK: Record<LibraryTier, number> = { free: 0, core: 1, premium: 2 };
const higher = (a: LibraryTier, b: LibraryTier | null): LibraryTier => (b && TIER_RANK[b] > TIER_RANK[a] ? b : a);

/** Who reads: the tier their plan opens (staff read everything). */
export type Reader = { userId: number; rank: number; staff: boolean };

export async function readerOf(db: Db, principal: Pick<Principal, "id" | "role">): Promise<Reader> {
  if (principal.role === "admin") return { userId: principal.id, rank: 2, staff: true };
  const plan = await getEntitlements(db, principal.id);
  return { userId: principal.id, rank: TIER_RANK[plan.libraryTier], staff: false };
}

/**
 * Locked for this reader: what tier it needs and the plans on sale that open it. `tiers`: the
 * tiers that will be asked about, so the plans are only read when something is locked.
 */
async function lockMaker(db: Db, reader: Reader, tiers?: LibraryTier[]) {
  const anyLocked = tiers === undefined || tiers.some((t) => TIER_RANK[t] > reader.rank);
  return lockOf(reader.rank, reader.rank < 2 && anyLocked ? await repo.plansOnSale(db) : []);
}

/** The lock of an item of `tier` for a reader of tier rank `rank`, naming which of `plans` open it. */
function lockOf(rank: number, plans: { name: string; libraryTier: LibraryTier }[]) {
  return (tier: LibraryTier): LockInfo | null => {
    if (TIER_RANK[tier] <= rank) return null;
    const names = plans.filter((p) => TIER_RANK[p.libraryTier] >= TIER_RANK[tier]).map((p) => p.name);
    return {
      tier,
      plans: names,
      message: names.length
        ? `Part of the ${tier} library: the ${names.join(" or ")} plan opens it.`
        : `Part of the ${tier} library, which your plan does not open.`,
    };
  };
}

// ---------------------------------------------------------------- reading

export async function listDocuments(db: Db, principal: Principal, filter: { track?: string; theme?: string }) {
  const reader = await readerOf(db, principal);
  const lock = await lockMaker(db, reader);
  const docs = await repo.listPublished(db, filter);
  const [sections, positions, themes] = await readTogether(db, [
    () =>
      repo.sectionsOf(
        db,
        docs.map((d) => d.id),
      ),
    () => repo.positionsOf(db, reader.userId),
    () => repo.themeNames(db),
  ]);
  const list: LibraryDocumentSummary[] = docs.map((d) => ({
    ...summaryOf(d, lock),
    sections: sections
      .filter((s) => s.documentId === d.id)
      .map((s) => ({ anchor: s.anchor, heading: s.heading, locked: lock(higher(d.tier, s.tier)) })),
    position: positions.get(d.id) ?? null,
  }));
  return { list, themes };
}

function summaryOf(d: repo.DocumentRow, lock: (tier: LibraryTier) => LockInfo | null) {
  return {
    id: d.id,
    slug: d.slug,
    title: d.title,
    summary: d.summary,
    tracks: d.tracks,
    themes: d.themes,
    tier: d.tier,
    format: d.format,
    locked: lock(d.tier),
  };
}

async function publishedDocument(db: Db, slug: string, reader: Reader) {
  const doc = await repo.findDocumentBySlug(db, slug);
  // Staff may open an unpublished document (to check it); readers may not even learn it exists.
  if (!doc || (doc.status !== "published" && !reader.staff)) throw notFound("No such document in the library");
  return doc;
}

/**
 * A document with the HTML of the sections the reader's plan opens. Locked sections come with
 * their heading and the plan that opens them, never their text; a document locked as a whole
 * answers 403 with the plan that opens it.
 */
export async function getDocument(db: Db, principal: Principal, slug: string): Promise<LibraryDocument> {
  const reader = await readerOf(db, principal);
  const doc = await publishedDocument(db, slug, reader);
  const lock = await lockMaker(db, reader);
  const docLock = lock(doc.tier);
  if (docLock) throw new HttpError(403, docLock.message, { code: "PLAN_LIMIT" });
  const sections = await repo.sectionsOf(db, [doc.id]);
  const open = sections.filter((s) => !lock(higher(doc.tier, s.tier)));
  const html = await repo.htmlOf(
    db,
    open.map((s) => s.id),
  );
  const positions = await repo.positionsOf(db, reader.userId);
  return {
    ...summaryOf(doc, lock),
    sections: sections.map((s) => {
      const locked = lock(higher(doc.tier, s.tier));
      return { anchor: s.anchor, heading: s.heading, locked, html: locked ? null : (html.get(s.id) ?? "") };
    }),
    position: positions.get(doc.id) ?? null,
    fileName: doc.format === "pdf" ? doc.fileName : `${doc.slug}.md`,
    fileSize: doc.format === "pdf" ? doc.fileSize : Buffer.byteLength(doc.source ?? ""),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** Keeps where the reader is in a document (a section they may open). */
export async function saveReadingPosition(db: Db, principal: Principal, slug: string, anchor: string) {
  const reader = await readerOf(db, principal);
  const doc = await publishedDocument(db, slug, reader);
  const lock = await lockMaker(db, reader);
  const section = (await repo.sectionsOf(db, [doc.id])).find((s) => s.anchor === anchor);
  if (!section) throw notFound("No such section in this document");
  const locked = lock(higher(doc.tier, section.tier));
  if (locked) throw new HttpError(403, locked.message, { code: "PLAN_LIMIT" });
  await repo.savePosition(db, reader.userId, doc.id, anchor);
}

/** The document's file: the PDF as uploaded, or the Markdown source. Locked: 403. */
export async function openDocumentFile(db: Db, store: FileStore, principal: Principal, slug: string) {
  const reader = await readerOf(db, principal);
  const doc = await publishedDocument(db, slug, reader);
  const lock = await lockMaker(db, reader);
  const docLock = lock(doc.tier);
  if (docLock) throw new HttpError(403, docLock.message, { code: "PLAN_LIMIT" });
  // A section marked for a higher plan lives inside the file too: the file is for those who may read all of it.
  const sections = await repo.sectionsOf(db, [doc.id]);
  const lockedSection = sections.map((s) => lock(higher(doc.tier, s.tier))).find(Boolean);
  if (lockedSection) throw new HttpError(403, `Part of this document is locked. ${lockedSection.message}`, { code: "PLAN_LIMIT" });
  if (doc.format === "markdown")
    return { kind: "text" as const, body: doc.source ?? "", fileName: `${doc.slug}.md`, mime: "text/markdown; charset=utf-8" };
  const file = doc.fileKey ? await openUpload({ db, store }, doc.fileKey) : null;
  if (!file) throw notFound("The file of this document is missing");
  return {
    kind: "stream" as const,
    stream: file.stream,
    size: file.size,
    fileName: doc.fileName ?? `${doc.slug}.pdf`,
    mime: "application/pdf",
  };
}

/** The library document whose file an upload is, if any (the photo library keeps such files). */
export const documentUsingFile = (db: Parameters<typeof repo.documentUsingUpload>[0], uploadId: number) =>
  repo.documentUsingUpload(db, uploadId);

// ---------------------------------------------------------------- study plans

/** A section to read for a theme (a study plan's library card). */
export type SuggestedSection = { theme: string; document: string; documentTitle: string; anchor: string; heading: string };

/**
 * For each theme in turn, up to `perTheme` sections of the published documents on it that the
 * person's plan opens: those the theme's active questions cite most first, then in reading order
 * with an introduction last. Locked sections are never suggested; a section goes to the first theme
 * that wants it.
 */
export async function sectionsForThemes(
  db: Db,
  who: Pick<Principal, "id" | "role">,
  themes: string[],
  perTheme: number,
): Promise<SuggestedSection[]> {
  if (!themes.length || perTheme < 1) return [];
  const reader = await readerOf(db, who);
  const lock = lockOf(reader.rank, []);
  const docs = (await repo.listPublished(db, {})).filter((d) => !lock(d.tier) && d.themes.some((t) => themes.includes(t)));
  const [sections, citations] = await readTogether(db, [
    () =>
      repo.sectionsOf(
        db,
        docs.map((d) => d.id),
      ),
    () =>
      readTogether(
        db,
        docs.map((d) => () => questionsCitingDocument(db, d.slug)),
      ),
  ]);
  const cited = (docIndex: number, anchor: string) => (citations[docIndex]?.get(anchor) ?? []).filter((q) => q.status === "active").length;
  const taken = new Set<string>();
  const out: SuggestedSection[] = [];
  for (const theme of themes) {
    const candidates = docs
      .flatMap((d, i) =>
        sections
          .filter((s) => s.documentId === d.id && !lock(higher(d.tier, s.tier)))
          .map((s) => ({ d, s, cites: cited(i, s.anchor), intro: s.anchor === "introduction" ? 1 : 0 })),
      )
      .filter((c) => c.d.themes.includes(theme) && !taken.has(`${c.d.slug}#${c.s.anchor}`))
      .sort((a, b) => b.cites - a.cites || a.intro - b.intro || a.s.position - b.s.position);
    for (const { d, s } of candidates.slice(0, perTheme)) {
      taken.add(`${d.slug}#${s.anchor}`);
      out.push({ theme, document: d.slug, documentTitle: d.title, anchor: s.anchor, heading: s.heading });
    }
  }
  return out;
}

/**
 * One section for a person's study plan: 404 when the document or section does not exist (or is
 * not published), 403 with the plan that opens it when their plan does not.
 */
export async function sectionForReader(
  db: Db,
  who: Pick<Principal, "id" | "role">,
  slug: string,
  anchor: string,
): Promise<Omit<SuggestedSection, "theme"> & { themes: string[] }> {
  const reader = await readerOf(db, who);
  const doc = await publishedDocument(db, slug, reader);
  const section = (await repo.sectionsOf(db, [doc.id])).find((s) => s.anchor === anchor);
  if (!section) throw notFound("No such section in this document");
  const lock = await lockMaker(db, reader, [higher(doc.tier, section.tier)]);
  const locked = lock(higher(doc.tier, section.tier));
  if (locked) throw new HttpError(403, locked.message, { code: "PLAN_LIMIT" });
  return { document: doc.slug, documentTitle: doc.title, anchor: section.anchor, heading: section.heading, themes: doc.themes };
}

// ---------------------------------------------------------------- search

/** Turns ts_headline's marked text into parts, so the browser renders it as text (no HTML). */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const piece of marked.split(repo.SNIPPET_START)) {
    const stop = piece.indexOf(repo.SNIPPET_STOP);
    if (stop < 0) {
      if (piece) parts.push({ text: piece, hit: false });
      continue;
    }
    parts.push({ text: piece.slice(0, stop), hit: true });
    if (stop + 1 < piece.length) parts.push({ text: piece.slice(stop + 1), hit: false });
  }
  return parts;
}

/** This instance's cache of search pages, `pages` at most (see SearchCache). */
export const newSearchCache = (pages: number) => new SearchCache<LibrarySearchHit[]>(pages);

/**
 * Search after sign-in: the reader's plan and the library's search version in one small statement,
 * then the page of hits with snippets for what the plan opens (and the plans on sale when
 * something is locked) from `cache` when this instance answered the same search at the same
 * version for the same tier, else in one statement.
 */
export async function search(
  db: Db,
  principal: Principal,
  q: { q: string; track?: string; theme?: string; limit: number },
  cache: SearchCache<LibrarySearchHit[]>,
) {
  const text = q.q.trim();
  if (!text) return { list: [] as LibrarySearchHit[] };
  const state =
    principal.role === "admin"
      ? { tier: "premium" as const, version: await repo.searchVersion(db) }
      : await repo.searchState(db, principal.id, (userId) => libraryTierSql(db, userId));
  if (!state.tier) throw new HttpError(503, "No default plan is configured");
  const key = JSON.stringify([state.tier, q.limit, q.track ?? null, q.theme ?? null, text]);
  const kept = cache.get(state.version, key);
  if (kept) return { list: kept };
  const page = await repo.searchSections(db, { ...q, q: text, readerTier: state.tier });
  const lock = lockOf(TIER_RANK[state.tier], page.plans ?? []);
  const list: LibrarySearchHit[] = page.rows.map((r) => {
    const locked = lock(higher(r.doc_tier, r.section_tier));
    return {
      document: r.document,
      documentTitle: r.document_title,
      anchor: r.anchor,
      heading: r.heading,
      tracks: r.tracks,
      themes: r.themes,
      rank: r.rank,
      // Belt and braces: the query computes no snippet for a locked section, and none is sent.
      snippet: locked || r.snippet === null ? [] : snippetParts(r.snippet),
      locked,
    };
  });
  cache.set(state.version, key, list);
  return { list };
}

/** The sections that best answer a question among those the reader may open (the assistant's retrieval). */
export async function retrieveForReader(db: Db, principal: Principal, question: string, limit = 5) {
  const reader = await readerOf(db, principal);
  const found = await repo.retrievePassages(db, { q: question, limit, readerRank: reader.rank });
  const lock = await lockMaker(
    db,
    reader,
    found.locked.map((l) => l.tier),
  );
  return {
    lexemes: found.lexemes,
    passages: found.passages.map((p) => ({ ...p, url: sectionPath(p.document, p.anchor) })),
    elsewhere: found.locked.map((l) => ({ title: l.document_title, lock: lock(l.tier) })).filter((l) => l.lock),
  };
}

// ---------------------------------------------------------------- content files

/**
 * Loads the documents of `content/library`: upserted by slug (sections by anchor), documents staff
 * made theirs are left alone, documents gone from the files are unpublished. One transaction.
 */
export async function importContentDocuments(db: Db, documents: ContentDocument[]): Promise<{ documents: number }> {
  await db.transaction(async (tx) => {
    for (const d of documents) {
      const id = await repo.upsertContentDocument(tx, {
        slug: d.slug,
        title: d.title,
        summary: d.summary,
        tracks: d.tracks,
        themes: d.themes,
        tier: d.tier,
        source: d.body,
      });
      if (id !== null) await repo.writeSections(tx, id, sectionsOfMarkdown(d.body));
    }
    await repo.unpublishContentDocumentsExcept(
      tx,
      documents.map((d) => d.slug),
    );
  });
  return { documents: documents.length };
}

// ---------------------------------------------------------------- staff

const PDF_MAGIC = Buffer.from("%PDF-");

type ParsedFile =
  | { format: "pdf"; sections: SectionDraft[]; meta: null }
  | { format: "markdown"; sections: SectionDraft[]; source: string; meta: Partial<ContentDocument> | null };

const WRONG_TYPE = "Only PDF and Markdown (.md) documents can be added to the library";

/** Reads an uploaded file: a PDF (by its bytes) or Markdown (a .md name and UTF-8 text); anything else 400. */
export async function parseLibraryFile(bytes: Buffer, fileName: string): Promise<ParsedFile> {
  if (!bytes.length) throw badRequest("The file is empty", { file: "The file is empty" });
  if (bytes.subarray(0, 5).equals(PDF_MAGIC)) {
    let pages: string[];
    try {
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      pages = (await extractText(pdf, { mergePages: false })).text;
    } catch {
      throw badRequest("This PDF could not be read", { file: "This PDF could not be read" });
    }
    if (!pages.length) throw badRequest("This PDF has no pages", { file: "This PDF has no pages" });
    return { format: "pdf", sections: sectionsOfPages(pages), meta: null };
  }
  const isMarkdownName = /\.(md|markdown)$/i.test(fileName);
  const text = bytes.toString("utf8");
  if (!isMarkdownName || (await fileTypeFromBuffer(bytes)) || text.includes("\u0000") || text.includes("\uFFFD"))
    throw badRequest(WRONG_TYPE, { file: WRONG_TYPE });
  let body = text.replace(/\r\n/g, "\n");
  let meta: Partial<ContentDocument> | null = null;
  if (body.startsWith("---\n")) {
    try {
      const parsed = parseLibraryDocument("upload", body);
      meta = parsed;
      body = parsed.body;
    } catch (e) {
      throw badRequest(`The Markdown front matter is not valid: ${(e as Error).message}`, { file: "The front matter is not valid" });
    }
  }
  const sections = sectionsOfMarkdown(body);
  if (!sections.length) throw badRequest("The Markdown file has no text", { file: "The Markdown file has no text" });
  return { format: "markdown", sections, source: body, meta };
}

function titleOf(parsed: ParsedFile, fileName: string): string {
  if (parsed.meta?.title) return parsed.meta.title;
  if (parsed.format === "markdown") {
    const h1 = /^#\s+(.+)$/m.exec(parsed.source);
    if (h1) return h1[1]!.trim().slice(0, 200);
  }
  return (
    fileName
      .replace(/\.[a-z]+$/i, "")
      .replace(/[-_]+/g, " ")
      .trim()
      .slice(0, 200) || "Untitled document"
  );
}

async function uniqueSlug(db: Db, title: string): Promise<string> {
  const base = slugify(title).slice(0, 80).replace(/-+$/, "") || "document";
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!(await repo.slugTaken(db, slug))) return slug;
  }
}

/** Stores a PDF through the uploads module (type checked from its bytes there too). */
async function storePdf(db: Db, store: FileStore, userId: number, bytes: Buffer, fileName: string) {
  const row = await storeUpload({ db, store }, { userId, bytes, fileName });
  return { fileUploadId: row.id, fileKey: row.storageKey, fileName: row.originalName, fileSize: row.size };
}

/** Themes staff give a document must be the question bank's: an unknown one is refused with 400. */
async function assertKnownThemes(db: Db, themes: string[] | undefined) {
  if (!themes?.length) return;
  const known = new Set((await repo.themeNames(db)).map((t) => t.slug));
  const unknown = themes.filter((t) => !known.has(t));
  if (unknown.length) throw badRequest(`Unknown theme: ${unknown.join(", ")}`, { themes: `Unknown theme: ${unknown.join(", ")}` });
}

export async function uploadDocument(
  deps: { db: Db; store: FileStore },
  staffId: number,
  file: { bytes: Buffer; fileName: string },
  fields: { title?: string; summary?: string; tracks: string[]; themes: string[]; tier: LibraryTier },
): Promise<AdminLibraryRow> {
  await assertKnownThemes(deps.db, fields.themes);
  const parsed = await parseLibraryFile(file.bytes, file.fileName);
  const title = fields.title || titleOf(parsed, file.fileName);
  const slug = await uniqueSlug(deps.db, title);
  const stored = parsed.format === "pdf" ? await storePdf(deps.db, deps.store, staffId, file.bytes, file.fileName) : null;
  const doc = await deps.db.transaction(async (tx) => {
    const row = await repo.insertDocument(tx, {
      slug,
      title,
      summary: fields.summary ?? parsed.meta?.summary ?? "",
      tracks: fields.tracks.length ? fields.tracks : (parsed.meta?.tracks ?? []),
      themes: fields.themes.length ? fields.themes : (parsed.meta?.themes ?? []),
      tier: fields.tier,
      format: parsed.format,
      origin: "admin",
      source: parsed.format === "markdown" ? parsed.source : null,
      ...(stored ?? {}),
    });
    await repo.writeSections(tx, row.id, parsed.sections);
    return row;
  });
  return getAdminRow(deps.db, doc.id);
}

export async function replaceDocumentFile(
  deps: { db: Db; store: FileStore },
  staffId: number,
  id: number,
  file: { bytes: Buffer; fileName: string },
) {
  const doc = await repo.findDocumentById(deps.db, id);
  if (!doc) throw notFound("No such document");
  const parsed = await parseLibraryFile(file.bytes, file.fileName);
  const stored = parsed.format === "pdf" ? await storePdf(deps.db, deps.store, staffId, file.bytes, file.fileName) : null;
  await deps.db.transaction(async (tx) => {
    await repo.updateDocument(tx, id, {
      format: parsed.format,
      origin: "admin",
      source: parsed.format === "markdown" ? parsed.source : null,
      fileUploadId: stored?.fileUploadId ?? null,
      fileKey: stored?.fileKey ?? null,
      fileName: stored?.fileName ?? null,
      fileSize: stored?.fileSize ?? null,
    });
    await repo.writeSections(tx, id, parsed.sections);
  });
  return getAdminRow(deps.db, id);
}

/** Staff edits make a content document theirs: the files no longer overwrite it. */
export async function updateDocumentDetails(
  db: Db,
  id: number,
  body: {
    title?: string;
    summary?: string;
    tracks?: string[];
    themes?: string[];
    tier?: LibraryTier;
    status?: "published" | "unpublished";
    sectionTiers?: Record<string, LibraryTier | null>;
  },
) {
  const doc = await repo.findDocumentById(db, id);
  if (!doc) throw notFound("No such document");
  const { sectionTiers, ...fields } = body;
  await assertKnownThemes(db, fields.themes);
  if (sectionTiers) {
    const anchors = new Set((await repo.sectionsOf(db, [id])).map((s) => s.anchor));
    const unknown = Object.keys(sectionTiers).filter((a) => !anchors.has(a));
    if (unknown.length) throw badRequest(`No such section: ${unknown.join(", ")}`, { sectionTiers: "Unknown section" });
  }
  await db.transaction(async (tx) => {
    // Publishing or unpublishing alone is not an edit of the content.
    const isContentEdit = Object.keys(fields).some((k) => k !== "status") || !!sectionTiers;
    await repo.updateDocument(tx, id, { ...fields, ...(isContentEdit ? { origin: "admin" as const } : {}) });
    for (const [anchor, tier] of Object.entries(sectionTiers ?? {})) await repo.setSectionTier(tx, id, anchor, tier);
  });
  return getAdminRow(db, id);
}

function toAdminRow(d: repo.DocumentRow, sectionCount: number): AdminLibraryRow {
  return {
    id: d.id,
    slug: d.slug,
    title: d.title,
    summary: d.summary,
    tracks: d.tracks,
    themes: d.themes,
    tier: d.tier,
    format: d.format,
    status: d.status,
    origin: d.origin,
    file_name: d.format === "pdf" ? d.fileName : `${d.slug}.md`,
    file_size: d.format === "pdf" ? d.fileSize : Buffer.byteLength(d.source ?? ""),
    section_count: sectionCount,
    updated_at: d.updatedAt.toISOString(),
  };
}

async function getAdminRow(db: Db, id: number): Promise<AdminLibraryRow> {
  const doc = await repo.findDocumentById(db, id);
  if (!doc) throw notFound("No such document");
  return toAdminRow(doc, (await repo.sectionsOf(db, [id])).length);
}

export async function adminListDocuments(db: Db, q: Parameters<typeof repo.adminList>[1]) {
  const { rows, total } = await repo.adminList(db, q);
  return {
    list: rows.map((r) => toAdminRow(r, r.sectionCount)),
    total,
    page: q.page,
    limit: q.limit,
    num_pages: Math.ceil(total / q.limit),
  };
}

/** A document for staff: its sections, their marks, and the questions that cite each. */
export async function adminGetDocument(db: Db, id: number): Promise<AdminLibraryDetail> {
  const doc = await repo.findDocumentById(db, id);
  if (!doc) throw notFound("No such document");
  const [sections, citing] = await readTogether(db, [() => repo.sectionsOf(db, [id]), () => questionsCitingDocument(db, doc.slug)]);
  return {
    ...toAdminRow(doc, sections.length),
    sections: sections.map((s) => ({ anchor: s.anchor, heading: s.heading, tier: s.tier, citedBy: citing.get(s.anchor) ?? [] })),
  };
}
