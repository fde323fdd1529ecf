import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/accounts.ts";
import { activityLog } from "../../db/schema/activity.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { whileActivityLogRefuses } from "../../test/refused-activity.ts";
import { CARDS, paymentsHelpers } from "../payments/test-helpers.ts";
import { activityHelpers } from "./test-helpers.ts";

const t = await createTestApp();
const admin = await t.signUp("admin", { first_name: "Avery", last_name: "Staff" });
const { historyOf } = activityHelpers(t, admin);
const entryCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(activityLog))[0]!.n;
const mailsTo = (to: string, slug?: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(slug ? and(eq(emailOutbox.to, to), eq(emailOutbox.templateSlug, slug)) : eq(emailOutbox.to, to));

describe("the activity log of account changes", () => {
  it("logs a staff email change with before and after, and mails the old and the new address", async () => {
    const person = await t.signUp("user", { first_name: "Robin" });
    const newEmail = `robin-${Date.now()}@example.test`;
    const res = await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, { token: admin.token, body: { email: newEmail } });
    expect(res.statusCode, res.body).toBe(200);

    const [entry] = await historyOf("user", person.user_id);
    expect(entry).toMatchObject({
      kind: "account.email",
      actor_id: admin.user_id,
      actor_email: admin.email,
      actor_name: "Avery Staff",
      record_table: "user",
      record_id: person.user_id,
      subject_user_id: person.user_id,
      before: { email: person.email },
      after: { email: newEmail },
    });
    expect(entry!.summary).toContain(newEmail);

    const [toOld] = await mailsTo(person.email, "staff-email-changed");
    const [toNew] = await mailsTo(newEmail, "staff-email-changed");
    expect(toOld?.text).toContain(person.email);
    expect(toOld?.text).toContain(newEmail);
    expect(toOld?.text).toContain("/contact-us");
    expect(toNew?.subject).toBe(toOld?.subject);
  });

  it("logs the legacy admin email call too, and mails both addresses", async () => {
    const person = await t.signUp("user");
    const newEmail = `legacy-${Date.now()}@example.test`;
    const res = await t.call("POST", "/v2/api/lambda/admin/update/email", {
      token: admin.token,
      body: { id: person.user_id, email: newEmail },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await historyOf("user", person.user_id);
    expect(entry).toMatchObject({ kind: "account.email", before: { email: person.email }, after: { email: newEmail } });
    expect(await mailsTo(person.email, "staff-email-changed")).toHaveLength(1);
    expect(await mailsTo(newEmail, "staff-email-changed")).toHaveLength(1);
  });

  it("logs a password change as 'password changed', never the password or its hash, and mails the person", async () => {
    const person = await t.signUp("user");
    const secret = "a brand new secret passphrase";
    const viaEdit = await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, { token: admin.token, body: { password: secret } });
    expect(viaEdit.statusCode, viaEdit.body).toBe(200);
    const legacy = await t.call("POST", "/v2/api/lambda/admin/update/password", {
      token: admin.token,
      body: { id: person.user_id, password: `${secret} 2` },
    });
    expect(legacy.statusCode, legacy.body).toBe(200);

    const entries = await historyOf("user", person.user_id);
    expect(entries.map((e) => e.kind)).toEqual(["account.password", "account.password"]);
    expect(entries[0]).toMatchObject({ summary: "Password changed", before: null, after: null });
    const [hash] = await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, person.user_id));
    const stored = JSON.stringify(await t.db.select().from(activityLog).where(eq(activityLog.recordId, person.user_id)));
    for (const leak of [secret, hash!.h, "argon2"]) expect(stored).not.toContain(leak);
    const mails = await mailsTo(person.email, "staff-password-changed");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).not.toContain(secret);
  });

  it("logs role, status, confirmation, two-factor reset and deletion", async () => {
    const person = await t.signUp("user");
    await t.turnOnTwoFactor(person.token);
    const id = person.user_id;
    expect(
      (await t.call("PUT", `/v2/api/lambda/admin/users/${id}`, { token: admin.token, body: { role: "admin", staff_role: "support" } }))
        .statusCode,
    ).toBe(200);
    expect((await t.call("PUT", `/v2/api/lambda/admin/users/${id}`, { token: admin.token, body: { status: "disabled" } })).statusCode).toBe(
      200,
    );
    // Through the records API as well: the engine logs staff's status changes.
    expect((await t.call("PUT", `/v4/api/records/user/${id}`, { token: admin.token, body: { status: "active" } })).statusCode).toBe(200);
    expect((await t.call("POST", "/v2/api/lambda/verify/user", { token: admin.token, body: { user_id: id } })).statusCode).toBe(200);
    // Confirming an address that is confirmed changes nothing, and logs nothing.
    expect((await t.call("POST", "/v2/api/lambda/verify/user", { token: admin.token, body: { user_id: id } })).statusCode).toBe(200);
    const reset = await t.call("POST", `/v2/api/lambda/admin/users/${id}/two-factor/reset`, { token: admin.token });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await mailsTo(person.email, "staff-two-factor-reset")).toHaveLength(1);
    expect((await t.call("DELETE", `/v2/api/lambda/admin/users/${id}`, { token: admin.token })).statusCode).toBe(200);

    const entries = (await historyOf("user", id)).reverse();
    expect(entries.map((e) => [e.kind, e.before, e.after])).toEqual([
      ["account.role", { role: "user", staff_role: null }, { role: "admin", staff_role: "support" }],
      ["account.status", { status: "active" }, { status: "disabled" }],
      ["account.status", { status: "disabled" }, { status: "active" }],
      ["account.confirmed", { email_verified: false }, { email_verified: true }],
      ["account.two_factor_reset", { two_factor_enabled: true }, { two_factor_enabled: false }],
      ["account.deleted", { email: person.email, first_name: "Test", last_name: expect.any(String), role: "admin" }, null],
    ]);
    // The entries outlive the account.
    expect(entries.every((e) => e.subject_user_id === id)).toBe(true);
  });

  it("logs nothing and mails nothing when the change fails", async () => {
    const person = await t.signUp("user");
    const other = await t.signUp("user");
    const before = await entryCount();
    const clash = await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, {
      token: admin.token,
      body: { email: other.email, password: "another good passphrase" },
    });
    expect(clash.statusCode).toBe(409);
    expect(await entryCount()).toBe(before);
    expect(await mailsTo(person.email, "staff-email-changed")).toHaveLength(0);
    expect(await mailsTo(person.email, "staff-password-changed")).toHaveLength(0);
  });

  it("undoes the change when its log entry cannot be written", async () => {
    const person = await t.signUp("user");
    const newEmail = `never-${Date.now()}@example.test`;
    await whileActivityLogRefuses(t.db, async () => {
      const failed = await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, {
        token: admin.token,
        body: { email: newEmail, status: "disabled" },
      });
      expect(failed.statusCode).toBe(500);
      const cms = await t.call("POST", "/v2/api/lambda/cms", {
        token: admin.token,
        body: { page: "home", key: "never-saved", type: "text", value: "x" },
      });
      expect(cms.statusCode).toBe(500);
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, person.user_id));
    expect(row).toMatchObject({ email: person.email, status: "active" });
    expect(await mailsTo(newEmail)).toHaveLength(0);
    const cmsRows = await t.call("GET", "/v4/api/records/cms", { token: admin.token, query: { filter: "key,eq,never-saved" } });
    expect(cmsRows.json().list).toEqual([]);
  });

  it("shows a person the staff actions on their own account as 'Academy staff', never a name", async () => {
    const person = await t.signUp("user");
    await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, { token: admin.token, body: { role: "user", status: "disabled" } });
    await t.call("PUT", `/v2/api/lambda/admin/users/${person.user_id}`, { token: admin.token, body: { status: "active" } });
    // Disabling signed the person out: they sign in again.
    const login = await t.call("POST", "/v2/api/lambda/login", { body: { email: person.email, password: person.password, role: "user" } });
    const own = await t.call("GET", "/v2/api/lambda/profile/activity", { token: login.json().token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().list.map((e: { kind: string; actor: string }) => [e.kind, e.actor])).toEqual([
      ["account.status", "Academy staff"],
      ["account.status", "Academy staff"],
    ]);
    for (const named of [admin.email, "Avery", "actor_id", "actor_email"]) expect(own.body).not.toContain(named);
    // Another person sees none of it.
    const stranger = await t.signUp("user");
    expect((await t.call("GET", "/v2/api/lambda/profile/activity", { token: stranger.token })).json().list).toEqual([]);
  });
});

