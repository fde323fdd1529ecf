import type { InvoiceRow } from "@academy/contract/payments";
import { useState } from "react";
import { StatusBadge } from "../../../components/ui/status-badge";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { formatDate, formatMoney } from "../../../lib/format";
import { downloadInvoicePdf } from "../api/billing";

/** The candidate's invoices, newest first, each with its PDF. */
export function InvoiceTable({ invoices }: { invoices: InvoiceRow[] }) {
  const [downloading, setDownloading] = useState<number | null>(null);
  return (
    <div className="relative -mx-5 overflow-x-auto sm:mx-0">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Your invoices, newest first</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-5 py-2 font-semibold sm:px-3">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Invoice
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold md:table-cell">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">PDF</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {invoices.map((inv) => (
            <tr key={inv.id}>
              <td className="px-5 py-3 whitespace-nowrap sm:px-3">{formatDate(inv.create_at)}</td>
              <td className="px-3 py-3 whitespace-nowrap">{inv.number}</td>
              <td className="hidden px-3 py-3 text-slate-600 md:table-cell">{inv.description}</td>
              <td className="px-3 py-3 text-right whitespace-nowrap">{formatMoney(inv.amount_due, inv.currency)}</td>
              <td className="px-3 py-3">
                <StatusBadge status={inv.status} />
              </td>
              <td className="px-3 py-3 text-right">
                <button
                  type="button"
                  className={buttonClass.ghost}
                  disabled={downloading === inv.id}
                  aria-label={`Download invoice ${inv.number ?? inv.id} as PDF`}
                  onClick={async () => {
                    setDownloading(inv.id);
                    try {
                      await downloadInvoicePdf(inv);
                    } catch (failure) {
                      showToast(toFormError(failure).message, "error");
                    } finally {
                      setDownloading(null);
                    }
                  }}
                >
                  {downloading === inv.id ? "Preparing…" : "PDF"}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
