import {
  type BlogCategory,
  type BlogFilterQuery,
  type BlogListQuery,
  type BlogPost,
  type BlogPostPage,
  type BlogPostStatus,
  type BlogPostSummary,
  type BlogTag,
  type BlogTerm,
  type SaveBlogPostRequest,
  slugifyTitle,
} from "@academy/contract/blog";
import type { Role } from "@academy/contract/common";
import type { StaffRole } from "@academy/contract/staff";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { badRequest, conflict, notFound } from "../../lib/http-error.ts";
import { can } from "../../lib/permissions.ts";
import { recordActivity } from "../activity/service.ts";
import * as repo from "./repo.ts";
import { imagesWithoutAlt, sanitizePostBody, textOf } from "./sanitize.ts";
import { isUniqueViolation } from "./terms.ts";

export { createCategory, createTag, deleteCategory, deleteTag, renameCategory, renameTag } from "./terms.ts";

/** Who is reading: staff see drafts and scheduled posts; everyone else only what is public now. */
export type Viewer = { id: number; role: Role; staffRole: StaffRole | null } | null;
/** Staff who write the blog see its drafts and scheduled posts. */
const isStaff = (viewer: Viewer) => can(viewer, "content.write");

const WORDS_PER_MINUTE = 220;

/** What a post is now: a scheduled post whose time has come is published. */
function currentStatus(status: BlogPostStatus, publishAt: Date | null, now: Date): BlogPostStatus {
  return status === "scheduled" && publishAt && publishAt <= now ? "published" : status;
}

function toSummary(
  row: repo.PostSummaryRow,
  terms: { categories: Map<number, BlogTerm[]>; tags: Map<number, BlogTerm[]> },
  now: Date,
): BlogPostSummary {
  const name = `${row.authorFirstName ?? ""} ${row.authorLastName ?? ""}`.trim();
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    cover_photo_id: row.coverPhotoId,
    cover_url: row.coverUrl,
    author: row.authorId ? { id: row.authorId, name: name || "Rescue Academy" } : null,
    status: currentStatus(row.status, row.publishAt, now),
    publish_at: row.publishAt?.toISOString() ?? null,
    reading_minutes: Math.max(1, Math.ceil(row.words / WORDS_PER_MINUTE)),
    categories: terms.categories.get(row.id) ?? [],
    tags: terms.tags.get(row.id) ?? [],
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function summaries(db: Db, rows: repo.PostSummaryRow[], now: Date): Promise<BlogPostSummary[]> {
  const terms = await repo.termsOfPosts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSummary(r, terms, now));
}

