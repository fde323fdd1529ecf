import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";

const t = await createTestApp();
const admin = await t.signUp("admin");
const countUsers = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe("admin users", () => {
  it("lists accounts with their roles, searchable, filterable and sortable, never with secrets", async () => {
    const a = await t.signUp("user", { first_name: "Zelda", email: "zelda@example.test" });
    await t.signUp("user", { first_name: "Amir" });
    const all = await t.call("GET", "/v2/api/lambda/admin/users", {
      token: admin.token,
      query: { limit: "2", sort: "id", direction: "asc" },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ error: false, total: 3, limit: 2, num_pages: 2, page: 1 });
    expect(all.json().list.map((u: { role: string }) => u.role)).toEqual(["admin", "user"]);
    for (const secret of ["password", "token_version", "two_factor_secret", "argon2"]) expect(all.body).not.toContain(secret);

    const found = await t.call("GET", "/v2/api/lambda/admin/users", { token: admin.token, query: { q: "zeld" } });
    expect(found.json().list.map((u: { id: number }) => u.id)).toEqual([a.user_id]);
    const staff = await t.call("GET", "/v2/api/lambda/admin/users", { token: admin.token, query: { role: "admin" } });
    expect(staff.json().total).toBe(1);
    const likeChars = await t.call("GET", "/v2/api/lambda/admin/users", { token: admin.token, query: { q: "%" } });
    expect(likeChars.json().total).toBe(0);
  });

  it("refuses bad queries with 400", async () => {
    const queries: Record<string, string>[] = [
      { limit: "1000" },
      { page: "0" },
      { sort: "password_hash" },
      { role: "root" },
      { extra: "1" },
    ];
    for (const query of queries) {
      const res = await t.call("GET", "/v2/api/lambda/admin/users", { token: admin.token, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it("is for admins only", async () => {
    const u = await t.signUp("user");
    for (const [method, url] of [
      ["GET", "/v2/api/lambda/admin/users"],
      ["GET", `/v2/api/lambda/admin/users/${admin.user_id}`],
      ["DELETE", `/v2/api/lambda/admin/users/${admin.user_id}`],
    ] as const) {
      const res = await t.call(method, url, { token: u.token });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(admin.email);
    }
    expect((await t.call("GET", "/v2/api/lambda/admin/users")).statusCode).toBe(401);
  });

  it("deletes an account and its sessions, but not your own", async () => {
    const u = await t.signUp("user");
    const before = await countUsers();
    const own = await t.call("DELETE", `/v2/api/lambda/admin/users/${admin.user_id}`, { token: admin.token });
    expect(own.statusCode).toBe(409);
    expect(await countUsers()).toBe(before);

    const ok = await t.call("DELETE", `/v2/api/lambda/admin/users/${u.user_id}`, { token: admin.token });
    expect(ok.json()).toEqual({ error: false, message: "Deleted" });
    expect(await countUsers()).toBe(before - 1);
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: u.token })).statusCode).toBe(401);
    expect((await t.call("DELETE", `/v2/api/lambda/admin/users/${u.user_id}`, { token: admin.token })).statusCode).toBe(404);
  });
});
