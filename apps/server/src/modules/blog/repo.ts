import { and, asc, count, desc, eq, ilike, inArray, like, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { photos } from "../../db/schema/accounts.ts";
import { blogCategories, blogPostCategories, blogPosts, blogPostTags, blogTags } from "../../db/schema/blog.ts";
import { users } from "../../db/schema/users.ts";

export type PostRecord = typeof blogPosts.$inferSelect;
export type Term = { id: number; slug: string; name: string };
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Conn = Db | Tx;

/** Posts the public may read at `now`: not drafts, and their time has come (scheduled ones included). */
export const isPublicAt = (now: Date) => and(ne(blogPosts.status, "draft"), lte(blogPosts.publishAt, now));
export type Where = SQL | undefined;
export type TermKind = "category" | "tag";

/** Which posts a list holds: public ones only or all, by status as it is at `now`, a search, tags and categories. */
export function postsWhere(opts: {
  now: Date;
  publicOnly: boolean;
  status?: "draft" | "scheduled" | "published";
  q?: string;
  terms?: { tagIds: number[]; categoryIds: number[]; rule: "and" | "or" };
}): Where {
  const { now } = opts;
  const byStatus =
    opts.status === "published"
      ? isPublicAt(now)
      : opts.status === "scheduled"
        ? and(eq(blogPosts.status, "scheduled"), sql`(${blogPosts.publishAt} is null or ${blogPosts.publishAt} > ${now})`)
        : opts.status === "draft"
          ? eq(blogPosts.status, "draft")
          : undefined;
  return and(
    opts.publicOnly ? isPublicAt(now) : undefined,
    byStatus,
    opts.q ? searchPosts(opts.q) : undefined,
    opts.terms ? termCondition(opts.terms.tagIds, opts.terms.categoryIds, opts.terms.rule) : undefined,
  );
}

/** Everything a list shows of a post, without the body; its word count stands in for it. */
const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  coverPhotoId: blogPosts.coverPhotoId,
  coverUrl: photos.url,
  authorId: blogPosts.authorId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  status: blogPosts.status,
  publishAt: blogPosts.publishAt,
  seoTitle: blogPosts.seoTitle,
  seoDescription: blogPosts.seoDescription,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  words: sql<number>`coalesce(array_length(regexp_split_to_array(btrim(regexp_replace(${blogPosts.body}, '<[^>]*>', ' ', 'g')), '\\s+'), 1), 0)::int`,
};
export type PostSummaryRow = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  coverPhotoId: number | null;
  coverUrl: string | null;
  authorId: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  status: "draft" | "scheduled" | "published";
  publishAt: Date | null;
  seoTitle: string;
  seoDescription: string;
  createdAt: Date;
  updatedAt: Date;
  words: number;
};

const SORTS = {
  publish_at: blogPosts.publishAt,
  updated_at: blogPosts.updatedAt,
  created_at: blogPosts.createdAt,
  title: blogPosts.title,
} as const;
export type PostSort = keyof typeof SORTS;

/** A page of posts matching `where`, and how many match in all. */
export async function pagePosts(
  db: Db,
  opts: { where: Where; sort: PostSort; direction: "asc" | "desc"; limit: number; offset: number },
): Promise<{ rows: PostSummaryRow[]; total: number }> {
  const column = SORTS[opts.sort];
  const order = opts.direction === "asc" ? asc(column) : sql`${column} desc nulls first`;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .leftJoin(photos, eq(photos.id, blogPosts.coverPhotoId))
      .leftJoin(users, eq(users.id, blogPosts.authorId))
      .where(opts.where)
      .orderBy(order, desc(blogPosts.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(blogPosts).where(opts.where),
  ]);
  return { rows: rows as PostSummaryRow[], total: totalRow?.n ?? 0 };
}

const searchPosts = (q: string) => {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern), ilike(blogPosts.slug, pattern));
};

/** Posts having every one (`and`) or any one (`or`) of the given tags and categories. */
function termCondition(tagIds: number[], categoryIds: number[], rule: "and" | "or"): SQL | undefined {
  const parts: SQL[] = [];
  if (rule === "and") {
    if (tagIds.length)
      parts.push(
        sql`(select count(*) from ${blogPostTags} where ${blogPostTags.postId} = ${blogPosts.id} and ${inArray(blogPostTags.tagId, tagIds)}) = ${tagIds.length}`,
      );
    if (categoryIds.length)
      parts.push(
        sql`(select count(*) from ${blogPostCategories} where ${blogPostCategories.postId} = ${blogPosts.id} and ${inArray(blogPostCategories.categoryId, categoryIds)}) = ${categoryIds.length}`,
      );
    return parts.length ? and(...parts) : undefined;
  }
  if (tagIds.length)
    parts.push(
      sql`exists (select 1 from ${blogPostTags} where ${blogPostTags.postId} = ${blogPosts.id} and ${inArray(blogPostTags.tagId, tagIds)})`,
    );
  if (categoryIds.length)
    parts.push(
      sql`exists (select 1 from ${blogPostCategories} where ${blogPostCategories.postId} = ${blogPosts.id} and ${inArray(blogPostCategories.categoryId, categoryIds)})`,
    );
  return parts.length ? or(...parts) : undefined;
}

