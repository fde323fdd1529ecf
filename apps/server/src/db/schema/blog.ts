import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { photos } from "./accounts.ts";
import { users } from "./users.ts";

/**
 * Blog posts. `publish_at` is when a post goes public: a published post has it in the past, a
 * scheduled one in the future, and every public read compares it with the clock, so a scheduled
 * post appears on its own at its time. `body` is HTML sanitized before it is stored.
 */
export const blogPosts = pgTable(
  "blog_post",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    body: text("body").notNull().default(""),
    coverPhotoId: integer("cover_photo_id").references(() => photos.id, { onDelete: "set null" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["draft", "scheduled", "published"] })
      .notNull()
      .default("draft"),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    seoTitle: text("seo_title").notNull().default(""),
    seoDescription: text("seo_description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("blog_post_slug_key").on(sql`lower(${t.slug})`),
    index("blog_post_public_idx").on(t.status, t.publishAt),
    index("blog_post_author_idx").on(t.authorId),
  ],
);

export const blogCategories = pgTable(
  "blog_category",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blog_category_slug_key").on(sql`lower(${t.slug})`)],
);

export const blogTags = pgTable(
  "blog_tag",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("blog_tag_slug_key").on(sql`lower(${t.slug})`)],
);

export const blogPostCategories = pgTable(
  "blog_post_category",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => blogCategories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.categoryId] }), index("blog_post_category_category_idx").on(t.categoryId)],
);

export const blogPostTags = pgTable(
  "blog_post_tag",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => blogTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("blog_post_tag_tag_idx").on(t.tagId)],
);
