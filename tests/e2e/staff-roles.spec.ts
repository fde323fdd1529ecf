import { expect, test } from "./fixtures";
import { PROJECT, signInAsNewStaff } from "./helpers";

// Each staff role finds only its own areas: in the sidebar, on the dashboard, and by address (a
// staff page outside the role is the not-found page). The server refuses the rest anyway; its
// tests call every staff route as every role (apps/server/src/staff-roles.test.ts).

type Role = "coach" | "editor" | "support";

/** Where each staff area lives: the sidebar link and the dashboard card lead there. */
const HREF: Record<string, string> = {
  Dashboard: "/admin/dashboard",
  Users: "/admin/users",
  "Study plans": "/admin/study-plans",
  "Session analytics": "/admin/analytics",
  Packages: "/admin/packages",
  Products: "/admin/stripe_product",
  Prices: "/admin/stripe_price",
  Subscriptions: "/admin/stripe_subscription",
  Billing: "/admin/stripe_invoice",
  "Question bank": "/admin/quizzes",
  Library: "/admin/library",
  Blog: "/admin/blog",
  Pages: "/admin/pages",
  CMS: "/admin/cms",
  Email: "/admin/email",
  Photos: "/admin/photo",
  Scheduling: "/admin/scheduling",
  Chat: "/admin/chat",
  Profile: "/admin/profile",
};

const AREAS: Record<Role, { shown: string[]; hidden: string[]; outside: string }> = {
  coach: {
    shown: ["Dashboard", "Question bank", "Library", "Scheduling", "Chat", "Profile"],
    hidden: ["Users", "Subscriptions", "Billing", "Blog", "CMS", "Email", "Packages", "Session analytics"],
    outside: "/admin/users",
  },
  editor: {
    shown: ["Dashboard", "Question bank", "Library", "Blog", "Pages", "CMS", "Email", "Photos", "Chat", "Profile"],
    hidden: ["Users", "Subscriptions", "Billing", "Prices", "Packages", "Scheduling", "Session analytics"],
    outside: "/admin/stripe_subscription",
  },
  support: {
    shown: ["Dashboard", "Users", "Study plans", "Products", "Prices", "Subscriptions", "Billing", "Chat", "Profile"],
    hidden: ["Packages", "Blog", "CMS", "Email", "Question bank", "Library", "Scheduling", "Session analytics"],
    outside: "/admin/blog",
  },
};

for (const role of Object.keys(AREAS) as Role[]) {
  test(`signed in with the ${role} role, staff find only their own areas, and a staff page outside it is not found`, async ({ page }) => {
    await signInAsNewStaff(page, role, { first: "Robin", last: role });
    const { shown, hidden, outside } = AREAS[role];
    const sidebar = page.getByTestId("sidebar");
    for (const label of shown) await expect(sidebar.getByRole("link", { name: label, exact: true }), label).toBeVisible();
    for (const label of hidden) await expect(sidebar.getByRole("link", { name: label, exact: true }), label).toHaveCount(0);

    // The dashboard's area cards are the same list; the academy's figures (revenue) are not this role's.
    const main = page.getByRole("main");
    await expect(main.getByText(`You work here as ${role}`)).toBeVisible();
    for (const label of shown.filter((l) => l !== "Dashboard"))
      await expect(main.locator(`a[href="${HREF[label]}"]`), `card ${label}`).toBeVisible();
    for (const label of hidden) await expect(main.locator(`a[href="${HREF[label]}"]`), `card ${label}`).toHaveCount(0);

    await page.goto(outside);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByTestId("wrapper-admin")).toBeVisible();
  });
}

test("support read accounts but find no button to add, change or invite staff", async ({ page }) => {
  await signInAsNewStaff(page, "support", { first: "Robin", last: "support" });
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite a staff member" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Add/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Add/ })).toHaveCount(0);
  // And the server agrees: their session may not change a password.
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const refused = await page.request.put("/v2/api/lambda/admin/users/1", {
    headers: { "x-project": PROJECT, authorization: `Bearer ${token}` },
    data: { password: "taken over 123" },
  });
  expect(refused.status()).toBe(403);
});
