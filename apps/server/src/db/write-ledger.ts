import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whether the request being served has committed a write. A request whose database goes away
 * answers 503 ("nothing happened, try again"), but only while that is true: once one of its
 * writes committed, a retry would do it twice, so the error handler answers otherwise.
 */
export type WriteLedger = { committed: boolean };

const ledgers = new AsyncLocalStorage<WriteLedger | undefined>();

/** Runs `work` (the rest of a request) with `ledger` as the place its committed writes are noted. */
export function withWriteLedger(ledger: WriteLedger, work: () => void): void {
  ledgers.run(ledger, work);
}

/**
 * Writes that are bookkeeping around a request, not what it was asked to do (a rate limit's
 * counter): they commit without making the request's own outcome certain.
 */
export function bookkeeping<T>(work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a query builder runs when awaited, and must run without the ledger.
  return ledgers.run(undefined, async () => await work());
}

const WRITE = /^\s*(insert|update|delete|merge)\b/i;
const CTE_WRITE = /^\s*with\b[\s\S]*\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;
/** Whether a statement's text writes (an insert, update, delete or merge, alone or in a CTE). */
export const isWrite = (text: string) => WRITE.test(text) || CTE_WRITE.test(text);

/**
 * Makes `db` note its committed writes in the current request's ledger: a top-level transaction
 * that committed, and a write statement run outside a transaction (which commits on its own).
 * Statements inside a transaction run on the transaction's own session and are not seen here;
 * the transaction's commit is.
 */
export function trackCommits<D extends object>(db: D): D {
  const target = db as unknown as {
    transaction: (...args: unknown[]) => Promise<unknown>;
    session: { prepareQuery: (...args: unknown[]) => Record<string, unknown> };
  };
  const transaction = target.transaction.bind(db);
  target.transaction = async (...args: unknown[]) => {
    const ledger = ledgers.getStore();
    const result = await transaction(...args);
    if (ledger) ledger.committed = true;
    return result;
  };
  const session = target.session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery(...args);
    const text = (args[0] as { sql?: string } | undefined)?.sql ?? "";
    if (!isWrite(text)) return prepared;
    for (const method of ["execute", "all", "values"] as const) {
      const run = prepared[method];
      if (typeof run !== "function") continue;
      prepared[method] = async (...runArgs: unknown[]) => {
        const ledger = ledgers.getStore();
        const result = await (run as (...a: unknown[]) => Promise<unknown>).apply(prepared, runArgs);
        if (ledger) ledger.committed = true;
        return result;
      };
    }
    return prepared;
  };
  return db;
}
