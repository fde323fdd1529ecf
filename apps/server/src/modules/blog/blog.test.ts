import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { photos } from "../../db/schema/accounts.ts";
import { blogPosts } from "../../db/schema/blog.ts";
import { createTestApp } from "../../test/app.ts";
import * as service from "./service.ts";

const t = await createTestApp();
const admin = await t.signUp("admin");
const candidate = await t.signUp("user");
const B = "/v2/api/lambda/blog";

const countPosts = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(blogPosts))[0]!.n;

async function term(kind: "category" | "tags", name: string) {
  const res = await t.call("POST", `${B}/${kind}`, { token: admin.token, body: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().model as { id: number; slug: string };
}

async function post(body: Record<string, unknown>) {
  const res = await t.call("POST", `${B}/create`, { token: admin.token, body: { body: "<p>Text</p>", status: "published", ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().model as { id: number; slug: string; body: string; status: string };
}

const ems = await term("tags", "EMS");
const fire = await term("tags", "Fire & Rescue");
const exam = await term("tags", "Exam day");
const guides = await term("category", "Exam guides");
const fitness = await term("category", "Physical tests");

const a = await post({ title: "EMT exam structure", tag_ids: [ems.id, exam.id], category_ids: [guides.id] });
const b = await post({ title: "CPAT events", tag_ids: [fire.id, exam.id], category_ids: [fitness.id] });
await post({ title: "Shift study plan", tag_ids: [ems.id, fire.id], category_ids: [] });
const d = await post({ title: "Untagged news" });

const titles = (res: { json(): { list: { title: string }[] } }) =>
  res
    .json()
    .list.map((p) => p.title)
    .sort();

describe("sanitized bodies", () => {
  it("stores a sanitized body through the create and edit calls", async () => {
    const created = await post({
      title: "Unsafe",
      status: "draft",
      body: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, created.id));
    expect(row!.body).toBe("<p>Hi<a>x</a></p>");
    const edited = await t.call("POST", `${B}/edit/${created.id}`, {
      token: admin.token,
      body: { title: "Unsafe", status: "draft", body: "<img src=x onerror=alert(1)><p>ok</p>" },
    });
    expect(edited.json().model.body).toBe("<p>ok</p>");
    await t.call("DELETE", `${B}/delete/${created.id}`, { token: admin.token });
  });
});

describe("filter", () => {
  it("with rule=and keeps posts that have every tag and category named", async () => {
    expect(titles(await t.call("GET", `${B}/filter`, { query: { tags: `${ems.id},${exam.id}`, rule: "and" } }))).toEqual([
      "EMT exam structure",
    ]);
    expect(titles(await t.call("GET", `${B}/filter`, { query: { tags: "ems", categories: "exam-guides" } }))).toEqual([
      "EMT exam structure",
    ]);
    expect(titles(await t.call("GET", `${B}/filter`, { query: { tags: "ems,fire-and-rescue" } }))).toEqual(["Shift study plan"]);
  });

  it("with rule=or keeps posts that have any of them", async () => {
    expect(titles(await t.call("GET", `${B}/filter`, { query: { tags: "ems", categories: "physical-tests", rule: "or" } }))).toEqual([
      "CPAT events",
      "EMT exam structure",
      "Shift study plan",
    ]);
    expect(titles(await t.call("GET", `${B}/filter`, { query: { tags: `${fire.id}`, rule: "or" } }))).toEqual([
      "CPAT events",
      "Shift study plan",
    ]);
  });

  it("without tags or categories lists every public post, paged", async () => {
    const res = await t.call("GET", `${B}/filter`, { query: { limit: "2", page: "2" } });
    expect(res.json()).toMatchObject({ error: false, total: 4, limit: 2, num_pages: 2, page: 2 });
    expect(res.json().list).toHaveLength(2);
  });

  it("answers 400 naming an unknown tag or category, and for page sizes beyond the limit", async () => {
    const unknownTag = await t.call("GET", `${B}/filter`, { query: { tags: "ems,no-such-tag" } });
    expect(unknownTag.statusCode).toBe(400);
    expect(unknownTag.json().message).toContain("no-such-tag");
    const unknownCat = await t.call("GET", `${B}/filter`, { query: { categories: "999999" } });
    expect(unknownCat.statusCode).toBe(400);
    expect((await t.call("GET", `${B}/filter`, { query: { rule: "xor" } })).statusCode).toBe(400);
    for (const limit of ["101", "0", "-1", "abc"])
      expect((await t.call("GET", `${B}/all`, { query: { limit } })).statusCode, limit).toBe(400);
    expect((await t.call("GET", `${B}/all`, { query: { limit: "100" } })).statusCode).toBe(200);
  });
});

describe("drafts and scheduled posts", () => {
  it("keeps a draft to staff: 404 to visitors and candidates, absent from lists, feed and sitemap", async () => {
    const draft = await post({ title: "Secret draft", status: "draft", tag_ids: [ems.id] });
    for (const token of [undefined, candidate.token]) {
      expect((await t.call("GET", `${B}/single/${draft.id}`, { token })).statusCode).toBe(404);
      expect((await t.call("GET", `${B}/single/${draft.slug}`, { token })).statusCode).toBe(404);
      expect(titles(await t.call("GET", `${B}/all`, { token }))).not.toContain("Secret draft");
      expect(titles(await t.call("GET", `${B}/filter`, { token, query: { tags: "ems" } }))).not.toContain("Secret draft");
    }
    expect((await t.call("GET", `${B}/single/${draft.slug}`, { token: admin.token })).json().model.status).toBe("draft");
    expect(titles(await t.call("GET", `${B}/all`, { token: admin.token, query: { status: "draft" } }))).toContain("Secret draft");
    expect((await t.call("GET", "/blog/rss.xml")).body).not.toContain("Secret draft");
    expect((await t.call("GET", "/sitemap.xml")).body).not.toContain(draft.slug);
    await t.call("DELETE", `${B}/delete/${draft.id}`, { token: admin.token });
  });

  it("publishes a scheduled post at its time, with nobody writing anything", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await post({ title: "Tomorrow's guide", status: "scheduled", publish_at: at.toISOString(), tag_ids: [exam.id] });
    expect(scheduled.status).toBe("scheduled");
    expect((await t.call("GET", `${B}/single/${scheduled.slug}`)).statusCode).toBe(404);
    expect((await t.call("GET", "/blog/rss.xml")).body).not.toContain("Tomorrow&apos;s guide");
    expect(titles(await t.call("GET", `${B}/all`, { token: admin.token, query: { status: "scheduled" } }))).toEqual(["Tomorrow's guide"]);

    // An hour later (the service's clock), the same stored row is public.
    const later = new Date(at.getTime() + 1_000);
    const read = await service.getPost(t.db, null, scheduled.slug, later);
    expect(read.model.status).toBe("published");
    expect(
      (await service.filterPosts(t.db, null, { tags: ["exam-day"], rule: "and", page: 1, limit: 10 }, later)).list.map((p) => p.title),
    ).toContain("Tomorrow's guide");
    expect(await service.rssFeed(t.db, "https://academy.example", later)).toContain("Tomorrow&apos;s guide");

    // And over HTTP once the time has passed (the row's time moved back instead of the clock forward).
    await t.db
      .update(blogPosts)
      .set({ publishAt: new Date(Date.now() - 1_000) })
      .where(eq(blogPosts.id, scheduled.id));
    const now = await t.call("GET", `${B}/single/${scheduled.slug}`);
    expect(now.statusCode).toBe(200);
    expect(now.json().model.status).toBe("published");
    expect(titles(await t.call("GET", `${B}/all`, { token: admin.token, query: { status: "scheduled" } }))).toEqual([]);
    await t.call("DELETE", `${B}/delete/${scheduled.id}`, { token: admin.token });
  });

  it("refuses a schedule in the past or without a time, and a published post with a future date", async () => {
    const before = await countPosts();
    const cases = [
      { title: "x1", status: "scheduled" },
      { title: "x2", status: "scheduled", publish_at: new Date(Date.now() - 60_000).toISOString() },
      { title: "x3", status: "published", publish_at: new Date(Date.now() + 86_400_000).toISOString() },
      { title: "x4", status: "scheduled", publish_at: "tomorrow" },
    ];
    for (const body of cases) expect((await t.call("POST", `${B}/create`, { token: admin.token, body })).statusCode, body.title).toBe(400);
    expect(await countPosts()).toBe(before);
  });
});

describe("single", () => {
  it("reads a post by id or slug, with related posts sharing its tags first", async () => {
    const byId = await t.call("GET", `${B}/single/${a.id}`);
    const bySlug = await t.call("GET", `${B}/single/emt-exam-structure`);
    expect(byId.json().model).toEqual(bySlug.json().model);
    expect(bySlug.json().model).toMatchObject({
      title: "EMT exam structure",
      tags: [{ slug: "ems" }, { slug: "exam-day" }],
      categories: [{ slug: "exam-guides" }],
    });
    const related = bySlug.json().related.map((p: { title: string }) => p.title);
    expect(related).toHaveLength(3);
    expect(related.slice(0, 2).sort()).toEqual(["CPAT events", "Shift study plan"]);
    expect(related).not.toContain("EMT exam structure");
    expect((await t.call("GET", `${B}/single/no-such-post`)).statusCode).toBe(404);
  });
});

describe("writing", () => {
  it("answers 409 for a slug another post uses, whatever its case, and keeps both posts as they were", async () => {
    const before = await countPosts();
    const clash = await t.call("POST", `${B}/create`, { token: admin.token, body: { title: "Another", slug: "cpat-events" } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().validation.slug).toContain("/blog/cpat-events");
    const sameTitle = await t.call("POST", `${B}/create`, { token: admin.token, body: { title: "CPAT Events" } });
    expect(sameTitle.statusCode).toBe(409);
    const edit = await t.call("POST", `${B}/edit/${a.id}`, {
      token: admin.token,
      body: { title: "EMT exam structure", slug: "CPAT-EVENTS" },
    });
    expect(edit.statusCode).toBe(409);
    expect(await countPosts()).toBe(before);
    expect((await t.call("GET", `${B}/single/${a.id}`)).json().model.slug).toBe("emt-exam-structure");
  });

  it("refuses unknown categories, tags and cover photos, and bad fields, changing nothing", async () => {
    const before = await countPosts();
    const cases = [
      { title: "t", category_ids: [999_999] },
      { title: "t", tag_ids: [ems.id, 999_998] },
      { title: "t", cover_photo_id: 999_997 },
      { title: "" },
      { title: "t", slug: "Not a slug!" },
      { title: "t", status: "live" },
      { title: "t", role: "admin" },
      { title: "t", seo_title: "x".repeat(71) },
    ];
    for (const body of cases)
      expect((await t.call("POST", `${B}/create`, { token: admin.token, body })).statusCode, JSON.stringify(body)).toBe(400);
    const edit = await t.call("POST", `${B}/edit/${b.id}`, { token: admin.token, body: { title: "Changed", tag_ids: [424_242] } });
    expect(edit.statusCode).toBe(400);
    expect((await t.call("GET", `${B}/single/${b.id}`)).json().model.title).toBe("CPAT events");
    expect(await countPosts()).toBe(before);
  });

  it("keeps writes to staff: 401 without a token, 403 for a candidate, nothing changed", async () => {
    const before = await countPosts();
    const calls = [
      ["POST", `${B}/create`, { title: "Mine" }],
      ["POST", `${B}/edit/${a.id}`, { title: "Mine" }],
      ["DELETE", `${B}/delete/${a.id}`, undefined],
      ["POST", `${B}/category`, { name: "Mine" }],
      ["DELETE", `${B}/category/${guides.id}`, undefined],
      ["PUT", `${B}/category/${guides.id}`, { name: "Mine" }],
      ["PUT", `${B}/tags/${ems.id}`, { name: "Mine" }],
      ["POST", `${B}/tags`, { name: "Mine" }],
      ["DELETE", `${B}/tags/${ems.id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await t.call(method, url, { body })).statusCode, url).toBe(401);
      expect((await t.call(method, url, { body, token: candidate.token })).statusCode, url).toBe(403);
    }
    expect(await countPosts()).toBe(before);
    expect((await t.call("GET", `${B}/single/${a.id}`)).json().model.title).toBe("EMT exam structure");
    expect((await t.call("GET", `${B}/tags`)).json().list).toHaveLength(3);
  });

  it("sets a cover from the photo library, and the library keeps a photo a post uses", async () => {
    const [photo] = await t.db
      .insert(photos)
      .values({
        userId: admin.user_id,
        url: "/uploads/cover.png",
        storageKey: "cover.png",
        originalName: "cover.png",
        mime: "image/png",
        size: 10,
      })
      .returning();
    const saved = await t.call("POST", `${B}/edit/${d.id}`, {
      token: admin.token,
      body: { title: "Untagged news", status: "published", cover_photo_id: photo!.id },
    });
    expect(saved.json().model).toMatchObject({ cover_photo_id: photo!.id, cover_url: "/uploads/cover.png" });
    const del = await t.call("DELETE", `/v2/api/lambda/photo/${photo!.id}`, { token: admin.token });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('This photo is used by the blog post "Untagged news" (as its cover); remove it there first');
  });

  it("keeps a library photo a post shows in its text, until the post no longer does", async () => {
    const [photo] = await t.db
      .insert(photos)
      .values({
        userId: admin.user_id,
        url: "/uploads/in-text.png",
        storageKey: "in-text.png",
        originalName: "in-text.png",
        mime: "image/png",
        size: 10,
      })
      .returning();
    const withImage = await post({
      title: "Knots in pictures",
      body: '<p>The bowline:</p><img src="/uploads/in-text.png" alt="A bowline knot tied in red rope"><p>Tie it twice.</p>',
    });
    expect(withImage.body).toBe(
      '<p>The bowline:</p><img src="/uploads/in-text.png" alt="A bowline knot tied in red rope" /><p>Tie it twice.</p>',
    );
    // A picture that says nothing of what it shows is refused, with nothing saved.
    for (const alt of ["", ' alt=""', ' alt="   "']) {
      const noAlt = await t.call("POST", `${B}/create`, {
        token: admin.token,
        body: { title: `No words ${alt.length}`, status: "draft", body: `<p>Look:</p><img src="/uploads/in-text.png"${alt}>` },
      });
      expect(noAlt.statusCode, noAlt.body).toBe(400);
      expect(noAlt.json()).toMatchObject({
        message: "An image in the post has no alt text: say what each shows",
        validation: { body: "Every image needs alt text" },
      });
    }
    const editedWithout = await t.call("POST", `${B}/edit/${withImage.id}`, {
      token: admin.token,
      body: { title: "Knots in pictures", body: '<img src="/uploads/in-text.png" alt="A knot"><img src="/uploads/in-text.png">' },
    });
    expect(editedWithout.statusCode).toBe(400);
    expect(editedWithout.json().message).toBe("An image in the post has no alt text: say what each shows");
    expect((await t.call("GET", `${B}/single/${withImage.id}`, { token: admin.token })).json().model.body).toBe(withImage.body);
    const refused = await t.call("DELETE", `/v2/api/lambda/photo/${photo!.id}`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This photo is used by the blog post "Knots in pictures" (in its text); remove it there first');

    await t.call("POST", `${B}/edit/${withImage.id}`, {
      token: admin.token,
      body: { title: "Knots in pictures", status: "published", body: "<p>The bowline.</p>" },
    });
    expect((await t.call("DELETE", `/v2/api/lambda/photo/${photo!.id}`, { token: admin.token })).statusCode).toBe(200);
    await t.call("DELETE", `${B}/delete/${withImage.id}`, { token: admin.token });
  });

  it("deletes a category or tag from its posts, keeping the posts", async () => {
    const tmp = await term("tags", "Temporary");
    const tagged = await post({ title: "Tagged temporarily", tag_ids: [tmp.id] });
    expect((await t.call("DELETE", `${B}/tags`, { token: admin.token, query: { id: String(tmp.id) } })).statusCode).toBe(200);
    expect((await t.call("DELETE", `${B}/tags`, { token: admin.token, query: { id: String(tmp.id) } })).statusCode).toBe(404);
    expect((await t.call("GET", `${B}/single/${tagged.id}`)).json().model.tags).toEqual([]);
    await t.call("DELETE", `${B}/delete/${tagged.id}`, { token: admin.token });
    expect((await t.call("DELETE", `${B}/delete/${tagged.id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it("renames a category or tag: its posts keep it, its slug stays unless one is given, clashes and unknown ids refused", async () => {
    const cat = await term("category", "Interview tips");
    const tag = await term("tags", "Night shift");
    const held = await post({ title: "Kept through renames", tag_ids: [tag.id], category_ids: [cat.id] });
    const renamed = await t.call("PUT", `${B}/category/${cat.id}`, { token: admin.token, body: { name: "Interview advice" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().model).toMatchObject({ id: cat.id, name: "Interview advice", slug: "interview-tips" });
    const moved = await t.call("PUT", `${B}/tags/${tag.id}`, { token: admin.token, body: { name: "Night shifts", slug: "night-shifts" } });
    expect(moved.json().model).toMatchObject({ id: tag.id, name: "Night shifts", slug: "night-shifts" });
    const single = (await t.call("GET", `${B}/single/${held.id}`)).json().model;
    expect(single.categories).toEqual([expect.objectContaining({ id: cat.id, name: "Interview advice" })]);
    expect(single.tags).toEqual([expect.objectContaining({ id: tag.id, name: "Night shifts", slug: "night-shifts" })]);
    const filtered = await t.call("GET", `${B}/filter`, { query: { tags: "night-shifts" } });
    expect(titles(filtered)).toEqual(["Kept through renames"]);

    // A slug another term holds, an unknown id, an empty name: refused, nothing changed.
    const clash = await t.call("PUT", `${B}/tags/${tag.id}`, { token: admin.token, body: { name: "EMS again", slug: "ems" } });
    expect(clash.statusCode).toBe(409);
    expect((await t.call("PUT", `${B}/category/999999`, { token: admin.token, body: { name: "Ghost" } })).statusCode).toBe(404);
    expect((await t.call("PUT", `${B}/tags/${tag.id}`, { token: admin.token, body: { name: "  " } })).statusCode).toBe(400);
    expect((await t.call("PUT", `${B}/tags/${tag.id}`, { token: admin.token, body: { name: "x", slug: "Not A Slug!" } })).statusCode).toBe(
      400,
    );
    const tags = (await t.call("GET", `${B}/tags`, { token: admin.token })).json().list;
    expect(tags.find((x: { id: number }) => x.id === tag.id)).toMatchObject({ name: "Night shifts", slug: "night-shifts" });
    // Renaming to its own slug is no clash.
    expect(
      (await t.call("PUT", `${B}/tags/${tag.id}`, { token: admin.token, body: { name: "Night Shifts", slug: "night-shifts" } })).statusCode,
    ).toBe(200);
    await t.call("DELETE", `${B}/delete/${held.id}`, { token: admin.token });
    await t.call("DELETE", `${B}/category/${cat.id}`, { token: admin.token });
    await t.call("DELETE", `${B}/tags/${tag.id}`, { token: admin.token });
  });

  it("refuses a category or tag whose slug exists", async () => {
    expect((await t.call("POST", `${B}/category`, { token: admin.token, body: { name: "Exam Guides" } })).statusCode).toBe(409);
    expect((await t.call("POST", `${B}/tags`, { token: admin.token, body: { name: "ems" } })).statusCode).toBe(409);
  });
});

describe("categories, tags, feed and sitemap", () => {
  it("counts public posts per category and tag", async () => {
    const cats = (await t.call("GET", `${B}/category`)).json().list;
    expect(cats).toEqual([
      expect.objectContaining({ slug: "exam-guides", post_count: 1 }),
      expect.objectContaining({ slug: "physical-tests", post_count: 1 }),
    ]);
    const tags = (await t.call("GET", `${B}/tags`)).json().list;
    expect(tags.find((x: { slug: string }) => x.slug === "ems").post_count).toBe(2);
  });

  it("serves an RSS feed and a sitemap of the public posts, with addresses from the configured origin", async () => {
    const rss = await t.call("GET", "/blog/rss.xml");
    expect(rss.statusCode).toBe(200);
    expect(rss.headers["content-type"]).toContain("application/rss+xml");
    expect(rss.body).toContain("<title>CPAT events</title>");
    expect(rss.body).toContain(`${t.config.publicUrl}/blog/cpat-events`);
    const map = await t.call("GET", "/sitemap.xml");
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain(`<loc>${t.config.publicUrl}/blog/shift-study-plan</loc>`);
    expect(map.body).toContain(`<loc>${t.config.publicUrl}/blog</loc>`);
    const robots = await t.call("GET", "/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toContain("text/plain");
    expect(robots.body).toContain(`Sitemap: ${t.config.publicUrl}/sitemap.xml`);
    expect(robots.body).toMatch(/^Disallow: \/user\/$/m);
    expect(robots.body).toMatch(/^Disallow: \/admin\/$/m);
  });
});
