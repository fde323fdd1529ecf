import { expect, test } from "./fixtures";
import { openStaffArea, STAFF_STATE } from "./helpers";

test.use({ storageState: STAFF_STATE });

test("staff filter the bank, add a question with a live preview, and see blueprints", async ({ page }) => {
  await openStaffArea(page);
  await page.getByRole("link", { name: "Question bank" }).click();
  await expect(page).toHaveURL(/\/admin\/quizzes$/);
  await expect(page).toHaveTitle("Question bank | Rescue Academy");

  await page.getByLabel("Theme").selectOption("circulation-cpr");
  await page.getByLabel("Type").selectOption("numeric");
  // The rows of the previous filters stay on screen while the filtered ones load, so wait for
  // rows that are all numeric (there are rows from the first answer on), then for the count.
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  await expect(rows.locator("td:nth-child(4)").filter({ hasNotText: /^numeric$/ })).toHaveCount(0);
  await expect(page.getByText(/^Showing \d+–\d+ of \d+$/)).toBeVisible();
  await expect(page.locator("table").locator("..")).toHaveAttribute("aria-busy", "false");
  for (const cell of await rows.locator("td:nth-child(4)").allTextContents()) expect(cell).toBe("numeric");

  await page.getByRole("button", { name: "Add question" }).click();
  await page.getByLabel("Theme").selectOption("circulation-cpr");
  await page.getByLabel("Question", { exact: true }).fill("How deep are adult chest compressions at least?");
  const preview = page.getByRole("complementary", { name: "Preview" });
  await expect(preview).toContainText("How deep are adult chest compressions at least?");
  await page.getByLabel("Option a text").fill("5 cm");
  await page.getByLabel("Option a explanation").fill("Right: at least 5 cm and no more than 6 cm.");
  await page.getByLabel("Option b text").fill("2 cm");
  await page.getByLabel("Option b explanation").fill("Too shallow to move blood.");
  await page.getByLabel("Option c text").fill("10 cm");
  await page.getByLabel("Option c explanation").fill("Far too deep: injures the chest.");
  await page.getByLabel("Option d text").fill("1 cm");
  await page.getByLabel("Option d explanation").fill("Barely a push.");
  await expect(preview).toContainText("5 cm");
  // Without explanation and source the server names the missing fields.
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByRole("alert").first()).toContainText("Check the highlighted fields");
  await page.getByLabel("Explanation (the teaching point)").fill("Adults: 5 to 6 cm, 100 to 120 per minute.");
  await page.getByLabel("Source (guideline or standard)").fill("ERC Guidelines 2021, BLS");
  await page.getByRole("button", { name: "Save question" }).click();
  await expect(page.getByRole("button", { name: "Add question" })).toBeVisible();
  await page.getByLabel("Type").selectOption("");
  await page.getByRole("searchbox", { name: "Search" }).fill("How deep are adult");
  await expect(page.getByRole("cell", { name: "circulation-cpr-custom-001", exact: true })).toBeVisible();

  await page.getByRole("tab", { name: "Blueprints" }).click();
  // The newest version of each track's blueprint (whichever the content files and staff reached).
  await expect(page.getByRole("heading", { name: /^ems · version \d+$/ })).toBeVisible();
});
