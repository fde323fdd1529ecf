import { chmod, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openPglite } from "../../db/client.ts";
import { PROJECT, TEST_ENV } from "../../test/app.ts";

// The embedded database in a real folder: a folder that cannot take writes makes /readyz say why,
// and the server is ready again (and writes work) as soon as the folder takes writes again.
describe("embedded database folder that cannot take writes", () => {
  let root: string;
  let dbDir: string;
  let database: Awaited<ReturnType<typeof openPglite>>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "academy-storage-"));
    dbDir = path.join(root, "db");
    database = await openPglite(dbDir);
    await database.migrate();
    app = await buildApp({ config: loadConfig({ ...TEST_ENV }), database, serveWeb: false });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await chmod(dbDir, 0o755).catch(() => {});
    await rm(root, { recursive: true, force: true });
  });

  const readyz = () => app.inject({ method: "GET", url: "/readyz" });
  const signUp = (n: string) =>
    app.inject({
      method: "POST",
      url: "/v2/api/lambda/register",
      headers: { "x-project": PROJECT },
      payload: { email: `storage-${n}-${Date.now()}@example.test`, password: "correct horse battery", role: "user" },
    });
  // The probe's file: pointing it somewhere that refuses writes makes the folder refuse them as
  // the database's own files would, whoever runs the test (root ignores a folder's mode).
  const probe = () => path.join(dbDir, ".write-probe");

  it("is ready while the folder takes writes", async () => {
    const res = await readyz();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready" });
  });

  it("a full disk makes /readyz answer 503 with the reason, and it recovers with the disk", async () => {
    // /dev/full refuses every write with ENOSPC, as a full disk does.
    await symlink("/dev/full", probe());
    try {
      const res = await readyz();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "storage unavailable", reason: "the data folder (DATA_DIR) is full" });
    } finally {
      await rm(probe(), { force: true });
    }
    expect((await readyz()).statusCode).toBe(200);
    expect((await signUp("after-full")).statusCode).toBe(200);
  });

  it("a read-only folder makes /readyz answer 503 with the reason, and it recovers", async () => {
    const isRoot = process.getuid?.() === 0;
    // As root a folder's mode changes nothing; a sysfs file root cannot write stands in for it.
    if (isRoot) await symlink("/sys/kernel/notes", probe());
    else await chmod(dbDir, 0o555);
    try {
      const res = await readyz();
      expect(res.statusCode).toBe(503);
      expect(res.json().reason).toMatch(/^the data folder \(DATA_DIR\) is read-only$/);
    } finally {
      if (isRoot) await rm(probe(), { force: true });
      else await chmod(dbDir, 0o755);
    }
    expect((await readyz()).statusCode).toBe(200);
    expect((await signUp("after-read-only")).statusCode).toBe(200);
  });
});
