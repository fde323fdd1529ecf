import { useCallback } from "react";
import { useAuth } from "../../../lib/auth-store";
import { runBeforeSignOut } from "../../../lib/before-sign-out";
import { loginPath } from "../../../lib/redirect";
import { logout } from "../api/logout";

/**
 * Log out: finish what must go first (answers given offline), tell the server (ignoring failure),
 * clear the session, go to the role's sign-in page.
 */
export function useLogout() {
  const { state, dispatch } = useAuth();
  const role = state.role;
  return useCallback(async () => {
    await runBeforeSignOut();
    await logout();
    dispatch({ type: "LOGOUT", redirectTo: loginPath(role) });
  }, [dispatch, role]);
}
