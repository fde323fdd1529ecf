// The project's server against a bare Fastify server doing the same core work
// (bench/bare-server.mjs), as ratios measured interleaved (project, bare, project, bare) on one
// PostgreSQL database, since the machine is shared and absolute figures drift with its load:
// GET /healthz; get by id (`GET /v4/api/records/schedule/:id`, signed in, against one SELECT by
// primary key through node-postgres); and session-analytics ingest (a beacon's batch of 20
// events, against one INSERT of the events). Targets (issue 26): /healthz close to 1x, get by id
// at least 0.85x, ingest at least 0.5x. autocannon, 50 connections (ingest: 20, as
// bench/analytics.mjs), 2 s warm-up, then `--rounds` windows of `--duration` seconds per server.
// Besides requests a second, each server's own CPU time per request (user + system, from /proc):
// on a shared machine that figure moves much less with the load than the rates do; and the
// PostgreSQL sessions' CPU per request (all sessions on the database: only the server being
// measured is busy in its window), and the client's (autocannon runs in this process): a response
// that carries more headers costs the client more to read, on the same two cores.
//
//   BENCH_DATABASE_URL=… node bench/bare.mjs [--duration=5] [--rounds=2] [--port=3994] [--only=healthz,get,ingest]

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { buildStale } from "../scripts/build-stale.mjs";
import { batchBody, recordedPeople } from "./analytics.mjs";
import { fmt, PROJECT, root, scratchDatabase, startServer, stopServer, waitReady } from "./lib.mjs";
import { cpuMicros, cpuSpent } from "./records.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

async function waitListening(port, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("bare server exited");
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("bare server not listening");
}

/**
 * One scenario on both servers, interleaved: requests per second of each window, the ratio of the
 * sums, each server's CPU per request and PostgreSQL's (`backends()`: the database's session pids).
 */
async function compare(name, project, bare, { duration, rounds, pids, backends }) {
  const rates = { project: [], bare: [] };
  const cpu = { project: 0, bare: 0 };
  const dbCpu = { project: 0, bare: 0 };
  const clientCpu = { project: 0, bare: 0 };
  const served = { project: 0, bare: 0 };
  let bad = 0;
  for (const [, opts] of [
    ["project", project],
    ["bare", bare],
  ])
    await run({ ...opts(), duration: 2 });
  for (let i = 0; i < rounds; i++)
    for (const [who, opts] of [
      ["project", project],
      ["bare", bare],
    ]) {
      const before = cpuMicros([pids[who]]);
      const dbBefore = cpuMicros(await backends());
      const clientBefore = process.cpuUsage();
      const r = await run({ ...opts(), duration });
      const client = process.cpuUsage(clientBefore);
      clientCpu[who] += client.user + client.system;
      cpu[who] += cpuSpent(before, cpuMicros([pids[who]]));
      dbCpu[who] += cpuSpent(dbBefore, cpuMicros(await backends()));
      served[who] += r.requests.total;
      rates[who].push(r.requests.average);
      bad += r.non2xx + r.errors + r.timeouts;
    }
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const perRequest = (who, spent = cpu) => spent[who] / Math.max(1, served[who]);
  return {
    name,
    project: rates.project,
    bare: rates.bare,
    ratio: sum(rates.project) / sum(rates.bare),
    cpuUs: { project: perRequest("project"), bare: perRequest("bare") },
    dbCpuUs: { project: perRequest("project", dbCpu), bare: perRequest("bare", dbCpu) },
    clientCpuUs: { project: perRequest("project", clientCpu), bare: perRequest("bare", clientCpu) },
    bad,
  };
}

