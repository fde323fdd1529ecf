import type { LoginResponse } from "@academy/contract/auth";
import { useCallback } from "react";
import { useAuth } from "../../../lib/auth-store";

/**
 * Turns a login answer into the session. The public-route guard then sends the person on
 * (to a safe redirect_uri, or their dashboard), so forms do not navigate themselves.
 */
export function useSignIn() {
  const { dispatch } = useAuth();
  return useCallback(
    (answer: LoginResponse) =>
      dispatch({
        type: "LOGIN",
        payload: {
          user: answer.user_id,
          token: answer.token,
          refreshToken: answer.refresh_token,
          role: answer.role,
          staffRole: answer.staff_role ?? null,
          userDetails: { firstName: answer.first_name, lastName: answer.last_name, photo: answer.photo },
          twoFactorSetupRequired: answer.two_factor_setup_required === true,
        },
      }),
    [dispatch],
  );
}
