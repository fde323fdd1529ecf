import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityLog } from "../../db/schema/activity.ts";
import { createTestApp } from "../../test/app.ts";
import { pruneActivity } from "./service.ts";
import { activityHelpers, type Entry } from "./test-helpers.ts";

const t = await createTestApp();
const admin = await t.signUp("admin", { first_name: "Avery", last_name: "Staff" });
const { LOG, addStaff, historyOf } = activityHelpers(t, admin);

describe("reading the activity log", () => {
  it("filters by person, kind, record and date, and pages like the other staff lists", async () => {
    const other = await addStaff("Other");
    const person = await t.signUp("user");
    await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, {
      token: other.token,
      body: { role: "admin", staff_role: "editor" },
    });
    await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, { token: other.token, body: { role: "user" } });

    const byOther = await t.call("GET", LOG, { token: admin.token, query: { actor_id: String(other.user_id), limit: "1" } });
    expect(byOther.json()).toMatchObject({ error: false, total: 2, limit: 1, num_pages: 2, page: 1 });
    expect(byOther.json().list[0]).toMatchObject({ actor_id: other.user_id, kind: "account.role", after: { role: "user" } });
    const oldestFirst = await t.call("GET", LOG, { token: admin.token, query: { actor_id: String(other.user_id), direction: "asc" } });
    expect(oldestFirst.json().list.map((e: Entry) => e.after)).toEqual([
      { role: "admin", staff_role: "editor" },
      { role: "user", staff_role: null },
    ]);

    const byKind = await t.call("GET", LOG, {
      token: admin.token,
      query: { kind: "account.role", subject_user_id: String(person.user_id) },
    });
    expect(byKind.json().total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await t.call("GET", LOG, { token: admin.token, query: { actor_id: String(other.user_id), from: today, to: today } });
    expect(inRange.json().total).toBe(2);
    const past = await t.call("GET", LOG, { token: admin.token, query: { actor_id: String(other.user_id), to: "2020-01-01" } });
    expect(past.json().total).toBe(0);
    const moment = await t.call("GET", LOG, {
      token: admin.token,
      query: { actor_id: String(other.user_id), from: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(moment.json().total).toBe(0);
  });

  it("answers bad filters with a 400 that names the problem", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: "2026-05-02", to: "2026-05-01" }, "from"],
      [{ kind: "account.nonsense" }, "kind"],
      [{ record_id: "5" }, "record_table"],
      [{ from: "yesterday" }, "from"],
      [{ limit: "1000" }, "limit"],
      [{ actor_id: "abc" }, "actor_id"],
      [{ surprise: "1" }, "surprise"],
    ];
    for (const [query, field] of cases) {
      const res = await t.call("GET", LOG, { token: admin.token, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message, JSON.stringify(query)).toContain(field);
    }
  });

  it("exports the filtered log as formula-safe CSV", async () => {
    const sly = await addStaff("=HYPERLINK(1)");
    const person = await t.signUp("user");
    await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, { token: sly.token, body: { status: "disabled" } });
    const res = await t.call("GET", `${LOG}/export`, { token: admin.token, query: { actor_id: String(sly.user_id) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("activity.csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("id,at,actor_id,actor_email,actor_name,kind,record_table,record_id,subject_user_id,summary,before,after");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("'=HYPERLINK(1)");
    expect(lines[1]).toContain("account.status");
    expect(lines[1]).toContain('"{""status"":""active""}"');
  });

  it("is for staff only: 403 to a candidate, 401 signed out", async () => {
    const candidate = await t.signUp("user");
    for (const url of [LOG, `${LOG}/export`]) {
      const asCandidate = await t.call("GET", url, { token: candidate.token });
      expect(asCandidate.statusCode).toBe(403);
      expect(asCandidate.body).not.toContain("account.");
      expect((await t.call("GET", url)).statusCode).toBe(401);
    }
    expect((await t.call("GET", "/v2/api/lambda/profile/activity")).statusCode).toBe(401);
  });
});

describe("activity retention", () => {
  it("deletes entries older than the retention period and keeps the rest", async () => {
    const person = await t.signUp("user");
    await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, { token: admin.token, body: { status: "disabled" } });
    const [recent] = await historyOf("user", person.user_id);
    const [old] = await t.db
      .insert(activityLog)
      .values({
        actorId: admin.user_id,
        actorEmail: admin.email,
        kind: "account.status",
        recordTable: "user",
        recordId: person.user_id,
        subjectUserId: person.user_id,
        summary: "long ago",
        at: new Date(Date.now() - 400 * 24 * 3600_000),
      })
      .returning();
    const deleted = await pruneActivity(t.db, 365);
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await t.db.select({ id: activityLog.id }).from(activityLog).where(eq(activityLog.recordId, person.user_id));
    expect(left.map((r) => r.id)).toEqual([recent!.id]);
    expect(left.map((r) => r.id)).not.toContain(old!.id);
  });
});
