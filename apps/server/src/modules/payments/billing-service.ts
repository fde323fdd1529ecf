import type { ChargeListQuery, InvoiceListQuery, ListQuery, OrderListQuery } from "@academy/contract/payments";
import { and, desc, eq } from "drizzle-orm";
import { stripeCharges, stripeInvoices, stripeOrders } from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";
import { notFound } from "../../lib/http-error.ts";
import * as accountRepo from "./account-repo.ts";
import * as billingRepo from "./billing-repo.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import * as lists from "./list-repo.ts";
import { cutOf, listAnswer, optionalEq, type PaymentsDeps, paging } from "./service-shared.ts";

// Billing history: invoices (and their PDFs), charges and one-time orders.

const inv = stripeInvoices;
const ord = stripeOrders;
const ch = stripeCharges;

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
  const where = and(
    optionalEq(inv.userId, q.user_id),
    optionalEq(inv.status, q.status),
    lists.searchAny(q.q, inv.number, inv.stripeId, inv.description, users.email),
  );
  const cut = cutOf(q, { id: inv.id, number: inv.number, status: inv.status, amount_due: inv.amountDue, create_at: inv.createAt }, [
    desc(inv.createAt),
  ]);
  const { rows, total } = await billingRepo.listInvoices(deps.db, where, cut);
  return listAnswer(
    q,
    rows.map((row) => billingRepo.invoiceRow(row, withEmail)),
    total,
  );
}

export async function listOrders(deps: PaymentsDeps, q: OrderListQuery) {
  const where = and(optionalEq(ord.userId, q.user_id), optionalEq(ord.status, q.status), lists.searchAny(q.q, ord.stripeId, users.email));
  const cut = cutOf(q, { id: ord.id, status: ord.status, amount: ord.amount, create_at: ord.createAt });
  const { rows, total } = await billingRepo.listOrders(deps.db, where, cut);
  return listAnswer(
    q,
    rows.map((row) => billingRepo.orderRow(row, true)),
    total,
  );
}

export async function listCharges(deps: PaymentsDeps, q: ChargeListQuery) {
  const where = and(optionalEq(ch.userId, q.user_id), optionalEq(ch.status, q.status), lists.searchAny(q.q, ch.stripeId, users.email));
  const cut = cutOf(q, { id: ch.id, status: ch.status, amount: ch.amount, create_at: ch.createAt }, [desc(ch.createAt)]);
  const { rows, total } = await billingRepo.listCharges(deps.db, where, cut);
  return listAnswer(
    q,
    rows.map((row) => billingRepo.chargeRow(row, true)),
    total,
  );
}

/** The signed-in user's own invoices, charges, orders and subscriptions (no emails, newest first). */
export async function listOwnInvoices(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await billingRepo.listInvoices(deps.db, eq(inv.userId, userId), {
    paging: paging(q),
    order: [desc(inv.createAt)],
  });
  return listAnswer(
    q,
    rows.map((row) => billingRepo.invoiceRow(row, false)),
    total,
  );
}

export async function listOwnCharges(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await billingRepo.listCharges(deps.db, eq(ch.userId, userId), { paging: paging(q), order: [desc(ch.createAt)] });
  return listAnswer(
    q,
    rows.map((row) => billingRepo.chargeRow(row, false)),
    total,
  );
}

export async function listOwnOrders(deps: PaymentsDeps, userId: number, q: ListQuery) {
  const { rows, total } = await billingRepo.listOrders(deps.db, eq(ord.userId, userId), { paging: paging(q), order: [] });
  return listAnswer(
    q,
    rows.map((row) => billingRepo.orderRow(row, false)),
    total,
  );
}