export async function benchBare({ duration = 5, rounds = 2, port = 3994, only = ["healthz", "get", "ingest"] } = {}) {
  const scratch = await scratchDatabase("bench_bare");
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-bare-"));
  const env = { DATABASE_URL: scratch.url, REGISTER_RATE_LIMIT: "100000", ANALYTICS_INGEST_RATE_LIMIT: "100000", LOG_LEVEL: "error" };
  const server = startServer({ port, dataDir, env });
  const bareChild = spawn(process.execPath, [path.join(root, "bench/bare-server.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port + 1), DATABASE_URL: scratch.url },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const bareExited = new Promise((resolve) => bareChild.on("exit", resolve));
  let client;
  try {
    await waitReady(port, server.child, 600_000);
    await waitListening(port + 1, bareChild);
    const base = `http://127.0.0.1:${port}`;
    const bareBase = `http://127.0.0.1:${port + 1}`;
    const people = await recordedPeople(base);
    const [person] = people;
    const login = await fetch(`${base}/v2/api/lambda/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-project": PROJECT },
      body: JSON.stringify({ email: `bench-bare-${Date.now()}@example.test`, password: "bench password 1", role: "user" }),
    }).then((r) => r.json());
    const headers = { "content-type": "application/json", "x-project": PROJECT, authorization: `Bearer ${login.token}` };
    const created = await fetch(`${base}/v4/api/records/schedule`, {
      method: "POST",
      headers,
      body: JSON.stringify({ meeting_start: "2026-06-01T09:00:00Z", meeting_end: "2026-06-01T10:00:00Z", meeting_details: "Bench" }),
    });
    if (created.status !== 200) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const { list } = await fetch(`${base}/v4/api/records/schedule?size=1`, { headers }).then((r) => r.json());
    const id = list[0].id;
    for (const url of [`${base}/v4/api/records/schedule/${id}`, `${bareBase}/bare/schedule/${id}`]) {
      const res = await fetch(url, { headers });
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    }
    const pg = (await import("pg")).default;
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(`CREATE TABLE bare_event (id bigserial PRIMARY KEY, session_id uuid NOT NULL, type text NOT NULL,
      at timestamptz NOT NULL, path text NOT NULL, target text, data jsonb)`);
    const backends = async () =>
      (await client.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).rows.map(
        (r) => r.pid,
      );
    let n = 0;
    const ingest = (url) => () => ({
      url,
      connections: 20,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "text/plain;charset=UTF-8" },
          setupRequest: (req) => {
            n += 1;
            return { ...req, body: batchBody(people[n % people.length] ?? person, n) };
          },
        },
      ],
    });
    const opts = { duration, rounds, pids: { project: server.child.pid, bare: bareChild.pid }, backends };
    const scenarios = {
      healthz: () =>
        compare(
          "GET /healthz",
          () => ({ url: `${base}/healthz` }),
          () => ({ url: `${bareBase}/healthz` }),
          opts,
        ),
      get: () =>
        compare(
          "get by id (records API, signed in)",
          () => ({ url: `${base}/v4/api/records/schedule/${id}`, headers }),
          () => ({ url: `${bareBase}/bare/schedule/${id}` }),
          opts,
        ),
      ingest: () =>
        compare(
          "analytics ingest (a batch of 20 events)",
          ingest(`${base}/v2/api/lambda/analytics/user-sessions`),
          ingest(`${bareBase}/bare/events`),
          opts,
        ),
    };
    const results = [];
    for (const name of only) results.push(await scenarios[name]());
    return results;
  } finally {
    await client?.end();
    bareChild.kill("SIGTERM");
    await bareExited;
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop().catch(() => {});
  }
}

export function printBare(results) {
  console.log("the project's server against a bare Fastify route, interleaved (req/s of each window):");
  for (const r of results)
    console.log(
      `  ${r.name}: ${fmt(r.ratio, 2)}x the bare route (project ${r.project.map((x) => fmt(x)).join(", ")}; bare ${r.bare
        .map((x) => fmt(x))
        .join(", ")}; CPU per request ${fmt(r.cpuUs.project)} µs against ${fmt(r.cpuUs.bare)} µs, ${fmt(
        r.cpuUs.project / r.cpuUs.bare,
        2,
      )}x; PostgreSQL ${fmt(r.dbCpuUs.project)} µs against ${fmt(r.dbCpuUs.bare)} µs; client ${fmt(r.clientCpuUs.project)} µs against ${fmt(
        r.clientCpuUs.bare,
      )} µs; non-2xx or errors ${r.bad})`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildStale();
  if (!process.env.BENCH_DATABASE_URL) console.log("set BENCH_DATABASE_URL: the comparison runs on PostgreSQL");
  else
    printBare(
      await benchBare({
        duration: Number(arg("duration", "5")),
        rounds: Number(arg("rounds", "2")),
        port: Number(arg("port", "3994")),
        only: arg("only", "healthz,get,ingest").split(","),
      }),
    );
}
