import type { stripeInvoices } from "../../db/schema/payments.ts";

type Invoice = typeof stripeInvoices.$inferSelect;

/** PDF text strings: ASCII only, with ( ) \ escaped. */
const pdfText = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * An amount in minor units as the PDF prints it, with the currency's own decimals: "19.50 EUR",
 * "500 JPY" (the web app's `formatMoney` does the same with symbols, which the PDF's font lacks).
 */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  const digits = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${(minor / 10 ** digits).toFixed(digits)} ${code}`;
}

/** A one-page invoice as a PDF (Helvetica, no dependencies). */
export function invoicePdf(invoice: Invoice, customer: { name: string; email: string } | null): Buffer {
  const lines = ((invoice.object.lines as { data?: { description?: string; amount?: number }[] } | undefined)?.data ?? []).map((l) => ({
    description: l.description ?? "",
    amount: typeof l.amount === "number" ? l.amount : 0,
  }));
  const rows: [number, number, string][] = [
    [20, 780, "Rescue Academy"],
    [11, 760, `Invoice ${invoice.number ?? invoice.stripeId}`],
    [11, 744, `Date: ${invoice.createAt.toISOString().slice(0, 10)}`],
    [11, 728, `Status: ${invoice.status}`],
  ];
  if (customer) rows.push([11, 704, `Billed to: ${customer.name || customer.email}`], [11, 688, customer.email]);
  let y = 650;
  rows.push([12, y, "Description"], [12, y, `@@${"Amount"}`]);
  for (const line of lines) {
    y -= 20;
    rows.push([11, y, line.description], [11, y, `@@${formatMoney(line.amount, invoice.currency)}`]);
  }
  y -= 30;
  rows.push([12, y, "Amount due"], [12, y, `@@${formatMoney(invoice.amountDue, invoice.currency)}`]);
  rows.push([12, y - 18, "Amount paid"], [12, y - 18, `@@${formatMoney(invoice.amountPaid, invoice.currency)}`]);
  const content = rows
    .map(([size, yy, text]) => {
      const right = text.startsWith("@@");
      return `BT /F1 ${size} Tf ${right ? 420 : 60} ${yy} Td (${pdfText(right ? text.slice(2) : text)}) Tj ET`;
    })
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
