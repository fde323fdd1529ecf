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
