import { randomUUID } from "node:crypto";
import { expect as baseExpect, type Request, test } from "./fixtures";
import { openStaffArea, PROJECT, STAFF_STATE, signIn, uniqueEmail } from "./helpers";

const INGEST = "/v2/api/lambda/analytics/user-sessions";
// Generous waits: CI machines are slow and busy.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

test.describe("a candidate's recorded sessions", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("records only after a yes, never sends what was typed, and lets the candidate see and delete the recordings", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("recorded");
    const password = "a strong passphrase";
    const reg = await request.post("/v2/api/lambda/register", {
      headers: { "x-project": PROJECT },
      data: { email, password, first_name: "Robin", last_name: "Okafor", role: "user" },
    });
    expect(reg.ok()).toBe(true);
    const auth = { "x-project": PROJECT, authorization: `Bearer ${(await reg.json()).token}` };

    // Everything the page sends to the ingest call, as sent.
    const sent: string[] = [];
    const onRequest = (r: Request) => {
      if (new URL(r.url()).pathname === INGEST) sent.push(r.postData() ?? "");
    };
    page.context().on("request", onRequest);

    await signIn(page, "user", { email, password });
    const banner = page.getByRole("region", { name: "Help us improve Rescue Academy?" });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    // Nothing is recorded before the answer.
    expect(sent).toEqual([]);
    // The yes starts the recorder on this page, which asks for its ingest token: that answer is
    // awaited here, so the wait for the next page's token below cannot take it instead.
    const firstToken = page.waitForResponse((r) => new URL(r.url()).pathname === "/v2/api/lambda/analytics/ingest-token", {
      timeout: 30_000,
    });
    await banner.getByRole("button", { name: "Allow recording" }).click();
    await expect(banner).toHaveCount(0);
    await firstToken;

    // Type into fields of every kind; nothing is saved.
    const typedName = `Zanzibar${randomUUID().slice(0, 8)}`;
    const typedPassword = `Pass-${randomUUID().slice(0, 12)}`;
    // A full load starts the app again: the recorder starts a few seconds after the first screen,
    // and asks for its ingest token when it does. Typing waits for it, as a person's would not
    // need to: what happens before the recorder runs is simply not recorded.
    const recording = page.waitForResponse((r) => new URL(r.url()).pathname === "/v2/api/lambda/analytics/ingest-token", {
      timeout: 30_000,
    });
    await page.goto("/user/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await recording;
    await page.getByLabel("First name").fill("");
    await page.getByLabel("First name").pressSequentially(typedName, { delay: 20 });
    await page.getByLabel("Current password").first().pressSequentially(typedPassword, { delay: 20 });
    await page.getByLabel("New password", { exact: true }).fill(typedPassword);
    await page.getByRole("button", { name: "Save details" }).hover();

    // The tab goes to the background: the recorder sends what waits, with a masked copy of the page.
    const withPage = page.waitForRequest((r) => new URL(r.url()).pathname === INGEST && (r.postData() ?? "").includes("html_copy"), {
      timeout: 30_000,
    });
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await withPage;
    // And leaving the page (pagehide) sends the rest with sendBeacon.
    await page.goto("/user/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const all = sent.join("\n");
    expect(all).not.toContain(typedName);
    expect(all).not.toContain(typedPassword);
    const batches = sent.map(
      (b) =>
        JSON.parse(b) as {
          ingest_token?: string;
          events: { type: string; target?: string; data?: Record<string, unknown> }[];
          html_copy?: string;
        },
    );
    // The beacon carries its own ingest token, not the access token.
    expect(batches.every((b) => b.ingest_token?.startsWith("ai1."))).toBe(true);
    const inputs = batches.flatMap((b) => b.events).filter((e) => e.type === "input");
    expect(inputs.length).toBeGreaterThan(0);
    expect(inputs.every((e) => e.data?.masked === true && !JSON.stringify(e).includes(typedName))).toBe(true);
    expect(inputs.map((e) => e.target)).toContain("input[name=first_name]");
    const copy = batches.find((b) => b.html_copy)!.html_copy!;
    expect(copy).toContain("Profile");
    expect(copy).not.toMatch(/<input[^>]*\svalue=/);

    // What the server keeps holds none of it either.
    const storedSession = async () => {
      const list = (await (await request.get("/v2/api/lambda/user-sessions/data", { headers: auth })).json()) as { list: { id: number }[] };
      if (list.list.length !== 1) return "";
      return (await request.get(`/v2/api/lambda/user-sessions/${list.list[0]!.id}`, { headers: auth })).text();
    };
    await expect.poll(storedSession, { timeout: 20_000 }).toContain('"type":"input"');
    const stored = await storedSession();
    expect(stored).toContain("html_copy");
    expect(stored).not.toContain(typedName);
    expect(stored).not.toContain(typedPassword);
    expect(stored).toContain("/user/profile");

    // The profile shows the recording, its events, and deletes it; recording can be stopped there.
    await page.goto("/user/profile");
    const section = page.getByRole("region", { name: "Session recordings" });
    await expect(section.getByRole("heading", { name: /Your recorded sessions \(\d+\)/ })).toBeVisible({ timeout: 20_000 });
    await section.getByRole("button", { name: "Show events" }).first().click();
    await expect(section.getByRole("list", { name: "Session events" }).getByText("/user/profile").first()).toBeVisible();
    await section.getByRole("button", { name: "Stop recording" }).click();
    await expect(section.getByText("Recording is off: nothing is recorded.")).toBeVisible();
    await section.getByRole("button", { name: "Delete all recordings" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete all" }).click();
    await expect(section.getByText("No sessions are recorded of you.")).toBeVisible();
    expect((await (await request.get("/v2/api/lambda/user-sessions/data", { headers: auth })).json()).total).toBe(0);

    // Off means off: leaving the page sends nothing more.
    const before = sent.length;
    await page.goto("/user/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(sent.length).toBe(before);
    page.context().off("request", onRequest);
  });
});

test.describe("staff", () => {
  test.use({ storageState: STAFF_STATE });

  test("staff see the figures, the funnel, the session list and a session's timeline", async ({ page, request }) => {
    // A candidate who agreed, with one recorded session sent as the browser sends it.
    const reg = await request.post("/v2/api/lambda/register", {
      headers: { "x-project": PROJECT },
      data: { email: uniqueEmail("timeline"), password: "a strong passphrase", first_name: "Tala", last_name: "Moreno", role: "user" },
    });
    const auth = { "x-project": PROJECT, authorization: `Bearer ${(await reg.json()).token}` };
    expect((await request.put("/v2/api/lambda/analytics/consent", { headers: auth, data: { granted: true } })).ok()).toBe(true);
    const token = (await (await request.post("/v2/api/lambda/analytics/ingest-token", { headers: auth, data: {} })).json()).token;
    const now = Date.now();
    const beacon = await request.post(INGEST, {
      headers: { "content-type": "text/plain;charset=UTF-8" },
      data: JSON.stringify({
        ingest_token: token,
        session_id: randomUUID(),
        status: "ended",
        screen_width: 390,
        screen_height: 844,
        start_time: now - 30_000,
        end_time: now,
        events: [
          { type: "pageview", at: now - 20_000, path: "/user/library" },
          { type: "click", at: now - 10_000, path: "/user/library", target: 'button "Open the airway chapter"' },
        ],
      }),
    });
    expect(beacon.status()).toBe(200);

    await openStaffArea(page);
    await page.getByRole("navigation").getByRole("link", { name: "Session analytics" }).click();
    await expect(page).toHaveURL(/\/admin\/analytics$/);
    await expect(page.getByRole("heading", { level: 1, name: "Session analytics" })).toBeVisible();
    await expect(page).toHaveTitle(/Session analytics/);
    await expect(page.getByRole("list", { name: "Funnel steps" }).getByText("Signed up")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("region", { name: "Pages viewed" }).getByText("/user/library")).toBeVisible();
    await page.getByRole("link", { name: /Timeline of Tala Moreno's session/ }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\/sessions\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Session timeline" })).toBeVisible();
    const events = page.getByRole("list", { name: "Session events" });
    await expect(events.getByRole("listitem")).toHaveCount(2);
    await expect(events.getByText('button "Open the airway chapter"')).toBeVisible();
  });
});
