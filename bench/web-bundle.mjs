// Web first load: the JavaScript and CSS a browser fetches to show each first screen, on a cold
// cache, against the built server. Budget (engineering guide): under 100 KB of gzipped
// JavaScript per first screen. Exits 1 when a screen is over it.
//
// Each screen opens in a fresh Chromium context (nothing cached), signed in where the screen
// needs it: the candidate with a password, the admin with a password and a two-factor code, the
// session placed in localStorage as the app keeps it after a sign-in. Every script and stylesheet
// response until the network is idle counts. Sizes: "gzip" is each fetched body compressed with
// gzip level 9 (what the server sends a gzip-only client), "sent" is what went over the wire to
// Chromium (brotli when the server offers it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { generate } from "otplib";
import { fmt, PROJECT, root, startServer, stopServer, waitReady } from "./lib.mjs";

export const BUDGET_JS_GZIP = 100_000; // bytes (100 KB)

const ACCOUNTS = {
  user: { email: "bench-candidate@example.test", password: "bench candidate password" },
  admin: { email: "bench-admin@example.test", password: "bench admin password" },
};

export const SCREENS = [
  { name: "landing", path: "/", heading: /exam/i },
  { name: "candidate sign-in", path: "/user/login", heading: /sign in/i },
  { name: "staff sign-in", path: "/admin/login", heading: /sign in/i },
  { name: "candidate dashboard", path: "/user/dashboard", session: "user", heading: /welcome/i },
  { name: "staff dashboard", path: "/admin/dashboard", session: "admin", heading: /welcome/i },
];

async function call(base, url, { token, body } = {}) {
  const res = await fetch(`${base}${url}`, {
    method: "POST",
    headers: {
      "x-project": PROJECT,
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** What the web app keeps in localStorage after a sign-in (apps/web/src/lib/auth-state.ts). */
const storedSession = (answer, role) => ({
  token: answer.token,
  role,
  user: String(answer.user_id),
  userDetails: JSON.stringify({ firstName: answer.first_name, lastName: answer.last_name, photo: answer.photo }),
});

/** Signs the candidate in with a password, and the admin with a password and an authenticator code. */
export async function signInAccounts(base) {
  const user = await call(base, "/v2/api/lambda/login", { body: { ...ACCOUNTS.user, role: "user" } });
  const admin = await call(base, "/v2/api/lambda/login", { body: { ...ACCOUNTS.admin, role: "admin" } });
  if (admin.two_factor_setup_required) {
    // Staff turn on two-factor sign-in before the staff area opens; the same session then opens it.
    const { secret } = await call(base, "/v2/api/lambda/2fa/enable", { token: admin.token });
    await call(base, "/v2/api/lambda/2fa/authorize", { token: admin.token, body: { token: await generate({ secret }) } });
  }
  return { user: storedSession(user, "user"), admin: storedSession(admin, "admin") };
}

export function serverEnv() {
  return {
    ADMIN_EMAIL: ACCOUNTS.admin.email,
    ADMIN_PASSWORD: ACCOUNTS.admin.password,
    DEMO_USER_EMAIL: ACCOUNTS.user.email,
    DEMO_USER_PASSWORD: ACCOUNTS.user.password,
  };
}

/** Loads one screen on a cold cache and sums its scripts and stylesheets. */
async function measureScreen(browser, base, screen, sessions) {
  const context = await browser.newContext();
  const session = screen.session ? sessions[screen.session] : null;
  if (session) {
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, session);
  }
  const page = await context.newPage();
  const pending = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          type: type === "script" ? "js" : "css",
          file: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          sent: sizes.responseBodySize,
          encoding: response.headers()["content-encoding"] ?? "identity",
        };
      })(),
    );
  });
  await page.goto(`${base}${screen.path}`, { waitUntil: "networkidle" });
  const landedOn = new URL(page.url()).pathname;
  if (landedOn !== screen.path) throw new Error(`${screen.path} went to ${landedOn}`);
  await page.getByRole("heading", { level: 1, name: screen.heading }).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  const files = await Promise.all(pending);
  await context.close();
  const sum = (type, key) => files.filter((f) => f.type === type).reduce((n, f) => n + f[key], 0);
  return {
    name: screen.name,
    path: screen.path,
    files,
    js: { count: files.filter((f) => f.type === "js").length, raw: sum("js", "raw"), gzip: sum("js", "gzip"), sent: sum("js", "sent") },
    css: {
      count: files.filter((f) => f.type === "css").length,
      raw: sum("css", "raw"),
      gzip: sum("css", "gzip"),
      sent: sum("css", "sent"),
    },
    encodings: [...new Set(files.map((f) => f.encoding))],
  };
}

export async function benchWebBundle({ port = Number(process.env.BENCH_PORT ?? 4394) } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "academy-bench-"));
  const server = startServer({ port, dataDir, env: serverEnv() });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    await waitReady(port, server.child);
    const base = `http://127.0.0.1:${port}`;
    const sessions = await signInAccounts(base);
    const results = [];
    for (const screen of SCREENS) results.push(await measureScreen(browser, base, screen, sessions));
    return results;
  } finally {
    await browser.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes) => fmt(bytes / 1000, 1);

export function printWebBundle(results) {
  console.log("| first screen | path | JS files | JS gzip KB | JS sent KB | CSS gzip KB | CSS sent KB | encoding |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of results) {
    console.log(
      `| ${r.name} | \`${r.path}\` | ${r.js.count} | ${kb(r.js.gzip)} | ${kb(r.js.sent)} | ${kb(r.css.gzip)} | ${kb(r.css.sent)} | ${r.encodings.join(", ")} |`,
    );
  }
  const over = results.filter((r) => r.js.gzip >= BUDGET_JS_GZIP);
  for (const r of over)
    console.log(`over budget: ${r.name} loads ${kb(r.js.gzip)} KB of gzipped JavaScript (budget ${kb(BUDGET_JS_GZIP)} KB)`);
  return over.length === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildStale } = await import(path.join(root, "scripts/build-stale.mjs"));
  buildStale();
  const results = await benchWebBundle();
  if (process.argv.includes("--files")) {
    for (const r of results) {
      console.log(`\n${r.name} (${r.path})`);
      for (const f of r.files)
        console.log(`  ${f.type} ${kb(f.gzip).padStart(6)} KB gz  ${kb(f.sent).padStart(6)} KB sent (${f.encoding})  ${f.file}`);
    }
    console.log("");
  }
  if (!printWebBundle(results)) process.exitCode = 1;
}
