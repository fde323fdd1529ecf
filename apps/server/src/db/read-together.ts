import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

/**
 * Runs independent reads and answers their results in order: at once on the pool, where each
 * takes a connection of its own, and one after another inside a transaction, whose single
 * connection runs one query at a time anyway (node-postgres would queue them, which it deprecates
 * and its next major version refuses).
 */
export async function readTogether<T extends unknown[]>(db: Db, reads: [...{ [K in keyof T]: () => PromiseLike<T[K]> }]): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}
