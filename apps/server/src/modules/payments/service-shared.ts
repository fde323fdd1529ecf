import type { ListQuery } from "@academy/contract/payments";
import type { Db } from "../../db/client.ts";
import { badRequest, HttpError, notFound } from "../../lib/http-error.ts";
import { PaymentError, type PaymentProvider } from "../../providers/payments/interface.ts";

// What every part of the payments service shares: its dependencies, provider errors and list answers.

export type PaymentsDeps = { db: Db; provider: PaymentProvider; currency: string; publicUrl: string };

/** Runs a provider call and turns its refusals (declined card, unknown object...) into clear 4xx answers. */
export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PaymentError) throw new HttpError(e.status, e.message, { code: e.code });
    throw e;
  }
}

/** The `status` filter of product and price lists: 0 archived, 1 active. */
export function statusFilter(q: ListQuery): 0 | 1 | undefined {
  if (q.status === undefined) return undefined;
  if (q.status !== "0" && q.status !== "1") throw badRequest("status must be 0 or 1", { status: "status must be 0 or 1" });
  return Number(q.status) as 0 | 1;
}

export function listAnswer<T>(q: ListQuery, rows: T[], total: number) {
  const limit = q.limit === "all" ? Math.max(total, 1) : q.limit;
  return {
    error: false as const,
    list: rows,
    total,
    limit,
    num_pages: Math.max(1, Math.ceil(total / limit)),
    page: q.limit === "all" ? 1 : q.page,
  };
}

export const rename404 = (message: string) => (e: unknown) => {
  if (e instanceof HttpError && e.statusCode === 404) throw notFound(message);
  throw e;
};
