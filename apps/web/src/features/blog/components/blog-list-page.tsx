import type { BlogTerm } from "@academy/contract/blog";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link, useSearchParams } from "../../../lib/navigation";
import { usePublicPosts } from "../api/posts";
import { useCategories, useTags } from "../api/terms";
import { PostCard } from "./post-card";

const PAGE_SIZE = 9;

const chipClass = (isActive: boolean) =>
  `inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 ${
    isActive ? "border-red-700 bg-red-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:border-red-300"
  }`;

/** A row of filter links; the active one is marked for screen readers too. */
function FilterRow({
  label,
  terms,
  active,
  hrefOf,
}: {
  label: string;
  terms: (BlogTerm & { post_count: number })[];
  active: string | null;
  hrefOf: (slug: string | null) => string;
}) {
  const shown = terms.filter((t) => t.post_count > 0 || t.slug === active);
  if (!shown.length) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="mr-1 text-sm font-semibold text-slate-700">{label}</span>
      <Link to={hrefOf(null)} className={chipClass(active === null)} aria-current={active === null ? "page" : undefined}>
        All
      </Link>
      {shown.map((t) => (
        <Link key={t.id} to={hrefOf(t.slug)} className={chipClass(active === t.slug)} aria-current={active === t.slug ? "page" : undefined}>
          {t.name}
          <span className={active === t.slug ? "text-red-100" : "text-slate-400"}>{t.post_count}</span>
        </Link>
      ))}
    </nav>
  );
}

/** /blog: exam guides and study advice, filtered by category and tag (kept in the address). */
export function BlogListPage() {
  const [params] = useSearchParams();
  const category = params.get("category");
  const tag = params.get("tag");
  const page = Math.max(1, Number(params.get("page")) || 1);
  const categories = useCategories();
  const tags = useTags();
  const posts = usePublicPosts({
    page,
    limit: PAGE_SIZE,
    categories: category ?? undefined,
    tags: tag ?? undefined,
    rule: "and",
  });

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const query = next.toString();
    return `/blog${query ? `?${query}` : ""}`;
  };

  // The list shows once the filters have loaded too, so nothing moves under the reader's pointer.
  const isLoading = posts.isPending || categories.isPending || tags.isPending;
  const data = isLoading ? undefined : posts.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHeader
        title="Blog"
        description="Exam guides, physical test preparation and study advice for EMS, fire and rescue, water rescue and dispatch candidates."
        actions={
          <a href="/blog/rss.xml" className={buttonClass.secondary}>
            RSS feed
          </a>
        }
      />
      <div className="mb-8 space-y-3">
        <FilterRow label="Categories" terms={categories.data ?? []} active={category} hrefOf={(slug) => hrefWith({ category: slug })} />
        <FilterRow label="Tags" terms={tags.data ?? []} active={tag} hrefOf={(slug) => hrefWith({ tag: slug })} />
      </div>

      {isLoading ? <Spinner label="Loading posts…" /> : null}
      {posts.isError ? (
        <Alert>
          {toFormError(posts.error).message}{" "}
          <Link to="/blog" className={linkClass}>
            Show all posts
          </Link>
        </Alert>
      ) : null}
      {data && data.list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-900">No posts match these filters.</p>
          <Link to="/blog" className={`${linkClass} mt-2 inline-block`}>
            Show all posts
          </Link>
        </div>
      ) : null}
      {data && data.list.length > 0 ? (
        <>
          <p className="sr-only" aria-live="polite">
            {data.total} {data.total === 1 ? "post" : "posts"}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Posts">
            {data.list.map((p) => (
              <li key={p.id}>
                <PostCard post={p} />
              </li>
            ))}
          </ul>
          {data.num_pages > 1 ? (
            <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-4">
              {page > 1 ? (
                <Link to={`/blog${pageSuffix(params, page - 1)}`} className={buttonClass.secondary}>
                  Newer posts
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-slate-600">
                Page {page} of {data.num_pages}
              </span>
              {page < data.num_pages ? (
                <Link to={`/blog${pageSuffix(params, page + 1)}`} className={buttonClass.secondary}>
                  Older posts
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function withPage(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set("page", String(page));
  else next.delete("page");
  return next.toString();
}

function pageSuffix(params: URLSearchParams, page: number): string {
  const query = withPage(params, page);
  return query ? `?${query}` : "";
}
