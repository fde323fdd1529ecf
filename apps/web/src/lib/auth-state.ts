import type { Role } from "@academy/contract/common";
import { isStaffRole, type StaffRole } from "@academy/contract/staff";

/** Session state (spec section 3) and its reducer: pure, so it is unit-tested without React. */

export interface UserDetails {
  firstName: string;
  lastName: string;
  photo: string | null;
}

export interface AuthState {
  isAuthenticated: boolean;
  user: number | null;
  token: string | null;
  role: Role | null;
  /** Staff: their staff role, which decides what the staff area shows (the server decides what it does). */
  staffRole: StaffRole | null;
  userDetails: UserDetails | null;
  sessionExpired: boolean;
  /**
   * Where a deliberate sign-out is heading (logout button, expired session, failed start-up
   * check). Guards hold their own redirect until the app arrives there.
   */
  signOutRedirect: string | null;
  /** A staff account that must turn on two-factor sign-in before the staff area opens. */
  twoFactorSetupRequired: boolean;
}

export interface LoginPayload {
  user: number;
  token: string;
  /** Renews the session (decision 28); kept as it is when a change leaves it out. */
  refreshToken?: string;
  role: Role;
  staffRole?: StaffRole | null;
  userDetails: UserDetails;
  twoFactorSetupRequired?: boolean;
}

export type AuthAction =
  | { type: "LOGIN"; payload: LoginPayload }
  | { type: "LOGOUT"; redirectTo?: string }
  | { type: "SESSION_EXPIRED"; payload: boolean }
  /** The session was renewed (here or in another tab): the new access token. */
  | { type: "TOKEN_RENEWED"; token: string }
  | { type: "TWO_FACTOR_SETUP_REQUIRED"; payload: boolean }
  | { type: "SIGN_OUT_REDIRECT_DONE" };

export const signedOutState: AuthState = {
  isAuthenticated: false,
  user: null,
  token: null,
  role: null,
  staffRole: null,
  userDetails: null,
  sessionExpired: false,
  signOutRedirect: null,
  twoFactorSetupRequired: false,
};

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case "LOGIN":
      return {
        isAuthenticated: true,
        user: action.payload.user,
        token: action.payload.token,
        role: action.payload.role,
        staffRole: action.payload.role === "admin" ? (action.payload.staffRole ?? null) : null,
        userDetails: action.payload.userDetails,
        sessionExpired: false,
        signOutRedirect: null,
        twoFactorSetupRequired: action.payload.twoFactorSetupRequired === true,
      };
    case "LOGOUT":
      return action.redirectTo ? { ...signedOutState, signOutRedirect: action.redirectTo } : signedOutState;
    case "TOKEN_RENEWED":
      return state.isAuthenticated && state.token !== action.token ? { ...state, token: action.token } : state;
    case "SIGN_OUT_REDIRECT_DONE":
      return state.signOutRedirect === null ? state : { ...state, signOutRedirect: null };
    case "TWO_FACTOR_SETUP_REQUIRED":
      // Only staff are asked, and only while signed in.
      if (action.payload && (!state.isAuthenticated || state.role !== "admin")) return state;
      return state.twoFactorSetupRequired === action.payload ? state : { ...state, twoFactorSetupRequired: action.payload };
    case "SESSION_EXPIRED":
      // Only a signed-in person can have an expiring session.
      if (action.payload && !state.isAuthenticated) return state;
      return state.sessionExpired === action.payload ? state : { ...state, sessionExpired: action.payload };
    default:
      return state;
  }
}

export function parseRole(value: unknown): Role | null {
  return value === "user" || value === "admin" ? value : null;
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const KEYS = ["user", "token", "refreshToken", "role", "staffRole", "userDetails", "twoFactorSetup"] as const;

const staffRoleOf = (value: string | null): StaffRole | null => (isStaffRole(value) ? value : null);

export function readStoredAuth(storage: StorageLike | undefined): AuthState {
  if (!storage) return signedOutState;
  try {
    const token = storage.getItem("token");
    if (!token) return signedOutState;
    const userId = Number(storage.getItem("user"));
    let userDetails: UserDetails | null = null;
    const rawDetails = storage.getItem("userDetails");
    if (rawDetails) {
      const parsed = JSON.parse(rawDetails) as Partial<UserDetails> | null;
      if (parsed && typeof parsed === "object") {
        userDetails = {
          firstName: typeof parsed.firstName === "string" ? parsed.firstName : "",
          lastName: typeof parsed.lastName === "string" ? parsed.lastName : "",
          photo: typeof parsed.photo === "string" ? parsed.photo : null,
        };
      }
    }
    return {
      isAuthenticated: true,
      user: Number.isInteger(userId) && userId > 0 ? userId : null,
      token,
      role: parseRole(storage.getItem("role")),
      staffRole: storage.getItem("role") === "admin" ? staffRoleOf(storage.getItem("staffRole")) : null,
      userDetails,
      sessionExpired: false,
      signOutRedirect: null,
      twoFactorSetupRequired: storage.getItem("role") === "admin" && storage.getItem("twoFactorSetup") === "required",
    };
  } catch {
    return signedOutState;
  }
}

/** Mirrors what LOGIN and LOGOUT change into storage. */
export function persistAuthAction(storage: StorageLike | undefined, action: AuthAction): void {
  if (!storage) return;
  try {
    if (action.type === "LOGIN") {
      storage.setItem("user", String(action.payload.user));
      storage.setItem("token", action.payload.token);
      if (action.payload.refreshToken) storage.setItem("refreshToken", action.payload.refreshToken);
      storage.setItem("role", action.payload.role);
      if (action.payload.role === "admin" && action.payload.staffRole) storage.setItem("staffRole", action.payload.staffRole);
      else storage.removeItem("staffRole");
      storage.setItem("userDetails", JSON.stringify(action.payload.userDetails));
      if (action.payload.twoFactorSetupRequired) storage.setItem("twoFactorSetup", "required");
      else storage.removeItem("twoFactorSetup");
    } else if (action.type === "TWO_FACTOR_SETUP_REQUIRED") {
      if (action.payload) storage.setItem("twoFactorSetup", "required");
      else storage.removeItem("twoFactorSetup");
    } else if (action.type === "LOGOUT") {
      for (const key of KEYS) storage.removeItem(key);
    }
  } catch {
    // Storage can be unavailable (private mode, quota); the in-memory session still works.
  }
}

export function fullName(details: UserDetails | null): string {
  if (!details) return "";
  return [details.firstName, details.lastName].filter(Boolean).join(" ");
}
