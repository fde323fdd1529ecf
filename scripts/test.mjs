// `npm test`: unit and server integration tests (vitest), then the browser journeys
// (Playwright on Debian's chromium), then one closing line counting both.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildStale, root } from "./build-stale.mjs";

const out = path.join(root, "test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => path.join(root, "node_modules/.bin", name);
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

const counts = { passed: 0, failed: 0, skipped: 0 };
/** The failed tests by file and name, repeated just above the closing line so a log's tail shows them. */
const failures = [];
const only = process.argv[2]; // "unit" or "e2e" runs one half

if (only !== "e2e") {
  const vitestJson = path.join(out, "vitest.json");
  const status = run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
  if (existsSync(vitestJson)) {
    const r = JSON.parse(readFileSync(vitestJson, "utf8"));
    counts.passed += r.numPassedTests;
    counts.failed += r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0);
    counts.skipped += r.numPendingTests + r.numTodoTests;
    for (const file of r.testResults ?? []) {
      const where = path.relative(root, file.name);
      const failed = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failed) failures.push(`${where} › ${t.fullName ?? t.title}`);
      if (file.status === "failed" && failed.length === 0) failures.push(`${where}: ${(file.message ?? "failed to run").split("\n")[0]}`);
    }
  } else counts.failed += 1;
}

if (only !== "unit") {
  buildStale();
  const playwrightJson = path.join(out, "playwright.json");
  const status = run(bin("playwright"), ["test", "-c", "tests/e2e/playwright.config.ts", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson,
  });
  if (existsSync(playwrightJson)) {
    const { stats, suites } = JSON.parse(readFileSync(playwrightJson, "utf8"));
    counts.passed += stats.expected + stats.flaky;
    counts.failed += stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
    counts.skipped += stats.skipped;
    // A file's suite holds its tests and its describe blocks; each block's title leads its tests' names.
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        if (!spec.ok) failures.push(`tests/e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`);
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const file of suites ?? []) walk(file, []);
  } else counts.failed += 1;
}

const total = counts.passed + counts.failed;
if (failures.length > 0) {
  console.log(`\nfailed:`);
  for (const line of failures.slice(0, 30)) console.log(`  ${line}`);
  if (failures.length > 30) console.log(`  … and ${failures.length - 30} more`);
}
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
process.exit(counts.failed > 0 || total === 0 ? 1 : 0);
