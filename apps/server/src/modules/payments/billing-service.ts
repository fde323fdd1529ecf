import type { ChargeListQuery, InvoiceListQuery, ListQuery, OrderListQuery } from "@academy/contract/payments";
import { notFound } from "../../lib/http-error.ts";
import * as accountRepo from "./account-repo.ts";
import * as billingRepo from "./billing-repo.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { paging } from "./list-repo.ts";
import { listAnswer, type PaymentsDeps } from "./service-shared.ts";

// Billing history: invoices (and their PDFs), charges and one-time orders.

export async function getInvoice(deps: PaymentsDeps, id: number) {
  const row = await billingRepo.findInvoiceJoined(deps.db, id);
  if (!row) throw notFound("Invoice not found");
  return billingRepo.invoiceRow(row, true);
}

/**
 * An invoice as a PDF addressed to its customer; `ownerId` limits it to that user's own invoices
 * (the owner rule of `userFilter`, for one row: another person's invoice answers 404).
 */
export async function invoiceDocument(deps: PaymentsDeps, id: number, ownerId?: number) {
  const invoice = await billingRepo.findInvoice(deps.db, id);
  if (!invoice || (ownerId !== undefined && invoice.userId !== ownerId)) throw notFound("Invoice not found");
  const owner = invoice.userId === null ? undefined : await accountRepo.findUser(deps.db, invoice.userId);
  const pdf = invoicePdf(invoice, owner ? { name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email } : null);
  return { pdf, fileName: `invoice-${invoice.number ?? invoice.id}.pdf` };
}

export async function getCharge(deps: PaymentsDeps, id: number) {
  const row = await billingRepo.findChargeJoined(deps.db, id);
  if (!row) throw notFound("Charge not found");
  return billingRepo.chargeRow(row, true);
}

export async function getOrder(deps: PaymentsDeps, id: number) {
  const row = await billingRepo.findOrderJoined(deps.db, id);
  if (!row) throw notFound("Order not found");
  return billingRepo.orderRow(row, true);
}

export async function listInvoices(deps: PaymentsDeps, q: InvoiceListQuery, withEmail: boolean) {
  const { rows, total } = await billingRepo.listInvoices(deps.db, q);
  return listAnswer(
    q,
    rows.map((row) => billingRepo.invoiceRow(row, withEmail)),
    total,
  );
}

export async function listOrders(deps: PaymentsDeps, q: OrderListQuery) {
  const { rows, total } = await billingRepo.listOrders(deps.db, q);
  return listAnswer(
    q,
    rows.map((row) => billingRepo.orderRow(row, true)),
    total,
  );
}

export async function listCharges(deps: PaymentsDeps, q: ChargeListQuery) {
  const { rows, total } = await billingRepo.listCharges(deps.db, q);
  return listAnswer(
    q,
    rows.map((row) => billingRepo.chargeRow(row, true)),
    total,
  );
}

/** The signed-in user's own invoices, charges, orders and subscriptions (no emails, newest first). */
export async function listOwnInvoices(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await billingRepo.listInvoicesOf(deps.db, userId, paging(q));
  return listAnswer(
    q,
    rows.map((row) => billingRepo.invoiceRow(row, false)),
    total,
  );
}

export async function listOwnCharges(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await billingRepo.listChargesOf(deps.db, userId, paging(q));
  return listAnswer(
    q,
    rows.map((row) => billingRepo.chargeRow(row, false)),
    total,
  );
}

export async function listOwnOrders(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await billingRepo.listOrdersOf(deps.db, userId, paging(q));
  return listAnswer(
    q,
    rows.map((row) => billingRepo.orderRow(row, false)),
    total,
  );
}
