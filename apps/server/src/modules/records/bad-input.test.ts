import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { schedule } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";

/** Hostile and malformed input: each answers 4xx with a message, never 500, and changes nothing. */
const t = await createTestApp();
let user: { token: string; user_id: number };
let other: { token: string; user_id: number };
let admin: { token: string; user_id: number };

const snapshot = async () =>
  JSON.stringify([await t.db.select().from(schedule).orderBy(asc(schedule.id)), await t.db.select().from(users).orderBy(asc(users.id))]);

beforeAll(async () => {
  user = await t.signUp("user");
  other = await t.signUp("user");
  admin = await t.signUp("admin");
  const at = (h: number) => new Date(Date.UTC(2026, 2, 1, h));
  await t.db.insert(schedule).values([
    { userId: user.user_id, meetingStart: at(9), meetingEnd: at(10), meetingDetails: "mine" },
    { userId: other.user_id, meetingStart: at(11), meetingEnd: at(12), meetingDetails: "theirs-secret-notes" },
  ]);
});

type Case = {
  name: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  body?: unknown;
  as?: "user" | "admin";
  status: number;
  message: RegExp;
};
const cases: Case[] = [
  { name: "unknown table", method: "GET", url: "/v4/api/records/pg_shadow", status: 404, message: /^Unknown table$/ },
  { name: "quoted table", method: "GET", url: `/v4/api/records/${encodeURIComponent('user"--')}`, status: 404, message: /^Unknown table$/ },
  { name: "prototype table", method: "GET", url: "/v4/api/records/__proto__", status: 404, message: /^Unknown table$/ },
  {
    name: "unknown table on create",
    method: "POST",
    url: "/v4/api/records/app_secret",
    body: { name: "x", value: "y" },
    as: "admin",
    status: 404,
    message: /^Unknown table$/,
  },
  {
    name: "unknown table on export",
    method: "POST",
    url: "/rest/admin_invitation/EXPORT",
    as: "admin",
    status: 404,
    message: /^Unknown table$/,
  },
  {
    name: "unknown field in filter",
    method: "GET",
    url: "/v4/api/records/schedule?filter=nope,eq,1",
    as: "user",
    status: 400,
    message: /Unknown field in filter/,
  },
  {
    name: "hidden field in filter",
    method: "GET",
    url: "/v4/api/records/user?filter=password_hash,sw,$argon",
    as: "admin",
    status: 400,
    message: /Unknown field in filter/,
  },
  {
    name: "hidden field with is",
    method: "GET",
    url: "/v4/api/records/user?filter=token_version,is",
    as: "admin",
    status: 400,
    message: /Unknown field in filter/,
  },
  {
    name: "order by a hidden field",
    method: "GET",
    url: "/v4/api/records/user?order=password_hash,asc",
    as: "admin",
    status: 400,
    message: /Unknown field in order/,
  },
  {
    name: "order by an expression",
    method: "GET",
    url: `/v4/api/records/schedule?order=${encodeURIComponent("(case when 1=1 then id end),desc")}`,
    as: "user",
    status: 400,
    message: /Unknown field in order/,
  },
  {
    name: "order with injection",
    method: "GET",
    url: `/v4/api/records/schedule?order=${encodeURIComponent("id;select pg_sleep(5)")}`,
    as: "user",
    status: 400,
    message: /Unknown field in order/,
  },
  {
    name: "order direction",
    method: "GET",
    url: "/v4/api/records/schedule?order=id,sideways",
    as: "user",
    status: 400,
    message: /asc or desc/,
  },
  {
    name: "unknown join",
    method: "GET",
    url: "/v4/api/records/schedule?join=packages",
    as: "user",
    status: 400,
    message: /Unknown join: packages/,
  },
  {
    name: "too many joins",
    method: "GET",
    url: "/v4/api/records/schedule?join=user&join=user&join=user&join=user",
    as: "user",
    status: 400,
    message: /join/,
  },
  {
    name: "integer filter with SQL",
    method: "GET",
    url: `/v4/api/records/schedule?filter=${encodeURIComponent("id,eq,1;DROP TABLE user")}`,
    as: "user",
    status: 400,
    message: /whole number/,
  },
  {
    name: "integer filter with OR",
    method: "GET",
    url: `/v4/api/records/schedule?filter=${encodeURIComponent("id,eq,' OR 1=1--")}`,
    as: "user",
    status: 400,
    message: /whole number/,
  },
  {
    name: "NUL in a filter",
    method: "GET",
    url: "/v4/api/records/schedule?filter=meeting_details,eq,a%00b",
    as: "user",
    status: 400,
    message: /NUL/,
  },
  {
    name: "10,000-character filter",
    method: "GET",
    url: `/v4/api/records/schedule?filter=meeting_details,eq,${"a".repeat(10_000)}`,
    as: "user",
    status: 400,
    message: /filter/,
  },
  {
    name: "501-character filter value",
    method: "GET",
    url: `/v4/api/records/schedule?filter=meeting_details,eq,${"a".repeat(501)}`,
    as: "user",
    status: 400,
    message: /too long/,
  },
  {
    name: "too many filters",
    method: "GET",
    url: `/v4/api/records/schedule?${Array.from({ length: 11 }, () => "filter=id,gt,0").join("&")}`,
    as: "user",
    status: 400,
    message: /filter/,
  },
  {
    name: "bad date",
    method: "GET",
    url: "/v4/api/records/schedule?filter=meeting_start,gt,yesterday",
    as: "user",
    status: 400,
    message: /date/,
  },
  {
    name: "bt with one value",
    method: "GET",
    url: "/v4/api/records/schedule?filter=id,bt,1",
    as: "user",
    status: 400,
    message: /bt needs two values/,
  },
  { name: "cs on a number", method: "GET", url: "/v4/api/records/schedule?filter=id,cs,1", as: "user", status: 400, message: /text field/ },
  { name: "size=-1", method: "GET", url: "/v4/api/records/schedule?size=-1", as: "user", status: 400, message: /size/ },
  { name: "size=abc", method: "GET", url: "/v4/api/records/schedule?size=abc", as: "user", status: 400, message: /size/ },
  {
    name: "size over the list cap",
    method: "GET",
    url: "/v4/api/records/schedule?size=1001",
    as: "user",
    status: 400,
    message: /size must be 1 to 1000/,
  },
  { name: "page=0,20", method: "GET", url: "/v4/api/records/schedule?page=0,20", as: "user", status: 400, message: /page/ },
  {
    name: "page size over the cap",
    method: "GET",
    url: "/v4/api/records/schedule?page=1,101",
    as: "user",
    status: 400,
    message: /page size must be 1 to 100/,
  },
  { name: "duplicated size", method: "GET", url: "/v4/api/records/schedule?size=1&size=2", as: "user", status: 400, message: /size/ },
  {
    name: "duplicated order",
    method: "GET",
    url: "/v4/api/records/schedule?order=id,asc&order=id,desc",
    as: "user",
    status: 400,
    message: /order/,
  },
  { name: "duplicated page", method: "GET", url: "/v4/api/records/schedule?page=1&page=2", as: "user", status: 400, message: /page/ },
  {
    name: "bracketed prototype query",
    method: "GET",
    url: "/v4/api/records/schedule?filter[__proto__][x]=1",
    as: "user",
    status: 400,
    message: /Unknown field/,
  },
  {
    name: "unknown query key",
    method: "GET",
    url: "/v4/api/records/schedule?limit=5",
    as: "user",
    status: 400,
    message: /Unknown field: limit/,
  },
  {
    name: "blank id",
    method: "GET",
    url: "/v4/api/records/schedule/undefined",
    as: "user",
    status: 400,
    message: /^table and id is required\.$/,
  },
  {
    name: "blank id on update",
    method: "PUT",
    url: "/v4/api/records/schedule/null",
    body: { meeting_details: "x" },
    as: "user",
    status: 400,
    message: /^table and id is required\.$/,
  },
  {
    name: "no id on delete",
    method: "DELETE",
    url: "/v4/api/records/schedule",
    as: "user",
    status: 400,
    message: /^table and id is required\.$/,
  },
  {
    name: "id that is not a number",
    method: "DELETE",
    url: "/v4/api/records/schedule/1%20OR%201=1",
    as: "user",
    status: 400,
    message: /id must be a whole number/,
  },
  {
    name: "body sets role",
    method: "PUT",
    url: "/v4/api/records/user/1",
    body: { role: "admin" },
    as: "admin",
    status: 400,
    message: /role/,
  },
  {
    name: "body sets email",
    method: "PUT",
    url: "/v4/api/records/user/1",
    body: { email: "new@example.test" },
    as: "admin",
    status: 400,
    message: /email/,
  },
  {
    name: "body sets password_hash",
    method: "PUT",
    url: "/v4/api/records/user/1",
    body: { password_hash: "x" },
    as: "admin",
    status: 400,
    message: /password_hash/,
  },
  {
    name: "body sets token_version",
    method: "PUT",
    url: "/v4/api/records/user/1",
    body: { first_name: "A", token_version: 9 },
    as: "admin",
    status: 400,
    message: /token_version/,
  },
  {
    name: "body sets id",
    method: "POST",
    url: "/v4/api/records/schedule",
    body: { id: 99, meeting_start: "2026-03-01T09:00:00Z", meeting_end: "2026-03-01T10:00:00Z" },
    as: "user",
    status: 400,
    message: /id/,
  },
  {
    name: "body sets another owner",
    method: "POST",
    url: "/v4/api/records/schedule",
    body: { user_id: 2, meeting_start: "2026-03-01T09:00:00Z", meeting_end: "2026-03-01T10:00:00Z" },
    as: "user",
    status: 400,
    message: /user_id/,
  },
  {
    name: "body with an unknown field",
    method: "POST",
    url: "/v4/api/records/schedule",
    body: { meeting_start: "2026-03-01T09:00:00Z", meeting_end: "2026-03-01T10:00:00Z", colour: "red" },
    as: "user",
    status: 400,
    message: /colour/,
  },
  {
    name: "body with a wrong type",
    method: "POST",
    url: "/v4/api/records/schedule",
    body: { meeting_start: "tomorrow", meeting_end: "2026-03-01T10:00:00Z" },
    as: "user",
    status: 400,
    message: /meeting_start/,
  },
  {
    name: "body missing a required field",
    method: "POST",
    url: "/v4/api/records/schedule",
    body: { meeting_start: "2026-03-01T09:00:00Z" },
    as: "user",
    status: 400,
    message: /meeting_end/,
  },
  {
    name: "body with NUL",
    method: "PUT",
    url: "/v4/api/records/schedule/1",
    body: { meeting_details: "a\u0000b" },
    as: "user",
    status: 400,
    message: /NUL/,
  },
  {
    name: "__proto__ body",
    method: "POST",
    url: "/v4/api/records/schedule",
    body: '{"__proto__":{"role":"admin"},"meeting_start":"2026-03-01T09:00:00Z","meeting_end":"2026-03-01T10:00:00Z"}',
    as: "user",
    status: 400,
    message: /forbidden key|not valid JSON/,
  },
  {
    name: "constructor body",
    method: "PUT",
    url: "/v4/api/records/schedule/1",
    body: '{"constructor":{"prototype":{"isAdmin":true}}}',
    as: "user",
    status: 400,
    message: /forbidden key|not valid JSON/,
  },
  {
    name: "empty update",
    method: "PUT",
    url: "/v4/api/records/schedule/1",
    body: {},
    as: "user",
    status: 400,
    message: /Nothing to update/,
  },
  {
    name: "empty condition",
    method: "PUT",
    url: "/v4/api/records/schedule",
    body: { meeting_details: "x", updateCondition: {} },
    as: "user",
    status: 400,
    message: /^condition is required\.$/,
  },
  {
    name: "missing condition",
    method: "PUT",
    url: "/v4/api/records/schedule",
    body: { meeting_details: "x" },
    as: "user",
    status: 400,
    message: /^condition is required\.$/,
  },
  {
    name: "condition on a hidden field",
    method: "PUT",
    url: "/v4/api/records/user",
    body: { first_name: "x", updateCondition: { password_hash: "x" } },
    as: "admin",
    status: 400,
    message: /Unknown field in condition/,
  },
  {
    name: "condition with an object value",
    method: "PUT",
    url: "/v4/api/records/schedule",
    body: { meeting_details: "x", updateCondition: { id: { $gt: 0 } } },
    as: "user",
    status: 400,
    message: /single value/,
  },
  {
    name: "deeply nested json",
    method: "POST",
    url: "/v4/api/records/user_session",
    body: `{"session_id":"s","events":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    as: "user",
    status: 400,
    message: /nested more than 64 levels deep/,
  },
  {
    name: "NUL inside json",
    method: "POST",
    url: "/v4/api/records/user_session",
    body: { session_id: "s", events: [{ "a\u0000": 1 }] },
    as: "user",
    status: 400,
    message: /events\.0: field names must not contain a NUL character/,
  },
  {
    name: "oversized json",
    method: "POST",
    url: "/v4/api/records/user_session",
    body: { session_id: "s", events: ["x".repeat(100_001)] },
    as: "user",
    status: 400,
    message: /events: At most 100000/,
  },
  {
    name: "year 0 in a filter",
    method: "GET",
    url: "/v4/api/records/schedule?filter=meeting_start,gt,0000-01-01",
    as: "user",
    status: 400,
    message: /date/,
  },
  {
    name: "year 0 in a body",
    method: "POST",
    url: "/v4/api/records/schedule",
    body: { meeting_start: "0000-01-01T00:00:00Z", meeting_end: "2026-03-01T10:00:00Z" },
    as: "user",
    status: 400,
    message: /meeting_start: Year/,
  },
  {
    name: "oversized html_copy",
    method: "POST",
    url: "/v4/api/records/user_session",
    body: { session_id: "s", html_copy: "x".repeat(200_001) },
    as: "user",
    status: 400,
    message: /html_copy/,
  },
  {
    name: "legacy: select of a hidden column",
    method: "POST",
    url: "/v1/api/join/schedule/user/GETALL",
    body: { join_id_1: "user_id", join_id_2: "id", select: "user.password_hash" },
    as: "admin",
    status: 400,
    message: /Unknown column/,
  },
  {
    name: "legacy: select with SQL",
    method: "POST",
    url: "/v1/api/join/schedule/user/GETALL",
    body: { join_id_1: "user_id", join_id_2: "id", select: "schedule.id; drop table user" },
    as: "admin",
    status: 400,
    message: /Cannot read select item/,
  },
  {
    name: "legacy: select a function",
    method: "POST",
    url: "/v1/api/join/schedule/user/GETALL",
    body: { join_id_1: "user_id", join_id_2: "id", select: "pg_sleep(5)" },
    as: "admin",
    status: 400,
    message: /Cannot read select item/,
  },
  {
    name: "legacy: where with OR",
    method: "POST",
    url: "/v1/api/join/schedule/user/GETALL",
    body: { join_id_1: "user_id", join_id_2: "id", where: ["user.id = 1 OR 1=1"] },
    as: "admin",
    status: 400,
    message: /Cannot read value/,
  },
  {
    name: "legacy: where with a comment",
    method: "POST",
    url: "/v1/api/join/schedule/user/GETALL",
    body: { join_id_1: "user_id", join_id_2: "id", where: ["schedule.meeting_details = 'a'--"] },
    as: "admin",
    status: 400,
    message: /Cannot read value/,
  },
  {
    name: "legacy: where on a hidden column",
    method: "POST",
    url: "/v1/api/join/schedule/user/GETALL",
    body: { join_id_1: "user_id", join_id_2: "id", where: ["user.token_version > 0"] },
    as: "admin",
    status: 400,
    message: /Unknown column/,
  },
  {
    name: "legacy: join off the schema's keys",
    method: "POST",
    url: "/v1/api/join/schedule/user/GETALL",
    body: { join_id_1: "id", join_id_2: "id" },
    as: "admin",
    status: 400,
    message: /Unknown join/,
  },
  {
    name: "legacy: multi-join pair with SQL",
    method: "POST",
    url: "/v1/api/multi-join/GETALL",
    body: { tables: ["schedule", "user"], joinIds: ["schedule.user_id = user.id OR true"] },
    as: "admin",
    status: 400,
    message: /Cannot read join/,
  },
  {
    name: "legacy: PUTWHERE without where",
    method: "POST",
    url: "/v1/api/rest/schedule/PUTWHERE",
    body: { set: { meeting_details: "x" }, where: {} },
    as: "user",
    status: 400,
    message: /^condition is required\.$/,
  },
  {
    name: "legacy: DELETEALL without where",
    method: "POST",
    url: "/v1/api/rest/schedule/DELETEALL",
    body: { where: {} },
    as: "admin",
    status: 400,
    message: /^condition is required\.$/,
  },
  {
    name: "legacy: PAGINATE limit=abc",
    method: "POST",
    url: "/v1/api/rest/schedule/PAGINATE",
    body: { limit: "abc" },
    as: "user",
    status: 400,
    message: /limit/,
  },
  {
    name: "legacy: PAGINATE limit=-1",
    method: "POST",
    url: "/v1/api/rest/schedule/PAGINATE",
    body: { limit: -1 },
    as: "user",
    status: 400,
    message: /limit/,
  },
  { name: "legacy: unknown action", method: "POST", url: "/v1/api/rest/schedule/TRUNCATE", as: "admin", status: 400, message: /action/ },
];

describe("bad input", () => {
  for (const c of cases) {
    it(`${c.name}: ${c.status}`, async () => {
      const before = await snapshot();
      const token = c.as === "admin" ? admin.token : c.as === "user" ? user.token : undefined;
      const res = await t.call(c.method, c.url, {
        token,
        body: c.body,
        ...(typeof c.body === "string" ? { headers: { "content-type": "application/json" } } : {}),
      });
      expect(res.statusCode, res.body).toBe(c.status);
      expect(res.json().error).toBe(true);
      expect(res.json().message).toMatch(c.message);
      expect(res.body).not.toContain("theirs-secret-notes");
      expect(res.body).not.toMatch(/select .* from|syntax error|relation "|pg_sleep|drop table/i);
      expect(await snapshot()).toBe(before);
    });
  }

  it("treats injection text in a text filter as a literal value", async () => {
    for (const value of ["' OR 1=1--", "1;DROP TABLE user", "%", "_", "\\"]) {
      for (const op of ["eq", "cs", "sw", "ew"]) {
        const res = await t.call("GET", "/v4/api/records/schedule", {
          token: user.token,
          query: { filter: `meeting_details,${op},${value}` },
        });
        expect(res.statusCode, `${op} ${value}`).toBe(200);
        expect(res.json().list).toEqual([]);
      }
    }
  });

  it("ANDs a conditional update with the rule: another user's rows stay as they were", async () => {
    const before = await snapshot();
    const res = await t.call("PUT", "/v4/api/records/schedule", {
      token: user.token,
      body: { meeting_details: "taken over", updateCondition: { user_id: other.user_id } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Updated 0 records");
    expect(await snapshot()).toBe(before);
    const legacy = await t.call("POST", "/v1/api/rest/schedule/PUTWHERE", {
      token: user.token,
      body: { set: { meeting_details: "taken over" }, where: { meeting_details: "theirs-secret-notes" } },
    });
    expect(legacy.json().message).toBe("Updated 0 records");
    expect(await snapshot()).toBe(before);
  });

  it("answers a filter on another user's rows with an empty list", async () => {
    const res = await t.call("GET", `/v4/api/records/schedule?filter=user_id,eq,${other.user_id}`, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().list).toEqual([]);
  });
});
