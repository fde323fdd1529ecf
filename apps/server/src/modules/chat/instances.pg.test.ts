import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openPostgres } from "../../db/client.ts";
import { schedule } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { PROJECT, TEST_ENV } from "../../test/app.ts";
import { createTestDatabase } from "../../test/database.ts";

// Two app instances, each with its own pool and its own LISTEN connection, on one PostgreSQL.
const config = loadConfig({ ...TEST_ENV, ADMIN_2FA_REQUIRED: "false", REALTIME_POLL_HOLD_MS: "5000", CHAT_EMAIL_DELAY_MS: "600000" });
const first = await createTestDatabase();
const second = await openPostgres(first.connectionString!, { poolMax: 5, onError: () => {} });
const one = await buildApp({ config, database: first, serveWeb: false });
const two = await buildApp({ config, database: second, serveWeb: false });
afterAll(async () => {
  await one.close();
  await two.close();
  await second.close();
  await first.close();
});

type App = typeof one;
const call = (app: App, method: "GET" | "POST", url: string, token?: string, body?: object, query?: Record<string, string>) =>
  app.inject({
    method,
    url,
    query,
    headers: { "x-project": PROJECT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { payload: body } : {}),
  });

async function register(app: App, n: number) {
  const email = `instances-${n}-${Date.now()}@example.test`;
  const res = await call(app, "POST", "/v2/api/lambda/register", undefined, {
    email,
    password: "correct horse battery",
    first_name: "Pat",
    last_name: `Number ${n}`,
    role: "user",
  });
  expect(res.statusCode).toBe(200);
  return { ...(res.json() as { token: string; user_id: number }), email };
}

describe("chat across two instances on one PostgreSQL", () => {
  it("a message sent to one instance reaches a poller held by the other at once, and presence is shared", async () => {
    const learner = await register(one, 1);
    const coachAccount = await register(two, 2);
    await first.db.update(users).set({ role: "admin", staffRole: "coach" }).where(eq(users.id, coachAccount.user_id));
    const login = await call(two, "POST", "/v2/api/lambda/login", undefined, {
      email: coachAccount.email,
      password: "correct horse battery",
      role: "admin",
    });
    const coach = login.json() as { token: string; user_id: number };
    const start = new Date(Date.now() + 86_400_000);
    await first.db
      .insert(schedule)
      .values({ userId: learner.user_id, coachId: coach.user_id, meetingStart: start, meetingEnd: new Date(start.getTime() + 1_800_000) });
    const room = (
      await call(one, "POST", "/v3/api/lambda/realtime/room", learner.token, { user_id: learner.user_id, other_user_id: coach.user_id })
    ).json().room_id as number;

    // The learner waits on instance one.
    const waiting = call(one, "GET", "/v3/api/lambda/realtime/room/poll", learner.token, undefined, { user_id: String(learner.user_id) });
    await new Promise((r) => setTimeout(r, 300));
    // Instance two sees the learner online.
    const rooms = (await call(two, "GET", "/v3/api/lambda/realtime/room/my", coach.token)).json();
    expect(rooms.list[0]).toMatchObject({ room_id: room, online: true });

    // The coach sends through instance two.
    const sentAt = Date.now();
    const sent = await call(two, "POST", "/v3/api/lambda/realtime/send", coach.token, {
      room_id: room,
      message: "hello from the other instance",
    });
    expect(sent.statusCode).toBe(200);
    const got = await waiting;
    const took = Date.now() - sentAt;
    expect(got.statusCode).toBe(200);
    expect(got.json().model).toMatchObject({ message: "hello from the other instance", user_id: coach.user_id });
    // Long before the 5 s hold would have ended: the signal crossed, not a timeout re-read.
    expect(took).toBeLessThan(2_000);

    // A generic channel crosses too.
    const channel = `room:${room}`;
    const chWait = call(two, "GET", "/v2/api/lambda/subscription/channel/poll", coach.token, undefined, { room: channel });
    await new Promise((r) => setTimeout(r, 300));
    const online = (
      await call(one, "GET", "/v2/api/lambda/subscription/channel/online", learner.token, undefined, { room: channel })
    ).json();
    expect(online.list.map((u: { user_id: number }) => u.user_id)).toContain(coach.user_id);
    expect(
      (await call(one, "POST", "/v2/api/lambda/subscription/channel/send", learner.token, { room: channel, payload: "typing" })).statusCode,
    ).toBe(200);
    const chGot = await chWait;
    expect(chGot.statusCode).toBe(200);
    expect(chGot.json().list[0]).toMatchObject({ payload: "typing", user_id: learner.user_id });
  });
});