async function page(
  db: Db,
  where: repo.Where,
  q: { page: number; limit: number; sort?: repo.PostSort; direction?: "asc" | "desc" },
  now: Date,
): Promise<BlogPostPage> {
  const { rows, total } = await repo.pagePosts(db, {
    where,
    sort: q.sort ?? "publish_at",
    direction: q.direction ?? "desc",
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    error: false,
    list: await summaries(db, rows, now),
    total,
    limit: q.limit,
    num_pages: Math.ceil(total / q.limit),
    page: q.page,
  };
}

// ---------------------------------------------------------------- reading

/** `all`: the public sees published posts, newest first; staff see every post and may filter by status. */
export async function listPosts(db: Db, viewer: Viewer, q: BlogListQuery, now = new Date()): Promise<BlogPostPage> {
  const staff = isStaff(viewer);
  const where = repo.postsWhere({ now, publicOnly: !staff, status: staff ? q.status : undefined, q: q.q });
  return page(db, where, { ...q, sort: staff ? q.sort : "publish_at", direction: staff ? q.direction : "desc" }, now);
}

/** Terms named in a filter; an unknown one is a 400 naming it, never an empty page. */
async function resolveTerms(db: Db, kind: repo.TermKind, refs: string[] | undefined, field: string) {
  if (!refs?.length) return [];
  const found = await repo.findTerms(db, kind, refs);
  const known = new Set(found.flatMap((t) => [String(t.id), t.slug.toLowerCase()]));
  const unknown = refs.filter((r) => !known.has(r));
  if (unknown.length)
    throw badRequest(`Unknown ${field === "tags" ? "tag" : "category"}: ${unknown.slice(0, 5).join(", ")}`, {
      [field]: `Unknown ${field === "tags" ? "tag" : "category"}: ${unknown.slice(0, 5).join(", ")}`,
    });
  return [...new Set(found.map((t) => t.id))];
}

/** `filter`: posts with every (`and`) or any (`or`) of the named tags and categories. */
export async function filterPosts(db: Db, viewer: Viewer, q: BlogFilterQuery, now = new Date()): Promise<BlogPostPage> {
  const [tagIds, categoryIds] = await readTogether(db, [
    () => resolveTerms(db, "tag", q.tags, "tags"),
    () => resolveTerms(db, "category", q.categories, "categories"),
  ]);
  const where = repo.postsWhere({ now, publicOnly: !isStaff(viewer), terms: { tagIds, categoryIds, rule: q.rule } });
  return page(db, where, q, now);
}

/** `single/{id}`: by id or slug, with related posts. Drafts and posts not yet public are staff-only (404 to others). */
export async function getPost(db: Db, viewer: Viewer, idOrSlug: string, now = new Date()) {
  const row = await repo.findPost(db, /^\d{1,9}$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug });
  const isPublic = row && row.status !== "draft" && row.publishAt && row.publishAt <= now;
  if (!row || (!isPublic && !isStaff(viewer))) throw notFound("Post not found");
  const terms = await repo.termsOfPosts(db, [row.id]);
  const model: BlogPost = { ...toSummary(row, terms, now), body: row.body };
  const related = await repo.relatedPosts(
    db,
    { id: row.id, tagIds: model.tags.map((t) => t.id), categoryIds: model.categories.map((c) => c.id) },
    now,
    3,
  );
  return { model, related: await summaries(db, related, now) };
}

// ---------------------------------------------------------------- writing (staff)

type SavePost = z.output<typeof SaveBlogPostRequest>;

/** When a post goes public, from what was asked and what it was: 400 when a schedule makes no sense. */
function publishTime(body: SavePost, before: repo.PostRecord | undefined, now: Date): Date | null {
  const asked = body.publish_at ? new Date(body.publish_at) : null;
  if (body.status === "draft") return asked;
  if (body.status === "scheduled") {
    if (!asked) throw badRequest("Choose when the post goes public", { publish_at: "Choose when the post goes public" });
    if (asked <= now) throw badRequest("A scheduled time must be in the future", { publish_at: "A scheduled time must be in the future" });
    return asked;
  }
  // Published: a date given (back-dating) or the date it first went public, else now.
  if (asked && asked > now)
    throw badRequest("A post published now cannot carry a future date; schedule it instead", {
      publish_at: "A future date needs the status Scheduled",
    });
  if (asked) return asked;
  const wasPublic = before && before.status !== "draft" && before.publishAt && before.publishAt <= now;
  return wasPublic ? before.publishAt : now;
}

async function checkReferences(db: Db | repo.Tx, body: SavePost) {
  const categoryIds = [...new Set(body.category_ids)];
  const tagIds = [...new Set(body.tag_ids)];
  const [cats, tags] = await readTogether(db, [
    () => repo.findTerms(db, "category", categoryIds.map(String)),
    () => repo.findTerms(db, "tag", tagIds.map(String)),
  ]);
  const missingCats = categoryIds.filter((id) => !cats.some((c) => c.id === id));
  const missingTags = tagIds.filter((id) => !tags.some((t) => t.id === id));
  if (missingCats.length)
    throw badRequest(`Unknown category: ${missingCats.join(", ")}`, { category_ids: `Unknown category: ${missingCats.join(", ")}` });
  if (missingTags.length) throw badRequest(`Unknown tag: ${missingTags.join(", ")}`, { tag_ids: `Unknown tag: ${missingTags.join(", ")}` });
  if (body.cover_photo_id && !(await repo.photoExists(db, body.cover_photo_id)))
    throw badRequest("That photo is not in the photo library", { cover_photo_id: "That photo is not in the photo library" });
  return { categoryIds, tagIds };
}

