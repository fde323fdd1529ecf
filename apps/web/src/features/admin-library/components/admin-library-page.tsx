import type { AdminLibraryRow, LibraryTier } from "@academy/contract/library";
import { sectionPath } from "@academy/contract/library-links";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useMemo, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { adminRoutesOf, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceField, ResourceSource, Row } from "../../../components/ui/resource-table/types";
import { READ_ONLY } from "../../../components/ui/resource-table/types";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { useCan } from "../../../lib/auth-store";
import { useAdminThemesQuery } from "../../../lib/shared-api/quiz";
import { getLibraryDocument, libraryAdminKeys, useLibraryDocumentDetail } from "../api/get-document";
import { listLibraryDocuments } from "../api/list-documents";
import { replaceLibraryFile } from "../api/replace-file";
import { updateLibraryDocument, useUpdateLibraryDocument } from "../api/update-document";
import { uploadLibraryDocument } from "../api/upload-document";

type DocRow = AdminLibraryRow & Row;

const TIERS = [
  { value: "free", label: "Free plan and up" },
  { value: "core", label: "Core plan and up" },
  { value: "premium", label: "Premium plan only" },
] as const;
const STATUSES = [
  { value: "published", label: "Published" },
  { value: "unpublished", label: "Unpublished" },
] as const;
const TRACKS = [
  { value: "ems", label: "EMS" },
  { value: "fire-rescue", label: "Fire & Rescue" },
  { value: "water-rescue", label: "Water Rescue" },
  { value: "dispatch", label: "Dispatch" },
] as const;
const tierLabel = (t: string) => TIERS.find((x) => x.value === t)?.label ?? t;
const size = (n: number | null) =>
  n === null ? "" : n > 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

const columns: ResourceColumn<DocRow>[] = [
  { key: "title", label: "Title", sortable: true, render: (r) => <span className="font-medium text-slate-900">{r.title}</span> },
  { key: "tier", label: "Access", sortable: true, render: (r) => tierLabel(r.tier) },
  { key: "tracks", label: "Tracks", hideOnMobile: true, render: (r) => r.tracks.join(", ") || "—" },
  { key: "format", label: "File", hideOnMobile: true, render: (r) => `${r.format === "pdf" ? "PDF" : "Markdown"} · ${size(r.file_size)}` },
  {
    key: "status",
    label: "Status",
    render: (r) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${r.status === "published" ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
      >
        {r.status === "published" ? "Published" : "Unpublished"}
      </span>
    ),
  },
  { key: "updated_at", label: "Updated", sortable: true, hideOnMobile: true, render: (r) => new Date(r.updated_at).toLocaleDateString() },
];

/** The edit form: tracks and themes are chosen from the known ones (the question bank's themes). */
const fieldsWith = (themes: readonly { value: string; label: string }[]): ResourceField[] => [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: 200 },
  { name: "summary", label: "Summary", kind: "textarea", maxLength: 1000 },
  { name: "tracks", label: "Tracks", kind: "choices", options: TRACKS },
  { name: "themes", label: "Themes", kind: "choices", options: themes, hint: "The question bank's themes this document covers." },
  { name: "tier", label: "Who may read it", kind: "select", required: true, options: TIERS },
  { name: "status", label: "Status", kind: "select", required: true, options: STATUSES },
];

const source: ResourceSource<DocRow> = {
  list: (query, signal) => listLibraryDocuments(query, signal) as Promise<{ rows: DocRow[]; total: number; numPages: number }>,
  get: async (id) => {
    const { sections: _sections, ...row } = await getLibraryDocument(id);
    return row as DocRow;
  },
  update: async (id, values) => {
    await updateLibraryDocument(id, values as Parameters<typeof updateLibraryDocument>[1]);
  },
};

function Progress({ value }: { value: number }) {
  return (
    <div
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
    >
      <div className="h-full bg-red-700 transition-all" style={{ width: `${Math.round(value * 100)}%` }} />
    </div>
  );
}

