import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cms } from "../../db/schema/content.ts";
import { createTestApp } from "../../test/app.ts";

const t = await createTestApp();
const admin = await t.signUp("admin");
const countCms = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(cms))[0]!.n;

describe("cms calls", () => {
  it("adds and changes an entry that anyone can then read through the records API", async () => {
    const created = await t.call("POST", "/v2/api/lambda/cms", {
      token: admin.token,
      body: { page: "landing", key: "hero_title", type: "text", value: "Ready for the exam" },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data as number;
    const updated = await t.call("PUT", `/v2/api/lambda/cms/${id}`, {
      token: admin.token,
      body: { page: "landing", key: "hero_title", type: "text", value: "Ready on day one" },
    });
    expect(updated.json()).toEqual({ error: false, message: "Updated" });
    const read = await t.call("GET", "/v4/api/records/cms", { query: { filter: "page,eq,landing" } });
    expect(read.json().list).toEqual([expect.objectContaining({ key: "hero_title", value: "Ready on day one" })]);
  });

  it("sanitizes rich text before storing it", async () => {
    const res = await t.call("POST", "/v2/api/lambda/cms", {
      token: admin.token,
      body: {
        page: "faq",
        key: "intro",
        type: "rich_text",
        value: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      },
    });
    const [row] = await t.db.select().from(cms).where(eq(cms.id, res.json().data));
    expect(row!.value).toBe("<p>Hi<a>x</a></p>");
  });

  it("refuses values that do not fit their type, duplicates, and non-admins, changing nothing", async () => {
    const before = await countCms();
    const cases = [
      { page: "landing", key: "n", type: "number", value: "many" },
      { page: "landing", key: "j", type: "json", value: "{nope" },
      { page: "landing", key: "img", type: "image", value: "javascript:alert(1)" },
      { page: "Landing Page", key: "x", type: "text", value: "v" },
      { page: "landing", key: "x", type: "text", value: "v", extra: 1 },
    ];
    for (const body of cases)
      expect((await t.call("POST", "/v2/api/lambda/cms", { token: admin.token, body })).statusCode, JSON.stringify(body)).toBe(400);
    const dup = await t.call("POST", "/v2/api/lambda/cms", {
      token: admin.token,
      body: { page: "landing", key: "hero_title", type: "text", value: "again" },
    });
    expect(dup.statusCode).toBe(409);
    const u = await t.signUp("user");
    expect(
      (await t.call("POST", "/v2/api/lambda/cms", { token: u.token, body: { page: "landing", key: "k", type: "text", value: "v" } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.call("PUT", "/v2/api/lambda/cms/1", { token: u.token, body: { page: "landing", key: "k", type: "text", value: "v" } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call("PUT", "/v2/api/lambda/cms/999999", {
          token: admin.token,
          body: { page: "landing", key: "k", type: "text", value: "v" },
        })
      ).statusCode,
    ).toBe(404);
    expect(await countCms()).toBe(before);
  });
});
