import type { DashboardModel, ReadinessFigure, TrackInfo } from "@academy/contract/quiz";
import type { Db } from "../../db/client.ts";
import { readTogether } from "../../db/read-together.ts";
import { getEntitlements } from "../entitlements/service.ts";
import { DAY, listQuizzes } from "./attempts.ts";
import { listTracks } from "./catalogue.ts";
import { itemModel } from "./irt.ts";
import { type BankItem, computeReadiness, type Evidence, type ReadinessResult } from "./readiness.ts";
import * as repo from "./repo.ts";
import { todaysReviewSession } from "./review-session.ts";

/** What the evidence says: ability and mastery per theme, readiness, the dashboard and the trend. */

/** Pass mark when a track names no exam: the share right most entrance exams ask for. */
export const DEFAULT_PASS_MARK = 0.7;

type EvidenceRow = Awaited<ReturnType<typeof repo.userEvidence>>[number];

async function modelInputs(db: Db, userId: number, track: string, themes: { slug: string; weight: number }[]) {
  const [evidence, items, prior] = await readTogether(db, [
    () => repo.userEvidence(db, userId),
    () =>
      repo.themeItemDifficulties(
        db,
        themes.map((t) => t.slug),
        track,
      ),
    () => repo.trackPrior(db, track),
  ]);
  // Each theme's items under the one item model (decision 0033).
  const banks = new Map<string, BankItem[]>(themes.map((t) => [t.slug, []]));
  for (const q of items) banks.get(q.theme)?.push(itemModel(q));
  const blueprint = themes.map((t) => ({ theme: t.slug, weight: t.weight, bank: banks.get(t.slug)! }));
  // The track's candidates' distribution of ability, once the calibration job has estimated it.
  return { evidence, blueprint, prior: prior ?? null };
}

/** Evidence rows under the one item model (decision 0033). */
export const toEvidence = (
  rows: readonly Pick<EvidenceRow, "theme" | "difficulty" | "calibrated" | "discrimination" | "type" | "optionCount" | "isCorrect">[],
): Evidence[] => rows.map((e) => ({ theme: e.theme, ...itemModel(e), isCorrect: e.isCorrect }));

/** Mastery per theme (expected share right), for generation's weak-theme boost and adaptive difficulty. */
export async function masteryFor(db: Db, userId: number, track: string, themeSlugs: string[]) {
  const { evidence, blueprint, prior } = await modelInputs(
    db,
    userId,
    track,
    themeSlugs.map((slug) => ({ slug, weight: 1 })),
  );
  return computeReadiness(toEvidence(evidence), blueprint, DEFAULT_PASS_MARK, undefined, { prior }).themes;
}

/**
 * Mastery of each theme the candidate has answered, weakest first, for when no track weighs them
 * (before one is chosen): each theme's bank is its active questions of every track. A coach's brief
 * still names the weak themes from the answers so far.
 */
export async function answeredThemesMastery(db: Db, userId: number) {
  const evidence = await repo.userEvidence(db, userId);
  const slugs = [...new Set(evidence.map((e) => e.theme))];
  if (slugs.length === 0) return [];
  const [items, themeRows] = await readTogether(db, [() => repo.themeItemDifficulties(db, slugs), () => repo.listThemes(db)]);
  const banks = new Map<string, BankItem[]>(slugs.map((slug) => [slug, []]));
  for (const q of items) banks.get(q.theme)?.push(itemModel(q));
  const blueprint = slugs.map((slug) => ({ theme: slug, weight: 1, bank: banks.get(slug)! }));
  const r = computeReadiness(toEvidence(evidence), blueprint, DEFAULT_PASS_MARK);
  const names = new Map(themeRows.map((t) => [t.slug, t.name]));
  return slugs
    .map((slug) => {
      const x = r.themes.get(slug)!;
      return { theme: slug, themeName: names.get(slug) ?? slug, mastery: x.mastery, answered: x.answered };
    })
    .sort((a, b) => a.mastery - b.mastery);
}

