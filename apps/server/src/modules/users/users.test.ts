import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/accounts.ts";
import { stripeSubscriptions } from "../../db/schema/payments.ts";
import { quizzes } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { rightResponse } from "../../test/quiz-answers.ts";
import { CARDS, paymentsHelpers } from "../payments/test-helpers.ts";

const t = await createTestApp();
const pay = paymentsHelpers(t);
const quizPath = `/v3/api/custom/${TEST_ENV.PROJECT_ID}/quiz`;
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
    // First and last name together, as staff type a person's name.
    const fullName = await t.call("GET", "/v2/api/lambda/admin/users", { token: admin.token, query: { q: "zelda PERSON" } });
    expect(fullName.json().list.map((u: { id: number }) => u.id)).toEqual([a.user_id]);
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
      ["GET", `/v2/api/lambda/admin/users/${u.user_id}/overview`],
      ["DELETE", `/v2/api/lambda/admin/users/${admin.user_id}`],
      ["PUT", `/v2/api/lambda/admin/users/${admin.user_id}`],
    ] as const) {
      const res = await t.call(method, url, { token: u.token, ...(method === "PUT" && { body: { role: "user" } }) });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(admin.email);
      expect(res.body).not.toContain("plan");
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

describe("an admin's edit of an account", () => {
  const edit = (id: number, body: unknown, token = admin.token) => t.call("PUT", `/v2/api/lambda/admin/users/${id}`, { token, body });
  const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
  const login = (email: string, password: string, role = "user") =>
    t.call("POST", "/v2/api/lambda/login", { body: { email, password, role } });

  it("changes names, email, password and status in one call, and signs the account out", async () => {
    const u = await t.signUp("user");
    const email = `renamed-${Date.now()}@example.test`;
    const res = await edit(u.user_id, {
      first_name: "Robin",
      last_name: "Okafor",
      email: email.toUpperCase(),
      password: "a brand new secret",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model).toMatchObject({
      id: u.user_id,
      first_name: "Robin",
      last_name: "Okafor",
      email,
      email_verified: true,
      status: "active",
    });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: u.token })).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).not.toBe(200);
    expect((await login(email, "a brand new secret")).statusCode).toBe(200);

    const disabled = await edit(u.user_id, { status: "disabled" });
    expect(disabled.json().model.status).toBe("disabled");
    expect((await login(email, "a brand new secret")).statusCode).not.toBe(200);
  });

  it("changes nothing at all when the email belongs to another account", async () => {
    const u = await t.signUp("user");
    const other = await t.signUp("user");
    const before = await rowOf(u.user_id);
    const res = await edit(u.user_id, { first_name: "Changed", status: "disabled", password: "another secret 42", email: other.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: true, validation: { email: "An account with this email already exists" } });
    expect(await rowOf(u.user_id)).toEqual(before);
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: u.token })).statusCode).toBe(200);
  });

  it("changes a role and signs the account out; never your own role or status, never the last active admin", async () => {
    const u = await t.signUp("user");
    const promoted = await edit(u.user_id, { role: "admin", staff_role: "support" });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().model).toMatchObject({ role: "admin", staff_role: "support" });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: u.token })).statusCode).toBe(401);
    expect((await edit(u.user_id, { role: "user" })).json().model.role).toBe("user");

    const before = await rowOf(admin.user_id);
    for (const body of [{ role: "user" }, { status: "disabled" }, { first_name: "Me", role: "user" }]) {
      const res = await edit(admin.user_id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
    }
    expect(await rowOf(admin.user_id)).toEqual(before);
    // Your own names and email are yours to change here.
    expect((await edit(admin.user_id, { first_name: "Ada" })).json().model.first_name).toBe("Ada");
  });

  it("refuses bad input with 400 and an unknown account with 404, changing nothing", async () => {
    const u = await t.signUp("user");
    const before = await rowOf(u.user_id);
    for (const body of [
      {},
      { email: "not-an-email" },
      { password: "short" },
      { role: "owner" },
      { first_name: "" },
      { is_admin: true },
      { status: "gone" },
    ]) {
      const res = await edit(u.user_id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(true);
    }
    expect(await rowOf(u.user_id)).toEqual(before);
    expect((await edit(2_000_000, { first_name: "Nobody" })).statusCode).toBe(404);
  });
});

