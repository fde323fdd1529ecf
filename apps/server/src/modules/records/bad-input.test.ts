import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { schedule } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { bodyCases } from "./bad-input-cases/body.ts";
import type { BadInputCase } from "./bad-input-cases/case.ts";
import { legacyCases } from "./bad-input-cases/legacy.ts";
import { queryCases } from "./bad-input-cases/query.ts";

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

const cases: BadInputCase[] = [...queryCases, ...bodyCases, ...legacyCases];

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
