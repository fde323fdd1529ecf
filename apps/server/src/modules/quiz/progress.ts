import type { DashboardModel } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { getEntitlements } from "../entitlements/service.ts";
import { DAY, listQuizzes } from "./attempts.ts";
import { listTracks } from "./catalogue.ts";
import { readiness, themeMastery } from "./readiness.ts";
import * as repo from "./repo.ts";

/** What the evidence says: mastery per theme, readiness, the dashboard and the trend. */

export async function masteryFor(db: Db, userId: number, themeSlugs: string[]) {
  const evidence = await repo.userEvidence(db, userId);
  return themeMastery(evidence, themeSlugs);
}

export async function dashboard(db: Db, userId: number, now = new Date()): Promise<DashboardModel> {
  const [profile, tracksInfo, plan, used, due, recent] = await Promise.all([
    repo.getProfile(db, userId),
    listTracks(db),
    getEntitlements(db, userId),
    repo.countQuizzesSince(db, userId, new Date(now.getTime() - 7 * DAY)),
    repo.countDue(db, userId, now),
    listQuizzes(db, userId, now),
  ]);
  const track = tracksInfo.find((t) => t.slug === profile?.track) ?? null;
  let mastery: DashboardModel["mastery"] = [];
  let ready: DashboardModel["readiness"] = null;
  if (track) {
    const m = await masteryFor(
      db,
      userId,
      track.themes.map((t) => t.slug),
    );
    mastery = track.themes.map((t) => {
      const x = m.get(t.slug)!;
      return {
        theme: t.slug,
        themeName: t.name,
        mastery: x.mastery,
        low: x.low,
        high: x.high,
        answered: x.answered,
        correct: x.correct,
        weight: t.weight,
      };
    });
    ready = readiness(
      m,
      track.themes.map((t) => ({ theme: t.slug, weight: t.weight })),
    );
  }
  return {
    track: track?.slug ?? null,
    trackName: track?.name ?? null,
    readiness: ready,
    mastery,
    dueForReview: due,
    recent: recent.slice(0, 5),
    quota: { packageName: plan.packageName, quizzesPerWeek: plan.quizzesPerWeek, usedThisWeek: used },
    targetExamDate: profile?.targetExamDate ?? null,
  };
}

/** Readiness after each finished quiz, for the trend on /user/prev. */
export async function progress(db: Db, userId: number) {
  const [profile, tracksInfo, evidence, quizzes] = await Promise.all([
    repo.getProfile(db, userId),
    listTracks(db),
    repo.userEvidence(db, userId),
    listQuizzes(db, userId),
  ]);
  const track = tracksInfo.find((t) => t.slug === profile?.track);
  const finished = quizzes.filter((q) => q.status !== "in_progress").reverse();
  const trend = track
    ? finished.map((q) => {
        const upTo = new Set(finished.filter((f) => f.id <= q.id).map((f) => f.id));
        const m = themeMastery(
          evidence.filter((e) => upTo.has(e.quizId)),
          track.themes.map((t) => t.slug),
        );
        const r = readiness(
          m,
          track.themes.map((t) => ({ theme: t.slug, weight: t.weight })),
        );
        return { quizId: q.id, at: q.submittedAt ?? q.createdAt, score: q.score, ...r };
      })
    : [];
  return { attempts: quizzes, trend };
}
