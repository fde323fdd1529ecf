import { expect, test } from "./fixtures";
import { MAIL_URL, openStaffArea, PROJECT, STAFF_STATE, signIn, staffHeaders, uniqueEmail } from "./helpers";

test.use({ storageState: STAFF_STATE });

test("an administrator changes a candidate's email; the activity log shows it, and the old address was told", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two sessions and a dozen screens, on a machine shared with other runs.
  test.setTimeout(120_000);
  const oldEmail = uniqueEmail("moving");
  const newEmail = uniqueEmail("moved");
  const password = "a strong passphrase";
  const reg = await request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { email: oldEmail, password, first_name: "Kim", last_name: "Novak", role: "user" },
  });
  expect(reg.ok()).toBe(true);

  // The administrator changes the email in the users table's edit panel.
  await openStaffArea(page);
  await page.goto("/admin/users");
  await page.getByLabel("Search by email").fill(oldEmail);
  await page.getByRole("button", { name: `Edit ${oldEmail}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit user" });
  await edit.getByLabel("Email").fill(newEmail);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);

  // The account's own view shows its history.
  await page.getByLabel("Search by email").fill(newEmail);
  await page.getByRole("button", { name: `View ${newEmail}` }).click();
  const history = page.getByRole("dialog", { name: "User details" }).getByRole("region", { name: "History" });
  await expect(history).toContainText(`Email changed from ${oldEmail} to ${newEmail}`);

  // The activity log is in the staff sidebar, and shows who did it.
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation").getByRole("link", { name: "Activity log" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page.getByRole("heading", { name: "Activity log" })).toBeVisible();
  await page.getByLabel("What").selectOption({ label: "Email changed" });
  await expect(page).toHaveURL(/f\.kind=account\.email/);
  const row = page.getByRole("row").filter({ hasText: `Email changed from ${oldEmail} to ${newEmail}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText("admin@e2e.test");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // The mail to the old address is in the outbox, and reached that inbox.
  const outbox = await request.get("/v2/api/lambda/outbox", { headers: staffHeaders(), params: { to: oldEmail } });
  expect(outbox.ok()).toBe(true);
  const mails = (await outbox.json()).list as { subject: string; text: string }[];
  const told = mails.find((m) => m.subject === "The email of your Rescue Academy account was changed");
  expect(told?.text).toContain(newEmail);
  await expect
    .poll(async () => ((await (await request.get(MAIL_URL, { params: { to: oldEmail } })).json()) as { subject: string }[]).length)
    .toBeGreaterThan(1);

  // The candidate signs in with the new address and sees the change on their profile, by "Academy staff".
  const candidate = await browser.newContext({ storageState: { cookies: [], origins: [] }, baseURL });
  const candidatePage = await candidate.newPage();
  await signIn(candidatePage, "user", { email: newEmail, password });
  await candidatePage.goto("/user/profile");
  const changes = candidatePage.getByRole("region", { name: "Changes by the academy" });
  await expect(changes).toContainText(`Email changed from ${oldEmail} to ${newEmail}`);
  await expect(changes).toContainText("Academy staff");
  await expect(changes).not.toContainText("admin@e2e.test");
  await candidate.close();
});

test("a blog post's view and edit pages show its own history", async ({ page, request }) => {
  test.setTimeout(90_000);
  const title = `Night shifts and sleep ${Date.now()}`;
  const made = await request.post("/v2/api/lambda/blog/create", {
    headers: staffHeaders(),
    data: { title, excerpt: "How crews rest between calls.", body: "<p>Sleep when you can.</p>", status: "published" },
  });
  expect(made.ok()).toBe(true);
  const id = (await made.json()).model.id as number;
  // Taken back to a draft: a second entry, newest first.
  const back = await request.post(`/v2/api/lambda/blog/edit/${id}`, {
    headers: staffHeaders(),
    data: { title, excerpt: "How crews rest between calls.", body: "<p>Sleep when you can.</p>", status: "draft" },
  });
  expect(back.ok()).toBe(true);

  await openStaffArea(page);
  await page.goto(`/admin/blog/view/${id}`);
  const history = page.getByRole("dialog", { name: "Post details" }).getByRole("region", { name: "History" });
  // One entry a change, newest first (each lists its changed fields in a list of its own).
  const entries = history.locator(":scope > ol > li");
  await expect(entries).toHaveCount(2, { timeout: 15_000 });
  await expect(entries.nth(0)).toContainText(`Blog post ${title} back to draft`);
  await expect(entries.nth(0)).toContainText("Content unpublished");
  await expect(entries.nth(1)).toContainText(`Blog post ${title} published`);

  // The editor of the same post shows it too.
  await page.goto(`/admin/blog/edit/${id}`);
  await expect(page.getByRole("region", { name: "History" })).toContainText(`Blog post ${title} published`, { timeout: 15_000 });
});
