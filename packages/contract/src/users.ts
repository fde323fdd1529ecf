import { z } from "zod";
import { Email, Password, PersonName } from "./auth.ts";
import { Role } from "./common.ts";
import { StaffRole } from "./staff-schemas.ts";

/** An account as staff see it in the admin console (never secrets). */
export const AdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  role: Role,
  /** Staff (role admin): what they may do (staff.ts); null for candidates. */
  staff_role: StaffRole.nullable(),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  time_zone: z.string(),
  status: z.enum(["active", "disabled"]),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserSort = z.enum(["id", "email", "first_name", "last_name", "role", "status", "created_at"]);

export const AdminUserListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
  role: Role.optional(),
  staff_role: StaffRole.optional(),
  status: z.enum(["active", "disabled"]).optional(),
  /** "true": only confirmed addresses; "false": only unconfirmed ones. */
  email_verified: z.enum(["true", "false"]).optional(),
  sort: AdminUserSort.default("created_at"),
  direction: z.enum(["asc", "desc"]).default("desc"),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminUserListResponse = z.object({
  error: z.literal(false),
  list: z.array(AdminUser),
  total: z.number().int(),
  limit: z.number().int(),
  num_pages: z.number().int(),
  page: z.number().int(),
});
/**
 * An admin's edit of an account, applied all at once or not at all: names, sign-in email (taken
 * as confirmed: staff checked it), a new password, role and status. Leave out what stays; a new
 * password, a role change or disabling signs the account out everywhere. `role` and `staff_role`
 * are for administrators (`staff.manage`) only; making someone staff needs a `staff_role`.
 */
export const AdminUserUpdateRequest = z
  .strictObject({
    first_name: PersonName.optional(),
    last_name: PersonName.optional(),
    email: Email.optional(),
    password: Password.optional(),
    role: Role.optional(),
    staff_role: StaffRole.optional(),
    status: z.enum(["active", "disabled"]).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Nothing to change");
export type AdminUserUpdateRequest = z.infer<typeof AdminUserUpdateRequest>;

export const AdminUserResponse = z.object({ error: z.literal(false), model: AdminUser });

/** Money per currency, in integer minor units (cents). */
export const MoneyTotal = z.object({ currency: z.string(), amount: z.number().int() });

/**
 * What an admin sees beside an account: the last sign-in, the plan in effect and the person's recent activity.
 * `plan.package_name` is the package that applies now (the default package without a live
 * subscription); `plan.subscription` is the newest subscription that is not over, in any open
 * state (active, trialing, past_due, incomplete, unpaid).
 */
export const AdminUserOverview = z.object({
  /** When a sign-in last gave the account a session (password, magic link, provider or 2FA code); null: never. */
  last_sign_in_at: z.string().nullable(),
  plan: z.object({
    package_name: z.string(),
    is_free: z.boolean(),
    subscription: z
      .object({
        id: z.number().int(),
        plan_name: z.string().nullable(),
        package_name: z.string().nullable(),
        amount: z.number().int().nullable(),
        currency: z.string().nullable(),
        interval: z.string().nullable(),
        interval_count: z.number().int().nullable(),
        status: z.string(),
        cancel_at_period_end: z.boolean(),
        current_period_end: z.string().nullable(),
        trial_end: z.string().nullable(),
        create_at: z.string(),
      })
      .nullable(),
  }),
  quizzes: z.object({
    /** Finished quizzes (submitted, or exams closed by their time limit). */
    taken: z.number().int(),
    in_progress: z.number().int(),
    /** Mean score of finished quizzes, 0..1; null before the first. */
    average_score: z.number().nullable(),
    recent: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        track: z.string(),
        mode: z.enum(["practice", "exam"]),
        status: z.enum(["in_progress", "submitted", "expired"]),
        score: z.number().nullable(),
        correct_count: z.number().int().nullable(),
        total: z.number().int(),
        created_at: z.string(),
        submitted_at: z.string().nullable(),
      }),
    ),
  }),
  payments: z.object({
    /** Everything paid on invoices, per currency. */
    paid: z.array(MoneyTotal),
    invoices: z.array(
      z.object({
        id: z.number().int(),
        number: z.string().nullable(),
        status: z.string(),
        amount_due: z.number().int(),
        amount_paid: z.number().int(),
        currency: z.string(),
        description: z.string(),
        create_at: z.string(),
      }),
    ),
  }),
});
export type AdminUserOverview = z.infer<typeof AdminUserOverview>;
export const AdminUserOverviewResponse = z.object({ error: z.literal(false), model: AdminUserOverview });
