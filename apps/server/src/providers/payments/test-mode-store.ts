import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client.ts";
import {
  type Interval,
  PaymentError,
  type ProviderCard,
  type ProviderEvent,
  type ProviderPrice,
  type ProviderSubscription,
} from "./interface.ts";
import type { CardBehaviour } from "./test-cards.ts";
import * as repo from "./test-mode-repo.ts";

export type Obj = Record<string, unknown>;
export type Card = ProviderCard & { behaviour: CardBehaviour; customer: string | null; added_at?: number };
export type Customer = { id: string; email: string; name: string; default_card: string | null; balance: number; metadata: Obj };
export type RawPrice = ProviderPrice & { metadata: Obj };
export type RawSub = {
  id: string;
  object: "subscription";
  customer: string;
  status: ProviderSubscription["status"];
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  trial_end: number | null;
  canceled_at: number | null;
  created: number;
  metadata: Record<string, string>;
  usage_quantity: number;
  latest_invoice: string | null;
  items: { data: { id: string; price: RawPrice; current_period_start: number; current_period_end: number }[] };
};

/** Events go to this handler inside the transaction that made them, so state and mirror move together. */
export type EventSink = (tx: Db, event: ProviderEvent) => Promise<unknown>;

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

export function addInterval(from: number, interval: Interval, count: number): number {
  const d = new Date(from * 1000);
  if (interval === "day") d.setUTCDate(d.getUTCDate() + count);
  else if (interval === "week") d.setUTCDate(d.getUTCDate() + 7 * count);
  else if (interval === "month") d.setUTCMonth(d.getUTCMonth() + count);
  else d.setUTCFullYear(d.getUTCFullYear() + count);
  return Math.floor(d.getTime() / 1000);
}

const isUniqueViolation = (e: unknown) => {
  let err = e as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; err && i < 4; i++) {
    if (err.code === "23505") return true;
    err = err.cause as typeof err;
  }
  return false;
};

/**
 * Where the test-mode provider keeps its objects (the `testpay_*` tables): its clock, loading and
 * saving objects, events handed to the sink in the transaction that made them, and idempotency keys.
 */
export class TestModeStore {
  sink: EventSink = async () => {};
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async now(tx: Db = this.db): Promise<number> {
    return Math.floor(Date.now() / 1000) + (await repo.clockOffset(tx));
  }

  async load<T>(tx: Db, id: string, type: string, forUpdate = false): Promise<T> {
    const data = await repo.findObject(tx, id, type, forUpdate);
    if (!data) throw new PaymentError(404, `No such ${type}: '${id}'`, "resource_missing");
    return data as T;
  }

  async save(tx: Db, id: string, type: string, customer: string | null, data: object, created?: number) {
    await repo.saveObject(tx, { id, type, customer, data, created: created ?? (await this.now(tx)) });
  }

  /** `previous`: on an update, the changed fields as they were (the provider's `previous_attributes`). */
  async emit(tx: Db, type: string, object: object, created?: number, previous?: Obj) {
    const event: ProviderEvent = {
      id: newId("evt"),
      type,
      created: created ?? (await this.now(tx)),
      data: { object: structuredClone(object) as Obj, ...(previous ? { previous_attributes: previous } : {}) },
    };
    await this.save(tx, event.id, "event", null, event, event.created);
    await this.sink(tx, event);
  }

  /** Runs `work` once per idempotency key: a retry with the same key answers the first result. */
  async once<T extends object>(key: string, operation: string, work: (tx: Db) => Promise<T>): Promise<T> {
    const stored = async () => {
      const row = await repo.findIdempotent(this.db, key);
      if (row && row.operation !== operation)
        throw new PaymentError(400, "Keys for idempotent requests can only be used for the same request", "idempotency_error");
      return row?.response as T | undefined;
    };
    const earlier = await stored();
    if (earlier) return earlier;
    try {
      return await this.db.transaction(async (tx) => {
        const result = await work(tx);
        await repo.saveIdempotent(tx, key, operation, result);
        return result;
      });
    } catch (e) {
      if (isUniqueViolation(e)) {
        const again = await stored();
        if (again) return again;
      }
      throw e;
    }
  }
}

export function publicCard(card: Card): ProviderCard {
  return { id: card.id, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
}
