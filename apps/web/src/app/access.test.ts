import { describe, expect, it } from "vitest";
import { isSafeRedirect } from "../lib/redirect";
import { decideAccess, postLoginPath, wrapperFor } from "./access";
import { findRoute, routeTable } from "./routes";

const signedOut = { isAuthenticated: false, role: null };
const user = { isAuthenticated: true, role: "user" as const };
const admin = { isAuthenticated: true, role: "admin" as const };
const at = (pathname: string, search = "") => ({ pathname, search });

describe("decideAccess", () => {
  it("sends signed-out visitors to the page's sign-in with redirect_uri", () => {
    expect(decideAccess("user", signedOut, at("/user/prev"))).toEqual({
      kind: "redirect",
      to: "/user/login?redirect_uri=/user/prev",
    });
    expect(decideAccess("admin", signedOut, at("/admin/edit-user/4", "?tab=a&b=c"))).toEqual({
      kind: "redirect",
      to: "/admin/login?redirect_uri=/admin/edit-user/4%3Ftab%3Da%26b%3Dc",
    });
  });

  it("shows not-found for the other role's pages", () => {
    expect(decideAccess("admin", user, at("/admin/users"))).toEqual({ kind: "not-found" });
    expect(decideAccess("user", admin, at("/user/dashboard"))).toEqual({ kind: "not-found" });
  });

  it("renders pages of one's own role and pages for anyone", () => {
    expect(decideAccess("user", user, at("/user/dashboard"))).toEqual({ kind: "render" });
    expect(decideAccess("admin", admin, at("/admin/cms"))).toEqual({ kind: "render" });
    expect(decideAccess("any", signedOut, at("/faq"))).toEqual({ kind: "render" });
    expect(decideAccess("any", admin, at("/"))).toEqual({ kind: "render" });
  });

  it("sends signed-in people away from sign-in pages", () => {
    expect(decideAccess("public", signedOut, at("/user/login"))).toEqual({ kind: "render" });
    expect(decideAccess("public", user, at("/user/login"))).toEqual({ kind: "redirect", to: "/user/dashboard" });
    expect(decideAccess("public", admin, at("/user/signup"))).toEqual({ kind: "redirect", to: "/admin/dashboard" });
    expect(decideAccess("public", user, at("/user/login", "?redirect_uri=/user/prev"))).toEqual({
      kind: "redirect",
      to: "/user/prev",
    });
  });
});

describe("staff without two-factor sign-in", () => {
  const pending = { ...admin, twoFactorSetupRequired: true };

  it("are sent to its setup from every staff page, keeping where they were heading", () => {
    expect(decideAccess("admin", pending, at("/admin/dashboard"))).toEqual({ kind: "redirect", to: "/admin/setup-2fa" });
    expect(decideAccess("admin", pending, at("/admin/users", "?q=ann"))).toEqual({
      kind: "redirect",
      to: "/admin/setup-2fa?redirect_uri=/admin/users%3Fq%3Dann",
    });
    expect(decideAccess("admin", pending, at("/admin/setup-2fa"))).toEqual({ kind: "render" });
  });

  it("still see public pages, and others are not affected", () => {
    expect(decideAccess("any", pending, at("/faq"))).toEqual({ kind: "render" });
    expect(decideAccess("admin", admin, at("/admin/setup-2fa"))).toEqual({ kind: "render" });
    expect(decideAccess("user", { ...user, twoFactorSetupRequired: true }, at("/user/dashboard"))).toEqual({ kind: "render" });
  });
});

describe("postLoginPath", () => {
  it("honours a same-site redirect the role may open", () => {
    expect(postLoginPath("/user/onboarding/singlequiz/9?x=1", "user")).toBe("/user/onboarding/singlequiz/9?x=1");
    expect(postLoginPath("/faq", "admin")).toBe("/faq");
  });

  it("falls back to the dashboard otherwise", () => {
    for (const unsafe of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null]) {
      expect(postLoginPath(unsafe, "user")).toBe("/user/dashboard");
    }
    expect(postLoginPath("/admin/users", "user")).toBe("/user/dashboard");
    expect(postLoginPath("/user/login", "user")).toBe("/user/dashboard");
    expect(postLoginPath("/not/a/page", "admin")).toBe("/admin/dashboard");
  });
});

describe("isSafeRedirect", () => {
  it("accepts only same-site paths", () => {
    expect(isSafeRedirect("/user/prev")).toBe(true);
    expect(isSafeRedirect("/")).toBe(true);
    expect(isSafeRedirect("//x.example")).toBe(false);
    expect(isSafeRedirect("/\\x.example")).toBe(false);
    expect(isSafeRedirect("x/y")).toBe(false);
    expect(isSafeRedirect("/a\nb")).toBe(false);
    expect(isSafeRedirect(undefined)).toBe(false);
  });
});

describe("wrapperFor", () => {
  it("follows who is looking", () => {
    expect(wrapperFor(signedOut)).toBe("public");
    expect(wrapperFor(user)).toBe("user");
    expect(wrapperFor(admin)).toBe("admin");
  });
});

describe("staff screens by staff role", () => {
  const as = (staffRole: "administrator" | "coach" | "editor" | "support") => ({
    isAuthenticated: true,
    role: "admin" as const,
    staffRole,
  });
  const open = (path: string, staffRole: "administrator" | "coach" | "editor" | "support") => {
    const route = findRoute(path);
    if (!route) throw new Error(`no route ${path}`);
    return decideAccess(route.access, as(staffRole), at(path), route.permission).kind;
  };

  it("shows a staff page outside the role as not found, and the role's own pages", () => {
    expect(open("/admin/users", "coach")).toBe("not-found");
    expect(open("/admin/stripe_subscription", "coach")).toBe("not-found");
    expect(open("/admin/scheduling", "coach")).toBe("render");
    expect(open("/admin/quizzes", "coach")).toBe("render");
    expect(open("/admin/stripe_subscription", "editor")).toBe("not-found");
    expect(open("/admin/blog/edit/3", "editor")).toBe("render");
    expect(open("/admin/blog", "support")).toBe("not-found");
    expect(open("/admin/view-user/4", "support")).toBe("render");
    expect(open("/admin/stripe_invoice", "support")).toBe("render");
    for (const route of routeTable.filter((r) => r.access === "admin"))
      expect(open(route.path, "administrator"), route.path).toBe("render");
  });

  it("opens every staff member's own pages: dashboard, profile, chat", () => {
    for (const role of ["coach", "editor", "support"] as const)
      for (const path of ["/admin/dashboard", "/admin/profile", "/admin/chat"])
        expect(open(path, role), `${path} as ${role}`).toBe("render");
  });

  it("sends a staff member after sign-in to the redirect only when the role opens it", () => {
    expect(postLoginPath("/admin/users", "admin", "coach")).toBe("/admin/dashboard");
    expect(postLoginPath("/admin/scheduling", "admin", "coach")).toBe("/admin/scheduling");
  });
});
