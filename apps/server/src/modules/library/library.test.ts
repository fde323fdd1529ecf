import { readdirSync } from "node:fs";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { libraryDocuments, librarySections } from "../../db/schema/library.ts";
import { stripeSubscriptions } from "../../db/schema/payments.ts";
import { seedLibraryContent } from "../../db/seed/library-content.ts";
import { createTestApp, PROJECT } from "../../test/app.ts";
import { CARDS, paymentsHelpers } from "../payments/test-helpers.ts";
import { makePdf, PREMIUM_TEXT, uploader } from "./test-helpers.ts";

const t = await createTestApp({ UPLOAD_DIR: `/tmp/library-test-${process.pid}-${Date.now()}`, UPLOAD_MAX_BYTES: String(200 * 1024) });
const candidate = await t.signUp("user");
const admin = await t.signUp("admin");

const upload = uploader(t);

const docCount = async () => (await t.db.select({ n: count() }).from(libraryDocuments))[0]!.n;

describe("the library's documents", () => {
  it("holds every document of content/library, with the sections quiz explanations cite", async () => {
    const res = await t.call("GET", "/v2/api/library/documents", { token: candidate.token });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().list as { slug: string; sections: { anchor: string }[]; locked: { plans: string[] } | null; tier: string }[];
    const files = readdirSync(new URL("../../../../../content/library", import.meta.url)).filter((f) => f.endsWith(".md"));
    expect(list).toHaveLength(files.length);
    const paeds = list.find((d) => d.slug === "paediatrics-obstetrics")!;
    expect(paeds.sections.map((s) => s.anchor)).toContain("the-newborn-and-the-apgar-score");
    expect(paeds.locked).toMatchObject({ tier: "premium", plans: ["Premium"] });
    expect(list.find((d) => d.slug === "anatomy-physiology")!.locked).toMatchObject({ tier: "core", plans: ["Core", "Premium"] });
    expect(list.find((d) => d.slug === "airway-breathing")!.locked).toBeNull();
  });

  it("filters by track and theme", async () => {
    const dispatch = (await t.call("GET", "/v2/api/library/documents", { token: candidate.token, query: { track: "dispatch" } })).json()
      .list;
    expect(dispatch.length).toBeGreaterThan(0);
    expect(dispatch.every((d: { tracks: string[] }) => d.tracks.includes("dispatch"))).toBe(true);
    const theme = (await t.call("GET", "/v2/api/library/documents", { token: candidate.token, query: { theme: "fire-behaviour" } })).json()
      .list;
    expect(theme.map((d: { slug: string }) => d.slug)).toEqual(["fire-behaviour"]);
  });

  it("opens a free document with its sections rendered and sanitized, and keeps the reading position", async () => {
    const res = await t.call("GET", "/v2/api/library/documents/airway-breathing", { token: candidate.token });
    expect(res.statusCode).toBe(200);
    const model = res.json().model;
    const choking = model.sections.find((s: { anchor: string }) => s.anchor === "choking");
    expect(choking.html).toContain("<strong>back blows</strong>");
    expect(model.position).toBeNull();
    const saved = await t.call("PUT", "/v2/api/library/documents/airway-breathing/position", {
      token: candidate.token,
      body: { anchor: "choking" },
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.call("GET", "/v2/api/library/documents/airway-breathing", { token: candidate.token })).json().model.position).toBe(
      "choking",
    );
    const bad = await t.call("PUT", "/v2/api/library/documents/airway-breathing/position", {
      token: candidate.token,
      body: { anchor: "no-such-section" },
    });
    expect(bad.statusCode).toBe(404);
  });

  it("answers 404 for unknown documents and 401 without a session", async () => {
    expect((await t.call("GET", "/v2/api/library/documents/no-such-document", { token: candidate.token })).statusCode).toBe(404);
    expect((await t.call("GET", "/v2/api/library/documents/Bad%20Slug", { token: candidate.token })).statusCode).toBe(400);
    expect((await t.call("GET", "/v2/api/library/documents")).statusCode).toBe(401);
    expect((await t.call("GET", "/v2/api/library/search", { query: { q: "airway" } })).statusCode).toBe(401);
    // Unknown sections and staff document ids: 404, and nothing is written.
    const position = await t.call("PUT", "/v2/api/library/documents/airway-breathing/position", {
      token: candidate.token,
      body: { anchor: "no-such-section" },
    });
    expect(position.statusCode).toBe(404);
    const doc = (await t.call("GET", "/v2/api/library/documents/airway-breathing", { token: candidate.token })).json().model;
    expect(doc.position).not.toBe("no-such-section");
    for (const url of ["/v2/api/library/admin/documents/999999", "/v2/api/library/documents/no-such-document/file"])
      expect((await t.call("GET", url, { token: admin.token })).statusCode, url).toBe(404);
    expect((await t.call("GET", "/v2/api/library/admin/documents/abc", { token: admin.token })).statusCode).toBe(400);
  });

  it("downloads a document's Markdown", async () => {
    const res = await t.call("GET", "/v2/api/library/documents/airway-breathing/file", { token: candidate.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain('attachment; filename="airway-breathing.md"');
    expect(res.body).toContain("## Choking");
  });
});

describe("search", () => {
  it("ranks first the section that holds the words, and marks them in the snippet", async () => {
    const res = await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "back blows abdominal thrusts" } });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json().list;
    expect(first).toMatchObject({ document: "airway-breathing", anchor: "choking", locked: null });
    const marked = first.snippet.filter((p: { hit: boolean }) => p.hit).map((p: { text: string }) => p.text.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(["back", "blows"]));
  });

  it("filters by track and theme", async () => {
    const all = (await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "radio" } })).json().list;
    const dispatchOnly = (
      await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "radio", track: "water-rescue" } })
    ).json().list;
    expect(all.length).toBeGreaterThan(dispatchOnly.length);
    expect(dispatchOnly.every((h: { tracks: string[] }) => h.tracks.includes("water-rescue"))).toBe(true);
    const theme = (
      await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "radio", theme: "radio-communication" } })
    ).json().list;
    expect(theme.length).toBeGreaterThan(0);
    expect(theme.every((h: { document: string }) => h.document === "radio-communication")).toBe(true);
  });

  it("answers an empty list for stop words, signs and injection attempts, never an error", async () => {
    for (const q of ["the and of", '!!! (( " :* & |', "' OR 1=1--", "", "   ", "<script>", "a".repeat(200)]) {
      const res = await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q } });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      if (q !== "<script>" && !q.startsWith("aaa")) expect(res.json().list).toEqual([]);
    }
    expect((await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "a".repeat(201) } })).statusCode).toBe(400);
    expect((await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "airway\u0000" } })).statusCode).toBe(400);
  });
});

