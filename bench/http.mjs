// GET /healthz and POST /v2/api/lambda/login under autocannon (50 connections), on the embedded database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { fmt, PROJECT, startServer, stopServer, waitReady } from "./lib.mjs";

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: 10, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

const summary = (name, r) => ({
  name,
  req_per_s: r.requests.average,
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

export async function benchHttp({ port = 4391, duration = Number(process.env.BENCH_DURATION ?? 10) } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-"));
  // The sign-in limit (LOGIN_RATE_LIMIT, 5 a minute per address and email) would turn all but the
  // first logins into 429s and measure the limiter; raised to its ceiling, every call hashes.
  const loginRateLimit = process.env.BENCH_LOGIN_RATE_LIMIT ?? "10000";
  const server = startServer({
    port,
    dataDir,
    env: { DEMO_USER_EMAIL: "bench@example.test", DEMO_USER_PASSWORD: "bench password 1", LOGIN_RATE_LIMIT: loginRateLimit },
  });
  try {
    await waitReady(port, server.child);
    const base = `http://127.0.0.1:${port}`;
    const health = await run({ url: `${base}/healthz`, duration });
    const login = await run({
      url: `${base}/v2/api/lambda/login`,
      method: "POST",
      duration,
      headers: { "content-type": "application/json", "x-project": PROJECT },
      body: JSON.stringify({ email: "bench@example.test", password: "bench password 1", role: "user" }),
    });
    return [summary("GET /healthz", health), summary("POST /v2/api/lambda/login (argon2id m=19 MiB, t=2)", login)];
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchHttp()) {
    console.log(`${r.name}: ${fmt(r.req_per_s)} req/s, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
  }
}
