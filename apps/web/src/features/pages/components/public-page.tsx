import DOMPurify from "dompurify";
import { type ReactNode, useEffect, useState } from "react";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { getPublishedPage, type PublishedPage } from "../api/get-published-page";

/** Rich text from the server is sanitized again before it is rendered (it was on write too). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "input"], FORBID_ATTR: ["style"] });
}

/**
 * An admin-managed page by slug; where none is published, `fallback` (a built-in page, or
 * the not-found page).
 */
export function PublicPage({ slug, fallback }: { slug: string; fallback: ReactNode }) {
  const [page, setPage] = useState<PublishedPage | null | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    setPage(undefined);
    getPublishedPage(slug).then((p) => {
      if (isCurrent) setPage(p);
    });
    return () => {
      isCurrent = false;
    };
  }, [slug]);
  useEffect(() => {
    if (page) document.title = `${page.title} | Rescue Academy`;
  }, [page]);
  if (page === undefined) return <Spinner />;
  if (page === null) return <>{fallback}</>;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageHeader title={page.title} />
      <div
        className="prose-academy space-y-4 text-slate-700 [&_a]:text-red-800 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the body is sanitized on write by the server and again here by DOMPurify
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(page.body) }}
      />
    </article>
  );
}
