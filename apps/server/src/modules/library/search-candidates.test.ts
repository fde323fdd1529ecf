import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { preparedRows } from "../../db/prepared-sql.ts";
import { createTestApp } from "../../test/app.ts";
import { CANDIDATES_PER_ARM, ENOUGH_STRONG, planValues, rankStatement, retrieveStatement, type Statement } from "./analysis/search-repo.ts";
import { planNow, retrieveForReader } from "./search.ts";

// Search and the assistant's retrieval rank only the candidates of a first pass on the GIN
// indexes, however many sections hold the words. A library where a made-up word is in far more
// sections than the first pass may pick: the best sections, written last (so last in the table's
// order too), still come first, and EXPLAIN shows no step of the statement reading more sections
// than an arm's cap. Runs on PGlite and on PostgreSQL (the `server-pg` project).
const t = await createTestApp();
const reader = await t.signUp("user");

/** Sections holding "zorbalite" once, in the body: many more than the first pass picks. */
const FILLERS = 8 * CANDIDATES_PER_ARM;

/** A published free document with `count` sections, each heading and text made in SQL from `g`, its position. */
const writeDocument = (slug: string, title: string, count: number, heading: SQL, body: SQL) =>
  t.db.execute(sql`
    WITH doc AS (
      INSERT INTO library_document (slug, title, summary, tracks, themes, tier, format, status, origin, source)
      VALUES (${slug}, ${title}, 'Notes', '[]'::jsonb, '[]'::jsonb, 'free', 'markdown', 'published', 'admin', '')
      RETURNING id
    )
    INSERT INTO library_section (document_id, anchor, heading, position, tier, body_text, html)
    SELECT doc.id, 'entry-' || g, ${heading}, g, NULL, ${body}, '<p>x</p>'
    FROM doc, generate_series(1, ${count}::int) AS g`);

await writeDocument(
  "zorbalite-notes",
  "Zorbalite notes",
  FILLERS,
  sql`'Routine note ' || g`,
  sql`'Routine note ' || g || ' mentions zorbalite once among other words.'`,
);
// Written after the fillers: the best section for "zorbalite" (in its heading and its text), one
// that says it often in its text only, one holding both "zorbalite" and "quennite", and a locked one.
await t.db.execute(sql`
  INSERT INTO library_section (document_id, anchor, heading, position, tier, body_text, html)
  SELECT d.id, v.anchor, v.heading, v.position, v.tier, v.body, '<p>x</p>'
  FROM library_document d, (VALUES
    ('often', 'Storage of powders', ${FILLERS + 1}::int, NULL,
      'Zorbalite stays dry. Keep zorbalite sealed. Zorbalite cakes when damp, and wet zorbalite is discarded.'),
    ('handling', 'Zorbalite handling', ${FILLERS + 2}::int, NULL,
      'Zorbalite is handled with gloves. Zorbalite dust is not breathed in.'),
    ('both', 'Mixed powders', ${FILLERS + 3}::int, NULL, 'A note on quennite, which is stored apart from zorbalite.'),
    ('locked', 'Staff restrictions', ${FILLERS + 4}::int, 'premium', 'Zorbalite is handled by staff only.')
  ) AS v(anchor, heading, position, tier, body)
  WHERE d.slug = 'zorbalite-notes'`);
// "vellumite": in the heading of more sections than the strong arms need, and said once in the
// text of many more, written first (so first in the table's order).
await writeDocument(
  "vellumite-notes",
  "Powder notes",
  FILLERS + ENOUGH_STRONG + 10,
  sql`CASE WHEN g > ${FILLERS} THEN 'Vellumite grade ' || g ELSE 'Entry ' || g END`,
  sql`CASE WHEN g > ${FILLERS} THEN 'Grade ' || g || ' of vellumite is kept dry.' ELSE 'Entry ' || g || ' names vellumite once.' END`,
);
await t.db.execute(sql`ANALYZE library_section`);

