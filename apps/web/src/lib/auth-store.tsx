import { hasPermission, type Permission } from "@academy/contract/staff";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer } from "react";
import { onSessionExpired, onTwoFactorSetupRequired, projectHeader } from "./api-client";
import { type AuthAction, type AuthState, authReducer, persistAuthAction, readStoredAuth } from "./auth-state";
import { onTokenRenewed, startSessionRenewal } from "./session-renewal";

interface AuthContextValue {
  state: AuthState;
  dispatch: (action: AuthAction) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const browserStorage = () => (typeof localStorage === "undefined" ? undefined : localStorage);

export function AuthProvider({ children, onLogout }: { children: ReactNode; onLogout?: () => void }) {
  const [state, rawDispatch] = useReducer(authReducer, undefined, () => readStoredAuth(browserStorage()));

  const dispatch = useCallback(
    (action: AuthAction) => {
      persistAuthAction(browserStorage(), action);
      if (action.type === "LOGOUT") onLogout?.();
      rawDispatch(action);
    },
    [onLogout],
  );

  // The API client reports TOKEN_EXPIRED; the modal opens from this flag.
  useEffect(() => onSessionExpired(() => rawDispatch({ type: "SESSION_EXPIRED", payload: true })), []);

  // While signed in, the session renews as long as the person is active (decision 28).
  const isSignedIn = state.isAuthenticated;
  useEffect(() => (isSignedIn ? startSessionRenewal(projectHeader()) : undefined), [isSignedIn]);
  useEffect(() => onTokenRenewed((token) => rawDispatch({ type: "TOKEN_RENEWED", token })), []);

  // A staff call refused until two-factor sign-in is on: the admin guard then opens its setup.
  const isStaff = state.isAuthenticated && state.role === "admin";
  useEffect(
    () => (isStaff ? onTwoFactorSetupRequired(() => dispatch({ type: "TWO_FACTOR_SETUP_REQUIRED", payload: true })) : undefined),
    [isStaff, dispatch],
  );

  // Signing out in another tab signs out here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === "token" && !event.newValue) {
        onLogout?.();
        rawDispatch({ type: "LOGOUT" });
      } else if (event.key === "token" && event.newValue) rawDispatch({ type: "TOKEN_RENEWED", token: event.newValue });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [onLogout]);

  const value = useMemo(() => ({ state, dispatch }), [state, dispatch]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Whether the signed-in staff member's role holds a permission: what the staff area shows (a
 * button, a panel). The server checks the same permission on every call.
 */
export function useCan(permission: Permission): boolean {
  return hasPermission(useAuth().state.staffRole, permission);
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
