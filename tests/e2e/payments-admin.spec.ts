import { expect, test } from "@playwright/test";
import { signIn, uniqueEmail } from "./helpers";

const PROJECT = Buffer.from("rescue-academy:local-project-secret").toString("base64");

test("an admin adds, views and archives prices, and ends a candidate's subscription", async ({ page, request }) => {
  // A candidate with a subscription, made through the API as the web app would.
  const email = uniqueEmail("subscriber");
  const headers = { "x-project": PROJECT };
  const reg = await request.post("/v2/api/lambda/register", {
    headers,
    data: { email, password: "a strong passphrase", first_name: "Ada", last_name: "Kim", role: "user" },
  });
  const auth = { ...headers, authorization: `Bearer ${(await reg.json()).token}` };
  const token = await request.post("/testpay/v1/tokens", {
    data: { card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" } },
  });
  expect(
    (await request.post("/v2/api/lambda/stripe/customer/card", { headers: auth, data: { card_token: (await token.json()).id } })).ok(),
  ).toBe(true);
  const plans = (await (await request.get("/v2/api/lambda/stripe/plans", { headers })).json()).list as { price_id: number; name: string }[];
  const premium = plans.find((p) => p.name === "Premium monthly")!;
  expect(
    (await request.post("/v2/api/lambda/stripe/customer/subscription", { headers: auth, data: { price_id: premium.price_id } })).ok(),
  ).toBe(true);

  await signIn(page, "admin");
  await page.goto("/admin/stripe_price");
  await expect(page.getByRole("heading", { name: "Prices", level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Premium yearly", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Add price" }).click();
  const panel = page.getByRole("dialog", { name: "Add price" });
  await panel.getByLabel("Product").selectOption({ label: "Core" });
  await panel.getByLabel("Name").fill("Core yearly");
  await panel.getByLabel("Amount (EUR)").fill("190.00");
  await panel.getByLabel("Billed every").selectOption("year");
  await panel.getByRole("button", { name: "Add price" }).click();
  const row = page.getByRole("row").filter({ hasText: "Core yearly" });
  await expect(row).toContainText("€190.00");
  await expect(row).toContainText("per year");

  await row.getByRole("link", { name: "View Core yearly" }).click();
  await expect(page).toHaveURL(/\/admin\/view-stripe_price\/\d+$/);
  const view = page.getByRole("dialog", { name: "Core yearly" });
  await expect(view).toContainText("Provider object");
  await view.getByRole("button", { name: "Close panel" }).click();

  await row.getByRole("button", { name: "Archive Core yearly" }).click();
  await expect(row).toContainText("Archived");

  await page.goto("/admin/stripe_subscription");
  const billing = page.getByRole("region", { name: "Billing" });
  await expect(billing.getByRole("row").filter({ hasText: email })).toContainText("€39.00");
  await billing.getByRole("tab", { name: "Charges" }).click();
  await expect(billing.getByRole("tab", { name: "Charges" })).toHaveAttribute("aria-selected", "true");
  await expect(billing.getByRole("cell", { name: /^ch_test_/ }).first()).toBeVisible();
  await page.getByRole("link", { name: `View subscription of ${email}` }).click();
  await expect(page).toHaveURL(/\/admin\/view-stripe_subscription\/\d+$/);
  await expect(page.getByText("Premium monthly · €39.00 per month")).toBeVisible();
  await page.getByRole("button", { name: "End now" }).click();
  await page.getByRole("dialog", { name: "End this subscription now?" }).getByRole("button", { name: "End now" }).click();
  await expect(page.getByRole("definition").filter({ hasText: /^Ended$/ })).toBeVisible();
});
