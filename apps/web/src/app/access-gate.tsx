import type { Permission } from "@academy/contract/staff";
import type { ReactNode } from "react";
import { useAuth } from "../lib/auth-store";
import { Redirect, useLocation } from "../lib/navigation";
import { decideAccess } from "./access";
import { NotFoundPage } from "./not-found-page";
import type { Access } from "./routes";

/** Applies a route's access level to the screen it renders. */
export function AccessGate({ access, permission, children }: { access: Access; permission?: Permission; children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  // A deliberate sign-out is already heading to its own page: do not race it with a redirect.
  if (state.signOutRedirect && !state.isAuthenticated && (access === "user" || access === "admin")) return null;
  const decision = decideAccess(access, state, location, permission);
  if (decision.kind === "redirect") return <Redirect to={decision.to} replace />;
  if (decision.kind === "not-found") return <NotFoundPage />;
  return children;
}
