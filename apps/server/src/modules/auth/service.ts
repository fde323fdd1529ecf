import type { CheckResponse, LoginRequest, LoginResponse, Profile, RegisterRequest, SignInResponse } from "@academy/contract/auth";
import type { Role } from "@academy/contract/common";
import type { StaffRole } from "@academy/contract/staff";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, forbidden, HttpError } from "../../lib/http-error.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { can } from "../../lib/permissions.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { hashToken, newSecureToken } from "../../lib/secure-token.ts";
import { isTimeZone } from "../../lib/time-zone.ts";
import type { Principal } from "../../plugins/auth.ts";
import { enqueueMail, type MailWorker } from "../mail/service.ts";
import { isOwnImage } from "../uploads/service.ts";
import * as limits from "./rate-limit.ts";
import * as repo from "./repo.ts";
import { openSession } from "./sessions.ts";
import type { Clock, TokenService } from "./tokens.ts";
import { issueVerification } from "./verification.ts";

// What other modules use of accounts: reading an account (without its secrets), the staff's
// changes to one (each revoking its tokens), and the shared attempt counter.
export { setEmail } from "./account.ts";
export { hit as countAttempt, type Limit, tooManyRequests, windowOf as rateWindow } from "./rate-limit.ts";
export type { UserRow } from "./repo.ts";
export {
  logAccountDeletion,
  type StaffChange,
  staffConfirmEmail,
  staffSetEmail,
  staffSetPassword,
  tellTwoFactorReset,
} from "./staff-changes.ts";

export type AuthDeps = {
  db: Db;
  tokens: TokenService;
  config: Config;
  mail: MailWorker;
  twoFactorBox: SecretBox;
  /** The time two-factor codes are checked at (tests move it instead of waiting for a step). */
  clock: Clock;
  /** The user agent of the request that signs in: the device its session is listed as. */
  device?: string;
};

/** How long a password-checked login waits for its 2FA code. */
export const TWO_FACTOR_PENDING_SECONDS = 10 * 60;
export const TWO_FACTOR_MAX_FAILURES = 5;

const invalidCredentials = () =>
  new HttpError(403, "Invalid Credentials", {
    validation: { email: "Invalid Credentials", password: "Invalid Credentials" },
  });

/** Staff must have two-factor sign-in on before their session opens anything but its setup. */
export const needsTwoFactorSetup = (config: Config, user: Pick<repo.UserRow, "role" | "twoFactorEnabled">) =>
  config.ADMIN_2FA_REQUIRED && user.role === "admin" && !user.twoFactorEnabled;

async function loginAnswer(deps: AuthDeps, user: repo.UserRow): Promise<LoginResponse> {
  return {
    error: false,
    role: user.role,
    staff_role: user.staffRole,
    ...(await openSession(deps, user)),
    user_id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    photo: user.photo,
    ...(needsTwoFactorSetup(deps.config, user) ? { two_factor_setup_required: true as const } : {}),
  };
}

/** A session for an account that passed every step of a sign-in; the time is kept for staff to see. */
export async function startSession(deps: AuthDeps, user: repo.UserRow): Promise<LoginResponse> {
  await repo.recordSignIn(deps.db, user.id);
  return loginAnswer(deps, user);
}

/**
 * Password sign-in. Limits: LOGIN_RATE_LIMIT attempts a minute per address and email, and 10
 * failures in 15 minutes per email (then a cooldown until the window ends); both answer 429
 * with Retry-After, for known and unknown emails alike.
 */
export async function login(deps: AuthDeps, input: LoginRequest, ip: string): Promise<SignInResponse> {
  const { db, config } = deps;
  const failures = { key: `login-fail:${input.email}`, max: 10, windowSeconds: 15 * 60 };
  await limits.hit(db, { key: `login:${ip}:${input.email}`, max: config.LOGIN_RATE_LIMIT, windowSeconds: 60 });
  // The attempt counts as a failure before its password is hashed, so simultaneous attempts
  // cannot all pass the check; a right password gives the slot back.
  const attempt = await limits.reserve(db, failures);
  const user = await repo.findUserByEmail(db, input.email);
  const isValid = await verifyPassword(user?.passwordHash, input.password);
  // One answer for unknown email, wrong password, wrong role and disabled account.
  if (!user || !isValid || user.role !== input.role || user.status !== "active") throw invalidCredentials();
  await limits.release(db, attempt);
  return completeSignIn(deps, user);
}

