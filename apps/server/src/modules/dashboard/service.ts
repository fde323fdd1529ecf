import type { AdminDashboard } from "@academy/contract/dashboard";
import type { Db } from "../../db/client.ts";
import { findUserById } from "../auth/service.ts";
import { countUpcomingSessions } from "../coaching/service.ts";
import * as payments from "../payments/service.ts";
import { dayGrid, fillSeries } from "./days.ts";
import * as repo from "./repo.ts";

const MONTHS_PER = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 } as const;

/** What one billing period of `amount` is worth per month; null for prices that do not recur. */
export function monthlyAmount(amount: number, interval: string | null, intervalCount: number): number | null {
  const months = interval && interval in MONTHS_PER ? MONTHS_PER[interval as keyof typeof MONTHS_PER] : null;
  if (months === null || intervalCount < 1) return null;
  return amount / (months * intervalCount);
}

/** Monthly recurring revenue per currency, rounded to whole minor units once, after summing. */
export function monthlyRecurringRevenue(
  prices: readonly { amount: number; currency: string; interval: string | null; intervalCount: number; n: number }[],
): { currency: string; amount: number }[] {
  const byCurrency = new Map<string, number>();
  for (const p of prices) {
    const monthly = monthlyAmount(p.amount, p.interval, p.intervalCount);
    if (monthly !== null) byCurrency.set(p.currency, (byCurrency.get(p.currency) ?? 0) + monthly * p.n);
  }
  return [...byCurrency]
    .map(([currency, amount]) => ({ currency, amount: Math.round(amount) }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The academy's figures over the last `days` calendar days of the admin's own time zone. Money
 * figures always include the academy's `currency`, at zero before its first payment.
 */
export async function getAdminDashboard(
  db: Db,
  { adminId, days, currency }: { adminId: number; days: number; currency: string },
  now = new Date(),
): Promise<AdminDashboard> {
  const admin = await findUserById(db, adminId);
  const grid = dayGrid(days, now, admin?.timeZone ?? "UTC");
  const since = grid.starts[0]!;
  const [byRole, signups, { live, started, paying, charges }, quizzesEver, finished, themes, coaching] = await Promise.all([
    repo.countUsersByRole(db),
    repo.signupsPerDay(db, grid.starts),
    payments.subscriptionFigures(db, grid.starts),
    repo.countFinishedQuizzes(db),
    repo.quizzesFinishedPerDay(db, grid.starts),
    repo.themeResults(db, since),
    countUpcomingSessions(db, now),
  ]);

  const signupSeries = fillSeries(grid, signups);
  const startedSeries = fillSeries(grid, started);
  const takenSeries = fillSeries(grid, finished);
  const total = (series: { value: number }[]) => series.reduce((n, p) => n + p.value, 0);

  const byPackage = new Map<string, number>();
  for (const row of live) byPackage.set(row.package, (byPackage.get(row.package) ?? 0) + row.n);
  const sumWhere = (pick: (row: (typeof live)[number]) => boolean) => live.filter(pick).reduce((n, row) => n + row.n, 0);

  const currencies = [...new Set([currency, ...charges.map((c) => c.currency)])].sort();
  const mrr = monthlyRecurringRevenue(paying);
  const quizzesInPeriod = total(takenSeries);
  const scoreSum = finished.reduce((n, b) => n + b.scoreSum, 0);

  return {
    days,
    time_zone: grid.timeZone,
    users: {
      candidates: byRole.user,
      staff: byRole.admin,
      newInPeriod: total(signupSeries),
      signups: signupSeries,
    },
    subscriptions: {
      active: sumWhere(() => true),
      trialing: sumWhere((row) => row.status === "trialing"),
      endingAtPeriodEnd: sumWhere((row) => row.cancelAtPeriodEnd),
      byPackage: [...byPackage]
        .map(([name, count]) => ({ package: name, count }))
        .sort((a, b) => b.count - a.count || a.package.localeCompare(b.package)),
      newInPeriod: total(startedSeries),
      started: startedSeries,
    },
    revenue: {
      mrr: mrr.some((m) => m.currency === currency)
        ? mrr
        : [...mrr, { currency, amount: 0 }].sort((a, b) => a.currency.localeCompare(b.currency)),
      collected: currencies.map((code) => {
        const series = fillSeries(
          grid,
          charges.filter((c) => c.currency === code),
        );
        return { currency: code, amount: total(series), series };
      }),
    },
    quizzes: {
      total: quizzesEver,
      inPeriod: quizzesInPeriod,
      averageScore: quizzesInPeriod ? scoreSum / quizzesInPeriod : null,
      taken: takenSeries,
    },
    themes: themes
      .map((t) => ({ ...t, averageScore: t.questions ? t.correct / t.questions : 0 }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    coaching: { upcoming: coaching },
  };
}
