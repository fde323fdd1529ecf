import { Navigate, Outlet, useLocation } from "react-router";
import { useAuth } from "../lib/auth-store";
import { decideAccess } from "./access";
import { NotFoundPage } from "./not-found-page";
import type { Access } from "./routes";

/** Layout route that applies one access level to its child routes. */
export function AccessGate({ access }: { access: Access }) {
  const { state } = useAuth();
  const location = useLocation();
  // A deliberate sign-out is already heading to its own page: do not race it with a redirect.
  if (state.signOutRedirect && !state.isAuthenticated && (access === "user" || access === "admin")) return null;
  const decision = decideAccess(access, state, location);
  if (decision.kind === "redirect") return <Navigate to={decision.to} replace />;
  if (decision.kind === "not-found") return <NotFoundPage />;
  return <Outlet />;
}
