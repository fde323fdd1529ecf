import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";

/*
 * The installable app (decision 31): a manifest with its icons, and a service worker that keeps
 * the build and the app shell, so the app opens without a network, at any of its addresses. The
 * other journeys block service workers (playwright.config.ts); this one lets it register.
 */

test.use({ serviceWorkers: "allow" });

const WORKER = fileURLToPath(new URL("../../apps/web/dist/sw.js", import.meta.url));

/** Makes the built service worker a new one, as the next build's would be; `restore` puts it back. */
function publishNextWorker() {
  const files = [WORKER, `${WORKER}.br`, `${WORKER}.gz`];
  const before = files.map((f) => readFileSync(f));
  const next = Buffer.concat([before[0] as Buffer, Buffer.from("\n// the next build\n")]);
  writeFileSync(WORKER, next);
  writeFileSync(`${WORKER}.br`, brotliCompressSync(next));
  writeFileSync(`${WORKER}.gz`, gzipSync(next));
  return {
    restore() {
      for (const [i, f] of files.entries()) writeFileSync(f, before[i] as Buffer);
    },
  };
}

type Manifest = { name: string; display: string; start_url: string; icons: { src: string; sizes: string; purpose?: string }[] };

test("the app is installable and opens offline once it has been visited", async ({ page, context, request }) => {
  await page.goto("/user/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  // Installable: the page names its manifest, whose icons exist at the sizes launchers need.
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = (await (await request.get(href as string)).json()) as Manifest;
  expect(manifest).toMatchObject({ name: "Rescue Academy", display: "standalone", start_url: "/" });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
  }

  // The worker installs (the build cached) and, from the next page load, answers the page's requests.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/");
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // No network: the same address, and one never opened before, still open the app.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/user/forgot");
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  // An address of the API is not a page: offline it fails rather than showing the app.
  const api = await page.evaluate(() =>
    fetch("/healthz").then(
      (r) => r.status,
      () => "network error",
    ),
  );
  expect(api).toBe("network error");
  await context.setOffline(false);
});

test("a new version is offered, and taken on reload", async ({ page }) => {
  await page.goto("/user/login");
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // A new build is published: its worker differs from the running one (the built file, and the
  // compressed copies the server prefers, are rewritten and put back afterwards).
  const published = publishNextWorker();
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const banner = page.getByRole("status").filter({ hasText: "A new version of Rescue Academy is ready." });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    // "Later" keeps the running version; a reload then brings the new one in when asked.
    await banner.getByRole("button", { name: "Later" }).click();
    await expect(banner).toBeHidden();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);
    await page.reload();
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await Promise.all([page.waitForEvent("load"), banner.getByRole("button", { name: "Reload" }).click()]);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // The waiting worker took over: nothing waits any more, and the banner is gone.
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBe(null);
    await expect(banner).toBeHidden();
  } finally {
    published.restore();
  }
});
