import type { BlogPostSummary } from "@academy/contract/blog";
import { formatDate } from "../../../lib/format";
import { Link } from "../../../lib/navigation";

/** Date and reading time of a post, as one line. */
export function PostMeta({ post }: { post: BlogPostSummary }) {
  return (
    <p className="text-sm text-slate-500">
      {post.publish_at ? <time dateTime={post.publish_at}>{formatDate(post.publish_at)}</time> : "Not scheduled"}
      <span aria-hidden="true"> · </span>
      {post.reading_minutes} min read
    </p>
  );
}

/** A post in a list: cover, category, title (the link), excerpt, date and reading time. */
export function PostCard({ post, headingLevel = "h2" }: { post: BlogPostSummary; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-red-300 hover:shadow-md">
      {post.cover_url ? <img src={post.cover_url} alt="" className="aspect-[16/9] w-full object-cover" loading="lazy" /> : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {post.categories[0] ? (
          <p className="text-xs font-semibold uppercase tracking-wide text-red-800">{post.categories[0].name}</p>
        ) : null}
        <Heading className="text-lg font-semibold text-slate-900">
          <Link
            to={`/blog/${post.slug}`}
            className="rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 hover:underline"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="text-slate-600">{post.excerpt}</p> : null}
        <div className="mt-auto pt-2">
          <PostMeta post={post} />
        </div>
      </div>
    </article>
  );
}
