// A candidate reading the library: the list, one document, its file, and where they are in it.
import type { LibraryDocument, LibraryDocumentSummary, LibraryTier, LockInfo } from "@academy/contract/library";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { HttpError, notFound } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import type { FileStore } from "../../providers/storage/store.ts";
import { openUpload } from "../uploads/service.ts";
import { higher, lockMaker, publishedDocument, readerOf } from "./access.ts";
import * as repo from "./repo.ts";

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
