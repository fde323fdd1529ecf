import { PLAN_LIMIT } from "@academy/contract/constants";
import type { LibraryDocument } from "@academy/contract/library";
import { useQueryClient } from "@tanstack/react-query";
import DOMPurify from "dompurify";
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { ApiError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { Link, useLocation, useParams } from "../../../lib/navigation";
import { READING_TEXT_CLASS } from "../../../lib/text-size";
import { downloadDocument } from "../api/download-document";
import { useDocumentQuery } from "../api/get-document";
import { libraryKeys } from "../api/keys";
import { useSavePosition } from "../api/save-position";
import { removeSaved, saveDocument } from "../offline/saved-documents";
import { LockNote, TierBadge } from "./lock-note";

/** Section HTML was sanitized by the server when stored; it is sanitized again here before it is shown. */
const sanitize = (html: string) =>
  DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ["style", "form", "input", "img"], FORBID_ATTR: ["style"] });

const PROSE =
  "space-y-3 text-slate-800 [&_a]:text-red-800 [&_a]:underline [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-slate-200 [&_td]:p-1.5 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-1.5 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3";

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The PDF itself, shown in the page from its bytes (the file call needs the session, so no plain link). */
function PdfPreview({ slug, title }: { slug: string; title: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    downloadDocument(slug).then(
      (blob) => {
        made = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
        setUrl(made);
      },
      (e: unknown) => setError(e instanceof Error ? e.message : "The preview could not be loaded"),
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [slug]);
  if (error) return <Alert tone="error">{error}</Alert>;
  if (!url) return <Spinner label="Loading the preview…" />;
  return <iframe title={`${title} (PDF preview)`} src={url} className="h-[70vh] w-full rounded-lg border border-slate-200 bg-white" />;
}

/** Keeps the section at the top of the screen as the reader's position, a moment after they stop scrolling. */
function useReadingPosition(doc: LibraryDocument | undefined) {
  const save = useSavePosition(doc?.slug ?? "");
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (!doc) return;
    last.current = doc.position;
    const open = doc.sections
      .filter((s) => !s.locked)
      .map((s) => document.getElementById(s.anchor))
      .filter((e): e is HTMLElement => !!e);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        if (!visible) return;
        const anchor = visible.target.id;
        clearTimeout(timer);
        timer = setTimeout(() => {
          if (anchor === last.current) return;
          last.current = anchor;
          save.mutate(anchor);
        }, 1200);
      },
      { rootMargin: "0px 0px -70% 0px" },
    );
    for (const el of open) observer.observe(el);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [doc, save.mutate]);
}

