import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Modal } from "../../../components/ui/modal";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { cancelSubscriptionNow, useAdminSubscriptionQuery, useSubscriptionsQuery, useUserInvoicesQuery } from "../api/admin";
import { formatDate, formatInterval, formatMoney, STATUS_LABEL } from "../format";
import { AdminBilling } from "./admin-billing";
import { Pager } from "./side-panel";

/** /admin/stripe_subscription: every subscription, newest first. */
export function AdminSubscriptionsPage() {
  const [page, setPage] = useState(1);
  const subs = useSubscriptionsQuery(page);
  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Candidates' subscriptions with their plan, status and billing period, and every invoice, order and charge."
      />
      {subs.isPending ? (
        <Spinner label="Loading subscriptions…" />
      ) : subs.isError ? (
        <Alert>{toFormError(subs.error).message}</Alert>
      ) : subs.data.list.length === 0 ? (
        <p className="text-sm text-slate-600">No subscriptions yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Subscriptions</caption>
            <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Candidate
                </th>
                <th scope="col" className="px-3 py-2">
                  Plan
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Period ends
                </th>
                <th scope="col" className="px-3 py-2">
                  Started
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {subs.data.list.map((s) => (
                <tr key={s.id}>
                  <td className="px-3 py-2">{s.email}</td>
                  <td className="px-3 py-2">{s.plan_name}</td>
                  <td className="px-3 py-2">
                    {s.cancel_at_period_end && s.status !== "canceled" ? "Cancels at period end" : (STATUS_LABEL[s.status] ?? s.status)}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(s.current_period_end)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(s.create_at)}</td>
                  <td className="px-3 py-2">
                    <Link
                      to={`/admin/view-stripe_subscription/${s.id}`}
                      className={linkClass}
                      aria-label={`View subscription of ${s.email}`}
                    >
                      View
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {subs.data ? <Pager page={subs.data.page} numPages={subs.data.num_pages} total={subs.data.total} onPage={setPage} /> : null}
      <AdminBilling />
    </>
  );
}

/** /admin/view-stripe_subscription/:id: one subscription, its candidate's invoices, and ending it now. */
export function AdminSubscriptionPage() {
  const id = Number(useParams().id) || 0;
  const queryClient = useQueryClient();
  const sub = useAdminSubscriptionQuery(id);
  const invoices = useUserInvoicesQuery(sub.data?.user_id);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancelNow() {
    setBusy(true);
    setError(null);
    try {
      await cancelSubscriptionNow(id);
      await queryClient.invalidateQueries({ queryKey: ["admin-payments"] });
      setConfirming(false);
      showToast("Subscription ended.");
    } catch (failure) {
      setError(toFormError(failure).message);
    } finally {
      setBusy(false);
    }
  }

  if (sub.isPending) return <Spinner label="Loading subscription…" />;
  if (sub.isError) return <Alert>{toFormError(sub.error).message}</Alert>;
  const s = sub.data;
  return (
    <>
      <PageHeader
        title={`Subscription of ${s.email ?? `user ${s.user_id}`}`}
        description={
          <Link to="/admin/stripe_subscription" className={linkClass}>
            All subscriptions
          </Link>
        }
        actions={
          s.status === "canceled" ? null : (
            <button type="button" className={buttonClass.primary} onClick={() => setConfirming(true)}>
              End now
            </button>
          )
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="sub-details" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="sub-details" className="mb-3 font-semibold text-slate-900">
            Details
          </h2>
          <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
            {(
              [
                [
                  "Plan",
                  `${s.plan_name ?? "—"}${s.amount !== null && s.currency ? ` · ${formatMoney(s.amount, s.currency)} ${formatInterval(s.interval)}` : ""}`,
                ],
                ["Package", s.package_name ?? "—"],
                [
                  "Status",
                  `${STATUS_LABEL[s.status] ?? s.status}${s.cancel_at_period_end && s.status !== "canceled" ? ", cancels at period end" : ""}`,
                ],
                ["Period", `${formatDate(s.current_period_start)} – ${formatDate(s.current_period_end)}`],
                ["Trial ends", formatDate(s.trial_end) || "—"],
                ["Ended", formatDate(s.canceled_at) || "—"],
                ["Provider id", s.stripe_id],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-medium text-slate-500">{k}</dt>
                <dd className="col-span-2 break-all text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="sub-invoices" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="sub-invoices" className="mb-3 font-semibold text-slate-900">
            Invoices
          </h2>
          {invoices.isPending ? (
            <Spinner label="Loading invoices…" />
          ) : invoices.isError ? (
            <Alert>{toFormError(invoices.error).message}</Alert>
          ) : invoices.data.length === 0 ? (
            <p className="text-sm text-slate-600">No invoices.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {invoices.data.map((inv) => (
                <li key={inv.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {formatDate(inv.create_at)} · {inv.number}
                  </span>
                  <span>
                    {formatMoney(inv.amount_due, inv.currency)} · {STATUS_LABEL[inv.status] ?? inv.status}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {confirming ? (
        <Modal
          title="End this subscription now?"
          onClose={() => !busy && setConfirming(false)}
          footer={
            <>
              <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(false)} disabled={busy}>
                Keep it
              </button>
              <button type="button" className={buttonClass.primary} onClick={cancelNow} disabled={busy}>
                {busy ? "Ending…" : "End now"}
              </button>
            </>
          }
        >
          <p>The candidate loses the plan's extras at once and is not charged again. This cannot be undone.</p>
          {error ? (
            <div className="mt-3">
              <Alert>{error}</Alert>
            </div>
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}
