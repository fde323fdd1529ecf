import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/database.ts";
import { prepareRead } from "./prepared-read.ts";
import { users } from "./schema/users.ts";

const database = await createTestDatabase();
afterAll(() => database.close());
const { db } = database;
const onPostgres = database.kind === "postgres";
const [someone] = await db
  .insert(users)
  .values({ email: `prepared-read-${Date.now()}@example.test`, passwordHash: "x", role: "user" })
  .returning({ id: users.id });

/** One value of each kind of column the schema has, read the way the records engine reads. */
const kinds = () =>
  db
    .select({
      id: users.id,
      email: users.email,
      created_at: users.createdAt,
      n: sql<number>`${sql.placeholder("n")}::int`.as("n"),
      t: sql<string>`'it''s "quoted"'::text`.as("t"),
      at: sql<string>`timestamptz '2026-05-29 16:00:00.5+00'`.as("at"),
      day: sql<string>`date '2026-05-29'`.as("day"),
      doc: sql<unknown>`'{"a":[1,2],"b":null}'::jsonb`.as("doc"),
      yes: sql<boolean>`true`.as("yes"),
      price: sql<string>`12.50::numeric`.as("price"),
      big: sql<string>`9007199254740993::bigint`.as("big"),
      ints: sql<number[]>`array[1,2]::int[]`.as("ints"),
      none: sql<null>`null::text`.as("none"),
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")));

describe("reads prepared once and answered as arrays", () => {
  it("answer each column's value as drizzle's own raw read gives it, in the statement's order", async () => {
    const values = { id: someone?.id, n: 7 };
    const read = prepareRead(db, "test_read_kinds", kinds());
    const { names, rows } = await read.run(values);
    // drizzle's raw read of the same statement (what the records engine read before).
    const drizzleRead = kinds().prepare("test_read_kinds_drizzle") as unknown as { all(v: object): Promise<Record<string, unknown>[]> };
    const [drizzleRow] = await drizzleRead.all(values);
    expect(names).toEqual(["id", "email", "created_at", "n", "t", "at", "day", "doc", "yes", "price", "big", "ints", "none"]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual(names.map((name) => drizzleRow?.[name]));
    expect(rows[0]?.slice(3)).toEqual([
      7,
      'it\'s "quoted"',
      expect.stringMatching(/^2026-05-29 16:00:00\.5\+00/),
      "2026-05-29",
      { a: [1, 2], b: null },
      true,
      "12.50",
      // Each driver's own reading of a bigint, as drizzle's raw read has it.
      onPostgres ? "9007199254740993" : 9007199254740993n,
      [1, 2],
      null,
    ]);
    // A quick read (pipelined on PostgreSQL) answers the same.
    const quick = await prepareRead(db, "test_read_kinds_quick", kinds(), { quick: true }).run(values);
    expect(quick).toEqual({ names, rows });
    // The same call again, and with other values: the statement is built once, the values change.
    expect((await read.run({ id: -1, n: 1 })).rows).toEqual([]);
    expect((await read.run(values)).rows[0]?.[3]).toBe(7);
  });

  it("refuse a call without a placeholder's value, and any write", async () => {
    const read = prepareRead(db, "test_read_missing", kinds());
    expect(() => read.run({ id: 1 })).toThrow('No value for placeholder "n"');
    expect(() => prepareRead(db, "test_write", db.update(users).set({ firstName: "x" }).where(eq(users.id, -1)))).toThrow(/reads only/);
  });

  it("read on a transaction's own connection inside it", async () => {
    const email = `prepared-read-${Date.now()}@example.test`;
    const byEmail = (handle: typeof db) =>
      prepareRead(
        handle,
        "test_read_by_email",
        handle
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, sql.placeholder("email"))),
      );
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ email, passwordHash: "x", role: "user" });
      expect((await byEmail(tx as unknown as typeof db).run({ email })).rows).toHaveLength(1);
      // Outside the transaction, the row is not there yet (the embedded database has one connection: it would wait).
      if (onPostgres) expect((await byEmail(db).run({ email })).rows).toHaveLength(0);
    });
    expect((await byEmail(db).run({ email })).rows).toHaveLength(1);
  });

  it("reject a failed statement with the database's error, and leave the connections free for the next reads", async () => {
    const read = prepareRead(
      db,
      "test_read_bad_input",
      db
        .select({ n: sql<number>`${sql.placeholder("n")}::int`.as("n") })
        .from(users)
        .limit(1),
    );
    // More failures at once than the test pool has connections: a connection kept by a failure would stall the reads after.
    const failures = await Promise.allSettled(Array.from({ length: 12 }, () => read.run({ n: "not a number" })));
    for (const f of failures) {
      expect(f.status).toBe("rejected");
      const error = (f as PromiseRejectedResult).reason as Error & { cause?: { code?: string } };
      expect(error.message).toMatch(/^Failed query: /);
      expect(error.cause?.code).toBe("22P02");
    }
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => read.run({ n: i })));
    expect(answers.map((a) => a.rows[0]?.[0])).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });
});
