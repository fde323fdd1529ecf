import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { MAIL_URL, uniqueEmail } from "./helpers";

type Mail = { subject: string; text: string };

/** Every confirmation mail that reached the SMTP server for this address, oldest first. */
async function confirmationMails(request: APIRequestContext, to: string): Promise<Mail[]> {
  const mails = (await (await request.get(MAIL_URL, { params: { to } })).json()) as Mail[];
  return mails.filter((m) => /Confirm your email/.test(m.subject));
}

/** The path and query of the confirmation link in a mail. */
function confirmationPath(mail: Mail): string {
  const match = /https?:\/\/[^/\s]+(\/user\/verify-email\?token=[A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1];
}

async function signUp(page: Page, email: string) {
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill("Ines");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("confirm passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

test("a new candidate confirms the email address from the mail, and the profile shows it", async ({ page, request }) => {
  const email = uniqueEmail("confirm");
  await signUp(page, email);

  await expect.poll(async () => (await confirmationMails(request, email)).length).toBe(1);
  const [first] = await confirmationMails(request, email);
  expect(first!.text).toContain("Hello Ines");

  await page.goto("/user/profile");
  await expect(page.getByText("Not confirmed yet")).toBeVisible();
  // A new link replaces the first one.
  await page.getByRole("button", { name: "Send a new confirmation link" }).click();
  await expect(page.getByText(`We sent a new link to ${email}.`)).toBeVisible();
  await expect.poll(async () => (await confirmationMails(request, email)).length).toBe(2);
  const latest = (await confirmationMails(request, email)).at(-1)!;

  await page.goto(confirmationPath(first!));
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("invalid, used or expired");

  await page.goto(confirmationPath(latest));
  await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await expect(page).toHaveTitle("Confirm your email | Rescue Academy");
  await page.getByRole("link", { name: "Go to your profile" }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a new confirmation link" })).toHaveCount(0);

  // Opened again, the used link says so rather than confirming twice.
  await page.goto(confirmationPath(latest));
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});

test("the confirmation link works signed out too, as when the mail is opened on another device", async ({ page, request }) => {
  const email = uniqueEmail("confirm-out");
  const project = Buffer.from("rescue-academy:local-project-secret").toString("base64");
  const registered = await request.post("/v2/api/lambda/register", {
    headers: { "x-project": project },
    data: { email, password: "confirm passphrase", first_name: "Ines", last_name: "Okafor", role: "user" },
  });
  expect(registered.ok()).toBe(true);

  await expect.poll(async () => (await confirmationMails(request, email)).length).toBe(1);
  const [mail] = await confirmationMails(request, email);
  await page.goto(confirmationPath(mail!));
  await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in to your account" }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("a new sign-in email takes over only once its link is opened; the old address is told", async ({ page, request }) => {
  const email = uniqueEmail("moving");
  const next = uniqueEmail("moved");
  await signUp(page, email);
  await page.goto("/user/profile");
  const section = page.getByRole("region", { name: "Email", exact: true });
  await section.getByLabel("New email").fill(next);
  await section.getByLabel("Current password").fill("confirm passphrase");
  await section.getByRole("button", { name: "Change email" }).click();
  await expect(section.getByText(`Waiting for you to open the link we sent to ${next}`)).toBeVisible();
  await expect(section.getByText(`You sign in with ${email}.`)).toBeVisible();

  // The old address hears of it; the new one gets the link.
  await expect
    .poll(async () => ((await (await request.get(MAIL_URL, { params: { to: email } })).json()) as Mail[]).map((m) => m.subject))
    .toContain("Your Rescue Academy sign-in email is about to change");
  await expect.poll(async () => (await confirmationMails(request, next)).length).toBe(1);
  const [link] = await confirmationMails(request, next);
  await page.goto(confirmationPath(link!));
  await expect(page.getByRole("heading", { name: "Email confirmed" })).toBeVisible();
  await page.goto("/user/profile");
  await expect(section.getByText(`You sign in with ${next}.`)).toBeVisible();
  await expect(section.getByText(/Waiting for you to open the link/)).toHaveCount(0);
});
