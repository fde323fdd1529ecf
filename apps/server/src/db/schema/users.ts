import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const users = pgTable(
  "user",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    /** Inside staff (role admin), what the account may do (packages/contract/src/staff.ts); null for candidates. */
    staffRole: text("staff_role", { enum: ["administrator", "coach", "editor", "support"] }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    photo: text("photo"),
    timeZone: text("time_zone").notNull().default("UTC"),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    emailVerified: boolean("email_verified").notNull().default(false),
    /**
     * An address the person asked to sign in with instead, until they open the link mailed to it:
     * the account keeps its email (and the old address its mail) until then.
     */
    pendingEmail: text("pending_email"),
    /** Bumped on logout, password change and role change: tokens carry it and die with it. */
    tokenVersion: integer("token_version").notNull().default(1),
    twoFactorSecret: text("two_factor_secret"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /** When a sign-in last gave the account a session (any path: password, magic link, provider, 2FA code). */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_email_key").on(sql`lower(${t.email})`),
    index("user_role_idx").on(t.role),
    // Staff, and only staff, have a staff role, and it is one of the roles of the contract.
    check("user_staff_role_check", sql`(${t.role} = 'admin') = (${t.staffRole} IS NOT NULL)`),
    check("user_staff_role_value_check", sql`${t.staffRole} IN ('administrator', 'coach', 'editor', 'support')`),
  ],
);

/** Invitations to register as an admin: the token is stored hashed and used once. */
export const adminInvitations = pgTable("admin_invitation", {
  id: serial("id").primaryKey(),
  email: text("email").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  /** The staff role the invited account gets. */
  staffRole: text("staff_role", { enum: ["administrator", "coach", "editor", "support"] })
    .notNull()
    .default("administrator"),
  invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
