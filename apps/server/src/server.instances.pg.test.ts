import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATION_LOCK } from "./db/client.ts";
import { SERVER_DIR } from "./paths.ts";
import { PROJECT, TEST_ENV } from "./test/app.ts";
import { databaseUrl } from "./test/database.ts";
import { freePorts } from "./test/free-port.ts";

const entry = path.join(SERVER_DIR, "src/server.ts");
const base = process.env.TEST_DATABASE_URL ?? "";
const name = `academy_fresh_${randomBytes(4).toString("hex")}`;

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(() => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

function start(port: number, env: Record<string, string> = {}, database = name) {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: {
      ...process.env,
      ...TEST_ENV,
      LOG_LEVEL: "info",
      DATABASE_URL: databaseUrl(base, database),
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output, port };
}

async function ready(server: ReturnType<typeof start>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`instance on ${server.port} exited ${server.child.exitCode}:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on ${server.port} not ready:\n${server.output()}`);
}

describe("several instances on one empty PostgreSQL", () => {
  it("all come up when started at the same moment; one seeds, none logs a password hash", async () => {
    await admin((c) => c.query(`CREATE DATABASE ${name}`));
    const port = await freePorts(2);
    const instances = [start(port), start(port + 1)];
    try {
      await Promise.all(instances.map((s) => ready(s, 60_000)));
      const outputs = instances.map((s) => s.output());
      // Exactly one of them seeded the accounts; the other found them.
      expect(outputs.filter((o) => o.includes("admin@rescue-academy.local")).length).toBe(1);
      for (const o of outputs) expect(o).not.toContain("$argon2");
      const users = await admin(async () => {
        const c = new pg.Client({ connectionString: databaseUrl(base, name) });
        await c.connect();
        try {
          return (await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM "user"`)).rows[0]?.n;
        } finally {
          await c.end();
        }
      });
      // The admin, the demo candidate and the two demo coaches, each once.
      expect(users).toBe("4");
      // Both serve the same data.
      for (const s of instances) {
        const res = await fetch(`http://127.0.0.1:${s.port}/v2/api/lambda/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-project": PROJECT },
          body: JSON.stringify({ email: "candidate@rescue-academy.local", password: "wrong password", role: "user" }),
        });
        expect(res.status).toBe(403);
      }
    } finally {
      for (const s of instances) s.child.kill("SIGTERM");
      await Promise.all(instances.map((s) => s.exited));
    }
  }, 150_000);

  it("waits for another instance's start however long it takes, past any query time limit", async () => {
    const slow = `${name}_slow`;
    await admin((c) => c.query(`CREATE DATABASE ${slow}`));
    // Another instance's migration and seed, held far longer than this instance's queries may run
    // (a 300 ms statement limit gives up on a query after 2.3 s).
    const other = new pg.Client({ connectionString: databaseUrl(base, slow) });
    await other.connect();
    await other.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const port = await freePorts();
    const instance = start(port, { DATABASE_STATEMENT_TIMEOUT_MS: "300" }, slow);
    try {
      // Once it waits for the lock, it keeps waiting past its 2.3 s limit on a query.
      const waiting = async () =>
        Number(
          (
            await other.query<{ n: string }>(
              "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = $1)",
              [slow],
            )
          ).rows[0]?.n,
        );
      while ((await waiting()) === 0) {
        expect(instance.child.exitCode, instance.output()).toBeNull();
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 3_000));
      expect(instance.child.exitCode, instance.output()).toBeNull();
      expect(await waiting()).toBe(1);
      expect(
        await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      ).toBe(false);
      await other.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
      await ready(instance, 60_000);
    } finally {
      await other.end();
      instance.child.kill("SIGTERM");
      await instance.exited;
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${slow} WITH (FORCE)`));
    }
  }, 120_000);
});
