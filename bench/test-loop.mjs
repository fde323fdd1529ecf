// The developer loop: CPU seconds and wall time of one module's tests (`npx vitest run <folder>`),
// and with `--validate` of the whole `npm run validate` as CI runs it (needs TEST_DATABASE_URL).
//
//   node bench/test-loop.mjs [--modules=library,coaching,...] [--validate]
//
// Each module runs twice and the second run is reported: the first may build the seeded test
// database and the transform cache, which later runs of an unchanged tree reuse. CPU is the user
// and system time of the command and every process it started (bash's `times`), so it counts
// the vitest workers and the embedded database; a PostgreSQL server's own CPU is not in it.
import { spawnSync } from "node:child_process";
import { root } from "./lib.mjs";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const modules = (args.modules ?? "cms,library,coaching,question-bank,quiz").split(",");

/** Runs `command` in bash and answers its wall seconds, the CPU seconds of it and its children, and its exit code. */
export function measure(command, env = {}) {
  const started = performance.now();
  const run = spawnSync("bash", ["-c", `${command} >/dev/null 2>&1; code=$?; times; exit $code`], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  const wall = (performance.now() - started) / 1000;
  // `times` prints the shell's own user/system time, then its children's: "0m1.234s 0m0.456s".
  const lines = run.stdout.trim().split("\n");
  const seconds = (s) => {
    const [, m, sec] = /(\d+)m([\d.]+)s/.exec(s) ?? [];
    return Number(m) * 60 + Number(sec);
  };
  const [user, sys] = (lines.at(-1) ?? "").split(/\s+/).map(seconds);
  return { wall, cpu: (user ?? 0) + (sys ?? 0), code: run.status };
}

export function benchTestLoop() {
  const results = [];
  for (const m of modules) {
    const folder = `apps/server/src/modules/${m}`;
    // Unset: one module's run is the embedded database's, as a developer runs it.
    const env = { TEST_DATABASE_URL: "" };
    measure(`npx vitest run ${folder}`, env);
    const r = measure(`npx vitest run ${folder}`, env);
    results.push({ name: `npx vitest run ${folder}`, ...r });
  }
  if (args.validate) {
    if (!process.env.TEST_DATABASE_URL) throw new Error("--validate needs TEST_DATABASE_URL, as CI sets it");
    results.push({ name: "npm run validate", ...measure("npm run validate") });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of benchTestLoop()) {
    console.log(`${r.name}: ${r.cpu.toFixed(1)} CPU-s, ${r.wall.toFixed(1)} s wall${r.code === 0 ? "" : ` (exit ${r.code})`}`);
  }
}
