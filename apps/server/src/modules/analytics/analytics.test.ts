import { randomUUID } from "node:crypto";
import { ANALYTICS_MAX_EVENTS_PER_BATCH, ANALYTICS_MAX_HTML_COPY } from "@academy/contract/constants";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents, analyticsSessions } from "../../db/schema/analytics.ts";
import { stripeSubscriptions } from "../../db/schema/payments.ts";
import { onboardingProfiles, quizzes } from "../../db/schema/quiz.ts";
import { createTestApp, PROJECT } from "../../test/app.ts";
import { pruneSessions } from "./service.ts";

const t = await createTestApp({ ANALYTICS_INGEST_RATE_LIMIT: "6" });
const L = "/v2/api/lambda";
const INGEST = `${L}/analytics/user-sessions`;
const admin = await t.signUp("admin");

/** A candidate who agreed to recording, with an ingest token. */
async function recordedUser() {
  const u = await t.signUp("user");
  expect((await t.call("PUT", `${L}/analytics/consent`, { token: u.token, body: { granted: true } })).statusCode).toBe(200);
  const issued = await t.call("POST", `${L}/analytics/ingest-token`, { token: u.token });
  expect(issued.statusCode, issued.body).toBe(200);
  return { ...u, ingest: issued.json().token as string };
}

const batch = (overrides: Record<string, unknown> = {}) => {
  const now = Date.now();
  return {
    session_id: randomUUID(),
    status: "active",
    screen_width: 390,
    screen_height: 844,
    screen_size: "small",
    start_time: now - 60_000,
    end_time: now,
    events: [
      { type: "pageview", at: now - 50_000, path: "/user/dashboard" },
      { type: "click", at: now - 40_000, path: "/user/dashboard", target: 'button "Start review"' },
    ],
    ...overrides,
  };
};

/** A beacon as the browser sends it: text/plain, no project header, no Authorization. */
const beacon = (body: unknown) =>
  t.app.inject({
    method: "POST",
    url: INGEST,
    headers: { "content-type": "text/plain;charset=UTF-8" },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

const sessionRow = async (sessionId: string) =>
  (await t.db.select().from(analyticsSessions).where(eq(analyticsSessions.sessionId, sessionId)))[0];
const eventsOf = async (pk: number) =>
  t.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionPk, pk)).orderBy(analyticsEvents.id);

describe("consent", () => {
  it("gives no ingest token and stores nothing until the person agrees; withdrawing stops it again", async () => {
    const u = await t.signUp("user");
    expect((await t.call("GET", `${L}/analytics/consent`, { token: u.token })).json()).toMatchObject({ granted: null });
    expect((await t.call("POST", `${L}/analytics/ingest-token`, { token: u.token })).statusCode).toBe(403);
    const b = batch();
    const refused = await t.call("POST", INGEST, { token: u.token, body: b });
    expect(refused.statusCode).toBe(403);
    expect(await sessionRow(b.session_id)).toBeUndefined();

    await t.call("PUT", `${L}/analytics/consent`, { token: u.token, body: { granted: true } });
    expect((await t.call("POST", INGEST, { token: u.token, body: b })).statusCode).toBe(200);
    await t.call("PUT", `${L}/analytics/consent`, { token: u.token, body: { granted: false } });
    expect((await t.call("GET", `${L}/analytics/consent`, { token: u.token })).json()).toMatchObject({ granted: false });
    expect((await t.call("POST", INGEST, { token: u.token, body: batch() })).statusCode).toBe(403);
  });
});