/**
 * The last step of every sign-in path (password, magic link, OAuth): the session, or, for an
 * account with two-factor sign-in, a pending-login token that only 2fa/verify accepts.
 */
export async function completeSignIn(deps: AuthDeps, user: repo.UserRow): Promise<SignInResponse> {
  const { db } = deps;
  if (!user.twoFactorEnabled) return startSession(deps, user);
  const pending = newSecureToken();
  await repo.insertAuthToken(db, {
    userId: user.id,
    kind: "two_factor",
    tokenHash: hashToken(pending),
    role: user.role,
    expiresAt: new Date(Date.now() + TWO_FACTOR_PENDING_SECONDS * 1000),
  });
  return { error: false, two_factor_required: true, role: user.role, access_token: pending };
}

export type RegisterResult = { kind: "session"; answer: LoginResponse } | { kind: "created"; userId: number };

/**
 * Public sign-up creates a user and signs them in. An admin account needs one of: no admin
 * exists yet, a valid invitation for that email, or an admin making the call; an admin
 * making the call creates the account without switching sessions.
 */
export async function register(
  deps: AuthDeps,
  input: RegisterRequest,
  actor: Principal | null,
  /** The caller's address, for the per-address sign-up limit (every public sign-up path passes it). */
  ip: string,
): Promise<RegisterResult> {
  const { db, config, mail } = deps;
  const isAdminActor = actor?.role === "admin";
  // Staff make accounts with `users.write`; staff accounts are for administrators (`staff.manage`).
  if (isAdminActor && !can(actor, input.role === "admin" ? "staff.manage" : "users.write")) throw forbidden();
  if (input.role !== "admin" && input.staff_role !== undefined)
    throw badRequest("Only staff accounts have a staff role", { staff_role: "Only staff accounts have a staff role" });
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone))
    throw badRequest("time_zone: Unknown time zone", { time_zone: "Unknown time zone" });
  // Counted before the password is hashed: REGISTER_RATE_LIMIT sign-ups an hour per address.
  if (!isAdminActor) await limits.hit(db, { key: `register:${ip}`, max: config.REGISTER_RATE_LIMIT, windowSeconds: 3600 });
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    let isInvited = false;
    // The first admin administers; an invitation gives the role it was sent with; an administrator chooses.
    let staffRole: StaffRole | null = input.role === "admin" ? (input.staff_role ?? "administrator") : null;
    if (input.role === "admin" && !isAdminActor) {
      await repo.lockAdminRegistration(tx);
      const invited =
        input.invitation === undefined ? null : await repo.consumeAdminInvitation(tx, hashToken(input.invitation), input.email);
      isInvited = invited !== null;
      if (!isInvited && (await repo.hasAdmin(tx))) throw forbidden("Admin accounts need an invitation");
      staffRole = invited ?? "administrator";
    }
    if (await repo.findUserByEmail(tx, input.email))
      throw conflict("An account with this email already exists", { email: "An account with this email already exists" });
    const created = await repo.insertUser(tx, {
      email: input.email,
      passwordHash,
      role: input.role,
      staffRole,
      firstName: input.first_name ?? "",
      lastName: input.last_name ?? "",
      ...(input.time_zone !== undefined ? { timeZone: input.time_zone } : {}),
      // An admin typed this address, or the invitation link mailed to it was opened: it is proven.
      emailVerified: isAdminActor || isInvited,
    });
    await enqueueMail(tx, "welcome", created.email, {
      first_name: created.firstName || "there",
      dashboard_url: `${config.publicUrl}/${created.role}/dashboard`,
    });
    if (!created.emailVerified) await issueVerification(tx, config.publicUrl, created);
    return created;
  });
  mail.kick();
  if (isAdminActor) return { kind: "created", userId: user.id };
  return { kind: "session", answer: await startSession(deps, user) };
}

