import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { formatDateTime } from "../../../lib/format";
import { useOwnActivity } from "../api/activity";

/** On a candidate's profile: what the academy's staff changed on their account, and when (never who by name). */
export function OwnActivitySection() {
  const { state } = useAuth();
  if (state.role !== "user") return null;
  return (
    <section aria-labelledby="staff-actions" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="staff-actions" className="text-lg font-semibold text-slate-900">
        Changes by the academy
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        What the academy's staff changed on your account. Something you do not recognise? Contact us.
      </p>
      <div className="mt-4">
        <OwnActivityList />
      </div>
    </section>
  );
}

function OwnActivityList() {
  const list = useOwnActivity();
  if (list.isPending) return <Spinner label="Loading…" />;
  if (list.isError) return <Alert>{toFormError(list.error).message}</Alert>;
  if (list.data.length === 0) return <p className="text-sm text-slate-600">Staff have not changed anything on your account.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {list.data.map((entry) => (
        <li key={entry.id} className="py-2">
          <p className="text-slate-900">{entry.summary}</p>
          <p className="text-slate-600">
            {entry.actor} · {formatDateTime(entry.at)}
          </p>
        </li>
      ))}
    </ul>
  );
}