/** The categories and tags of each post. */
export async function termsOfPosts(db: Conn, postIds: number[]) {
  const categories = new Map<number, Term[]>();
  const tags = new Map<number, Term[]>();
  if (!postIds.length) return { categories, tags };
  const [cats, tgs] = await readTogether(db, [
    () =>
      db
        .select({ postId: blogPostCategories.postId, id: blogCategories.id, slug: blogCategories.slug, name: blogCategories.name })
        .from(blogPostCategories)
        .innerJoin(blogCategories, eq(blogCategories.id, blogPostCategories.categoryId))
        .where(inArray(blogPostCategories.postId, postIds))
        .orderBy(asc(blogCategories.name)),
    () =>
      db
        .select({ postId: blogPostTags.postId, id: blogTags.id, slug: blogTags.slug, name: blogTags.name })
        .from(blogPostTags)
        .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
        .where(inArray(blogPostTags.postId, postIds))
        .orderBy(asc(blogTags.name)),
  ]);
  for (const { postId, ...term } of cats) categories.set(postId, [...(categories.get(postId) ?? []), term]);
  for (const { postId, ...term } of tgs) tags.set(postId, [...(tags.get(postId) ?? []), term]);
  return { categories, tags };
}

/** One post with its body, by id or by slug. */
export async function findPost(db: Conn, by: { id: number } | { slug: string }) {
  const [row] = await db
    .select({ ...summaryColumns, body: blogPosts.body })
    .from(blogPosts)
    .leftJoin(photos, eq(photos.id, blogPosts.coverPhotoId))
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where("id" in by ? eq(blogPosts.id, by.id) : sql`lower(${blogPosts.slug}) = ${by.slug.toLowerCase()}`);
  return row as (PostSummaryRow & { body: string }) | undefined;
}

export async function slugTaken(db: Conn, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(sql`lower(${blogPosts.slug}) = ${slug.toLowerCase()}`, exceptId ? ne(blogPosts.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function insertPost(tx: Tx, values: typeof blogPosts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(blogPosts).values(values).returning({ id: blogPosts.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updatePost(tx: Tx, id: number, values: Partial<typeof blogPosts.$inferInsert>): Promise<boolean> {
  const rows = await tx
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id });
  return rows.length > 0;
}

export async function lockPost(tx: Tx, id: number) {
  const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
  return row;
}

export async function setPostTerms(tx: Tx, postId: number, categoryIds: number[], tagIds: number[]) {
  await tx.delete(blogPostCategories).where(eq(blogPostCategories.postId, postId));
  await tx.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  if (categoryIds.length) await tx.insert(blogPostCategories).values(categoryIds.map((categoryId) => ({ postId, categoryId })));
  if (tagIds.length) await tx.insert(blogPostTags).values(tagIds.map((tagId) => ({ postId, tagId })));
}

export async function deletePost(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}

/** Published posts sharing the most tags and categories with a post, newest first among equals. */
export async function relatedPosts(db: Db, post: { id: number; tagIds: number[]; categoryIds: number[] }, now: Date, limit: number) {
  const shared = sql<number>`(${
    post.tagIds.length
      ? sql`(select count(*) from ${blogPostTags} where ${blogPostTags.postId} = ${blogPosts.id} and ${inArray(blogPostTags.tagId, post.tagIds)})`
      : sql`0`
  } + ${
    post.categoryIds.length
      ? sql`(select count(*) from ${blogPostCategories} where ${blogPostCategories.postId} = ${blogPosts.id} and ${inArray(blogPostCategories.categoryId, post.categoryIds)})`
      : sql`0`
  })`;
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .leftJoin(photos, eq(photos.id, blogPosts.coverPhotoId))
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(isPublicAt(now), ne(blogPosts.id, post.id)))
    .orderBy(desc(shared), desc(blogPosts.publishAt), desc(blogPosts.id))
    .limit(limit);
  return rows as PostSummaryRow[];
}

// ---------------------------------------------------------------- categories and tags

const termTable = (kind: TermKind) => (kind === "category" ? blogCategories : blogTags);

/** Terms named by id or slug; those not found are simply missing from the answer. */
export async function findTerms(db: Conn, kind: TermKind, refs: string[]): Promise<Term[]> {
  const table = termTable(kind);
  const ids = refs.filter((r) => /^\d{1,9}$/.test(r)).map(Number);
  const slugs = refs.filter((r) => !/^\d{1,9}$/.test(r));
  const conditions = [
    ids.length ? inArray(table.id, ids) : undefined,
    slugs.length ? inArray(sql`lower(${table.slug})`, slugs) : undefined,
  ].filter(Boolean) as SQL[];
  if (!conditions.length) return [];
  return db
    .select({ id: table.id, slug: table.slug, name: table.name })
    .from(table)
    .where(or(...conditions));
}

export async function listCategories(db: Db, visible: Where) {
  const posts = db
    .select({ categoryId: blogPostCategories.categoryId, n: count().as("n") })
    .from(blogPostCategories)
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostCategories.postId))
    .where(visible)
    .groupBy(blogPostCategories.categoryId)
    .as("counts");
  return db
    .select({
      id: blogCategories.id,
      slug: blogCategories.slug,
      name: blogCategories.name,
      description: blogCategories.description,
      postCount: sql<number>`coalesce(${posts.n}, 0)::int`,
    })
    .from(blogCategories)
    .leftJoin(posts, eq(posts.categoryId, blogCategories.id))
    .orderBy(asc(blogCategories.name));
}

export async function listTags(db: Db, visible: Where) {
  const posts = db
    .select({ tagId: blogPostTags.tagId, n: count().as("n") })
    .from(blogPostTags)
    .innerJoin(blogPosts, eq(blogPosts.id, blogPostTags.postId))
    .where(visible)
    .groupBy(blogPostTags.tagId)
    .as("counts");
  return db
    .select({ id: blogTags.id, slug: blogTags.slug, name: blogTags.name, postCount: sql<number>`coalesce(${posts.n}, 0)::int` })
    .from(blogTags)
    .leftJoin(posts, eq(posts.tagId, blogTags.id))
    .orderBy(asc(blogTags.name));
}

/** Whether another category or tag (not `exceptId`) has this slug. */
export async function termSlugTaken(db: Conn, kind: TermKind, slug: string, exceptId?: number): Promise<boolean> {
  const table = termTable(kind);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(sql`lower(${table.slug}) = ${slug.toLowerCase()}`, exceptId === undefined ? undefined : ne(table.id, exceptId)))
    .limit(1);
  return !!row;
}

