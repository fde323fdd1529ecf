import type { BlogPost } from "@academy/contract/blog";
import { useEffect } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { linkClass } from "../../../components/ui/styles";
import { ApiError, toFormError } from "../../../lib/api-client";
import { Link, useParams } from "../../../lib/navigation";
import { READING_TEXT_CLASS } from "../../../lib/text-size";
import { usePost } from "../api/posts";
import { PostBody } from "./post-body";
import { PostCard, PostMeta } from "./post-card";

const APP_NAME = "Rescue Academy";

/** The page's title and description for browsers and search engines, put back when the page closes. */
function useDocumentMeta(post: BlogPost | undefined) {
  useEffect(() => {
    if (!post) return;
    const previousTitle = document.title;
    document.title = `${post.seo_title || post.title} | ${APP_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = meta?.content;
    if (!meta) {
      meta = document.createElement("meta");
      meta.name = "description";
      document.head.append(meta);
    }
    meta.content = post.seo_description || post.excerpt;
    return () => {
      document.title = previousTitle;
      if (meta && previousDescription !== undefined) meta.content = previousDescription;
    };
  }, [post]);
}

const STATUS_NOTE: Record<string, string> = {
  draft: "This post is a draft: only staff can see it.",
  scheduled: "This post is scheduled: only staff can see it until it goes public.",
};

/** /blog/:slug: one post with its tags, and related posts to read next. */
export function BlogPostPage() {
  const { slug } = useParams();
  const post = usePost(slug);
  const model = post.data?.model;
  useDocumentMeta(model);

  if (post.isPending) return <Spinner label="Loading the post…" />;
  if (post.isError) {
    const isMissing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-14">
        <h1 className="text-2xl font-bold text-slate-900">{isMissing ? "Post not found" : "The post could not be loaded"}</h1>
        <p className="mt-2 text-slate-600">
          {isMissing ? "It may have moved or been taken down." : toFormError(post.error).message}{" "}
          <Link to="/blog" className={linkClass}>
            See every post
          </Link>
        </p>
      </div>
    );
  }
  const { related } = post.data;
  if (!model) return null;
  return (
    <div className={`mx-auto max-w-6xl px-4 py-10 sm:py-14 ${READING_TEXT_CLASS}`}>
      <article className="mx-auto max-w-3xl">
        <nav aria-label="Breadcrumb" className="mb-4 text-sm">
          <ol className="flex flex-wrap gap-1 text-slate-500">
            <li>
              <Link to="/blog" className={linkClass}>
                Blog
              </Link>
            </li>
            {model.categories[0] ? (
              <li>
                <span aria-hidden="true">/ </span>
                <Link to={`/blog?category=${encodeURIComponent(model.categories[0].slug)}`} className={linkClass}>
                  {model.categories[0].name}
                </Link>
              </li>
            ) : null}
          </ol>
        </nav>
        {STATUS_NOTE[model.status] ? (
          <div className="mb-4">
            <Alert tone="info">{STATUS_NOTE[model.status]}</Alert>
          </div>
        ) : null}
        <header className="mb-6 space-y-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{model.title}</h1>
          {model.excerpt ? <p className="text-lg text-slate-600">{model.excerpt}</p> : null}
          <div className="flex flex-wrap items-center gap-x-3 text-sm text-slate-500">
            {model.author ? <span>By {model.author.name}</span> : null}
            <PostMeta post={model} />
          </div>
        </header>
        {model.cover_url ? <img src={model.cover_url} alt="" className="mb-8 aspect-[16/9] w-full rounded-xl object-cover" /> : null}
        <PostBody html={model.body} />
        {model.tags.length ? (
          <footer className="mt-10 border-t border-slate-200 pt-6">
            <h2 className="sr-only">Tags</h2>
            <ul className="flex flex-wrap gap-2">
              {model.tags.map((t) => (
                <li key={t.id}>
                  <Link
                    to={`/blog?tag=${encodeURIComponent(t.slug)}`}
                    className="inline-block rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-700 hover:border-red-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                  >
                    #{t.name}
                  </Link>
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
      </article>
      {related.length ? (
        <section aria-labelledby="related-heading" className="mt-14 border-t border-slate-200 pt-10">
          <h2 id="related-heading" className="mb-6 text-xl font-semibold text-slate-900">
            Read next
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((p) => (
              <li key={p.id}>
                <PostCard post={p} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