/** One study document: table of contents, its sections (locked ones say which plan opens them), download and PDF preview. */
export function DocumentPage() {
  const { slug = "" } = useParams();
  const { pathname } = useLocation();
  const query = useDocumentQuery(slug);
  const doc = query.data;
  const [showPdf, setShowPdf] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const userId = useAuth().state.user ?? 0;
  const client = useQueryClient();
  useReadingPosition(doc);

  /** Saves the sections the plan opens on this device for offline reading, or removes them (decision 32). */
  async function toggleSaved() {
    if (!doc) return;
    const { savedAt: _, isSaved, ...plain } = doc;
    try {
      if (isSaved) await removeSaved(userId, doc.slug);
      else await saveDocument(userId, plain);
      client.setQueryData(libraryKeys.document(doc.slug), { ...doc, isSaved: !isSaved });
    } catch {
      setDownloadError("This browser does not let the app keep documents on the device.");
    }
  }

  // Open at the section the link names (a search result, a citation, a quiz explanation).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the document or the path changes
  useEffect(() => {
    if (!doc) return;
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    const target = anchor ? document.getElementById(anchor) : null;
    if (target) {
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    }
  }, [doc, pathname]);

  if (query.isPending) return <Spinner label="Opening the document…" />;
  if (query.isError) {
    const error = query.error;
    const locked = error instanceof ApiError && error.code === PLAN_LIMIT;
    return (
      <div>
        <PageHeader title={locked ? "This document is locked" : "Document not found"} />
        {locked ? <LockNote lock={{ tier: "premium", plans: [], message: error.message }} /> : <Alert tone="error">{error.message}</Alert>}
        <p className="mt-4">
          <Link to="/user/document-library" className={linkClass}>
            Back to the library
          </Link>
        </p>
      </div>
    );
  }

  if (!doc) return null;
  const resume = doc.position && !window.location.hash ? doc.sections.find((s) => s.anchor === doc.position) : undefined;
  const download = () => {
    setDownloadError(null);
    downloadDocument(doc.slug).then(
      (blob) => saveBlob(blob, doc.fileName ?? `${doc.slug}`),
      (e: unknown) => setDownloadError(e instanceof Error ? e.message : "The download failed"),
    );
  };

  return (
    <div className={READING_TEXT_CLASS}>
      <p className="mb-2 text-sm">
        <Link to="/user/document-library" className={linkClass}>
          ← Document library
        </Link>
      </p>
      <PageHeader
        title={doc.title}
        description={doc.summary}
        actions={
          <>
            {doc.format === "pdf" ? (
              <button type="button" className={buttonClass.secondary} onClick={() => setShowPdf((v) => !v)} aria-expanded={showPdf}>
                {showPdf ? "Hide the PDF" : "Preview the PDF"}
              </button>
            ) : null}
            <button type="button" className={buttonClass.secondary} onClick={download}>
              Download
            </button>
            <button type="button" className={buttonClass.secondary} onClick={toggleSaved} aria-pressed={!!doc.isSaved}>
              Save for offline reading
            </button>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <TierBadge tier={doc.tier} />
        <span>{doc.format === "pdf" ? "PDF" : "Study notes"}</span>
        <span>· updated {new Date(doc.updatedAt).toLocaleDateString()}</span>
        {doc.isSaved ? <span data-testid="saved-offline">· saved on this device for offline reading</span> : null}
      </div>
      {downloadError ? <Alert tone="error">{downloadError}</Alert> : null}
      {doc.savedAt ? (
        <p className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="offline-copy">
          You're reading the copy saved on this device on {new Date(doc.savedAt).toLocaleDateString()}.
        </p>
      ) : null}
      {resume ? (
        <p className="mb-4 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          You were reading “{resume.heading}”.{" "}
          <a href={`#${resume.anchor}`} className={linkClass}>
            Continue there
          </a>
        </p>
      ) : null}
      {showPdf ? (
        <div className="mb-6">
          <PdfPreview slug={doc.slug} title={doc.title} />
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label="Contents" className="lg:sticky lg:top-4 lg:self-start">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Contents</h2>
          <ol className="mt-2 space-y-1 text-sm">
            {doc.sections.map((s) => (
              <li key={s.anchor}>
                <a href={`#${s.anchor}`} className={`${linkClass} ${s.anchor === doc.position ? "font-semibold" : "font-normal"}`}>
                  {s.heading}
                </a>
                {s.locked ? <span className="ml-1 text-xs text-amber-800">🔒 {s.locked.tier}</span> : null}
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm">
            <Link to={`/user/assistant?q=${encodeURIComponent(`${doc.title}: `)}`} className={linkClass}>
              Ask the study assistant about this
            </Link>
          </p>
        </nav>
        <article className="min-w-0 space-y-8">
          {doc.sections.map((s) => (
            <section
              key={s.anchor}
              id={s.anchor}
              tabIndex={-1}
              aria-labelledby={`${s.anchor}-h`}
              className="scroll-mt-4 focus:outline-none"
            >
              <h2 id={`${s.anchor}-h`} className="text-xl font-semibold text-slate-900">
                {s.heading}
              </h2>
              {s.locked ? (
                <div className="mt-2">
                  <LockNote lock={s.locked} />
                </div>
              ) : (
                <div
                  className={`mt-2 ${PROSE}`}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the server and again here by DOMPurify
                  dangerouslySetInnerHTML={{ __html: sanitize(s.html ?? "") }}
                />
              )}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