export function readinessFigure(r: ReadinessResult): ReadinessFigure {
  return {
    answered: r.answered,
    needed: r.needed,
    themesAnswered: r.themesAnswered,
    themesNeeded: r.themesNeeded,
    passMark: r.passMark,
    // Nothing is claimed before there is enough evidence.
    estimate: r.enough
      ? {
          readiness: r.readiness,
          low: r.low,
          high: r.high,
          passProbability: r.passProbability,
          ability: r.ability,
          se: r.se,
          trackCandidates: r.priorCandidates,
        }
      : null,
  };
}

export async function readinessOf(db: Db, userId: number, track: TrackInfo) {
  const { evidence, blueprint, prior } = await modelInputs(db, userId, track.slug, track.themes);
  return computeReadiness(toEvidence(evidence), blueprint, track.exam?.passMark ?? DEFAULT_PASS_MARK, undefined, {
    questions: track.exam?.questions,
    prior,
  });
}

export async function dashboard(db: Db, userId: number, now = new Date()): Promise<DashboardModel> {
  const [profile, tracksInfo, plan, used, session, recent, missed] = await readTogether(db, [
    () => repo.getProfile(db, userId),
    () => listTracks(db),
    () => getEntitlements(db, userId),
    () => repo.countQuizzesSince(db, userId, new Date(now.getTime() - 7 * DAY)),
    () => todaysReviewSession(db, userId, now),
    () => listQuizzes(db, userId, now),
    () => repo.missedOrFlaggedSince(db, userId, new Date(now.getTime() - DAY)),
  ]);
  const track = tracksInfo.find((t) => t.slug === profile?.track) ?? null;
  let mastery: DashboardModel["mastery"] = [];
  let ready: DashboardModel["readiness"] = null;
  if (track) {
    const r = await readinessOf(db, userId, track);
    mastery = track.themes.map((t) => {
      const x = r.themes.get(t.slug)!;
      return {
        theme: t.slug,
        themeName: t.name,
        ability: x.ability,
        se: x.se,
        mastery: x.mastery,
        low: x.low,
        high: x.high,
        answered: x.answered,
        correct: x.correct,
        weight: t.weight,
      };
    });
    ready = readinessFigure(r);
  }
  return {
    track: track?.slug ?? null,
    trackName: track?.name ?? null,
    readiness: ready,
    mastery,
    dueForReview: session.due,
    review: { today: session.ids.length, dailyCap: session.cap, doneToday: session.doneToday },
    // As many as the quiz of today's missed and flagged questions holds (at most 100).
    missedToday: Math.min(100, missed.length),
    recent: recent.slice(0, 5),
    quota: { packageName: plan.packageName, quizzesPerWeek: plan.quizzesPerWeek, usedThisWeek: used },
    targetExamDate: profile?.targetExamDate ?? null,
  };
}

/** Readiness after each finished quiz (once there was enough evidence), for the trend on /user/prev. */
export async function progress(db: Db, userId: number) {
  const [profile, tracksInfo, quizzes] = await readTogether(db, [
    () => repo.getProfile(db, userId),
    () => listTracks(db),
    () => listQuizzes(db, userId),
  ]);
  const track = tracksInfo.find((t) => t.slug === profile?.track);
  if (!track) return { attempts: quizzes, trend: [], passMark: null };
  const { evidence, blueprint, prior } = await modelInputs(db, userId, track.slug, track.themes);
  const passMark = track.exam?.passMark ?? DEFAULT_PASS_MARK;
  // The last 30 finished quizzes, oldest first.
  const finished = quizzes
    .filter((q) => q.status !== "in_progress")
    .slice(0, 30)
    .reverse();
  const trend = finished.flatMap((q) => {
    const upTo = evidence.filter((e) => e.quizId <= q.id);
    const r = computeReadiness(toEvidence(upTo), blueprint, passMark, undefined, { questions: track.exam?.questions, prior });
    if (!r.enough) return [];
    return [
      {
        quizId: q.id,
        at: q.submittedAt ?? q.createdAt,
        score: q.score,
        answered: r.answered,
        readiness: r.readiness,
        low: r.low,
        high: r.high,
        passProbability: r.passProbability,
      },
    ];
  });
  return { attempts: quizzes, trend, passMark };
}
