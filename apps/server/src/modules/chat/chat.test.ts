import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, rateLimits } from "../../db/schema/accounts.ts";
import { schedule } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { startMailServer } from "../../test/mail-server.ts";

const mail = await startMailServer();
const t = await createTestApp({
  SMTP_URL: mail.url,
  PUBLIC_URL: "https://academy.example",
  ADMIN_2FA_REQUIRED: "false",
  REALTIME_POLL_HOLD_MS: "300",
  REALTIME_MAX_POLLS_PER_USER: "2",
  CHAT_SEND_RATE_LIMIT: "8",
  CHAT_EMAIL_DELAY_MS: "400",
});
const R = "/v3/api/lambda/realtime";
const C = "/v2/api/lambda/subscription/channel";

type Person = { token: string; user_id: number; email: string };
type Msg = { id: number; message: string; user_id: number; timestamp: string; is_image: boolean };

/** A staff account of its own (support, who may write to anyone): a candidate made staff, signed in as staff. */
async function staff(): Promise<Person> {
  const who = await t.signUp("user");
  await t.db.update(users).set({ role: "admin", staffRole: "support" }).where(eq(users.id, who.user_id));
  const res = await t.call("POST", "/v2/api/lambda/login", { body: { email: who.email, password: who.password, role: "admin" } });
  expect(res.statusCode).toBe(200);
  return { ...(res.json() as { token: string; user_id: number }), email: who.email };
}

async function booked(candidate: Person, coach: Person) {
  const start = new Date(Date.now() + 3 * 86_400_000);
  await t.db.insert(schedule).values({
    userId: candidate.user_id,
    coachId: coach.user_id,
    meetingStart: start,
    meetingEnd: new Date(start.getTime() + 45 * 60_000),
  });
}

const open = (who: Person, other: Person | number) =>
  t.call("POST", `${R}/room`, {
    token: who.token,
    body: { user_id: who.user_id, other_user_id: typeof other === "number" ? other : other.user_id },
  });
const send = (who: Person, room: number, message: string) =>
  t.call("POST", `${R}/send`, { token: who.token, body: { room_id: room, message } });
const page = (who: Person, body: Record<string, unknown>) => t.call("POST", `${R}/chat`, { token: who.token, body });

let coach: Person;
let learner: Person;
let stranger: Person;
let room: number;

beforeAll(async () => {
  coach = await staff();
  learner = await t.signUp("user");
  stranger = await t.signUp("user");
  await booked(learner, coach);
  const res = await open(learner, coach);
  expect(res.statusCode).toBe(200);
  room = res.json().room_id;
  expect(res.json().chat_id).toBe(room);
});

describe("rooms", () => {
  it("a candidate opens a room only with a coach they booked; staff with anyone; one room per pair", async () => {
    const notTheirCoach = await open(stranger, coach);
    expect(notTheirCoach.statusCode).toBe(403);
    expect(notTheirCoach.json()).toMatchObject({
      error: true,
      message: "You can message a coach once you have booked a session with them",
    });
    const anotherCandidate = await open(stranger, learner);
    expect(anotherCandidate.statusCode).toBe(403);
    expect(anotherCandidate.json()).toMatchObject({ error: true, message: "You can only message your coach or staff support" });
    expect((await open(learner, learner)).statusCode).toBe(400);
    // Someone else's user_id.
    expect(
      (await t.call("POST", `${R}/room`, { token: stranger.token, body: { user_id: learner.user_id, other_user_id: coach.user_id } }))
        .statusCode,
    ).toBe(403);
    // The same pair from either side is the same room.
    expect((await open(coach, learner)).json().room_id).toBe(room);
    expect((await open(learner, coach)).json().room_id).toBe(room);
    const other = await t.signUp("user");
    const support = await open(coach, other);
    expect(support.statusCode).toBe(200);
    // Once staff opened it, the candidate finds it too.
    expect((await open(other, coach)).json().room_id).toBe(support.json().room_id);
    expect((await open(coach, 2_000_000)).statusCode).toBe(404);
  });

  it("membership is checked on every call", async () => {
    expect((await send(stranger, room, "hello")).statusCode).toBe(403);
    expect((await page(stranger, { room_id: room })).statusCode).toBe(403);
    expect((await t.call("GET", `${R}/room`, { token: stranger.token, query: { room_id: String(room) } })).statusCode).toBe(403);
    expect((await t.call("GET", `${R}/room/poll`, { token: stranger.token, query: { user_id: String(learner.user_id) } })).statusCode).toBe(
      403,
    );
    expect((await t.call("POST", `${C}/room`, { token: stranger.token, body: { room: `room:${room}` } })).statusCode).toBe(403);
    expect((await t.call("GET", `${C}/poll`, { token: stranger.token, query: { room: `user:${learner.user_id}` } })).statusCode).toBe(403);
    expect((await t.call("GET", `${C}/online`, { token: stranger.token, query: { room: `room:${room}` } })).statusCode).toBe(403);
    expect((await t.call("POST", `${C}/send`, { token: stranger.token, body: { room: `room:${room}`, payload: "x" } })).statusCode).toBe(
      403,
    );
    const list = (await t.call("GET", `${R}/room/my`, { token: stranger.token })).json();
    expect(list.list).toEqual([]);
    expect((await t.call("GET", `${R}/room/my`)).statusCode).toBe(401);
  });

  it("refuses empty, too long and fake image messages with a clear 400", async () => {
    const empty = await send(learner, room, "   ");
    expect(empty.statusCode).toBe(400);
    expect((await send(learner, room, "x".repeat(2001))).statusCode).toBe(400);
    const image = await t.call("POST", `${R}/send`, {
      token: learner.token,
      body: { room_id: room, message: "https://evil.example/a.png", is_image: true },
    });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toMatch(/Upload the image first/);
  });
});

