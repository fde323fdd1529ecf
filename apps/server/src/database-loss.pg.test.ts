import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openPostgres } from "./db/client.ts";
import { PROJECT, TEST_ENV } from "./test/app.ts";
import { databaseUrl, templateName } from "./test/database.ts";

const base = process.env.TEST_DATABASE_URL ?? "";
const name = `${templateName()}_loss_${randomBytes(3).toString("hex")}`;

async function client(url = base) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

describe("database loss on PostgreSQL", async () => {
  const admin = await client();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName()}`);
  const database = await openPostgres(databaseUrl(base, name), { poolMax: 4, statementTimeoutMs: 1_000, onError: () => {} });
  const app = await buildApp({ config: loadConfig({ ...TEST_ENV }), database, serveWeb: false });
  afterAll(async () => {
    await app.close();
    await database.close().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const call = (method: "GET" | "POST", url: string, body?: object, token?: string) =>
    app.inject({
      method,
      url,
      headers: { "x-project": PROJECT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { payload: body } : {}),
    });
  const signUp = async () => {
    const res = await call("POST", "/v2/api/lambda/register", {
      email: `loss-${Date.now()}-${Math.random()}@example.test`,
      password: "correct horse battery",
      role: "user",
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string };
  };
  /** Holds an exclusive lock on a table (the accounts table unless named) from another session until released. */
  const lockAccounts = async (table = "user") => {
    const holder = await client(databaseUrl(base, name));
    await holder.query(`BEGIN; LOCK TABLE "${table}" IN ACCESS EXCLUSIVE MODE`);
    return async () => {
      await holder.query("ROLLBACK").catch(() => {});
      await holder.end();
    };
  };

  it("a frozen table cannot hold a request longer than the statement timeout: 503", async () => {
    const { token } = await signUp();
    const release = await lockAccounts();
    try {
      const started = Date.now();
      const res = await call("GET", "/v2/api/lambda/profile", undefined, token);
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBeDefined();
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await release();
    }
    expect((await call("GET", "/v2/api/lambda/profile", undefined, token)).statusCode).toBe(200);
  });

  it("a transaction whose connection is terminated answers 503, its rollback on the dead connection too", async () => {
    const release = await lockAccounts();
    try {
      const pending = call("POST", "/v2/api/lambda/register", {
        email: `cut-${Date.now()}@example.test`,
        password: "correct horse battery",
        role: "user",
      });
      // Wait until the sign-up's transaction waits on the lock, then cut its connection.
      const deadline = Date.now() + 5_000;
      let cut = 0;
      while (cut === 0 && Date.now() < deadline) {
        const r = await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
          [name],
        );
        cut = r.rowCount ?? 0;
        if (cut === 0) await new Promise((r) => setTimeout(r, 20));
      }
      expect(cut).toBeGreaterThan(0);
      const res = await pending;
      expect(res.statusCode).toBe(503);
    } finally {
      await release();
    }
    // The pool replaces the lost connection: the next sign-up works.
    await signUp();
  });

  it("a sign-up that committed is never answered 503 when the database fails after it", async () => {
    const reader = await client(databaseUrl(base, name));
    const planId = (await reader.query(`SELECT id FROM stripe_price WHERE name = 'Premium monthly'`)).rows[0]?.id as number;
    await reader.end();
    expect(planId).toBeGreaterThan(0);
    const email = `saved-${Date.now()}@example.test`;
    // Register-and-subscribe checks the plan, commits the account, then reads the user's
    // subscriptions: frozen, that read times out after the account is saved.
    const release = await lockAccounts("stripe_subscription");
    let res: Awaited<ReturnType<typeof call>>;
    try {
      res = await call("POST", "/v2/api/lambda/stripe/customer/register-subscribe", {
        email,
        password: "correct horse battery",
        price_id: planId,
      });
    } finally {
      await release();
    }
    expect(res.statusCode).not.toBe(503);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: true, code: "WRITE_SAVED" });
    expect(res.headers["retry-after"]).toBeUndefined();
    // The account is there: the person signs in rather than signing up again.
    const login = await call("POST", "/v2/api/lambda/login", { email, password: "correct horse battery", role: "user" });
    expect(login.statusCode).toBe(200);

    // Frozen before anything was saved, the same call is still a 503 and makes no account.
    const other = `unsaved-${Date.now()}@example.test`;
    const releasePrices = await lockAccounts("stripe_price");
    try {
      const refused = await call("POST", "/v2/api/lambda/stripe/customer/register-subscribe", {
        email: other,
        password: "correct horse battery",
        price_id: planId,
      });
      expect(refused.statusCode).toBe(503);
    } finally {
      await releasePrices();
    }
    const none = await call("POST", "/v2/api/lambda/login", { email: other, password: "correct horse battery", role: "user" });
    expect(none.statusCode).toBe(403);
  });
});