const slugClash = (slug: string) =>
  conflict(`Another post already uses the address /blog/${slug}`, { slug: `Another post already uses /blog/${slug}` });

function slugFor(body: SavePost): string {
  const slug = body.slug || slugifyTitle(body.title);
  if (!slug) throw badRequest("Give the post an address (slug)", { slug: "Use letters or digits" });
  return slug;
}

function columnsOf(body: SavePost, slug: string, publishAt: Date | null) {
  const html = sanitizePostBody(body.body);
  // A picture a reader cannot see must still say what it shows (screen readers, failed loads).
  const missing = imagesWithoutAlt(html);
  if (missing > 0)
    throw badRequest(
      `${missing === 1 ? "An image" : `${missing} images`} in the post ${missing === 1 ? "has" : "have"} no alt text: say what each shows`,
      {
        body: "Every image needs alt text",
      },
    );
  return {
    slug,
    title: body.title,
    excerpt: body.excerpt.trim(),
    body: html,
    coverPhotoId: body.cover_photo_id ?? null,
    status: body.status,
    publishAt,
    seoTitle: body.seo_title.trim(),
    seoDescription: body.seo_description.trim(),
  };
}

export async function createPost(db: Db, authorId: number, body: SavePost, now = new Date()): Promise<BlogPost> {
  const slug = slugFor(body);
  const publishAt = publishTime(body, undefined, now);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const { categoryIds, tagIds } = await checkReferences(tx, body);
      if (await repo.slugTaken(tx, slug)) throw slugClash(slug);
      const postId = await repo.insertPost(tx, { ...columnsOf(body, slug, publishAt), authorId });
      await repo.setPostTerms(tx, postId, categoryIds, tagIds);
      await logPostChange(tx, authorId, postId, undefined, { title: body.title, slug, status: body.status, publishAt });
      return postId;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw slugClash(slug);
    throw e;
  }
  return (await getPost(db, { id: authorId, role: "admin", staffRole: "editor" }, String(id), now)).model;
}

export async function updatePost(db: Db, editorId: number, id: number, body: SavePost, now = new Date()): Promise<BlogPost> {
  const slug = slugFor(body);
  try {
    await db.transaction(async (tx) => {
      const before = await repo.lockPost(tx, id);
      if (!before) throw notFound("Post not found");
      const publishAt = publishTime(body, before, now);
      const { categoryIds, tagIds } = await checkReferences(tx, body);
      if (await repo.slugTaken(tx, slug, id)) throw slugClash(slug);
      await repo.updatePost(tx, id, { ...columnsOf(body, slug, publishAt), authorId: before.authorId ?? editorId });
      await repo.setPostTerms(tx, id, categoryIds, tagIds);
      await logPostChange(tx, editorId, id, before, { title: body.title, slug, status: body.status, publishAt });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw slugClash(slug);
    throw e;
  }
  return (await getPost(db, { id: editorId, role: "admin", staffRole: "editor" }, String(id), now)).model;
}

export async function deletePost(db: Db, staffId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const post = await repo.lockPost(tx, id);
    if (!post || !(await repo.deletePost(tx, id))) throw notFound("Post not found");
    await recordActivity(tx, {
      actorId: staffId,
      kind: "content.delete",
      record: { table: "blog_post", id },
      summary: `Blog post ${post.title} deleted`,
      before: { title: post.title, slug: post.slug, status: post.status },
    });
  });
}

type PostState = { title: string; slug: string; status: string; publishAt: Date | null };
const isLive = (status: string | undefined) => status === "published" || status === "scheduled";

