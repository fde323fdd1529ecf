import { expect, test } from "./fixtures";
import { openStaffArea, STAFF_STATE, signIn } from "./helpers";

test.describe("signed out", () => {
  test("user pages send you to the user sign-in, admin pages to the staff sign-in", async ({ page }) => {
    await page.goto("/user/dashboard");
    await expect(page).toHaveURL(/\/user\/login\?redirect_uri=\/user\/dashboard$/);
    await page.goto("/user/onboarding/singlequiz/12");
    await expect(page).toHaveURL(/\/user\/login\?redirect_uri=\/user\/onboarding\/singlequiz\/12$/);
    await page.goto("/admin/user");
    await expect(page).toHaveURL(/\/admin\/login\?redirect_uri=\/admin\/user$/);
  });

  test("an unknown path shows 'Page not found' in the public wrapper", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByTestId("wrapper-public")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Rescue Academy");
  });

  test("public pages carry their titles", async ({ page }) => {
    for (const [path, title] of [
      ["/user/login", "Sign in | Rescue Academy"],
      ["/admin/login", "Staff sign in | Rescue Academy"],
      ["/user/signup", "Create your account | Rescue Academy"],
      ["/faq", "Frequently asked questions | Rescue Academy"],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });
});

test.describe("signed in as a candidate", () => {
  test.beforeEach(async ({ page }) => signIn(page, "user"));

  test("admin pages and unknown paths show 'Page not found' inside the user wrapper", async ({ page }) => {
    for (const path of ["/admin/dashboard", "/admin/view-stripe_price/3", "/definitely/not/here"]) {
      await page.goto(path);
      await expect(page.getByTestId("wrapper-user")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
    }
  });

  test("sign-in pages send a signed-in candidate to the dashboard", async ({ page }) => {
    await page.goto("/user/login");
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto("/admin/signup");
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test("every candidate page has its title and its heading", async ({ page }) => {
    for (const [path, title] of [
      ["/user/dashboard", "Dashboard"],
      ["/user/profile", "Profile"],
      ["/user/onboarding/themepreview", "Quiz preview"],
      ["/user/onboarding/singlequiz/7", "Quiz result"],
      ["/user/document-library", "Document library"],
      ["/user/prev", "Progress"],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} | Rescue Academy`);
      await expect(page.getByTestId("wrapper-user")).toBeVisible();
    }
  });

  test("the sidebar is open at 1280 px, closed at 800 px, and a click on the page closes it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/user/dashboard");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-open", "true");
    await expect(sidebar.getByRole("link", { name: "Document library" })).toBeVisible();

    await page.setViewportSize({ width: 800, height: 800 });
    await expect(sidebar).toHaveAttribute("data-open", "false");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(sidebar).toHaveAttribute("data-open", "true");
    await page.getByRole("main").click({ position: { x: 700, y: 400 } });
    await expect(sidebar).toHaveAttribute("data-open", "false");

    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(sidebar).toHaveAttribute("data-open", "true");
  });
});

test.describe("signed in as an admin", () => {
  test.use({ storageState: STAFF_STATE });
  test.beforeEach(async ({ page }) => openStaffArea(page));

  test("user pages and unknown paths show 'Page not found' inside the admin wrapper", async ({ page }) => {
    for (const path of ["/user/dashboard", "/user/onboarding/quiz", "/admin/nothing-here"]) {
      await page.goto(path);
      await expect(page.getByTestId("wrapper-admin")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
  });

  test("admin pages, aliases and duplicates carry their titles and headings", async ({ page }) => {
    await expect(page).toHaveTitle("Dashboard | Rescue Academy");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Alex");
    for (const [path, title, heading] of [
      ["/admin/user", "Users", "Users"],
      ["/admin/users", "Users", "Users"],
      ["/admin/edit-user/4", "Edit user", "Users"],
      ["/admin/stripe_price", "Prices", "Prices"],
      ["/admin/view-stripe_price/9", "Prices", "Prices"],
      ["/admin/cms", "CMS", "CMS"],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} | Rescue Academy`);
      await expect(page.getByTestId("wrapper-admin")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
  });
});
