import type { TrackInfo } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { badRequest } from "../../lib/http-error.ts";
import * as repo from "./repo.ts";

/** Tracks, their current blueprints and themes: what every other part of the quiz reads first. */

export async function listTracks(db: Db): Promise<TrackInfo[]> {
  const [trackRows, themeRows, latest, counts] = await readTogether(db, [
    () => repo.listTracks(db),
    () => repo.listThemes(db),
    () => repo.latestBlueprints(db),
    () => repo.activeQuestionCounts(db),
  ]);
  const themeBySlug = new Map(themeRows.map((t) => [t.slug, t]));
  return trackRows.map((t) => {
    const bp = latest.get(t.slug);
    return {
      slug: t.slug,
      name: t.name,
      description: t.description,
      blueprintVersion: bp?.version ?? 0,
      exam: t.exam ?? null,
      themes: (bp?.themes ?? []).map((w) => ({
        slug: w.theme,
        name: themeBySlug.get(w.theme)?.name ?? w.theme,
        description: themeBySlug.get(w.theme)?.description ?? "",
        weight: w.weight,
        questionCount: counts.get(w.theme) ?? 0,
      })),
    };
  });
}

export async function resolveTrack(db: Db, track: string) {
  const info = (await listTracks(db)).find((t) => t.slug === track);
  if (!info?.blueprintVersion) throw badRequest("Unknown track", { track: "Unknown track" });
  return info;
}

export function checkThemes(info: TrackInfo, chosen: string[]) {
  const known = new Set(info.themes.map((t) => t.slug));
  const unknown = chosen.filter((t) => !known.has(t));
  if (unknown.length) throw badRequest(`Unknown theme for this track: ${unknown.slice(0, 5).join(", ")}`, { themes: "Unknown theme" });
  if (new Set(chosen).size !== chosen.length) throw badRequest("A theme is listed twice", { themes: "A theme is listed twice" });
}