describe("messages", () => {
  it("keeps order, pages backwards by date and counts unread", async () => {
    const pair = { a: await staff(), b: await t.signUp("user") };
    const r = (await open(pair.a, pair.b)).json().room_id as number;
    for (let i = 1; i <= 35; i += 1) {
      const res = await send(i % 2 ? pair.a : pair.b, r, `message ${i} <b>not bold</b>`);
      expect(res.statusCode).toBe(200);
      // The send limit is 8 per 10 s for each person: reset the windows between bursts.
      if (i % 6 === 0) await t.db.delete(rateLimits);
    }
    const mine = (await t.call("GET", `${R}/room/my`, { token: pair.b.token })).json();
    // b read its own room when sending; a's last message came after b's last one.
    expect(mine.list[0].room_id).toBe(r);
    expect(mine.list[0].last_message).toBe("message 35 <b>not bold</b>");
    expect(mine.list[0].unread).toBe(1);
    expect(mine.messages).toBe(1);
    const first = (await page(pair.b, { room_id: r })).json();
    expect(first.model).toHaveLength(30);
    expect(first.has_more).toBe(true);
    expect(first.model.map((m: Msg) => m.message.split(" ")[1])).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 6)));
    // Reading the newest page marked the room read.
    expect((await t.call("GET", `${R}/room/my`, { token: pair.b.token })).json().messages).toBe(0);
    const oldest = first.model[0] as Msg;
    const second = (await page(pair.b, { room_id: r, date: oldest.timestamp, before_id: oldest.id })).json();
    expect(second.has_more).toBe(false);
    expect(second.model.map((m: Msg) => m.message.split(" ")[1])).toEqual(["1", "2", "3", "4", "5"]);
    const one = (await t.call("GET", `${R}/room`, { token: pair.a.token, query: { room_id: String(r) } })).json();
    expect(one.model).toMatchObject({ room_id: r, other_user_id: pair.b.user_id, unread: 0 });
  });

  it("rate limits sends with 429", async () => {
    const pair = { a: await staff(), b: await t.signUp("user") };
    const r = (await open(pair.a, pair.b)).json().room_id as number;
    // The limit counts in fixed 10 s windows: start the flood early in one, so it cannot straddle two.
    const intoWindow = Date.now() % 10_000;
    if (intoWindow > 4_000) await new Promise((resolve) => setTimeout(resolve, 10_050 - intoWindow));
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) codes.push((await send(pair.a, r, `flood ${i}`)).statusCode);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(8);
    expect(codes).toContain(429);
  });
});

