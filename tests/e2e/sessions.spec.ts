import { expect, test } from "./fixtures";
import { PROJECT, signIn, uniqueEmail } from "./helpers";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

test("the profile lists where one is signed in, and signs another device out, or all of them", async ({ page }) => {
  const account = { email: uniqueEmail("sessions"), password: "a strong passphrase" };
  const made = await page.request.post("/v2/api/lambda/register", {
    headers: { "x-project": PROJECT },
    data: { ...account, first_name: "Sia", last_name: "Sessions", role: "user" },
  });
  expect(made.ok()).toBe(true);
  const elsewhere = async (userAgent: string) => {
    const res = await page.request.post("/v2/api/lambda/login", {
      headers: { "x-project": PROJECT, "user-agent": userAgent },
      data: { ...account, role: "user" },
    });
    return (await res.json()).token as string;
  };
  const works = async (token: string) =>
    (await page.request.get("/v2/api/lambda/profile", { headers: { "x-project": PROJECT, authorization: `Bearer ${token}` } })).status();

  const phone = await elsewhere(IPHONE);
  await signIn(page, "user", account);
  await page.goto("/user/profile");
  const section = page.getByRole("region", { name: "Where you're signed in" });
  await expect(section.getByText("This device", { exact: true })).toBeVisible();
  await expect(section.getByText("Safari on iPhone")).toBeVisible();

  await section.getByRole("button", { name: /^Sign out Safari on iPhone/ }).click();
  await expect(page.getByText("That device was signed out")).toBeVisible();
  await expect(section.getByText("Safari on iPhone")).toHaveCount(0);
  expect(await works(phone)).toBe(401);

  const laptop = await elsewhere(FIREFOX);
  await page.reload();
  await expect(section.getByText("Firefox on Windows")).toBeVisible();
  await section.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(section.getByText("You're signed in on this device only.")).toBeVisible();
  expect(await works(laptop)).toBe(401);
  // This device goes on.
  await expect(section.getByText("This device", { exact: true })).toBeVisible();
});
