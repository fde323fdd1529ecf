/**
 * Staff roles and their permissions: the one table the server checks every staff call against
 * and the staff area reads to show each role what it may use (decision 25). This file imports
 * nothing, so the browser reads it without pulling in zod; the schemas are in staff-schemas.ts.
 *
 * Staff still sign in with the route role `admin` (the spec's two route roles stay); inside staff,
 * each account has one of these roles.
 */
export const STAFF_ROLES = ["administrator", "coach", "editor", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/** What each staff role is called on screen. */
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  administrator: "Administrator",
  coach: "Coach",
  editor: "Editor",
  support: "Support",
};

/** Every permission a staff call can need, with what it opens. */
export const PERMISSIONS = {
  "users.read": "Read accounts, their overview and learners' study plans",
  "users.write": "Change accounts: names, email, password, status; create and delete accounts",
  "users.verify": "Confirm an account's email address or mail a new confirmation link",
  "users.reset-two-factor": "Reset another person's two-factor sign-in",
  "users.accommodations": "Grant, change and withdraw a candidate's exam accommodations (extra time, breaks)",
  "staff.manage": "Invite staff, give staff roles and change anyone's route role",
  "payments.read": "Read products, prices, subscriptions, invoices, orders and charges",
  "payments.write": "Change products, prices, packages and subscriptions; usage charges",
  "outbox.read": "Read the mail outbox",
  "outbox.write": "Send a failed mail again",
  "content.write": "Write the blog, CMS texts, pages, photos and email templates",
  "question-bank.read": "Read the question bank, its themes, blueprints and statistics",
  "question-bank.write": "Change questions, blueprints and the review queue; import",
  "library.read": "Read the library documents as staff manage them",
  "library.write": "Upload and change library documents",
  "coaching.own": "One's own coaching: availability, bookings, week and the learners who booked",
  "coaching.all": "Every coach's bookings and learners; booking for a candidate",
  "chat.all": "Message any person, and send announcements",
  "analytics.read": "Read recorded sessions and the analytics overview",
  "dashboard.read": "The academy's figures: candidates, revenue, subscriptions and quizzes",
  "activity.read": "Read the activity log of staff changes",
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** Which role holds which permission. An administrator holds every one. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  administrator: ALL_PERMISSIONS,
  coach: ["coaching.own", "question-bank.read", "library.read"],
  editor: ["content.write", "question-bank.read", "question-bank.write", "library.read", "library.write"],
  support: ["users.read", "users.verify", "users.reset-two-factor", "users.accommodations", "payments.read", "chat.all"],
};

const granted = new Map<StaffRole, ReadonlySet<Permission>>(STAFF_ROLES.map((role) => [role, new Set(ROLE_PERMISSIONS[role])]));

/** Whether a staff role holds a permission; no role (a candidate, a visitor) holds none. */
export function hasPermission(role: StaffRole | null | undefined, permission: Permission): boolean {
  return role ? (granted.get(role)?.has(permission) ?? false) : false;
}

/**
 * What staff reach through the generic records API (/v4/api/records, /v1/api/..., EXPORT), per
 * table: the permission reading (list, view, export) and writing (create, update, delete) need.
 * `null` reads: any staff member. A staff member without the permission is treated like a
 * signed-in candidate for that table (their own rows, public rows, or 403). Every table the
 * records API exposes has an entry; a test fails when one is missing.
 */
export const RECORD_TABLE_PERMISSIONS: Record<string, { read: Permission | null; write: Permission }> = {
  cms: { read: null, write: "content.write" },
  pages: { read: "content.write", write: "content.write" },
  packages: { read: null, write: "payments.write" },
  schedule: { read: "coaching.all", write: "coaching.all" },
  user_session: { read: "analytics.read", write: "analytics.read" },
  stripe_price: { read: "payments.read", write: "payments.write" },
  track: { read: null, write: "question-bank.write" },
  theme: { read: null, write: "question-bank.write" },
  email: { read: "content.write", write: "content.write" },
  email_outbox: { read: "outbox.read", write: "outbox.write" },
  photo: { read: "content.write", write: "content.write" },
  user: { read: "users.read", write: "users.write" },
};
