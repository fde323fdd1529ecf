import type { PlaywrightWorkerArgs } from "@playwright/test";
import { type AppRoute, routeTable } from "../../apps/web/src/app/routes";
import { expect, type Page } from "./fixtures";
import { PROJECT, uniqueEmail, watchRequests } from "./helpers";

/*
 * The screens of the route table as the journeys that visit every page open them: each route as
 * the role it is for, its parameters filled in, in runs of about a dozen that load the app once and
 * move from page to page as the app's own links do.
 */

/** A concrete path for a route (its parameters filled in). */
const concrete = (path: string) => path.replace(":role", "user").replace(/:[A-Za-z]+/g, "1");

/** The concrete paths of the routes open to these kinds of access. */
export const pathsFor = (access: AppRoute["access"][]) => routeTable.filter((r) => access.includes(r.access)).map((r) => concrete(r.path));

/** `paths` in runs of about `size`, as evenly as they go. */
export function chunks(paths: string[], size = 12): string[][] {
  const count = Math.max(1, Math.round(paths.length / size));
  return Array.from({ length: count }, (_, i) => paths.filter((_, j) => j % count === i));
}

/**
 * Opens `path` (the first of a journey by loading the app, the next ones as the app's own links do,
 * without loading it again) and waits until the screen's chunk and its first answers have arrived
 * and been drawn (a held long poll of a screen with live chat aside).
 */
export async function openScreen(page: Page, path: string, isFirst: boolean) {
  const requests = watchRequests(page);
  if (isFirst) await page.goto(path);
  else await page.evaluate((to) => window.history.pushState(null, "", to), path);
  await expect(page.locator("main, [data-testid^='wrapper-']").first()).toBeVisible({ timeout: 30_000 });
  await requests.settled();
  requests.stop();
}

type Session = { token: string; user_id: number; first_name: string; last_name: string };

/**
 * A storageState fixture for a candidate of the spec's own, registered once per worker (the seeded
 * candidate is signed out by other journeys): `test.use({ storageState: candidateState("prefix") })`.
 */
export function candidateState(prefix: string) {
  let session: Session | undefined;
  return async (
    { baseURL, playwright }: { baseURL: string | undefined; playwright: PlaywrightWorkerArgs["playwright"] },
    use: (state: { cookies: []; origins: { origin: string; localStorage: { name: string; value: string }[] }[] }) => Promise<void>,
  ) => {
    if (!session) {
      const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-project": PROJECT } });
      const res = await api.post("/v2/api/lambda/register", {
        data: { email: uniqueEmail(prefix), password: "a strong passphrase", first_name: "Wren", last_name: "Wide", role: "user" },
      });
      expect(res.ok()).toBe(true);
      session = { ...(await res.json()), first_name: "Wren", last_name: "Wide" };
      await api.dispose();
    }
    const { token, user_id, first_name, last_name } = session as Session;
    const localStorage = [
      { name: "token", value: token },
      { name: "role", value: "user" },
      { name: "user", value: String(user_id) },
      { name: "userDetails", value: JSON.stringify({ firstName: first_name, lastName: last_name, photo: null }) },
    ];
    await use({ cookies: [], origins: [{ origin: new URL(baseURL as string).origin, localStorage }] });
  };
}
