import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, RunOptions } from "axe-core";
import type { Locator, Page } from "./fixtures";

/*
 * axe-core run in the page itself, loaded once per page load (docs/accessibility.md): the WCAG
 * 2.0, 2.1 and 2.2 A and AA rules, violations only (the passes of a large page cost seconds to
 * copy out), frames not entered (the app's only frame is the sandboxed email preview).
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const RUN_OPTIONS: RunOptions = { runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"], iframes: false };

/**
 * One line per violation in the page as it is now (or inside `within`): where, which rule, how
 * bad, and the elements (CSS selectors) it names. An empty list: no violation.
 */
export async function axeViolations(page: Page, where: string, within?: Locator): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const element = within ? await within.elementHandle() : null;
  const { violations } = await page.evaluate(
    ([el, options]) =>
      (window as unknown as { axe: { run: (c: Element | Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        (el as Element | null) ?? document,
        options,
      ),
    [element, RUN_OPTIONS] as const,
  );
  return violations.map(
    (v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.length}× ${v.nodes.map((n) => n.target.join(" ")).join(" | ")} — ${v.help}`,
  );
}
