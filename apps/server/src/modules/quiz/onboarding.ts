import type { OnboardingProfile } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../lib/http-error.ts";
import { checkThemes, resolveTrack } from "./catalogue.ts";
import * as repo from "./repo.ts";

export async function getOnboarding(db: Db, userId: number) {
  return (await repo.getProfile(db, userId)) ?? {};
}

export async function saveOnboarding(db: Db, userId: number, patch: OnboardingProfile) {
  const current = (await repo.getProfile(db, userId)) ?? {};
  const next = { ...current, ...patch };
  if (next.track && (patch.themes || patch.track)) {
    const info = await resolveTrack(db, next.track);
    if (patch.track && patch.track !== current.track && !patch.themes) delete next.themes;
    if (next.themes) checkThemes(info, next.themes);
  }
  if (patch.confidence) {
    const all = new Set((await repo.listThemes(db)).map((t) => t.slug));
    if (Object.keys(patch.confidence).some((t) => !all.has(t))) throw badRequest("Unknown theme", { confidence: "Unknown theme" });
  }
  await repo.saveProfile(db, userId, next);
  return next;
}
