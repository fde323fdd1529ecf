import { axeViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { STAFF_STATE } from "./helpers";
import { candidateState, chunks, openScreen, pathsFor } from "./screens";

/*
 * Every screen of the route table, once per visit, checked for two things:
 * - WCAG 2.2 AA (docs/accessibility.md): axe-core finds no violation of the WCAG 2.0, 2.1 and 2.2
 *   A and AA rules on any screen of either side, at a narrow phone (390 px) and a laptop (1280 px);
 * - the page never scrolls sideways, at the phone, a small laptop (1024 px) and the laptop.
 * The screens are the route table's, opened as the role each is for, in journeys of about six
 * that load the app once and move from page to page as its links do (each takes 15 to 60 s, up to
 * two minutes on a busy 2-core machine; A11Y_TIMEOUT sets another limit). A failure lists each
 * violation: the page and width, the rule, its impact and the elements it found; or the page and
 * width that scrolls sideways.
 *
 * axe-core runs in the page itself, loaded once per page load: the screens of a journey follow one
 * another without reloading, so each check is only `axe.run` (about a second; wrapping it in
 * `@axe-core/playwright` cost five to ten, most of it injecting axe again and opening a page to
 * combine the results). Frames are not entered: the app's only frame is the sandboxed preview of
 * an email template, staff-written mail HTML rather than a screen of the app (its own title is
 * checked, as an element of the screen).
 */

/** The widths each screen is seen at, and what is checked at each. */
const WIDTHS = [
  { width: 390, axe: true },
  { width: 1024, axe: false },
  { width: 1280, axe: true },
] as const;
/** How wide the page's content is against the window: wider scrolls sideways. */
const sizesOf = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));

/** Checks the page as it is now at each width: a soft failure per page and width lists what is wrong. */
async function assertScreenNow(page: Page, where: string) {
  for (const { width, axe } of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const sizes = await sizesOf(page);
    expect.soft(sizes.scrollWidth, `${where} at ${width} px scrolls sideways`).toBeLessThanOrEqual(sizes.innerWidth);
    if (!axe) continue;
    const found = await axeViolations(page, `${where} at ${width} px`);
    expect.soft(found, `axe found ${found.length} violations:\n${found.join("\n")}`).toEqual([]);
  }
}

async function assertScreens(page: Page, paths: string[]) {
  for (const [i, path] of paths.entries()) {
    await test.step(path, async () => {
      await page.setViewportSize({ width: WIDTHS[0].width, height: 800 });
      await openScreen(page, path, i === 0);
      await assertScreenNow(page, path);
    });
  }
}

test.describe("every screen meets WCAG 2.2 AA (axe-core) and never scrolls sideways", () => {
  test.describe.configure({ mode: "parallel", timeout: Number(process.env.A11Y_TIMEOUT ?? 120_000) });

  test("the check finds what it looks for: a page with planted faults fails it", async ({ page }) => {
    await page.setContent(
      `<html><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button>` +
        `<p style="color:#999;background:#fff">faint text</p></main></body></html>`,
    );
    const found = await axeViolations(page, "planted");
    for (const rule of ["html-has-lang", "image-alt", "button-name", "color-contrast"])
      expect(
        found.some((line) => line.startsWith(`planted: ${rule} `)),
        `${rule} in\n${found.join("\n")}`,
      ).toBe(true);
  });

  test("the sideways check sees a page wider than the window", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.setContent(`<html lang="en"><body><main><div style="width:600px">wide table</div></main></body></html>`);
    const sizes = await sizesOf(page);
    expect(sizes.scrollWidth).toBeGreaterThan(sizes.innerWidth);
  });

  test.describe("signed out", () => {
    for (const [i, paths] of chunks(pathsFor(["public", "any"]), 6).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertScreens(page, paths));
    }
  });

  test.describe("a candidate", () => {
    test.use({ storageState: candidateState("accessible-pages") });
    for (const [i, paths] of chunks(pathsFor(["user", "any"]), 6).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertScreens(page, paths));
    }
  });

  test.describe("staff", () => {
    test.use({ storageState: STAFF_STATE });
    for (const [i, paths] of chunks(pathsFor(["admin"]), 6).entries()) {
      test(`pages ${i + 1}: ${paths[0]} …`, async ({ page }) => assertScreens(page, paths));
    }
  });
});