/** Upload a new PDF or Markdown document, with its progress. */
function UploadForm() {
  const queryClient = useQueryClient();
  const ids = { file: useId(), title: useId(), tier: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [tier, setTier] = useState<LibraryTier>("free");
  const [tracks, setTracks] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!file) return setError("Choose a PDF or Markdown file");
    setError(null);
    setProgress(0);
    try {
      const row = await uploadLibraryDocument(file, { title, tracks, tier }, setProgress);
      showToast(`“${row.title}” is in the library`);
      setFile(null);
      setTitle("");
      setTracks([]);
      (e.target as HTMLFormElement).reset();
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: libraryAdminKeys.all });
    } catch (err) {
      setError(err instanceof Error ? err.message : "The upload failed");
    } finally {
      setProgress(null);
    }
  };
  if (!open)
    return (
      <div className="mb-4">
        <button type="button" className={buttonClass.primary} onClick={() => setOpen(true)}>
          Upload a document
        </button>
      </div>
    );
  return (
    <form
      onSubmit={submit}
      className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-2"
      aria-label="Upload a document"
    >
      <div>
        <label htmlFor={ids.file} className="mb-1 block text-sm font-medium text-slate-800">
          PDF or Markdown file
        </label>
        <input
          id={ids.file}
          type="file"
          accept=".pdf,.md,.markdown,application/pdf,text/markdown"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm"
        />
      </div>
      <div>
        <label htmlFor={ids.title} className="mb-1 block text-sm font-medium text-slate-800">
          Title (optional: taken from the file)
        </label>
        <input
          id={ids.title}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">Tracks</legend>
        <div className="flex flex-wrap gap-3 text-sm">
          {TRACKS.map((t) => (
            <label key={t.value} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={tracks.includes(t.value)}
                onChange={(e) => setTracks((list) => (e.target.checked ? [...list, t.value] : list.filter((x) => x !== t.value)))}
              />
              {t.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={ids.tier} className="mb-1 block text-sm font-medium text-slate-800">
          Who may read it
        </label>
        <select
          id={ids.tier}
          value={tier}
          onChange={(e) => setTier(e.target.value as LibraryTier)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        >
          {TIERS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="md:col-span-2 space-y-2">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {progress !== null ? <Progress value={progress} /> : null}
        <div className="flex gap-2">
          <button type="submit" className={buttonClass.primary} disabled={progress !== null}>
            {progress !== null ? `Uploading… ${Math.round(progress * 100)}%` : "Upload"}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)} disabled={progress !== null}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}

/** A document for staff: publish state, its file, its sections' access and the questions citing each. */
function DocumentDetail({ id }: { id: number }) {
  const detail = useLibraryDocumentDetail(id);
  const update = useUpdateLibraryDocument(id);
  const queryClient = useQueryClient();
  const fileId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (detail.isPending) return <Spinner label="Loading the document…" />;
  if (detail.isError) return <Alert tone="error">{detail.error.message}</Alert>;
  const doc = detail.data;
  const replace = async (file: File) => {
    setError(null);
    setProgress(0);
    try {
      await replaceLibraryFile(id, file, setProgress);
      showToast("The file was replaced");
      await queryClient.invalidateQueries({ queryKey: libraryAdminKeys.all });
    } catch (err) {
      setError(err instanceof Error ? err.message : "The upload failed");
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className="space-y-5 text-sm">
      <div>
        <h3 className="text-xl font-semibold text-slate-900">{doc.title}</h3>
        <p className="mt-1 text-slate-600">{doc.summary || "No summary."}</p>
        <p className="mt-1 text-xs text-slate-500">
          {doc.origin === "content" ? "From the content files (an edit here makes it the staff's own)" : "Kept by staff"} · {doc.file_name}{" "}
          · {size(doc.file_size)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={update.isPending}
          onClick={() => update.mutate({ status: doc.status === "published" ? "unpublished" : "published" })}
        >
          {doc.status === "published" ? "Unpublish" : "Publish"}
        </button>
        {doc.status === "published" ? (
          <a href={`/user/document-library/${doc.slug}`} className={buttonClass.ghost} target="_blank" rel="noreferrer">
            Open as a reader
          </a>
        ) : null}
      </div>
      <div>
        <label htmlFor={fileId} className="mb-1 block font-medium text-slate-800">
          Replace the file (PDF or Markdown)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".pdf,.md,.markdown,application/pdf,text/markdown"
          disabled={progress !== null}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) replace(f);
            e.target.value = "";
          }}
          className="block w-full"
        />
        {progress !== null ? (
          <div className="mt-2">
            <Progress value={progress} />
          </div>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
      </div>
      {update.isError ? <Alert tone="error">{update.error.message}</Alert> : null}
      <div>
        <h4 className="font-semibold text-slate-900">Sections</h4>
        <ol className="mt-2 space-y-3">
          {doc.sections.map((s) => (
            <li key={s.anchor} className="rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900">{s.heading}</span>
                <label className="flex items-center gap-1 text-xs text-slate-600">
                  Access
                  <select
                    value={s.tier ?? ""}
                    disabled={update.isPending}
                    onChange={(e) => update.mutate({ sectionTiers: { [s.anchor]: (e.target.value || null) as LibraryTier | null } })}
                    className="rounded border border-slate-300 px-1 py-0.5"
                  >
                    <option value="">As the document</option>
                    <option value="core">Core plan and up</option>
                    <option value="premium">Premium only</option>
                  </select>
                </label>
              </div>
              <p className="text-xs text-slate-500">#{s.anchor}</p>
              {s.citedBy.length ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs text-slate-700">
                    Cited by {s.citedBy.length} question{s.citedBy.length === 1 ? "" : "s"}
                  </summary>
                  <ul className="mt-1 space-y-1 text-xs text-slate-700">
                    {s.citedBy.map((q) => (
                      <li key={q.id}>
                        <a href={`/admin/quizzes?q=${encodeURIComponent(q.contentId)}`} className={linkClass}>
                          {q.contentId}
                        </a>{" "}
                        {q.stem}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : (
                <p className="mt-1 text-xs text-slate-500">No question cites it.</p>
              )}
            </li>
          ))}
        </ol>
      </div>
      <p className="text-xs text-slate-500">Readers open it at {sectionPath(doc.slug, doc.sections[0]?.anchor ?? "")}.</p>
    </div>
  );
}

const routes = adminRoutesOf("library", ["edit", "view"]);

/** Staff: every library document, uploads, edits, access per document and section, publishing. */
/** `historyOf`: a record's activity-log history, shown in its view panel (composed in by the app). */
export function AdminLibraryPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const panel = useAdminPanel(routes);
  // Coaches read the library as staff see it; editors and administrators change it.
  const canWrite = useCan("library.write");
  const themes = useAdminThemesQuery();
  const fields = useMemo(() => fieldsWith((themes.data ?? []).map((t) => ({ value: t.slug, label: t.name }))), [themes.data]);
  const filters = useMemo(
    () => [
      { name: "status", label: "Status", options: STATUSES },
      { name: "tier", label: "Access", options: TIERS },
      { name: "track", label: "Track", options: TRACKS },
    ],
    [],
  );
  return (
    <ResourceTable<DocRow>
      title="Library"
      description="The study documents candidates read: from the content files and uploaded by staff. Edit who may read them, replace their file or unpublish them."
      singular="document"
      resourceKey="library-admin"
      source={source}
      columns={columns}
      fields={fields}
      filters={filters}
      searchLabel="Search by title"
      defaultSort={{ field: "title", direction: "asc" }}
      canCreate={false}
      {...(canWrite ? {} : READ_ONLY)}
      paths={panel.paths}
      mode={panel.mode}
      renderView={(row) => (
        <>
          <DocumentDetail id={row.id} />
          {historyOf ? <div className="mt-6">{historyOf(row.id)}</div> : null}
        </>
      )}
      rowLabel={(row) => row.title}
      toolbar={canWrite ? <UploadForm /> : undefined}
    />
  );
}
