import type { AdminDashboard } from "@academy/contract/dashboard";
import type { Db } from "../../db/client.ts";
import * as repo from "./repo.ts";

const DAY_MS = 86_400_000;

/** Every UTC day of the period, oldest first, with the counts that exist and 0 elsewhere. */
export function fillDays(counts: { day: string; n: number }[], days: number, now: Date): { date: string; value: number }[] {
  const byDay = new Map(counts.map((c) => [c.day, c.n]));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    return { date, value: byDay.get(date) ?? 0 };
  });
}

export async function getAdminDashboard(db: Db, days: number, now = new Date()): Promise<AdminDashboard> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
  const [byRole, signups] = await Promise.all([repo.countUsersByRole(db), repo.signupsPerDay(db, since)]);
  const series = fillDays(signups, days, now);
  return {
    days,
    users: {
      candidates: byRole.user,
      staff: byRole.admin,
      newInPeriod: series.reduce((n, p) => n + p.value, 0),
      signups: series,
    },
  };
}
