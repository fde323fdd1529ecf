import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdtemp, rm, statfs, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openPglite } from "../../db/client.ts";
import { PROJECT, TEST_ENV } from "../../test/app.ts";

/**
 * Whether this process may mount a small file system of its own: root on Linux with the right to
 * mount, as on a CI machine. Being root is not enough inside a container without that right, so a
 * 1 MB tmpfs is really mounted and unmounted once to find out.
 */
function canMount(): boolean {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  let probe: string | undefined;
  try {
    probe = mkdtempSync(path.join(tmpdir(), "academy-mount-probe-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    try {
      if (probe) rmSync(probe, { recursive: true, force: true });
    } catch {
      // a probe that stayed mounted is left in the temporary folder
    }
  }
}

// The embedded database on a disk that really fills up (a 400 MB tmpfs of its own), not a probe
// pointed at /dev/full: a write the disk cannot take is answered 503 and leaves nothing behind,
// /readyz says the folder is full, and once space is freed the same write succeeds and every
// earlier one is still there.
describe.skipIf(!canMount())("embedded database on a disk that fills up", () => {
  it("answers 503 to writes while the disk is full, loses nothing, and takes them again once space is freed", async () => {
    const mountPoint = await mkdtemp(path.join(tmpdir(), "academy-full-disk-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=400m", "tmpfs", mountPoint]);
    try {
      const database = await openPglite(path.join(mountPoint, "db"));
      await database.migrate();
      const app = await buildApp({ config: loadConfig({ ...TEST_ENV }), database, serveWeb: false });
      try {
        const stamp = Date.now();
        // The same account's sign-up (`register`) or sign-in (`login`).
        const asCandidate = (call: "register" | "login") => (name: string) =>
          app.inject({
            method: "POST",
            url: `/v2/api/lambda/${call}`,
            headers: { "x-project": PROJECT },
            payload: { email: `full-disk-${name}-${stamp}@example.test`, password: "correct horse battery", role: "user" },
          });
        const signUp = asCandidate("register");
        const signIn = asCandidate("login");
        expect((await signUp("before")).statusCode).toBe(200);

        // Every free block taken by one file. Writes that fit in pages the database already holds
        // still succeed, as on any full disk; the first one that needs a new page is refused.
        const { bavail, bsize } = await statfs(mountPoint);
        const filler = path.join(mountPoint, "filler");
        await writeFile(filler, Buffer.alloc(Number(bavail) * Number(bsize)));
        const taken: string[] = [];
        let refused: Awaited<ReturnType<typeof signUp>> | undefined;
        for (let i = 0; i < 60 && !refused; i++) {
          const res = await signUp(`during-${i}`);
          if (res.statusCode === 200) taken.push(`during-${i}`);
          else refused = res;
        }
        const during = refused!;
        expect(during.statusCode, during.body).toBe(503);
        expect(during.json()).toMatchObject({ error: true, message: expect.any(String) });
        const ready = await app.inject({ method: "GET", url: "/readyz" });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: "storage unavailable", reason: "the data folder (DATA_DIR) is full" });

        await rm(filler);
        expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
        // The refused sign-up left no account behind: the same address registers now.
        const again = `during-${taken.length}`;
        const after = await signUp(again);
        expect(after.statusCode, after.body).toBe(200);
        for (const name of ["before", ...taken, again]) expect((await signIn(name)).statusCode, name).toBe(200);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      execFileSync("umount", [mountPoint]);
      await rm(mountPoint, { recursive: true, force: true });
    }
  }, 180_000);
});
