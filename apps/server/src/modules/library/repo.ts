import { and, asc, count, desc, eq, inArray, notInArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedRows } from "../../db/prepared-sql.ts";
import { type LibraryTier, libraryDocuments, libraryReadingPositions, librarySections } from "../../db/schema/library.ts";
import { packages } from "../../db/schema/packages.ts";
import { themes } from "../../db/schema/quiz.ts";
import type { SectionDraft } from "./markdown.ts";

export type DocumentRow = typeof libraryDocuments.$inferSelect;
export type SectionRow = Omit<typeof librarySections.$inferSelect, "html" | "bodyText">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

// ---------------------------------------------------------------- writes

/**
 * Replaces a document's sections by anchor: kept anchors keep their row (and any staff mark),
 * new ones are added, gone ones removed.
 */
export async function writeSections(tx: Tx | Db, documentId: number, drafts: SectionDraft[]): Promise<void> {
  const anchors = drafts.map((d) => d.anchor);
  await tx
    .delete(librarySections)
    .where(
      anchors.length
        ? and(eq(librarySections.documentId, documentId), notInArray(librarySections.anchor, anchors))
        : eq(librarySections.documentId, documentId),
    );
  if (!drafts.length) return;
  await tx
    .insert(librarySections)
    .values(drafts.map((d, position) => ({ documentId, position, ...d })))
    .onConflictDoUpdate({
      target: [librarySections.documentId, librarySections.anchor],
      set: {
        heading: sql`excluded.heading`,
        position: sql`excluded.position`,
        bodyText: sql`excluded.body_text`,
        html: sql`excluded.html`,
      },
    });
}

/** Upserts a document of the content files; one staff made theirs (origin admin) is left alone: answers null then. */
export async function upsertContentDocument(
  tx: Tx,
  values: Pick<DocumentRow, "slug" | "title" | "summary" | "tracks" | "themes" | "tier" | "source">,
): Promise<number | null> {
  const [row] = await tx
    .insert(libraryDocuments)
    .values({ ...values, format: "markdown", origin: "content" })
    .onConflictDoUpdate({
      target: libraryDocuments.slug,
      set: {
        title: values.title,
        summary: values.summary,
        tracks: values.tracks,
        themes: values.themes,
        tier: values.tier,
        source: values.source,
        updatedAt: new Date(),
      },
      setWhere: eq(libraryDocuments.origin, "content"),
    })
    .returning({ id: libraryDocuments.id });
  return row?.id ?? null;
}

/** Content documents gone from the files are unpublished (quiz references keep their rows). */
export async function unpublishContentDocumentsExcept(tx: Tx, slugs: string[]): Promise<void> {
  await tx
    .update(libraryDocuments)
    .set({ status: "unpublished", updatedAt: new Date() })
    .where(and(eq(libraryDocuments.origin, "content"), slugs.length ? notInArray(libraryDocuments.slug, slugs) : undefined));
}

export async function insertDocument(tx: Tx | Db, values: typeof libraryDocuments.$inferInsert): Promise<DocumentRow> {
  const [row] = await tx.insert(libraryDocuments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateDocument(tx: Tx | Db, id: number, values: Partial<typeof libraryDocuments.$inferInsert>): Promise<void> {
  await tx
    .update(libraryDocuments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(libraryDocuments.id, id));
}

export async function setSectionTier(tx: Tx | Db, documentId: number, anchor: string, tier: LibraryTier | null): Promise<void> {
  await tx
    .update(librarySections)
    .set({ tier })
    .where(and(eq(librarySections.documentId, documentId), eq(librarySections.anchor, anchor)));
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: libraryDocuments.id }).from(libraryDocuments).where(eq(libraryDocuments.slug, slug));
  return !!row;
}

// ---------------------------------------------------------------- reads

export async function findDocumentBySlug(db: Db, slug: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, slug));
  return row;
}

/** The library document whose file an upload is, if any. */
export async function documentUsingUpload(db: Db | Tx, uploadId: number): Promise<{ title: string } | undefined> {
  const [row] = await db
    .select({ title: libraryDocuments.title })
    .from(libraryDocuments)
    .where(eq(libraryDocuments.fileUploadId, uploadId))
    .limit(1);
  return row;
}

export async function findDocumentById(db: Db, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(libraryDocuments).where(eq(libraryDocuments.id, id));
  return row;
}

const sectionSummaryColumns = {
  id: librarySections.id,
  documentId: librarySections.documentId,
  anchor: librarySections.anchor,
  heading: librarySections.heading,
  position: librarySections.position,
  tier: librarySections.tier,
};

/** Sections of these documents, in reading order, without their text. */
export async function sectionsOf(db: Db, documentIds: number[]): Promise<SectionRow[]> {
  if (!documentIds.length) return [];
  return db
    .select(sectionSummaryColumns)
    .from(librarySections)
    .where(inArray(librarySections.documentId, documentIds))
    .orderBy(asc(librarySections.documentId), asc(librarySections.position));
}

/** The HTML of only these sections (the ones the reader may open). */
export async function htmlOf(db: Db, sectionIds: number[]): Promise<Map<number, string>> {
  if (!sectionIds.length) return new Map();
  const rows = await db
    .select({ id: librarySections.id, html: librarySections.html })
    .from(librarySections)
    .where(inArray(librarySections.id, sectionIds));
  return new Map(rows.map((r) => [r.id, r.html]));
}

