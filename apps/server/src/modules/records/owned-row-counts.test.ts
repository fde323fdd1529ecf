import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { photos } from "../../db/schema/accounts.ts";
import { schedule, userSessions } from "../../db/schema/content.ts";
import { ownedRowCounts } from "../../db/schema/system.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { OWNED_ROW_COUNTED } from "./rules.ts";

const t = await createTestApp();
let user: { token: string; user_id: number };
let other: { token: string; user_id: number };
let admin: { token: string; user_id: number };

beforeAll(async () => {
  user = await t.signUp("user");
  other = await t.signUp("user");
  admin = await t.signUp("admin");
});

const meeting = (userId: number, details = "Mock interview") => ({
  userId,
  meetingStart: new Date("2026-06-01T09:00:00Z"),
  meetingEnd: new Date("2026-06-01T10:00:00Z"),
  meetingDetails: details,
});

/** The kept total next to a real count, for every owner of the table. */
async function keptAndCounted(table: string): Promise<{ kept: Map<number, number>; counted: Map<number, number> }> {
  // An owner's count is the sum of its slots (decision 20).
  const kept = await t.db
    .select({ owner: ownedRowCounts.ownerId, rows: sql<number>`sum(${ownedRowCounts.rows})::int` })
    .from(ownedRowCounts)
    .where(eq(ownedRowCounts.tableName, table))
    .groupBy(ownedRowCounts.ownerId);
  const counted = (await t.db.execute(
    sql`SELECT user_id AS owner, count(*)::int AS rows FROM ${sql.identifier(table)} WHERE user_id IS NOT NULL GROUP BY user_id`,
  )) as unknown as { rows: { owner: number; rows: number }[] };
  return {
    // Owners left with no rows may keep a zero.
    kept: new Map(kept.filter((r) => r.rows !== 0).map((r) => [r.owner, r.rows])),
    counted: new Map(counted.rows.map((r) => [Number(r.owner), Number(r.rows)])),
  };
}

async function expectInStep(table: string) {
  const { kept, counted } = await keptAndCounted(table);
  expect(kept).toEqual(counted);
}