/** Renames a category or tag (and changes its slug or description when given); null when there is none. */
export async function updateTerm(
  db: Conn,
  kind: TermKind,
  id: number,
  values: { name: string; slug?: string; description?: string },
): Promise<Term | null> {
  const table = termTable(kind);
  const [row] = await db
    .update(table)
    .set({
      name: values.name,
      ...(values.slug ? { slug: values.slug } : {}),
      ...(kind === "category" && values.description !== undefined ? { description: values.description } : {}),
    })
    .where(eq(table.id, id))
    .returning({ id: table.id, slug: table.slug, name: table.name });
  return row ?? null;
}

export async function insertCategory(db: Conn, values: { slug: string; name: string; description: string }): Promise<Term> {
  const [row] = await db
    .insert(blogCategories)
    .values(values)
    .returning({ id: blogCategories.id, slug: blogCategories.slug, name: blogCategories.name });
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function insertTag(db: Conn, values: { slug: string; name: string }): Promise<Term> {
  const [row] = await db.insert(blogTags).values(values).returning({ id: blogTags.id, slug: blogTags.slug, name: blogTags.name });
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Deletes a category or tag; answers what it was (null when there was none). */
export async function deleteTerm(db: Conn, kind: TermKind, id: number): Promise<Term | null> {
  const table = termTable(kind);
  const [row] = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id, slug: table.slug, name: table.name });
  return row ?? null;
}

export async function photoExists(db: Conn, id: number): Promise<boolean> {
  const [row] = await db.select({ id: photos.id }).from(photos).where(eq(photos.id, id));
  return !!row;
}

/** A post showing the photo, as its cover or as an image in its body (bodies are stored sanitized, so `src="<url>"`). */
export async function postUsingPhoto(
  db: Conn,
  photo: { id: number; url: string },
): Promise<{ id: number; title: string; asCover: boolean } | undefined> {
  const inBody = `%src="${photo.url.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`;
  const [row] = await db
    .select({ id: blogPosts.id, title: blogPosts.title, asCover: sql<boolean>`${blogPosts.coverPhotoId} is not distinct from ${photo.id}` })
    .from(blogPosts)
    .where(or(eq(blogPosts.coverPhotoId, photo.id), like(blogPosts.body, inBody)))
    .orderBy(asc(blogPosts.id))
    .limit(1);
  return row;
}

/** The latest public posts with their bodies (feed), and every public post's address and date (sitemap). */
export async function latestPublic(db: Db, now: Date, limit: number) {
  const rows = await db
    .select({ ...summaryColumns, body: blogPosts.body })
    .from(blogPosts)
    .leftJoin(photos, eq(photos.id, blogPosts.coverPhotoId))
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(isPublicAt(now))
    .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
    .limit(limit);
  return rows as (PostSummaryRow & { body: string })[];
}

export async function publicSlugs(db: Db, now: Date) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublicAt(now))
    .orderBy(desc(blogPosts.publishAt))
    .limit(50_000);
}

export async function countPosts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogPosts);
  return row?.n ?? 0;
}

export async function firstAdminId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).orderBy(asc(users.id)).limit(1);
  return row?.id ?? null;
}

export async function countCategories(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blogCategories);
  return row?.n ?? 0;
}
