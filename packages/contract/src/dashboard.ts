import { z } from "zod";

export const DailyPoint = z.object({ date: z.string(), value: z.number() });

/** The admin dashboard's figures, with series over the last `days` days (oldest first). */
export const AdminDashboard = z.object({
  days: z.number().int(),
  users: z.object({
    candidates: z.number().int(),
    staff: z.number().int(),
    newInPeriod: z.number().int(),
    signups: z.array(DailyPoint),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

export const AdminDashboardResponse = z.object({ error: z.literal(false), model: AdminDashboard });
export const DashboardQuery = z.strictObject({ days: z.coerce.number().int().min(7).max(365).default(30) });
