import { z } from "zod";
import { Role } from "./common.ts";

/** An account as staff see it in the admin console (never secrets). */
export const AdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  role: Role,
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
  status: z.enum(["active", "disabled"]).optional(),
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
export const AdminUserResponse = z.object({ error: z.literal(false), model: AdminUser });
export const UserIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
