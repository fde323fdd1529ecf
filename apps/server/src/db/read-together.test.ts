import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { readTogether } from "./read-together.ts";

const database = await createTestDatabase();
afterAll(() => database.close());

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A read that logs when it starts and ends, and takes `ms`. */
const traced = (log: string[]) => (name: string, ms: number) => async () => {
  log.push(`${name} start`);
  await sleep(ms);
  log.push(`${name} end`);
  return name;
};

describe("reads together", () => {
  it("start at once on the pool, and one after another inside a transaction", async () => {
    const outside: string[] = [];
    expect(await readTogether(database.db, [traced(outside)("slow", 30), traced(outside)("quick", 1)])).toEqual(["slow", "quick"]);
    expect(outside).toEqual(["slow start", "quick start", "quick end", "slow end"]);

    const inside: string[] = [];
    await database.db.transaction(async (tx) => {
      expect(await readTogether(tx, [traced(inside)("slow", 30), traced(inside)("quick", 1)])).toEqual(["slow", "quick"]);
    });
    expect(inside).toEqual(["slow start", "slow end", "quick start", "quick end"]);
  });

  it("answer real queries in a transaction in the order asked, each with its own type", async () => {
    const [numbers, word] = await database.db.transaction((tx) =>
      readTogether(tx, [
        async () => rowsOf<{ n: number }>(await tx.execute(sql`select generate_series(1, 3)::int as n`)).map((r) => r.n),
        async () => rowsOf<{ w: string }>(await tx.execute(sql`select 'airway' as w`))[0]!.w,
      ]),
    );
    expect(numbers).toEqual([1, 2, 3]);
    expect(word.toUpperCase()).toBe("AIRWAY");
  });
});
