import { expect, type Page, test } from "./fixtures";
import { uniqueEmail } from "./helpers";

async function signUp(page: Page) {
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Rivera");
  await page.getByLabel("Email").fill(uniqueEmail("payer"));
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
}

test("a candidate picks a plan, pays on the checkout page, and manages plan, cards and invoices", async ({ page }) => {
  await signUp(page);
  const planSection = page.getByRole("region", { name: "Your plan" });
  await expect(planSection.getByText("You are on the free plan")).toBeVisible();
  await planSection.getByRole("link", { name: "Choose: Premium monthly" }).click();

  await expect(page).toHaveURL(/\/user\/card-details/);
  const dialog = page.getByRole("dialog", { name: "Subscribe to Premium monthly?" });
  await expect(dialog).toContainText("€39.00 per month");
  await dialog.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/checkout\/cs_test_/);
  await expect(page.getByRole("heading", { name: "Pay for Premium monthly" })).toBeVisible();
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay €39.00" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay €39.00" }).click();

  await expect(page).toHaveURL(/\/user\/card-details\?checkout=success$/);
  await expect(page.getByText("Payment received.")).toBeVisible();
  const plan = page.getByRole("region", { name: "Your plan" });
  await expect(plan.getByText("Premium", { exact: true })).toBeVisible();
  await expect(plan.getByText("Active")).toBeVisible();
  await expect(page.getByRole("region", { name: "Saved cards" }).getByText("•••• 4242")).toBeVisible();

  const invoices = page.getByRole("region", { name: "Invoices" });
  await expect(invoices.getByRole("row")).toHaveCount(2);
  await expect(invoices.getByText("€39.00")).toBeVisible();
  const download = page.waitForEvent("download");
  await invoices.getByRole("button", { name: /Download invoice .* as PDF/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-.*\.pdf$/);

  // A second card, made the default.
  await page.getByRole("button", { name: "Add a card" }).click();
  await fillCard(page, "5555 5555 5555 4444");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("•••• 4444")).toBeVisible();
  // Under load the refresh after "Make default" can still be running when the new default card
  // shows and the candidate opens the next dialog: the invoices answer late here, as they did
  // then, and the dialog must stay open.
  const slowInvoices = "**/v2/api/lambda/stripe/customer/invoices*";
  await page.route(slowInvoices, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByRole("button", { name: "Make card ending 4444 the default" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "•••• 4444" }).getByText("Default")).toBeVisible();

  // Change to the yearly plan: prorated, charged at once.
  await plan.getByRole("button", { name: "Change plan" }).click();
  await plan.getByRole("button", { name: "Switch: Premium yearly" }).click();
  const switchDialog = page.getByRole("dialog", { name: "Switch to Premium yearly?" });
  await expect(switchDialog).toBeVisible();
  await expect(page.getByText("•••• 4444 is now your default card.")).toBeVisible();
  await expect(switchDialog).toBeVisible();
  await page.unroute(slowInvoices);
  await switchDialog.getByRole("button", { name: "Switch plan" }).click();
  await expect(plan.getByText(/^Premium yearly · /)).toBeVisible();
  await expect(invoices.getByRole("row")).toHaveCount(3);

  // Cancel at period end, then resume.
  await plan.getByRole("button", { name: "Cancel plan" }).click();
  await page.getByRole("dialog", { name: "Cancel your plan?" }).getByRole("button", { name: "Cancel at period end" }).click();
  await expect(plan.getByText("Cancels at period end")).toBeVisible();
  await plan.getByRole("button", { name: "Resume plan" }).click();
  await expect(plan.getByText("Active")).toBeVisible();

  // The dashboard shows the plan.
  await page.goto("/user/dashboard");
  await expect(page.getByRole("region", { name: "Your plan" }).getByText(/Premium · Active/)).toBeVisible();
});

test("the landing page shows the plans and leads a visitor to sign in", async ({ page }) => {
  await page.goto("/");
  const plans = page.getByRole("region", { name: "Plans" });
  await expect(plans.getByText("Core monthly")).toBeVisible();
  await expect(plans.getByText("7-day free trial")).toBeVisible();
  await plans.getByRole("link", { name: "Choose this plan: Premium yearly" }).click();
  await expect(page).toHaveURL(/\/user\/login\?redirect_uri=/);
});

test("a candidate with a saved card subscribes in one step and is told when the card has no funds", async ({ page }) => {
  await signUp(page);
  await page.goto("/user/card-details");
  await page.getByRole("button", { name: "Add a card" }).click();
  await fillCard(page, "4000 0000 0000 9995");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByText("•••• 9995")).toBeVisible();
  await page.getByRole("button", { name: "Choose: Premium monthly" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe to Premium monthly?" });
  await expect(dialog).toContainText("ending 9995");
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog.getByText("Your card has insufficient funds.")).toBeVisible();
  await dialog.getByRole("button", { name: "Not now" }).click();
  await expect(page.getByText("You are on the free plan")).toBeVisible();
});
