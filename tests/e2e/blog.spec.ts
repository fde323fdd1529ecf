import { crc32, deflateSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { openStaffArea, PROJECT, STAFF_STATE, staffHeaders } from "./helpers";

const B = "/v2/api/lambda/blog";

/** A solid-colour PNG of the given size (wider than a phone when a test needs it). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test.describe("a staff writer", () => {
  test.use({ storageState: STAFF_STATE });
  // The editor is the heaviest screen (loaded on first use); a busy machine needs the time.
  test.describe.configure({ timeout: 180_000 });

  test("writes a post, sees it save as a draft, previews it and publishes it", async ({ page, browser, baseURL }) => {
    await page.goto("/admin/blog");
    await expect(page.getByRole("heading", { name: "Blog posts" })).toBeVisible({ timeout: 30_000 });
    // The seeded guides are listed, the scheduled one among them.
    await expect(page.getByRole("link", { name: "What the lifeguard swim test asks" })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Add post" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/new$/);
    await expect(page).toHaveTitle("New post | Rescue Academy");
    await expect(page.getByTestId("post-body-editor")).toBeVisible({ timeout: 30_000 });

    const title = `Radio words that matter ${Date.now()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await expect(page.getByLabel("Address")).toHaveValue(/^radio-words-that-matter-\d+$/);
    await page.getByLabel("Excerpt").fill("Plain language on the radio, and the few code words worth knowing.");
    const editor = page.getByTestId("post-body-editor");
    await editor.click();
    await expect(editor).toBeFocused();
    await page.keyboard.type("Say what you see. ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Repeat the address");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("Unit, location, need");
    await page.getByRole("group", { name: "Tags" }).getByLabel("Dispatch").check();

    // The draft saves itself once typing pauses, and the address becomes the post's own.
    await expect(page.getByTestId("save-status")).toHaveText(/Saved at/, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/admin\/blog\/edit\/\d+$/);
    const id = Number(/edit\/(\d+)$/.exec(page.url())![1]);
    const saved = await page.request.get(`${B}/single/${id}`, { headers: staffHeaders() });
    expect((await saved.json()).model).toMatchObject({
      title,
      status: "draft",
      body: expect.stringMatching(
        /^<p>Say what you see\. ?<strong> ?Repeat the address<\/strong><\/p><ul><li><p>Unit, location, need<\/p><\/li><\/ul>/,
      ),
      tags: [{ slug: "dispatch" }],
    });

    // A visitor cannot read the draft.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const slug = (await saved.json()).model.slug as string;
    expect((await visitor.request.get(`${baseURL}${B}/single/${slug}`, { headers: { "x-project": PROJECT } })).status()).toBe(404);

    await page.getByRole("tab", { name: "Preview" }).click();
    const preview = page.getByTestId("post-preview");
    await expect(preview.getByRole("heading", { name: title })).toBeVisible();
    await expect(preview.locator("strong", { hasText: "Repeat the address" })).toBeVisible();
    await expect(preview.getByRole("listitem")).toHaveText("Unit, location, need");

    await page.getByRole("radio", { name: /Published/ }).check();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Post published")).toBeVisible();
    await page.getByRole("link", { name: "View on the blog" }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // Now public: the visitor reads it, in the list and on its page, and in the feed.
    const reader = await visitor.newPage();
    await reader.goto("/blog?tag=dispatch");
    await reader.getByRole("link", { name: title }).click();
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(reader).toHaveTitle(`${title} | Rescue Academy`);
    expect(await (await visitor.request.get(`${baseURL}/blog/rss.xml`)).text()).toContain(title);
    await visitor.close();

    // Opened afresh by its address, the editor holds the saved post.
    await page.goto(`/admin/blog/edit/${id}`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title, { timeout: 30_000 });
    await expect(page.getByTestId("post-body-editor")).toContainText("Repeat the address");
    await expect(page.getByTestId("post-body-editor").getByRole("listitem")).toHaveText("Unit, location, need");
  });

  test("puts images in a post from the photo library and by uploading, each with its alt text, and a visitor sees them", async ({
    page,
    browser,
    request,
  }) => {
    // A wide photo already in the library (wider than a phone), captioned so the writer can find it.
    const caption = `Rope rescue drill ${Date.now()}`;
    const uploaded = await request.post("/v2/api/lambda/upload", {
      headers: staffHeaders(),
      multipart: { file: { name: "rope-drill.png", mimeType: "image/png", buffer: png(1200, 400, [180, 30, 30]) }, caption },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const libraryUrl = (await uploaded.json()).url as string;
    expect(libraryUrl).toMatch(/^\/uploads\/[a-f0-9-]{36}\.png$/);

    await page.goto("/admin/blog/new");
    await expect(page.getByTestId("post-body-editor")).toBeVisible({ timeout: 30_000 });
    const title = `Rope rescue in pictures ${Date.now()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    const editor = page.getByTestId("post-body-editor");
    await editor.click();
    await page.keyboard.type("Anchor first, then the haul system.");

    // From the library: the image goes in only once the writer has described it.
    await page.getByRole("button", { name: "Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Insert image" });
    // The writer clicks the picture; the radio behind it is what a keyboard or screen reader meets.
    await dialog
      .locator("label")
      .filter({ has: page.getByRole("radio", { name: caption }) })
      .click();
    await expect(dialog.getByRole("radio", { name: caption })).toBeChecked();
    await dialog.getByRole("button", { name: "Insert image" }).click();
    await expect(dialog.getByText("Describe the image for readers who cannot see it")).toBeVisible();
    await expect(dialog.getByLabel("Alt text")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Alt text").fill("Two rescuers lowering a stretcher down a cliff on ropes");
    await dialog.getByLabel("Alt text").press("Enter");
    await expect(dialog).toHaveCount(0);
    const inEditor = editor.locator(`img[src="${libraryUrl}"]`);
    await expect(inEditor).toHaveAttribute("alt", "Two rescuers lowering a stretcher down a cliff on ropes");
    // The writer types on after the image.
    await page.keyboard.type("Then check every knot.");

    // A new upload from the dialog joins the library and goes in too.
    await page.getByRole("button", { name: "Image" }).click();
    await dialog
      .getByLabel("Or upload a new image")
      .setInputFiles({ name: "knot.png", mimeType: "image/png", buffer: png(300, 200, [20, 90, 160]) });
    await expect(dialog.getByRole("radio", { name: "knot.png" })).toBeChecked({ timeout: 30_000 });
    await dialog.getByLabel("Alt text").fill("A figure-eight knot, dressed and set");
    await dialog.getByRole("button", { name: "Insert image" }).click();
    await expect(editor.locator("img")).toHaveCount(2);
    const uploadedUrl = await editor.locator("img").nth(1).getAttribute("src");
    expect(uploadedUrl).toMatch(/^\/uploads\/[a-f0-9-]{36}\.png$/);

    // The writer rewords the first picture's description: select it, then Edit alt text.
    const describeTool = page.getByRole("button", { name: "Edit alt text" });
    await expect(describeTool).toBeDisabled();
    await inEditor.click();
    await describeTool.click();
    const describe = page.getByRole("dialog", { name: "Describe image" });
    await expect(describe.getByLabel("Alt text")).toHaveValue("Two rescuers lowering a stretcher down a cliff on ropes");
    await describe.getByLabel("Alt text").fill(" ");
    await describe.getByRole("button", { name: "Save description" }).click();
    await expect(describe.getByText("Describe the image for readers who cannot see it")).toBeVisible();
    await describe.getByLabel("Alt text").fill("Two rescuers lowering a stretcher down a cliff on a rope system");
    await describe.getByLabel("Alt text").press("Enter");
    await expect(describe).toHaveCount(0);
    await expect(inEditor).toHaveAttribute("alt", "Two rescuers lowering a stretcher down a cliff on a rope system");
    await expect(editor.locator("img")).toHaveCount(2);

    // The draft saves itself; the stored body holds both images, addressed here, with their alt text.
    await expect(page.getByTestId("save-status")).toHaveText(/Saved at/, { timeout: 30_000 });
    const id = Number(/edit\/(\d+)$/.exec(page.url())![1]);
    const saved = (await (await page.request.get(`${B}/single/${id}`, { headers: staffHeaders() })).json()).model;
    expect(saved.body).toBe(
      `<p>Anchor first, then the haul system.</p><img src="${libraryUrl}" alt="Two rescuers lowering a stretcher down a cliff on a rope system" />` +
        `<p>Then check every knot.</p><img src="${uploadedUrl}" alt="A figure-eight knot, dressed and set" /><p></p>`,
    );

    await page.getByRole("radio", { name: /Published/ }).check();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText("Post published")).toBeVisible();

    // A visitor on a phone sees both pictures, loaded lazily and within the screen's width.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 390, height: 844 } });
    const reader = await visitor.newPage();
    await reader.goto(`/blog/${saved.slug}`);
    await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
    const body = reader.getByTestId("post-body");
    for (const [alt, src] of [
      ["Two rescuers lowering a stretcher down a cliff on a rope system", libraryUrl],
      ["A figure-eight knot, dressed and set", uploadedUrl],
    ] as const) {
      const img = body.getByRole("img", { name: alt });
      await expect(img).toHaveAttribute("src", src!);
      await expect(img).toHaveAttribute("loading", "lazy");
      await img.scrollIntoViewIfNeeded();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    }
    const wide = body.getByRole("img", { name: "Two rescuers lowering a stretcher down a cliff on a rope system" });
    const box = await wide.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    // Scaled down whole, not cropped: 1200 × 400 keeps its 3 : 1 shape.
    expect(Math.abs(box!.width / box!.height - 3)).toBeLessThan(0.05);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.close();

    // The library keeps a photo the post shows.
    const photoId = (await uploaded.json()).id as number;
    const del = await request.delete(`/v2/api/lambda/photo/${photoId}`, { headers: staffHeaders() });
    expect(del.status()).toBe(409);
    expect((await del.json()).message).toContain("(in its text)");
  });

  test("a hostile body is stored and shown without its script", async ({ page, request }) => {
    await openStaffArea(page);
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const created = await request.post(`${B}/create`, {
      headers: staffHeaders(),
      data: {
        title: `Hostile ${Date.now()}`,
        status: "published",
        body: '<p>Safe text</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a><svg onload="alert(4)"></svg>',
      },
    });
    expect(created.status()).toBe(200);
    const { slug } = (await created.json()).model;
    await page.goto(`/blog/${slug}`);
    const body = page.getByTestId("post-body");
    await expect(body).toContainText("Safe text", { timeout: 30_000 });
    // The javascript: address is gone, so "link" is no link at all: clicking it runs nothing.
    await expect(body.getByRole("link")).toHaveCount(0);
    await body.getByText("link", { exact: true }).click();
    const html = await body.innerHTML();
    expect(html).not.toMatch(/onerror|<script|javascript:|<svg/i);
    expect(dialogs).toEqual([]);
  });
});

test.describe("a visitor", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test.describe.configure({ timeout: 90_000 });

  test("reads the blog: filters by tag, opens a post and finds related posts", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle("Blog | Rescue Academy");
    const posts = page.getByRole("list", { name: "Posts" });
    await expect(posts.getByRole("link", { name: "How the EMT certification exam is structured" })).toBeVisible();
    // The scheduled guide is not public yet.
    await expect(posts.getByRole("link", { name: "What the lifeguard swim test asks" })).toHaveCount(0);

    await page
      .getByRole("navigation", { name: "Tags" })
      .getByRole("link", { name: /Fire & Rescue/ })
      .click();
    await expect(page).toHaveURL(/\/blog\?tag=fire-and-rescue$/);
    await expect(posts.getByRole("link", { name: "Preparing for the firefighter physical ability test" })).toBeVisible();
    await expect(posts.getByRole("link", { name: "How the EMT certification exam is structured" })).toHaveCount(0);

    await posts.getByRole("link", { name: "Preparing for the firefighter physical ability test" }).click();
    await expect(page).toHaveURL(/\/blog\/preparing-for-the-firefighter-physical-test$/);
    await expect(page.getByRole("heading", { level: 1, name: "Preparing for the firefighter physical ability test" })).toBeVisible();
    await expect(page).toHaveTitle("Preparing for the firefighter physical ability test | Rescue Academy");
    await expect(page.getByTestId("post-body")).toContainText("10 minutes and 20 seconds");
    await expect(page.getByRole("region", { name: "Read next" }).getByRole("listitem").first()).toBeVisible();

    await page.getByRole("link", { name: "#Exam day" }).click();
    await expect(page).toHaveURL(/\/blog\?tag=exam-day$/);
    await expect(posts.getByRole("link", { name: "What the emergency dispatcher test measures" })).toBeVisible();
  });

  test("the blog fits a phone screen without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/blog", "/blog/how-the-emt-exam-is-structured"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});
