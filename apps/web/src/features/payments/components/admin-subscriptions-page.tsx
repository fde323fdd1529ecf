import type { InvoiceRow, SubscriptionRow } from "@academy/contract/payments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Modal } from "../../../components/ui/modal";
import { RelatedList } from "../../../components/ui/related-list";
import { resourceKeys } from "../../../components/ui/resource-table/keys";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { adminRoutesOf, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn } from "../../../components/ui/resource-table/types";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useCan } from "../../../lib/auth-store";
import { formatInterval, formatMoney } from "../../../lib/format";
import { Link } from "../../../lib/navigation";
import { cancelSubscriptionNow, RESOURCE, setCancelAtPeriodEnd, subscriptionsSource, usePriceOptions, useRelatedList } from "../api/admin";
import { STATUS_LABEL } from "../format";
import { CandidateLink, Details, dateOf, StatusBadge, ViewHeading } from "./admin-details";

const STATUSES = ["active", "trialing", "past_due", "incomplete", "unpaid", "canceled"].map((value) => ({
  value,
  label: STATUS_LABEL[value] ?? value,
}));

const planOf = (s: SubscriptionRow) =>
  s.amount !== null && s.currency ? `${formatMoney(s.amount, s.currency)} ${formatInterval(s.interval)}` : null;
const isOver = (s: SubscriptionRow) => s.status === "canceled";

function SubscriptionStatus({ sub }: { sub: SubscriptionRow }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <StatusBadge status={sub.status} />
      {sub.cancel_at_period_end && !isOver(sub) ? <span className="text-xs text-amber-800">Ends at period end</span> : null}
    </span>
  );
}

const columns: ResourceColumn<SubscriptionRow>[] = [
  { key: "email", label: "Candidate", sortable: true, render: (s) => <span className="font-medium text-slate-900">{s.email ?? "—"}</span> },
  {
    key: "plan_name",
    label: "Plan",
    render: (s) => (
      <span>
        {s.plan_name ?? "—"}
        <span className="block text-xs text-slate-500">{planOf(s)}</span>
      </span>
    ),
  },
  { key: "status", label: "Status", sortable: true, render: (s) => <SubscriptionStatus sub={s} /> },
  {
    key: "current_period_end",
    label: "Period ends",
    sortable: true,
    hideOnMobile: true,
    render: (s) => (isOver(s) ? "—" : dateOf(s.current_period_end)),
  },
  { key: "create_at", label: "Started", sortable: true, hideOnMobile: true, render: (s) => dateOf(s.create_at) },
];

type Ending = "period_end" | "now" | "resume";

/** Confirms ending a subscription (at period end or now) or taking a planned end back. */
function EndSubscriptionDialog({ sub, onClose }: { sub: SubscriptionRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const who = sub.email ?? `user ${sub.user_id}`;
  const end = useMutation({
    mutationFn: async (how: Ending) => {
      if (how === "now") await cancelSubscriptionNow(sub.id);
      else await setCancelAtPeriodEnd(sub.id, how === "period_end");
      return how;
    },
    onSuccess: async (how) => {
      showToast(
        how === "now"
          ? `The subscription of ${who} has ended`
          : how === "period_end"
            ? `The subscription of ${who} ends on ${dateOf(sub.current_period_end)}`
            : `The subscription of ${who} keeps running`,
      );
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(RESOURCE.subscriptions) });
      onClose();
    },
  });
  const title = sub.cancel_at_period_end ? "Change how this subscription ends?" : "End this subscription?";
  return (
    <Modal
      title={title}
      onClose={() => !end.isPending && onClose()}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={end.isPending}>
            Back
          </button>
          {sub.cancel_at_period_end ? (
            <button type="button" className={buttonClass.secondary} onClick={() => end.mutate("resume")} disabled={end.isPending}>
              Keep running
            </button>
          ) : (
            <button type="button" className={buttonClass.secondary} onClick={() => end.mutate("period_end")} disabled={end.isPending}>
              At period end
            </button>
          )}
          <button type="button" className={buttonClass.primary} onClick={() => end.mutate("now")} disabled={end.isPending}>
            {end.isPending && end.variables === "now" ? "Ending…" : "End now"}
          </button>
        </>
      }
    >
      <div className="space-y-2">
        <p>
          {who} is on <strong>{sub.plan_name ?? "a plan"}</strong>
          {sub.current_period_end ? `, paid until ${dateOf(sub.current_period_end)}` : ""}.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          {sub.cancel_at_period_end ? (
            <li>Keep running: it renews as before and is charged at the next period.</li>
          ) : (
            <li>At period end: the candidate keeps the plan until then and is not charged again.</li>
          )}
          <li>End now: the plan's extras go at once and nothing more is charged. This cannot be undone.</li>
        </ul>
        {end.isError ? <Alert>{toFormError(end.error).message}</Alert> : null}
      </div>
    </Modal>
  );
}

