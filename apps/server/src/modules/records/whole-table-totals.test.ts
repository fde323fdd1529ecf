import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import { LIMITS } from "./tables.ts";

// An administrator's unfiltered page of a large table answers the database's estimate of its rows,
// and says so (`estimated`), instead of counting the table on every call; a small table, a
// filtered page and a person's own rows keep their exact or capped totals.
const t = await createTestApp();
let user: { token: string; user_id: number };
let admin: { token: string; user_id: number };

const ROWS = LIMITS.estimateFrom + 2_000;

type Page = { list: { id: number }[]; total: number; total_capped: boolean; estimated: boolean; num_pages: number };
async function page(token: string, table: string, query: string) {
  const res = await t.call("GET", `/v4/api/records/${table}?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
async function exactCount(table: string): Promise<number> {
  const counted = (await t.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(counted.rows[0]!.n);
}
const insertMeetings = (owner: number, n: number) =>
  t.db.execute(sql`
    INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details)
    SELECT ${owner}, timestamptz '2026-01-01' + g * interval '1 hour', timestamptz '2026-01-01' + g * interval '1 hour' + interval '30 minutes',
           'Fitness test ' || g
      FROM generate_series(1, ${n}) g`);

beforeAll(async () => {
  user = await t.signUp("user");
  admin = await t.signUp("admin");
  await insertMeetings(user.user_id, ROWS);
  await t.db.execute(sql`ANALYZE schedule`);
});

describe("an administrator's unfiltered totals", () => {
  it("estimate a large table's rows and say so", async () => {
    const exact = await exactCount("schedule");
    const got = await page(admin.token, "schedule", "page=1,20");
    expect(got.estimated).toBe(true);
    expect(got.total_capped).toBe(false);
    expect(Math.abs(got.total - exact) / exact).toBeLessThan(0.05);
    expect(got.num_pages).toBe(Math.ceil(got.total / 20));
    expect(got.list).toHaveLength(20);
  });

  it("follow the table's growth between two analyses, by its pages", async () => {
    await insertMeetings(user.user_id, 3_000);
    const exact = await exactCount("schedule");
    const got = await page(admin.token, "schedule", "page=2,20");
    expect(got.estimated).toBe(true);
    expect(Math.abs(got.total - exact) / exact).toBeLessThan(0.05);
  });

  it("count a small table exactly", async () => {
    const got = await page(admin.token, "packages", "page=1,20");
    expect(got).toMatchObject({ total: await exactCount("packages"), estimated: false, total_capped: false });
  });

  it("leave filtered pages capped and a person's own rows counted", async () => {
    const filtered = await page(admin.token, "schedule", "page=1,20&filter=meeting_details,sw,fitness");
    expect(filtered).toMatchObject({ total: LIMITS.exactTotal, total_capped: true, estimated: false });
    const own = await page(user.token, "schedule", "page=1,20");
    expect(own).toMatchObject({ total: ROWS + 3_000, total_capped: false, estimated: false });
  });
});
