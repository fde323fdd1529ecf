import type { ChargeRow, InvoiceRow, OrderRow } from "@academy/contract/payments";
import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { adminRoutesOf, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceSource, Row } from "../../../components/ui/resource-table/types";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/files";
import { formatMoney } from "../../../lib/format";
import { Link, useLocation } from "../../../lib/navigation";
import { chargesSource, invoicePdfPath, invoicesSource, ordersSource, RESOURCE } from "../api/admin";
import { STATUS_LABEL } from "../format";
import { CandidateLink, Details, dateOf, StatusBadge, ViewHeading } from "./admin-details";

export type BillingKind = "invoice" | "order" | "charge";

const statusOptions = (values: string[]) => values.map((value) => ({ value, label: STATUS_LABEL[value] ?? value }));
const candidate = (r: { email?: string; user_id: number | null }) =>
  r.email ?? (r.user_id === null ? "Deleted account" : `User ${r.user_id}`);
const reference = (id: string) => <code className="text-xs text-slate-600">{id}</code>;

function InvoicePdfButton({ invoice }: { invoice: InvoiceRow }) {
  const download = useMutation({
    mutationFn: () => downloadFile(invoicePdfPath(invoice.id), `invoice-${invoice.number ?? invoice.id}.pdf`),
    onError: (e) => showToast(toFormError(e).message, "error"),
  });
  return (
    <button type="button" className={buttonClass.secondary} onClick={() => download.mutate()} disabled={download.isPending}>
      {download.isPending ? "Preparing…" : "Download PDF"}
    </button>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceRow }) {
  return (
    <div>
      <ViewHeading
        title={`Invoice ${invoice.number ?? ""}`.trim()}
        badge={<StatusBadge status={invoice.status} />}
        figure={formatMoney(invoice.amount_due, invoice.currency)}
      />
      <Details
        items={{
          Candidate: <CandidateLink userId={invoice.user_id} email={invoice.email} />,
          For: invoice.description || null,
          "Amount due": formatMoney(invoice.amount_due, invoice.currency),
          "Amount paid": formatMoney(invoice.amount_paid, invoice.currency),
          Subscription: invoice.subscription_id ? (
            <Link to={`/admin/view-stripe_subscription/${invoice.subscription_id}`} className={linkClass}>
              View the subscription
            </Link>
          ) : (
            "One-time purchase"
          ),
          "Provider id": reference(invoice.stripe_id),
          Date: dateOf(invoice.create_at),
        }}
      />
      <div className="mt-4">
        <InvoicePdfButton invoice={invoice} />
      </div>
    </div>
  );
}

function OrderView({ order }: { order: OrderRow }) {
  return (
    <div>
      <ViewHeading
        title={order.price_name ?? "Order"}
        badge={<StatusBadge status={order.status} />}
        figure={formatMoney(order.amount, order.currency)}
      />
      <Details
        items={{
          Candidate: <CandidateLink userId={order.user_id} email={order.email} />,
          Price: order.price_id ? (
            <Link to={`/admin/view-stripe_price/${order.price_id}`} className={linkClass}>
              {order.price_name ?? `Price ${order.price_id}`}
            </Link>
          ) : null,
          "Provider id": reference(order.stripe_id),
          Date: dateOf(order.create_at),
        }}
      />
    </div>
  );
}

function ChargeView({ charge }: { charge: ChargeRow }) {
  return (
    <div>
      <ViewHeading
        title={`Charge to ${candidate(charge)}`}
        badge={<StatusBadge status={charge.status} />}
        figure={formatMoney(charge.amount, charge.currency)}
      />
      <Details
        items={{
          Candidate: <CandidateLink userId={charge.user_id} email={charge.email} />,
          "Why it failed": charge.failure_message,
          Invoice: charge.invoice_id ? (
            <Link to={`/admin/view-stripe_invoice/${charge.invoice_id}`} className={linkClass}>
              {charge.invoice_number ?? "View the invoice"}
            </Link>
          ) : null,
          "Provider id": reference(charge.stripe_id),
          Date: dateOf(charge.create_at),
        }}
      />
    </div>
  );
}

type Screen<R extends Row> = {
  title: string;
  description: string;
  singular: string;
  resourceKey: string;
  source: ResourceSource<R>;
  columns: ResourceColumn<R>[];
  statuses: string[];
  searchLabel: string;
  view: (row: R) => ReactNode;
  label: (row: R) => string;
};

const invoiceScreen: Screen<InvoiceRow> = {
  title: "Invoices",
  description: "Every invoice the provider issued: subscription periods, plan changes and one-time purchases.",
  singular: "invoice",
  resourceKey: RESOURCE.invoices,
  source: invoicesSource,
  columns: [
    {
      key: "number",
      label: "Number",
      sortable: true,
      render: (i) => <span className="font-medium whitespace-nowrap text-slate-900">{i.number ?? "—"}</span>,
    },
    { key: "email", label: "Candidate", render: candidate },
    { key: "description", label: "For", hideOnMobile: true },
    { key: "amount_due", label: "Amount", sortable: true, align: "right", render: (i) => formatMoney(i.amount_due, i.currency) },
    { key: "status", label: "Status", sortable: true, render: (i) => <StatusBadge status={i.status} /> },
    { key: "create_at", label: "Date", sortable: true, hideOnMobile: true, render: (i) => dateOf(i.create_at) },
  ],
  statuses: ["paid", "open", "void", "uncollectible", "draft"],
  searchLabel: "Search by number, email or item",
  view: (i) => <InvoiceView invoice={i} />,
  label: (i) => `invoice ${i.number ?? i.id}`,
};

