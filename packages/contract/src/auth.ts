import { z } from "zod";
import { Role } from "./common.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.ts";
import { StaffRole } from "./staff-schemas.ts";

export const Email = z
  .email("Enter a valid email address")
  .max(254)
  .transform((e) => e.toLowerCase());
/** ASVS 5.0: at least 8 characters, 64+ allowed, at most 128; no composition rules. */
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);
export const PersonName = z.string().trim().min(1, "Required").max(80, "Use at most 80 characters");

export const LoginRequest = z.strictObject({
  email: Email,
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
  role: Role,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RegisterRequest = z.strictObject({
  email: Email,
  password: Password,
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  role: Role,
  /**
   * For a staff account an administrator makes directly: its staff role (default administrator,
   * as staff accounts were before staff roles). An invitation carries its own; candidates have none.
   */
  staff_role: StaffRole.optional(),
  /** An admin invitation token, for registering as admin once an admin exists. */
  invitation: z.string().max(200).optional(),
  /**
   * The IANA time zone the account's times are shown and mailed in: the web app sends its
   * browser's (`Intl.DateTimeFormat().resolvedOptions().timeZone`). Unset: UTC, changeable on the profile.
   */
  time_zone: z.string().min(1).max(64).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginResponse = z.object({
  error: z.literal(false),
  role: Role,
  /** Staff: their staff role, which decides what the staff area shows (staff.ts); null for candidates. */
  staff_role: StaffRole.nullable().optional(),
  token: z.string(),
  /**
   * Renews the session at `token/refresh` before the access token ends (decision 28): one use,
   * each renewal answers the next one.
   */
  refresh_token: z.string(),
  /** Token lifetime in seconds. */
  expire_at: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  /**
   * Present (true) for a staff account that must turn on two-factor sign-in first: until it does,
   * the token opens only 2fa/enable, 2fa/authorize, check, profile (GET) and logout, and every
   * other call answers 403 with code TWO_FACTOR_REQUIRED.
   */
  two_factor_setup_required: z.literal(true).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const CheckRequest = z.strictObject({ role: Role });
/** A valid session; for a staff account that must set up two-factor sign-in first, says so. */
export const CheckResponse = z.object({ error: z.literal(false), two_factor_setup_required: z.literal(true).optional() });
export type CheckResponse = z.infer<typeof CheckResponse>;

export const Profile = z.object({
  id: z.number().int(),
  email: z.string(),
  role: Role,
  /** Staff: their staff role (staff.ts); null for candidates. */
  staff_role: StaffRole.nullable(),
  first_name: z.string(),
  last_name: z.string(),
  photo: z.string().nullable(),
  time_zone: z.string(),
  two_factor_enabled: z.boolean(),
  /** The account must keep two-factor sign-in on (staff, while the academy requires it): it cannot be turned off. */
  two_factor_required: z.boolean(),
  /** Whether the person proved they read mail at this address (link from the verify email, magic link, or an admin). */
  email_verified: z.boolean(),
  /** A new address asked for and not confirmed yet (the link went to it); null when none. */
  pending_email: z.string().nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof Profile>;
export const ProfileResponse = z.object({ error: z.literal(false), model: Profile });

/** Fields a person may change on their own profile. */
export const ProfileUpdate = z.strictObject({
  first_name: PersonName.optional(),
  last_name: PersonName.optional(),
  time_zone: z.string().min(1).max(64).optional(),
  /** The url of a file this person uploaded (upload call), or null to remove the photo. */
  photo: z.string().max(200).nullable().optional(),
});
export const ProfileUpdateRequest = z.strictObject({ payload: ProfileUpdate });

/** Login of an account with two-factor sign-in: the code is still needed. */
export const TwoFactorRequiredResponse = z.object({
  error: z.literal(false),
  two_factor_required: z.literal(true),
  role: Role,
  /** Pending-login token for 2fa/verify only (valid 10 minutes, voided by 5 wrong codes); opens nothing else. */
  access_token: z.string(),
});
export type TwoFactorRequiredResponse = z.infer<typeof TwoFactorRequiredResponse>;
export const SignInResponse = z.union([LoginResponse, TwoFactorRequiredResponse]);
export type SignInResponse = z.infer<typeof SignInResponse>;

export const ForgotRequest = z.strictObject({ email: Email, role: Role });
export const ResetCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from the email");
export const ResetRequest = z.strictObject({
  token: z.string().min(1, "The link is incomplete").max(200),
  code: ResetCode,
  password: Password,
});

export const MagicLinkRequest = z.strictObject({
  email: Email,
  role: Role,
  /** Accepted for compatibility; the link always points at this server's own PUBLIC_URL. */
  url: z.string().max(2000).optional(),
});
export const MagicLoginRequest = z.strictObject({ token: z.string().min(1).max(200) });

export const TotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app");
export const TwoFactorEnableResponse = z.object({
  error: z.literal(false),
  /** Base32 secret, for typing into an authenticator app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a PNG data URL to scan. */
  qr_code: z.string(),
});
export const TwoFactorCodeRequest = z.strictObject({ token: TotpCode });
export const TwoFactorVerifyRequest = z.strictObject({ access_token: z.string().min(1).max(200), token: TotpCode });

export const UpdateEmailRequest = z.strictObject({
  email: Email,
  /** The current password, so that a stolen session cannot take the account over. */
  current_password: z.string().min(1, "Enter your current password").max(PASSWORD_MAX_LENGTH),
});
export const UpdatePasswordRequest = z.strictObject({
  password: Password,
  current_password: z.string().min(1, "Enter your current password").max(PASSWORD_MAX_LENGTH),
});
/** Answer of a password change: other sessions are signed out, this one continues as a new session. */
export const UpdatePasswordResponse = z.object({
  error: z.literal(false),
  message: z.string(),
  token: z.string(),
  refresh_token: z.string(),
  expire_at: z.number().int(),
});

// ---------- sessions (decision 28) ----------
export const RenewSessionRequest = z.strictObject({ refresh_token: z.string().min(1).max(200) });
export const RenewSessionResponse = z.object({
  error: z.literal(false),
  token: z.string(),
  refresh_token: z.string(),
  /** Lifetime of the new access token in seconds. */
  expire_at: z.number().int(),
});
export type RenewSessionResponse = z.infer<typeof RenewSessionResponse>;
/** One signed-in session of the account, as the profile lists it. */
export const SessionItem = z.object({
  id: z.number().int(),
  /** Browser and system read from the session's user agent ("Firefox on Windows"). */
  device: z.string(),
  created_at: z.string(),
  /** When the session last signed in or renewed (it renews while the person is active). */
  last_seen_at: z.string(),
  /** The session of the token that asked. */
  is_current: z.boolean(),
});
export type SessionItem = z.infer<typeof SessionItem>;
export const SessionsResponse = z.object({ error: z.literal(false), list: z.array(SessionItem) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;
export const SessionIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2147483647) });
export const SignOutOthersResponse = z.object({ error: z.literal(false), message: z.string(), count: z.number().int() });
export const AdminUpdateEmailRequest = z.strictObject({ email: Email, id: z.number().int().positive() });
export const AdminUpdatePasswordRequest = z.strictObject({ password: Password, id: z.number().int().positive() });
export const VerifyUserRequest = z.strictObject({ user_id: z.number().int().positive() });
/** The token from the link of a verify email. */
export const VerifyEmailRequest = z.strictObject({ token: z.string().min(1, "The link is incomplete").max(200) });

const PreferenceValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
export const Preferences = z.record(z.string().regex(/^[a-z0-9_.-]{1,64}$/i, "Invalid preference name"), PreferenceValue);
export const PreferenceRequest = z.strictObject({
  payload: Preferences.refine((p) => Object.keys(p).length <= 50, "At most 50 preferences"),
});
export const PreferenceResponse = z.object({ error: z.literal(false), model: Preferences });

export const CaptchaRequest = z.strictObject({ captchaToken: z.string().min(1).max(4000) });
export const CaptchaResponse = z.object({ error: z.literal(false), success: z.boolean(), message: z.string() });

/** An invitation to join the staff with a staff role (administrator when left out). */
export const InviteAdminRequest = z.strictObject({ email: Email, staff_role: StaffRole.default("administrator") });

export const OutboxMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template_slug: z.string().nullable(),
  status: z.enum(["queued", "sent", "failed"]),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMail>;
export const OutboxQuery = z.strictObject({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const OutboxResponse = z.object({ error: z.literal(false), list: z.array(OutboxMail) });

export const UploadResponse = z.object({ id: z.number().int(), url: z.string() });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** `register`: a session for a public sign-up, or, for an admin creating someone's account, its id. */
export const RegisterResponse = z.union([
  LoginResponse,
  z.object({ error: z.literal(false), message: z.string(), user_id: z.number().int() }),
]);
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** `oauth/providers`: the names of the OpenID Connect providers one can sign in with. */
export const OAuthProvidersResponse = z.object({ error: z.literal(false), list: z.array(z.string()) });
export type OAuthProvidersResponse = z.infer<typeof OAuthProvidersResponse>;

/** `:provider/login`: where to send the browser to sign in with the provider. */
export const OAuthStartResponse = z.object({ error: z.literal(false), url: z.string() });
export type OAuthStartResponse = z.infer<typeof OAuthStartResponse>;
