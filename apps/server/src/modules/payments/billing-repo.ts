import type { ChargeListQuery, InvoiceListQuery, OrderListQuery } from "@academy/contract/payments";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { stripeCharges, stripeInvoices, stripeOrders, stripePrices, stripeSubscriptions } from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";
import { cutOf, type ListCut, optionalEq, type Paging, page, searchAny } from "./list-repo.ts";

// Invoices, charges and one-time orders, each with the customer's email for staff.

const subscriptionOfInvoice = alias(stripeSubscriptions, "invoice_subscription");

function invoiceQuery(db: Db) {
  return db
    .select({ inv: stripeInvoices, email: users.email, subscriptionId: subscriptionOfInvoice.id })
    .from(stripeInvoices)
    .leftJoin(users, eq(users.id, stripeInvoices.userId))
    .leftJoin(subscriptionOfInvoice, eq(subscriptionOfInvoice.stripeId, stripeInvoices.subscriptionStripeId));
}

async function listInvoicesWhere(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    invoiceQuery(db)
      .where(where)
      .orderBy(...cut.order, desc(stripeInvoices.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db.select({ n: count() }).from(stripeInvoices).leftJoin(users, eq(users.id, stripeInvoices.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findInvoiceJoined(db: Db, id: number) {
  const [row] = await invoiceQuery(db).where(eq(stripeInvoices.id, id));
  return row;
}

export const invoiceRow = (
  r: { inv: typeof stripeInvoices.$inferSelect; email: string | null; subscriptionId?: number | null },
  withEmail: boolean,
) => ({
  id: r.inv.id,
  user_id: r.inv.userId,
  ...(withEmail && r.email ? { email: r.email } : {}),
  stripe_id: r.inv.stripeId,
  number: r.inv.number,
  status: r.inv.status,
  amount_due: r.inv.amountDue,
  amount_paid: r.inv.amountPaid,
  currency: r.inv.currency,
  description: r.inv.description,
  ...(withEmail ? { subscription_id: r.subscriptionId ?? null } : {}),
  create_at: r.inv.createAt.toISOString(),
});

export async function findInvoice(db: Db, id: number) {
  const [row] = await db.select().from(stripeInvoices).where(eq(stripeInvoices.id, id));
  return row;
}

const invoiceOfCharge = alias(stripeInvoices, "charge_invoice");

function chargeQuery(db: Db) {
  return db
    .select({ charge: stripeCharges, email: users.email, invoiceId: invoiceOfCharge.id, invoiceNumber: invoiceOfCharge.number })
    .from(stripeCharges)
    .leftJoin(users, eq(users.id, stripeCharges.userId))
    .leftJoin(invoiceOfCharge, eq(invoiceOfCharge.stripeId, stripeCharges.invoiceStripeId));
}

type ChargeJoined = {
  charge: typeof stripeCharges.$inferSelect;
  email: string | null;
  invoiceId: number | null;
  invoiceNumber: string | null;
};

export const chargeRow = ({ charge: c, email, invoiceId, invoiceNumber }: ChargeJoined, withEmail: boolean) => ({
  id: c.id,
  user_id: c.userId,
  ...(withEmail && email ? { email } : {}),
  ...(withEmail ? { invoice_id: invoiceId, invoice_number: invoiceNumber } : {}),
  stripe_id: c.stripeId,
  amount: c.amount,
  currency: c.currency,
  status: c.status,
  failure_message: c.failureMessage,
  create_at: c.createAt.toISOString(),
});

async function listChargesWhere(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    chargeQuery(db)
      .where(where)
      .orderBy(...cut.order, desc(stripeCharges.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db.select({ n: count() }).from(stripeCharges).leftJoin(users, eq(users.id, stripeCharges.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findChargeJoined(db: Db, id: number) {
  const [row] = await chargeQuery(db).where(eq(stripeCharges.id, id));
  return row;
}

function orderQuery(db: Db) {
  return db
    .select({ order: stripeOrders, email: users.email, priceName: stripePrices.name })
    .from(stripeOrders)
    .leftJoin(users, eq(users.id, stripeOrders.userId))
    .leftJoin(stripePrices, eq(stripePrices.id, stripeOrders.priceId));
}

type OrderJoined = { order: typeof stripeOrders.$inferSelect; email: string | null; priceName: string | null };

export const orderRow = ({ order: o, email, priceName }: OrderJoined, withEmail: boolean) => ({
  id: o.id,
  user_id: o.userId,
  ...(withEmail && email ? { email } : {}),
  stripe_id: o.stripeId,
  price_id: o.priceId,
  price_name: priceName,
  amount: o.amount,
  currency: o.currency,
  status: o.status,
  create_at: o.createAt.toISOString(),
});

async function listOrdersWhere(db: Db, where: SQL | undefined, cut: ListCut) {
  const rows = await page(
    orderQuery(db)
      .where(where)
      .orderBy(...cut.order, desc(stripeOrders.id))
      .$dynamic(),
    cut.paging,
  );
  const [total] = await db.select({ n: count() }).from(stripeOrders).leftJoin(users, eq(users.id, stripeOrders.userId)).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findOrderJoined(db: Db, id: number) {
  const [row] = await orderQuery(db).where(eq(stripeOrders.id, id));
  return row;
}

/** The staff's invoice list: by person and status, and a search over number, provider id, description and email; newest first unless asked. */
export function listInvoices(db: Db, q: InvoiceListQuery) {
  const inv = stripeInvoices;
  const where = and(
    optionalEq(inv.userId, q.user_id),
    optionalEq(inv.status, q.status),
    searchAny(q.q, inv.number, inv.stripeId, inv.description, users.email),
  );
  const cut = cutOf(q, { id: inv.id, number: inv.number, status: inv.status, amount_due: inv.amountDue, create_at: inv.createAt }, [
    desc(inv.createAt),
  ]);
  return listInvoicesWhere(db, where, cut);
}

/** One person's own invoices, newest first. */
export const listInvoicesOf = (db: Db, userId: number, paging: Paging) =>
  listInvoicesWhere(db, eq(stripeInvoices.userId, userId), { paging, order: [desc(stripeInvoices.createAt)] });

/** The staff's charge list: by person and status, and a search over provider id and email; newest first unless asked. */
export function listCharges(db: Db, q: ChargeListQuery) {
  const ch = stripeCharges;
  const where = and(optionalEq(ch.userId, q.user_id), optionalEq(ch.status, q.status), searchAny(q.q, ch.stripeId, users.email));
  const cut = cutOf(q, { id: ch.id, status: ch.status, amount: ch.amount, create_at: ch.createAt }, [desc(ch.createAt)]);
  return listChargesWhere(db, where, cut);
}

/** One person's own charges, newest first. */
export const listChargesOf = (db: Db, userId: number, paging: Paging) =>
  listChargesWhere(db, eq(stripeCharges.userId, userId), { paging, order: [desc(stripeCharges.createAt)] });

/** The staff's order list: by person and status, and a search over provider id and email, in the order asked. */
export function listOrders(db: Db, q: OrderListQuery) {
  const ord = stripeOrders;
  const where = and(optionalEq(ord.userId, q.user_id), optionalEq(ord.status, q.status), searchAny(q.q, ord.stripeId, users.email));
  const cut = cutOf(q, { id: ord.id, status: ord.status, amount: ord.amount, create_at: ord.createAt });
  return listOrdersWhere(db, where, cut);
}

/** One person's own one-time orders. */
export const listOrdersOf = (db: Db, userId: number, paging: Paging) =>
  listOrdersWhere(db, eq(stripeOrders.userId, userId), { paging, order: [] });
