import type { BlogPost, BlogPostStatus, SaveBlogPostRequest } from "@academy/contract/blog";

// The editor's form of a post: what the inputs hold, made from a saved post and turned into the save request.

export type PostForm = {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  cover_photo_id: number | null;
  category_ids: number[];
  tag_ids: number[];
  status: BlogPostStatus;
  /** As the datetime-local input holds it (the writer's own time zone). */
  publish_at: string;
  seo_title: string;
  seo_description: string;
};

export const EMPTY_POST_FORM: PostForm = {
  title: "",
  slug: "",
  excerpt: "",
  body: "",
  cover_photo_id: null,
  category_ids: [],
  tag_ids: [],
  status: "draft",
  publish_at: "",
  seo_title: "",
  seo_description: "",
};

const pad = (n: number) => String(n).padStart(2, "0");
/** An ISO time as a datetime-local value in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formOf(post: BlogPost): PostForm {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    cover_photo_id: post.cover_photo_id,
    category_ids: post.categories.map((c) => c.id),
    tag_ids: post.tags.map((t) => t.id),
    status: post.status,
    publish_at: post.status === "published" ? "" : toLocalInput(post.publish_at),
    seo_title: post.seo_title,
    seo_description: post.seo_description,
  };
}

export function requestOf(form: PostForm): SaveBlogPostRequest {
  return {
    title: form.title.trim(),
    slug: form.slug.trim(),
    excerpt: form.excerpt,
    body: form.body,
    cover_photo_id: form.cover_photo_id,
    category_ids: form.category_ids,
    tag_ids: form.tag_ids,
    status: form.status,
    publish_at: form.status === "scheduled" && form.publish_at ? new Date(form.publish_at).toISOString() : null,
    seo_title: form.seo_title,
    seo_description: form.seo_description,
  };
}
