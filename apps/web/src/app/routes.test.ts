import { describe, expect, it } from "vitest";
import { routeDescriptions } from "./route-descriptions";
import { documentTitle, findRoute, routeTable } from "./routes";

const signedOut = { isAuthenticated: false, role: null };
const user = { isAuthenticated: true, role: "user" as const };
const admin = { isAuthenticated: true, role: "admin" as const, staffRole: "administrator" as const };

describe("route table", () => {
  it("says in one line what every path is for, and describes no path it lacks", () => {
    for (const r of routeTable) expect(routeDescriptions[r.path], r.path).toMatch(/^[A-Z].{10,}\.$/);
    expect(Object.keys(routeDescriptions).sort()).toEqual(routeTable.map((r) => r.path).sort());
  });

  it("lists every path once", () => {
    const paths = routeTable.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("includes the spec's aliases and id-less paths", () => {
    for (const path of [
      "/admin/user",
      "/admin/users",
      "/admin/stripe_price",
      "/admin/view-stripe_price/:id",
      "/admin/view-user",
      "/admin/edit-user",
      "/admin/edit-packages",
      "/admin/view-packages",
      "/admin/add-cms",
      "/account/my-spaces/:id",
      "/login",
    ]) {
      expect(
        routeTable.some((r) => r.path === path),
        path,
      ).toBe(true);
    }
  });

  it("sends the spec's detail-less paths to the screens that do their job", () => {
    const target = (path: string) => routeTable.find((r) => r.path === path)?.redirectTo;
    expect(target("/login")).toBe("/user/login");
    expect(target("/account/profile")).toBe("/user/profile");
    expect(target("/account/payments")).toBe("/user/card-details");
    expect(target("/account/billings")).toBe("/user/card-details");
    expect(target("/explore")).toBe("/user/document-library");
    for (const r of routeTable.filter((x) => x.path.startsWith("/account") || ["/explore", "/favorites", "/login"].includes(x.path))) {
      expect(r.screen, r.path).toBe("redirect");
      const to = routeTable.find((x) => x.path === r.redirectTo);
      expect(to, `${r.path} → ${r.redirectTo}`).toBeDefined();
      expect(to?.screen, r.path).not.toBe("redirect");
    }
  });

  it("matches paths with params", () => {
    expect(findRoute("/admin/edit-user/42")?.path).toBe("/admin/edit-user/:id");
    expect(findRoute("/admin/edit-user")?.path).toBe("/admin/edit-user");
    expect(findRoute("/user/onboarding/singlequiz/7")?.title).toBe("Quiz result");
    expect(findRoute("/magic-login/verify")?.title).toBe("Signing you in");
    expect(findRoute("/magic-login/admin")?.path).toBe("/magic-login/:role");
    expect(findRoute("/nope")).toBeUndefined();
    expect(findRoute("/admin/edit-user/1/extra")).toBeUndefined();
  });

  it("opens the email confirmation link to everyone, each role at its own path", () => {
    for (const role of ["user", "admin"] as const) {
      const found = findRoute(`/${role}/verify-email`);
      expect(found).toMatchObject({ access: "any", screen: `${role}-verify-email` });
      for (const session of [signedOut, user, admin])
        expect(documentTitle(`/${role}/verify-email`, session)).toBe("Confirm your email | Rescue Academy");
    }
  });

  it("tolerates a trailing slash", () => {
    expect(findRoute("/user/dashboard/")?.path).toBe("/user/dashboard");
  });

  it("matches regardless of case", () => {
    expect(findRoute("/User/Dashboard")?.path).toBe("/user/dashboard");
  });

  it("shadows no route by an earlier one (the router takes the first match)", () => {
    for (const r of routeTable) {
      const example = r.path.replace(/:[a-zA-Z]+/g, "x1");
      expect(findRoute(example)?.path, example).toBe(r.path);
    }
  });
});

describe("documentTitle", () => {
  it("formats listed paths", () => {
    expect(documentTitle("/user/login", signedOut)).toBe("Sign in | Rescue Academy");
    expect(documentTitle("/admin/view-stripe_price/3", admin)).toBe("Prices | Rescue Academy");
    expect(documentTitle("/user/dashboard", user)).toBe("Dashboard | Rescue Academy");
  });

  it("falls back to the app name for unlisted paths and for the other role's pages", () => {
    expect(documentTitle("/somewhere/else", user)).toBe("Rescue Academy");
    expect(documentTitle("/admin/users", user)).toBe("Rescue Academy");
    expect(documentTitle("/user/prev", admin)).toBe("Rescue Academy");
    // A staff page outside the staff role is not found, so it has no title either.
    expect(documentTitle("/admin/users", { ...admin, staffRole: "coach" })).toBe("Rescue Academy");
    expect(documentTitle("/admin/scheduling", { ...admin, staffRole: "coach" })).toBe("Scheduling | Rescue Academy");
  });
});
