import { axeViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { expiredCopyOf, PROJECT, uniqueEmail } from "./helpers";

/*
 * Offline practice (decision 32): a candidate downloads a practice pack, loses the network, opens
 * the app again from the service worker (decision 31), takes a quiz from the pack in the quiz
 * player, closes the tab, opens another (still offline) and finds the answers waiting; back online
 * they sync, and the server has each one exactly once, even when the same batch comes again. Like
 * installable.spec.ts, this journey lets the service worker register.
 */

test.use({ serviceWorkers: "allow" });

const API = "/v3/api/custom/rescue-academy";

async function call(base: string, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${API}/${url}`, {
    method,
    headers: { "x-project": PROJECT, authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function signUp(page: Page, email = uniqueEmail("offline")) {
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill("Noor");
  await page.getByLabel("Last name").fill("Haddad");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  return (await page.evaluate(() => localStorage.getItem("token")))!;
}

/** Gives an answer to the question on screen, whatever its type, and checks it. */
async function answerAndCheck(page: Page) {
  await expect(page.locator("#stem")).toBeVisible();
  const card = page.locator("section[aria-labelledby=stem]");
  const radio = card.getByRole("radio").first();
  const checkbox = card.getByRole("checkbox", { name: /^(?!Not sure)/ }).first();
  const number = card.locator('input[type="number"]');
  const keep = card.getByRole("button", { name: "Keep this order" });
  if (await radio.count()) await radio.check();
  else if (await checkbox.count()) await checkbox.check();
  else if (await number.count()) await number.fill("1");
  else if (await keep.count()) await keep.click();
  await card.getByRole("button", { name: "Check answer" }).click();
  // Practice feedback from the pack's stored key, with its explanation.
  await expect(card.getByText(/^(✓ Right|✗ Not quite)$/)).toBeVisible();
}

type Summary = { id: number; title: string; mode: string; status: string; answered: number; total: number };

test("a pack taken offline, across a closed tab, syncs every answer exactly once", async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const token = await signUp(page);
  expect((await call(baseURL!, token, "PUT", "onboarding", { track: "ems" })).status).toBe(200);

  // The service worker installs and keeps the app shell (decision 31).
  await page.goto("/user/offline");
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await expect(page.getByRole("heading", { name: "Practise offline", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Download 50 questions" }).click();
  await expect(page.getByText("A pack of 50 questions is on this device.")).toBeVisible();
  await expect(page.getByTestId("offline-pack")).toContainText("50 questions");

  // No network: the app opens from the device, and the pack is there.
  await context.setOffline(true);
  await page.reload();
  const banner = page.getByTestId("offline-banner");
  await expect(banner).toContainText("You're offline.");
  await page.getByRole("button", { name: "Start an offline quiz" }).click();
  await expect(page.getByRole("heading", { name: "Offline practice", level: 1 })).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await answerAndCheck(page);
    await page.getByRole("button", { name: "Next →" }).click();
  }
  await expect(banner).toContainText("You're offline. 3 answers will sync when you're back online.");
  // The offline player and its banner meet WCAG 2.2 AA as every screen does.
  expect(await axeViolations(page, "offline player")).toEqual([]);

  // The tab closes; a new one, still offline, finds the answers waiting and the quiz to continue.
  await page.close();
  const next = await context.newPage();
  const syncs: string[] = [];
  next.on("request", (r) => {
    if (r.url().endsWith("/quiz/offline/sync")) syncs.push(r.postData() ?? "");
  });
  await next.goto("/user/offline");
  const again = next.getByTestId("offline-banner");
  await expect(again).toContainText("You're offline. 3 answers will sync when you're back online.");
  await expect(next.getByRole("button", { name: "Continue offline quiz (3 of 10 answered)" })).toBeVisible();
  expect(await axeViolations(next, "offline packs")).toEqual([]);

  // Back online: the answers sync, and the history has them once.
  await context.setOffline(false);
  await expect(again).toContainText("3 answers synced.");
  expect(syncs).toHaveLength(1);
  const sent = JSON.parse(syncs[0]!) as { answers: { id: string; questionId: string }[] };
  expect(sent.answers).toHaveLength(3);

  const list = (await call(baseURL!, token, "GET", "quiz/list")).json.list as Summary[];
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({ title: "Offline practice", mode: "practice", status: "submitted", answered: 3, total: 3 });
  const quiz = (await call(baseURL!, token, "GET", `quiz/get/${list[0]!.id}`)).json.model as { questions: { questionId: string }[] };
  expect(quiz.questions.map((q) => q.questionId)).toEqual(sent.answers.map((a) => a.questionId));

  // The same batch again (a reply lost on the way, say) records nothing twice.
  const replay = await call(baseURL!, token, "POST", "quiz/offline/sync", sent);
  expect(replay.status).toBe(200);
  expect(replay.json).toMatchObject({ recorded: 0, skipped: 3 });
  const after = (await call(baseURL!, token, "GET", "quiz/list")).json.list as Summary[];
  expect(after.map((q) => q.answered)).toEqual([3]);
});

/** What offline practice keeps in this browser: packs (with keys) and answers waiting to sync. */
function onDevice(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ packs: number; pending: number }>((resolve, reject) => {
        const open = indexedDB.open("academy-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(["packs", "pending"]);
          const packs = tx.objectStore("packs").count();
          const pending = tx.objectStore("pending").count();
          tx.oncomplete = () => {
            db.close();
            resolve({ packs: packs.result, pending: pending.result });
          };
        };
      }),
  );
}

async function downloadAndAnswerOffline(page: Page, context: import("@playwright/test").BrowserContext, answers: number) {
  await page.goto("/user/offline");
  await page.getByRole("button", { name: "Download 50 questions" }).click();
  await expect(page.getByText("A pack of 50 questions is on this device.")).toBeVisible();
  await context.setOffline(true);
  await page.getByRole("button", { name: "Start an offline quiz" }).click();
  for (let i = 0; i < answers; i++) {
    await answerAndCheck(page);
    await page.getByRole("button", { name: "Next →" }).click();
  }
}

test("an expired session keeps the offline answers for the next sign-in; a sign-out sends them first; packs leave the device", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("offline-session");
  const token = await signUp(page, email);
  expect((await call(baseURL!, token, "PUT", "onboarding", { track: "ems" })).status).toBe(200);
  await downloadAndAnswerOffline(page, context, 2);
  const banner = page.getByTestId("offline-banner");
  await expect(banner).toContainText("2 answers will sync");

  // The session ends while the candidate is away (its token expired, its renewal ended on the server).
  const expired = await expiredCopyOf(token);
  await page.evaluate((t) => {
    localStorage.setItem("token", t);
    localStorage.setItem("refreshToken", "a-session-that-ended-on-the-server-0000000000");
  }, expired);
  await context.setOffline(false);
  await expect(page.getByRole("dialog", { name: "Session Expired" })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/login/, { timeout: 10_000 });
  // The pack (its keys) left the device; the answers did not, and nothing reached the server.
  await expect.poll(() => onDevice(page)).toEqual({ packs: 0, pending: 2 });
  expect((await call(baseURL!, token, "GET", "quiz/list")).json.list).toEqual([]);

  // The same candidate signs in again: the answers sync.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("offline-banner")).toContainText("2 answers synced.");
  await expect.poll(() => onDevice(page)).toEqual({ packs: 0, pending: 0 });
  const first = (await call(baseURL!, token, "GET", "quiz/list")).json.list as Summary[];
  expect(first.map((q) => [q.title, q.answered])).toEqual([["Offline practice", 2]]);

  // An answer the server could not take yet (the connection failing) goes before an explicit sign-out.
  await downloadAndAnswerOffline(page, context, 1);
  await page.route("**/quiz/offline/sync", (route) => route.abort());
  await context.setOffline(false);
  await expect(page.getByTestId("offline-banner")).toContainText("You're offline. 1 answer will sync");
  await page.unroute("**/quiz/offline/sync");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await expect.poll(() => onDevice(page)).toEqual({ packs: 0, pending: 0 });
  // Signing out ended that session on the server: the history is read in a new one.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const fresh = (await page.evaluate(() => localStorage.getItem("token")))!;
  const after = (await call(baseURL!, fresh, "GET", "quiz/list")).json.list as Summary[];
  expect(after.map((q) => q.answered).sort()).toEqual([1, 2]);
});

/** The documents saved for offline reading in this browser, by slug. */
function savedDocuments(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("academy-offline-library");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction("documents").objectStore("documents").getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { slug: string }[]).map((d) => d.slug).sort());
          };
        };
      }),
  );
}

test("a library document saved for offline reading opens without a network, and leaves when the plan no longer opens it or on sign-out", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.goto("/user/document-library/airway-breathing");
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole("heading", { name: "Airway and breathing", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Save for offline reading" }).click();
  await expect(page.getByTestId("saved-offline")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save for offline reading" })).toHaveAttribute("aria-pressed", "true");

  // Offline: the document opens from the device, its sections readable; the library lists it.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Airway and breathing", level: 1 })).toBeVisible();
  await expect(page.getByTestId("offline-copy")).toContainText("copy saved on this device");
  await expect(page.locator("#choking")).toContainText(/back blows/i);
  expect(await axeViolations(page, "offline document")).toEqual([]);
  await page.goto("/user/document-library");
  const saved = page.getByRole("region", { name: "Saved for offline reading" });
  await expect(saved.getByRole("link", { name: /Airway and breathing/ })).toBeVisible();

  // A document the plan no longer opens (kept from when it did) leaves at the next start online.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const userId = Number(localStorage.getItem("user"));
        const open = indexedDB.open("academy-offline-library");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction("documents", "readwrite").objectStore("documents");
          const get = store.get(`${userId}:airway-breathing`);
          get.onsuccess = () => {
            const copy = get.result as { doc: Record<string, unknown> };
            const put = store.put({
              ...copy,
              key: `${userId}:paediatrics-obstetrics`,
              slug: "paediatrics-obstetrics",
              doc: { ...copy.doc, slug: "paediatrics-obstetrics" },
            });
            put.onsuccess = () => {
              db.close();
              resolve();
            };
          };
        };
      }),
  );
  expect(await savedDocuments(page)).toEqual(["airway-breathing", "paediatrics-obstetrics"]);
  await context.setOffline(false);
  await page.reload();
  await expect.poll(() => savedDocuments(page)).toEqual(["airway-breathing"]);

  // Signing out takes the rest off the device.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await expect.poll(() => savedDocuments(page)).toEqual([]);
});
