import { generate } from "otplib";
import { type APIRequestContext, expect, test } from "./fixtures";
import { ACCOUNTS, MAIL_URL, openStaffArea, STAFF_STATE, staffHeaders, uniqueEmail } from "./helpers";

const PROJECT = Buffer.from("rescue-academy:local-project-secret").toString("base64");

test.use({ storageState: STAFF_STATE });
test.beforeEach(async ({ page }) => openStaffArea(page));

/** A candidate on Premium monthly who finished one practice quiz, made through the API as the web app would. */
async function subscriberWithQuiz(request: APIRequestContext) {
  const email = uniqueEmail("learner");
  const headers = { "x-project": PROJECT };
  const reg = await request.post("/v2/api/lambda/register", {
    headers,
    data: { email, password: "a strong passphrase", first_name: "Robin", last_name: "Ortega", role: "user" },
  });
  expect(reg.ok()).toBe(true);
  const auth = { ...headers, authorization: `Bearer ${(await reg.json()).token}` };
  const card = await request.post("/testpay/v1/tokens", {
    data: { card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" } },
  });
  expect(
    (await request.post("/v2/api/lambda/stripe/customer/card", { headers: auth, data: { card_token: (await card.json()).id } })).ok(),
  ).toBe(true);
  const plans = (await (await request.get("/v2/api/lambda/stripe/plans", { headers })).json()).list as { price_id: number; name: string }[];
  const premium = plans.find((p) => p.name === "Premium monthly")!;
  expect(
    (await request.post("/v2/api/lambda/stripe/customer/subscription", { headers: auth, data: { price_id: premium.price_id } })).ok(),
  ).toBe(true);

  const custom = "/v3/api/custom/rescue-academy";
  expect((await request.put(`${custom}/onboarding`, { headers: auth, data: { track: "fire-rescue" } })).ok()).toBe(true);
  const created = await request.post(`${custom}/quiz/create`, {
    headers: auth,
    data: { themes: ["fire-behaviour"], length: 5, mode: "practice" },
  });
  expect(created.ok()).toBe(true);
  const quiz = (await created.json()).model as {
    id: number;
    title: string;
    questions: { questionId: string; options: { id: string }[] }[];
  };
  // The first option of the first three questions with options (a numeric one has none): some right, some wrong, whatever the seed.
  const answers = quiz.questions
    .filter((q) => q.options.length > 0)
    .slice(0, 3)
    .map((q) => ({ questionId: q.questionId, response: { choice: q.options[0]!.id } }));
  for (const answer of answers) await request.put(`${custom}/quiz/update/${quiz.id}`, { headers: auth, data: { answers: [answer] } });
  const submitted = await request.post(`${custom}/quiz/submit/${quiz.id}`, { headers: auth });
  expect(submitted.ok()).toBe(true);
  const result = (await submitted.json()).model as { score: number; correctCount: number; total: number };
  return { email, quiz: { title: quiz.title, ...result } };
}

async function adminFigures(request: APIRequestContext, days = 30) {
  const res = await request.get("/v3/api/custom/rescue-academy/dashboard", { headers: staffHeaders(), params: { days } });
  expect(res.ok()).toBe(true);
  return (await res.json()).model as {
    subscriptions: { active: number; byPackage: { package: string; count: number }[] };
    revenue: { mrr: { currency: string; amount: number }[] };
    quizzes: { total: number; taken: { date: string; value: number }[] };
    users: { candidates: number };
  };
}

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
  // Every row left matches the search, and the search narrowed the list. The rows of the list before
  // the search stay on screen until its answer arrives, and they hold the seeded candidate too: poll.
  await expect
    .poll(async () => (await table.getByRole("row").allInnerTexts()).slice(1).every((text) => text.includes(ACCOUNTS.user.email)))
    .toBe(true);
  expect(await table.getByRole("row").count()).toBeLessThan(everyone);
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await expect(page.getByText("No users match")).toBeVisible();
});

