import {
  BlogCategoryList,
  BlogFilterQuery,
  BlogIdParams,
  BlogListQuery,
  BlogPostAnswer,
  BlogPostPage,
  BlogPostSaved,
  BlogSingleParams,
  BlogTagDeleteQuery,
  BlogTagList,
  BlogTermSaved,
  SaveBlogCategoryRequest,
  SaveBlogPostRequest,
  SaveBlogTagRequest,
} from "@academy/contract/blog";
import { ErrorResponse, MessageResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const BASE = "/v2/api/lambda/blog";

/**
 * The spec's blog calls. Reads are open to everyone (staff also see drafts and scheduled posts;
 * a stale token reads as a visitor); writes are staff-only. The feed and sitemap are plain XML.
 */
export const blogRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (app, { db, publicUrl }) => {
  const tags = ["blog"];
  const reader = app.lenientAuth;
  const staff = app.requireStaff("content.write");
  const viewerOf = (request: { principal: service.Viewer }) => request.principal;

  app.get(
    `${BASE}/all`,
    {
      schema: {
        tags,
        summary: "Posts, newest first, paged (page, limit up to 100)",
        description:
          "Visitors and candidates get published posts (a scheduled post counts once its time has come). Staff get every post and may filter by `status`, search with `q` and sort.",
        querystring: BlogListQuery,
        response: { 200: BlogPostPage, ...errors },
      },
      preHandler: reader,
    },
    async (request) => service.listPosts(db, viewerOf(request), request.query),
  );

  app.get(
    `${BASE}/filter`,
    {
      schema: {
        tags,
        summary: "Posts by tags and categories (ids or slugs, comma-separated); rule=and (all of them, default) or or (any)",
        description: "An unknown tag or category answers 400 naming it.",
        querystring: BlogFilterQuery,
        response: { 200: BlogPostPage, ...errors },
      },
      preHandler: reader,
    },
    async (request) => service.filterPosts(db, viewerOf(request), request.query),
  );

  app.get(
    `${BASE}/single/:id`,
    {
      schema: {
        tags,
        summary: "One post by id or slug, with up to three related posts",
        description: "A draft, or a post not yet public, answers 404 to anyone but staff.",
        params: BlogSingleParams,
        response: { 200: BlogPostAnswer, ...errors },
      },
      preHandler: reader,
    },
    async (request) => ({ error: false as const, ...(await service.getPost(db, viewerOf(request), request.params.id)) }),
  );

  app.post(
    `${BASE}/create`,
    {
      schema: {
        tags,
        summary: "Write a post (staff)",
        description:
          "The body is sanitized before it is stored (scripts, styles, event handlers and unsafe links are removed). A slug another post uses answers 409; unknown categories, tags or cover photo 400.",
        body: SaveBlogPostRequest,
        response: { 200: BlogPostSaved, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({
      error: false as const,
      message: "Created",
      model: await service.createPost(db, request.principal!.id, request.body),
    }),
  );

  app.post(
    `${BASE}/edit/:id`,
    {
      schema: {
        tags,
        summary: "Change a post (staff)",
        params: BlogIdParams,
        body: SaveBlogPostRequest,
        response: { 200: BlogPostSaved, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({
      error: false as const,
      message: "Updated",
      model: await service.updatePost(db, request.principal!.id, request.params.id, request.body),
    }),
  );

  app.delete(
    `${BASE}/delete/:id`,
    {
      schema: { tags, summary: "Delete a post (staff)", params: BlogIdParams, response: { 200: MessageResponse, ...errors } },
      preHandler: staff,
    },
    async (request) => {
      await service.deletePost(db, request.principal!.id, request.params.id);
      return { error: false as const, message: "Deleted" };
    },
  );

  app.get(
    `${BASE}/category`,
    {
      schema: {
        tags,
        summary: "Categories with how many posts each holds (public posts, for visitors)",
        response: { 200: BlogCategoryList, ...errors },
      },
      preHandler: reader,
    },
    async (request) => ({ error: false as const, list: await service.listCategories(db, viewerOf(request)) }),
  );

  app.post(
    `${BASE}/category`,
    {
      schema: { tags, summary: "Add a category (staff)", body: SaveBlogCategoryRequest, response: { 200: BlogTermSaved, ...errors } },
      preHandler: staff,
    },
    async (request) => ({
      error: false as const,
      message: "Created",
      model: await service.createCategory(db, request.principal!.id, request.body),
    }),
  );

  app.put(
    `${BASE}/category/:id`,
    {
      schema: {
        tags,
        summary: "Rename a category (staff); its posts keep it, and its slug stays unless one is given",
        params: BlogIdParams,
        body: SaveBlogCategoryRequest,
        response: { 200: BlogTermSaved, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({
      error: false as const,
      message: "Saved",
      model: await service.renameCategory(db, request.principal!.id, request.params.id, request.body),
    }),
  );

  app.delete(
    `${BASE}/category/:id`,
    {
      schema: {
        tags,
        summary: "Delete a category (staff); its posts stay, without it",
        params: BlogIdParams,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: staff,
    },
    async (request) => {
      await service.deleteCategory(db, request.principal!.id, request.params.id);
      return { error: false as const, message: "Deleted" };
    },
  );

  app.get(
    `${BASE}/tags`,
    { schema: { tags, summary: "Tags with how many posts carry each", response: { 200: BlogTagList, ...errors } }, preHandler: reader },
    async (request) => ({ error: false as const, list: await service.listTags(db, viewerOf(request)) }),
  );

  app.post(
    `${BASE}/tags`,
    {
      schema: { tags, summary: "Add a tag (staff)", body: SaveBlogTagRequest, response: { 200: BlogTermSaved, ...errors } },
      preHandler: staff,
    },
    async (request) => ({
      error: false as const,
      message: "Created",
      model: await service.createTag(db, request.principal!.id, request.body),
    }),
  );

  app.delete(
    `${BASE}/tags`,
    {
      schema: {
        tags,
        summary: "Delete a tag (staff): `?id=`; its posts stay, without it",
        querystring: BlogTagDeleteQuery,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: staff,
    },
    async (request) => {
      await service.deleteTag(db, request.principal!.id, request.query.id);
      return { error: false as const, message: "Deleted" };
    },
  );

  app.put(
    `${BASE}/tags/:id`,
    {
      schema: {
        tags,
        summary: "Rename a tag (staff); its posts keep it, and its slug stays unless one is given",
        params: BlogIdParams,
        body: SaveBlogTagRequest,
        response: { 200: BlogTermSaved, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({
      error: false as const,
      message: "Saved",
      model: await service.renameTag(db, request.principal!.id, request.params.id, request.body),
    }),
  );

  app.delete(
    `${BASE}/tags/:id`,
    {
      schema: { tags, summary: "Delete a tag (staff)", params: BlogIdParams, response: { 200: MessageResponse, ...errors } },
      preHandler: staff,
    },
    async (request) => {
      await service.deleteTag(db, request.principal!.id, request.params.id);
      return { error: false as const, message: "Deleted" };
    },
  );

  app.get("/blog/rss.xml", { schema: { tags, summary: "RSS feed of the 20 latest posts" } }, async (_request, reply) =>
    reply
      .type("application/rss+xml; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(await service.rssFeed(db, publicUrl)),
  );

  // Crawlers read the public pages and the blog; the signed-in areas, the API and the docs are not for them.
  app.get("/robots.txt", { schema: { tags, summary: "Crawling rules, naming the sitemap" } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(
        [
          "User-agent: *",
          "Disallow: /user/",
          "Disallow: /admin/",
          "Disallow: /api/",
          "Disallow: /v2/",
          "Disallow: /v3/",
          "Disallow: /v4/",
          "Disallow: /v5/",
          "Disallow: /rest/",
          "Allow: /",
          "",
          `Sitemap: ${publicUrl}/sitemap.xml`,
          "",
        ].join("\n"),
      ),
  );

  app.get("/sitemap.xml", { schema: { tags, summary: "Sitemap: the public pages and every published post" } }, async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send(await service.sitemap(db, publicUrl)),
  );
};
