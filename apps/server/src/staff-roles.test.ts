import { hasPermission, RECORD_TABLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from "@academy/contract/staff";
import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "./db/schema/accounts.ts";
import { schedule } from "./db/schema/content.ts";
import { users } from "./db/schema/users.ts";
import { exposedTables } from "./modules/records/engine.ts";
import { createTestApp, TEST_ENV } from "./test/app.ts";
import { tableCounts } from "./test/table-counts.ts";

const t = await createTestApp();
const founder = await t.signUp("admin");
const staff: Record<StaffRole, Awaited<ReturnType<typeof t.staffMember>>> = {
  administrator: await t.staffMember(founder.token, "administrator"),
  coach: await t.staffMember(founder.token, "coach"),
  editor: await t.staffMember(founder.token, "editor"),
  support: await t.staffMember(founder.token, "support"),
};
const candidate = await t.signUp("user");

/** A route's path with its parameters filled in: ids of rows that do not exist, so allowed calls change nothing either. */
const concrete = (url: string) =>
  url
    .replace(/:name\b/g, TEST_ENV.PROJECT_ID)
    .replace(/:[A-Za-z_]+/g, "999999")
    .replace(/\*/g, "x");
const bodyFor = (method: string) => (method === "GET" || method === "DELETE" ? undefined : { id: 999999, email: "x@example.test" });

// Hundreds of calls each: these two get more time than a test's default 20 s on a busy machine.
describe("staff roles: every staff route as every role", () => {
  it("every staff route states the permission it needs", () => {
    expect(t.app.adminRoutes.length).toBeGreaterThan(70);
    const undeclared = t.app.adminRoutes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, "staff routes guarded without a permission (use requireStaff)").toEqual([]);
  });

  it("answers 403 Invalid Access, before reading the input, to a role without the permission, and changes nothing", async () => {
    const before = await tableCounts(t.db);
    let denied = 0;
    for (const role of STAFF_ROLES)
      for (const route of t.app.adminRoutes) {
        if (hasPermission(role, route.permission!)) continue;
        const res = await t.call(route.method as "GET", concrete(route.url), { token: staff[role].token, body: bodyFor(route.method) });
        expect(res.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
        expect(res.json()).toEqual({ error: true, message: "Invalid Access" });
        denied += 1;
      }
    // Coaches, editors and support are each refused most of the staff calls.
    expect(denied).toBeGreaterThan(150);
    expect(await tableCounts(t.db)).toEqual(before);
  }, 90_000);

  it("lets a role with the permission through the guard (the call then answers on its input)", async () => {
    for (const role of STAFF_ROLES)
      for (const route of t.app.adminRoutes) {
        if (!hasPermission(role, route.permission!)) continue;
        const res = await t.call(route.method as "GET", concrete(route.url), { token: staff[role].token, body: bodyFor(route.method) });
        expect([401, 403], `${route.method} ${route.url} as ${role}: ${res.body}`).not.toContain(res.statusCode);
      }
  }, 90_000);

  it("says each staff route's permission in the OpenAPI document", async () => {
    const docs = (await t.call("GET", "/api/docs/json")).json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(docs.paths["/v2/api/lambda/admin/users"]?.get?.description).toContain("Staff permission: `users.read`");
    expect(docs.paths["/v2/api/lambda/outbox"]?.get?.description).toContain("Staff permission: `outbox.read`");
  });

  it("keeps every route of the spec open to an administrator", async () => {
    const routes = t.app.adminRoutes.filter((r) => !hasPermission("administrator", r.permission!));
    expect(routes).toEqual([]);
  });
});

describe("staff roles in the records API", () => {
  it("every exposed table has a staff permission", () => {
    expect(exposedTables().filter((name) => !(name in RECORD_TABLE_PERMISSIONS))).toEqual([]);
  });

  const list = (role: StaffRole, table: string) =>
    t.call("GET", `/v4/api/records/${table}`, { token: staff[role].token, query: { size: "5" } });

  it("lets only the roles with the table's permission read accounts, templates and the outbox", async () => {
    for (const role of STAFF_ROLES) {
      expect((await list(role, "user")).statusCode, `user as ${role}`).toBe(hasPermission(role, "users.read") ? 200 : 403);
      expect((await list(role, "email_outbox")).statusCode, `email_outbox as ${role}`).toBe(role === "administrator" ? 200 : 403);
      expect((await list(role, "email")).statusCode, `email as ${role}`).toBe(hasPermission(role, "content.write") ? 200 : 403);
    }
    // The legacy calls and the export follow the same rule.
    const legacy = await t.call("POST", "/v1/api/rest/user/GETALL", { token: staff.coach.token, body: {} });
    expect(legacy.statusCode).toBe(403);
    const exported = await t.call("POST", "/rest/email_outbox/EXPORT", { token: staff.support.token });
    expect(exported.statusCode).toBe(403);
  });

  it("lets an editor write CMS texts and pages, and a coach or support not", async () => {
    const cms = (role: StaffRole) =>
      t.call("POST", "/v4/api/records/cms", {
        token: staff[role].token,
        body: { page: "home", key: `k-${role}`, type: "text", value: "v" },
      });
    expect((await cms("editor")).statusCode).toBe(200);
    expect((await cms("coach")).statusCode).toBe(403);
    expect((await cms("support")).statusCode).toBe(403);
    // Reading published texts stays open to every staff member, as to everyone.
    expect((await list("coach", "cms")).statusCode).toBe(200);
  });

  it("shows a coach only their own rows of the schedule, not every booking", async () => {
    const [row] = await t.db
      .insert(schedule)
      .values({ userId: candidate.user_id, meetingStart: new Date(Date.now() + 86_400_000), meetingEnd: new Date(Date.now() + 90_000_000) })
      .returning({ id: schedule.id });
    const asCoach = await list("coach", "schedule");
    expect(asCoach.statusCode).toBe(200);
    expect(asCoach.json().list).toEqual([]);
    expect((await t.call("GET", `/v4/api/records/schedule/${row!.id}`, { token: staff.coach.token })).json().model ?? null).toBeNull();
    const asAdministrator = await list("administrator", "schedule");
    expect(asAdministrator.json().list.map((r: { id: number }) => r.id)).toContain(row!.id);
  });

  it("never lets a coach change an account through the records API", async () => {
    const res = await t.call("PUT", `/v4/api/records/user/${candidate.user_id}`, {
      token: staff.coach.token,
      body: { first_name: "Hacked" },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, candidate.user_id));
    expect(row!.firstName).not.toBe("Hacked");
  });
});

describe("a coach's direct calls", () => {
  const S = "/v2/api/lambda/scheduling";
  const other = { coach: null as unknown as Awaited<ReturnType<typeof t.staffMember>> };

  /** A booking of the candidate with a coach, straight into the table (the booking rules have their own tests). */
  async function bookingWith(coachId: number, hoursAhead: number) {
    const start = Date.now() + hoursAhead * 3_600_000;
    const [row] = await t.db
      .insert(schedule)
      .values({
        userId: candidate.user_id,
        coachId,
        meetingStart: new Date(start),
        meetingEnd: new Date(start + 45 * 60_000),
        meetingDetails: "private note of the learner",
        blockedStart: new Date(start),
        blockedEnd: new Date(start + 45 * 60_000),
        creditMonth: new Date(start).toISOString().slice(0, 7),
      })
      .returning({ id: schedule.id });
    return row!.id;
  }

  it("open their own availability, bookings and learner briefs", async () => {
    other.coach = await t.staffMember(founder.token, "coach");
    for (const coach of [staff.coach, other.coach]) {
      const settings = await t.call("GET", `${S}/coach/settings`, { token: coach.token });
      expect(settings.statusCode).toBe(200);
      const saved = await t.call("PUT", `${S}/coach/settings`, { token: coach.token, body: { ...settings.json().model, bio: "Coach" } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const own = await bookingWith(staff.coach.user_id, 48);
    const brief = await t.call("GET", `${S}/bookings/${own}/learner`, { token: staff.coach.token });
    expect(brief.statusCode, brief.body).toBe(200);
    expect(brief.json().model.booking.id).toBe(own);
    const mine = await t.call("GET", `${S}/bookings`, { token: staff.coach.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().list.map((b: { id: number }) => b.id)).toEqual([own]);
    const week = await t.call("GET", `${S}/coach/week`, {
      token: staff.coach.token,
      query: { from: new Date().toISOString(), to: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    });
    expect(week.statusCode).toBe(200);
    expect(week.json().list.map((b: { id: number }) => b.id)).toEqual([own]);
  });

  it("answer 403 for another coach's booking, and list only their own", async () => {
    const theirs = await bookingWith(other.coach.user_id, 72);
    const brief = await t.call("GET", `${S}/bookings/${theirs}/learner`, { token: staff.coach.token });
    expect(brief.statusCode).toBe(403);
    expect(brief.body).not.toContain("private note");
    const asked = await t.call("GET", `${S}/bookings`, { token: staff.coach.token, query: { coach_id: String(other.coach.user_id) } });
    expect(asked.statusCode).toBe(403);
    const cancel = await t.call("POST", `${S}/${theirs}/cancel`, { token: staff.coach.token });
    expect(cancel.statusCode).toBe(403);
    const [row] = await t.db.select({ status: schedule.status }).from(schedule).where(eq(schedule.id, theirs));
    expect(row!.status).toBe("booked");
    // An administrator reads every coach's.
    expect((await t.call("GET", `${S}/bookings/${theirs}/learner`, { token: staff.administrator.token })).statusCode).toBe(200);
  });

  it("answer 403 on accounts, the outbox, subscriptions and passwords, and change nothing", async () => {
    const mailsBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n;
    const calls: [string, string, unknown?][] = [
      ["GET", "/v2/api/lambda/admin/users"],
      ["GET", `/v2/api/lambda/admin/users/${candidate.user_id}`],
      ["GET", "/v2/api/lambda/outbox"],
      ["GET", "/v2/api/lambda/stripe/subscriptions"],
      ["GET", "/v2/api/lambda/stripe/invoices"],
      ["POST", "/v2/api/lambda/admin/update/password", { id: candidate.user_id, password: "taken over 123" }],
      ["POST", "/v2/api/lambda/admin/update/email", { id: candidate.user_id, email: "taken@example.test" }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as "GET", url, { token: staff.coach.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: true, message: "Invalid Access" });
    }
    // The candidate still signs in with their own password, under their own address.
    const login = await t.call("POST", "/v2/api/lambda/login", {
      body: { email: candidate.email, password: candidate.password, role: "user" },
    });
    expect(login.statusCode).toBe(200);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox))[0]!.n).toBe(mailsBefore);
  });
});

describe("support and editors", () => {
  it("support read accounts and billing but change no password, role or subscription", async () => {
    expect((await t.call("GET", "/v2/api/lambda/admin/users", { token: staff.support.token })).statusCode).toBe(200);
    expect((await t.call("GET", "/v2/api/lambda/stripe/subscriptions", { token: staff.support.token })).statusCode).toBe(200);
    const password = await t.call("PUT", `/v2/api/lambda/admin/users/${candidate.user_id}`, {
      token: staff.support.token,
      body: { password: "taken over 123" },
    });
    expect(password.statusCode).toBe(403);
    const role = await t.call("PUT", `/v2/api/lambda/admin/users/${staff.coach.user_id}`, {
      token: staff.support.token,
      body: { staff_role: "administrator" },
    });
    expect(role.statusCode).toBe(403);
    const invite = await t.call("POST", "/v2/api/lambda/admin/invite", {
      token: staff.support.token,
      body: { email: "new-staff@example.test", staff_role: "administrator" },
    });
    expect(invite.statusCode).toBe(403);
    const made = await t.call("POST", "/v2/api/lambda/register", {
      token: staff.support.token,
      body: { email: "made-by-support@example.test", password: "long enough pw", role: "admin", staff_role: "administrator" },
    });
    expect(made.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, "made-by-support@example.test"))).toEqual([]);
  });

  it("support mail a new confirmation link to an unconfirmed account", async () => {
    const res = await t.call("POST", "/v2/api/lambda/verify/user/resend", {
      token: staff.support.token,
      body: { user_id: candidate.user_id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await t.db
      .select({ to: emailOutbox.to, slug: emailOutbox.templateSlug })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, candidate.email))
      .orderBy(sql`${emailOutbox.id} desc`)
      .limit(1);
    expect(mail).toEqual({ to: candidate.email, slug: "verify" });
  });

  it("editors see drafts of the blog; a coach reads it as a visitor does", async () => {
    const made = await t.call("POST", "/v2/api/lambda/blog/create", {
      token: staff.editor.token,
      body: { title: "A draft of the editor", body: "<p>Draft</p>", status: "draft" },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().model.id as number;
    expect((await t.call("GET", `/v2/api/lambda/blog/single/${id}`, { token: staff.editor.token })).statusCode).toBe(200);
    expect((await t.call("GET", `/v2/api/lambda/blog/single/${id}`, { token: staff.coach.token })).statusCode).toBe(404);
  });
});

describe("a change of staff role", () => {
  const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

  it("takes effect on the next call: the old session ends, and the new one has the new role's permissions", async () => {
    const member = await t.staffMember(founder.token, "support");
    expect((await t.call("GET", "/v2/api/lambda/admin/users", { token: member.token })).statusCode).toBe(200);

    const changed = await t.call("PUT", `/v2/api/lambda/admin/users/${member.user_id}`, {
      token: staff.administrator.token,
      body: { staff_role: "editor" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().model).toMatchObject({ role: "admin", staff_role: "editor" });

    const stale = await t.call("GET", "/v2/api/lambda/admin/users", { token: member.token });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: "TOKEN_EXPIRED" });

    const login = await t.call("POST", "/v2/api/lambda/login", { body: { email: member.email, password: member.password, role: "admin" } });
    const verified = await t.call("POST", "/v2/api/lambda/2fa/verify", {
      body: { access_token: login.json().access_token, token: await nextCode(member.totpSecret) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ role: "admin", staff_role: "editor" });
    const token = verified.json().token as string;
    expect((await t.call("GET", "/v2/api/lambda/admin/users", { token })).statusCode).toBe(403);
    expect((await t.call("GET", "/v3/api/custom/academy-test/quiz/admin/themes", { token })).statusCode).toBe(200);
    const profile = await t.call("GET", "/v2/api/lambda/profile", { token });
    expect(profile.json().model.staff_role).toBe("editor");
  });

  it("only administrators give staff roles, nobody their own, and the academy keeps an active administrator", async () => {
    const own = await t.call("PUT", `/v2/api/lambda/admin/users/${staff.administrator.user_id}`, {
      token: staff.administrator.token,
      body: { staff_role: "coach" },
    });
    expect(own.statusCode).toBe(409);
    const toCandidate = await t.call("PUT", `/v2/api/lambda/admin/users/${candidate.user_id}`, {
      token: staff.administrator.token,
      body: { staff_role: "coach" },
    });
    expect(toCandidate.statusCode).toBe(400);
    expect(toCandidate.json().validation).toHaveProperty("staff_role");
    const noRole = await t.call("PUT", `/v2/api/lambda/admin/users/${candidate.user_id}`, {
      token: staff.administrator.token,
      body: { role: "admin" },
    });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().validation).toEqual({ staff_role: "Choose a staff role" });
    const unknown = await t.call("PUT", `/v2/api/lambda/admin/users/${staff.coach.user_id}`, {
      token: staff.administrator.token,
      body: { staff_role: "owner" },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("an invitation gives the staff role it was sent with", async () => {
    const email = `invited-${Date.now()}@example.test`;
    const sent = await t.call("POST", "/v2/api/lambda/admin/invite", {
      token: staff.administrator.token,
      body: { email, staff_role: "support" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const invitation = decodeURIComponent(/invitation=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);
    const joined = await t.call("POST", "/v2/api/lambda/register", {
      body: { email, password: "staff password 1", role: "admin", invitation },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ role: "admin", staff_role: "support" });
    const [row] = await t.db.select({ staffRole: users.staffRole }).from(users).where(eq(users.email, email));
    expect(row!.staffRole).toBe("support");
  });
});
