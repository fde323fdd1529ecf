import type { AdminUser, AdminUserListQuery } from "@academy/contract/users";
import type { Db } from "../../db/client.ts";
import { conflict, notFound } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { findUserById, lockAdminRegistration, type UserRow } from "../auth/repo.ts";
import * as repo from "./repo.ts";

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    first_name: u.firstName,
    last_name: u.lastName,
    photo: u.photo,
    time_zone: u.timeZone,
    status: u.status,
    email_verified: u.emailVerified,
    two_factor_enabled: u.twoFactorEnabled,
    created_at: u.createdAt.toISOString(),
    updated_at: u.updatedAt.toISOString(),
  };
}

export async function listUsers(db: Db, q: AdminUserListQuery) {
  const { rows, total } = await repo.listUsers(db, q);
  return { list: rows.map(toAdminUser), total, limit: q.limit, num_pages: Math.max(1, Math.ceil(total / q.limit)), page: q.page };
}

export async function getUser(db: Db, id: number): Promise<AdminUser> {
  const user = await findUserById(db, id);
  if (!user) throw notFound("User not found");
  return toAdminUser(user);
}

/** Deletes an account; the academy never loses its last active admin, and nobody deletes themselves. */
export async function deleteUser(db: Db, actor: Principal, id: number): Promise<void> {
  if (actor.id === id) throw conflict("You cannot delete your own account here");
  await db.transaction(async (tx) => {
    await lockAdminRegistration(tx);
    const user = await findUserById(tx, id);
    if (!user) throw notFound("User not found");
    if (user.role === "admin" && user.status === "active" && (await repo.countActiveAdmins(tx)) <= 1)
      throw conflict("The academy needs at least one active admin");
    await repo.deleteUser(tx, id);
  });
}