describe("ingest", () => {
  it("takes a beacon batch named by its ingest token, and adds later batches to the same session", async () => {
    const u = await recordedUser();
    const b = batch({ ingest_token: u.ingest, user_id: u.user_id });
    const res = await beacon(b);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ error: false, session_id: b.session_id, accepted: 2 });
    const second = await beacon({
      ...b,
      status: "ended",
      end_time: Date.now(),
      events: [{ type: "scroll", at: Date.now(), path: "/user/dashboard", data: { depth: 80 } }],
    });
    expect(second.statusCode, second.body).toBe(200);
    const row = await sessionRow(b.session_id);
    expect(row).toMatchObject({ userId: u.user_id, status: "ended", eventCount: 3, screenSize: "small", screenWidth: 390 });
    expect((await eventsOf(row!.id)).map((e) => e.type)).toEqual(["pageview", "click", "scroll"]);
  });

  it("scrubs emails, tokens and card numbers from every string it stores, and keeps the rest", async () => {
    const u = await recordedUser();
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMiLCJyb2xlIjoidXNlciJ9.c2lnbmF0dXJlLWhlcmUtMTIz";
    const b = batch({
      ingest_token: u.ingest,
      events: [
        { type: "pageview", at: Date.now() - 1000, path: "/user/reset/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" },
        { type: "click", at: Date.now() - 900, path: "/user/profile", target: "a mailto:jane.doe@example.com" },
        {
          type: "click",
          at: Date.now() - 800,
          path: "/user/card-details",
          target: "div 4242 4242 4242 4242",
          data: { note: `Bearer ${jwt}`, key: "QWxhZGRpbjpPcGVuU2VzYW1lMTIzNDU2Nzg5MGFiY2Rl", count: 12, phone: "1234 5678 9012 3456" },
        },
      ],
      html_copy: `<main><p>Signed in as jane.doe@example.com</p><p>card 4000-0000-0000-0002</p><p>ref ${jwt}</p><h1>Your readiness</h1></main>`,
    });
    const res = await beacon(b);
    expect(res.statusCode, res.body).toBe(200);
    const row = (await sessionRow(b.session_id))!;
    const events = await eventsOf(row.id);
    const stored = JSON.stringify({ events, html: row.htmlCopy });
    for (const secret of [
      "jane.doe@example.com",
      "4242 4242 4242 4242",
      "4000-0000-0000-0002",
      jwt,
      "9f86d081884c7d659a2feaa0",
      "QWxhZGRpbjpPcGVu",
    ])
      expect(stored).not.toContain(secret);
    expect(events[0]!.path).toBe("/user/reset/[token]");
    expect(events[1]!.target).toBe("a mailto:[email]");
    expect(events[2]!.target).toBe("div [card]");
    expect(events[2]!.data).toEqual({ note: "Bearer [token]", key: "[token]", count: 12, phone: "1234 5678 9012 3456" });
    expect(row.htmlCopy).toBe("<main><p>Signed in as [email]</p><p>card [card]</p><p>ref [token]</p><h1>Your readiness</h1></main>");
  });

  it("bounds a batch: too many events or too long an html_copy is 400, too many bytes 413, malformed 400; nothing stored", async () => {
    const u = await recordedUser();
    const many = batch({
      ingest_token: u.ingest,
      events: Array.from({ length: ANALYTICS_MAX_EVENTS_PER_BATCH + 1 }, () => ({ type: "click", at: Date.now(), path: "/" })),
    });
    const tooMany = await beacon(many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/events/);
    const longCopy = batch({ ingest_token: u.ingest, html_copy: "x".repeat(ANALYTICS_MAX_HTML_COPY + 1) });
    const tooLong = await beacon(longCopy);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/html_copy|characters/);
    const huge = await beacon({ ...batch({ ingest_token: u.ingest }), padding: "y".repeat(300 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: true, message: expect.any(String) });
    expect((await beacon("{not json")).statusCode).toBe(400);
    const unknownKey = await beacon({ ...batch({ ingest_token: u.ingest }), password: "x" });
    expect(unknownKey.statusCode).toBe(400);
    const future = await beacon(batch({ ingest_token: u.ingest, events: [{ type: "click", at: Date.now() + 3_600_000, path: "/" }] }));
    expect(future.statusCode).toBe(400);
    for (const b of [many, longCopy]) expect(await sessionRow(b.session_id)).toBeUndefined();
  });

  it("refuses a batch for another user, a session of another user, and a forged or revoked token", async () => {
    const a = await recordedUser();
    const b = await recordedUser();
    const forOther = batch({ ingest_token: a.ingest, user_id: b.user_id });
    expect((await beacon(forOther)).statusCode).toBe(403);
    expect(await sessionRow(forOther.session_id)).toBeUndefined();

    const mine = batch({ ingest_token: a.ingest });
    expect((await beacon(mine)).statusCode).toBe(200);
    const hijack = await beacon({ ...mine, ingest_token: b.ingest, html_copy: "<p>b was here</p>" });
    expect(hijack.statusCode).toBe(403);
    const row = (await sessionRow(mine.session_id))!;
    expect(row).toMatchObject({ userId: a.user_id, eventCount: 2, htmlCopy: null });

    const [head, user, version, expiry] = a.ingest.split(".");
    const forged = `${head}.${b.user_id}.${version}.${expiry}.${a.ingest.split(".")[4]}`;
    expect(user).toBe(String(a.user_id));
    expect((await beacon(batch({ ingest_token: forged }))).statusCode).toBe(401);
    // An access token is no ingest token.
    expect((await beacon(batch({ ingest_token: a.token }))).statusCode).toBe(401);
    expect((await beacon(batch())).statusCode).toBe(401);
    await t.call("POST", `${L}/logout`, { token: a.token });
    expect((await beacon(batch({ ingest_token: a.ingest }))).statusCode).toBe(401);
  });

  it("limits batches per person a minute (429 with Retry-After)", async () => {
    const u = await recordedUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await beacon(batch({ ingest_token: u.ingest }))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // Over the limit: nothing of the batch is stored, and the answer says when to try again.
    const over = batch({ ingest_token: u.ingest });
    const refused = await beacon(over);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(await sessionRow(over.session_id)).toBeUndefined();
    // Refused batches count too: a sender who keeps going stays refused.
    expect((await beacon(batch({ ingest_token: u.ingest }))).statusCode).toBe(429);
    const other = await recordedUser();
    expect((await beacon(batch({ ingest_token: other.ingest }))).statusCode).toBe(200);
  });

  it("asks for the project header when the batch comes with an Authorization header", async () => {
    const u = await recordedUser();
    const res = await t.app.inject({ method: "POST", url: INGEST, headers: { authorization: `Bearer ${u.token}` }, payload: batch() });
    expect(res.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: "POST",
      url: INGEST,
      headers: { authorization: `Bearer ${u.token}`, "x-project": PROJECT },
      payload: batch(),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe("reading and deleting", () => {
  it("shows a person only their own sessions, staff everyone's with the timeline; the person deletes theirs", async () => {
    const a = await recordedUser();
    const b = await recordedUser();
    const first = batch({ ingest_token: a.ingest });
    const second = batch({ ingest_token: a.ingest, screen_width: 1280, screen_height: 800 });
    const others = batch({ ingest_token: b.ingest });
    for (const x of [first, second, others]) expect((await beacon(x)).statusCode).toBe(200);

    const mine = (await t.call("GET", `${L}/user-sessions/data`, { token: a.token })).json();
    expect(mine.total).toBe(2);
    expect(mine.list.map((s: { session_id: string }) => s.session_id).sort()).toEqual([first.session_id, second.session_id].sort());
    expect(mine.list.find((s: { session_id: string }) => s.session_id === second.session_id).screen_size).toBe("large");
    // user_id from a candidate is ignored: still their own.
    expect((await t.call("GET", `${L}/user-sessions/data`, { token: a.token, query: { user_id: String(b.user_id) } })).json().total).toBe(
      2,
    );

    const staff = (await t.call("GET", `${L}/user-sessions/data`, { token: admin.token, query: { user_id: String(b.user_id) } })).json();
    expect(staff.list.map((s: { session_id: string }) => s.session_id)).toEqual([others.session_id]);
    const othersId = staff.list[0].id as number;
    const timeline = (await t.call("GET", `${L}/user-sessions/${othersId}`, { token: admin.token })).json().model;
    expect(timeline.events.map((e: { type: string; path: string }) => `${e.type} ${e.path}`)).toEqual([
      "pageview /user/dashboard",
      "click /user/dashboard",
    ]);
    expect(timeline.page_count).toBe(1);
    expect((await t.call("GET", `${L}/user-sessions/${othersId}`, { token: a.token })).statusCode).toBe(404);
    expect((await t.call("DELETE", `${L}/user-sessions/${othersId}`, { token: a.token })).statusCode).toBe(404);

    const firstId = mine.list.find((s: { session_id: string }) => s.session_id === first.session_id).id;
    const del = await t.call("DELETE", `${L}/user-sessions/${firstId}`, { token: a.token });
    expect(del.json()).toMatchObject({ deleted: 1 });
    expect(await sessionRow(first.session_id)).toBeUndefined();
    const all = await t.call("DELETE", `${L}/user-sessions`, { token: a.token });
    expect(all.json()).toMatchObject({ deleted: 1 });
    expect((await t.call("GET", `${L}/user-sessions/data`, { token: a.token })).json().total).toBe(0);
    expect(await sessionRow(others.session_id)).toBeDefined();
    const leftover = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .innerJoin(analyticsSessions, eq(analyticsSessions.id, analyticsEvents.sessionPk))
      .where(eq(analyticsSessions.userId, a.user_id));
    expect(leftover[0]!.n).toBe(0);
  });

  it("keeps the staff figures for staff only", async () => {
    const u = await recordedUser();
    expect((await t.call("GET", `${L}/analytics/overview`, { token: u.token })).statusCode).toBe(403);
    expect((await t.call("GET", `${L}/user-sessions/data`)).statusCode).toBe(401);
  });
});

describe("staff figures", () => {
  it("counts sessions per day, pages, screen sizes and the funnel from real data", async () => {
    const before = (await t.call("GET", `${L}/analytics/overview`, { token: admin.token, query: { days: "7" } })).json();
    const step = (o: { funnel: { step: string; people: number }[] }, s: string) => o.funnel.find((f) => f.step === s)!.people;

    // Four new candidates: one stops after sign-up, one after onboarding, one after a quiz, one subscribes.
    const people = [await recordedUser(), await recordedUser(), await recordedUser(), await recordedUser()];
    for (const p of people.slice(1)) await t.db.insert(onboardingProfiles).values({ userId: p.user_id, data: {} as never });
    for (const p of people.slice(2))
      await t.db.insert(quizzes).values({
        userId: p.user_id,
        title: "Practice",
        trackSlug: "ems",
        blueprintVersion: 1,
        settings: {} as never,
        mode: "practice",
        seed: 1,
        status: "submitted",
        total: 5,
      });
    // A subscriber who never finished onboarding does not count for the last step.
    await t.db
      .insert(stripeSubscriptions)
      .values({ userId: people[3]!.user_id, stripeId: `sub_${randomUUID()}`, status: "active", object: {} });
    await t.db
      .insert(stripeSubscriptions)
      .values({ userId: people[0]!.user_id, stripeId: `sub_${randomUUID()}`, status: "active", object: {} });

    for (const [p, width] of [
      [people[0]!, 390],
      [people[1]!, 800],
      [people[1]!, 1440],
    ] as const) {
      const now = Date.now();
      const b = batch({
        ingest_token: p.ingest,
        screen_width: width,
        events: [
          { type: "pageview", at: now - 3000, path: "/user/onboarding/singlequiz/41" },
          { type: "pageview", at: now - 2000, path: "/user/onboarding/singlequiz/42" },
          { type: "pageview", at: now - 1000, path: "/user/dashboard" },
        ],
      });
      expect((await beacon(b)).statusCode).toBe(200);
    }

    const after = (await t.call("GET", `${L}/analytics/overview`, { token: admin.token, query: { days: "7" } })).json();
    expect(step(after, "signed_up") - step(before, "signed_up")).toBe(4);
    expect(step(after, "onboarded") - step(before, "onboarded")).toBe(3);
    expect(step(after, "first_quiz") - step(before, "first_quiz")).toBe(2);
    expect(step(after, "subscribed") - step(before, "subscribed")).toBe(1);

    const size = (o: { screen_sizes: { screen_size: string; sessions: number }[] }, s: string) =>
      o.screen_sizes.find((x) => x.screen_size === s)!.sessions;
    expect(size(after, "small") - size(before, "small")).toBe(1);
    expect(size(after, "medium") - size(before, "medium")).toBe(1);
    expect(size(after, "large") - size(before, "large")).toBe(1);

    const views = (o: { pages: { path: string; views: number }[] }, p: string) => o.pages.find((x) => x.path === p)?.views ?? 0;
    expect(views(after, "/user/onboarding/singlequiz/:id") - views(before, "/user/onboarding/singlequiz/:id")).toBe(6);
    const today = new Date().toISOString().slice(0, 10);
    const day = (o: { sessions_per_day: { day: string; sessions: number }[] }) =>
      o.sessions_per_day.find((d) => d.day === today)?.sessions ?? 0;
    expect(day(after) - day(before)).toBe(3);
    expect((await t.call("GET", `${L}/analytics/overview`, { token: admin.token, query: { days: "9999" } })).statusCode).toBe(400);
  });
});

describe("retention", () => {
  it("deletes sessions and events past the retention period and keeps the rest; passes running at once do not clash", async () => {
    const u = await recordedUser();
    const oldOne = batch({ ingest_token: u.ingest });
    const fresh = batch({ ingest_token: u.ingest });
    for (const b of [oldOne, fresh]) expect((await beacon(b)).statusCode).toBe(200);
    const day = 24 * 3600_000;
    await t.db
      .update(analyticsSessions)
      .set({ lastSeenAt: new Date(Date.now() - 40 * day) })
      .where(eq(analyticsSessions.sessionId, oldOne.session_id));
    // An old event of a session still going is dropped on its own.
    const freshRow = (await sessionRow(fresh.session_id))!;
    await t.db.insert(analyticsEvents).values({ sessionPk: freshRow.id, type: "click", at: new Date(Date.now() - 40 * day), path: "/old" });
    await t.db
      .update(analyticsSessions)
      .set({ eventCount: freshRow.eventCount + 1 })
      .where(eq(analyticsSessions.id, freshRow.id));

    const results = await Promise.all([pruneSessions(t.db, 30), pruneSessions(t.db, 30)]);
    const done = results.filter((r) => r !== null);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(done.reduce((n, r) => n + r!.sessions, 0)).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(oldOne.session_id)).toBeUndefined();
    expect(await sessionRow(fresh.session_id)).toBeDefined();
    expect((await eventsOf(freshRow.id)).map((e) => e.path)).toEqual(["/user/dashboard", "/user/dashboard"]);
    // The kept session counts the events it still holds (the old one inserted above is gone).
    expect((await sessionRow(fresh.session_id))!.eventCount).toBe(2);
  });
});