const orderScreen: Screen<OrderRow> = {
  title: "Orders",
  description: "One-time and lifetime purchases paid through checkout.",
  singular: "order",
  resourceKey: RESOURCE.orders,
  source: ordersSource,
  columns: [
    { key: "price_name", label: "Item", render: (o) => <span className="font-medium text-slate-900">{o.price_name ?? "—"}</span> },
    { key: "email", label: "Candidate", render: candidate },
    { key: "amount", label: "Amount", sortable: true, align: "right", render: (o) => formatMoney(o.amount, o.currency) },
    { key: "status", label: "Status", sortable: true, render: (o) => <StatusBadge status={o.status} /> },
    { key: "stripe_id", label: "Reference", hideOnMobile: true, render: (o) => reference(o.stripe_id) },
    { key: "create_at", label: "Date", sortable: true, hideOnMobile: true, render: (o) => dateOf(o.create_at) },
  ],
  statuses: ["paid", "unpaid"],
  searchLabel: "Search by email or reference",
  view: (o) => <OrderView order={o} />,
  label: (o) => `order ${o.stripe_id}`,
};

const chargeScreen: Screen<ChargeRow> = {
  title: "Charges",
  description: "Every attempt to take money from a card, with the reason when it failed.",
  singular: "charge",
  resourceKey: RESOURCE.charges,
  source: chargesSource,
  columns: [
    { key: "email", label: "Candidate", render: (c) => <span className="font-medium text-slate-900">{candidate(c)}</span> },
    { key: "amount", label: "Amount", sortable: true, align: "right", render: (c) => formatMoney(c.amount, c.currency) },
    {
      key: "status",
      label: "Status",
      sortable: true,
      render: (c) => (
        <span className="inline-flex flex-col items-start gap-0.5">
          <StatusBadge status={c.status} />
          {c.failure_message ? <span className="text-xs text-red-800">{c.failure_message}</span> : null}
        </span>
      ),
    },
    {
      key: "invoice_number",
      label: "Invoice",
      hideOnMobile: true,
      render: (c) => <span className="whitespace-nowrap">{c.invoice_number ?? "—"}</span>,
    },
    { key: "stripe_id", label: "Reference", hideOnMobile: true, render: (c) => reference(c.stripe_id) },
    { key: "create_at", label: "Date", sortable: true, hideOnMobile: true, render: (c) => dateOf(c.create_at) },
  ],
  statuses: ["succeeded", "failed"],
  searchLabel: "Search by email or reference",
  view: (c) => <ChargeView charge={c} />,
  label: (c) => `charge ${c.stripe_id}`,
};

const TABS: { kind: BillingKind; label: string }[] = [
  { kind: "invoice", label: "Invoices" },
  { kind: "order", label: "Orders" },
  { kind: "charge", label: "Charges" },
];

/** Which billing table a path shows: /admin/stripe_invoice, /admin/view-stripe_order/3, … */
export function billingKindOf(pathname: string): BillingKind {
  return TABS.find((t) => pathname.includes(`stripe_${t.kind}`))?.kind ?? "invoice";
}

function BillingTabs({ current }: { current: BillingKind }) {
  return (
    <nav aria-label="Billing records" className="mb-5 flex gap-1 border-b border-slate-200">
      {TABS.map((t) => (
        <Link
          key={t.kind}
          to={`/admin/stripe_${t.kind}`}
          aria-current={t.kind === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
            t.kind === current
              ? "border-red-700 text-red-800"
              : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
          }`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

function BillingTable<R extends Row>({ screen, kind }: { screen: Screen<R>; kind: BillingKind }) {
  const routes = adminRoutesOf(`stripe_${kind}`, ["view"]);
  return (
    <ResourceTable<R>
      key={kind}
      title={screen.title}
      description={screen.description}
      singular={screen.singular}
      resourceKey={screen.resourceKey}
      source={screen.source}
      columns={screen.columns}
      filters={[{ name: "status", label: "Status", options: statusOptions(screen.statuses) }]}
      searchLabel={screen.searchLabel}
      {...useAdminPanel(routes)}
      renderView={screen.view}
      rowLabel={screen.label}
      toolbar={<BillingTabs current={kind} />}
    />
  );
}

/** Billing for staff: invoices, orders and charges, read-only, each with its view. */
export function AdminBillingPage() {
  const kind = billingKindOf(useLocation().pathname);
  if (kind === "order") return <BillingTable screen={orderScreen} kind={kind} />;
  if (kind === "charge") return <BillingTable screen={chargeScreen} kind={kind} />;
  return <BillingTable screen={invoiceScreen} kind={kind} />;
}