test("users: an unconfirmed email shows and can be marked confirmed; the view panel shows the last sign-in", async ({ page, request }) => {
  // Signed up (and so signed in) but never opened the confirmation link.
  const email = uniqueEmail("unconfirmed");
  const reg = await request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { email, password: "a strong passphrase", first_name: "Noa", last_name: "Berg", role: "user" },
  });
  expect(reg.ok()).toBe(true);
  // Made by staff: has never signed in.
  const quiet = uniqueEmail("never-signed-in");
  const made = await request.post("/v2/api/lambda/register", {
    headers: staffHeaders(),
    data: { email: quiet, password: "a strong passphrase", first_name: "Ivo", last_name: "Quiet", role: "user" },
  });
  expect(made.ok()).toBe(true);

  await page.goto("/admin/users");
  await page.getByLabel("Search by email").fill(email);
  const table = page.getByRole("table");
  const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: email, exact: true }) });
  await expect(row.getByText("Not confirmed", { exact: true })).toBeVisible();
  await page.getByLabel("Email status").selectOption("true");
  await expect(page.getByText("No users match")).toBeVisible();
  await page.getByLabel("Email status").selectOption("false");
  await expect(row).toBeVisible();

  await page.getByRole("button", { name: `View ${email}` }).click();
  const panel = page.getByRole("dialog", { name: "User details" });
  const profile = panel.getByRole("region", { name: "Profile" });
  await expect(profile.getByRole("definition").filter({ has: page.locator("time") })).toContainText(String(new Date().getFullYear()));
  await expect(profile).toContainText("Not yet");
  await panel.getByRole("button", { name: "Close", exact: true }).click();

  await row.getByRole("button", { name: `Mark email as confirmed for ${email}` }).click();
  await expect(page.getByText(`${email} is marked as confirmed`)).toBeVisible();
  // Confirmed now: the "not confirmed" filter no longer finds it, the other one does.
  await expect(page.getByText("No users match")).toBeVisible();
  await page.getByLabel("Email status").selectOption("true");
  await expect(row.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Mark email as confirmed for ${email}` })).toHaveCount(0);

  await page.getByLabel("Email status").selectOption("");
  await page.getByLabel("Search by email").fill(quiet);
  await page.getByRole("button", { name: `View ${quiet}` }).click();
  const never = page.getByRole("dialog", { name: "User details" }).getByRole("region", { name: "Profile" });
  await expect(never).toContainText(/Last signed in\s*Never/);
});

test("users: staff reset the two-factor sign-in of someone who lost their phone", async ({ page, request }) => {
  // A candidate who turned two-factor sign-in on from their profile.
  const email = uniqueEmail("lost-phone");
  const reg = await request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { email, password: "a strong passphrase", first_name: "Lea", last_name: "Moss", role: "user" },
  });
  expect(reg.ok()).toBe(true);
  const auth = { "x-project": PROJECT, authorization: `Bearer ${(await reg.json()).token}` };
  const { secret } = await (await request.post("/v2/api/lambda/2fa/enable", { headers: auth, data: {} })).json();
  const on = await request.post("/v2/api/lambda/2fa/authorize", { headers: auth, data: { token: await generate({ secret }) } });
  expect(on.ok()).toBe(true);

  await page.goto("/admin/users");
  await page.getByLabel("Search by email").fill(email);
  await page.getByRole("button", { name: `View ${email}` }).click();
  const profile = page.getByRole("dialog", { name: "User details" }).getByRole("region", { name: "Profile" });
  await expect(profile).toContainText(/Two-factor sign-in\s*On/);
  await profile.getByRole("button", { name: "Reset two-factor sign-in" }).click();
  const confirm = page.getByRole("dialog", { name: "Reset two-factor sign-in?" });
  await expect(confirm).toContainText(`comes from ${email}`);
  await confirm.getByRole("button", { name: "Reset", exact: true }).click();
  await expect(page.getByText(`Two-factor sign-in of ${email} was reset`)).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(profile).toContainText(/Two-factor sign-in\s*Off/);
  await expect(profile.getByRole("button", { name: "Reset two-factor sign-in" })).toHaveCount(0);
  // Their old session is over; the password alone signs them in again.
  expect((await request.get("/v2/api/lambda/profile", { headers: auth })).status()).toBe(401);
  const login = await request.post("/v2/api/lambda/login", {
    headers: { "x-project": PROJECT },
    data: { email, password: "a strong passphrase", role: "user" },
  });
  expect(login.ok()).toBe(true);
  expect((await login.json()).token).toEqual(expect.any(String));
});

test("users: the view panel shows a candidate's plan, latest quizzes and payments", async ({ page, request }) => {
  const { email, quiz } = await subscriberWithQuiz(request);
  await page.goto("/admin/users");
  await page.getByLabel("Search by email").fill(email);
  await page.getByRole("button", { name: `View ${email}` }).click();
  await expect(page).toHaveURL(/\/admin\/view-user\/\d+(\?|$)/);
  const panel = page.getByRole("dialog", { name: "User details" });
  await expect(panel.getByText("Robin Ortega")).toBeVisible();
  await expect(panel.getByText("Candidate", { exact: true })).toBeVisible();

  const plan = panel.getByRole("region", { name: "Plan" });
  await expect(plan.getByText("Premium", { exact: true })).toBeVisible();
  await expect(plan.getByText("Active", { exact: true })).toBeVisible();
  await expect(plan.getByText("Premium monthly · €39.00 per month")).toBeVisible();
  await expect(plan.getByText("Renews on")).toBeVisible();

  const quizzes = panel.getByRole("region", { name: "Quizzes" });
  await expect(quizzes.getByRole("definition").first()).toHaveText("1");
  const recent = quizzes.getByRole("list", { name: "Recent quizzes" }).getByRole("listitem");
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText(quiz.title);
  await expect(recent).toContainText(`${Math.round(quiz.score * 100)}% · ${quiz.correctCount}/${quiz.total}`);

  const payments = panel.getByRole("region", { name: "Payments" });
  await expect(payments.getByText("Paid in total: €39.00")).toBeVisible();
  const invoice = payments.getByRole("list", { name: "Latest invoices" }).getByRole("listitem");
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText("€39.00");
  await expect(invoice).toContainText("Paid");

  // The seeded candidate has no plan and has paid nothing.
  await panel.getByRole("button", { name: "Close", exact: true }).click();
  await page.getByLabel("Search by email").fill(ACCOUNTS.user.email);
  await page.getByRole("button", { name: `View ${ACCOUNTS.user.email}` }).click();
  const seeded = page.getByRole("dialog", { name: "User details" });
  await expect(seeded.getByRole("region", { name: "Plan" })).toContainText("No subscription: the free plan applies.");
  await expect(seeded.getByRole("region", { name: "Payments" })).toContainText("No payments yet.");
});

test("dashboard: subscriptions, recurring revenue, quizzes and coaching as cards and charts, over a period kept in the address", async ({
  page,
  request,
}) => {
  const before = await adminFigures(request);
  await subscriberWithQuiz(request);
  const after = await adminFigures(request);
  expect(after.subscriptions.active).toBe(before.subscriptions.active + 1);
  expect(after.revenue.mrr).toEqual([{ currency: "eur", amount: (before.revenue.mrr[0]?.amount ?? 0) + 3900 }]);
  expect(after.quizzes.total).toBe(before.quizzes.total + 1);
  expect(after.quizzes.taken.at(-1)!.value).toBe(before.quizzes.taken.at(-1)!.value + 1);

  await page.goto("/admin/dashboard");
  const figures = page.getByRole("region", { name: "The academy at a glance" });
  const figure = (label: string) => figures.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");
  await expect(figure("Candidates")).toHaveText(after.users.candidates.toLocaleString("en"));
  await expect(figure("Active subscriptions")).toHaveText(String(after.subscriptions.active));
  const mrr = new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(after.revenue.mrr[0]!.amount / 100);
  await expect(figure("Monthly recurring revenue")).toHaveText(mrr);
  await expect(figure("Quizzes taken")).toHaveText(String(after.quizzes.total));
  await expect(figure("Coaching sessions ahead")).toHaveText("0");

  // Each chart is an image with a summary, and the same numbers as a table for screen readers.
  await expect(figures.getByRole("img", { name: /^Quizzes taken per day, last 30 days, .*in total/ })).toBeVisible();
  const quizTable = figures.getByRole("table", { name: "Quizzes taken per day, last 30 days" });
  await expect(quizTable.getByRole("row")).toHaveCount(31);
  await expect(quizTable.getByRole("row").last().getByRole("cell")).toHaveText(String(after.quizzes.taken.at(-1)!.value));
  for (const name of ["Candidate sign-ups per day", "New subscriptions per day", "Card payments collected per day in EUR"])
    await expect(figures.getByRole("img", { name: new RegExp(`^${name}`) })).toBeVisible();

  // Hovering today's point shows its value and day.
  const chart = figures.getByRole("img", { name: /^Quizzes taken per day/ });
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
  const tooltip = figures.getByTestId("chart-tooltip");
  await expect(tooltip).toHaveCount(1);
  await expect(tooltip).toContainText(String(after.quizzes.taken.at(-1)!.value));
  const today = new Date(`${after.quizzes.taken.at(-1)!.date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  await expect(tooltip).toContainText(today);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);

  const packages = figures.getByRole("region", { name: "Live subscriptions by package" });
  const premium = after.subscriptions.byPackage.find((p) => p.package === "Premium")!;
  await expect(packages.getByRole("listitem").filter({ hasText: "Premium" })).toContainText(
    `${premium.count} subscription${premium.count === 1 ? "" : "s"}`,
  );
  const themes = figures.getByRole("region", { name: "Average score per theme" });
  await expect(themes.getByRole("row", { name: /Fire behaviour/ })).toBeVisible();

  await figures.getByText("7 days", { exact: true }).click();
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(figures.getByRole("table", { name: "Quizzes taken per day, last 7 days" }).getByRole("row")).toHaveCount(8);
  await page.reload();
  await expect(figures.getByRole("radio", { name: "7 days" })).toBeChecked();
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

  await page.getByRole("button", { name: "Send test of Welcome" }).click();
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
