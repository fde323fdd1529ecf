import { sectionPath } from "@academy/contract/library-links";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, cardLinkClass } from "../../../components/ui/styles";
import { Link, useLocation, useNavigate } from "../../../lib/navigation";
import { READING_TEXT_CLASS } from "../../../lib/text-size";
import { useDocumentsQuery } from "../api/list-documents";
import { useLibrarySearch } from "../api/search-library";
import { LockNote, TierBadge } from "./lock-note";
import { SavedDocuments } from "./saved-documents";
import { SearchResults } from "./search-results";

const TRACKS = [
  { value: "", label: "All tracks" },
  { value: "ems", label: "Emergency Medical Services" },
  { value: "fire-rescue", label: "Fire & Rescue" },
  { value: "water-rescue", label: "Water Rescue" },
  { value: "dispatch", label: "Emergency Dispatch" },
] as const;

const inputClass =
  "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-red-600 focus:outline-none focus:ring-2 focus:ring-red-200";

/** The URL keeps the search and filters, so a result page can be shared and the back button works. */
function useLibraryParams() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const value = { q: params.get("q") ?? "", track: params.get("track") ?? "", theme: params.get("theme") ?? "" };
  const set = (next: Partial<typeof value>) => {
    const merged = { ...value, ...next };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(merged)) if (v) out.set(k, v);
    const text = out.toString();
    navigate(`/user/document-library${text ? `?${text}` : ""}`, { replace: true });
  };
  return [value, set] as const;
}

/** The study library: search every section, browse documents by track and theme, ask the assistant. */
export function LibraryPage() {
  const [params, setParams] = useLibraryParams();
  const [text, setText] = useState(params.q);
  const [question, setQuestion] = useState("");
  const navigate = useNavigate();
  const ids = { search: useId(), track: useId(), theme: useId(), ask: useId() };
  const filter = { track: params.track || undefined, theme: params.theme || undefined };
  const documents = useDocumentsQuery(filter);
  const results = useLibrarySearch(params.q, filter);

  // Search as the reader types, a moment after they stop.
  useEffect(() => {
    if (text === params.q) return;
    const timer = setTimeout(() => setParams({ q: text }), 300);
    return () => clearTimeout(timer);
  });

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setParams({ q: text });
  };
  const ask = (e: FormEvent) => {
    e.preventDefault();
    if (question.trim()) navigate(`/user/assistant?q=${encodeURIComponent(question.trim())}`);
  };
  const reading = (documents.data?.list ?? []).filter((d) => d.position && !d.locked);

  return (
    <div className={READING_TEXT_CLASS}>
      <PageHeader
        title="Document library"
        description="Study notes for every theme of your exam. Search them, read them section by section, and ask the study assistant."
      />
      <form
        onSubmit={submitSearch}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_12rem_12rem]"
      >
        <div>
          <label htmlFor={ids.search} className="mb-1 block text-sm font-medium text-slate-800">
            Search the library
          </label>
          <input
            id={ids.search}
            type="search"
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. tourniquet, rip current, ALS dispatch"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={ids.track} className="mb-1 block text-sm font-medium text-slate-800">
            Track
          </label>
          <select id={ids.track} value={params.track} onChange={(e) => setParams({ track: e.target.value })} className={inputClass}>
            {TRACKS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.theme} className="mb-1 block text-sm font-medium text-slate-800">
            Theme
          </label>
          <select id={ids.theme} value={params.theme} onChange={(e) => setParams({ theme: e.target.value })} className={inputClass}>
            <option value="">All themes</option>
            {(documents.data?.themes ?? []).map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      </form>

      <form onSubmit={ask} className="mt-4 flex flex-col gap-2 rounded-xl border border-red-100 bg-red-50/60 p-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={ids.ask} className="mb-1 block text-sm font-medium text-slate-800">
            Ask the study assistant
          </label>
          <input
            id={ids.ask}
            value={question}
            maxLength={1000}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder="e.g. How many back blows for a choking adult?"
            className={inputClass}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={!question.trim()}>
          Ask
        </button>
      </form>

      {params.q.trim() ? (
        <SearchResults
          q={params.q.trim()}
          results={results}
          onSearch={(q) => {
            setText(q);
            setParams({ q });
          }}
        />
      ) : null}

      {reading.length ? (
        <section className="mt-6" aria-labelledby="reading-title">
          <h2 id="reading-title" className="text-lg font-semibold text-slate-900">
            Continue reading
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {reading.map((d) => (
              <li key={d.slug}>
                <Link to={sectionPath(d.slug, d.position!)} className={buttonClass.secondary}>
                  {d.title} · {d.sections.find((s) => s.anchor === d.position)?.heading ?? "where you left off"}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <SavedDocuments version={documents.dataUpdatedAt} />

      <section className="mt-6" aria-labelledby="documents-title">
        <h2 id="documents-title" className="text-lg font-semibold text-slate-900">
          Documents
        </h2>
        {documents.isError ? <Alert tone="error">{documents.error.message}</Alert> : null}
        {documents.isPending ? (
          <Spinner label="Loading the library…" />
        ) : documents.data?.list.length ? (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {documents.data.list.map((d) => (
              <li key={d.slug}>
                <Link to={`/user/document-library/${d.slug}`} className={cardLinkClass}>
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold text-slate-900 group-hover:text-red-800">{d.title}</h3>
                    <TierBadge tier={d.tier} />
                  </div>
                  <p className="mt-1 text-sm text-slate-600">{d.summary}</p>
                  <p className="mt-2 text-xs text-slate-500">
                    {d.format === "pdf" ? "PDF" : "Notes"} · {d.sections.length} sections
                  </p>
                  {d.locked ? <LockNote lock={d.locked} compact /> : null}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-slate-600">No document for this track and theme yet.</p>
        )}
      </section>
    </div>
  );
}
