import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { toFormError } from "../../lib/api-client";
import { Alert } from "./alert";
import { Spinner } from "./spinner";

interface RelatedListProps<T extends { id: number }> {
  title: string;
  /** A link or button beside the title (e.g. "Add a price"). */
  action?: ReactNode;
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  empty: ReactNode;
  /** Each row: what it is (usually a link to it) and a short detail on the right. */
  renderItem: (item: T) => { label: ReactNode; detail: ReactNode };
}

/** A short list of records related to the one a view panel shows, with loading, error and empty states. */
export function RelatedList<T extends { id: number }>({ title, action, query, loadingLabel, empty, renderItem }: RelatedListProps<T>) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-5 text-sm">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h4 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h4>
        {action}
      </div>
      {query.isPending ? (
        <Spinner label={loadingLabel} />
      ) : query.isError ? (
        <Alert>{toFormError(query.error).message}</Alert>
      ) : query.data.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {query.data.map((item) => {
            const { label, detail } = renderItem(item);
            return (
              <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="min-w-0 break-words">{label}</span>
                <span className="flex shrink-0 items-center gap-2 text-slate-700">{detail}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