describe("long poll", () => {
  it("answers 408 TIMEOUT on an idle poll", async () => {
    const started = Date.now();
    const res = await t.call("GET", `${R}/room/poll`, { token: learner.token, query: { user_id: String(learner.user_id) } });
    expect(res.statusCode).toBe(408);
    expect(res.json()).toEqual({ error: true, message: "TIMEOUT" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it("delivers a message to a waiting poll, and shows the poller online", async () => {
    const waiting = t.call("GET", `${R}/room/poll`, { token: learner.token, query: { user_id: String(learner.user_id) } });
    await new Promise((r) => setTimeout(r, 60));
    const room1 = (await t.call("GET", `${R}/room/my`, { token: coach.token }))
      .json()
      .list.find((x: { room_id: number }) => x.room_id === room);
    expect(room1.online).toBe(true);
    expect((await send(coach, room, "are you there?")).statusCode).toBe(200);
    const res = await waiting;
    expect(res.statusCode).toBe(200);
    expect(res.json().model).toMatchObject({ message: "are you there?", user_id: coach.user_id, room_id: room });
    // Messages after a known id answer at once, without waiting.
    const since = (res.json().model as Msg).id - 1;
    const again = await t.call("GET", `${R}/room/poll`, {
      token: learner.token,
      query: { user_id: String(learner.user_id), after: String(since) },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().list.map((m: Msg) => m.message)).toEqual(["are you there?"]);
  });

  it("holds a bounded number of polls per user (429 over)", async () => {
    const polls = [0, 1, 2].map(() =>
      t.call("GET", `${R}/room/poll`, { token: stranger.token, query: { user_id: String(stranger.user_id) } }),
    );
    const codes = (await Promise.all(polls)).map((r) => r.statusCode).sort();
    expect(codes).toEqual([408, 408, 429]);
  });
});

describe("generic channels", () => {
  it("subscribe, poll, send, online and unsubscribe on a room channel", async () => {
    const channel = `room:${room}`;
    expect((await t.call("POST", `${C}/room`, { token: coach.token, body: { room: channel } })).statusCode).toBe(200);
    const waiting = t.call("GET", `${C}/poll`, { token: learner.token, query: { room: channel } });
    await new Promise((r) => setTimeout(r, 60));
    const sent = await t.call("POST", `${C}/send`, { token: coach.token, body: { room: channel, payload: { typing: true } } });
    expect(sent.statusCode).toBe(200);
    const got = await waiting;
    expect(got.statusCode).toBe(200);
    expect(got.json().list[0]).toMatchObject({ room: channel, user_id: coach.user_id, payload: { typing: true } });
    const online = (await t.call("GET", `${C}/online`, { token: learner.token, query: { room: channel } })).json();
    expect(online.list.map((u: { user_id: number }) => u.user_id).sort()).toEqual([coach.user_id, learner.user_id].sort());
    await t.call("GET", `${C}/unsubscribe`, { token: coach.token, query: { room: channel } });
    const after = (await t.call("GET", `${C}/online`, { token: learner.token, query: { room: channel } })).json();
    expect(after.list.map((u: { user_id: number }) => u.user_id)).toEqual([learner.user_id]);
    expect((await t.call("POST", `${C}/send`, { token: learner.token, body: { room: "announcements", payload: "hi" } })).statusCode).toBe(
      403,
    );
    expect((await t.call("POST", `${C}/room`, { token: learner.token, body: { room: "elsewhere" } })).statusCode).toBe(400);
  });
});

describe("email while away", () => {
  it("sends one mail after the delay for several unread messages, and another only after the reader came back", async () => {
    const pair = { a: await staff(), b: await t.signUp("user") };
    const r = (await open(pair.a, pair.b)).json().room_id as number;
    const mailsTo = async () =>
      t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, pair.b.email), eq(emailOutbox.templateSlug, "chat-unread")));
    await send(pair.a, r, "first while away");
    await send(pair.a, r, "second while away");
    expect(await mailsTo()).toHaveLength(1);
    const got = await mail.waitForMail(pair.b.email, () => t.app.mail.flush(), /wrote to you/);
    expect(got.text).toContain("first while away");
    // Read, then away again: one more mail; reading before the delay withdraws it.
    await page(pair.b, { room_id: r });
    await send(pair.a, r, "third");
    expect(await mailsTo()).toHaveLength(2);
    await page(pair.b, { room_id: r });
    expect(await mailsTo()).toHaveLength(1);
  });
});
