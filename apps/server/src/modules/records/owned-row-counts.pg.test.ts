import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schedule } from "../../db/schema/content.ts";
import { ownedRowCounts } from "../../db/schema/system.ts";
import { createTestApp } from "../../test/app.ts";
import { databaseUrl } from "../../test/database.ts";

// PostgreSQL only: simultaneous writes for one owner from several sessions (decision 20).
const t = await createTestApp();
let user: { token: string; user_id: number };
const clients: pg.Client[] = [];

beforeAll(async () => {
  user = await t.signUp("user");
});

afterAll(async () => {
  for (const client of clients) await client.end().catch(() => {});
});

const body = (i: number) => ({
  meeting_start: "2026-06-01T09:00:00Z",
  meeting_end: "2026-06-01T10:00:00Z",
  meeting_details: `Session ${i}`,
});

const pageTotal = async () => {
  const res = await t.call("GET", "/v4/api/records/schedule?page=1,5", { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};

const realCount = async () =>
  Number(
    (
      (await t.db.execute(sql`SELECT count(*)::int AS n FROM schedule WHERE user_id = ${user.user_id}`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n,
  );

/** A session of its own on the test database, with the count slot its changes go to. */
async function session(): Promise<{ client: pg.Client; slot: number }> {
  const name = ((await t.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] }).rows[0]?.name;
  const client = new pg.Client({ connectionString: databaseUrl(process.env.TEST_DATABASE_URL as string, name as string) });
  await client.connect();
  clients.push(client);
  const { rows } = await client.query<{ slot: number }>("SELECT owned_row_slot() AS slot");
  return { client, slot: Number(rows[0]?.slot) };
}

describe("per-owner totals under simultaneous writes (decision 20)", () => {
  it("50 simultaneous creates and 20 simultaneous deletes by one owner leave the total exact", async () => {
    const created = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await t.call("POST", "/v4/api/records/schedule", { token: user.token, body: body(i) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as number;
      }),
    );
    expect(new Set(created).size).toBe(50);
    expect(await pageTotal()).toBe(50);
    // Deletes and creates at once, for the same owner.
    await Promise.all([
      ...created.slice(0, 20).map(async (id) => {
        const res = await t.call("DELETE", `/v4/api/records/schedule/${id}`, { token: user.token });
        expect(res.statusCode, res.body).toBe(200);
      }),
      ...Array.from({ length: 10 }, async (_, i) => {
        const res = await t.call("POST", "/v4/api/records/schedule", { token: user.token, body: body(100 + i) });
        expect(res.statusCode, res.body).toBe(200);
      }),
    ]);
    expect(await realCount()).toBe(40);
    expect(await pageTotal()).toBe(40);
    // The writes went through several sessions of the pool, so the count is spread over slots.
    const slots = await t.db
      .select({ slot: ownedRowCounts.slot })
      .from(ownedRowCounts)
      .where(and(eq(ownedRowCounts.tableName, "schedule"), eq(ownedRowCounts.ownerId, user.user_id)));
    expect(slots.length).toBeGreaterThan(1);
  });

  it("an owner's open insert does not hold up another session's insert for the same owner", async () => {
    const first = await session();
    let second = await session();
    // Sessions whose pids fall in the same slot do share a row; take one that does not.
    while (second.slot === first.slot) second = await session();
    const before = await realCount();
    const insert = `INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details) VALUES ($1, now(), now() + interval '1 hour', 'x')`;
    await first.client.query("BEGIN");
    await first.client.query(insert, [user.user_id]);
    try {
      // With one count row per owner this waited for the first session's commit (and timed out).
      await second.client.query("SET statement_timeout = 3000");
      await second.client.query(insert, [user.user_id]);
    } finally {
      await first.client.query("COMMIT");
    }
    expect(await realCount()).toBe(before + 2);
    expect(await pageTotal()).toBe(before + 2);
  });

  it("a rolled-back insert or delete leaves the total as it was", async () => {
    const { client } = await session();
    const before = await pageTotal();
    const [row] = await t.db.select({ id: schedule.id }).from(schedule).where(eq(schedule.userId, user.user_id)).limit(1);
    await client.query("BEGIN");
    await client.query(`INSERT INTO schedule (user_id, meeting_start, meeting_end) SELECT $1, now(), now() FROM generate_series(1, 5)`, [
      user.user_id,
    ]);
    await client.query("DELETE FROM schedule WHERE id = $1", [row?.id]);
    await client.query("ROLLBACK");
    expect(await pageTotal()).toBe(before);
    expect(await realCount()).toBe(before);
  });
});