describe("the activity log of content and settings", () => {
  it("logs CMS entries, pages and email templates: publish, unpublish, delete", async () => {
    const created = await t.call("POST", "/v2/api/lambda/cms", {
      token: admin.token,
      body: { page: "home", key: "hero_title", type: "text", value: "Train for the call" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const cmsId = created.json().data as number;
    await t.call("PUT", `/v2/api/lambda/cms/${cmsId}`, {
      token: admin.token,
      body: { page: "home", key: "hero_title", type: "text", value: "Answer the call" },
    });
    await t.call("DELETE", `/v4/api/records/cms/${cmsId}`, { token: admin.token });
    expect((await historyOf("cms", cmsId)).reverse().map((e) => [e.kind, e.before, e.after])).toEqual([
      ["content.publish", null, { page: "home", key: "hero_title", type: "text", value: "Train for the call" }],
      ["content.publish", { value: "Train for the call" }, { value: "Answer the call" }],
      ["content.delete", { page: "home", key: "hero_title", type: "text", value: "Answer the call" }, null],
    ]);

    const page = await t.call("POST", "/v4/api/records/pages", {
      token: admin.token,
      body: { slug: `about-${Date.now()}`, title: "About", body: "<p>Draft</p>", published: false },
    });
    const pageId = page.json().data as number;
    await t.call("PUT", `/v4/api/records/pages/${pageId}`, { token: admin.token, body: { body: "<p>Still a draft</p>" } });
    await t.call("PUT", `/v4/api/records/pages/${pageId}`, { token: admin.token, body: { published: true } });
    await t.call("PUT", `/v4/api/records/pages/${pageId}`, { token: admin.token, body: { published: false } });
    await t.call("DELETE", `/v4/api/records/pages/${pageId}`, { token: admin.token });
    // A draft's creation and edits are not logged; publishing, unpublishing and deleting are.
    expect((await historyOf("pages", pageId)).reverse().map((e) => [e.kind, e.after])).toEqual([
      ["content.publish", { published: true }],
      ["content.unpublish", { published: false }],
      ["content.delete", null],
    ]);

    const templates = await t.call("GET", "/v4/api/records/email", { token: admin.token, query: { filter: "slug,eq,welcome" } });
    const welcome = templates.json().list[0] as { id: number; subject: string };
    await t.call("PUT", `/v4/api/records/email/${welcome.id}`, { token: admin.token, body: { subject: "Welcome aboard" } });
    const [templateEntry] = await historyOf("email", welcome.id);
    expect(templateEntry).toMatchObject({
      kind: "content.publish",
      before: { subject: welcome.subject },
      after: { subject: "Welcome aboard" },
    });
  });

  it("logs blog posts going live, back to draft and deleted, and questions put into and taken out of quizzes", async () => {
    const B = "/v2/api/lambda/blog";
    const draft = await t.call("POST", `${B}/create`, { token: admin.token, body: { title: "Shift tips", body: "<p>Draft</p>" } });
    expect(draft.statusCode, draft.body).toBe(200);
    const postId = draft.json().model.id as number;
    const save = (status: string) =>
      t.call("POST", `${B}/edit/${postId}`, { token: admin.token, body: { title: "Shift tips", body: "<p>Text</p>", status } });
    expect((await save("draft")).statusCode).toBe(200);
    expect((await save("published")).statusCode).toBe(200);
    expect((await save("draft")).statusCode).toBe(200);
    expect((await t.call("DELETE", `${B}/delete/${postId}`, { token: admin.token })).statusCode).toBe(200);
    expect((await historyOf("blog_post", postId)).reverse().map((e) => [e.kind, e.summary])).toEqual([
      ["content.publish", "Blog post Shift tips published"],
      ["content.unpublish", "Blog post Shift tips back to draft"],
      ["content.delete", "Blog post Shift tips deleted"],
    ]);

    const A = "/v3/api/custom/academy-test/quiz/admin";
    const list = await t.call("GET", `${A}/questions`, { token: admin.token, query: { status: "active", limit: "1" } });
    const question = list.json().list[0] as { id: number };
    const status = (s: string) => t.call("PUT", `${A}/questions/${question.id}/status`, { token: admin.token, body: { status: s } });
    expect((await status("retired")).statusCode).toBe(200);
    expect((await status("review")).statusCode).toBe(200);
    expect((await status("active")).statusCode).toBe(200);
    // Retired to review keeps it out of quizzes: not a publish or unpublish.
    expect((await historyOf("question", question.id)).reverse().map((e) => [e.kind, e.before, e.after])).toEqual([
      ["content.unpublish", { status: "active" }, { status: "retired" }],
      ["content.publish", { status: "review" }, { status: "active" }],
    ]);
  });

  it("logs a library document unpublished and published again", async () => {
    const docs = await t.call("GET", "/v2/api/library/admin/documents", { token: admin.token });
    expect(docs.statusCode, docs.body).toBe(200);
    const doc = docs.json().list[0] as { id: number; title: string };
    const set = (status: string) => t.call("PUT", `/v2/api/library/admin/documents/${doc.id}`, { token: admin.token, body: { status } });
    expect((await set("unpublished")).statusCode).toBe(200);
    expect((await set("published")).statusCode).toBe(200);
    expect((await historyOf("library_document", doc.id)).reverse().map((e) => [e.kind, e.summary])).toEqual([
      ["content.unpublish", `Library document ${doc.title} unpublished`],
      ["content.publish", `Library document ${doc.title} published`],
    ]);
  });

  it("logs package changes as settings, and nothing a candidate writes", async () => {
    const list = await t.call("GET", "/v4/api/records/packages", { token: admin.token });
    const plan = list.json().list[0] as { id: number; name: string; quizzes_per_week: number | null };
    await t.call("PUT", `/v4/api/records/packages/${plan.id}`, { token: admin.token, body: { quizzes_per_week: 77 } });
    const [entry] = await historyOf("packages", plan.id);
    expect(entry).toMatchObject({
      kind: "settings.update",
      before: { quizzes_per_week: plan.quizzes_per_week },
      after: { quizzes_per_week: 77 },
    });

    const candidate = await t.signUp("user");
    const before = await entryCount();
    await t.call("POST", "/v4/api/records/schedule", {
      token: candidate.token,
      body: { meeting_start: "2030-01-01T10:00:00Z", meeting_end: "2030-01-01T11:00:00Z", meeting_details: "own" },
    });
    expect(await entryCount()).toBe(before);
  });
});

describe("the activity log of payment objects", () => {
  const { P, addCard, priceId } = paymentsHelpers(t);

  it("logs products and prices: added, renamed, archived, deleted; a refused change logs nothing", async () => {
    const made = await t.call("POST", `${P}/product`, { token: admin.token, body: { name: "Exam extras" } });
    expect(made.statusCode, made.body).toBe(200);
    const productId = made.json().data as number;
    await t.call("PUT", `${P}/product/${productId}`, { token: admin.token, body: { name: "Exam extras+" } });
    const price = await t.call("POST", `${P}/price`, {
      token: admin.token,
      body: { product_id: productId, name: "Mock pass", amount: 2500, type: "one_time" },
    });
    expect(price.statusCode, price.body).toBe(200);
    const id = price.json().data as number;
    await t.call("PUT", `${P}/price/${id}`, { token: admin.token, body: { status: 0 } });
    await t.call("DELETE", `${P}/price/${id}`, { token: admin.token });

    expect((await historyOf("stripe_product", productId)).reverse().map((e) => [e.kind, e.before, e.after])).toEqual([
      ["payments.product", null, { name: "Exam extras", package_id: null, status: 1 }],
      ["payments.product", { name: "Exam extras" }, { name: "Exam extras+" }],
    ]);
    const prices = (await historyOf("stripe_price", id)).reverse();
    expect(prices.map((e) => [e.kind, e.summary])).toEqual([
      ["payments.price", "Price Mock pass added"],
      ["payments.price", "Price Mock pass archived"],
      ["payments.price", "Price Mock pass deleted"],
    ]);
    expect(prices[1]).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
    expect(prices[2]!.before).toMatchObject({ name: "Mock pass", amount: 2500 });

    const before = await entryCount();
    const refused = await t.call("PUT", `${P}/product/${productId}`, { token: admin.token, body: { package_id: 999_999 } });
    expect(refused.statusCode).toBe(400);
    expect(await entryCount()).toBe(before);
  });

  it("logs a subscription set to end, resumed and ended by staff, for the subscriber to see", async () => {
    const subscriber = await t.signUp("user");
    await addCard(subscriber.token, CARDS.visa);
    const sub = await t.call("POST", `${P}/customer/subscription`, {
      token: subscriber.token,
      body: { price_id: await priceId("Core monthly") },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const subId = sub.json().model.id as number;
    const url = `${P}/subscription/${subId}`;
    expect((await t.call("PUT", url, { token: admin.token, body: { cancel_at_period_end: true } })).statusCode).toBe(200);
    expect((await t.call("PUT", url, { token: admin.token, body: { cancel_at_period_end: false } })).statusCode).toBe(200);
    expect((await t.call("DELETE", url, { token: admin.token })).statusCode).toBe(200);
    // Ending it twice is refused, and logs nothing.
    expect((await t.call("DELETE", url, { token: admin.token })).statusCode).toBe(409);

    const entries = (await historyOf("stripe_subscription", subId)).reverse();
    expect(entries.map((e) => [e.kind, e.after, e.subject_user_id])).toEqual([
      ["payments.subscription_end", { cancel_at_period_end: true }, subscriber.user_id],
      ["payments.subscription_end", { cancel_at_period_end: false }, subscriber.user_id],
      ["payments.subscription_end", { status: "canceled" }, subscriber.user_id],
    ]);
    const own = await t.call("GET", "/v2/api/lambda/profile/activity", { token: subscriber.token });
    expect(own.json().list).toHaveLength(3);
  });
});
