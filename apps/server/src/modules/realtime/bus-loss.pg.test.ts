import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { PROJECT, TEST_ENV } from "../../test/app.ts";
import { createTestDatabase } from "../../test/database.ts";

// A Redis of this test's own (the machine's redis-server on a free port), so it can be stopped:
// a message saved while the realtime bus is lost is still answered 200, readiness says the bus is
// lost, and a shutting-down instance answers its held polls at once instead of waiting them out.
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "pipe",
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("Ready to accept connections") && resolve());
    child.on("exit", (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  return child;
}

const redis: ChildProcess[] = [];
afterAll(() => {
  for (const r of redis) r.kill("SIGKILL");
});

const headers = (token?: string) => ({ "x-project": PROJECT, ...(token ? { authorization: `Bearer ${token}` } : {}) });

describe("the realtime bus lost, and an instance shutting down", () => {
  it("saves and answers a message while Redis is down, says so on /readyz, and answers held polls when it closes", async () => {
    const port = await freePort();
    const server = await startRedis(port);
    redis.push(server);
    const config = loadConfig({
      ...TEST_ENV,
      ADMIN_2FA_REQUIRED: "false",
      REALTIME_POLL_HOLD_MS: "20000",
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    const database = await createTestDatabase();
    const app = await buildApp({ config, database, serveWeb: false });
    let closed = false;
    try {
      const reg = await app.inject({
        method: "POST",
        url: "/v2/api/lambda/register",
        headers: headers(),
        payload: {
          email: `bus-loss-${Date.now()}@example.test`,
          password: "correct horse battery",
          first_name: "Bo",
          last_name: "Lost",
          role: "user",
        },
      });
      expect(reg.statusCode, reg.body).toBe(200);
      const { token, user_id } = reg.json() as { token: string; user_id: number };
      const channel = `user:${user_id}`;
      expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready" });

      server.kill("SIGKILL");
      await new Promise((r) => server.once("exit", r));
      await expect
        .poll(async () => (await app.inject({ method: "GET", url: "/readyz" })).json(), { timeout: 5_000 })
        .toEqual({ status: "degraded", reason: expect.stringMatching(/Redis/) });

      const sent = await app.inject({
        method: "POST",
        url: "/v2/api/lambda/subscription/channel/send",
        headers: headers(token),
        payload: { room: channel, payload: "saved while the bus is down" },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      // Saved: a poll from before it reads it.
      const read = await app.inject({
        method: "GET",
        url: "/v2/api/lambda/subscription/channel/poll",
        query: { room: channel, after: "0" },
        headers: headers(token),
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().list.map((e: { payload: string }) => e.payload)).toContain("saved while the bus is down");

      // A poll held for up to 20 s is answered as soon as the instance starts closing.
      const held = app.inject({
        method: "GET",
        url: "/v2/api/lambda/subscription/channel/poll",
        query: { room: channel },
        headers: headers(token),
      });
      await new Promise((r) => setTimeout(r, 300));
      const closingAt = Date.now();
      await app.close();
      closed = true;
      const answer = await held;
      expect(answer.statusCode).toBe(408);
      expect(Date.now() - closingAt).toBeLessThan(5_000);
    } finally {
      if (!closed) await app.close();
      await database.close();
    }
  });
});
