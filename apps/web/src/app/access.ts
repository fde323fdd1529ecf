import type { Role } from "@academy/contract/common";
import type { Permission, StaffRole } from "@academy/contract/staff";
import { encodeRedirect, isSafeRedirect, loginPath } from "../lib/redirect";
import { type Access, findRoute, type SessionView, staffMayOpen } from "./routes";

/** Guard decisions and redirect targets (spec sections 2 and 6), as pure functions. */

export type AccessDecision = { kind: "render" } | { kind: "redirect"; to: string } | { kind: "not-found" };

export function dashboardPath(role: Role | null): string {
  return role ? `/${role}/dashboard` : "/";
}

/** Where staff set up two-factor sign-in before anything else. */
export const TWO_FACTOR_SETUP_PATH = "/admin/setup-2fa";

/** The setup step, remembering the staff page the person was heading to (the dashboard needs no mention). */
export function twoFactorSetupPath(heading: string): string {
  return heading === dashboardPath("admin") || heading.startsWith(TWO_FACTOR_SETUP_PATH)
    ? TWO_FACTOR_SETUP_PATH
    : `${TWO_FACTOR_SETUP_PATH}?redirect_uri=${encodeRedirect(heading)}`;
}

/**
 * Where to go after signing in: `redirect_uri` when it is a same-site path this role may
 * open (not a sign-in page, not the other role's area), otherwise the role's dashboard.
 */
export function postLoginPath(redirectUri: string | null | undefined, role: Role, staffRole: StaffRole | null = null): string {
  if (!isSafeRedirect(redirectUri)) return dashboardPath(role);
  const pathname = redirectUri.split(/[?#]/, 1)[0] ?? "";
  const target = findRoute(pathname);
  if (!target) return dashboardPath(role);
  if (target.access === "public") return dashboardPath(role);
  if (target.access !== "any" && target.access !== role) return dashboardPath(role);
  if (target.access === "admin" && !staffMayOpen(target.permission, { isAuthenticated: true, role, staffRole })) return dashboardPath(role);
  return redirectUri;
}

export interface LocationView {
  pathname: string;
  search: string;
}

/** `permission`: what a staff screen needs of the staff role (a page outside the role is not found, as a role mismatch is). */
export function decideAccess(access: Access, session: SessionView, location: LocationView, permission?: Permission): AccessDecision {
  switch (access) {
    case "any":
      return { kind: "render" };
    case "public": {
      if (!session.isAuthenticated) return { kind: "render" };
      if (!session.role) return { kind: "render" };
      const redirectUri = new URLSearchParams(location.search).get("redirect_uri");
      return { kind: "redirect", to: postLoginPath(redirectUri, session.role, session.staffRole ?? null) };
    }
    case "user":
    case "admin":
      if (!session.isAuthenticated) {
        return { kind: "redirect", to: loginPath(access, `${location.pathname}${location.search}`) };
      }
      if (session.role !== access) return { kind: "not-found" };
      // Until two-factor sign-in is on, the server refuses every staff call: the setup comes first.
      if (access === "admin" && session.twoFactorSetupRequired && location.pathname !== TWO_FACTOR_SETUP_PATH)
        return { kind: "redirect", to: twoFactorSetupPath(`${location.pathname}${location.search}`) };
      if (access === "admin" && !staffMayOpen(permission, session)) return { kind: "not-found" };
      return { kind: "render" };
  }
}

/** Which wrapper frames the page: decided by who is looking, not by the page. */
export function wrapperFor(session: SessionView): "public" | "user" | "admin" {
  if (!session.isAuthenticated || !session.role) return "public";
  return session.role;
}