function EndButton({ sub, label, ariaLabel, primary }: { sub: SubscriptionRow; label: string; ariaLabel?: string; primary?: boolean }) {
  const [open, setOpen] = useState(false);
  if (isOver(sub)) return null;
  return (
    <>
      <button
        type="button"
        className={primary ? buttonClass.secondary : buttonClass.ghost}
        onClick={() => setOpen(true)}
        aria-label={ariaLabel}
      >
        {label}
      </button>
      {open ? <EndSubscriptionDialog sub={sub} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CandidateInvoices({ userId }: { userId: number }) {
  const invoices = useRelatedList<InvoiceRow>("invoices-v2", { user_id: userId });
  return (
    <RelatedList
      title="The candidate's invoices"
      query={invoices}
      loadingLabel="Loading invoices…"
      empty="No invoices yet."
      renderItem={(inv) => ({
        label: (
          <Link to={`/admin/view-stripe_invoice/${inv.id}`} className={linkClass}>
            {inv.number ?? inv.stripe_id}
          </Link>
        ),
        detail: (
          <>
            {dateOf(inv.create_at)} · {formatMoney(inv.amount_due, inv.currency)}
            <StatusBadge status={inv.status} />
          </>
        ),
      })}
    />
  );
}

function SubscriptionView({ sub }: { sub: SubscriptionRow }) {
  return (
    <div>
      <ViewHeading title={sub.email ?? `User ${sub.user_id}`} badge={<SubscriptionStatus sub={sub} />} figure={planOf(sub)} />
      <Details
        items={{
          Candidate: <CandidateLink userId={sub.user_id} email={sub.email} />,
          Plan: sub.price_id ? (
            <Link to={`/admin/view-stripe_price/${sub.price_id}`} className={linkClass}>
              {sub.plan_name}
            </Link>
          ) : null,
          Package: sub.package_name,
          Status: STATUS_LABEL[sub.status] ?? sub.status,
          "Current period": sub.current_period_start ? `${dateOf(sub.current_period_start)} – ${dateOf(sub.current_period_end)}` : null,
          "Free trial ends": sub.trial_end ? dateOf(sub.trial_end) : null,
          Renews: isOver(sub) ? null : sub.cancel_at_period_end ? "No: it ends when the period closes" : "Yes, at the end of each period",
          Ended: sub.canceled_at ? dateOf(sub.canceled_at) : null,
          "Provider id": <code>{sub.stripe_id}</code>,
          Started: dateOf(sub.create_at),
        }}
      />
      {isOver(sub) ? null : (
        <div className="mt-4">
          <EndButton sub={sub} primary label={sub.cancel_at_period_end ? "Change how it ends…" : "End subscription…"} />
        </div>
      )}
      <CandidateInvoices userId={sub.user_id} />
    </div>
  );
}

const routes = adminRoutesOf("stripe_subscription", ["view"]);
export const subscriptionsModeOf = routes.modeOf;

/** /admin/stripe_subscription and its view: every candidate's subscription; staff can end any. */
/** `historyOf`: a record's activity-log history, shown in its view panel (composed in by the app). */
export function AdminSubscriptionsPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const prices = usePriceOptions();
  // Support read subscriptions; only those who change payments end one.
  const canEnd = useCan("payments.write");
  const filters = useMemo(
    () => [
      { name: "status", label: "Status", options: STATUSES },
      { name: "price_id", label: "Plan", options: (prices.data ?? []).map((p) => ({ value: String(p.id), label: p.name })) },
    ],
    [prices.data],
  );
  return (
    <ResourceTable<SubscriptionRow>
      title="Subscriptions"
      description="Every candidate's plan, its status and billing period. End one at the close of its period or at once."
      singular="subscription"
      resourceKey={RESOURCE.subscriptions}
      source={subscriptionsSource}
      columns={columns}
      filters={filters}
      searchLabel="Search by email or plan"
      {...useAdminPanel(routes)}
      rowLabel={(s) => `subscription of ${s.email ?? s.user_id}`}
      renderView={(sub) => (
        <>
          <SubscriptionView sub={sub} />
          {historyOf ? <div className="mt-6">{historyOf(sub.id)}</div> : null}
        </>
      )}
      rowActions={
        canEnd ? (sub) => <EndButton sub={sub} label="End" ariaLabel={`End subscription of ${sub.email ?? sub.user_id}`} /> : undefined
      }
    />
  );
}
