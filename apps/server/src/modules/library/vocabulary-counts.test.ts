import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import { vocabularyRows } from "./analysis/search-repo.ts";
import { uploader } from "./test-helpers.ts";

// The vocabulary a search reads is kept by the library's writes (migration 0035), never read from
// the sections. After each kind of write it must equal what `ts_stat` reads from every published
// section (the whole-library read it replaces), word for word and count for count. Runs on PGlite
// and on PostgreSQL (the `server-pg` project).
const t = await createTestApp();

const PUBLISHED = `FROM library_section s JOIN library_document d ON d.id = s.document_id WHERE d.status = 'published'`;

/** The vocabulary as `ts_stat` reads it from every published section, in the same shape and in its own order. */
async function fromSections() {
  const result = (await t.db.execute(sql`SELECT
    (SELECT count(*)::int ${sql.raw(PUBLISHED)}) AS sections,
    coalesce((SELECT json_agg(json_build_object('word', w.word, 'sections', w.ndoc, 'stem', (ts_lexize('english_stem', w.word))[1]))
      FROM ts_stat(${`SELECT to_tsvector('simple', s.heading || ' ' || s.body_text) ${PUBLISHED}`}) w), '[]'::json) AS words,
    coalesce((SELECT json_agg(json_build_object('stem', w.word, 'sections', w.ndoc))
      FROM ts_stat(${`SELECT s.search ${PUBLISHED}`}) w), '[]'::json) AS stems`)) as unknown as {
    rows: { sections: number; words: unknown; stems: unknown }[];
  };
  const row = result.rows[0]!;
  const parse = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  return { sections: row.sections, words: parse(row.words), stems: parse(row.stems) };
}

async function expectInStep() {
  const kept = await vocabularyRows(t.db);
  const read = await fromSections();
  expect(kept.sections).toBe(read.sections);
  expect(kept.words).toEqual(read.words);
  expect(kept.stems).toEqual(read.stems);
  return kept;
}

const sectionsOf = (word: string, kept: Awaited<ReturnType<typeof vocabularyRows>>) =>
  kept.words.find((w) => w.word === word)?.sections ?? 0;

describe("the library's vocabulary, kept by its writes", () => {
  it("matches a whole-library read after the content import", async () => {
    const kept = await expectInStep();
    expect(kept.sections).toBeGreaterThan(50);
    expect(kept.words.length).toBeGreaterThan(1000);
  });

  it("counts sections in and out as they are inserted, rewritten, moved and deleted", async () => {
    await t.db.execute(sql`
      INSERT INTO library_document (slug, title, format, status)
      VALUES ('vocab-a', 'Vocabulary A', 'markdown', 'published'), ('vocab-b', 'Vocabulary B', 'markdown', 'unpublished')`);
    await t.db.execute(sql`
      INSERT INTO library_section (document_id, anchor, heading, position, body_text, html)
      SELECT d.id, v.anchor, v.heading, v.position, v.body, '<p>x</p>'
      FROM library_document d, (VALUES
        ('one', 'Quorbin storage', 1, 'Quorbin is kept dry, and quorbin dust is swept.'),
        ('two', 'Plinth checks', 2, 'The plinth is checked daily for quorbin.'),
        ('three', 'Hidden', 3, 'Only in a draft: zentavor.')
      ) AS v(anchor, heading, position, body)
      WHERE d.slug = CASE WHEN v.anchor = 'three' THEN 'vocab-b' ELSE 'vocab-a' END`);
    let kept = await expectInStep();
    expect(sectionsOf("quorbin", kept)).toBe(2);
    expect(sectionsOf("zentavor", kept)).toBe(0);

    // A rewrite of the same text changes nothing; a new text moves the counts; a tier mark alone neither.
    await t.db.execute(sql`UPDATE library_section SET body_text = body_text WHERE anchor IN ('one', 'two')`);
    await t.db.execute(sql`UPDATE library_section SET body_text = 'The plinth is checked daily.' WHERE anchor = 'two'`);
    await t.db.execute(sql`UPDATE library_section SET tier = 'premium' WHERE anchor = 'one'`);
    kept = await expectInStep();
    expect(sectionsOf("quorbin", kept)).toBe(1);

    // A section moved from the draft to the published document is counted in.
    await t.db.execute(sql`
      UPDATE library_section SET document_id = (SELECT id FROM library_document WHERE slug = 'vocab-a') WHERE anchor = 'three'`);
    kept = await expectInStep();
    expect(sectionsOf("zentavor", kept)).toBe(1);

    await t.db.execute(sql`DELETE FROM library_section WHERE anchor = 'one'`);
    kept = await expectInStep();
    expect(sectionsOf("quorbin", kept)).toBe(0);
  });

  it("counts a document's sections out when it is unpublished or deleted, and in when published", async () => {
    await t.db.execute(sql`UPDATE library_document SET status = 'unpublished' WHERE slug = 'vocab-a'`);
    let kept = await expectInStep();
    expect(sectionsOf("plinth", kept)).toBe(0);
    await t.db.execute(sql`UPDATE library_document SET status = 'published' WHERE slug IN ('vocab-a', 'vocab-b')`);
    kept = await expectInStep();
    expect(sectionsOf("plinth", kept)).toBe(1);
    // The delete cascades to the sections: counted out once, not twice.
    await t.db.execute(sql`DELETE FROM library_document WHERE slug = 'vocab-a'`);
    kept = await expectInStep();
    expect(sectionsOf("plinth", kept)).toBe(0);
    await t.db.execute(sql`DELETE FROM library_document WHERE slug = 'vocab-b'`);
    await expectInStep();
  });

  it("stays in step through staff uploads and edits, and empties with the sections", async () => {
    const admin = await t.signUp("admin");
    const upload = uploader(t);
    const created = await upload("/v2/api/library/admin/documents", admin.token, [
      { name: "file", value: "## Vexillum\n\nThe vexillum is raised at dawn.\n", fileName: "vexillum.md", type: "text/markdown" },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    await expectInStep();
    const replaced = await upload(`/v2/api/library/admin/documents/${created.json().model.id}/file`, admin.token, [
      {
        name: "file",
        value: "## Vexillum\n\nThe vexillum is raised at dusk.\n\n## Halyard\n\nA halyard raises the vexillum.\n",
        fileName: "vexillum.md",
      },
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const kept = await expectInStep();
    expect(sectionsOf("vexillum", kept)).toBe(2);
    await t.db.execute(sql`TRUNCATE library_section`);
    const emptied = await expectInStep();
    expect(emptied).toEqual({ sections: 0, words: [], stems: [] });
  });
});
