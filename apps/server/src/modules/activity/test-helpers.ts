import { expect } from "vitest";
import type { TestApp } from "../../test/app.ts";

// What the activity log's tests share: the staff call that reads the log, a record's history
// through it, and another staff member to act.

export const LOG = "/v2/api/lambda/admin/activity";

export type Entry = {
  id: number;
  kind: string;
  actor_id: number | null;
  actor_email: string;
  actor_name: string;
  record_table: string;
  record_id: number;
  subject_user_id: number | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export function activityHelpers(t: TestApp, admin: { token: string }) {
  /** Another staff member, added by the admin as staff add staff, with two-factor sign-in on. */
  async function addStaff(firstName: string) {
    const email = `staff-${firstName.length}-${Date.now()}@example.test`;
    const password = "staff password 123";
    const made = await t.call("POST", "/v2/api/lambda/register", {
      token: admin.token,
      body: { email, password, role: "admin", first_name: firstName, last_name: "Staff" },
    });
    expect(made.statusCode, made.body).toBe(200);
    const login = await t.call("POST", "/v2/api/lambda/login", { body: { email, password, role: "admin" } });
    const token = login.json().token as string;
    await t.turnOnTwoFactor(token);
    return { token, user_id: made.json().user_id as number, email };
  }

  /** The log of one record, newest first, through the staff call. */
  async function historyOf(table: string, id: number): Promise<Entry[]> {
    const res = await t.call("GET", LOG, { token: admin.token, query: { record_table: table, record_id: String(id), limit: "100" } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().list;
  }

  return { LOG, addStaff, historyOf };
}
