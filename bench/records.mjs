// Records API under autocannon (50 connections): first page, a plain list, a filtered first page,
// a filtered deep page, an admin's filtered page with its total, get by id and create, on a
// `schedule` table seeded with N rows, on PGlite and on PostgreSQL. On PostgreSQL each call also
// reports the CPU time the server's database sessions spent per request (from /proc).
//
//   node bench/records.mjs [--db=pglite,postgres] [--rows=10000,100000] [--duration=10] [--port=4392] [--calls=first page,…]
//
// PostgreSQL needs BENCH_DATABASE_URL (a server where the script may create and drop databases),
// e.g. postgres://postgres@127.0.0.1:5432/postgres. The signed-in candidate owns 2,000 of the
// rows whatever N is (a user's own history does not grow with the table); the rest belong to
// 100 other accounts.
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import autocannon from "autocannon";
import pg from "pg";
import { buildStale } from "../scripts/build-stale.mjs";
import { fmt, PROJECT, scratchDatabase, startServer, stopServer, waitReady } from "./lib.mjs";

const OWN_ROWS = 2_000;
const WARM_UP_SECONDS = 2;
export const USER = { email: "bench@example.test", password: "bench password 1" };
export const ADMIN = { email: "bench-admin@example.test", password: "bench admin password 1" };

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
// `--calls=admin first page,filtered deep page`: only the calls whose names start so (all by default).
const only = arg("calls", "").split(",").filter(Boolean);

/** One statement that seeds the table: 100 other accounts, then N meetings. */
export function seedSql(n) {
  return `
    INSERT INTO "user" (email, password_hash, first_name) SELECT 'other' || g || '@example.test', 'x', 'Other ' || g FROM generate_series(1, 100) g;
    INSERT INTO schedule (user_id, meeting_start, meeting_end, meeting_details)
      SELECT CASE WHEN g % ${Math.max(1, Math.floor(n / OWN_ROWS))} = 0 AND g / ${Math.max(1, Math.floor(n / OWN_ROWS))} <= ${OWN_ROWS}
                  THEN (SELECT id FROM "user" WHERE email = '${USER.email}')
                  ELSE (SELECT min(id) FROM "user" WHERE email LIKE 'other%') + g % 100 END,
             timestamptz '2026-01-01' + g * interval '1 hour', timestamptz '2026-01-01' + g * interval '1 hour' + interval '45 minutes',
             CASE WHEN g % 3 = 0 THEN 'Mock interview ' || g ELSE 'Fitness test review ' || g END
      FROM generate_series(1, ${n}) g;
`;
}

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

/** User and system CPU time (µs) of each of the processes `pids` still running, from /proc (Linux). */
export function cpuMicros(pids) {
  const tick = 1_000_000 / 100; // USER_HZ is 100 on Linux
  const times = new Map();
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * tick);
    } catch {}
  }
  return times;
}

/** CPU spent between two samples by the sessions alive at the second (a session opened meanwhile counts from zero). */
export function cpuSpent(before, after) {
  let spent = 0;
  for (const [pid, time] of after) spent += time - (before.get(pid) ?? 0);
  return spent;
}

