import type { InvoiceRow } from "@academy/contract/payments";
import { useState } from "react";
import { DataTable } from "../../../components/ui/data-table";
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
      <DataTable
        rows={invoices}
        rowKey={(inv) => inv.id}
        caption="Your invoices, newest first"
        density="roomy"
        className="min-w-full"
        columns={[
          { key: "date", header: "Date", cell: (inv) => formatDate(inv.create_at), className: "whitespace-nowrap" },
          { key: "number", header: "Invoice", cell: (inv) => inv.number, className: "whitespace-nowrap" },
          { key: "description", header: "Description", cell: (inv) => inv.description, hideBelow: "md", className: "text-slate-600" },
          {
            key: "amount",
            header: "Amount",
            cell: (inv) => formatMoney(inv.amount_due, inv.currency),
            align: "right",
            className: "whitespace-nowrap",
          },
          { key: "status", header: "Status", cell: (inv) => <StatusBadge status={inv.status} /> },
          {
            key: "pdf",
            header: "PDF",
            isHeaderHidden: true,
            align: "right",
            cell: (inv) => (
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
            ),
          },
        ]}
      />
    </div>
  );
}
