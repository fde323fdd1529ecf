import { type APIRequestContext, expect, type Page, test } from "./fixtures";
import { openStaffArea, STAFF_STATE, uniqueEmail } from "./helpers";

const PROJECT = Buffer.from("rescue-academy:local-project-secret").toString("base64");
const SHOTS = process.env.E2E_SCREENSHOTS;

/** A full-page picture of the screen for review, when E2E_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A candidate on Premium monthly, made through the API as the web app would. */
async function subscriber(request: APIRequestContext) {
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
  const card = await request.post("/v2/api/lambda/stripe/customer/card", { headers: auth, data: { card_token: (await token.json()).id } });
  expect(card.ok()).toBe(true);
  const plans = (await (await request.get("/v2/api/lambda/stripe/plans", { headers })).json()).list as { price_id: number; name: string }[];
  const premium = plans.find((p) => p.name === "Premium monthly")!;
  const sub = await request.post("/v2/api/lambda/stripe/customer/subscription", { headers: auth, data: { price_id: premium.price_id } });
  expect(sub.ok()).toBe(true);
  return email;
}

test.use({ storageState: STAFF_STATE });
test.beforeEach(async ({ page }) => openStaffArea(page));

test("the price table: list, search, add and edit in the side panel, view, archive, select and delete; no export", async ({ page }) => {
  await page.goto("/admin/stripe_price");
  await expect(page.getByRole("heading", { name: "Prices", level: 1 })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /Premium yearly/ })).toContainText("€390.00");
  await expect(page.getByRole("button", { name: "Export CSV" })).toHaveCount(0);
  await shot(page, "prices-list");

  await page.getByRole("button", { name: "Add price" }).click();
  await expect(page).toHaveURL(/\/admin\/add-stripe_price$/);
  const add = page.getByRole("dialog", { name: "Add price" });
  await add.getByRole("button", { name: "Add price" }).click();
  await expect(add.getByText("Product is required")).toBeVisible();
  await add.getByLabel("Product").selectOption({ label: "Core" });
  await add.getByLabel("Name").fill("Core yearly");
  await add.getByLabel("Amount (EUR)").fill("190");
  await add.getByLabel("Billing").selectOption("year");
  await add.getByLabel("Free trial days").fill("14");
  await expect(add.getByText("Customers pay €190.00 per year, after a 14-day free trial.")).toBeVisible();
  await shot(page, "prices-add");
  await add.getByRole("button", { name: "Add price" }).click();

  const view = page.getByRole("dialog", { name: "Price details" });
  await expect(page).toHaveURL(/\/admin\/view-stripe_price\/\d+$/);
  await expect(view.getByText("€190.00 per year")).toBeVisible();
  await expect(view.getByRole("link", { name: "Core", exact: true })).toBeVisible();
  await shot(page, "prices-view");
  await view.getByRole("button", { name: "Edit" }).click();

  const edit = page.getByRole("dialog", { name: "Edit price" });
  await expect(edit.getByLabel("Amount (EUR)")).toBeDisabled();
  await expect(edit.getByLabel("Amount (EUR)")).toHaveValue("190.00");
  await edit.getByLabel("Name").fill("Core yearly launch");
  await edit.getByLabel("Free trial days").fill("7");
  await shot(page, "prices-edit");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/admin\/stripe_price$/);
  const row = table.getByRole("row", { name: /Core yearly launch/ });
  await expect(row).toContainText("7 days");
  await expect(row).toContainText("per year");

  await page.getByLabel("Search by name or product").fill("yearly");
  await expect(page).toHaveURL(/q=yearly/);
  await expect(table.getByRole("row")).toHaveCount(3); // header, Core yearly launch, Premium yearly

  await row.getByRole("button", { name: "Archive Core yearly launch" }).click();
  await expect(row).toContainText("Archived");
  await row.getByRole("button", { name: "Reactivate Core yearly launch" }).click();
  await expect(row).toContainText("Active");

  await page.getByLabel("Select Core yearly launch").check();
  await page.getByRole("button", { name: "Archive selected" }).click();
  await expect(page.getByText("The price was archived")).toBeVisible();
  await expect(row).toContainText("Archived");

  await row.getByRole("button", { name: "Delete Core yearly launch" }).click();
  await page.getByRole("dialog", { name: "Delete Core yearly launch?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("The price was deleted")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("subscriptions: view one, end it at period end, then now; a bought price cannot be deleted; billing lists it", async ({
  page,
  request,
}) => {
  const email = await subscriber(request);
  await page.goto("/admin/stripe_subscription");
  await page.getByLabel("Search by email or plan").fill(email);
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("Premium monthly");
  await expect(row).toContainText("Active");
  await shot(page, "subscriptions-list");

  await row.getByRole("button", { name: `View subscription of ${email}` }).click();
  await expect(page).toHaveURL(/\/admin\/view-stripe_subscription\/\d+\?q=/);
  const view = page.getByRole("dialog", { name: "Subscription details" });
  await expect(view.getByText("€39.00 per month")).toBeVisible();
  await shot(page, "subscriptions-view");
  await view.getByRole("button", { name: "End subscription…" }).click();
  const confirm = page.getByRole("dialog", { name: "End this subscription?" });
  await shot(page, "subscriptions-end");
  await confirm.getByRole("button", { name: "At period end" }).click();
  await expect(view.getByText("Ends at period end", { exact: true })).toBeVisible();
  await expect(row).toContainText("Ends at period end");
  await view.getByRole("button", { name: "Close", exact: true }).click();

  await row.getByRole("button", { name: `End subscription of ${email}` }).click();
  await page.getByRole("dialog", { name: "Change how this subscription ends?" }).getByRole("button", { name: "End now" }).click();
  await expect(row).toContainText("Ended");
  await expect(row.getByRole("button", { name: `End subscription of ${email}` })).toHaveCount(0);

  await page.goto("/admin/stripe_price");
  await page.getByRole("button", { name: "Delete Premium monthly" }).click();
  await page.getByRole("dialog", { name: "Delete Premium monthly?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("This price has been bought: archive it instead")).toBeVisible();
  await expect(page.getByRole("row", { name: /Premium monthly/ })).toContainText("Active");

  await page.getByRole("link", { name: "Billing" }).click();
  await expect(page).toHaveURL(/\/admin\/stripe_invoice$/);
  await page.getByLabel("Search by number, email or item").fill(email);
  const invoice = page.getByRole("row", { name: new RegExp(email) });
  await expect(invoice).toContainText("€39.00");
  await shot(page, "billing-invoices");
  await invoice.getByRole("button", { name: /^View invoice/ }).click();
  await expect(page.getByRole("dialog", { name: "Invoice details" })).toContainText("Premium monthly");
  await expect(page.getByRole("dialog", { name: "Invoice details" }).getByRole("button", { name: "Download PDF" })).toBeVisible();
  await shot(page, "billing-invoice-view");
  await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();

  await page.getByRole("link", { name: "Charges" }).click();
  await expect(page).toHaveURL(/\/admin\/stripe_charge$/);
  await page.getByLabel("Search by email or reference").fill(email);
  const charge = page.getByRole("row", { name: new RegExp(email) });
  await expect(charge).toContainText("Succeeded");
  await shot(page, "billing-charges");
  await charge.getByRole("button", { name: /^View charge/ }).click();
  await expect(page.getByRole("dialog", { name: "Charge details" })).toContainText("€39.00");
  await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();

  await page.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await shot(page, "billing-orders");
});

test("products: create one, link it to a package, price it, and see the price on the package", async ({ page }) => {
  await page.goto("/admin/stripe_product");
  await expect(page.getByRole("row", { name: /Premium/ })).toContainText("2");
  await page.getByRole("button", { name: "Add product" }).click();
  const add = page.getByRole("dialog", { name: "Add product" });
  await add.getByLabel("Name").fill("Night shift bundle");
  await shot(page, "products-add");
  await add.getByRole("button", { name: "Add product" }).click();

  const view = page.getByRole("dialog", { name: "Product details" });
  await expect(page).toHaveURL(/\/admin\/view-stripe_product\/\d+$/);
  const productView = page.url();
  await expect(view).toContainText("None: its prices unlock nothing");
  await expect(view.getByText("No prices yet: add one to put the product on sale.")).toBeVisible();
  await view.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit product" });
  await edit.getByLabel("Package it sells").selectOption({ label: "Core" });
  await edit.getByRole("button", { name: "Save changes" }).click();
  const row = page.getByRole("row", { name: /Night shift bundle/ });
  await expect(row.getByRole("link", { name: "Core" })).toBeVisible();
  await shot(page, "products-list");

  // "Add a price" on the product's view starts the price on that product.
  await page.goto(productView);
  await page.getByRole("dialog", { name: "Product details" }).getByRole("link", { name: "Add a price" }).click();
  const price = page.getByRole("dialog", { name: "Add price" });
  await expect(price.getByLabel("Product")).toHaveValue(productView.split("/").at(-1)!);
  await expect(price.getByLabel("Product").locator("option:checked")).toHaveText("Night shift bundle");
  await price.getByLabel("Name").fill("Night shift pass");
  await price.getByLabel("Amount (EUR)").fill("12.50");
  await price.getByLabel("Billing").selectOption("one_time");
  await expect(price.getByLabel("Free trial days")).toHaveCount(0);
  await price.getByRole("button", { name: "Add price" }).click();
  await expect(page.getByRole("dialog", { name: "Price details" })).toContainText("€12.50 once");

  await page.goto("/admin/stripe_product");
  await page
    .getByRole("row", { name: /Night shift bundle/ })
    .getByRole("link", { name: "Core" })
    .click();
  const pkg = page.getByRole("dialog", { name: "Package details" });
  await expect(pkg.getByRole("link", { name: "Night shift pass" })).toBeVisible();
  await expect(pkg).toContainText("€12.50 once");
  await expect(pkg.getByRole("link", { name: "Core monthly" })).toBeVisible();
  await shot(page, "package-view-prices");

  await page.goto("/admin/stripe_product");
  await page.getByRole("button", { name: "Archive Night shift bundle" }).click();
  await expect(page.getByRole("row", { name: /Night shift bundle/ })).toContainText("Archived");
});
