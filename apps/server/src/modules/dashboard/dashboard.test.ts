import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { fillDays } from "./service.ts";

const t = await createTestApp();
const url = `/v3/api/custom/${TEST_ENV.PROJECT_ID}/dashboard`;
// The first admin of a fresh database may register itself.
const admin = await t.signUp("admin");

describe("admin dashboard", () => {
  it("counts candidates and staff, and sign-ups per day", async () => {
    const a = await t.signUp("user");
    await t.signUp("user");
    const old = await t.signUp("user");
    await t.db.update(users).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(users.id, old.user_id));
    await t.db.update(users).set({ createdAt: sql`now() - interval '90 days'` }).where(eq(users.id, a.user_id));

    const res = await t.call("GET", url, { token: admin.token, query: { days: "30" } });
    expect(res.statusCode).toBe(200);
    const { model } = res.json();
    expect(model.users).toMatchObject({ candidates: 3, staff: 1, newInPeriod: 2 });
    expect(model.users.signups).toHaveLength(30);
    const series = model.users.signups as { date: string; value: number }[];
    expect(series.at(-1)!.value).toBe(1);
    expect(series.at(-4)!.value).toBe(1);
    expect(series.reduce((n, p) => n + p.value, 0)).toBe(2);
  });

  it("gives a candidate their own dashboard, never the academy's figures, under the project's own name", async () => {
    const u = await t.signUp("user");
    expect((await t.call("GET", url)).statusCode).toBe(401);
    const asUser = await t.call("GET", url, { token: u.token });
    expect(asUser.statusCode).toBe(200);
    expect(asUser.json().model.readiness).toBeDefined();
    expect(asUser.body).not.toContain("candidates");
    expect(asUser.body).not.toContain("signups");
    const other = await t.call("GET", "/v3/api/custom/another-project/dashboard", { token: admin.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: true, message: "Unknown project" });
  });

  it("refuses periods out of range", async () => {
    for (const days of ["5", "366", "abc"]) {
      const res = await t.call("GET", url, { token: admin.token, query: { days } });
      expect(res.statusCode).toBe(400);
      expect(res.json().validation.days).toEqual(expect.any(String));
    }
  });
});

describe("daily series", () => {
  it("fills every day of the period, oldest first", () => {
    const now = new Date("2026-03-02T10:00:00Z");
    expect(fillDays([{ day: "2026-03-01", n: 4 }], 3, now)).toEqual([
      { date: "2026-02-28", value: 0 },
      { date: "2026-03-01", value: 4 },
      { date: "2026-03-02", value: 0 },
    ]);
  });
});
