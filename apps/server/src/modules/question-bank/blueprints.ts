import type { Db } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
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

/** A new version; past quizzes keep pointing at the version they were generated from. */
export async function addBlueprint(db: Db, body: { track: string; themes: { theme: string; weight: number }[]; note: string }) {
  const known = await repo.themeSlugs(db);
  const unknown = body.themes.filter((t) => !known.has(t.theme)).map((t) => t.theme);
  if (unknown.length) throw badRequest(`Unknown theme: ${unknown.join(", ")}`, { themes: "Unknown theme" });
  if (new Set(body.themes.map((t) => t.theme)).size !== body.themes.length)
    throw badRequest("A theme is listed twice", { themes: "A theme is listed twice" });
  const sum = body.themes.reduce((n, t) => n + t.weight, 0);
  if (sum !== 100) throw badRequest(`The weights add up to ${sum}; they must add up to 100`, { themes: "Weights add up to 100" });
  const b = await repo.insertBlueprint(db, body.track, body.themes, body.note);
  return { id: b.id, track: b.trackSlug, version: b.version, themes: b.themes, note: b.note, createdAt: b.createdAt.toISOString() };
}

export async function listThemes(db: Db) {
  return repo.themeNames(db);
}
