import { describe, expect, it } from "vitest";
import { createTestApp, TEST_ENV } from "./test/app.ts";
import { tableCounts } from "./test/table-counts.ts";

const t = await createTestApp();
const admin = await t.signUp("admin");
const user = await t.signUp("user");
/** A staff session of an account that has not turned on two-factor sign-in yet. */
async function adminWithoutTwoFactor() {
  const email = `staff-${Date.now()}@example.test`;
  await t.call("POST", "/v2/api/lambda/register", { token: admin.token, body: { email, password: "staff password 1", role: "admin" } });
  const login = await t.call("POST", "/v2/api/lambda/login", { body: { email, password: "staff password 1", role: "admin" } });
  expect(login.json().two_factor_setup_required).toBe(true);
  return login.json().token as string;
}

const concrete = (url: string) =>
  url
    .replace(/:name\b/g, TEST_ENV.PROJECT_ID)
    .replace(/:[A-Za-z_]+/g, "1")
    .replace(/\*/g, "x");

describe("admin-only calls", () => {
  it("are found: every route guarded for admins is in the matrix", () => {
    const urls = t.app.adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        "POST /v2/api/lambda/email/:id/test",
        "POST /v2/api/lambda/cms",
        "GET /v2/api/lambda/admin/users",
        "GET /v2/api/lambda/admin/users/:id/overview",
      ]),
    );
  });

  it("answer 403 to a candidate and 401 to a visitor, before reading the input, and change nothing", async () => {
    const before = await tableCounts(t.db);
    for (const route of t.app.adminRoutes) {
      const url = concrete(route.url);
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : { id: 1, email: "x@example.test", role: "admin" };
      const asUser = await t.call(route.method as "GET", url, { token: user.token, body });
      expect(asUser.statusCode, `${route.method} ${route.url} as a candidate`).toBe(403);
      expect(asUser.json()).toEqual({ error: true, message: "Invalid Access" });
      const anonymous = await t.call(route.method as "GET", url, { body });
      expect(anonymous.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("answer 403 TWO_FACTOR_REQUIRED to an admin without two-factor sign-in, before reading the input, and change nothing", async () => {
    const token = await adminWithoutTwoFactor();
    const before = await tableCounts(t.db);
    for (const route of t.app.adminRoutes) {
      const url = concrete(route.url);
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : { id: 1, email: "x@example.test", role: "admin" };
      const res = await t.call(route.method as "GET", url, { token, body });
      expect(res.statusCode, `${route.method} ${route.url} before two-factor setup`).toBe(403);
      expect(res.json()).toEqual({
        error: true,
        message: "Staff accounts need two-factor sign-in. Set it up to continue.",
        code: "TWO_FACTOR_REQUIRED",
      });
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