/** A valid session for the role; a staff session that still needs two-factor setup says so. */
export function checkSession(principal: Principal, role: Role, isTwoFactorSetupPending: boolean): CheckResponse {
  if (principal.role !== role) throw forbidden();
  return isTwoFactorSetupPending ? { error: false, two_factor_setup_required: true } : { error: false };
}

export function toProfile(config: Config, user: repo.UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    staff_role: user.staffRole,
    first_name: user.firstName,
    last_name: user.lastName,
    photo: user.photo,
    time_zone: user.timeZone,
    two_factor_enabled: user.twoFactorEnabled,
    two_factor_required: config.ADMIN_2FA_REQUIRED && user.role === "admin",
    email_verified: user.emailVerified,
    pending_email: user.pendingEmail,
    created_at: user.createdAt.toISOString(),
  };
}

export async function getProfile({ db, config }: AuthDeps, principal: Principal): Promise<Profile> {
  const user = await repo.findUserById(db, principal.id);
  if (!user) throw new HttpError(404, "User not found");
  return toProfile(config, user);
}

export async function updateProfile(
  db: Db,
  principal: Principal,
  payload: { first_name?: string; last_name?: string; time_zone?: string; photo?: string | null },
): Promise<void> {
  if (payload.time_zone !== undefined && !isTimeZone(payload.time_zone))
    throw new HttpError(400, "time_zone: Unknown time zone", { validation: { time_zone: "Unknown time zone" } });
  if (typeof payload.photo === "string") {
    if (!(await isOwnImage(db, principal.id, payload.photo)))
      throw new HttpError(400, "photo: Upload the photo first", { validation: { photo: "Upload an image first" } });
  }
  await repo.updateUser(db, principal.id, {
    ...(payload.first_name !== undefined ? { firstName: payload.first_name } : {}),
    ...(payload.last_name !== undefined ? { lastName: payload.last_name } : {}),
    ...(payload.time_zone !== undefined ? { timeZone: payload.time_zone } : {}),
    ...(payload.photo !== undefined ? { photo: payload.photo } : {}),
  });
}

export const logout = (db: Db, principal: Principal) => repo.bumpTokenVersion(db, principal.id);

/** Housekeeping: rate-limit windows and one-time tokens older than a day. */
export async function pruneAccounts(db: Db): Promise<void> {
  await limits.prune(db);
  await repo.deleteStaleTokens(db);
}

/** An account as other modules read it: never its password hash, second-factor secret or token version. */
export type Account = Omit<repo.UserRow, "passwordHash" | "twoFactorSecret" | "tokenVersion">;

const accountOf = ({ passwordHash: _hash, twoFactorSecret: _secret, tokenVersion: _version, ...account }: repo.UserRow): Account => account;

export async function findUserById(db: Db, id: number): Promise<Account | undefined> {
  const user = await repo.findUserById(db, id);
  return user && accountOf(user);
}

/**
 * The account a staff member is about to change, read under the lock every change of who is an
 * admin takes first, so that two such changes cannot both leave the academy without an active admin.
 */
export async function lockAccountForStaffChange(db: Db, id: number): Promise<Account | undefined> {
  await repo.lockAdminRegistration(db);
  return findUserById(db, id);
}

/**
 * Sets an account's role and staff role (null for a candidate), and its password when one is
 * given; any of them signs the account out everywhere, so a new staff role applies at once.
 */
export async function changeRole(
  db: Db,
  id: number,
  role: repo.UserRow["role"],
  staffRole: StaffRole | null,
  passwordHash?: string,
): Promise<void> {
  await repo.updateUser(db, id, {
    role,
    staffRole: role === "admin" ? staffRole : null,
    ...(passwordHash !== undefined && { passwordHash }),
  });
  await repo.bumpTokenVersion(db, id);
}

/** Drops an account's second factor (a lost phone) and signs it out everywhere; false when it had none to drop. */
export async function resetSecondFactor(db: Db, id: number): Promise<boolean> {
  const user = await repo.findUserById(db, id);
  if (!user || (!user.twoFactorEnabled && !user.twoFactorSecret)) return false;
  await repo.updateUser(db, id, { twoFactorEnabled: false, twoFactorSecret: null });
  await repo.bumpTokenVersion(db, id);
  return true;
}
