import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cms, pages, schedule } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { csvCell, toCsv, uncell } from "../../lib/csv.ts";
import { createTestApp } from "../../test/app.ts";
import { LIMITS } from "./engine.ts";

const t = await createTestApp();
let user: { token: string; user_id: number };
let other: { token: string; user_id: number };
let admin: { token: string; user_id: number };
const ids: number[] = [];

beforeAll(async () => {
  user = await t.signUp("user");
  other = await t.signUp("user");
  admin = await t.signUp("admin");
  // 30 meetings for the user (one per hour from 2026-03-01 00:00), 2 for the other user.
  for (let h = 0; h < 30; h++) {
    const start = new Date(Date.UTC(2026, 2, 1, h));
    const [row] = await t.db
      .insert(schedule)
      .values({
        userId: user.user_id,
        meetingStart: start,
        meetingEnd: new Date(start.getTime() + 3_600_000),
        meetingDetails: h % 2 ? `Odd session ${h}` : `even call ${h}`,
      })
      .returning();
    ids.push(row!.id);
  }
  await t.db.insert(schedule).values([
    { userId: other.user_id, meetingStart: new Date(), meetingEnd: new Date(), meetingDetails: "other-1" },
    { userId: other.user_id, meetingStart: new Date(), meetingEnd: new Date(), meetingDetails: "other-2" },
  ]);
});