const pageTotal = async (token: string, table = "schedule") => {
  const res = await t.call("GET", `/v4/api/records/${table}?page=1,5`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
};

describe("per-owner totals kept by the database (decision 12)", () => {
  it("every table a person pages through their own rows of has its four triggers", async () => {
    expect([...OWNED_ROW_COUNTED].sort()).toEqual(["photo", "schedule", "user_session"]);
    const found = (await t.db.execute(sql`
      SELECT c.relname AS table, t.tgname AS trigger
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE NOT t.tgisinternal AND t.tgname LIKE '%owned_row%'`)) as unknown as { rows: { table: string; trigger: string }[] };
    for (const table of OWNED_ROW_COUNTED) {
      const names = found.rows.filter((r) => r.table === table).map((r) => r.trigger);
      expect(names.sort(), table).toEqual(
        [`${table}_owned_row_moved`, `${table}_owned_rows_added`, `${table}_owned_rows_removed`, `${table}_owned_rows_truncated`].sort(),
      );
    }
  });

  it("a page's total follows creates and deletes through the API", async () => {
    expect(await pageTotal(user.token)).toBe(0);
    const created: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.call("POST", "/v4/api/records/schedule", {
        token: user.token,
        body: { meeting_start: "2026-06-01T09:00:00Z", meeting_end: "2026-06-01T10:00:00Z", meeting_details: `Session ${i}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      created.push(res.json().data);
    }
    expect(await pageTotal(user.token)).toBe(7);
    const page = (await t.call("GET", "/v4/api/records/schedule?page=2,5", { token: user.token })).json();
    expect(page).toMatchObject({ total: 7, num_pages: 2, page: 2 });
    expect(page.list).toHaveLength(2);
    const del = await t.call("DELETE", `/v4/api/records/schedule/${created[0]}`, { token: user.token });
    expect(del.statusCode, del.body).toBe(200);
    expect(await pageTotal(user.token)).toBe(6);
    // Another person's rows do not count towards this one's total.
    expect(await pageTotal(other.token)).toBe(0);
    await expectInStep("schedule");
  });

  it("bulk inserts and deletes, owner changes and cascades keep the totals exact", async () => {
    const rows = await t.db
      .insert(schedule)
      .values([...Array.from({ length: 25 }, () => meeting(other.user_id)), ...Array.from({ length: 4 }, () => meeting(user.user_id))])
      .returning({ id: schedule.id });
    await expectInStep("schedule");
    expect(await pageTotal(other.token)).toBe(25);
    // An admin moves a meeting from one person to another.
    const moved = rows[0]!.id;
    const res = await t.call("PUT", `/v4/api/records/schedule/${moved}`, { token: admin.token, body: { user_id: user.user_id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pageTotal(other.token)).toBe(24);
    expect(await pageTotal(user.token)).toBe(11);
    // An update that leaves the owner alone changes nothing.
    await t.db.update(schedule).set({ meetingDetails: "Renamed" }).where(eq(schedule.userId, other.user_id));
    expect(await pageTotal(other.token)).toBe(24);
    await t.db.delete(schedule).where(
      inArray(
        schedule.id,
        rows.slice(1, 11).map((r) => r.id),
      ),
    );
    expect(await pageTotal(other.token)).toBe(14);
    await expectInStep("schedule");
    // Deleting an account deletes its meetings (cascade): its total goes with them.
    const gone = await t.signUp("user");
    await t.db.insert(schedule).values([meeting(gone.user_id), meeting(gone.user_id)]);
    await t.db.delete(users).where(eq(users.id, gone.user_id));
    await expectInStep("schedule");
  });

  it("photos whose owner is deleted (set to no one) leave that owner's total", async () => {
    const owner = await t.signUp("user");
    const photo = (userId: number | null, name: string) => ({
      userId,
      url: `/uploads/${name}`,
      storageKey: name,
      originalName: name,
      mime: "image/png",
      size: 10,
    });
    await t.db.insert(photos).values([photo(owner.user_id, "a.png"), photo(owner.user_id, "b.png"), photo(null, "c.png")]);
    expect(await pageTotal(owner.token, "photo")).toBe(2);
    await expectInStep("photo");
    await t.db.delete(users).where(eq(users.id, owner.user_id));
    await expectInStep("photo");
  });

  it("session analytics rows are counted per person too", async () => {
    await t.db.insert(userSessions).values([
      { userId: user.user_id, sessionId: "s-1" },
      { userId: user.user_id, sessionId: "s-2" },
      { userId: other.user_id, sessionId: "s-3" },
    ]);
    expect(await pageTotal(user.token, "user_session")).toBe(2);
    await expectInStep("user_session");
  });

  it("an unfiltered own page reads the kept total; a filtered one and an admin's page count", async () => {
    const where = sql`table_name = 'schedule' AND owner_id = ${other.user_id}`;
    // One slot holding 999 (the owner's other slots set to nothing): the page reads the kept sum.
    await t.db.execute(
      sql`UPDATE owned_row_count SET "rows" = CASE WHEN slot = (SELECT min(slot) FROM owned_row_count WHERE ${where}) THEN 999 ELSE 0 END WHERE ${where}`,
    );
    try {
      expect(await pageTotal(other.token)).toBe(999);
      const filtered = await t.call("GET", "/v4/api/records/schedule?page=1,5&filter=meeting_details,sw,Renamed", { token: other.token });
      expect(filtered.json().total).toBe(14);
      const all = await t.call("GET", `/v4/api/records/schedule?page=1,5&filter=user_id,eq,${other.user_id}`, { token: admin.token });
      expect(all.json().total).toBe(14);
    } finally {
      await t.db.execute(
        sql`UPDATE owned_row_count SET "rows" = CASE WHEN slot = (SELECT min(slot) FROM owned_row_count WHERE ${where}) THEN 14 ELSE 0 END WHERE ${where}`,
      );
    }
    await expectInStep("schedule");
  });

  it("emptying a table with TRUNCATE empties its totals", async () => {
    await t.db.execute(sql`TRUNCATE user_session`);
    expect(await pageTotal(user.token, "user_session")).toBe(0);
    await expectInStep("user_session");
    // The other tables keep theirs.
    await expectInStep("schedule");
    expect(await pageTotal(other.token)).toBe(14);
  });
});