export async function listPublished(db: Db, filter: { track?: string; theme?: string }): Promise<DocumentRow[]> {
  return db
    .select()
    .from(libraryDocuments)
    .where(
      and(
        eq(libraryDocuments.status, "published"),
        filter.track ? sql`${libraryDocuments.tracks} @> ${JSON.stringify([filter.track])}::jsonb` : undefined,
        filter.theme ? sql`${libraryDocuments.themes} @> ${JSON.stringify([filter.theme])}::jsonb` : undefined,
      ),
    )
    .orderBy(asc(libraryDocuments.title));
}

export async function themeNames(db: Db): Promise<{ slug: string; name: string }[]> {
  return db.select({ slug: themes.slug, name: themes.name }).from(themes).orderBy(asc(themes.name));
}

/** The plans on sale and the library tier each opens, in display order. */
export async function plansOnSale(db: Db): Promise<{ name: string; libraryTier: LibraryTier }[]> {
  return db
    .select({ name: packages.name, libraryTier: packages.libraryTier })
    .from(packages)
    .where(eq(packages.status, "active"))
    .orderBy(asc(packages.displayOrder), asc(packages.id));
}

/**
 * What a search depends on besides its words: the tier the reader's plan opens (`readerTier`, an
 * SQL expression of the placeholder `userId`; null when no plan applies, not even a default one)
 * and the library's search version, which every write to documents, sections or plans moves on
 * (migration 0022). One small statement, prepared once.
 */
export async function searchState(
  db: Db,
  userId: number,
  readerTier: (userId: Placeholder) => SQL,
): Promise<{ tier: LibraryTier | null; version: string }> {
  const [row] = await preparedRows<{ tier: LibraryTier | null; version: string }>(
    db,
    "library_search_state",
    () => sql`SELECT ${readerTier(sql.placeholder("userId"))} AS tier, (SELECT version::text FROM library_search_version) AS version`,
    { userId },
  );
  return { tier: row?.tier ?? null, version: row?.version ?? "0" };
}

/** The library's search version alone (staff read everything: no tier to decide). */
export async function searchVersion(db: Db): Promise<string> {
  const [row] = await preparedRows<{ version: string }>(
    db,
    "library_search_version",
    () => sql`SELECT version::text FROM library_search_version`,
  );
  return row?.version ?? "0";
}

// ---------------------------------------------------------------- reading positions

export async function positionsOf(db: Db, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ documentId: libraryReadingPositions.documentId, anchor: libraryReadingPositions.anchor })
    .from(libraryReadingPositions)
    .where(eq(libraryReadingPositions.userId, userId));
  return new Map(rows.map((r) => [r.documentId, r.anchor]));
}

export async function savePosition(db: Db, userId: number, documentId: number, anchor: string): Promise<void> {
  await db
    .insert(libraryReadingPositions)
    .values({ userId, documentId, anchor })
    .onConflictDoUpdate({
      target: [libraryReadingPositions.userId, libraryReadingPositions.documentId],
      set: { anchor, updatedAt: new Date() },
    });
}

// ---------------------------------------------------------------- staff list

export type AdminListRow = DocumentRow & { sectionCount: number };

export async function adminList(
  db: Db,
  q: {
    q?: string;
    status?: "published" | "unpublished";
    track?: string;
    tier?: LibraryTier;
    format?: "markdown" | "pdf";
    sort: "title" | "updated_at" | "tier" | "id";
    direction: "asc" | "desc";
    page: number;
    limit: number;
  },
): Promise<{ rows: AdminListRow[]; total: number }> {
  const where = and(
    q.q
      ? sql`(${libraryDocuments.title} ILIKE ${`%${q.q.replace(/[\\%_]/g, "\\$&")}%`} OR ${libraryDocuments.slug} ILIKE ${`%${q.q.replace(/[\\%_]/g, "\\$&")}%`})`
      : undefined,
    q.status ? eq(libraryDocuments.status, q.status) : undefined,
    q.track ? sql`${libraryDocuments.tracks} @> ${JSON.stringify([q.track])}::jsonb` : undefined,
    q.tier ? eq(libraryDocuments.tier, q.tier) : undefined,
    q.format ? eq(libraryDocuments.format, q.format) : undefined,
  );
  const column = {
    title: libraryDocuments.title,
    updated_at: libraryDocuments.updatedAt,
    tier: libraryDocuments.tier,
    id: libraryDocuments.id,
  }[q.sort];
  const sectionCount = sql<number>`(SELECT count(*)::int FROM library_section s WHERE s.document_id = ${libraryDocuments.id})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ doc: libraryDocuments, sectionCount })
      .from(libraryDocuments)
      .where(where)
      .orderBy(q.direction === "asc" ? asc(column) : desc(column), asc(libraryDocuments.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(libraryDocuments).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.doc, sectionCount: Number(r.sectionCount) })), total: total?.n ?? 0 };
}

/** The tiers of these sections (`document` slug and `anchor`) and of their documents; unknown ones are left out. */
export async function tiersOfSections(
  db: Db,
  refs: { document: string; anchor: string }[],
): Promise<{ document: string; anchor: string; docTier: LibraryTier; sectionTier: LibraryTier | null }[]> {
  if (!refs.length) return [];
  return db
    .select({
      document: libraryDocuments.slug,
      anchor: librarySections.anchor,
      docTier: libraryDocuments.tier,
      sectionTier: librarySections.tier,
    })
    .from(librarySections)
    .innerJoin(libraryDocuments, eq(libraryDocuments.id, librarySections.documentId))
    .where(
      and(
        inArray(
          libraryDocuments.slug,
          refs.map((r) => r.document),
        ),
        inArray(
          librarySections.anchor,
          refs.map((r) => r.anchor),
        ),
      ),
    );
}