type Hit = { document: string; anchor: string; matchesAll: boolean };
const search = async (q: string) => {
  const res = await t.call("GET", "/v2/api/library/search", { token: reader.token, query: { q, limit: "5" } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { list: Hit[]; match: "all" | "some" | "none" };
};

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
};
/** Every step of the statement's plan (EXPLAIN ANALYZE) that reads library_section. */
const sectionSteps = async (statement: Statement) => (await planSteps(statement)).filter((n) => n["Relation Name"] === "library_section");

/** Every step of the statement's plan (EXPLAIN ANALYZE). */
async function planSteps(statement: Statement): Promise<PlanNode[]> {
  const [row] = await preparedRows<{ "QUERY PLAN": unknown }>(
    t.db,
    `explain_${statement.name}`,
    () => sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.build()}`,
    statement.values,
  );
  const raw = row!["QUERY PLAN"];
  const [explained] = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const steps: PlanNode[] = [];
  const visit = (node: PlanNode) => {
    steps.push(node);
    node.Plans?.forEach(visit);
  };
  visit(explained!.Plan);
  return steps;
}

/** The statement's plan without its figures: each step's kind and what it reads, nested. */
async function planShape(statement: Statement): Promise<string[]> {
  const [row] = await preparedRows<{ "QUERY PLAN": unknown }>(
    t.db,
    `explain_plain_${statement.name}`,
    () => sql`EXPLAIN (FORMAT JSON) ${statement.build()}`,
    statement.values,
  );
  const raw = row!["QUERY PLAN"];
  const [explained] = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const lines: string[] = [];
  const visit = (node: PlanNode, depth: number) => {
    lines.push(
      `${" ".repeat(depth)}${node["Node Type"]}${node["Relation Name"] ? ` on ${node["Relation Name"]}` : ""}${node["Index Name"] ? ` using ${node["Index Name"]}` : ""}`,
    );
    for (const child of node.Plans ?? []) visit(child, depth + 1);
  };
  visit(explained!.Plan, 0);
  return lines;
}

describe("search ranks only the candidates it can show", () => {
  it("puts the best sections first when the word is in far more sections than it ranks", async () => {
    const page = await search("zorbalite");
    expect(page.match).toBe("all");
    expect(page.list.slice(0, 2).map((h) => h.anchor)).toEqual(["handling", "often"]);
  });

  it("puts the section holding every word first, and says when only some are held", async () => {
    const both = await search("zorbalite quennite");
    expect(both.match).toBe("all");
    expect(both.list[0]!.anchor).toBe("both");
    expect(both.list[0]!.matchesAll).toBe(true);
    expect(both.list.slice(1).every((h) => !h.matchesAll)).toBe(true);
  });

  it("reads no more sections than the first pass's cap in any step of the search statement", async () => {
    const plan = await planNow(t.db, "zorbalite");
    const steps = await sectionSteps(rankStatement({ plan, limit: 20, readerTier: "free" }));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step["Actual Rows"]).toBeLessThanOrEqual(CANDIDATES_PER_ARM);
      // Sections looked up by id, one per candidate: three arms for a word on its own.
      expect(step["Actual Rows"] * step["Actual Loops"]).toBeLessThanOrEqual(3 * CANDIDATES_PER_ARM);
    }
  });

  it("plans the first pass the same for a common word as for a rare one", async () => {
    // "zorbalite" is in most sections of this library, "quennite" in one: planned for their values,
    // a common word's arms could read the table from its start (or from wherever a synchronised
    // scan stood) instead of their index, and every search was planned again.
    const shapes = [];
    for (const words of ["zorbalite", "quennite"]) {
      const plan = await planNow(t.db, words);
      const statements = [rankStatement({ plan, limit: 20, readerTier: "free" }), retrieveStatement({ plan, limit: 5, readerRank: 0 })];
      shapes.push(await Promise.all(statements.map(planShape)));
    }
    expect(shapes[0]).toEqual(shapes[1]);
    // Each arm reads the sections through its own index, whatever the library's documents.
    expect(JSON.stringify(shapes[0])).not.toContain("Seq Scan on library_section");
    expect(JSON.stringify(shapes[0])).not.toContain("library_section_document_idx");
  });

  it("reads the index of the whole text for every word only while the strong arms hold too few sections with every word", async () => {
    // Read for "vellumite", that index holds some 1,200 sections that say it once, which could
    // not outrank the 150 strong candidates that have it in their heading.
    const wholeText = async (words: string) => {
      const plan = await planNow(t.db, words);
      const steps = await planSteps(rankStatement({ plan, limit: 20, readerTier: "free" }));
      const reads = steps.filter((n) => n["Index Name"] === "library_section_search_idx");
      expect(reads.length).toBeGreaterThan(0);
      return reads.some((n) => n["Actual Loops"] > 0);
    };
    expect(await wholeText("vellumite")).toBe(false);
    // Two strong candidates for "zorbalite": the sections that say it once are read too.
    expect(await wholeText("zorbalite")).toBe(true);

    const page = await search("vellumite");
    expect(page.match).toBe("all");
    expect(page.list.every((h) => h.anchor.startsWith("entry-") && Number(h.anchor.slice(6)) > FILLERS)).toBe(true);
  });

  it("asks the index of each section's strong words without phrases, which that vector never matches, and finds the same sections", async () => {
    // "patient" is also "injured person", a phrase, and "rip current" is one.
    const held = async (query: string | null) =>
      query === null
        ? 0
        : Number(
            (
              (await t.db.execute(
                sql`SELECT count(*) AS n FROM library_section WHERE library_search_lead(search) @@ ${query}::tsquery`,
              )) as unknown as {
                rows: { n: number | string }[];
              }
            ).rows[0]!.n,
          );
    for (const words of ["patient", "rip current", "patient airway", "casualty rip current"]) {
      const values = planValues(await planNow(t.db, words));
      expect(values.any).toMatch(/<->/);
      expect(`${values.leadAny} ${values.leadAll}`).not.toMatch(/<->/);
      expect(await held(values.leadAny), `${words}: any`).toBe(await held(values.any));
      expect(await held(values.leadAll), `${words}: all`).toBe(await held(values.all));
    }
    // A concept said only as a phrase: no section's strong words hold every concept.
    const phraseOnly = { text: "x y", alternatives: ["'x' <-> 'y'"], query: "( 'x' <-> 'y' )", weight: 1, known: true, isNumber: false };
    const word = { ...phraseOnly, text: "z", alternatives: ["'z'"], query: "( 'z' )" };
    const values = planValues({ concepts: [phraseOnly, word], any: "", all: "", phrase: "", complete: true, didYouMean: null });
    expect([values.leadAny, values.leadAll]).toEqual(["( 'z' )", null]);
  });

  it("gives the assistant the best open sections, from the bounded candidates too", async () => {
    const principal = { id: reader.user_id, role: "user" as const, tokenVersion: 0, staffRole: null, sessionId: 0 };
    const found = await retrieveForReader(t.db, principal, "How is zorbalite handled?", 3);
    expect(found.passages[0]!.anchor).toBe("handling");
    expect(found.passages.some((p) => p.anchor === "locked")).toBe(false);
    expect(found.elsewhere.length).toBeGreaterThan(0);

    const plan = await planNow(t.db, "zorbalite");
    const steps = await sectionSteps(retrieveStatement({ plan, limit: 5, readerRank: 0 }));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      expect(step["Actual Rows"]).toBeLessThanOrEqual(CANDIDATES_PER_ARM);
      // Open and locked candidates: three arms each.
      expect(step["Actual Rows"] * step["Actual Loops"]).toBeLessThanOrEqual(6 * CANDIDATES_PER_ARM);
    }
  });
});