const list = async (query: string, token = user.token) => {
  const res = await t.call("GET", `/v4/api/records/schedule?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().list as { id: number; meeting_details: string; user_id: number }[];
};
const detailsOf = (rows: { meeting_details: string }[]) => rows.map((r) => r.meeting_details);

describe("v4 records: reading", () => {
  it("pages with the defaults: size 20, order id desc, with total and num_pages", async () => {
    const res = await t.call("GET", "/v4/api/records/schedule?page=1", { token: user.token });
    const body = res.json();
    expect(body).toMatchObject({ error: false, total: 30, limit: 20, num_pages: 2, page: 1 });
    expect(body.list.map((r: { id: number }) => r.id)).toEqual([...ids].reverse().slice(0, 20));
    // A page's rows have the same fields and formats as the row read on its own.
    const one = (await t.call("GET", `/v4/api/records/schedule/${body.list[0].id}`, { token: user.token })).json();
    expect(body.list[0]).toEqual(one.model);
    expect(one.model.meeting_start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const second = (await t.call("GET", "/v4/api/records/schedule?page=2,20", { token: user.token })).json();
    expect(second.list).toHaveLength(10);
    expect(second).toMatchObject({ total: 30, num_pages: 2, page: 2 });
    const past = (await t.call("GET", "/v4/api/records/schedule?page=5,20", { token: user.token })).json();
    expect(past).toMatchObject({ list: [], total: 30, num_pages: 2, page: 5 });
    const sized = (await t.call("GET", "/v4/api/records/schedule?page=3&size=5&order=meeting_start,asc", { token: user.token })).json();
    expect(sized.list.map((r: { id: number }) => r.id)).toEqual(ids.slice(10, 15));
    expect(sized).toMatchObject({ total: 30, limit: 5, num_pages: 6, page: 3 });
  });

  it("lists with size and order, answering timestamps as ISO text and snake_case names", async () => {
    const rows = await list("size=3&order=meeting_start,asc");
    expect(rows.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect(rows[0]).toMatchObject({
      user_id: user.user_id,
      meeting_start: "2026-03-01T00:00:00.000Z",
      meeting_end: "2026-03-01T01:00:00.000Z",
    });
  });

  it("applies every filter operator", async () => {
    expect(detailsOf(await list("filter=meeting_details,eq,even call 4"))).toEqual(["even call 4"]);
    expect(await list(`filter=id,neq,${ids[0]}`)).toHaveLength(29);
    expect(detailsOf(await list("filter=meeting_details,cs,SESSION 2&order=id,asc"))).toEqual([
      "Odd session 21",
      "Odd session 23",
      "Odd session 25",
      "Odd session 27",
      "Odd session 29",
    ]);
    expect(await list("filter=meeting_details,sw,odd")).toHaveLength(15);
    expect(detailsOf(await list("filter=meeting_details,ew,l 28"))).toEqual(["even call 28"]);
    expect(await list(`filter=id,lt,${ids[5]}`)).toHaveLength(5);
    expect(await list(`filter=id,le,${ids[5]}`)).toHaveLength(6);
    expect(await list(`filter=id,gt,${ids[25]}`)).toHaveLength(4);
    expect(await list(`filter=id,ge,${ids[25]}`)).toHaveLength(5);
    expect(await list(`filter=id,bt,${ids[2]},${ids[4]}`)).toHaveLength(3);
    expect((await list(`filter=id,in,${ids[1]},${ids[7]}&order=id,asc`)).map((r) => r.id)).toEqual([ids[1], ids[7]]);
    expect(await list("filter=meeting_start,ge,2026-03-01T20:00:00Z")).toHaveLength(10);
    expect(await list(`filter=id,${ids[3]}`)).toHaveLength(1);
    expect(await list("filter=meeting_details,is")).toHaveLength(0);
    expect(await list("filter=meeting_details,is,notnull")).toHaveLength(30);
    // Repeated filters are ANDed.
    expect(await list(`filter=meeting_details,sw,odd&filter=id,le,${ids[9]}`)).toHaveLength(5);
  });

  it("answers each filter's own values when filters of one shape run as one prepared query", async () => {
    for (let h = 0; h < 30; h += 7)
      expect(detailsOf(await list(`filter=meeting_details,eq,${h % 2 ? "Odd session" : "even call"} ${h}`))).toEqual([
        `${h % 2 ? "Odd session" : "even call"} ${h}`,
      ]);
    for (let n = 1; n <= 4; n++) {
      const wanted = ids.slice(0, n);
      expect((await list(`filter=id,in,${wanted.join(",")}&order=id,asc`)).map((r) => r.id)).toEqual(wanted);
      const page = (await t.call("GET", `/v4/api/records/schedule?page=1,2&filter=id,le,${ids[n * 5]}`, { token: user.token })).json();
      expect(page.total).toBe(n * 5 + 1);
    }
    const hour = (h: number) => new Date(Date.UTC(2026, 2, 1, h)).toISOString();
    expect(await list(`filter=meeting_start,bt,${hour(3)},${hour(5)}`)).toHaveLength(3);
    expect(await list(`filter=meeting_start,bt,${hour(10)},${hour(19)}`)).toHaveLength(10);
  });

  it("gets one record with joins nested under the joined table's name, and several by ids", async () => {
    const one = await t.call("GET", `/v4/api/records/schedule/${ids[0]}?join=user`, { token: user.token });
    expect(one.json().model.user).toMatchObject({ id: user.user_id, first_name: "Test" });
    expect(one.body).not.toMatch(/password_hash|token_version|argon2|"role"/);
    const many = await t.call("GET", `/v4/api/records/schedule/${ids[0]},${ids[1]},999999`, { token: user.token });
    expect(
      many
        .json()
        .list.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
    const listed = await list("join=user&size=2");
    expect(listed[0]).toHaveProperty("user.id", user.user_id);
  });

  it("keeps other users' rows out of lists, id lists and joins", async () => {
    const all = await t.db.select().from(schedule).where(eq(schedule.userId, other.user_id));
    const theirs = all.map((r) => r.id);
    expect(detailsOf(await list("size=1000"))).not.toContain("other-1");
    const many = await t.call("GET", `/v4/api/records/schedule/${theirs.join(",")}`, { token: user.token });
    expect(many.json().list).toEqual([]);
    const one = await t.call("GET", `/v4/api/records/schedule/${theirs[0]}`, { token: user.token });
    expect(one.statusCode).toBe(404);
    expect(one.json().message).toBe("Record not found");
    const asAdmin = await t.call("GET", `/v4/api/records/schedule/${theirs[0]}?join=user`, { token: admin.token });
    expect(asAdmin.json().model.user.id).toBe(other.user_id);
  });

  it("lets a user view their own account row only, with profile fields", async () => {
    const own = await t.call("GET", `/v4/api/records/user/${user.user_id}`, { token: user.token });
    expect(Object.keys(own.json().model).sort()).toEqual(["created_at", "email", "first_name", "id", "last_name", "photo", "time_zone"]);
    expect((await t.call("GET", `/v4/api/records/user/${other.user_id}`, { token: user.token })).statusCode).toBe(404);
    expect((await t.call("GET", "/v4/api/records/user", { token: user.token })).statusCode).toBe(403);
  });

  it("answers every list size right, past the number of query shapes kept prepared", async () => {
    const newestFirst = [...ids].reverse();
    for (let size = 1; size <= LIMITS.preparedShapes + 10; size++) {
      const rows = await list(`size=${size}`);
      expect(
        rows.map((r) => r.id),
        `size ${size}`,
      ).toEqual(newestFirst.slice(0, size));
    }
    // A page with a size never seen before still reads its kept total and its rows.
    const page = (await t.call("GET", "/v4/api/records/schedule?page=2,7", { token: user.token })).json();
    expect(page).toMatchObject({ total: 30, num_pages: 5 });
    expect(page.list.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(7, 14));
  });

  it("shows anonymous visitors only published pages", async () => {
    await t.db.insert(pages).values([
      { slug: "about", title: "About", body: "<p>Hi</p>", published: true },
      { slug: "draft", title: "Draft", published: false },
    ]);
    const res = await t.call("GET", "/v4/api/records/pages", {});
    expect(res.json().list.map((p: { slug: string }) => p.slug)).toEqual(["about"]);
    expect(res.json().list[0]).not.toHaveProperty("published");
  });
});

describe("v4 records: writing", () => {
  it("creates a meeting owned by the caller, updates and deletes it", async () => {
    const created = await t.call("POST", "/v4/api/records/schedule", {
      token: other.token,
      body: { meeting_start: "2026-04-01T09:00:00+02:00", meeting_end: "2026-04-01T10:00:00+02:00", meeting_details: "Mock interview" },
    });
    const id = created.json().data as number;
    const [row] = await t.db.select().from(schedule).where(eq(schedule.id, id));
    expect(row).toMatchObject({ userId: other.user_id, meetingDetails: "Mock interview" });
    expect(row!.meetingStart.toISOString()).toBe("2026-04-01T07:00:00.000Z");
    const updated = await t.call("PUT", `/v4/api/records/schedule/${id}`, {
      token: other.token,
      body: { meeting_details: "Mock interview (fire)" },
    });
    expect(updated.json()).toEqual({ error: false, message: "Updated" });
    const conditional = await t.call("PUT", "/v4/api/records/schedule", {
      token: other.token,
      body: { meeting_details: "Moved", updateCondition: { id } },
    });
    expect(conditional.json()).toEqual({ error: false, message: "Updated 1 record" });
    expect((await t.db.select().from(schedule).where(eq(schedule.id, id)))[0]!.meetingDetails).toBe("Moved");
    const deleted = await t.call("DELETE", `/v4/api/records/schedule/${id}`, { token: other.token });
    expect(deleted.json()).toEqual({ error: false, message: "Deleted" });
    expect(await t.db.select().from(schedule).where(eq(schedule.id, id))).toEqual([]);
  });

  it("sanitizes rich text on write", async () => {
    const res = await t.call("POST", "/v4/api/records/pages", {
      token: admin.token,
      body: {
        slug: "xss",
        title: "XSS",
        body: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">l</a><img src=x onerror=alert(1)></p>',
      },
    });
    const [page] = await t.db.select().from(pages).where(eq(pages.id, res.json().data));
    expect(page!.body).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(page!.body).toContain("Hi");
    const block = await t.call("POST", "/v4/api/records/cms", {
      token: admin.token,
      body: { page: "home", key: "hero", type: "rich_text", value: "<b>Train</b><iframe srcdoc='<script>x</script>'></iframe>" },
    });
    const [entry] = await t.db.select().from(cms).where(eq(cms.id, block.json().data));
    expect(entry!.value).toBe("<b>Train</b>");
  });

  it("answers 409 for a duplicate (page, key) and changes nothing", async () => {
    await t.call("POST", "/v4/api/records/cms", { token: admin.token, body: { page: "home", key: "title", value: "Rescue Academy" } });
    const again = await t.call("POST", "/v4/api/records/cms", { token: admin.token, body: { page: "home", key: "title", value: "Other" } });
    expect(again.statusCode).toBe(409);
    expect((await t.db.select().from(cms).where(eq(cms.key, "title"))).map((r) => r.value)).toEqual(["Rescue Academy"]);
  });

  /** A fresh person and a meeting of theirs made through the API: the person's sign-up answer and the meeting's id. */
  async function readerWithMeeting(day: string, details: string) {
    const reader = await t.signUp("user");
    const made = await t.call("POST", "/v4/api/records/schedule", {
      token: reader.token,
      body: { meeting_start: `${day}T09:00:00Z`, meeting_end: `${day}T10:00:00Z`, meeting_details: details },
    });
    return { reader, id: made.json().data as number };
  }

  it("refuses a revoked token on every read form, though the reads check the account inside their own query", async () => {
    const { reader, id } = await readerWithMeeting("2026-03-01", "Reader's own");
    const reads = [
      `/v4/api/records/schedule/${id}`,
      `/v4/api/records/schedule/${id},${ids[0]}`,
      `/v4/api/records/schedule/${ids[0]}`,
      "/v4/api/records/schedule?page=1,20",
      "/v4/api/records/schedule?page=7,20",
      "/v4/api/records/schedule?page=1,20&filter=meeting_details,sw,Reader",
      "/v4/api/records/schedule?size=5",
      `/v4/api/records/schedule/${id}?join=user`,
    ];
    const before = await Promise.all(reads.map((url) => t.call("GET", url, { token: reader.token })));
    expect(before.map((r) => r.statusCode)).toEqual([200, 200, 404, 200, 200, 200, 200, 200]);
    expect(before[0]?.json().model).toMatchObject({ id, meeting_details: "Reader's own" });
    expect(before[3]?.json()).toMatchObject({ total: 1, list: [{ id }] });

    expect((await t.call("POST", "/v2/api/lambda/logout", { token: reader.token })).statusCode).toBe(200);
    for (const url of reads) {
      const res = await t.call("GET", url, { token: reader.token });
      expect([url, res.statusCode, res.json().message]).toEqual([url, 401, "TOKEN_EXPIRED"]);
    }
    // Writes are refused too, and the row is untouched.
    const write = await t.call("PUT", `/v4/api/records/schedule/${id}`, { token: reader.token, body: { meeting_details: "Changed" } });
    expect(write.statusCode).toBe(401);
    const [row] = await t.db.select().from(schedule).where(eq(schedule.id, id));
    expect(row?.meetingDetails).toBe("Reader's own");
  });

  it("ends a session signed out elsewhere on every read form at once, and reads a token of no session by its account alone", async () => {
    const { reader, id } = await readerWithMeeting("2026-03-02", "Signed out elsewhere");
    const reads = [
      `/v4/api/records/schedule/${id}`,
      `/v4/api/records/schedule/${id},${ids[0]}`,
      "/v4/api/records/schedule?page=1,20",
      "/v4/api/records/schedule?page=1,20&filter=meeting_details,sw,Signed",
      "/v4/api/records/schedule?size=5",
    ];
    const signIn = await t.call("POST", "/v2/api/lambda/login", { body: { email: reader.email, password: reader.password, role: "user" } });
    const second = signIn.json().token as string;
    // A token of no session (as issued before sessions): its account, version and role decide alone.
    const claims = JSON.parse(Buffer.from(reader.token.split(".")[1] as string, "base64url").toString());
    const sessionless = await t.app.tokens.sign({
      userId: reader.user_id,
      role: "user",
      tokenVersion: claims.tv,
      staffRole: null,
      sessionId: 0,
    });
    for (const token of [reader.token, second, sessionless])
      expect((await Promise.all(reads.map((url) => t.call("GET", url, { token })))).map((r) => r.statusCode)).toEqual([
        200, 200, 200, 200, 200,
      ]);

    // The second session signs the others out: the sign-up's token stops on every read, the rest read on.
    expect((await t.call("POST", "/v2/api/lambda/sessions/sign-out-others", { token: second })).json()).toMatchObject({ count: 1 });
    for (const url of reads) {
      const res = await t.call("GET", url, { token: reader.token });
      expect([url, res.statusCode, res.json().message]).toEqual([url, 401, "TOKEN_EXPIRED"]);
    }
    for (const token of [second, sessionless])
      expect((await Promise.all(reads.map((url) => t.call("GET", url, { token })))).map((r) => r.statusCode)).toEqual([
        200, 200, 200, 200, 200,
      ]);
    // The calls that check the account before their handler runs judge the same way.
    const profile = (token: string) => t.call("GET", "/v2/api/lambda/profile", { token }).then((r) => r.statusCode);
    expect([await profile(reader.token), await profile(second), await profile(sessionless)]).toEqual([401, 200, 200]);
    // Logging out bumps the account's token version: the token of no session ends with it.
    expect((await t.call("POST", "/v2/api/lambda/logout", { token: second })).statusCode).toBe(200);
    for (const url of reads) expect((await t.call("GET", url, { token: sessionless })).statusCode).toBe(401);
    expect(await profile(sessionless)).toBe(401);
  });

  it("revokes an account's tokens when an admin disables it, and leaves its role and email alone", async () => {
    const target = await t.signUp("user");
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: target.token })).statusCode).toBe(200);
    const res = await t.call("PUT", `/v4/api/records/user/${target.user_id}`, {
      token: admin.token,
      body: { status: "disabled", first_name: "Gone" },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.call("GET", "/v2/api/lambda/profile", { token: target.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe("TOKEN_EXPIRED");
    const [row] = await t.db.select().from(users).where(eq(users.id, target.user_id));
    expect(row).toMatchObject({ status: "disabled", firstName: "Gone", role: "user", email: target.email, tokenVersion: 2 });
    // An admin cannot disable their own account.
    const self = await t.call("PUT", `/v4/api/records/user/${admin.user_id}`, { token: admin.token, body: { status: "disabled" } });
    expect(self.statusCode).toBe(404);
    expect((await t.db.select().from(users).where(eq(users.id, admin.user_id)))[0]).toMatchObject({ status: "active", tokenVersion: 1 });
    // A name change alone does not sign anyone out.
    await t.call("PUT", `/v4/api/records/user/${user.user_id}`, { token: admin.token, body: { last_name: "Renamed" } });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: user.token })).statusCode).toBe(200);
  });
});

describe("legacy calls", () => {
  it("GETALL and PAGINATE (page 1, limit 10 by default) with payload conditions", async () => {
    const all = await t.call("POST", "/v1/api/rest/schedule/GETALL", { token: user.token });
    expect(all.json().list).toHaveLength(30);
    const page = await t.call("POST", "/v1/api/rest/schedule/PAGINATE", { token: user.token, body: {} });
    expect(page.json()).toMatchObject({ total: 30, limit: 10, num_pages: 3, page: 1 });
    expect(page.json().list[0].id).toBe(ids[29]);
    const filtered = await t.call("POST", "/v1/api/rest/schedule/PAGINATE", {
      token: user.token,
      body: { payload: { meeting_details: "even call 2" }, page: 1, limit: 5, sortId: "id", direction: "ASC" },
    });
    expect(filtered.json()).toMatchObject({ total: 1, list: [{ id: ids[2] }] });
  });

  it("AUTOCOMPLETE answers id and the field of rows starting with the query", async () => {
    const res = await t.call("POST", "/v1/api/rest/schedule/AUTOCOMPLETE", {
      token: user.token,
      body: { field: "meeting_details", query: "odd session 1", limit: 3 },
    });
    expect(res.json().list).toEqual([
      { id: ids[1], meeting_details: "Odd session 1" },
      { id: ids[11], meeting_details: "Odd session 11" },
      { id: ids[13], meeting_details: "Odd session 13" },
    ]);
  });

  it("joins two tables along a foreign key with a parsed select list and where clauses", async () => {
    const res = await t.call("POST", "/v1/api/join/schedule/user/PAGINATE", {
      token: admin.token,
      body: {
        join_id_1: "user_id",
        join_id_2: "id",
        select: "schedule.id, schedule.meeting_details as details, user.email",
        where: [`user.id = ${other.user_id}`, "schedule.meeting_details like 'other%'"],
        limit: 1,
      },
    });
    expect(res.json()).toMatchObject({ error: false, total: 2, limit: 1, num_pages: 2, page: 1 });
    expect(Object.keys(res.json().list[0]).sort()).toEqual(["details", "email", "id"]);
    const asUser = await t.call("POST", "/v1/api/multi-join/GETALL", {
      token: user.token,
      body: { tables: ["schedule", "user"], joinIds: ["schedule.user_id = user.id"], selectStr: "schedule.*, user.first_name" },
    });
    // A user may not list accounts, so a join through user is refused.
    expect(asUser.statusCode).toBe(403);
    const multi = await t.call("POST", "/v1/api/multi-join/GETALL", {
      token: admin.token,
      body: {
        tables: ["user", "schedule"],
        joinIds: ["schedule.user_id = user.id"],
        selectStr: "schedule.meeting_details, user.first_name as name",
        where: [`schedule.user_id = ${other.user_id}`],
      },
    });
    expect(
      multi
        .json()
        .list.map((r: { meeting_details: string }) => r.meeting_details)
        .sort(),
    ).toEqual(["other-1", "other-2"]);
  });

  it("DELETEALL removes only the caller's matching rows", async () => {
    await t.db
      .insert(schedule)
      .values({ userId: other.user_id, meetingStart: new Date(), meetingEnd: new Date(), meetingDetails: "doomed" });
    const res = await t.call("POST", "/v1/api/rest/schedule/DELETEALL", {
      token: admin.token,
      body: { where: { meeting_details: "doomed" } },
    });
    expect(res.json().message).toBe("Deleted 1 record");
    const mine = await t.call("POST", "/v1/api/rest/schedule/DELETEALL", {
      token: user.token,
      body: { where: { meeting_details: "other-1" } },
    });
    expect(mine.json().message).toBe("Deleted 0 records");
    expect(await t.db.select().from(schedule).where(eq(schedule.meetingDetails, "other-1"))).toHaveLength(1);
  });
});

describe("CSV export", () => {
  it("quotes per RFC 4180 and defuses formulas", () => {
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    for (const lead of ["=", "+", "-", "@", ";", "\t", "\r", "\n", "\uFF1D"])
      expect(csvCell(`${lead}1`).replace(/^"/, ""), JSON.stringify(lead)).toMatch(/^'/);
    expect(csvCell("\uFF1DHYPERLINK(1)")).toBe("'\uFF1DHYPERLINK(1)");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(toCsv(["a", "b"], [{ a: "x\ny", b: true }])).toBe('\uFEFFa,b\r\n"x\ny",true\r\n');
    // A semicolon cannot start a new cell where a spreadsheet splits on ";".
    expect(csvCell("a;=HYPERLINK(1)")).toBe('"a;=HYPERLINK(1)"');
    // A cell starting with ";" is defused like "=", and reads back as it was.
    expect(csvCell(";=HYPERLINK(1)")).toBe('"\';=HYPERLINK(1)"');
    expect(uncell("';=HYPERLINK(1)")).toBe(";=HYPERLINK(1)");
  });

  it("exports a table as an attachment, admin only", async () => {
    await t.db.insert(cms).values({ page: "csv", key: "formula", value: "=1+2" });
    const res = await t.call("POST", "/rest/cms/EXPORT", { token: admin.token });
    expect(res.headers["content-disposition"]).toBe('attachment; filename="cms.csv"');
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    expect(res.body.slice(1).split("\r\n")[0]).toBe("id,page,key,type,value,created_at,updated_at");
    expect(res.body).toContain(",csv,formula,text,'=1+2,");
    const denied = await t.call("POST", "/rest/cms/EXPORT", { token: user.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain("formula");
  });
});

describe("OpenAPI", () => {
  it("documents the records calls with their parameters", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const path of [
      "/v4/api/records/{table}",
      "/v4/api/records/{table}/{id}",
      "/v1/api/rest/{table}/{action}",
      "/v1/api/rest/{table}/PUTWHERE",
      "/v1/api/join/{t1}/{t2}/{action}",
      "/v1/api/multi-join/{action}",
      "/rest/{table}/EXPORT",
    ])
      expect(doc.paths, path).toHaveProperty([path]);
    const names = doc.paths["/v4/api/records/{table}"].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(["table", "filter", "join", "order", "size", "page"]));
  });
});
