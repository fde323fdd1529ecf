import type { Role } from "@academy/contract/common";
import { hasPermission, type Permission, type StaffRole } from "@academy/contract/staff";

/**
 * Whether the caller is staff whose staff role holds `permission` (the table is
 * packages/contract/src/staff.ts). Candidates and visitors hold none.
 */
export const can = (principal: { role: Role; staffRole: StaffRole | null } | null | undefined, permission: Permission): boolean =>
  principal?.role === "admin" && hasPermission(principal.staffRole, permission);
