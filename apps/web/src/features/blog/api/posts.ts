import type { BlogPostAnswer, BlogPostPage, BlogPostStatus } from "@academy/contract/blog";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, BLOG_THROW_ON, unwrap } from "../../../lib/api-client";

export const BLOG = "/v2/api/lambda/blog";
export const blogOpts = { throwOn: BLOG_THROW_ON };

/** Cache keys: every blog read sits under "blog", so a save refreshes them all. */
export const blogKeys = {
  all: ["blog"] as const,
  list: (q: object) => ["blog", "list", q] as const,
  post: (idOrSlug: string) => ["blog", "post", idOrSlug] as const,
  categories: ["blog", "categories"] as const,
  tags: ["blog", "tags"] as const,
};

export type ListPostsParams = {
  page: number;
  limit: number;
  q?: string;
  status?: BlogPostStatus;
  sort?: "publish_at" | "updated_at" | "created_at" | "title";
  direction?: "asc" | "desc";
};

/** GET blog/all: public posts (staff: every post, by status, search and sort). */
export const listPosts = (params: ListPostsParams, signal?: AbortSignal) =>
  unwrap(api.get<BlogPostPage>(`${BLOG}/all`, { ...blogOpts, query: params, signal }));

export type FilterPostsParams = { page: number; limit: number; tags?: string; categories?: string; rule?: "and" | "or" };

/** GET blog/filter: posts with the given tags and categories (slugs or ids, comma-separated). */
export const filterPosts = (params: FilterPostsParams, signal?: AbortSignal) =>
  unwrap(api.get<BlogPostPage>(`${BLOG}/filter`, { ...blogOpts, query: params, signal }));

/** The public list: every post, or those matching the chosen tag and category. */
export function usePublicPosts(params: FilterPostsParams) {
  return useQuery({
    queryKey: blogKeys.list(params),
    queryFn: ({ signal }) => filterPosts(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET blog/single/{id or slug}: a post and its related posts. */
export const getPost = (idOrSlug: string, signal?: AbortSignal) =>
  unwrap(api.get<BlogPostAnswer>(`${BLOG}/single/${encodeURIComponent(idOrSlug)}`, { ...blogOpts, signal }));

export function usePost(idOrSlug: string | undefined) {
  return useQuery({
    queryKey: blogKeys.post(idOrSlug ?? ""),
    queryFn: ({ signal }) => getPost(idOrSlug!, signal),
    enabled: !!idOrSlug,
    retry: false,
  });
}