describe("resetting another person's two-factor sign-in", () => {
  /** A second staff account with two-factor sign-in on, signed in. */
  async function staffWithTwoFactor() {
    const email = `staff-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const created = await t.call("POST", "/v2/api/lambda/register", {
      token: admin.token,
      body: { email, password: "staff password 1", first_name: "Sam", role: "admin" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const login = await t.call("POST", "/v2/api/lambda/login", { body: { email, password: "staff password 1", role: "admin" } });
    const token = login.json().token as string;
    await t.turnOnTwoFactor(token);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    return { email, token, id: row!.id };
  }
  const reset = (id: number, token = admin.token) => t.call("POST", `/v2/api/lambda/admin/users/${id}/two-factor/reset`, { token });

  it("drops the secret, ends every session, mails the person, and sends them to setup at the next sign-in", async () => {
    const staff = await staffWithTwoFactor();
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: staff.token })).statusCode).toBe(200);

    const res = await reset(staff.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ error: false, message: "Two-factor sign-in was reset" });
    const [row] = await t.db.select().from(users).where(eq(users.id, staff.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: staff.token })).statusCode).toBe(401);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, staff.email));
    expect(mails.map((m) => m.subject)).toContain("Two-factor sign-in of your Rescue Academy account was reset");

    // The password alone signs in again, straight to two-factor setup (no code asked for).
    const login = await t.call("POST", "/v2/api/lambda/login", {
      body: { email: staff.email, password: "staff password 1", role: "admin" },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ two_factor_setup_required: true });
    expect(login.json().token).toEqual(expect.any(String));
  });

  it("refuses your own account, an account without it and an unknown one, changing nothing", async () => {
    const own = await reset(admin.user_id);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/your own/);
    const [me] = await t.db.select().from(users).where(eq(users.id, admin.user_id));
    expect(me!.twoFactorEnabled).toBe(true);
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: admin.token })).statusCode).toBe(200);

    const candidate = await t.signUp("user");
    const before = await t.db.select().from(users).where(eq(users.id, candidate.user_id));
    const off = await reset(candidate.user_id);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe("Two-factor sign-in is not on for this account");
    expect(await t.db.select().from(users).where(eq(users.id, candidate.user_id))).toEqual(before);
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: candidate.token })).statusCode).toBe(200);

    expect((await reset(987_654)).statusCode).toBe(404);
    expect((await t.call("POST", "/v2/api/lambda/admin/users/abc/two-factor/reset", { token: admin.token })).statusCode).toBe(400);
  });

  it("is for staff only", async () => {
    const staff = await staffWithTwoFactor();
    const candidate = await t.signUp("user");
    const res = await reset(staff.id, candidate.token);
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.twoFactorEnabled).toBe(true);
  });
});

describe("an account's plan and activity", () => {
  it("shows a candidate without a subscription on the free plan, with nothing done yet", async () => {
    // Created by an admin: the person has never signed in.
    const created = await t.call("POST", "/v2/api/lambda/register", {
      token: admin.token,
      body: { email: `fresh-${Date.now()}@example.test`, password: "correct horse battery", role: "user" },
    });
    const res = await t.call("GET", `/v2/api/lambda/admin/users/${created.json().user_id}/overview`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error: false,
      model: {
        last_sign_in_at: null,
        plan: { package_name: "Free", is_free: true, subscription: null },
        quizzes: { taken: 0, in_progress: 0, average_score: null, recent: [] },
        payments: { paid: [], invoices: [] },
      },
    });
    const missing = await t.call("GET", "/v2/api/lambda/admin/users/999999/overview", { token: admin.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: true, message: "User not found" });
  });

  it("shows the subscription in effect, the latest quizzes with their scores, and invoices, newest first", async () => {
    const u = await t.signUp("user");
    expect(
      (await t.call("PUT", `/v3/api/custom/${TEST_ENV.PROJECT_ID}/onboarding`, { token: u.token, body: { track: "ems" } })).statusCode,
    ).toBe(200);
    expect((await pay.addCard(u.token, CARDS.visa)).statusCode).toBe(200);
    const sub = await t.call("POST", `${pay.P}/customer/subscription`, {
      token: u.token,
      body: { price_id: await pay.priceId("Premium monthly") },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const subId = sub.json().model.id as number;
    expect((await t.call("DELETE", `${pay.P}/customer/subscription/${subId}`, { token: u.token })).statusCode).toBe(200);

    // One quiz finished with 4 of 5 right, an older one finished with none, one still open.
    const ids: number[] = [];
    for (const right of [0, 4]) {
      const created = await t.call("POST", `${quizPath}/create`, { token: u.token, body: { themes: ["airway-breathing"], length: 5 } });
      expect(created.statusCode, created.body).toBe(200);
      const quiz = created.json().model as { id: number; questions: { questionId: string }[] };
      const batch = [];
      for (const q of quiz.questions.slice(0, right)) {
        batch.push({ questionId: q.questionId, response: await rightResponse(t.db, quiz.id, q.questionId) });
      }
      if (batch.length) await t.call("PUT", `${quizPath}/update/${quiz.id}`, { token: u.token, body: { answers: batch } });
      expect((await t.call("POST", `${quizPath}/submit/${quiz.id}`, { token: u.token })).statusCode).toBe(200);
      ids.push(quiz.id);
    }
    await t.db
      .update(quizzes)
      .set({ createdAt: sql`now() - interval '2 days'`, submittedAt: sql`now() - interval '2 days'` })
      .where(eq(quizzes.id, ids[0]!));
    const open = await t.call("POST", `${quizPath}/create`, { token: u.token, body: { themes: ["circulation-cpr"], length: 5 } });
    expect(open.statusCode).toBe(200);

    // Another candidate's activity never shows here.
    const other = await t.signUp("user");
    await pay.addCard(other.token, CARDS.visa);
    await t.call("POST", `${pay.P}/customer/subscription`, { token: other.token, body: { price_id: await pay.priceId("Premium yearly") } });

    const res = await t.call("GET", `/v2/api/lambda/admin/users/${u.user_id}/overview`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const { model } = res.json();
    const [row] = await t.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, subId));
    expect(model.plan).toEqual({
      package_name: "Premium",
      is_free: false,
      subscription: {
        id: subId,
        plan_name: "Premium monthly",
        package_name: "Premium",
        amount: 3900,
        currency: "eur",
        interval: "month",
        interval_count: 1,
        status: "active",
        cancel_at_period_end: true,
        current_period_end: row!.currentPeriodEnd!.toISOString(),
        trial_end: null,
        create_at: row!.createAt.toISOString(),
      },
    });
    expect(model.quizzes).toMatchObject({ taken: 2, in_progress: 1 });
    expect(model.quizzes.average_score).toBeCloseTo(0.4, 6);
    expect(
      model.quizzes.recent.map((q: { id: number; status: string; score: number | null; correct_count: number | null }) => [
        q.id,
        q.status,
        q.score,
        q.correct_count,
      ]),
    ).toEqual([
      [open.json().model.id, "in_progress", null, null],
      [ids[1], "submitted", 0.8, 4],
      [ids[0], "submitted", 0, 0],
    ]);
    expect(model.payments.paid).toEqual([{ currency: "eur", amount: 3900 }]);
    expect(model.payments.invoices).toHaveLength(1);
    expect(model.payments.invoices[0]).toMatchObject({ status: "paid", amount_due: 3900, amount_paid: 3900, currency: "eur" });
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toMatch(/"stripe_id"|sub_test|in_test|cus_test/);
  });
});
