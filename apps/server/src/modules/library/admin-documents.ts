// The staff screen's documents: upload, replace the file, edit details and access, list and inspect.
import type { AdminLibraryDetail, AdminLibraryRow, LibraryTier } from "@academy/contract/library";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { slugify } from "../../db/seed/content.ts";
import { badRequest, notFound } from "../../lib/http-error.ts";
import type { FileStore } from "../../providers/storage/store.ts";
import { recordActivity } from "../activity/service.ts";
import { questionsCitingDocument } from "../question-bank/service.ts";
import { storeUpload } from "../uploads/service.ts";
import { parseLibraryFile, titleOf } from "./library-file.ts";
import * as repo from "./repo.ts";

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
    if (row.status === "published")
      await recordActivity(tx, {
        actorId: staffId,
        kind: "content.publish",
        record: { table: "library_document", id: row.id },
        summary: `Library document ${row.title} added`,
        after: { title: row.title, slug: row.slug, tier: row.tier, status: row.status },
      });
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
  staffId: number,
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
    // Publishing and unpublishing go into the activity log (what readers can open changed).
    if (fields.status !== undefined && fields.status !== doc.status)
      await recordActivity(tx, {
        actorId: staffId,
        kind: fields.status === "published" ? "content.publish" : "content.unpublish",
        record: { table: "library_document", id },
        summary: `Library document ${fields.title ?? doc.title} ${fields.status}`,
        before: { status: doc.status },
        after: { status: fields.status },
      });
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
