import { type AppRoute, routeTable } from "../../apps/web/src/app/routes";
import { expect, type Page, test } from "./fixtures";
import { PROJECT, STAFF_STATE, uniqueEmail, watchRequests } from "./helpers";

/*
 * Every route of the route table, opened as the role it is for, at a narrow phone (390 px) and
 * a small laptop (1024 px): the page never scrolls sideways. The pages of a role are checked in
 * a few journeys of about a dozen, spread over the workers; each journey loads the app once and
 * moves from page to page as its links do. A step per page names the page that fails.
 */

const WIDTHS = [390, 1024] as const;

/** A concrete path for a route (its parameters filled in). */
const concrete = (path: string) => path.replace(":role", "user").replace(/:[A-Za-z]+/g, "1");

const byAccess = (access: AppRoute["access"][]) => routeTable.filter((r) => access.includes(r.access)).map((r) => concrete(r.path));

const overflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));

/** `paths` in runs of about `size`, as evenly as they go. */
function chunks(paths: string[], size = 12): string[][] {
  const count = Math.max(1, Math.round(paths.length / size));
  return Array.from({ length: count }, (_, i) => paths.filter((_, j) => j % count === i));
}

async function assertNoSidewaysScroll(page: Page, paths: string[]) {
  for (const [i, path] of paths.entries()) await test.step(path, () => assertPage(page, path, i === 0));
}

/**
 * Opens `path` (the first of a journey by loading the app, the next ones as the app's own links do,
 * without loading it again) at the narrow width, then widens the window: the layout follows.
 */
async function assertPage(page: Page, path: string, isFirst: boolean) {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  const requests = watchRequests(page);
  if (isFirst) await page.goto(path);
  else await page.evaluate((to) => window.history.pushState(null, "", to), path);
  // The screen's chunk and its first answers have arrived and been drawn (a held long poll of a
  // screen with live chat aside).
  await expect(page.locator("main, [data-testid^='wrapper-']").first()).toBeVisible({ timeout: 30_000 });
  await requests.settled();
  requests.stop();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const sizes = await overflow(page);
    expect.soft(sizes.scrollWidth, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(sizes.innerWidth);
  }
}

test.describe("no page scrolls sideways", () => {
  test.describe.configure({ mode: "parallel" });

  test.describe("signed out", () => {
    for (const [i, paths] of chunks(byAccess(["public", "any"])).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertNoSidewaysScroll(page, paths));
    }
  });

  test.describe("a candidate", () => {
    // A candidate of this file's own, signed in once per worker: the seeded one is signed out by
    // other journeys.
    let session: { token: string; user_id: number; first_name: string; last_name: string } | undefined;
    test.use({
      storageState: async ({ baseURL, playwright }, use) => {
        if (!session) {
          const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-project": PROJECT } });
          const email = uniqueEmail("wide-pages");
          const res = await api.post("/v2/api/lambda/register", {
            data: { email, password: "a strong passphrase", first_name: "Wren", last_name: "Wide", role: "user" },
          });
          expect(res.ok()).toBe(true);
          session = { ...(await res.json()), first_name: "Wren", last_name: "Wide" };
          await api.dispose();
        }
        const { token, user_id, first_name, last_name } = session as NonNullable<typeof session>;
        const localStorage = [
          { name: "token", value: token },
          { name: "role", value: "user" },
          { name: "user", value: String(user_id) },
          { name: "userDetails", value: JSON.stringify({ firstName: first_name, lastName: last_name, photo: null }) },
        ];
        await use({ cookies: [], origins: [{ origin: new URL(baseURL as string).origin, localStorage }] });
      },
    });
    for (const [i, paths] of chunks(byAccess(["user", "any"])).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertNoSidewaysScroll(page, paths));
    }
  });

  test.describe("staff", () => {
    test.use({ storageState: STAFF_STATE });
    for (const [i, paths] of chunks(byAccess(["admin"])).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertNoSidewaysScroll(page, paths));
    }
  });
});
