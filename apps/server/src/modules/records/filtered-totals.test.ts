import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import { LIMITS } from "./tables.ts";
import { type Meeting, meetingsOf } from "./test-helpers.ts";

// Filtered pages read their matches once and count them no further than LIMITS.exactTotal
// (decision 20); text filters are served by trigram indexes.
const t = await createTestApp();
let user: { token: string; user_id: number };
let other: { token: string; user_id: number };
let admin: { token: string; user_id: number };
let mine: Meeting[] = [];

const FITNESS = 805;
const INTERVIEWS = 400;

beforeAll(async () => {
  user = await t.signUp("user");
  other = await t.signUp("user");
  admin = await t.signUp("admin");
  // Two meetings share each start, so the id breaks ties; every third one is an interview.
  await t.db.execute(sql`
    INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details)
    SELECT ${user.user_id}, timestamptz '2026-01-01' + (g / 2) * interval '1 hour', timestamptz '2026-01-01' + (g / 2) * interval '1 hour' + interval '45 minutes',
           CASE WHEN g % 3 = 0 AND g <= ${INTERVIEWS * 3} THEN 'Mock Interview ' || g ELSE 'Fitness test_' || g END
      FROM generate_series(1, ${FITNESS + INTERVIEWS}) g`);
  await t.db.execute(sql`
    INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details)
    SELECT ${other.user_id}, timestamptz '2026-01-01' + g * interval '1 hour', timestamptz '2026-01-01' + g * interval '2 hours', 'Mock interview of someone else ' || g
      FROM generate_series(1, 30) g`);
  mine = await meetingsOf(t.db, user.user_id);
});

/** The caller's meetings matching `keep`, in start order then id, worked out here rather than by the database. */
const expected = (keep: (details: string) => boolean) => mine.filter((m) => keep(m.details));

async function page(token: string, query: string) {
  const res = await t.call("GET", `/v4/api/records/schedule?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: { id: number }[]; total: number; total_capped: boolean; num_pages: number; page: number };
}

describe("filtered pages and their totals", () => {
  it("a starts-with filter answers the same rows and exact total at every depth, case-insensitively", async () => {
    const want = expected((d) => d.toLowerCase().startsWith("fitness"));
    expect(want).toHaveLength(FITNESS);
    for (const n of [1, 30, 41]) {
      const got = await page(user.token, `page=${n},20&filter=meeting_details,sw,FITness&order=meeting_start,asc`);
      expect(got.list.map((r) => r.id)).toEqual(want.slice((n - 1) * 20, n * 20).map((m) => m.id));
      expect(got).toMatchObject({ total: FITNESS, total_capped: false, num_pages: Math.ceil(FITNESS / 20), page: n });
    }
    // Descending order, and the last short page.
    const last = await page(user.token, "page=9,100&filter=meeting_details,sw,fitness&order=meeting_start,desc");
    expect(last.list.map((r) => r.id)).toEqual(
      [...want]
        .reverse()
        .slice(800)
        .map((m) => m.id),
    );
  });

  it("a contains filter matches inside the text, and its wildcard characters are plain text", async () => {
    const want = expected((d) => d.toLowerCase().includes("interview 1"));
    const got = await page(user.token, "page=1,100&filter=meeting_details,cs,INTERVIEW 1&order=meeting_start,asc");
    expect(got.list.map((r) => r.id)).toEqual(want.slice(0, 100).map((m) => m.id));
    expect(got.total).toBe(want.length);
    // `_` is a character, not "any character": only the fitness tests have it.
    const underscore = await page(user.token, "page=1,5&filter=meeting_details,cs,test_1");
    expect(underscore.total).toBe(expected((d) => d.toLowerCase().includes("test_1")).length);
    const ends = await page(user.token, "page=1,5&filter=meeting_details,ew,_7");
    expect(ends.total).toBe(expected((d) => d.endsWith("_7")).length);
  });

  it("counts matches only up to the cap and says the total is capped", async () => {
    expect(LIMITS.exactTotal).toBe(1_000);
    const matchAll = "filter=meeting_details,cs,T&order=meeting_start,asc";
    const want = expected((d) => d.toLowerCase().includes("t"));
    expect(want).toHaveLength(FITNESS + INTERVIEWS);
    const first = await page(user.token, `page=1,20&${matchAll}`);
    expect(first).toMatchObject({ total: LIMITS.exactTotal, total_capped: true, num_pages: LIMITS.exactTotal / 20 });
    expect(first.list.map((r) => r.id)).toEqual(want.slice(0, 20).map((m) => m.id));
    // A page past the cap still answers its rows, and counts as far as its own end.
    const deep = await page(user.token, `page=55,20&${matchAll}`);
    expect(deep.list.map((r) => r.id)).toEqual(want.slice(1080, 1100).map((m) => m.id));
    expect(deep).toMatchObject({ total: 1100, total_capped: true });
    // A window that reaches the last match knows the exact total again.
    const end = await page(user.token, `page=61,20&${matchAll}`);
    expect(end.list.map((r) => r.id)).toEqual(want.slice(1200).map((m) => m.id));
    expect(end).toMatchObject({ total: FITNESS + INTERVIEWS, total_capped: false });
    // Past the last match: no rows, and still the total.
    const past = await page(user.token, `page=80,20&${matchAll}`);
    expect(past).toMatchObject({ list: [], total: FITNESS + INTERVIEWS, total_capped: false });
    // The person's unfiltered page reads the kept total, which is exact and never capped.
    expect(await page(user.token, "page=1,20")).toMatchObject({ total: FITNESS + INTERVIEWS, total_capped: false });
  });

  it("an admin's filtered page over everyone's rows is capped alike, and exact under the cap", async () => {
    const interviews = await page(admin.token, "page=1,20&filter=meeting_details,cs,interview");
    expect(interviews).toMatchObject({ total: INTERVIEWS + 30, total_capped: false });
    const everyone = await page(admin.token, "page=1,20&filter=meeting_details,cs,e");
    expect(everyone).toMatchObject({ total: LIMITS.exactTotal, total_capped: true });
    // Newest first (the default order): the other person's meetings were added last.
    expect(everyone.list[0]?.id).toBeGreaterThan(Math.max(...mine.map((m) => m.id)));
    // An unfiltered admin page counts every row exactly, as before.
    const all = await page(admin.token, "page=1,20");
    expect(all.total_capped).toBe(false);
    expect(all.total).toBeGreaterThanOrEqual(FITNESS + INTERVIEWS + 30);
  });

  it("another person's rows never enter a filtered page or its total", async () => {
    const got = await page(other.token, "page=1,100&filter=meeting_details,cs,interview");
    expect(got).toMatchObject({ total: 30, total_capped: false });
    expect(got.list.every((r) => !mine.some((m) => m.id === r.id))).toBe(true);
  });

  it("text filters can be served by a trigram index", async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const explained = (await tx.execute(
        // Whole rows, as a page reads them (a person's meetings in time order also carry their details
        // since decision 36, so a count alone could be read from that index on a table this small).
        sql`EXPLAIN SELECT * FROM schedule WHERE meeting_details ILIKE '%nterview 12%'`,
      )) as unknown as { rows: Record<string, string>[] };
      return explained.rows.map((r) => Object.values(r).join(" ")).join("\n");
    });
    expect(plan).toContain("schedule_meeting_details_trgm_idx");
  });
});
