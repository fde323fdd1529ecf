import type { ChargeRow, InvoiceRow, OrderRow } from "@academy/contract/payments";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { toFormError } from "../../../lib/api-client";
import { type BillingKind, useBillingQuery } from "../api/admin";
import { formatDate, formatMoney, STATUS_LABEL } from "../format";
import { Pager } from "./side-panel";

const TABS: { kind: BillingKind; label: string }[] = [
  { kind: "invoices-v2", label: "Invoices" },
  { kind: "orders", label: "Orders" },
  { kind: "charges", label: "Charges" },
];

/** Billing for admins: every invoice, one-time order and card charge, newest first. */
export function AdminBilling() {
  const [kind, setKind] = useState<BillingKind>("invoices-v2");
  const [page, setPage] = useState(1);
  const rows = useBillingQuery(kind, page);
  return (
    <section aria-labelledby="billing-heading" className="mt-10">
      <h2 id="billing-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Billing
      </h2>
      <div role="tablist" aria-label="Billing records" className="mb-3 flex gap-2">
        {TABS.map((t) => (
          <button
            key={t.kind}
            type="button"
            role="tab"
            aria-selected={kind === t.kind}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${kind === t.kind ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
            onClick={() => {
              setKind(t.kind);
              setPage(1);
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.kind === kind)?.label}>
        {rows.isPending ? (
          <Spinner label="Loading…" />
        ) : rows.isError ? (
          <Alert>{toFormError(rows.error).message}</Alert>
        ) : rows.data.list.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing yet.</p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {kind === "invoices-v2" ? "Invoice" : "Reference"}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {kind === "invoices-v2" ? "Candidate" : "User id"}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Amount
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.data.list.map((row) => {
                  const invoice = kind === "invoices-v2" ? (row as InvoiceRow) : null;
                  const other = row as OrderRow | ChargeRow;
                  return (
                    <tr key={row.id}>
                      <td className="px-3 py-2 whitespace-nowrap">{formatDate(row.create_at)}</td>
                      <td className="px-3 py-2 break-all">{invoice ? invoice.number : row.stripe_id}</td>
                      <td className="px-3 py-2">{invoice ? (invoice.email ?? "—") : (row.user_id ?? "—")}</td>
                      <td className="px-3 py-2 text-right whitespace-nowrap">
                        {formatMoney(invoice ? invoice.amount_due : other.amount, row.currency)}
                      </td>
                      <td className="px-3 py-2">
                        {STATUS_LABEL[row.status] ?? row.status}
                        {"failure_message" in row && row.failure_message ? ` (${row.failure_message})` : ""}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {rows.data ? <Pager page={rows.data.page} numPages={rows.data.num_pages} total={rows.data.total} onPage={setPage} /> : null}
      </div>
    </section>
  );
}
