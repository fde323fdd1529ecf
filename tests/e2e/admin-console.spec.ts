import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn } from "./helpers";
import { MAIL_URL } from "./playwright.config";

test.beforeEach(async ({ page }) => signIn(page, "admin"));

test("packages: list, search, add in the side panel, view, edit, delete", async ({ page }) => {
  await page.goto("/admin/packages");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(4); // header + Free, Core, Premium
  await expect(table.getByRole("cell", { name: "Premium", exact: true })).toBeVisible();

  await page.getByLabel("Search by name").fill("cor");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(page).toHaveURL(/q=cor/);
  await page.reload();
  await expect(page.getByLabel("Search by name")).toHaveValue("cor");
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Clear filters" }).click();

  await page.getByRole("button", { name: "Add package" }).click();
  await expect(page).toHaveURL(/\/admin\/add-packages$/);
  const panel = page.getByRole("dialog", { name: "Add package" });
  await panel.getByRole("button", { name: "Add package" }).click();
  await expect(panel.getByText("Name is required")).toBeVisible();
  await panel.getByLabel("Name").fill("Team");
  await panel.getByLabel("Slug").fill("team");
  await panel.getByLabel("Description").fill("For fire services preparing a whole intake.");
  await panel.getByLabel("Quizzes per week").fill("");
  await panel.getByLabel("Study library").selectOption("core");
  await panel.getByLabel("Coaching sessions per month").fill("4");
  await panel.getByLabel("Status").selectOption("active");
  await panel.getByLabel("Display order").fill("4");
  await panel.getByRole("button", { name: "Add package" }).click();

  const view = page.getByRole("dialog", { name: "Package details" });
  await expect(view).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/view-packages\/\d+$/);
  await expect(view.getByText("For fire services preparing a whole intake.")).toBeVisible();
  await expect(view.getByText("Unlimited")).toBeVisible();

  await view.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit package" });
  await edit.getByLabel("Coaching sessions per month").fill("6");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/admin\/packages$/);
  await expect(table.getByRole("row", { name: /Team/ }).getByRole("cell", { name: "6", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete Team" }).click();
  await page.getByRole("dialog", { name: "Delete Team?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("The package was deleted")).toBeVisible();
  await expect(table.getByRole("row", { name: /Team/ })).toHaveCount(0);
});

test("a deep link opens the edit panel, and Escape closes it back to the list", async ({ page }) => {
  await page.goto("/admin/packages");
  const id = await page
    .getByRole("button", { name: "Edit Core" })
    .click()
    .then(() => page.url().split("/").pop());
  await page.goto(`/admin/edit-packages/${id}`);
  const edit = page.getByRole("dialog", { name: "Edit package" });
  await expect(edit.getByLabel("Name")).toHaveValue("Core");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/admin\/packages$/);
});

test("a CMS entry changes the landing page's headline", async ({ page, browser }) => {
  await page.goto("/admin/cms");
  await page.getByRole("button", { name: "Add entry" }).click();
  const panel = page.getByRole("dialog", { name: "Add entry" });
  await panel.getByLabel("Page").fill("landing");
  await panel.getByLabel("Key").fill("hero_title");
  await panel.getByLabel("Type").selectOption("text");
  await panel.getByLabel("Value").fill("Pass your entrance exam with confidence.");
  await panel.getByRole("button", { name: "Add entry" }).click();
  await expect(page.getByRole("cell", { name: "Pass your entrance exam with confidence." })).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(page.url().replace(/\/admin\/.*$/, "/"));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Pass your entrance exam with confidence.");
  await visitor.close();
});

test("a published page appears at its address, sanitized", async ({ page, browser }) => {
  await page.goto("/admin/pages");
  await page.getByRole("button", { name: "Add page" }).click();
  const panel = page.getByRole("dialog", { name: "Add page" });
  await panel.getByLabel("Title").fill("Terms of use");
  await panel.getByLabel("Address").fill("terms");
  await panel
    .getByLabel("Body")
    .fill('<h2>Your account</h2><p>Be kind.</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>');
  await panel.getByLabel("Published").check();
  await panel.getByRole("button", { name: "Add page" }).click();
  await expect(page.getByRole("dialog", { name: "Page details" })).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(page.url().replace(/\/admin\/.*$/, "/terms"));
  await expect(visitor.getByRole("heading", { name: "Terms of use" })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Your account" })).toBeVisible();
  expect(await visitor.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(visitor).toHaveTitle("Terms of use | Rescue Academy");
  await visitor.goto(page.url().replace(/\/admin\/.*$/, "/no-such-page"));
  await expect(visitor.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await visitor.close();
});

test("users: search by email and see roles", async ({ page }) => {
  await page.goto("/admin/users");
  const table = page.getByRole("table");
  await expect(page.getByText(/^Showing \d+–\d+ of \d+$/)).toBeVisible();
  const everyone = await table.getByRole("row").count();
  await page.getByLabel("Search by email").fill(ACCOUNTS.user.email);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(ACCOUNTS.user.email)}`));
  const seeded = table.getByRole("row").filter({ has: page.getByRole("cell", { name: ACCOUNTS.user.email, exact: true }) });
  await expect(seeded).toHaveCount(1);
  await expect(seeded.getByRole("cell", { name: "Candidate", exact: true })).toBeVisible();
  // Every row left matches the search, and the search narrowed the list.
  const rows = await table.getByRole("row").allInnerTexts();
  expect(rows.slice(1).every((text) => text.includes(ACCOUNTS.user.email))).toBe(true);
  expect(rows.length).toBeLessThan(everyone);
  await page.getByLabel("Role").selectOption("admin");
  await expect(page.getByText("No users match")).toBeVisible();
});

test("email: a template's live preview, and a test send that arrives by SMTP", async ({ page, request }) => {
  await page.goto("/admin/email");
  await page.getByRole("button", { name: "Edit Welcome" }).click();
  const panel = page.getByRole("dialog", { name: "Edit template" });
  await panel.getByLabel("Subject").fill("Welcome aboard, {{first_name}}!");
  await expect(panel.getByText("Welcome aboard, Jamie!")).toBeVisible();
  const frame = panel.frameLocator('iframe[title="HTML preview"]');
  await expect(frame.getByText("Hello Jamie,")).toBeVisible();
  await panel.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/admin\/email$/);

  await page.getByRole("button", { name: "Send a test of Welcome" }).click();
  await expect(page.getByText(`Test sent to ${ACCOUNTS.admin.email}`)).toBeVisible();
  await expect
    .poll(async () => {
      const mails = (await (await request.get(MAIL_URL, { params: { to: ACCOUNTS.admin.email } })).json()) as { subject: string }[];
      return mails.map((m) => m.subject);
    })
    .toContain("[Test] Welcome aboard, Alex!");

  await page.getByRole("link", { name: "Outbox" }).click();
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "[Test] Welcome aboard, Alex!" })).toBeVisible();
});

test("photos: upload with progress, caption, copy address, delete", async ({ page }) => {
  await page.goto("/admin/photo");
  await page.getByRole("button", { name: "Upload photo" }).click();
  const panel = page.getByRole("dialog", { name: "Upload photo" });
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  await panel.getByLabel("File").setInputFiles({ name: "station.png", mimeType: "image/png", buffer: png });
  await panel.getByLabel("Caption").fill("Fire station at dawn");
  await panel.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Photo uploaded")).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "station.png" });
  await expect(card.getByRole("img", { name: "Fire station at dawn" })).toBeVisible();

  await card.getByLabel("Caption of station.png").fill("Station 4 at dawn");
  await card.getByLabel("Caption of station.png").blur();
  await expect(page.getByText("Caption saved")).toBeVisible();

  await card.getByRole("button", { name: "Delete station.png" }).click();
  await page.getByRole("dialog", { name: "Delete station.png?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Photo deleted")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "station.png" })).toHaveCount(0);
});

test("a visitor's contact message reaches the admins by mail", async ({ browser, request }) => {
  const visitor = await browser.newPage();
  await visitor.goto("/contact-us");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByText("Write at least 10 characters")).toBeVisible();
  await visitor.getByLabel("Your name").fill("Priya Nair");
  await visitor.getByLabel("Email").fill("priya@e2e.test");
  await visitor.getByLabel("Message").fill("When does the next Fire & Rescue intake open?");
  await visitor.getByRole("button", { name: "Send message" }).click();
  await expect(visitor.getByText("Thank you: your message was sent to the academy's staff")).toBeVisible();
  await visitor.close();
  await expect
    .poll(async () => {
      const mails = (await (await request.get(MAIL_URL, { params: { to: ACCOUNTS.admin.email } })).json()) as { subject: string }[];
      return mails.map((m) => m.subject);
    })
    .toContain("Contact form: Priya Nair");
});
