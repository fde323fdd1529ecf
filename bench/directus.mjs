// The records API beside Directus 11.3.5 (issue 26: every records scenario at least 10x
// Directus), as ratios measured interleaved on one machine (ours, Directus, ours, Directus ...),
// since the machine is shared and absolute figures drift with its load. Both run on PostgreSQL,
// each on a scratch database of its own seeded with the same N rows (bench/records.mjs's seed,
// copied row for row, ids kept, into a Directus `schedule` collection of the same columns and
// indexes), and each scenario of bench/records.mjs is asked of both: our
// `GET /v4/api/records/schedule?...` against the equivalent Directus `GET /items/schedule?...`
// (limit, offset, sort, filter, `meta=filter_count` where ours answers a total, `total_count` for
// the admin's unfiltered page), get by id, and create. Text filters match alike on both sides:
// ours (`cs`, `sw`) ignore case, so Directus is asked `_icontains` and `_istarts_with`. The
// candidate may read only their own rows in both: ours by its owner rule, Directus by a policy
// whose read permission filters `user_id = $CURRENT_USER` (create presets the same owner); the
// admin sees every row. As in bench/records.mjs, the signed-in candidate owns 2,000 of the N
// rows whatever N is, and the rest belong to 100 other accounts (each a Directus user too, who
// never signs in).
// autocannon, 50 connections, every request authenticated (a bearer token from each one's
// sign-in), 2 s of warm-up per server, then `--rounds` windows of `--duration` seconds per
// server; the ratio is our requests over Directus's, summed over the windows. Before measuring,
// each scenario must answer 200 on both with the same number of rows.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/directus.mjs \
//     [--rows=100000] [--duration=5] [--rounds=2] [--port=4620]
//
// Directus is installed on first use outside the repository (npm install directus@11.3.5 in
// ~/.cache/rescue-academy-bench/directus-11.3.5, or DIRECTUS_DIR) and bootstrapped on the
// scratch database. Fair: the same PostgreSQL, the same rows, the same indexes, a pool of 10
// connections each, one Node process each, the rate limiters of both off, no response cache on
// either (Directus's data cache is off, its default; its schema and permission lookups keep
// their defaults), logs at error. Not quite the same: our `schedule` table has the coaching
// columns too (ours answers more columns per row); Directus records each create in its activity
// and revision tables (its default), ours in its write ledger; our totals past the cap of
// decision 20 are capped or estimated, Directus counts every matching row; Directus runs on
// the system's Node 20 when there is one (below), ours on the Node that runs this script.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { buildStale } from "../scripts/build-stale.mjs";
import { fmt, scratchDatabase, startServer, stopServer, waitReady } from "./lib.mjs";
import { ADMIN, env as benchEnv, seedSql, signIn, USER } from "./records.mjs";

const DIRECTUS_VERSION = "11.3.5";
// Directus's own accounts (its address check refuses the .test domain), the same passwords.
const D_USER = { email: "bench@example.com", password: USER.password };
const D_ADMIN = { email: "bench-admin@example.com", password: ADMIN.password };
const WARM_UP_SECONDS = 2;
const POOL = 10;

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: 50, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

// The Node that runs Directus (DIRECTUS_NODE): the system's /usr/bin/node when there is one
// (Node 20 here, which Directus 11 supports), since the isolated-vm 5.0.1 it loads at start came
// built for that Node and does not load in Node 24.
const directusNode = process.env.DIRECTUS_NODE ?? (existsSync("/usr/bin/node") ? "/usr/bin/node" : process.execPath);

/** The folder holding node_modules/directus at the pinned version, installed there on first use. */
export function ensureDirectus(
  dir = process.env.DIRECTUS_DIR ?? path.join(homedir(), ".cache/rescue-academy-bench", `directus-${DIRECTUS_VERSION}`),
) {
  const manifest = path.join(dir, "node_modules/directus/package.json");
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).version === DIRECTUS_VERSION) return dir;
  mkdirSync(dir, { recursive: true });
  if (!existsSync(path.join(dir, "package.json")))
    writeFileSync(path.join(dir, "package.json"), '{ "name": "directus-bench", "private": true }\n');
  console.log(`installing directus@${DIRECTUS_VERSION} in ${dir} (once)`);
  // Its native modules build for the Node that will run it (first on the PATH of the install).
  const env = { ...process.env, PATH: `${path.dirname(directusNode)}${path.delimiter}${process.env.PATH ?? ""}` };
  execFileSync("npm", ["install", `directus@${DIRECTUS_VERSION}`, "--no-audit", "--no-fund"], { cwd: dir, env, stdio: "inherit" });
  return dir;
}

