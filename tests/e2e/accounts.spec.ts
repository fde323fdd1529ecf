import { generate } from "otplib";
import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { MAIL_URL, signIn, staffHeaders, uniqueEmail } from "./helpers";

// The journeys' server delivers its mail by SMTP to the mail catcher (mail-catcher.mjs), and the
// journeys read what arrived there, as a person reads their inbox.
async function readMail(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(MAIL_URL, { params: { to } })).json()) as { subject: string; text: string }[];
        text = mails.findLast((m) => subject.test(m.subject))?.text;
        return text !== undefined;
      },
      { message: `a mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return text!;
}

/** The path and query of the first link to this server in a mail. */
const linkPath = (text: string, path: string) => {
  const match = new RegExp(`https?://[^/\\s]+(${path.replaceAll("/", "\\/")}\\?[^\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
};

async function signUp(page: Page, email: string, password: string, firstName = "Sam") {
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill(firstName);
  await page.getByLabel("Last name").fill("Adeyemi");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

test("a candidate who forgot the password resets it through the email and signs in with the new one", async ({ page, request }) => {
  const email = uniqueEmail("forgetful");
  await signUp(page, email, "first passphrase");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/user\/login/);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/user\/forgot$/);
  // The screen loads its own code: wait for it, not the sign-in form's Email field.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Check your inbox")).toBeVisible();

  const mail = await readMail(request, email, /reset code/);
  const code = /code: (\d{6})/.exec(mail)![1]!;
  await page.goto(linkPath(mail, "/user/reset"));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("Code from the email").fill(code === "000000" ? "111111" : "000000");
  await page.getByLabel("New password", { exact: true }).fill("second passphrase");
  await page.getByLabel("Repeat new password").fill("second passphrase");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByLabel("Code from the email")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Code from the email").fill(code);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in with your new password" }).click();
  await signIn(page, "user", { email, password: "second passphrase" });
});

test("a candidate signs in with the magic link from the email, once", async ({ page, request }) => {
  const email = uniqueEmail("magic");
  await signUp(page, email, "magic passphrase", "Mira");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("link", { name: "Sign in with a magic link" }).click();
  await expect(page).toHaveURL(/\/magic-login\/user$/);
  await expect(page.getByRole("heading", { name: "Sign in with a link" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByText("Check your inbox")).toBeVisible();

  const link = linkPath(await readMail(request, email, /sign-in link/), "/magic-login/verify");
  await page.goto(link);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Mira");

  await page.getByRole("button", { name: "Log out" }).click();
  // Signed out for good before the link is opened again: otherwise the page opens with the old
  // session still stored, finds it ended, and sends the visitor to sign in instead.
  await expect(page).toHaveURL(/\/user\/login/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
});

test("a candidate turns on two-factor sign-in with the QR code, then signs in with a code", async ({ page }) => {
  const email = uniqueEmail("twofactor");
  await signUp(page, email, "twofactor passphrase");
  await page.goto("/user/profile");
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  // The server takes a step once and one step either side of its clock: the current step turns it
  // on, the next one signs in, both valid for at least 30 s whatever the moment the journey starts.
  const now = Math.floor(Date.now() / 1000);
  const code = await generate({ secret, epoch: now });
  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByLabel("6-digit code")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("On", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  // Signing out sends what waits on the device first, then lands on the sign-in page.
  await expect(page).toHaveURL(/\/user\/login$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("twofactor passphrase");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  // The code already used to turn it on is refused.
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("alert").first()).toContainText("not right");
  await page.getByLabel("Authentication code").fill(await generate({ secret, epoch: now + 30 }));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test("a candidate uploads a profile photo with a progress bar and sees it; a file of the wrong type is refused", async ({ page }) => {
  await signUp(page, uniqueEmail("photo"), "photo passphrase");
  await page.goto("/user/profile");
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  await page.getByLabel("Upload photo").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByText("Choose a JPEG, PNG, WebP or GIF image")).toBeVisible();

  // A slow upload link, so the progress bar has time to show.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
  await page
    .getByLabel("Upload photo")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.concat([png, Buffer.alloc(300 * 1024)]) });
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(page.getByText(/Uploading… \d+%/)).toBeVisible();
  const photo = page.getByRole("img", { name: "Your profile" });
  await expect(photo).toBeVisible({ timeout: 15_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute("src", /^\/uploads\/[a-f0-9-]{36}\.png$/);
  // The picture the server sends back decodes to the 1-pixel PNG (once it has loaded: visible comes first).
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(1);
  await page.reload();
  await expect(page.getByRole("img", { name: "Your profile" })).toBeVisible();
});

test("a visitor signs in with an OpenID Connect provider and lands on the candidate dashboard", async ({ page }) => {
  await page.goto("/user/login");
  await page.getByRole("button", { name: "Continue with Mock" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Noor");
});

test("a provider sign-in that fails lands back on the sign-in page, which says why", async ({ page }) => {
  // The provider's person has no staff account (a candidate one once the journey above ran).
  await page.goto("/admin/login");
  await page.getByRole("button", { name: "Continue with Mock" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?oauth_error=no_(staff_)?account/);
  await expect(page.getByText(/^No (staff )?account( of this kind)? uses that email address\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("an admin invites a colleague, who creates a staff account from the emailed link and sets up two-factor sign-in first", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("new-staff");
  const invite = await request.post("/v2/api/lambda/admin/invite", { headers: staffHeaders(), data: { email } });
  expect(invite.status()).toBe(200);

  // Without the invitation, staff sign-up is refused.
  await page.goto("/admin/signup");
  await page.getByLabel("First name").fill("Kai");
  await page.getByLabel("Last name").fill("Lindqvist");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("staff passphrase");
  await page.getByRole("button", { name: /Create/ }).click();
  await expect(page.getByText("Admin accounts need an invitation")).toBeVisible();

  await page.goto(linkPath(await readMail(request, email, /invited/), "/admin/signup"));
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("First name").fill("Kai");
  await page.getByLabel("Last name").fill("Lindqvist");
  await page.getByLabel("Password", { exact: true }).fill("staff passphrase");
  await page.getByRole("button", { name: /Create/ }).click();

  // Staff turn on two-factor sign-in before the staff area opens: every staff page leads here.
  await expect(page).toHaveURL(/\/admin\/setup-2fa$/);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in", level: 1 })).toBeVisible();
  await expect(page.getByTestId("sidebar")).toHaveCount(0);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin\/setup-2fa\?redirect_uri=\/admin\/users$/);
  await page.goto("/admin/setup-2fa");

  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  const now = Math.floor(Date.now() / 1000);
  const code = await generate({ secret, epoch: now });
  await page.getByLabel("6-digit code").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByLabel("6-digit code")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Kai");

  // It stays on, and the next sign-in asks for a code.
  await page.goto("/admin/profile");
  await expect(page.getByText("Staff accounts keep two-factor sign-in on")).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("staff passphrase");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(await generate({ secret, epoch: now + 30 }));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
