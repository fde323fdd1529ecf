import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { resourceKeys } from "../../../components/ui/resource-table/keys";
import { StatusBadge } from "../../../components/ui/status-badge";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { Link } from "../../../lib/navigation";

export { StatusBadge };

/** Active (1) or archived (0), as prices and products keep it. */
export const OnSaleBadge = ({ status }: { status: unknown }) =>
  status === 1 ? <StatusBadge status="active" label="Active" /> : <StatusBadge status="archived" label="Archived" />;

/** Label and value pairs of a view panel, in the order given; a missing value shows as a dash. */
export function Details({ items }: { items: Record<string, ReactNode> }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {Object.entries(items).map(([label, value]) => (
        <div key={label} className="grid grid-cols-3 gap-4 py-2.5">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="col-span-2 break-words text-slate-900">{value ?? <span className="text-slate-400">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The headline of a view panel: a name, a status and the figure that matters most. */
export function ViewHeading({ title, badge, figure }: { title: ReactNode; badge?: ReactNode; figure?: ReactNode }) {
  return (
    <div className="mb-4 rounded-xl bg-slate-50 p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-lg font-semibold break-words text-slate-900">{title}</h3>
        {badge}
      </div>
      {figure ? <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{figure}</p> : null}
    </div>
  );
}

/** The provider's own object, folded away (staff rarely need it, support sometimes does). */
export function ProviderObject({ object }: { object: unknown }) {
  return (
    <details className="mt-5 rounded-lg border border-slate-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-700">Provider object</summary>
      <pre className="max-h-80 overflow-auto rounded-b-lg bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(object, null, 2)}</pre>
    </details>
  );
}

export const dateOf = (iso: unknown) => (typeof iso === "string" && iso ? formatDate(iso) : "—");

/** A candidate's email linking to their account. */
export const CandidateLink = ({ userId, email }: { userId: number | null; email?: string }) =>
  userId === null ? (
    <span className="text-slate-400">Deleted account</span>
  ) : (
    <Link to={`/admin/view-user/${userId}`} className={linkClass}>
      {email ?? `User ${userId}`}
    </Link>
  );

/** A row's Archive or Reactivate button (prices and products), refreshing the tables it changes. */
export function SaleToggle({
  name,
  status,
  update,
  refresh,
}: {
  name: string;
  status: number;
  update: (status: 0 | 1) => Promise<unknown>;
  /** Cache keys of the tables the change shows in. */
  refresh: readonly string[];
}) {
  const queryClient = useQueryClient();
  const isActive = status === 1;
  const toggle = useMutation({
    mutationFn: () => update(isActive ? 0 : 1),
    onSuccess: async () => {
      showToast(isActive ? `${name} is archived` : `${name} is on sale again`);
      await Promise.all(refresh.map((key) => queryClient.invalidateQueries({ queryKey: resourceKeys.all(key) })));
    },
    onError: (e) => showToast(toFormError(e).message, "error"),
  });
  return (
    <button
      type="button"
      className={buttonClass.ghost}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate()}
      aria-label={`${isActive ? "Archive" : "Reactivate"} ${name}`}
    >
      {isActive ? "Archive" : "Reactivate"}
    </button>
  );
}
