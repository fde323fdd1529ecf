import { axeViolations } from "./axe";
import { expect, test } from "./fixtures";
import { PROJECT, signIn, signInAsNewStaff, staffHeaders, uniqueEmail } from "./helpers";

// Support works the shared inbox: every conversation of a candidate with staff, unassigned first.
// The server's tests cover the order, the filters, the assignment rules and the 403s
// (apps/server/src/modules/chat/inbox.test.ts); this journey is support's morning, on a phone.

const R = "/v3/api/lambda/realtime";

test("support sees an unassigned conversation first, assigns it to themself and answers it, at 390 px", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A candidate writes to academy staff (the administrator opened the room); nobody has it yet.
  const account = { email: uniqueEmail("inbox"), password: "inbox journey password" };
  const registered = await page.request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { ...account, first_name: "Morgan", last_name: "Inbox", role: "user" },
  });
  expect(registered.ok()).toBe(true);
  const candidate = (await registered.json()) as { user_id: number; token: string };
  const profile = await page.request.get("/v2/api/lambda/profile", { headers: staffHeaders() });
  const adminId = (await profile.json()).model.id as number;
  const opened = await page.request.post(`${R}/room`, {
    headers: staffHeaders(),
    data: { user_id: adminId, other_user_id: candidate.user_id },
  });
  expect(opened.ok()).toBe(true);
  const roomId = (await opened.json()).room_id as number;
  const candidateHeaders = { "x-project": PROJECT, authorization: `Bearer ${candidate.token}` };
  const asked = await page.request.post(`${R}/send`, {
    headers: candidateHeaders,
    data: { room_id: roomId, message: "I cannot find my invoice for May" },
  });
  expect(asked.ok()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewStaff(page, "support", { first: "Sasha", last: "Support" });
  await page.goto("/admin/chat");
  await expect(page.getByRole("heading", { name: "Chat", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Your conversations" })).toHaveAttribute("aria-pressed", "true");
  expect(await axeViolations(page, "shared inbox")).toEqual([]);
  await page.getByRole("button", { name: /Shared inbox/ }).click();
  await expect(page).toHaveURL(/\/admin\/chat\?view=inbox$/);

  // Unassigned first, then newest: Morgan's question is at the top, waiting for an answer.
  const first = page.getByTestId("inbox-conversation").first();
  await expect(first).toContainText("Morgan Inbox", { timeout: 30_000 });
  await expect(first.getByTestId("inbox-assignee")).toHaveText("Unassigned");
  await expect(first).toContainText("Waiting");
  expect(await axeViolations(page, "shared inbox")).toEqual([]);
  await first.click();

  // The conversation opens in place of the list on a phone; support takes it.
  await expect(page.getByTestId("chat-messages")).toContainText("I cannot find my invoice for May", { timeout: 30_000 });
  await expect(page.getByTestId("assignment-status")).toHaveText("Unassigned");
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByTestId("assignment-status")).toHaveText("Assigned to you");
  await expect(page.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
  expect(await axeViolations(page, "shared inbox")).toEqual([]);

  // And answers it with the keyboard.
  const reply = page.getByRole("textbox", { name: "Message to Morgan Inbox" });
  await reply.fill("Your invoices are under Billing in your account.");
  await reply.press("Enter");
  await expect(page.getByTestId("chat-messages")).toContainText("Your invoices are under Billing in your account.");
  await expect(reply).toHaveValue("");
  const sizes = await page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));
  expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.innerWidth);

  // Back in the list, "Assigned to me" holds it, answered.
  await page.getByRole("button", { name: "Back to the inbox" }).click();
  await page.getByLabel("Show").selectOption({ label: "Assigned to me" });
  const mine = page.getByTestId("inbox-conversation").filter({ hasText: "Morgan Inbox" });
  await expect(mine.getByTestId("inbox-assignee")).toHaveText("Assigned to you");
  await expect(mine).not.toContainText("Waiting");
  // On a laptop the list and the open conversation stand side by side, just as accessible.
  await page.setViewportSize({ width: 1280, height: 800 });
  await mine.click();
  await expect(page.getByTestId("chat-messages")).toContainText("Your invoices are under Billing in your account.");
  expect(await axeViolations(page, "shared inbox")).toEqual([]);

  // The candidate reads the answer in their conversation with the administrator, from Sasha Support by name.
  const read = await page.request.post(`${R}/chat`, { headers: candidateHeaders, data: { room_id: roomId } });
  const last = (await read.json()).model.at(-1) as { message: string; sender_name: string };
  expect(last).toMatchObject({ message: "Your invoices are under Billing in your account.", sender_name: "Sasha Support" });
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, storageState: { cookies: [], origins: [] } });
  const candidatePage = await phone.newPage();
  await signIn(candidatePage, "user", account);
  await candidatePage.goto("/user/get-coaching");
  const answer = candidatePage.getByTestId("chat-messages").getByRole("listitem").filter({ hasText: "Your invoices are under Billing" });
  await expect(answer).toContainText("Sasha Support", { timeout: 30_000 });
  await phone.close();
});
