import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_DIR } from "./paths.ts";
import { PROJECT, TEST_ENV } from "./test/app.ts";
import { freePorts } from "./test/free-port.ts";

const entry = path.join(SERVER_DIR, "src/server.ts");
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { ...process.env, ...TEST_ENV, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** One request on its own connection, so no keep-alive socket is shared with other calls. */
function post(port: string, url: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: url,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "x-project": PROJECT },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited");
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready`);
}

describe("the server process", () => {
  it("exits with code 1 and a clear message on bad configuration", async () => {
    const server = run({ PORT: "not-a-port", JWT_SECRET: "short" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration");
    expect(server.output()).toContain("PORT");
    expect(server.output()).toContain("JWT_SECRET: must be at least 32 characters");
    // The first start of a clean checkout compiles the server's sources (tsx) before it reads its configuration.
  }, 60_000);

  it("names the data folder in one line and exits 1 when it cannot open it", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "academy-"));
    dirs.push(dir);
    // DATA_DIR is a file, not a folder: nothing can be created under it.
    const file = path.join(dir, "not-a-folder");
    await writeFile(file, "");
    const server = run({ DATA_DIR: file, PORT: "0" });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Cannot open the embedded database in ${path.join(file, "db")}`);
  }, 60_000);

  it("writes readable log lines when asked (a terminal in development asks by itself)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "academy-"));
    dirs.push(dir);
    const port = String(await freePorts());
    const server = run({ DATA_DIR: dir, PORT: port, HOST: "127.0.0.1", LOG_FORMAT: "pretty" });
    await waitFor(`http://127.0.0.1:${port}/readyz`, server.child);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const lines = server.output().split("\n");
    // "[12:04:31] INFO: Rescue Academy ready on …", not {"level":30,…}
    expect(lines.some((l) => /^\[\d\d:\d\d:\d\d\] INFO: Rescue Academy ready on /.test(l))).toBe(true);
    expect(lines.filter((l) => l.startsWith("{"))).toEqual([]);
  }, 60_000);

  it("creates its data folder, seeds the accounts, and drains requests in flight on SIGTERM", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "academy-"));
    dirs.push(dir);
    const port = String(await freePorts());
    const server = run({
      DATA_DIR: path.join(dir, "nested/data"),
      PORT: port,
      HOST: "127.0.0.1",
      ADMIN_PASSWORD: "admin password from env",
    });
    await waitFor(`http://127.0.0.1:${port}/readyz`, server.child);
    // Its listening queue (Send-Q of a listening socket) takes thousands of long polls connecting at once.
    const somaxconn = Number(readFileSync("/proc/sys/net/core/somaxconn", "utf8"));
    const listening = execFileSync("ss", ["-Hltn", `sport = :${port}`], { encoding: "utf8" })
      .trim()
      .split(/\s+/);
    expect(Number(listening[2])).toBe(Math.min(4096, somaxconn));
    // A plain block a newcomer reads, not JSON log lines; the first start says nothing else but that it is ready.
    expect(server.output()).toMatch(
      /\n {4}Admin +admin@rescue-academy\.local +\(the password you configured\)\n {4} +the first sign-in sets up two-factor sign-in\n/,
    );
    expect(server.output()).toMatch(/\n {4}Demo candidate +candidate@rescue-academy\.local +\S{12,}\n/);
    const logLines = server
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l).msg as string)
      .filter((msg) => !/incoming request|request completed/.test(msg))
      // A checkout whose web app is not built yet (the unit tests run before the build) says so.
      .filter((msg) => !/^no web build at /.test(msg));
    expect(logLines.filter((msg) => !/^Server listening at /.test(msg))).toEqual([expect.stringMatching(/^Rescue Academy ready on /)]);

    const login = await fetch(`http://127.0.0.1:${port}/v2/api/lambda/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-project": PROJECT },
      body: JSON.stringify({ email: "admin@rescue-academy.local", password: "admin password from env", role: "admin" }),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ role: "admin", two_factor_setup_required: true });

    // Sign-ups hash passwords (tens of ms each): once the server has received all of them,
    // most are still hashing when SIGTERM arrives, and every one must still be answered.
    const received = () => server.output().split('"msg":"incoming request"').length - 1;
    const completed = () => server.output().split('"msg":"request completed"').length - 1;
    const before = received();
    const inFlight = Array.from({ length: 30 }, (_, i) =>
      post(port, "/v2/api/lambda/register", { email: `drain${i}@example.test`, password: "a long password", role: "user" }),
    );
    while (received() < before + 30) await new Promise((r) => setTimeout(r, 2));
    const completedAtSignal = completed();
    server.child.kill("SIGTERM");
    const statuses = await Promise.all(inFlight);
    expect(completedAtSignal).toBeLessThan(before + 30);
    expect(statuses).toEqual(Array(30).fill(200));
    expect(await server.exited).toBe(0);

    // The data survived: a second start on the same folder finds the accounts and seeds nothing.
    const again = run({ DATA_DIR: path.join(dir, "nested/data"), PORT: port, HOST: "127.0.0.1" });
    await waitFor(`http://127.0.0.1:${port}/readyz`, again.child);
    expect(again.output()).not.toContain("created these accounts");
    const relogin = await fetch(`http://127.0.0.1:${port}/v2/api/lambda/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-project": PROJECT },
      body: JSON.stringify({ email: "drain29@example.test", password: "a long password", role: "user" }),
    });
    expect(relogin.status).toBe(200);
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  }, 150_000);
});
