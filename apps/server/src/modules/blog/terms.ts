// Blog categories and tags: staff add, rename and delete them, each change with its activity-log entry.
import { type SaveBlogCategoryRequest, type SaveBlogTagRequest, slugifyTitle } from "@academy/contract/blog";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/http-error.ts";
import { recordActivity } from "../activity/service.ts";
import * as repo from "./repo.ts";

/** A unique-index violation that a concurrent save slipped past the check. */
export const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
};

const RECORD = { category: "blog_category", tag: "blog_tag" } as const;
const LABEL = { category: "Blog category", tag: "Blog tag" } as const;
const notFoundOf = (kind: repo.TermKind) => notFound(kind === "category" ? "Category not found" : "Tag not found");
const slugClash = (kind: repo.TermKind, slug: string) =>
  conflict(`A ${kind} with the slug ${slug} already exists`, { slug: `A ${kind} with this slug already exists` });

/** Categories and tags are how the blog is organised: a change is a setting of the site, logged as one. */
async function logTerm(
  tx: repo.Tx,
  staffId: number,
  kind: repo.TermKind,
  id: number,
  summary: string,
  change: { before?: Record<string, unknown> | null; after?: Record<string, unknown> | null },
) {
  await recordActivity(tx, { actorId: staffId, kind: "settings.update", record: { table: RECORD[kind], id }, summary, ...change });
}

async function createTerm(
  db: Db,
  staffId: number,
  kind: repo.TermKind,
  name: string,
  slugAsked: string | undefined,
  insert: (tx: repo.Tx, slug: string) => Promise<repo.Term>,
): Promise<repo.Term> {
  const slug = slugAsked || slugifyTitle(name);
  if (!slug) throw badRequest("Use letters or digits in the name", { name: "Use letters or digits" });
  if (await repo.termSlugTaken(db, kind, slug)) throw slugClash(kind, slug);
  try {
    return await db.transaction(async (tx) => {
      const row = await insert(tx, slug);
      await logTerm(tx, staffId, kind, row.id, `${LABEL[kind]} ${row.name} added`, { after: { name: row.name, slug: row.slug } });
      return row;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw slugClash(kind, slug);
    throw e;
  }
}

export const createCategory = (db: Db, staffId: number, body: z.output<typeof SaveBlogCategoryRequest>) =>
  createTerm(db, staffId, "category", body.name, body.slug, (tx, slug) =>
    repo.insertCategory(tx, { slug, name: body.name, description: body.description.trim() }),
  );

export const createTag = (db: Db, staffId: number, body: z.output<typeof SaveBlogTagRequest>) =>
  createTerm(db, staffId, "tag", body.name, body.slug, (tx, slug) => repo.insertTag(tx, { slug, name: body.name }));

/**
 * Renames a category or tag: its posts keep it. A slug given changes the address too (a clash is
 * 409); without one the slug stays, so links to the category or tag keep working.
 */
async function renameTerm(
  db: Db,
  staffId: number,
  kind: repo.TermKind,
  id: number,
  body: { name: string; slug?: string; description?: string },
) {
  const slug = body.slug || undefined;
  if (slug && (await repo.termSlugTaken(db, kind, slug, id))) throw slugClash(kind, slug);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await repo.findTerms(tx, kind, [String(id)]);
      const row = await repo.updateTerm(tx, kind, id, { ...body, slug });
      if (!before || !row) throw notFoundOf(kind);
      if (before.name !== row.name || before.slug !== row.slug)
        await logTerm(tx, staffId, kind, id, `${LABEL[kind]} ${before.name} renamed to ${row.name}`, {
          before: { name: before.name, slug: before.slug },
          after: { name: row.name, slug: row.slug },
        });
      return row;
    });
  } catch (e) {
    if (isUniqueViolation(e) && slug) throw slugClash(kind, slug);
    throw e;
  }
}

export const renameCategory = (db: Db, staffId: number, id: number, body: z.output<typeof SaveBlogCategoryRequest>) =>
  renameTerm(db, staffId, "category", id, { name: body.name, slug: body.slug, description: body.description.trim() });

export const renameTag = (db: Db, staffId: number, id: number, body: z.output<typeof SaveBlogTagRequest>) =>
  renameTerm(db, staffId, "tag", id, { name: body.name, slug: body.slug });

/** Removing a category or tag takes it off its posts; the posts stay. */
async function deleteTerm(db: Db, staffId: number, kind: repo.TermKind, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.deleteTerm(tx, kind, id);
    if (!row) throw notFoundOf(kind);
    await logTerm(tx, staffId, kind, id, `${LABEL[kind]} ${row.name} deleted`, { before: { name: row.name, slug: row.slug } });
  });
}

export const deleteCategory = (db: Db, staffId: number, id: number) => deleteTerm(db, staffId, "category", id);
export const deleteTag = (db: Db, staffId: number, id: number) => deleteTerm(db, staffId, "tag", id);
