import PDFDocument from "pdfkit";
import { expect, type Page, test } from "./fixtures";
import { PROJECT, staffHeaders, uniqueEmail } from "./helpers";

async function signUpCandidate(page: Page) {
  await page.goto("/user/signup");
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Reader");
  await page.getByLabel("Email").fill(uniqueEmail("library"));
  await page.getByLabel("Password", { exact: true }).fill("a strong passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test("search the library, open the section, ask the assistant and follow its citation", async ({ page }) => {
  await signUpCandidate(page);
  await page.goto("/user/document-library");
  await expect(page.getByRole("heading", { name: "Document library" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Airway and breathing/ })).toBeVisible();

  await page.getByLabel("Search the library").fill("back blows abdominal thrusts");
  const first = page
    .getByRole("listitem")
    .filter({ has: page.locator("mark") })
    .first();
  await expect(first.getByRole("link", { name: "Choking" })).toBeVisible();
  await expect(first.locator("mark").first()).toBeVisible();
  await first.getByRole("link", { name: "Choking" }).click();
  await expect(page).toHaveURL(/\/user\/document-library\/airway-breathing#choking$/);
  await expect(page.getByRole("heading", { name: "Airway and breathing", level: 1 })).toBeVisible();
  await expect(page.locator("#choking")).toBeInViewport();
  await expect(page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Choking" })).toBeVisible();

  // A premium document says which plan opens it and shows none of its text.
  await page.goto("/user/document-library/paediatrics-obstetrics");
  await expect(page.getByRole("heading", { name: "This document is locked" })).toBeVisible();
  await expect(page.getByText(/Premium plan opens it/)).toBeVisible();

  await page.goto("/user/document-library");
  await page.getByLabel("Ask the study assistant").fill("How many back blows for a choking adult?");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page).toHaveURL(/\/user\/assistant\?q=/);
  await expect(page.getByLabel("Your question")).toHaveValue("How many back blows for a choking adult?");
  await page.getByRole("button", { name: "Ask" }).click();
  const source = page.getByRole("link", { name: /\[1\] Airway and breathing — Choking/ });
  await expect(source).toBeVisible();
  await expect(page.getByText(/questions left today/)).toBeVisible();
  await noSidewaysScroll(page);
  await source.click();
  await expect(page).toHaveURL(/\/user\/document-library\/airway-breathing#choking$/);
  await expect(page.locator("#choking")).toBeInViewport();

  // The conversation is kept.
  await page.goto("/user/assistant");
  await expect(page.getByText("How many back blows for a choking adult?")).toBeVisible();
});

/** Subscribes the signed-in candidate to Premium monthly with the test card, as the payments screen would. */
async function subscribePremium(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { "x-project": PROJECT, authorization: `Bearer ${token}` };
  const card = await page.request.post("/testpay/v1/tokens", {
    data: { card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" } },
  });
  expect(
    (await page.request.post("/v2/api/lambda/stripe/customer/card", { headers, data: { card_token: (await card.json()).id } })).ok(),
  ).toBe(true);
  const plans = (await (await page.request.get("/v2/api/lambda/stripe/plans", { headers })).json()).list as {
    price_id: number;
    name: string;
  }[];
  const premium = plans.find((p) => p.name === "Premium monthly")!;
  expect(
    (await page.request.post("/v2/api/lambda/stripe/customer/subscription", { headers, data: { price_id: premium.price_id } })).ok(),
  ).toBe(true);
}

test("the assistant states the dose, START's rule and naloxone's use from the section that holds them, and its citations open there", async ({
  page,
}) => {
  await signUpCandidate(page);
  await subscribePremium(page);
  await page.goto("/user/assistant");
  const answers = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Sources" }) });
  const ask = async (question: string) => {
    const before = await answers.count();
    await page.getByLabel("Your question").fill(question);
    await page.getByRole("button", { name: "Ask" }).click();
    await expect(answers).toHaveCount(before + 1);
    return answers.last();
  };

  const dose = await ask("What is the adult adrenaline dose for anaphylaxis?");
  await expect(dose).toContainText("0.5 mg");
  await expect(dose).not.toContainText(/\d\.\s*\[\d+\]/); // no decimal cut in two
  const triage = await ask("In START triage, above what respiratory rate is an adult tagged red?");
  await expect(triage).toContainText("more than 30 per minute");
  const naloxone = await ask("When and how much naloxone do I give?");
  await expect(naloxone).toContainText(/naloxone/i);
  await expect(naloxone).not.toContainText(/petrol|diesel|flash point/i);

  // Each citation opens the section it quotes, and that section holds the quote's words.
  const source = naloxone.getByRole("link", { name: /^\[1\] / });
  const quote = (await naloxone.locator("blockquote").first().innerText()).split("…")[0]!.trim();
  await source.click();
  await expect(page).toHaveURL(/\/user\/document-library\/ems-pharmacology#naloxone$/);
  await expect(page.locator("#naloxone")).toBeInViewport();
  await expect(page.locator("main")).toContainText(quote.slice(0, 60));

  await page.goto("/user/assistant");
  const triageSource = answers.filter({ hasText: "START triage" }).getByRole("link", { name: /^\[1\] / });
  await triageSource.click();
  await expect(page).toHaveURL(/\/user\/document-library\/ems-operations-triage#start-triage$/);
  await expect(page.locator("main")).toContainText("more than 30 per minute");

  // A question the library cannot answer is declined plainly, with no sources.
  await page.goto("/user/assistant");
  await page.getByLabel("Your question").fill("What is the capital city of Australia?");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page.getByText(/library holds no answer/).last()).toBeVisible();
});

test("search finds other spellings and synonyms, offers the library's word for a typo, and says when it shows partial matches", async ({
  page,
}) => {
  await signUpCandidate(page);
  await page.goto("/user/document-library");
  const search = page.getByLabel("Search the library");
  const results = page.getByRole("region", { name: /Sections matching/ });

  await search.fill("hypoglycemia glucose");
  await expect(results.getByRole("link", { name: "Diabetic emergencies" })).toBeVisible();

  await search.fill("epinephrine dose child");
  await expect(results.getByRole("link", { name: /Adrenaline/ }).first()).toBeVisible();

  await search.fill("chokng");
  await expect(results.getByText("Did you mean")).toBeVisible();
  await results.getByRole("button", { name: "choking" }).click();
  await expect(search).toHaveValue("choking");
  await expect(results.locator("mark").first()).toHaveText(/chok/i);

  // A locked section is found all the same, with the plan that opens it instead of its text.
  await search.fill("tourniquet");
  await expect(results.getByRole("link", { name: "Controlling catastrophic bleeding" })).toBeVisible();
  await expect(results.getByText(/the Core or Premium plan opens it/).first()).toBeVisible();

  await search.fill("back blows snorkel");
  await expect(results.getByRole("status")).toHaveText(/showing sections with some of your words/);
  await expect(results.getByRole("listitem").first().locator("mark").first()).toBeVisible();
});

const makePdf = (pages: string[]) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    pages.forEach((text, i) => {
      if (i) doc.addPage();
      doc.fontSize(28).text(text);
    });
    doc.end();
  });

test("a PDF document opens at its page and previews in the page", async ({ page, request }) => {
  const title = `Ice rescue ${Date.now()}`;
  const uploaded = await request.post("/v2/api/library/admin/documents", {
    headers: staffHeaders(),
    multipart: {
      file: {
        name: "ice-rescue.pdf",
        mimeType: "application/pdf",
        buffer: await makePdf(["Ice rescue basics for the crew.", "Never walk onto thin ice; reach with a throwbag."]),
      },
      title,
      tier: "free",
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { slug } = (await uploaded.json()).model as { slug: string };

  await signUpCandidate(page);
  await page.goto(`/user/document-library/${slug}#page-2`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Never walk onto thin ice")).toBeInViewport();
  const file = page.waitForResponse((r) => r.url().includes(`/v2/api/library/documents/${slug}/file`), { timeout: 30_000 });
  await page.getByRole("button", { name: "Preview the PDF" }).click();
  const fetched = await file;
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()["content-type"]).toBe("application/pdf");
  // The frame shows those bytes (the browser's PDF viewer draws them; checked by eye on a screenshot).
  const preview = page.locator(`iframe[title="${title} (PDF preview)"]`);
  await expect(preview).toBeVisible({ timeout: 15_000 });
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await page.screenshot({ path: `test-results/library-pdf-preview-${process.env.E2E_PORT ?? "e2e"}.png` });
  await page.getByRole("button", { name: "Hide the PDF" }).click();
  await expect(preview).toBeHidden();
});

test("a quiz result links each explanation to the library section it cites", async ({ page }) => {
  await signUpCandidate(page);
  await page.goto("/user/onboarding/form");
  await page.getByRole("radio", { name: /Emergency Medical Services/ }).check();
  await page.getByLabel("Study hours per week").fill("8");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: /Continue with \d+ themes/ }).click();
  await page.getByLabel("Number of questions").fill("5");
  await page.getByRole("radio", { name: /Timed exam/ }).check();
  await page.getByRole("button", { name: "Preview my quiz" }).click();
  await page.getByRole("link", { name: "Continue" }).click();
  await page.getByRole("link", { name: "Build my quiz" }).click();
  await expect(page).toHaveURL(/\/user\/onboarding\/quiz\?id=\d+$/, { timeout: 15_000 });
  // Submitted unanswered: every question comes back with its explanation.
  await page.getByRole("button", { name: "Submit now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/user\/onboarding\/singlequiz\/\d+$/);

  // Free documents open; pick a citation to one of them.
  const free = [
    "airway-breathing",
    "circulation-cpr",
    "fire-behaviour",
    "mechanical-reasoning",
    "mental-arithmetic",
    "percentages-units",
    "reading-comprehension",
    "radio-communication",
    "water-rescue-techniques",
  ];
  const links = page.locator('a[href^="/user/document-library/"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  const open = hrefs.find((h) => free.some((d) => h.startsWith(`/user/document-library/${d}#`))) ?? hrefs[0]!;
  await expect(page.getByRole("link", { name: /Why is this right\?/ }).first()).toBeVisible();
  await page.locator(`a[href="${open}"]`).first().click();
  const anchor = open.split("#")[1]!;
  await expect(page).toHaveURL(new RegExp(`${open.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  if (free.some((d) => open.startsWith(`/user/document-library/${d}#`))) await expect(page.locator(`[id="${anchor}"]`)).toBeInViewport();
  else await expect(page.getByRole("heading", { name: "This document is locked" })).toBeVisible();
});

test("the library and the assistant fit a 390 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUpCandidate(page);
  await page.goto("/user/document-library");
  await expect(page.getByRole("link", { name: /Airway and breathing/ })).toBeVisible();
  await noSidewaysScroll(page);
  await page.goto("/user/document-library/airway-breathing");
  await expect(page.getByRole("heading", { name: "Choking", level: 2 })).toBeVisible();
  await noSidewaysScroll(page);
  await page.goto("/user/assistant");
  await expect(page.getByLabel("Your question")).toBeVisible();
  await noSidewaysScroll(page);
});
