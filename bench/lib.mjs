// Shared helpers for the benchmarks: start a built server on a data folder, wait for it, stop it;
// a scratch PostgreSQL database for the runs on PostgreSQL.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";
import { WORKER_ENTRIES } from "../apps/server/workers.mjs";

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const PROJECT = Buffer.from("rescue-academy:local-project-secret").toString("base64");

/** Starts the built server (`BENCH_SERVER`, a path from the repository root, runs another build: a "before" to compare). */
export function startServer({ port, dataDir, env = {} }) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : []),
      path.join(root, process.env.BENCH_SERVER ?? "apps/server/dist/server.js"),
    ],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return { child, started, exited };
}

export async function waitReady(port, child, timeoutMs = Number(process.env.BENCH_READY_TIMEOUT_MS ?? 60_000)) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("server exited");
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("server not ready");
}

export async function stopServer(server) {
  server.child.kill("SIGTERM");
  await server.exited;
}

export const fmt = (n, digits = 0) => Number(n).toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * A new, empty database `<prefix>_<pid>` on the PostgreSQL server of BENCH_DATABASE_URL (the local
 * one when unset): its URL, and `drop()` to remove it (and close the admin connection) afterwards.
 * BENCH_DATABASE_PREFIX goes in front of the name, for a machine whose users each keep to a prefix.
 */
export async function scratchDatabase(prefix) {
  const base = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? ""}${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const drop = async () => {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
  return { url: url.toString(), drop };
}

/**
 * The workspace's own TypeScript that `exports` (an ES module's text, paths from the repository
 * root) names, bundled into node_modules/.cache/bench/<name>.mjs and imported; npm packages stay
 * external and load from node_modules as usual.
 */
export async function loadServerCode(name, exports) {
  const { build } = await import("esbuild");
  const dir = path.join(root, "node_modules/.cache/bench");
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `${name}.mjs`);
  // The server's worker threads, beside the bundle (the server finds them by its own file's extension).
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(WORKER_ENTRIES).map(([entry, source]) => [entry, path.join(root, "apps/server", source)]),
    ),
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    format: "esm",
    platform: "node",
    packages: "external",
    logLevel: "error",
  });
  await build({
    stdin: { contents: exports, resolveDir: root, loader: "ts" },
    bundle: true,
    outfile,
    format: "esm",
    platform: "node",
    plugins: [
      {
        name: "npm-external",
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith("@academy/") ? undefined : { path: a.path, external: true }));
        },
      },
    ],
    logLevel: "error",
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

/** One JSON call to a server of the benchmarks on 127.0.0.1 (project header, optional bearer and query): its status and answer. */
export async function apiCall(port, method, urlPath, { token, body, query } = {}) {
  const url = new URL(`http://127.0.0.1:${port}${urlPath}`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
  const res = await fetch(url, {
    method,
    headers: { "x-project": PROJECT, "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json() };
}

/** Signs `who` in as `role`; the login's answer (token, user_id…). */
export async function apiLogin(port, who, role) {
  const res = await apiCall(port, "POST", "/v2/api/lambda/login", { body: { ...who, role } });
  if (res.status !== 200) throw new Error(`login ${role}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}
