import type { BlogPostSaved, SaveBlogPostRequest } from "@academy/contract/blog";
import { api, unwrap } from "../../../lib/api-client";
import { BLOG, blogOpts } from "./posts";

/** POST blog/create, or blog/edit/{id} when the post exists: answers the saved post. */
export const savePost = async (id: number | null, body: SaveBlogPostRequest) =>
  (await unwrap(api.post<BlogPostSaved>(id ? `${BLOG}/edit/${id}` : `${BLOG}/create`, body, blogOpts))).model;

/** DELETE blog/delete/{id}. */
export const deletePost = async (id: number) => {
  await unwrap(api.delete(`${BLOG}/delete/${id}`, blogOpts));
};
