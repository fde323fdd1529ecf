import { describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openPostgres } from "../../db/client.ts";
import { PROJECT, TEST_ENV } from "../../test/app.ts";
import { createTestDatabase } from "../../test/database.ts";
import { createRedisBus } from "./bus.ts";

// PostgreSQL and Redis (both run wherever the tests run; CI starts Redis when it is missing):
// with REDIS_URL, news between instances goes over Redis pub/sub instead of LISTEN/NOTIFY.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("the Redis bus", () => {
  it("carries a signal from one instance's bus to another's subscribers, and nowhere else", async () => {
    const a = await createRedisBus(REDIS_URL);
    const b = await createRedisBus(REDIS_URL);
    try {
      const heard: string[] = [];
      const stop = b.subscribe(`user:test-${process.pid}`, () => heard.push("mine"));
      b.subscribe(`user:other-${process.pid}`, () => heard.push("other"));
      const sentAt = Date.now();
      await a.publish([`user:test-${process.pid}`]);
      await expect.poll(() => heard, { timeout: 2_000, interval: 10 }).toEqual(["mine"]);
      expect(Date.now() - sentAt).toBeLessThan(1_000);
      // After unsubscribing, a signal wakes no one.
      stop();
      await a.publish([`user:test-${process.pid}`]);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toEqual(["mine"]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("two instances on one PostgreSQL, signalling over Redis", () => {
  const config = loadConfig({ ...TEST_ENV, ADMIN_2FA_REQUIRED: "false", REALTIME_POLL_HOLD_MS: "5000", REDIS_URL });

  it("a message sent to one instance reaches a poller held by the other at once", async () => {
    const first = await createTestDatabase();
    const second = await openPostgres(first.connectionString!, { poolMax: 5, onError: () => {} });
    const one = await buildApp({ config, database: first, serveWeb: false });
    const two = await buildApp({ config, database: second, serveWeb: false });
    try {
      const headers = (token?: string) => ({ "x-project": PROJECT, ...(token ? { authorization: `Bearer ${token}` } : {}) });
      const reg = await one.inject({
        method: "POST",
        url: "/v2/api/lambda/register",
        headers: headers(),
        payload: {
          email: `redis-${Date.now()}@example.test`,
          password: "correct horse battery",
          first_name: "Ada",
          last_name: "Redis",
          role: "user",
        },
      });
      expect(reg.statusCode).toBe(200);
      const { token, user_id } = reg.json() as { token: string; user_id: number };
      const channel = `user:${user_id}`;
      // A listener on Redis itself: the signal must travel there, not over LISTEN/NOTIFY.
      const spy = await createRedisBus(REDIS_URL);
      const onRedis: string[] = [];
      spy.subscribe(channel, () => onRedis.push(channel));

      const waiting = one.inject({
        method: "GET",
        url: "/v2/api/lambda/subscription/channel/poll",
        query: { room: channel },
        headers: headers(token),
      });
      await new Promise((r) => setTimeout(r, 300));
      const sentAt = Date.now();
      const sent = await two.inject({
        method: "POST",
        url: "/v2/api/lambda/subscription/channel/send",
        headers: headers(token),
        payload: { room: channel, payload: "over redis" },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const got = await waiting;
      expect(got.statusCode, got.body).toBe(200);
      expect(got.json().list[0]).toMatchObject({ payload: "over redis", user_id });
      // Long before the 5 s hold would have ended: the signal crossed.
      expect(Date.now() - sentAt).toBeLessThan(2_000);
      await expect.poll(() => onRedis.length, { timeout: 2_000 }).toBeGreaterThan(0);
      await spy.close();
    } finally {
      await one.close();
      await two.close();
      await second.close();
      await first.close();
    }
  });
});
