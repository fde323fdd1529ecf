import { expect, test } from "./fixtures";
import { ACCOUNTS, nextStaffCode, signIn, uniqueEmail } from "./helpers";

test("a new candidate signs up, lands on their dashboard, logs out and signs back in", async ({ page }) => {
  const email = uniqueEmail("new-candidate");
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill("Riley");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByTestId("wrapper-user")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Riley");
  expect(
    await page.evaluate(() => [localStorage.getItem("role"), typeof localStorage.getItem("token"), localStorage.getItem("user")]),
  ).toEqual(["user", "string", expect.stringMatching(/^\d+$/)]);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

  await signIn(page, "user", { email, password: "a strong passphrase" });
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Riley");
});

test("sign-up shows the server's field messages beside the fields", async ({ page }) => {
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill("Dup");
  await page.getByLabel("Last name").fill("Licate");
  await page.getByLabel("Email").fill(ACCOUNTS.user.email);
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  const email = page.getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("An account with this email already exists").first()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/signup/);
});

test("a wrong password is refused with one message and the form stays usable", async ({ page }) => {
  await page.goto("/user/login");
  await page.getByLabel("Email").fill(ACCOUNTS.user.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid Credentials" })).toHaveCount(1);
  await expect(page).toHaveURL(/\/user\/login/);
  await page.getByLabel("Password", { exact: true }).fill(ACCOUNTS.user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test("an admin signs in to the staff dashboard with a code, and the keyboard alone can do it", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").focus();
  await page.keyboard.type(ACCOUNTS.admin.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(ACCOUNTS.admin.password);
  await page.keyboard.press("Enter");
  // Staff have two-factor sign-in on: the code field takes the focus.
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByLabel("Authentication code")).toBeFocused();
  await page.keyboard.type(await nextStaffCode());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByTestId("wrapper-admin")).toBeVisible();
});

test("signing in honours a same-site redirect_uri and ignores a foreign one", async ({ page }) => {
  await page.goto("/user/document-library");
  await expect(page).toHaveURL(/\/user\/login\?redirect_uri=\/user\/document-library$/);
  await page.getByLabel("Email").fill(ACCOUNTS.user.email);
  await page.getByLabel("Password", { exact: true }).fill(ACCOUNTS.user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/document-library$/);
  await page.getByRole("button", { name: "Log out" }).click();
  // Signed out once the app is on its sign-in page (a sign-out first sends what waits on the device).
  await expect(page).toHaveURL(/\/user\/login$/);

  await page.goto("/user/login?redirect_uri=//evil.example/steal");
  await page.getByLabel("Email").fill(ACCOUNTS.user.email);
  await page.getByLabel("Password", { exact: true }).fill(ACCOUNTS.user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/user\/dashboard$/);
});

test.describe("on a device set to Chicago time", () => {
  test.use({ timezoneId: "America/Chicago" });

  test("a new account starts in the device's time zone", async ({ page }) => {
    await page.goto("/user/signup");
    await page.getByLabel("First name").fill("Casey");
    await page.getByLabel("Last name").fill("Novak");
    await page.getByLabel("Email").fill(uniqueEmail("zone"));
    await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto("/user/profile");
    await expect(page.getByLabel("Time zone")).toHaveValue("America/Chicago");
  });
});
