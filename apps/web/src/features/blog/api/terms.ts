import type { BlogCategoryList, BlogTagList, BlogTermSaved } from "@academy/contract/blog";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { BLOG, blogKeys, blogOpts } from "./posts";

/** GET blog/category: categories with their post counts. */
export const listCategories = async () => (await unwrap(api.get<Answer<typeof BlogCategoryList>>(`${BLOG}/category`, blogOpts))).list;
/** GET blog/tags: tags with their post counts. */
export const listTags = async () => (await unwrap(api.get<Answer<typeof BlogTagList>>(`${BLOG}/tags`, blogOpts))).list;

export const useCategories = () => useQuery({ queryKey: blogKeys.categories, queryFn: listCategories });
export const useTags = () => useQuery({ queryKey: blogKeys.tags, queryFn: listTags });

/** POST blog/category. */
export const createCategory = async (body: { name: string; slug?: string; description?: string }) =>
  (await unwrap(api.post<Answer<typeof BlogTermSaved>>(`${BLOG}/category`, body, blogOpts))).model;
/** DELETE blog/category/{id}. */
export const deleteCategory = async (id: number) => {
  await unwrap(api.delete(`${BLOG}/category/${id}`, blogOpts));
};
/** POST blog/tags. */
export const createTag = async (body: { name: string; slug?: string }) =>
  (await unwrap(api.post<Answer<typeof BlogTermSaved>>(`${BLOG}/tags`, body, blogOpts))).model;
/** DELETE blog/tags?id=. */
export const deleteTag = async (id: number) => {
  await unwrap(api.delete(`${BLOG}/tags`, { ...blogOpts, query: { id } }));
};
/** PUT blog/category/{id}: rename (its posts keep it; the slug changes only when one is given). */
export const renameCategory = async (id: number, body: { name: string; slug?: string; description?: string }) =>
  (await unwrap(api.put<Answer<typeof BlogTermSaved>>(`${BLOG}/category/${id}`, body, blogOpts))).model;
/** PUT blog/tags/{id}: rename (its posts keep it; the slug changes only when one is given). */
export const renameTag = async (id: number, body: { name: string; slug?: string }) =>
  (await unwrap(api.put<Answer<typeof BlogTermSaved>>(`${BLOG}/tags/${id}`, body, blogOpts))).model;
