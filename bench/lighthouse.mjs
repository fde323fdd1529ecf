// Lighthouse performance of the sign-in page and the signed-in dashboards (candidate, staff), against the
// built server, in Debian's headless Chromium (CHROME_PATH, default /usr/bin/chromium). Target
// (engineering guide): 95 or more. Each page is measured with Lighthouse's default mobile
// settings (simulated slow 4G, 4x CPU slowdown) and its desktop preset, `--runs=N` times each
// (median reported); `--only=staff` measures the pages whose name contains it, `--preset=mobile`
// one setting only. Exits 1 when a median is under the target.
//
// A dashboard needs a session: the account signs in through the API (the admin with a two-factor
// code), and the session is put in localStorage (as the app keeps it) from a same-origin file
// that loads no script, so the page Lighthouse loads still starts with an empty cache.
// Lighthouse is told not to reset storage.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import puppeteer from "puppeteer-core";
import { root, startServer, stopServer, waitReady } from "./lib.mjs";
import { serverEnv, signInAccounts } from "./web-bundle.mjs";

export const TARGET = 95;

export const PAGES = [
  { name: "sign-in", path: "/user/login" },
  { name: "candidate dashboard", path: "/user/dashboard", session: "user" },
  { name: "staff dashboard", path: "/admin/dashboard", session: "admin" },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function putSession(chromePort, base, session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate((items) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, session ?? {});
  await page.close();
  await browser.disconnect();
}

async function audit(chromePort, url, preset) {
  const flags = { port: chromePort, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true };
  const result = await lighthouse(url, flags, preset === "desktop" ? desktopConfig : undefined);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== new URL(url).pathname) throw new Error(`${url} ended on ${finalPath}`);
  const ms = (id) => lhr.audits[id]?.numericValue;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp_ms: ms("first-contentful-paint"),
    lcp_ms: ms("largest-contentful-paint"),
    tbt_ms: ms("total-blocking-time"),
    cls: ms("cumulative-layout-shift"),
    si_ms: ms("speed-index"),
  };
}

export async function benchLighthouse({
  port = Number(process.env.BENCH_PORT ?? 4395),
  runs = 3,
  pages = PAGES,
  presets = ["mobile", "desktop"],
} = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-"));
  const server = startServer({ port, dataDir, env: serverEnv() });
  let chrome;
  try {
    await waitReady(port, server.child);
    const base = `http://127.0.0.1:${port}`;
    const sessions = await signInAccounts(base);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
    const results = [];
    for (const preset of presets) {
      for (const page of pages) {
        const scores = [];
        for (let i = 0; i < runs; i++) {
          // Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is redone, twice at most.
          for (let attempt = 1; ; attempt++) {
            await putSession(chrome.port, base, page.session ? sessions[page.session] : null);
            try {
              scores.push(await audit(chrome.port, `${base}${page.path}`, preset));
              break;
            } catch (error) {
              if (attempt === 3) throw error;
              console.error(`retrying after: ${error.message}`);
            }
          }
        }
        const pick = (key) => median(scores.map((s) => s[key]));
        results.push({
          name: page.name,
          path: page.path,
          preset,
          runs,
          scores: scores.map((s) => s.score),
          score: pick("score"),
          fcp_ms: pick("fcp_ms"),
          lcp_ms: pick("lcp_ms"),
          tbt_ms: pick("tbt_ms"),
          cls: pick("cls"),
          si_ms: pick("si_ms"),
        });
      }
    }
    return results;
  } finally {
    await chrome?.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printLighthouse(results) {
  console.log("| page | path | settings | score (median) | runs | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  const r0 = (n) => Math.round(n).toLocaleString("en-US");
  for (const r of results) {
    console.log(
      `| ${r.name} | \`${r.path}\` | ${r.preset} | ${r.score} | ${r.scores.join(", ")} | ${r0(r.fcp_ms)} | ${r0(r.lcp_ms)} | ${r0(r.tbt_ms)} | ${r.cls.toFixed(3)} | ${r0(r.si_ms)} |`,
    );
  }
  const under = results.filter((r) => r.score < TARGET);
  for (const r of under) console.log(`under target: ${r.name} (${r.preset}) scores ${r.score} (target ${TARGET})`);
  return under.length === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildStale } = await import(path.join(root, "scripts/build-stale.mjs"));
  buildStale();
  const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 3);
  // --only=dashboard measures the pages whose name contains "dashboard".
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
  // --preset=mobile (or desktop) measures with that setting only.
  const preset = process.argv.find((a) => a.startsWith("--preset="))?.slice(9);
  const results = await benchLighthouse({
    runs,
    pages: only ? PAGES.filter((p) => p.name.includes(only)) : PAGES,
    presets: preset ? [preset] : undefined,
  });
  if (!printLighthouse(results)) process.exitCode = 1;
}