export async function signIn(base, account, role) {
  const login = await fetch(`${base}/v2/api/lambda/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-project": PROJECT },
    body: JSON.stringify({ ...account, role }),
  }).then((r) => r.json());
  return { "x-project": PROJECT, authorization: `Bearer ${login.token}` };
}

/** `backends()` answers the pids of the server's database sessions (PostgreSQL), or null. */
async function scenarios(port, duration, backends = async () => null) {
  const base = `http://127.0.0.1:${port}`;
  const headers = await signIn(base, USER, "user");
  const adminHeaders = await signIn(base, ADMIN, "admin");
  const first = await fetch(`${base}/v4/api/records/schedule?size=1`, { headers }).then((r) => r.json());
  const ownId = first.list[0].id;
  const cases = [
    ["first page (page=1,20, order id desc)", { url: `${base}/v4/api/records/schedule?page=1,20` }],
    ["list (size=20, order id desc)", { url: `${base}/v4/api/records/schedule?size=20` }],
    [
      "admin first page (page=1,20, order id desc, with total)",
      { url: `${base}/v4/api/records/schedule?page=1,20`, headers: adminHeaders },
    ],
    [
      "filtered first page (page=1,20, meeting_start ge, order meeting_start)",
      { url: `${base}/v4/api/records/schedule?page=1,20&filter=meeting_start,ge,2026-06-01T00:00:00Z&order=meeting_start,asc` },
    ],
    [
      "filtered deep page (page=30,20, sw filter, order meeting_start)",
      { url: `${base}/v4/api/records/schedule?page=30,20&filter=meeting_details,sw,Fitness&order=meeting_start,asc` },
    ],
    [
      "admin filtered page (page=1,20, cs filter, with total)",
      { url: `${base}/v4/api/records/schedule?page=1,20&filter=meeting_details,cs,interview`, headers: adminHeaders },
    ],
    ["get by id", { url: `${base}/v4/api/records/schedule/${ownId}` }],
    [
      "create",
      {
        url: `${base}/v4/api/records/schedule`,
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ meeting_start: "2026-06-01T09:00:00Z", meeting_end: "2026-06-01T10:00:00Z", meeting_details: "Bench" }),
      },
    ],
  ];
  const results = [];
  for (const [name, opts] of cases) {
    if (only.length && !only.some((word) => name.startsWith(word))) continue;
    // Two unrecorded seconds first: the server compiles its hot paths and each connection
    // prepares its statements, as a server that has been up for a while already has.
    await run({ headers, duration: WARM_UP_SECONDS, ...opts });
    const pids = await backends();
    const cpuBefore = pids ? cpuMicros(pids) : null;
    const r = await run({ headers, duration, ...opts });
    const dbCpu = cpuBefore ? cpuSpent(cpuBefore, cpuMicros(await backends())) / Math.max(1, r.requests.total) : null;
    results.push({
      name,
      req_per_s: r.requests.average,
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      db_cpu_us: dbCpu,
    });
  }
  return results;
}

/** The server's settings for the bench accounts (and quiet logs). */
export const env = {
  LOG_LEVEL: "error",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  DEMO_USER_EMAIL: USER.email,
  DEMO_USER_PASSWORD: USER.password,
  // The bench admin signs in with a password alone (decision 10's local/demo setting).
  ADMIN_2FA_REQUIRED: "false",
};

async function benchPglite(rows, port, duration) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-records-"));
  try {
    const setup = startServer({ port, dataDir, env });
    await waitReady(port, setup.child);
    await stopServer(setup);
    const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { btree_gist, pg_trgm } });
    await db.exec(seedSql(rows));
    await db.exec("VACUUM ANALYZE");
    await db.close();
    const server = startServer({ port, dataDir, env });
    try {
      await waitReady(port, server.child);
      return await scenarios(port, duration);
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(rows, port, duration) {
  const scratch = await scratchDatabase(`academy_bench_${rows}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-records-"));
  try {
    const server = startServer({ port, dataDir, env: { ...env, DATABASE_URL: scratch.url, DATABASE_POOL_MAX: "10" } });
    try {
      await waitReady(port, server.child);
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      await client.query(seedSql(rows));
      await client.query("VACUUM ANALYZE");
      // Write the seeded rows out now, and let the kernel flush them to disk, rather than
      // during the measured runs.
      await client.query("CHECKPOINT").catch(() => {});
      execSync("sync");
      // The server's own sessions on the bench database (its pool), whose CPU each call is charged.
      const backends = async () =>
        (await client.query("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")).rows.map(
          (r) => r.pid,
        );
      try {
        return await scenarios(port, duration, backends);
      } finally {
        await client.end();
      }
    } finally {
      await stopServer(server);
    }
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchRecords({ dbs = ["pglite"], rows = [100_000], port = 4392, duration = 10 } = {}) {
  const all = [];
  for (const db of dbs)
    for (const n of rows) {
      const results = db === "postgres" ? await benchPostgres(n, port, duration) : await benchPglite(n, port, duration);
      for (const r of results) all.push({ db, rows: n, ...r });
    }
  return all;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildStale();
  const results = await benchRecords({
    dbs: arg("db", "pglite").split(","),
    rows: arg("rows", "100000").split(",").map(Number),
    port: Number(arg("port", "4392")),
    duration: Number(arg("duration", "10")),
  });
  console.log(
    "| database | rows | call | req/s | p50 ms | p99 ms | non-2xx | errors | PostgreSQL CPU µs/req |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const r of results)
    console.log(
      `| ${r.db} | ${fmt(r.rows)} | ${r.name} | ${fmt(r.req_per_s)} | ${r.p50_ms} | ${r.p99_ms} | ${r.non2xx} | ${r.errors} | ${r.db_cpu_us === null ? "—" : fmt(r.db_cpu_us)} |`,
    );
}
