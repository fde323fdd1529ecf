import { expect, test } from "./fixtures";
import { openStaffArea, STAFF_STATE } from "./helpers";

test.use({ storageState: STAFF_STATE });

test("staff upload a document, see which questions cite a section, and unpublish it", async ({ page }) => {
  await openStaffArea(page);
  await page.getByRole("link", { name: "Library" }).click();
  await expect(page).toHaveURL(/\/admin\/library$/);
  await expect(page.getByRole("cell", { name: "Airway and breathing", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Upload a document" }).click();
  await page.getByLabel("PDF or Markdown file").setInputFiles({
    name: "knots.md",
    mimeType: "text/markdown",
    buffer: Buffer.from(
      "# Rope knots\n\nKnots every rescuer ties.\n\n## The bowline\n\nA bowline makes a fixed loop that does not slip.\n",
    ),
  });
  await page.getByRole("checkbox", { name: "Water Rescue" }).check();
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("“Rope knots” is in the library")).toBeVisible();
  // The library holds more documents than a page shows: find the new one.
  await page.getByLabel("Search by title").fill("Rope knots");
  await expect(page.getByRole("cell", { name: "Rope knots", exact: true })).toBeVisible();

  // Tracks and themes are chosen from the known ones, never typed.
  await page
    .getByRole("row", { name: /Rope knots/ })
    .getByRole("button", { name: "Edit Rope knots" })
    .click();
  const edit = page.getByRole("dialog", { name: "Edit document" });
  const themes = edit.getByRole("group", { name: "Themes" });
  await themes.getByRole("checkbox", { name: /^Search, rescue/ }).check();
  await edit.getByRole("group", { name: "Tracks" }).getByRole("checkbox", { name: "Fire & Rescue" }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole("row", { name: /Rope knots/ })).toContainText("water-rescue, fire-rescue");
  await page.getByLabel("Search by title").fill("");

  // A file the library cannot hold is refused with a message.
  await page.getByRole("button", { name: "Upload a document" }).click();
  await page
    .getByLabel("PDF or Markdown file")
    .setInputFiles({ name: "page.html", mimeType: "text/html", buffer: Buffer.from("<html></html>") });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Only PDF and Markdown" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();

  await page.getByLabel("Search by title").fill("Airway");
  await page
    .getByRole("row", { name: /Airway and breathing/ })
    .getByRole("button", { name: /^View / })
    .click();
  await expect(page).toHaveURL(/\/admin\/view-library\/\d+(\?.*)?$/);
  await expect(page.getByText(/Cited by \d+ questions?/).first()).toBeVisible();

  await page.goto("/admin/library");
  await page.getByLabel("Search by title").fill("Rope knots");
  await page
    .getByRole("row", { name: /Rope knots/ })
    .getByRole("button", { name: /^View / })
    .click();
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
});
