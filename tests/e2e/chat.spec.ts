import { expect, test } from "./fixtures";
import { ACCOUNTS, openStaffArea, PROJECT, STAFF_STATE, signIn, staffHeaders, uniqueEmail } from "./helpers";

const R = "/v3/api/lambda/realtime";

test.describe("chat between a candidate and staff", () => {
  test.use({ storageState: STAFF_STATE });
  // Two browser contexts and a held long poll on a busy machine.
  test.describe.configure({ timeout: 300_000 });

  test("messages go both ways without reload, sent with the keyboard, shown as text, at 390 px for the candidate", async ({
    page,
    browser,
    baseURL,
  }) => {
    // A new candidate; staff open a conversation with them (staff may talk to anyone).
    const email = uniqueEmail("chat");
    const password = "chat journey password";
    const registered = await page.request.post("/v2/api/lambda/register", {
      headers: { "x-project": PROJECT },
      data: { email, password, first_name: "Casey", last_name: "Rivers", role: "user" },
    });
    expect(registered.ok()).toBe(true);
    const candidateId = (await registered.json()).user_id as number;
    const profile = await page.request.get("/v2/api/lambda/profile", { headers: staffHeaders() });
    const staffId = (await profile.json()).model.id as number;
    const opened = await page.request.post(`${R}/room`, {
      headers: staffHeaders(),
      data: { user_id: staffId, other_user_id: candidateId },
    });
    expect(opened.ok()).toBe(true);

    // The candidate, on a phone-sized screen, in a browser context of their own.
    const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: { cookies: [], origins: [] } });
    const candidate = await phone.newPage();
    await signIn(candidate, "user", { email, password });
    await candidate.goto("/user/get-coaching");
    await expect(candidate).toHaveTitle("Coaching | Rescue Academy");
    const panel = candidate.getByRole("region", { name: /Messages with your coach/ });
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByText("No messages yet.", { exact: false })).toBeVisible({ timeout: 30_000 });
    const box = panel.getByRole("textbox", { name: /Message to/ });
    await box.fill("Hello, can we talk about the triage questions?");
    await box.press("Enter");
    await expect(panel.getByTestId("chat-messages")).toContainText("Hello, can we talk about the triage questions?");
    await expect(box).toHaveValue("");

    // Staff see the conversation unread on /admin/chat and answer with two lines and markup-like text.
    await openStaffArea(page);
    await page.goto("/admin/chat");
    await expect(page).toHaveTitle("Chat | Rescue Academy");
    await expect(page.getByRole("heading", { name: "Chat", level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel("Search by name or email").fill("Casey Rivers");
    const conversation = page.getByRole("button", { name: /Casey Rivers/ });
    await expect(conversation).toBeVisible({ timeout: 30_000 });
    await expect(conversation.getByTestId("unread-count")).toHaveText(/1/);
    await conversation.click();
    await expect(page.getByTestId("chat-messages")).toContainText("Hello, can we talk about the triage questions?", { timeout: 30_000 });
    const reply = page.getByRole("textbox", { name: "Message to Casey Rivers" });
    await reply.fill("Of course. <b>Bring</b> your notes.");
    await reply.press("End");
    await reply.press("Shift+Enter");
    await page.keyboard.insertText("Thursday works.");
    await expect(reply).toHaveValue("Of course. <b>Bring</b> your notes.\nThursday works.");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("chat-messages")).toContainText("Thursday works.");

    // The candidate sees it arrive without reloading, as text (no bold element made of it).
    const messages = panel.getByTestId("chat-messages");
    await expect(messages).toContainText("Of course. <b>Bring</b> your notes.", { timeout: 40_000 });
    await expect(messages.locator("b")).toHaveCount(0);
    await expect(messages).toContainText("Thursday works.");
    // No sideways scrolling at 390 px.
    const overflow = await candidate.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.close();
  });

  test("staff start a conversation from /admin/chat at 390 px; the candidate's navigation shows it unread without reload until they read it", async ({
    page,
    browser,
    baseURL,
  }) => {
    // The seeded candidate (Jamie Rivera), signed in on a desktop screen in a context of their own.
    const desk = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const candidate = await desk.newPage();
    await signIn(candidate, "user", ACCOUNTS.user);
    const coaching = candidate.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: /^Coaching/ });
    await expect(coaching).toHaveAccessibleName("Coaching");
    await expect(coaching.getByTestId("nav-count")).toHaveCount(0);

    // Staff, on a phone-sized screen, find the candidate and open the conversation with the keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await openStaffArea(page);
    await page.goto("/admin/chat");
    await expect(page.getByRole("heading", { name: "Chat", level: 1 })).toBeVisible({ timeout: 30_000 });
    const start = page.getByRole("button", { name: "New conversation" });
    await start.focus();
    await page.keyboard.press("Enter");
    const find = page.getByLabel("Find a person by name or email");
    await expect(find).toBeFocused();
    await find.fill("jamie rivera");
    const found = page.getByRole("list", { name: "People found" }).getByRole("button");
    await expect(found).toHaveCount(1, { timeout: 15_000 });
    await expect(found).toContainText(`Candidate · ${ACCOUNTS.user.email}`);
    await page.keyboard.press("Tab");
    await expect(found).toBeFocused();
    await page.keyboard.press("Enter");
    const box = page.getByRole("textbox", { name: "Message to Jamie Rivera" });
    await expect(box).toBeFocused({ timeout: 15_000 });
    const text = `Hello Jamie, staff support here (${Date.now()}). How is your revision going?`;
    await page.keyboard.insertText(text);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("chat-messages")).toContainText(text);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Starting again with the same person selects the same conversation, never a second one.
    await page.getByRole("button", { name: "Back to conversations" }).click();
    await page.getByRole("button", { name: "New conversation" }).click();
    await page.getByLabel("Find a person by name or email").fill(ACCOUNTS.user.email);
    // Other journeys' accounts may hold the same address in theirs: the candidate is the one named.
    const again = found.filter({ hasText: "Jamie Rivera" });
    await expect(again).toContainText("conversation open", { timeout: 15_000 });
    await again.click();
    await expect(page.getByTestId("chat-messages")).toContainText(text);
    await page.getByRole("button", { name: "Back to conversations" }).click();
    await expect(page.getByRole("list", { name: "Conversations" }).getByRole("button", { name: /Jamie Rivera/ })).toHaveCount(1);

    // The candidate's navigation shows the message unread, without a reload.
    await expect(coaching.getByTestId("nav-count")).toHaveText("1 unread", { timeout: 40_000 });
    await expect(coaching).toHaveAccessibleName("Coaching, 1 unread");
    // On a phone-sized screen the sidebar is closed: the menu button carries the count.
    await candidate.setViewportSize({ width: 390, height: 844 });
    const menu = candidate.getByRole("button", { name: "Menu, 1 unread" });
    await expect(menu).toBeVisible();
    await menu.click();
    // Reading the conversation clears it.
    await coaching.click();
    const panel = candidate.getByRole("region", { name: /Messages with your coach/ });
    await expect(panel.getByTestId("chat-messages")).toContainText(text, { timeout: 30_000 });
    await expect(candidate.getByRole("button", { name: "Menu", exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(candidate.getByTestId("nav-count")).toHaveCount(0);
    await candidate.setViewportSize({ width: 1280, height: 720 });
    await expect(coaching).toHaveAccessibleName("Coaching");
    await desk.close();
  });
});
