import type { AdminUser, AdminUserResponse, AdminUserUpdateRequest } from "@academy/contract/users";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

/**
 * PUT /v2/api/lambda/admin/users/{id}: staff change an account's names, email, password, role
 * and status in one call, applied all at once or not at all.
 */
export async function updateUser(id: number, changes: AdminUserUpdateRequest): Promise<AdminUser> {
  return (await unwrap(api.put<Answer<typeof AdminUserResponse>>(`/v2/api/lambda/admin/users/${id}`, changes))).model;
}
