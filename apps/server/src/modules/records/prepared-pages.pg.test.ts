import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import { createTestApp } from "../../test/app.ts";
import { pageRows } from "./reads.ts";
import { LIMITS } from "./tables.ts";
import { type Meeting, meetingsOf } from "./test-helpers.ts";

// PostgreSQL only: a person's text-filtered pages run as statements prepared once per shape, whose
// plan (made without the pattern) holds for any pattern (decision 36).
const t = await createTestApp();
let user: { token: string; user_id: number };
let mine: Meeting[] = [];

beforeAll(async () => {
  user = await t.signUp("user");
  const other = await t.signUp("user");
  // Two of three of the person's meetings are fitness tests; everyone else's are all fitness tests.
  await t.db.execute(sql`
    INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details)
    SELECT ${user.user_id}, timestamptz '2026-01-01' + (g / 2) * interval '1 hour', timestamptz '2026-01-01' + (g / 2) * interval '1 hour' + interval '45 minutes',
           CASE WHEN g % 3 = 0 THEN 'Mock interview ' || g ELSE 'Fitness test ' || g END
      FROM generate_series(1, 1800) g`);
  await t.db.execute(sql`
    INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details)
    SELECT ${other.user_id}, timestamptz '2026-01-01' + g * interval '1 hour', timestamptz '2026-01-01' + g * interval '2 hours', 'Fitness test of someone else ' || g
      FROM generate_series(1, 500) g`);
  mine = await meetingsOf(t.db, user.user_id);
});

type Statement = { name: string; statement: string; generic_plans: number; custom_plans: number };

describe("a person's text-filtered pages on PostgreSQL", () => {
  it("are prepared once per shape and answer every pattern right from the plan made without it", async () => {
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // One connection for the whole transaction; every call runs the plan made without values.
      await db.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
      const actor = { role: "user" as const, userId: user.user_id };
      const cases = [
        { filter: "meeting_details,sw,FITNESS", keep: (d: string) => d.startsWith("Fitness") },
        { filter: "meeting_details,sw,mock", keep: (d: string) => d.startsWith("Mock") },
        { filter: "meeting_details,sw,nothing like it", keep: () => false },
        { filter: "meeting_details,sw,Fitness test 17", keep: (d: string) => d.startsWith("Fitness test 17") },
      ];
      for (const { filter, keep } of cases)
        for (const page of [2, 30]) {
          const want = mine.filter((m) => keep(m.details));
          const got = await pageRows(db, actor, "schedule", { filters: [filter], order: "meeting_start,asc", page, size: 20 });
          expect(
            got.list.map((r) => r.id),
            `${filter} page ${page}`,
          ).toEqual(want.slice((page - 1) * 20, page * 20).map((m) => m.id));
          expect(got).toMatchObject({ total: Math.min(want.length, LIMITS.exactTotal), total_capped: want.length > LIMITS.exactTotal });
        }
      const kept = (
        (await db.execute(
          sql`SELECT name, statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement ILIKE '%ilike%'`,
        )) as unknown as { rows: Statement[] }
      ).rows;
      // One statement for the four patterns at both depths (offsets 20 and 580): eight calls; and
      // one for the three windows past the last match, which count their matches on their own.
      expect(kept.every((k) => k.name.startsWith("records_"))).toBe(true);
      expect(kept.map((k) => k.generic_plans + k.custom_plans).sort()).toEqual([3, 8]);
    });
  });

  it("prepare an administrator's counted text filter over everyone's rows once, probing in order before the index", async () => {
    const admin = await t.signUp("admin");
    const swimmer = await t.signUp("user");
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
      // More rows than a first page's probe reads, so a rare word is found through the index.
      await db.execute(sql`
        INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details)
        SELECT ${swimmer.user_id}, timestamptz '2027-01-01' + g * interval '1 hour', timestamptz '2027-01-01' + g * interval '2 hours', 'Swim ' || g
          FROM generate_series(1, 2500) g`);
      const everyone = (
        (await db.execute(sql`SELECT id, meeting_details AS details FROM schedule ORDER BY id DESC`)) as unknown as {
          rows: { id: number; details: string }[];
        }
      ).rows.map((r) => ({ id: Number(r.id), details: r.details }));
      expect(everyone.length).toBeGreaterThan(LIMITS.probeFactor * (LIMITS.exactTotal + 1));
      const actor = { role: "admin" as const, userId: admin.user_id, staffRole: "administrator" as const };
      for (const word of ["someone else 12", "FITNESS", "nothing like it", "swim 2"]) {
        const want = everyone.filter((r) => r.details.toLowerCase().includes(word.toLowerCase()));
        const got = await pageRows(db, actor, "schedule", { filters: [`meeting_details,cs,${word}`], page: 1, size: 20 });
        expect(
          got.list.map((r) => r.id),
          word,
        ).toEqual(want.slice(0, 20).map((r) => r.id));
        expect(got, word).toMatchObject({ total: Math.min(want.length, LIMITS.exactTotal), total_capped: want.length > LIMITS.exactTotal });
      }
      const kept = (
        (await db.execute(
          sql`SELECT name, statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement ILIKE '%probe_hits%'`,
        )) as unknown as { rows: Statement[] }
      ).rows;
      // One statement, planned once without the word, for the four words.
      expect(kept.map((k) => [k.name.startsWith("records_"), k.generic_plans + k.custom_plans])).toEqual([[true, 4]]);
    });
  });
});
