import { expect, type Page, test } from "./fixtures";
import { STAFF_STATE } from "./helpers";
import { candidateState, chunks, openScreen, pathsFor } from "./screens";

/*
 * Every route of the route table, opened as the role it is for, at a narrow phone (390 px) and
 * a small laptop (1024 px): the page never scrolls sideways. The pages of a role are checked in
 * a few journeys of about a dozen, spread over the workers; each journey loads the app once and
 * moves from page to page as its links do. A step per page names the page that fails.
 */

const WIDTHS = [390, 1024] as const;

const overflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));

async function assertNoSidewaysScroll(page: Page, paths: string[]) {
  for (const [i, path] of paths.entries()) await test.step(path, () => assertPage(page, path, i === 0));
}

/** Opens `path` at the narrow width, then widens the window: the layout follows. */
async function assertPage(page: Page, path: string, isFirst: boolean) {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await openScreen(page, path, isFirst);
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
    for (const [i, paths] of chunks(pathsFor(["public", "any"])).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertNoSidewaysScroll(page, paths));
    }
  });

  test.describe("a candidate", () => {
    // A candidate of this file's own, signed in once per worker: the seeded one is signed out by
    // other journeys.
    test.use({ storageState: candidateState("wide-pages") });
    for (const [i, paths] of chunks(pathsFor(["user", "any"])).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertNoSidewaysScroll(page, paths));
    }
  });

  test.describe("staff", () => {
    test.use({ storageState: STAFF_STATE });
    for (const [i, paths] of chunks(pathsFor(["admin"])).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertNoSidewaysScroll(page, paths));
    }
  });
});
