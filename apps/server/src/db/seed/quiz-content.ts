import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, ne, notInArray, sql } from "drizzle-orm";
import { CONTENT_DIR } from "../../paths.ts";
import type { Db } from "../client.ts";
import { questionRowOf } from "../question-row.ts";
import { blueprints, questions, themes, tracks } from "../schema/quiz.ts";
import { appSecrets } from "../schema/system.ts";
import { readContent } from "./content.ts";

const HASH_KEY = "quiz-content-hash";
/** Bumped when a question's row takes more from the files (e.g. its scope): the bank is loaded again though no file changed. */
const ROW_FORMAT = "2";

/** A fingerprint of every content file, so an unchanged bank is not reloaded on each start. */
async function contentHash(dir = CONTENT_DIR): Promise<string> {
  const hash = createHash("sha256").update(`rows ${ROW_FORMAT}\0`);
  const files = ["tracks.json"];
  for (const sub of ["themes", "library"]) for (const f of (await readdir(path.join(dir, sub))).sort()) files.push(path.join(sub, f));
  for (const f of files)
    hash
      .update(f)
      .update("\0")
      .update(await readFile(path.join(dir, f)))
      .update("\0");
  return hash.digest("hex");
}

/** At start: loads the content files into the database when they changed since the last load. */
export async function seedQuizContentIfChanged(db: Db): Promise<boolean> {
  const hash = await contentHash();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, HASH_KEY));
  if (row?.value === hash) return false;
  await seedQuizContent(db);
  await db
    .insert(appSecrets)
    .values({ name: HASH_KEY, value: hash })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value: hash } });
  return true;
}

type Content = Awaited<ReturnType<typeof readContent>>;

let cached: Promise<Content> | undefined;
/** The content files, read once per process. */
export const loadContent = () => {
  cached ??= readContent().then((c) => {
    if (c.problems.length) throw new Error(`content has problems:\n${c.problems.join("\n")}`);
    return c;
  });
  return cached;
};

/**
 * Loads tracks, themes, blueprints and questions into the database. Idempotent: questions are
 * upserted by content id (edited files update them on restart), questions removed from the files
 * are retired rather than deleted (past answers keep pointing at them) and return with the status
 * they had when they come back to the files, and a blueprint version that exists is never
 * rewritten: a changed blueprint needs a new version number. Staff own the status they set:
 * the files never change it.
 */
export async function seedQuizContent(db: Db, content?: Content): Promise<{ questions: number }> {
  const c = content ?? (await loadContent());
  await db.transaction(async (tx) => {
    for (const t of c.tracks) {
      await tx
        .insert(tracks)
        .values({ slug: t.slug, name: t.name, description: t.description, exam: t.exam ?? null })
        .onConflictDoUpdate({
          target: tracks.slug,
          set: { name: t.name, description: t.description, exam: t.exam ?? null, updatedAt: new Date() },
        });
      await tx
        .insert(blueprints)
        .values({ trackSlug: t.slug, version: t.blueprint.version, themes: t.blueprint.themes, note: "From the content files" })
        .onConflictDoNothing();
    }
    for (const th of c.themes) {
      await tx
        .insert(themes)
        .values({ slug: th.slug, name: th.name, description: th.description, tracks: th.tracks })
        .onConflictDoUpdate({
          target: themes.slug,
          set: { name: th.name, description: th.description, tracks: th.tracks, updatedAt: new Date() },
        });
    }
    const rows = c.themes.flatMap((th) =>
      th.questions.map((q) => questionRowOf(q, { themeSlug: th.slug, themeTracks: th.tracks, status: "active", origin: "content" })),
    );
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insert(questions)
        .values(rows.slice(i, i + 200))
        .onConflictDoUpdate({
          target: questions.contentId,
          set: {
            themeSlug: sql`excluded.theme_slug`,
            type: sql`excluded.type`,
            difficulty: sql`excluded.difficulty`,
            stem: sql`excluded.stem`,
            options: sql`excluded.options`,
            numeric: sql`excluded.numeric`,
            explanation: sql`excluded.explanation`,
            source: sql`excluded.source`,
            reference: sql`excluded.reference`,
            region: sql`excluded.region`,
            scope: sql`excluded.scope`,
            tracks: sql`excluded.tracks`,
            // Back in the files after the import retired it: it gets the status it had then.
            // A status staff set (review, retired) stays until staff change it.
            status: sql`coalesce(${questions.statusBeforeRemoval}, ${questions.status})`,
            statusBeforeRemoval: null,
            updatedAt: new Date(),
          },
          // A question staff edited in the question bank is theirs now: the files no longer overwrite it.
          setWhere: eq(questions.origin, "content"),
        });
    }
    const ids = rows.map((r) => r.contentId);
    // Gone from the files: retired, remembering the status to give back should it return. One
    // retired already (by staff) keeps no such memory, so it stays retired if it returns.
    if (ids.length)
      await tx
        .update(questions)
        .set({ status: "retired", statusBeforeRemoval: sql`${questions.status}`, updatedAt: new Date() })
        .where(and(eq(questions.origin, "content"), ne(questions.status, "retired"), notInArray(questions.contentId, ids)));
  });
  return { questions: c.themes.reduce((n, t) => n + t.questions.length, 0) };
}
