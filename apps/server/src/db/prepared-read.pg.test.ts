import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { openPostgres } from "./client.ts";
import { prepareRead } from "./prepared-read.ts";
import { users } from "./schema/users.ts";

// PostgreSQL only: a read's named statement on each pool connection, and the statement timeout.
const database = await createTestDatabase();
afterAll(() => database.close());
const { db } = database;
const [someone] = await db
  .insert(users)
  .values({ email: `prepared-read-pg-${Date.now()}@example.test`, passwordHash: "x", role: "user" })
  .returning({ id: users.id });

const numbered = () =>
  db
    .select({ id: users.id, email: users.email, created_at: users.createdAt, n: sql<number>`${sql.placeholder("n")}::int`.as("n") })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")));

describe("reads prepared once, on PostgreSQL", () => {
  it("run as one named statement per connection, parsed once and executed on every call", async () => {
    await db.transaction(async (tx) => {
      const read = prepareRead(tx as unknown as typeof db, "test_read_named", numbered());
      const first = await read.run({ id: someone?.id, n: 0 });
      // After its first call on this connection the rows come without their description: read with the first's.
      for (let i = 1; i < 7; i++) {
        const again = await read.run({ id: someone?.id, n: i });
        expect(again.names).toBe(first.names);
        expect(again.rows).toEqual([[...(first.rows[0] as unknown[]).slice(0, 3), i, ...(first.rows[0] as unknown[]).slice(4)]]);
      }
      const kept = await tx.execute(
        sql`SELECT generic_plans + custom_plans AS runs FROM pg_prepared_statements WHERE name = 'test_read_named'`,
      );
      expect((kept as unknown as { rows: { runs: string }[] }).rows.map((r) => Number(r.runs))).toEqual([7]);
    });
  });

  it("answer a statement held up past the statement timeout with its error, and recover", async () => {
    const url = database.connectionString as string;
    const short = await openPostgres(url, { poolMax: 2, statementTimeoutMs: 300, onError: () => {} });
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      const read = prepareRead(short.db, "test_read_frozen", short.db.select({ id: users.id }).from(users).limit(1));
      await holder.query(`BEGIN; LOCK TABLE "user" IN ACCESS EXCLUSIVE MODE`);
      const started = Date.now();
      const held = await Promise.allSettled([read.run({}), read.run({}), read.run({})]);
      expect(Date.now() - started).toBeLessThan(3_000);
      for (const h of held) expect(((h as PromiseRejectedResult).reason as { cause?: { code?: string } }).cause?.code).toBe("57014");
      await holder.query("ROLLBACK");
      expect((await read.run({})).rows).toHaveLength(1);
    } finally {
      await holder.end();
      await short.close();
    }
  });
});
