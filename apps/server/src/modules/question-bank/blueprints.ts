import type { Db } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { recordActivity } from "../activity/service.ts";
import * as repo from "./repo.ts";

/** Tracks' blueprint versions and the themes they weigh. */

export async function listBlueprints(db: Db) {
  return (await repo.listBlueprints(db)).map((b) => ({
    id: b.id,
    track: b.trackSlug,
    version: b.version,
    themes: b.themes,
    note: b.note,
    createdAt: b.createdAt.toISOString(),
  }));
}

/**
 * A new version; past quizzes keep pointing at the version they were generated from. A blueprint
 * is a track's setting (what its quizzes and readiness weigh): logged with the version it adds.
 */
export async function addBlueprint(
  db: Db,
  staffId: number,
  body: { track: string; themes: { theme: string; weight: number }[]; note: string },
) {
  const known = await repo.themeSlugs(db);
  const unknown = body.themes.filter((t) => !known.has(t.theme)).map((t) => t.theme);
  if (unknown.length) throw badRequest(`Unknown theme: ${unknown.join(", ")}`, { themes: "Unknown theme" });
  if (new Set(body.themes.map((t) => t.theme)).size !== body.themes.length)
    throw badRequest("A theme is listed twice", { themes: "A theme is listed twice" });
  const sum = body.themes.reduce((n, t) => n + t.weight, 0);
  if (sum !== 100) throw badRequest(`The weights add up to ${sum}; they must add up to 100`, { themes: "Weights add up to 100" });
  const b = await db.transaction(async (tx) => {
    const row = await repo.insertBlueprint(tx, body.track, body.themes, body.note);
    await recordActivity(tx, {
      actorId: staffId,
      kind: "settings.update",
      record: { table: "blueprint", id: row.id },
      summary: `Blueprint of ${row.trackSlug} version ${row.version} added`,
      after: { track: row.trackSlug, version: row.version, themes: row.themes, note: row.note },
    });
    return row;
  });
  return { id: b.id, track: b.trackSlug, version: b.version, themes: b.themes, note: b.note, createdAt: b.createdAt.toISOString() };
}

export async function listThemes(db: Db) {
  return repo.themeNames(db);
}
