import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { testpayClock, testpayIdempotency, testpayObjects } from "../../db/schema/payments.ts";

// The test-mode provider's storage: its objects (customers, cards, prices, subscriptions, invoices,
// events) as JSON by id and type, its idempotency keys, and how far its clock was moved on.

type Obj = Record<string, unknown>;

/** Seconds the provider's clock was moved ahead of the real one. */
export async function clockOffset(db: Db): Promise<number> {
  const [row] = await db.select().from(testpayClock).where(eq(testpayClock.id, 1));
  return row?.offsetSeconds ?? 0;
}

export async function moveClock(db: Db, seconds: number): Promise<void> {
  await db
    .insert(testpayClock)
    .values({ id: 1, offsetSeconds: seconds })
    .onConflictDoUpdate({ target: testpayClock.id, set: { offsetSeconds: sql`${testpayClock.offsetSeconds} + ${seconds}` } });
}

/** Subscriptions still running whose period ended at `now` or before. */
export async function dueSubscriptionIds(db: Db, now: number): Promise<{ id: string }[]> {
  return db
    .select({ id: testpayObjects.id })
    .from(testpayObjects)
    .where(
      and(
        eq(testpayObjects.type, "subscription"),
        sql`${testpayObjects.data}->>'status' in ('active','trialing','past_due')`,
        sql`(${testpayObjects.data}->>'current_period_end')::bigint <= ${now}`,
      ),
    );
}

/** An object's data by id and type (locked for the transaction when `forUpdate`). */
export async function findObject(db: Db, id: string, type: string, forUpdate: boolean): Promise<unknown> {
  const q = db
    .select()
    .from(testpayObjects)
    .where(and(eq(testpayObjects.id, id), eq(testpayObjects.type, type)));
  const [row] = forUpdate ? await q.for("update") : await q;
  return row?.data;
}

export async function saveObject(db: Db, values: { id: string; type: string; customer: string | null; data: object; created: number }) {
  await db
    .insert(testpayObjects)
    .values({ ...values, data: values.data as Obj })
    .onConflictDoUpdate({ target: testpayObjects.id, set: { data: values.data as Obj, customer: values.customer } });
}

export async function deleteObject(db: Db, id: string): Promise<void> {
  await db.delete(testpayObjects).where(eq(testpayObjects.id, id));
}

/** A customer's cards, in the order the provider's clock saw them added. */
export async function cardsOf(db: Db, customerId: string): Promise<unknown[]> {
  const rows = await db
    .select()
    .from(testpayObjects)
    .where(and(eq(testpayObjects.type, "card"), eq(testpayObjects.customer, customerId)))
    .orderBy(testpayObjects.created, testpayObjects.id);
  return rows.map((r) => r.data);
}

/** The id of a customer's oldest card, if any is left. */
export async function firstCardIdOf(db: Db, customerId: string): Promise<string | undefined> {
  const [next] = await db
    .select({ id: testpayObjects.id })
    .from(testpayObjects)
    .where(and(eq(testpayObjects.type, "card"), eq(testpayObjects.customer, customerId)))
    .orderBy(testpayObjects.created)
    .limit(1);
  return next?.id;
}

export async function countInvoices(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(testpayObjects).where(eq(testpayObjects.type, "invoice"));
  return row?.n ?? 0;
}

export async function findIdempotent(db: Db, key: string) {
  const [row] = await db.select().from(testpayIdempotency).where(eq(testpayIdempotency.key, key));
  return row;
}

export async function saveIdempotent(db: Db, key: string, operation: string, response: object): Promise<void> {
  await db.insert(testpayIdempotency).values({ key, operation, response: response as Obj });
}
