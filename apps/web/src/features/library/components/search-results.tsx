import type { LibrarySearchResponse } from "@academy/contract/library";
import { sectionPath } from "@academy/contract/library-links";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";
import { LockNote } from "./lock-note";
import { Snippet } from "./snippet";

type Props = {
  q: string;
  results: { data?: LibrarySearchResponse; isPending: boolean; isFetching: boolean; isError: boolean; error: Error | null };
  /** Searches again with other words (the "did you mean" suggestion). */
  onSearch: (q: string) => void;
};

/**
 * A search's sections: those holding every word first; when none does, the best holding some of
 * them, said plainly; a mistyped word's nearest library word offered as "Did you mean".
 */
export function SearchResults({ q, results, onSearch }: Props) {
  const answer = results.data;
  const firstPartial = answer?.list.findIndex((h) => !h.matchesAll) ?? -1;
  return (
    <section className="mt-6" aria-labelledby="results-title">
      <h2 id="results-title" className="text-lg font-semibold text-slate-900">
        Sections matching “{q}”
      </h2>
      {answer?.didYouMean ? (
        <p className="mt-1 text-sm text-slate-700">
          Did you mean{" "}
          <button type="button" className={`${linkClass} font-semibold`} onClick={() => onSearch(answer.didYouMean!)}>
            {answer.didYouMean}
          </button>
          ? These results include it.
        </p>
      ) : null}
      {results.isError ? <Alert tone="error">{results.error?.message ?? "The search failed"}</Alert> : null}
      {results.isPending ? (
        <Spinner label="Searching…" />
      ) : answer?.list.length ? (
        <>
          {answer.match === "some" ? (
            <p className="mt-2 text-sm text-slate-700" role="status">
              No section holds all of your words: showing sections with some of your words.
            </p>
          ) : null}
          <ol className="mt-3 space-y-3" aria-busy={results.isFetching}>
            {answer.list.map((hit, i) => (
              <li key={`${hit.document}#${hit.anchor}`}>
                {answer.match === "all" && i === firstPartial ? (
                  <p className="mb-3 text-sm font-medium text-slate-700">Sections with some of your words</p>
                ) : null}
                <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <Link to={sectionPath(hit.document, hit.anchor)} className={`${linkClass} text-base`}>
                    {hit.heading}
                  </Link>
                  <p className="text-xs text-slate-600">{hit.documentTitle}</p>
                  {hit.locked ? <LockNote lock={hit.locked} compact /> : <Snippet parts={hit.snippet} />}
                </div>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          No section matches these words. Try fewer or other words, or ask the study assistant.
        </p>
      )}
    </section>
  );
}