describe("repeated searches", () => {
  const searchOn = async (app: typeof t.app, q: string) => {
    const res = await app.inject({
      method: "GET",
      url: `/v2/api/library/search?q=${encodeURIComponent(q)}`,
      headers: { "x-project": PROJECT, authorization: `Bearer ${candidate.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().list as { document: string; anchor: string; heading: string; snippet: unknown[]; locked: unknown }[];
  };

  it("are answered from the instance's cache until the library changes, on whichever instance it changes", async () => {
    // A second instance on the same database, as when several run side by side.
    const other = await buildApp({ config: t.config, database: t.database, serveWeb: false });
    try {
      const words = "rip current";
      const [first] = await searchOn(t.app, words);
      expect(first).toMatchObject({ locked: null });
      const [doc] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, first!.document));
      const [section] = await t.db
        .select()
        .from(librarySections)
        .where(and(eq(librarySections.documentId, doc!.id), eq(librarySections.anchor, first!.anchor)));

      // A change made behind the search version's back (its trigger off) is not seen: the page was kept.
      await t.db.execute(sql`ALTER TABLE library_section DISABLE TRIGGER library_section_search_changed`);
      await t.db
        .update(librarySections)
        .set({ heading: `${section!.heading} (revised)` })
        .where(eq(librarySections.id, section!.id));
      await t.db.execute(sql`ALTER TABLE library_section ENABLE TRIGGER library_section_search_changed`);
      expect((await searchOn(t.app, words))[0]).toEqual(first);

      // Staff lock the section on the other instance: this one answers the change at its next search.
      const marked = await other.inject({
        method: "PUT",
        url: `/v2/api/library/admin/documents/${doc!.id}`,
        headers: { "x-project": PROJECT, authorization: `Bearer ${admin.token}` },
        payload: { sectionTiers: { [section!.anchor]: "premium" } },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      const locked = (await searchOn(t.app, words)).find((h) => h.anchor === section!.anchor && h.document === doc!.slug);
      expect(locked).toMatchObject({ heading: `${section!.heading} (revised)`, snippet: [], locked: { tier: "premium" } });

      // A write in plain SQL moves the version too.
      await t.db.update(librarySections).set({ heading: section!.heading, tier: null }).where(eq(librarySections.id, section!.id));
      expect((await searchOn(t.app, words))[0]).toEqual(first);
    } finally {
      await other.close();
    }
  });
});

describe("access from the package", () => {
  it("never sends a locked document's text: not the document, not the file, not a search snippet", async () => {
    const doc = await t.call("GET", "/v2/api/library/documents/paediatrics-obstetrics", { token: candidate.token });
    expect(doc.statusCode).toBe(403);
    expect(doc.json()).toMatchObject({ code: "PLAN_LIMIT" });
    expect(doc.json().message).toContain("Premium");
    const file = await t.call("GET", "/v2/api/library/documents/paediatrics-obstetrics/file", { token: candidate.token });
    expect(file.statusCode).toBe(403);
    const position = await t.call("PUT", "/v2/api/library/documents/paediatrics-obstetrics/position", {
      token: candidate.token,
      body: { anchor: "the-newborn-and-the-apgar-score" },
    });
    expect(position.statusCode).toBe(403);
    const hits = await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "APGAR score" } });
    const apgar = hits.json().list.find((h: { document: string }) => h.document === "paediatrics-obstetrics");
    expect(apgar).toMatchObject({
      anchor: "the-newborn-and-the-apgar-score",
      snippet: [],
      locked: { tier: "premium", plans: ["Premium"] },
    });
    for (const body of [doc.body, file.body, hits.body, position.body]) for (const text of PREMIUM_TEXT) expect(body).not.toContain(text);
    // Staff read everything.
    const staff = await t.call("GET", "/v2/api/library/documents/paediatrics-obstetrics", { token: admin.token });
    expect(staff.body).toContain("recorded at 1 and 5 minutes after birth");
  });

  it("opens in search what a live subscription's plan opens, and locks it again when the plan ends", async () => {
    const pay = paymentsHelpers(t);
    const reader = await t.signUp("user");
    const apgarHit = async () =>
      (await t.call("GET", "/v2/api/library/search", { token: reader.token, query: { q: "APGAR score" } }))
        .json()
        .list.find((h: { anchor: string }) => h.anchor === "the-newborn-and-the-apgar-score");
    expect(await apgarHit()).toMatchObject({ snippet: [], locked: { tier: "premium" } });
    expect((await pay.addCard(reader.token, CARDS.visa)).statusCode).toBe(200);
    const sub = await t.call("POST", `${pay.P}/customer/subscription`, {
      token: reader.token,
      body: { price_id: await pay.priceId("Premium monthly") },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const open = await apgarHit();
    expect(open.locked).toBeNull();
    expect(open.snippet.filter((p: { hit: boolean }) => p.hit).map((p: { text: string }) => p.text.toLowerCase())).toContain("apgar");
    await t.db.update(stripeSubscriptions).set({ status: "canceled" }).where(eq(stripeSubscriptions.userId, reader.user_id));
    expect(await apgarHit()).toMatchObject({ snippet: [], locked: { tier: "premium", plans: ["Premium"] } });
  });

  it("locks a single section staff mark for a higher package, everywhere", async () => {
    const [row] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, "water-rescue-techniques"));
    const sections = await t.db.select().from(librarySections).where(eq(librarySections.documentId, row!.id));
    const target = sections.find((s) => s.bodyText.length > 200)!;
    const secret = target.bodyText
      .split("\n")
      .find((l) => l.length > 60)!
      .slice(0, 50);
    const marked = await t.call("PUT", `/v2/api/library/admin/documents/${row!.id}`, {
      token: admin.token,
      body: { sectionTiers: { [target.anchor]: "core" } },
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const doc = await t.call("GET", "/v2/api/library/documents/water-rescue-techniques", { token: candidate.token });
    expect(doc.statusCode).toBe(200);
    const section = doc.json().model.sections.find((s: { anchor: string }) => s.anchor === target.anchor);
    expect(section).toMatchObject({ html: null, locked: { tier: "core" } });
    const words = secret.split(/\s+/).slice(0, 6).join(" ");
    const hits = await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: words } });
    const ask = await t.call("POST", "/v2/api/qna/query", { token: candidate.token, body: { user_prompt: secret } });
    const file = await t.call("GET", "/v2/api/library/documents/water-rescue-techniques/file", { token: candidate.token });
    expect(file.statusCode).toBe(403);
    // The question echoes what the candidate typed; the answer and its citations must hold none of the section.
    const { answer, citations } = ask.json().model;
    for (const body of [doc.body, hits.body, JSON.stringify({ answer, citations }), file.body]) expect(body).not.toContain(secret);
    expect(citations.every((c: { anchor: string }) => c.anchor !== target.anchor)).toBe(true);
    expect(hits.json().list.find((h: { anchor: string }) => h.anchor === target.anchor)?.snippet ?? []).toEqual([]);

    await t.call("PUT", `/v2/api/library/admin/documents/${row!.id}`, {
      token: admin.token,
      body: { sectionTiers: { [target.anchor]: null } },
    });
    const reopened = await t.call("GET", "/v2/api/library/documents/water-rescue-techniques", { token: candidate.token });
    expect(reopened.json().model.sections.find((s: { anchor: string }) => s.anchor === target.anchor).html).not.toBeNull();
  });
});

describe("staff", () => {
  it("upload a PDF: its text is extracted per page, searchable, and opens at the page", async () => {
    const pdf = await makePdf([
      "Ice rescue basics for the crew.",
      "Never walk onto ice thinner than ten centimetres; use a throwbag from the bank.",
    ]);
    const res = await upload("/v2/api/library/admin/documents", admin.token, [
      { name: "file", value: pdf, fileName: "ice-rescue.pdf", type: "application/pdf" },
      { name: "title", value: "Ice rescue" },
      { name: "tracks", value: "water-rescue" },
      { name: "tier", value: "free" },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().model).toMatchObject({
      slug: "ice-rescue",
      format: "pdf",
      section_count: 2,
      tracks: ["water-rescue"],
      file_name: "ice-rescue.pdf",
    });
    const hits = await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "throwbag" } });
    expect(hits.json().list[0]).toMatchObject({ document: "ice-rescue", anchor: "page-2" });
    const doc = (await t.call("GET", "/v2/api/library/documents/ice-rescue", { token: candidate.token })).json().model;
    expect(doc.sections[1].html).toContain("thinner than ten centimetres");
    const file = await t.call("GET", "/v2/api/library/documents/ice-rescue/file", { token: candidate.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    // The stored PDF is no photo to delete: the photo library refuses it while the document holds it.
    const [row] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, "ice-rescue"));
    const removed = await t.call("DELETE", `/v2/api/lambda/photo/${row!.fileUploadId}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(409);
    expect(removed.json().message).toContain('library document "Ice rescue"');
    const still = await t.call("GET", "/v2/api/library/documents/ice-rescue/file", { token: candidate.token });
    expect(still.statusCode).toBe(200);
    expect(still.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("upload Markdown, replace its file, edit, unpublish, and see which questions cite each section", async () => {
    const md = "# Knots\n\nIntro text about rope.\n\n## The bowline\n\nA bowline makes a fixed loop that does not slip under load.\n";
    const res = await upload("/v2/api/library/admin/documents", admin.token, [
      { name: "file", value: md, fileName: "knots.md", type: "text/markdown" },
      { name: "tracks", value: "fire-rescue,water-rescue" },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().model.id;
    expect(res.json().model).toMatchObject({ title: "Knots", format: "markdown", section_count: 2 });

    const replaced = await upload(`/v2/api/library/admin/documents/${id}/file`, admin.token, [
      { name: "file", value: "## Clove hitch\n\nA clove hitch <script>alert(1)</script> binds around a post.\n", fileName: "knots.md" },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const detail = (await t.call("GET", `/v2/api/library/admin/documents/${id}`, { token: admin.token })).json().model;
    expect(detail.sections.map((s: { anchor: string }) => s.anchor)).toEqual(["clove-hitch"]);
    const read = (await t.call("GET", "/v2/api/library/documents/knots", { token: candidate.token })).json().model;
    expect(read.sections[0].html).not.toContain("<script");

    const edited = await t.call("PUT", `/v2/api/library/admin/documents/${id}`, {
      token: admin.token,
      body: { title: "Rope knots", tier: "core", status: "unpublished" },
    });
    expect(edited.json().model).toMatchObject({ title: "Rope knots", tier: "core", status: "unpublished" });
    expect((await t.call("GET", "/v2/api/library/documents/knots", { token: candidate.token })).statusCode).toBe(404);
    // The bank's own knots section may match too; the unpublished upload must not.
    const hits = (await t.call("GET", "/v2/api/library/search", { token: candidate.token, query: { q: "clove hitch" } })).json().list;
    expect(hits.filter((h: { document: string }) => h.document === "knots")).toEqual([]);

    const [airway] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, "airway-breathing"));
    const cited = (await t.call("GET", `/v2/api/library/admin/documents/${airway!.id}`, { token: admin.token })).json().model;
    const choking = cited.sections.find((s: { anchor: string }) => s.anchor === "choking");
    expect(choking.citedBy.length).toBeGreaterThan(0);
    expect(choking.citedBy[0].contentId).toMatch(/^airway-breathing-/);
  });

  it("refuses files that are not PDF or Markdown, oversize files and bad fields, changing nothing", async () => {
    const before = await docCount();
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001",
      "hex",
    );
    const wrong = await upload("/v2/api/library/admin/documents", admin.token, [{ name: "file", value: png, fileName: "picture.md" }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain("Only PDF and Markdown");
    const html = await upload("/v2/api/library/admin/documents", admin.token, [
      { name: "file", value: "<html>hi</html>", fileName: "page.html" },
    ]);
    expect(html.statusCode).toBe(400);
    const big = await upload("/v2/api/library/admin/documents", admin.token, [
      { name: "file", value: Buffer.alloc(300 * 1024, 97), fileName: "big.md" },
    ]);
    expect(big.statusCode).toBe(413);
    const badTier = await upload("/v2/api/library/admin/documents", admin.token, [
      { name: "file", value: "## A\n\ntext here", fileName: "a.md" },
      { name: "tier", value: "gold" },
    ]);
    expect(badTier.statusCode).toBe(400);
    const notAdmin = await upload("/v2/api/library/admin/documents", candidate.token, [
      { name: "file", value: "## A\n\ntext", fileName: "a.md" },
    ]);
    expect(notAdmin.statusCode).toBe(403);
    expect((await t.call("PUT", "/v2/api/library/admin/documents/999999", { token: admin.token, body: { title: "x" } })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.call("PUT", "/v2/api/library/admin/documents/1", {
          token: admin.token,
          body: { sectionTiers: { "no-such-anchor": "core" } },
        })
      ).statusCode,
    ).toBe(400);
    // Tracks and themes are the known ones: a theme the question bank does not hold, or an unknown track, is refused.
    const badTheme = await upload("/v2/api/library/admin/documents", admin.token, [
      { name: "file", value: "## A\n\ntext here", fileName: "a.md" },
      { name: "themes", value: "airway-breathing,no-such-theme" },
    ]);
    expect(badTheme.statusCode, badTheme.body).toBe(400);
    expect(badTheme.json().message).toContain("no-such-theme");
    const badTrack = await upload("/v2/api/library/admin/documents", admin.token, [
      { name: "file", value: "## A\n\ntext here", fileName: "a.md" },
      { name: "tracks", value: "space-rescue" },
    ]);
    expect(badTrack.statusCode).toBe(400);
    const [airway] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, "airway-breathing"));
    for (const body of [{ themes: ["made-up"] }, { tracks: ["space-rescue"] }, { title: "" }]) {
      const res = await t.call("PUT", `/v2/api/library/admin/documents/${airway!.id}`, { token: admin.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unchanged = (await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.id, airway!.id)))[0]!;
    expect(unchanged).toMatchObject({ title: airway!.title, themes: airway!.themes, tracks: airway!.tracks });
    const known = await t.call("PUT", `/v2/api/library/admin/documents/${airway!.id}`, {
      token: admin.token,
      body: { themes: ["airway-breathing", "circulation-cpr"] },
    });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json().model.themes).toEqual(["airway-breathing", "circulation-cpr"]);
    await t.call("PUT", `/v2/api/library/admin/documents/${airway!.id}`, { token: admin.token, body: { themes: airway!.themes } });
    expect(await docCount()).toBe(before);
  });

  it("keeps staff edits when the content files load again", async () => {
    const [doc] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, "fire-behaviour"));
    await t.call("PUT", `/v2/api/library/admin/documents/${doc!.id}`, {
      token: admin.token,
      body: { title: "Fire behaviour (staff edition)" },
    });
    await seedLibraryContent(t.db);
    const [after] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, "fire-behaviour"));
    expect(after!.title).toBe("Fire behaviour (staff edition)");
    const [untouched] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, "airway-breathing"));
    expect(untouched!.title).toBe("Airway and breathing");
  });
});
