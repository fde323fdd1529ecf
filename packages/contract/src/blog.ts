import { z } from "zod";

/** The largest page the blog lists answer; a larger `limit` is refused (400), not clamped. */
export const BLOG_MAX_LIMIT = 100;
export const BLOG_DEFAULT_LIMIT = 10;

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BlogSlug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Slug is required")
  .max(80, "Use at most 80 characters")
  .regex(SLUG_PATTERN, "Use lowercase letters, digits and single hyphens (emt-exam-guide)");

export const BlogPostStatus = z.enum(["draft", "scheduled", "published"]);
export type BlogPostStatus = z.infer<typeof BlogPostStatus>;

const Paging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be at least 1")
    .max(BLOG_MAX_LIMIT, `limit can be at most ${BLOG_MAX_LIMIT}`)
    .default(BLOG_DEFAULT_LIMIT),
};

/** `all`: every post the caller may see, newest first; staff also filter by status and search. */
export const BlogListQuery = z.strictObject({
  ...Paging,
  q: z.string().trim().max(200).optional(),
  status: BlogPostStatus.optional(),
  sort: z.enum(["publish_at", "updated_at", "created_at", "title"]).optional(),
  direction: z.enum(["asc", "desc"]).default("desc"),
});
export type BlogListQuery = z.infer<typeof BlogListQuery>;

/** A comma-separated list of ids or slugs (`1,4` or `emt,fire-and-rescue`). */
const RefList = z
  .string()
  .max(1_000)
  .transform((s) =>
    s
      .split(",")
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().max(80)).max(20, "Name at most 20"));

/**
 * `filter`: posts with the given tags and categories. `rule=and` (default) keeps posts that have
 * every tag and every category named; `rule=or` keeps posts that have any of them.
 */
export const BlogFilterQuery = z.strictObject({
  ...Paging,
  tags: RefList.optional(),
  categories: RefList.optional(),
  rule: z.enum(["and", "or"]).default("and"),
});
export type BlogFilterQuery = z.infer<typeof BlogFilterQuery>;

export const BlogIdParams = z.strictObject({ id: Id });
/** `single/{id}`: a numeric id, or a post's slug. */
export const BlogSingleParams = z.strictObject({ id: z.string().trim().min(1).max(80) });

const Text = (max: number) => z.string().max(max, `Use at most ${max} characters`);

export const SaveBlogPostRequest = z.strictObject({
  title: z.string().trim().min(1, "Title is required").max(200, "Use at most 200 characters"),
  /** Left out or blank: made from the title. */
  slug: z.union([z.literal(""), BlogSlug]).optional(),
  excerpt: Text(500).default(""),
  /** HTML; sanitized before it is stored. */
  body: Text(200_000).default(""),
  cover_photo_id: Id.nullable().optional(),
  category_ids: z.array(Id).max(20, "At most 20 categories").default([]),
  tag_ids: z.array(Id).max(30, "At most 30 tags").default([]),
  status: BlogPostStatus.default("draft"),
  /** When the post goes public: required (and in the future) for `scheduled`; defaults to now for `published`. */
  publish_at: z.iso.datetime({ offset: true }).nullable().optional(),
  seo_title: Text(70).default(""),
  seo_description: Text(160).default(""),
});
export type SaveBlogPostRequest = z.input<typeof SaveBlogPostRequest>;

export const SaveBlogCategoryRequest = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(60, "Use at most 60 characters"),
  slug: z.union([z.literal(""), BlogSlug]).optional(),
  description: Text(300).default(""),
});
export const SaveBlogTagRequest = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(40, "Use at most 40 characters"),
  slug: z.union([z.literal(""), BlogSlug]).optional(),
});
/** `DELETE tags` names the tag in the query (`?id=3`); `DELETE tags/{id}` works too. */
export const BlogTagDeleteQuery = z.strictObject({ id: Id });

export const BlogTerm = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type BlogTerm = z.infer<typeof BlogTerm>;
export const BlogCategory = BlogTerm.extend({ description: z.string(), post_count: z.number().int() });
export type BlogCategory = z.infer<typeof BlogCategory>;
export const BlogTag = BlogTerm.extend({ post_count: z.number().int() });
export type BlogTag = z.infer<typeof BlogTag>;

/** A post in a list: everything but the body. `status` is what it is now (a scheduled post past its time is published). */
export const BlogPostSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  cover_photo_id: z.number().int().nullable(),
  cover_url: z.string().nullable(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: BlogPostStatus,
  publish_at: z.string().nullable(),
  reading_minutes: z.number().int(),
  categories: z.array(BlogTerm),
  tags: z.array(BlogTerm),
  seo_title: z.string(),
  seo_description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummary>;

export const BlogPost = BlogPostSummary.extend({ body: z.string() });
export type BlogPost = z.infer<typeof BlogPost>;

export const BlogPostPage = z.object({
  error: z.literal(false),
  list: z.array(BlogPostSummary),
  total: z.number().int(),
  limit: z.number().int(),
  num_pages: z.number().int(),
  page: z.number().int(),
});
export type BlogPostPage = z.infer<typeof BlogPostPage>;

/** `single`: the post and up to three related published posts (shared tags and categories first). */
export const BlogPostAnswer = z.object({ error: z.literal(false), model: BlogPost, related: z.array(BlogPostSummary) });
export type BlogPostAnswer = z.infer<typeof BlogPostAnswer>;
export const BlogPostSaved = z.object({ error: z.literal(false), message: z.string(), model: BlogPost });
export type BlogPostSaved = z.infer<typeof BlogPostSaved>;

export const BlogCategoryList = z.object({ error: z.literal(false), list: z.array(BlogCategory) });
export const BlogTagList = z.object({ error: z.literal(false), list: z.array(BlogTag) });
export const BlogTermSaved = z.object({ error: z.literal(false), message: z.string(), model: BlogTerm });

/** A slug from a title: lowercase ASCII words joined by hyphens (accents dropped). */
export function slugifyTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}
