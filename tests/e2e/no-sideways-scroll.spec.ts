import { expect, type Page, test } from "@playwright/test";
import { type AppRoute, routeTable } from "../../apps/web/src/app/routes";
import { STAFF_STATE, signIn } from "./helpers";

/*
 * Every route of the route table, opened as the role it is for, at a narrow phone (390 px) and
 * a small laptop (1024 px): the page never scrolls sideways.
 */

const WIDTHS = [390, 1024] as const;

/** A concrete path for a route (its parameters filled in). */
const concrete = (path: string) => path.replace(":role", "user").replace(/:[A-Za-z]+/g, "1");

const byAccess = (access: AppRoute["access"][]) => routeTable.filter((r) => access.includes(r.access)).map((r) => concrete(r.path));

const overflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));

/** The network falls quiet, or (a held long poll) a few seconds pass and no spinner is left. */
async function settle(page: Page) {
  const quiet = await page
    .waitForLoadState("networkidle", { timeout: 8_000 })
    .then(() => true)
    .catch(() => false);
  if (!quiet) await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 20_000 });
}

async function assertNoSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    // A step per path, so a failure names the page.
    await test.step(path, async () => {
      // Each path opens once, at the narrow width, then the window widens (the layout follows).
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(path);
      // The screen's chunk and its first answers have arrived, and the layout has settled. On a
      // busy machine the start-up check and the wrapper's code can take a while (the page shows
      // "Loading Rescue Academy…" meanwhile): wait for the page itself, then for the network to
      // fall quiet. A screen with live chat holds a long poll open, so its network never does:
      // it gets a few seconds, then its layout is checked as it stands.
      await expect(page.locator("main, [data-testid^='wrapper-']").first()).toBeVisible({ timeout: 30_000 });
      await settle(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const sizes = await overflow(page);
        expect.soft(sizes.scrollWidth, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(sizes.innerWidth);
      }
    });
  }
}

test.describe("no page scrolls sideways", () => {
  test.describe.configure({ timeout: 600_000 });

  test("signed out: public pages and pages open to everyone", async ({ page }) => {
    await assertNoSidewaysScroll(page, byAccess(["public", "any"]));
  });

  test("a candidate: every candidate page", async ({ page }) => {
    await signIn(page, "user");
    await assertNoSidewaysScroll(page, byAccess(["user", "any"]));
  });

  test.describe("staff", () => {
    test.use({ storageState: STAFF_STATE });
    test("every staff page", async ({ page }) => {
      await assertNoSidewaysScroll(page, byAccess(["admin"]));
    });
  });
});
