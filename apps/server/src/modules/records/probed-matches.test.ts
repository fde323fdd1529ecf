import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import { LIMITS } from "./tables.ts";

// An administrator's text pattern over everyone's rows: looked for along the first rows in order,
// then (a word too rare to fill the cap there) through its index. Whichever way, the page and its
// total are those of the matches in order, checked here against the rows themselves.
const t = await createTestApp();
let admin: { token: string };
type Row = { id: number; start: string; details: string };
let rows: Row[] = [];
// More rows than the probe reads for a first page (LIMITS.probeFactor × the cap), so both ways run.
const ROWS = 6_000;

beforeAll(async () => {
  admin = await t.signUp("admin");
  const owners = await Promise.all([t.signUp("user"), t.signUp("user"), t.signUp("user")]);
  // Every row a drill; every 3rd an interview (common); every 97th a rescue swim (rarer than the
  // cap's share of the probe); rows 100-104 a tourniquet course (rare, and far from the newest).
  await t.db.execute(sql`
    INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details)
    SELECT (ARRAY[${owners[0]!.user_id}, ${owners[1]!.user_id}, ${owners[2]!.user_id}]::int[])[1 + g % 3],
           timestamptz '2026-01-01' + ((g * 7919) % ${ROWS}::int) * interval '1 hour',
           timestamptz '2026-01-01' + ((g * 7919) % ${ROWS}::int) * interval '1 hour' + interval '45 minutes',
           CASE WHEN g BETWEEN 100 AND 104 THEN 'Tourniquet course ' || g
                WHEN g % 97 = 0 THEN 'Rescue swim ' || g
                WHEN g % 3 = 0 THEN 'Mock interview drill ' || g
                ELSE 'Fitness drill ' || g END
      FROM generate_series(1, ${ROWS}::int) g`);
  await t.db.execute(sql`ANALYZE schedule`);
  const all = (await t.db.execute(sql`SELECT id, meeting_start AS start, meeting_details AS details FROM schedule`)) as unknown as {
    rows: { id: number; start: string | Date; details: string }[];
  };
  rows = all.rows.map((r) => ({ id: Number(r.id), start: new Date(r.start).toISOString(), details: r.details }));
});

async function page(query: string) {
  const res = await t.call("GET", `/v4/api/records/schedule?${query}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: { id: number }[]; total: number; total_capped: boolean };
}

const byIdDesc = (a: Row, b: Row) => b.id - a.id;
const byStart = (a: Row, b: Row) => (a.start === b.start ? a.id - b.id : a.start < b.start ? -1 : 1);

describe("an administrator's text filter over everyone's rows", () => {
  it("answers the matches in order and their total, for a common, a rarer and a rare word", async () => {
    expect(rows).toHaveLength(ROWS);
    expect(ROWS).toBeGreaterThan(LIMITS.probeFactor * (LIMITS.exactTotal + 1));
    for (const word of ["interview", "rescue swim", "TOURNIQUET", "drill", "no such word"]) {
      const want = rows.filter((r) => r.details.toLowerCase().includes(word.toLowerCase())).sort(byIdDesc);
      for (const n of [1, 3]) {
        const got = await page(`page=${n},20&filter=meeting_details,cs,${encodeURIComponent(word)}`);
        expect(
          got.list.map((r) => r.id),
          `${word}, page ${n}`,
        ).toEqual(want.slice((n - 1) * 20, n * 20).map((r) => r.id));
        expect(got.total_capped, word).toBe(want.length > LIMITS.exactTotal);
        if (want.length <= LIMITS.exactTotal) expect(got.total, word).toBe(want.length);
        else expect(got.total, word).toBe(LIMITS.exactTotal);
      }
    }
  });

  it("keeps another order, and a page past the cap", async () => {
    const want = rows.filter((r) => r.details.includes("Rescue swim")).sort(byStart);
    const got = await page("page=2,20&filter=meeting_details,cs,rescue swim&order=meeting_start,asc");
    expect(got.list.map((r) => r.id)).toEqual(want.slice(20, 40).map((r) => r.id));
    expect(got.total).toBe(want.length);
    const drills = rows.filter((r) => r.details.includes("drill")).sort(byStart);
    const deep = await page("page=60,20&filter=meeting_details,cs,drill&order=meeting_start,asc");
    expect(deep.list.map((r) => r.id)).toEqual(drills.slice(1180, 1200).map((r) => r.id));
    expect(deep).toMatchObject({ total: 1200, total_capped: true });
  });
});