function directusEnv({ port, url, dataDir }) {
  return {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DB_CLIENT: "pg",
    DB_CONNECTION_STRING: url,
    DB_POOL__MIN: "0",
    DB_POOL__MAX: String(POOL),
    KEY: "rescue-academy-bench-key",
    SECRET: "rescue-academy-bench-secret-0123456789",
    ADMIN_EMAIL: D_ADMIN.email,
    ADMIN_PASSWORD: D_ADMIN.password,
    ACCESS_TOKEN_TTL: "2h",
    LOG_LEVEL: "error",
    TELEMETRY: "false",
    RATE_LIMITER_ENABLED: "false",
    RATE_LIMITER_GLOBAL_ENABLED: "false",
    CACHE_ENABLED: "false",
    WEBSOCKETS_ENABLED: "false",
    STORAGE_LOCATIONS: "local",
    STORAGE_LOCAL_ROOT: path.join(dataDir, "uploads"),
    EXTENSIONS_PATH: path.join(dataDir, "extensions"),
    EXTENSIONS_AUTO_RELOAD: "false",
  };
}

const directusCli = (dir) => path.join(dir, "node_modules/directus/cli.js");

function startDirectus(dir, env) {
  // Its log goes to stdout (errors only; its shutdown logs the pool it aborts), so that is dropped.
  const child = spawn(directusNode, [directusCli(dir), "start"], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return { child, exited };
}

async function waitDirectus(port, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("Directus exited");
    if (
      await fetch(`http://127.0.0.1:${port}/server/ping`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Directus not ready");
}

/** Directus's REST API as the given bearer token: the `data` of a JSON answer, or an error naming the call. */
async function directusCall(base, token, method, url, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`Directus ${method} ${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text).data : null;
}

async function directusSignIn(base, account) {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`Directus sign-in answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.access_token;
}

/**
 * The Directus `schedule` table: the columns of ours that bench/records.mjs reads and writes, the
 * owner a Directus user, and our indexes on them (by owner, by owner and start, by start, trigram
 * on the details).
 */
const DIRECTUS_SCHEDULE = `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE TABLE schedule (
    id serial PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES directus_users(id) ON DELETE CASCADE,
    meeting_start timestamptz NOT NULL,
    meeting_end timestamptz NOT NULL,
    meeting_details text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX schedule_user_id_idx ON schedule USING btree (user_id, id);
  CREATE INDEX schedule_user_start_idx ON schedule USING btree (user_id, meeting_start, id);
  CREATE INDEX schedule_start_idx ON schedule USING btree (meeting_start);
  CREATE INDEX schedule_meeting_details_trgm_idx ON schedule USING gin (meeting_details gin_trgm_ops);
`;

/** Copies our seeded `schedule` rows (ids kept) into Directus's, each owner mapped to a Directus user. */
async function copyRows(ours, theirs, owners) {
  let last = 0;
  for (;;) {
    const { rows } = await ours.query(
      "SELECT id, user_id, meeting_start, meeting_end, meeting_details, created_at, updated_at FROM schedule WHERE id > $1 ORDER BY id LIMIT 20000",
      [last],
    );
    if (rows.length === 0) break;
    await theirs.query(
      `INSERT INTO schedule (id, user_id, meeting_start, meeting_end, meeting_details, created_at, updated_at)
       SELECT * FROM unnest($1::int[], $2::uuid[], $3::timestamptz[], $4::timestamptz[], $5::text[], $6::timestamptz[], $7::timestamptz[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => {
          const owner = owners.get(r.user_id);
          if (!owner) throw new Error(`no Directus user for our user ${r.user_id}`);
          return owner;
        }),
        rows.map((r) => r.meeting_start),
        rows.map((r) => r.meeting_end),
        rows.map((r) => r.meeting_details),
        rows.map((r) => r.created_at),
        rows.map((r) => r.updated_at),
      ],
    );
    last = rows[rows.length - 1].id;
  }
  await theirs.query("SELECT setval(pg_get_serial_sequence('schedule', 'id'), (SELECT max(id) FROM schedule))");
}

/** The scenarios of bench/records.mjs: [name, our request, Directus's request], each `(tokens) => autocannon options`. */
function scenarioPairs(base, dBase, ownId) {
  const body = JSON.stringify({ meeting_start: "2026-06-01T09:00:00Z", meeting_end: "2026-06-01T10:00:00Z", meeting_details: "Bench" });
  const get = (url, as) => (t) => ({ url, headers: t[as] });
  const post = (url, as) => (t) => ({ url, method: "POST", headers: { ...t[as], "content-type": "application/json" }, body });
  const r = `${base}/v4/api/records/schedule`;
  const d = `${dBase}/items/schedule`;
  return [
    [
      "first page (page=1,20, order id desc, with total)",
      get(`${r}?page=1,20`, "user"),
      get(`${d}?limit=20&sort=-id&meta=filter_count`, "dUser"),
    ],
    ["list (size=20, order id desc)", get(`${r}?size=20`, "user"), get(`${d}?limit=20&sort=-id`, "dUser")],
    [
      "filtered first page (meeting_start ge, order meeting_start, with total)",
      get(`${r}?page=1,20&filter=meeting_start,ge,2026-06-01T00:00:00Z&order=meeting_start,asc`, "user"),
      get(`${d}?limit=20&sort=meeting_start&filter[meeting_start][_gte]=2026-06-01T00:00:00Z&meta=filter_count`, "dUser"),
    ],
    [
      "filtered deep page (page 30 of 20, starts with, order meeting_start, with total)",
      get(`${r}?page=30,20&filter=meeting_details,sw,Fitness&order=meeting_start,asc`, "user"),
      get(`${d}?limit=20&offset=580&sort=meeting_start&filter[meeting_details][_istarts_with]=Fitness&meta=filter_count`, "dUser"),
    ],
    [
      "admin filtered page (contains, with total)",
      get(`${r}?page=1,20&filter=meeting_details,cs,interview`, "admin"),
      get(`${d}?limit=20&sort=-id&filter[meeting_details][_icontains]=interview&meta=filter_count`, "dAdmin"),
    ],
    ["admin unfiltered first page (with total)", get(`${r}?page=1,20`, "admin"), get(`${d}?limit=20&sort=-id&meta=total_count`, "dAdmin")],
    ["get by id", get(`${r}/${ownId}`, "user"), get(`${d}/${ownId}`, "dUser")],
    ["create", post(r, "user"), post(d, "dUser")],
  ];
}

/** One request of each side: both 200, the same number of rows; and the totals each reports. */
async function check(name, ours, theirs) {
  const [a, b] = await Promise.all(
    [ours, theirs].map(async (o) => {
      const res = await fetch(o.url, { method: o.method ?? "GET", headers: o.headers, body: o.body });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${name}: ${o.url} answered ${res.status}: ${text}`);
      return JSON.parse(text);
    }),
  );
  const rowsOf = (x) => (Array.isArray(x) ? x.length : 1);
  const ourRows = a.list ? a.list.length : rowsOf(a.data ?? a);
  const theirRows = rowsOf(b.data);
  if (ourRows !== theirRows) throw new Error(`${name}: ours answered ${ourRows} rows, Directus ${theirRows}`);
  const ourTotal = a.total === undefined ? "" : `${a.total}${a.total_capped ? "+" : ""}${a.estimated ? " (estimated)" : ""}`;
  const theirTotal = b.meta ? String(b.meta.filter_count ?? b.meta.total_count) : "";
  return { rows: ourRows, ourTotal, theirTotal };
}

/** The machine's load average over the last minute (Linux), or null. */
function loadAverage() {
  try {
    return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

/** One scenario on both servers, interleaved: requests per second of each window, and the ratio of the sums. */
async function compare(name, ours, theirs, { duration, rounds }) {
  const load = [loadAverage()];
  const rates = { ours: [], directus: [] };
  let bad = 0;
  await run({ ...ours, duration: WARM_UP_SECONDS });
  await run({ ...theirs, duration: WARM_UP_SECONDS });
  for (let i = 0; i < rounds; i++)
    for (const [who, opts] of [
      ["ours", ours],
      ["directus", theirs],
    ]) {
      const r = await run({ ...opts, duration });
      rates[who].push(r.requests.average);
      bad += r.non2xx + r.errors + r.timeouts;
    }
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  load.push(loadAverage());
  return { name, ours: rates.ours, directus: rates.directus, ratio: sum(rates.ours) / sum(rates.directus), bad, load };
}

export async function benchDirectus({ rows = 100_000, duration = 5, rounds = 2, port = 4620 } = {}) {
  const dir = ensureDirectus();
  const oursDb = await scratchDatabase("academy_bench_dx_ours");
  const theirsDb = await scratchDatabase("academy_bench_dx_directus");
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-directus-"));
  const dPort = port + 1;
  const dEnv = directusEnv({ port: dPort, url: theirsDb.url, dataDir });
  let server = null;
  let directus = null;
  const ours = new pg.Client({ connectionString: oursDb.url });
  const theirs = new pg.Client({ connectionString: theirsDb.url });
  try {
    server = startServer({
      port,
      dataDir,
      env: { ...benchEnv, DATABASE_URL: oursDb.url, DATABASE_POOL_MAX: String(POOL) },
    });
    execFileSync(directusNode, [directusCli(dir), "bootstrap"], { cwd: dir, env: dEnv, stdio: ["ignore", "ignore", "inherit"] });
    await waitReady(port, server.child, 600_000);
    await ours.connect();
    await theirs.connect();
    await ours.query(seedSql(rows));
    await theirs.query(DIRECTUS_SCHEDULE);
    // One Directus user for each of our owners (the candidate's is made through the API below,
    // with a password); the others never sign in.
    const { rows: owners } = await ours.query(`SELECT DISTINCT s.user_id, u.email FROM schedule s JOIN "user" u ON u.id = s.user_id`);
    const ownerMap = new Map();
    for (const o of owners)
      if (o.email !== USER.email) {
        const { rows: made } = await theirs.query(
          "INSERT INTO directus_users (id, email, first_name, status) VALUES (gen_random_uuid(), $1, 'Other', 'active') RETURNING id",
          [o.email.replace(/\.test$/, ".com")],
        );
        ownerMap.set(o.user_id, made[0].id);
      }

    directus = startDirectus(dir, dEnv);
    await waitDirectus(dPort, directus.child);
    const dBase = `http://127.0.0.1:${dPort}`;
    const adminToken = await directusSignIn(dBase, D_ADMIN);
    const policy = await directusCall(dBase, adminToken, "POST", "/policies", {
      name: "Candidate",
      admin_access: false,
      app_access: false,
    });
    await directusCall(dBase, adminToken, "POST", "/permissions", [
      { policy: policy.id, collection: "schedule", action: "read", fields: ["*"], permissions: { user_id: { _eq: "$CURRENT_USER" } } },
      {
        policy: policy.id,
        collection: "schedule",
        action: "create",
        fields: ["meeting_start", "meeting_end", "meeting_details"],
        presets: { user_id: "$CURRENT_USER" },
      },
    ]);
    const role = await directusCall(dBase, adminToken, "POST", "/roles", {
      name: "Candidate",
      policies: { create: [{ policy: policy.id }] },
    });
    const candidate = await directusCall(dBase, adminToken, "POST", "/users", { ...D_USER, role: role.id, status: "active" });
    const { rows: me } = await ours.query(`SELECT id FROM "user" WHERE email = $1`, [USER.email]);
    ownerMap.set(me[0].id, candidate.id);
    await copyRows(ours, theirs, ownerMap);
    for (const c of [ours, theirs]) {
      await c.query("VACUUM ANALYZE");
      await c.query("CHECKPOINT").catch(() => {});
    }
    execFileSync("sync");

    const base = `http://127.0.0.1:${port}`;
    const tokens = {
      user: await signIn(base, USER, "user"),
      admin: await signIn(base, ADMIN, "admin"),
      dUser: { authorization: `Bearer ${await directusSignIn(dBase, D_USER)}` },
      dAdmin: { authorization: `Bearer ${adminToken}` },
    };
    const first = await fetch(`${base}/v4/api/records/schedule?size=1`, { headers: tokens.user }).then((r) => r.json());
    const ownId = first.list[0].id;
    const results = [];
    for (const [name, oursOpts, theirsOpts] of scenarioPairs(base, dBase, ownId)) {
      const a = oursOpts(tokens);
      const b = theirsOpts(tokens);
      const seen = await check(name, a, b);
      results.push({ ...(await compare(name, a, b, { duration, rounds })), ...seen });
    }
    return results;
  } finally {
    await ours.end().catch(() => {});
    await theirs.end().catch(() => {});
    if (directus) {
      directus.child.kill("SIGTERM");
      await directus.exited;
    }
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    await oursDb.drop().catch(() => {});
    await theirsDb.drop().catch(() => {});
  }
}

export function printDirectus(results) {
  console.log(
    "| call | rows | total (ours / Directus) | ours req/s (windows) | Directus req/s (windows) | ratio | non-2xx or errors | load average |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  const list = (xs) => xs.map((x) => fmt(x)).join(" / ");
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.rows} | ${r.ourTotal ? `${r.ourTotal} / ${r.theirTotal}` : "—"} | ${list(r.ours)} | ${list(r.directus)} | **${fmt(r.ratio, 1)}x** | ${r.bad} | ${r.load.map((x) => (x === null ? "—" : fmt(x, 1))).join(" to ")} |`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildStale();
  printDirectus(
    await benchDirectus({
      rows: Number(arg("rows", "100000")),
      duration: Number(arg("duration", "5")),
      rounds: Number(arg("rounds", "2")),
      port: Number(arg("port", "4620")),
    }),
  );
}
