import { ACTIVITY_KIND_LABELS } from "@academy/contract/activity";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { toFormError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { Link } from "../../../lib/navigation";
import { useRecordHistory } from "../api/activity";
import { Changes } from "./changes";

/** A record's own history in its staff view panel: what staff changed, who and when, newest first. */
export function RecordHistory({ table, id }: { table: string; id: number }) {
  const history = useRecordHistory(table, id);
  return (
    <section aria-labelledby={`history-${table}-${id}`}>
      <h3 id={`history-${table}-${id}`} className="mb-2 text-sm font-semibold text-slate-900">
        History
      </h3>
      {history.isPending ? (
        <Spinner label="Loading the history…" />
      ) : history.isError ? (
        <Alert>{toFormError(history.error).message}</Alert>
      ) : history.data.list.length === 0 ? (
        <p className="text-sm text-slate-600">No staff changes recorded.</p>
      ) : (
        <ol className="space-y-3 text-sm">
          {history.data.list.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-slate-200 p-3">
              <p className="font-medium text-slate-900">{entry.summary}</p>
              <p className="text-slate-600">
                {ACTIVITY_KIND_LABELS[entry.kind]} · {formatDateTime(entry.at)} · {entry.actor_name || entry.actor_email}
              </p>
              <div className="mt-1">
                <Changes entry={entry} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {history.data && history.data.total > history.data.list.length ? (
        <p className="mt-2 text-sm">
          <Link href={`/admin/activity?f.record_table=${table}&f.record_id=${id}`} className="font-semibold text-red-800 underline">
            All {history.data.total} changes in the activity log
          </Link>
        </p>
      ) : null}
    </section>
  );
}
