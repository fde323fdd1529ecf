import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { createTestApp, PROJECT } from "../test/app.ts";

describe("a failed query's parameters never reach the log", async () => {
  const t = await createTestApp();
  it("logs the failure of a sign-up whose insert fails without its password hash or email", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ config: t.config, database: t.database, logger: { level: "info", stream }, serveWeb: false });
    // The database refuses this one name, as any unexpected constraint would.
    await t.db.execute(sql`ALTER TABLE "user" ADD CONSTRAINT no_boom CHECK (first_name <> 'Boom')`);
    try {
      const email = `boom-${Date.now()}@example.test`;
      const res = await app.inject({
        method: "POST",
        url: "/v2/api/lambda/register",
        headers: { "x-project": PROJECT },
        payload: { email, password: "correct horse battery", role: "user", first_name: "Boom" },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain("argon2");
      const log = lines.join("");
      expect(log).toContain("request failed");
      expect(log).toContain("no_boom");
      expect(log).not.toContain("$argon2id");
      expect(log).not.toContain(email);
      expect(log).not.toContain("params:");
    } finally {
      await t.db.execute(sql`ALTER TABLE "user" DROP CONSTRAINT no_boom`);
      await app.close();
    }
  }, 60_000);
});
