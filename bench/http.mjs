// GET /healthz and POST /v2/api/lambda/login under autocannon (50 connections), on the embedded database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { fmt, PROJECT, startServer, stopServer, waitReady } from "./lib.mjs";

const CONNECTIONS = 50;
const PASSWORD = "bench password 1";

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: 10, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

const summary = (name, r) => ({
  name,
  req_per_s: r.requests.average,
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
  // Which answers the non-2xx were (429: a limit answered, not the hash).
  statuses: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)])),
});

/** Candidate accounts to sign in as, made through the public sign-up call. */
async function signUpAccounts(base, count) {
  const emails = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-login-${i}@example.test`;
    const res = await fetch(`${base}/v2/api/lambda/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-project": PROJECT },
      body: JSON.stringify({ email, password: PASSWORD, role: "user" }),
    });
    if (res.status !== 200) throw new Error(`sign-up ${i} answered ${res.status}: ${await res.text()}`);
    emails.push(email);
  }
  return emails;
}

export async function benchHttp({
  port = Number(process.env.BENCH_PORT ?? 4391),
  duration = Number(process.env.BENCH_DURATION ?? 10),
} = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-"));
  // Two sign-in limits would answer instead of the hash. LOGIN_RATE_LIMIT (5 a minute per
  // address and email) is raised to its ceiling for the run. The per-account failure limit stays
  // as it is: every attempt reserves one of its 10 slots before hashing and gives it back once
  // the password proved right, so more than 10 attempts in flight for one account get 429 while
  // the first 10 hash (with 50 connections on one account, about 2 in 3 answers were 429). The
  // run therefore signs in as one account per connection, as 50 people would.
  const loginRateLimit = process.env.BENCH_LOGIN_RATE_LIMIT ?? "10000";
  const server = startServer({
    port,
    dataDir,
    env: { LOGIN_RATE_LIMIT: loginRateLimit, REGISTER_RATE_LIMIT: String(CONNECTIONS * 2) },
  });
  try {
    await waitReady(port, server.child);
    const base = `http://127.0.0.1:${port}`;
    const health = await run({ url: `${base}/healthz`, duration });
    const emails = await signUpAccounts(base, CONNECTIONS);
    let next = 0;
    const login = await run({
      url: base,
      duration,
      requests: [
        {
          method: "POST",
          path: "/v2/api/lambda/login",
          headers: { "content-type": "application/json", "x-project": PROJECT },
          // Round robin over the accounts: each has about one attempt in flight.
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ email: emails[next++ % emails.length], password: PASSWORD, role: "user" }),
          }),
        },
      ],
    });
    return [summary("GET /healthz", health), summary("POST /v2/api/lambda/login (argon2id m=19 MiB, t=2)", login)];
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchHttp()) {
    console.log(
      `${r.name}: ${fmt(r.req_per_s)} req/s, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms, non-2xx ${r.non2xx}, errors ${r.errors}, statuses ${JSON.stringify(r.statuses)}`,
    );
  }
}
