import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, hasPermission, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from "./staff.ts";

const holders = (permission: keyof typeof PERMISSIONS) => STAFF_ROLES.filter((role) => hasPermission(role, permission));

describe("the staff permission table", () => {
  it("gives an administrator every permission", () => {
    for (const permission of ALL_PERMISSIONS) expect(hasPermission("administrator", permission), permission).toBe(true);
  });

  it("names only permissions it describes, each once per role", () => {
    for (const role of STAFF_ROLES) {
      const list = ROLE_PERMISSIONS[role];
      expect(new Set(list).size, role).toBe(list.length);
      for (const permission of list) expect(Object.keys(PERMISSIONS), `${role}: ${permission}`).toContain(permission);
    }
  });

  it("gives no permission to someone without a staff role", () => {
    for (const permission of ALL_PERMISSIONS) {
      expect(hasPermission(null, permission)).toBe(false);
      expect(hasPermission(undefined, permission)).toBe(false);
    }
  });

  it("keeps accounts, staff roles, payments changes and the outbox with administrators", () => {
    for (const permission of ["users.write", "staff.manage", "payments.write", "outbox.read", "outbox.write", "activity.read"] as const)
      expect(holders(permission), permission).toEqual(["administrator"]);
  });

  it("gives a coach their own coaching and read-only question bank and library, nothing more", () => {
    expect([...ROLE_PERMISSIONS.coach].sort()).toEqual(["coaching.own", "library.read", "question-bank.read"]);
    expect(hasPermission("coach", "coaching.all")).toBe(false);
    expect(hasPermission("coach", "users.read")).toBe(false);
    expect(hasPermission("coach", "chat.all")).toBe(false);
  });

  it("gives an editor the content, the question bank and the library, and no accounts, payments or outbox", () => {
    for (const permission of ["content.write", "question-bank.read", "question-bank.write", "library.read", "library.write"] as const)
      expect(hasPermission("editor", permission), permission).toBe(true);
    for (const permission of ["users.read", "users.write", "payments.read", "payments.write", "outbox.read", "coaching.own"] as const)
      expect(hasPermission("editor", permission), permission).toBe(false);
  });

  it("gives support accounts to read, confirmation, two-factor resets, billing to read and every chat; no changes of roles or passwords", () => {
    for (const permission of ["users.read", "users.verify", "users.reset-two-factor", "payments.read", "chat.all"] as const)
      expect(hasPermission("support", permission), permission).toBe(true);
    for (const permission of ["users.write", "staff.manage", "payments.write", "outbox.read", "content.write"] as const)
      expect(hasPermission("support", permission), permission).toBe(false);
  });
});