/**
 * The activity-log entry of a staff save: publishing (or scheduling) a post, taking it back to a
 * draft, and changes to a live post (live at once). A draft's saves, every two seconds while its
 * writer types, are not the log's business.
 */
async function logPostChange(db: Db, staffId: number, id: number, before: PostState | undefined, after: PostState) {
  const wasLive = isLive(before?.status);
  if (!wasLive && !isLive(after.status)) return;
  const kind = isLive(after.status) ? "content.publish" : "content.unpublish";
  const summary = !wasLive
    ? `Blog post ${after.title} ${after.status === "scheduled" ? "scheduled" : "published"}`
    : kind === "content.unpublish"
      ? `Blog post ${after.title} back to draft`
      : `Live blog post ${after.title} changed`;
  const fields = (p: PostState) => ({ title: p.title, slug: p.slug, status: p.status, publish_at: p.publishAt });
  await recordActivity(db, {
    actorId: staffId,
    kind,
    record: { table: "blog_post", id },
    summary,
    before: before ? fields(before) : null,
    after: fields(after),
  });
}

// ---------------------------------------------------------------- categories and tags

const visibleFor = (viewer: Viewer, now: Date) => repo.postsWhere({ now, publicOnly: !isStaff(viewer) });

export async function listCategories(db: Db, viewer: Viewer, now = new Date()): Promise<BlogCategory[]> {
  const rows = await repo.listCategories(db, visibleFor(viewer, now));
  return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, description: r.description, post_count: r.postCount }));
}

export async function listTags(db: Db, viewer: Viewer, now = new Date()): Promise<BlogTag[]> {
  const rows = await repo.listTags(db, visibleFor(viewer, now));
  return rows.map((r) => ({ id: r.id, slug: r.slug, name: r.name, post_count: r.postCount }));
}

// ---------------------------------------------------------------- for other modules and the public files

/** The post whose cover a photo is, if any (the photo library keeps photos in use). */
export const postUsingPhoto = (db: Db | repo.Tx, photo: { id: number; url: string }) => repo.postUsingPhoto(db, photo);

const xml = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** RSS 2.0 of the 20 latest public posts. */
export async function rssFeed(db: Db, publicUrl: string, now = new Date()): Promise<string> {
  const posts = await repo.latestPublic(db, now, 20);
  const base = publicUrl.replace(/\/+$/, "");
  const items = posts.map((p) => {
    const link = `${base}/blog/${encodeURIComponent(p.slug)}`;
    const description = p.excerpt || textOf(p.body).slice(0, 300);
    return [
      "<item>",
      `<title>${xml(p.title)}</title>`,
      `<link>${xml(link)}</link>`,
      `<guid isPermaLink="true">${xml(link)}</guid>`,
      `<pubDate>${(p.publishAt ?? p.createdAt).toUTCString()}</pubDate>`,
      `<description>${xml(description)}</description>`,
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    "<title>Rescue Academy blog</title>",
    `<link>${xml(`${base}/blog`)}</link>`,
    `<atom:link href="${xml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    "<description>Exam guides and study advice for EMS, fire and rescue, water rescue and dispatch candidates.</description>",
    "<language>en</language>",
    posts[0] ? `<lastBuildDate>${(posts[0].publishAt ?? now).toUTCString()}</lastBuildDate>` : "",
    ...items,
    "</channel>",
    "</rss>",
  ].join("\n");
}

/** The public addresses of the site for search engines: fixed pages and every public post. */
export async function sitemap(db: Db, publicUrl: string, now = new Date()): Promise<string> {
  const base = publicUrl.replace(/\/+$/, "");
  const posts = await repo.publicSlugs(db, now);
  const urls = [
    ...["/", "/faq", "/contact-us", "/blog"].map((p) => `<url><loc>${xml(`${base}${p}`)}</loc></url>`),
    ...posts.map(
      (p) =>
        `<url><loc>${xml(`${base}/blog/${encodeURIComponent(p.slug)}`)}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
  ].join("\n");
}
