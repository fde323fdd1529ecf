/**
 * Values both sides share, in a file that imports nothing: the browser reads them without
 * pulling in zod, and the contract's schemas and the server use these same values.
 */

// ---------- error codes (the `code` of an error answer) ----------
/** 401: the token's lifetime is over; the web app opens its session-expired state. */
export const TOKEN_EXPIRED = "TOKEN_EXPIRED";
/** 401: the token is not one of ours (bad signature, edited, unsigned, wrong audience): signed out, nothing to renew. */
export const INVALID_TOKEN = "INVALID_TOKEN";
/** 409: another renewal of this session just won (another tab, a retried request); read the tokens it stored. */
export const SESSION_RENEWED = "SESSION_RENEWED";
/** Where a session is renewed with its refresh token (decision 28). */
export const TOKEN_REFRESH_PATH = "/v2/api/lambda/token/refresh";
export const UNAUTHORIZED = "UNAUTHORIZED";
/** 403: a staff account must turn on two-factor sign-in before this call (ADMIN_2FA_REQUIRED). */
export const TWO_FACTOR_REQUIRED = "TWO_FACTOR_REQUIRED";
/** 403: the user's plan does not allow this; the message says why and what unlocks it. */
export const PLAN_LIMIT = "PLAN_LIMIT";
/**
 * 500: the request's change was saved, but the database went away before its answer was complete;
 * the client reloads instead of retrying (a 503 means nothing was saved).
 */
export const WRITE_SAVED = "WRITE_SAVED";
/** 502: the card provider is not answering; nothing changed, try again. */
export const PROVIDER_UNAVAILABLE = "provider_unavailable";

// ---------- passwords (ASVS 5.0: at least 8 characters, 64+ allowed, at most 128; no composition rules) ----------
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// ---------- quizzes ----------
export const QUIZ_MIN_LENGTH = 5;
export const QUIZ_MAX_LENGTH = 100;
/** Exam mode allows this many seconds per question. */
export const EXAM_SECONDS_PER_QUESTION = 72;
/** The daily cap of the review session: default and the range a candidate may set. */
export const REVIEW_DAILY_DEFAULT = 40;
export const REVIEW_DAILY_MIN = 5;
export const REVIEW_DAILY_MAX = 200;

// ---------- session analytics ----------
/** The most events one batch may carry (more: 400). */
export const ANALYTICS_MAX_EVENTS_PER_BATCH = 200;
/** The longest `html_copy` a batch may carry, in characters (more: 400). */
export const ANALYTICS_MAX_HTML_COPY = 100_000;
/** The largest batch body the ingest call reads, in bytes (more: 413). */
export const ANALYTICS_MAX_BATCH_BYTES = 256 * 1024;
/** The browser sends what it buffered once this many events wait (and on leaving the page). */
export const ANALYTICS_FLUSH_EVENTS = 50;
/** Screen size classes, by the viewport's width in CSS pixels: below 640 small, below 1024 medium, else large. */
export const ANALYTICS_SCREEN_SIZES = ["small", "medium", "large"] as const;
export const screenSizeOf = (width: number): (typeof ANALYTICS_SCREEN_SIZES)[number] =>
  width < 640 ? "small" : width < 1024 ? "medium" : "large";

// ---------- chat and realtime channels ----------
/** The longest chat message or channel payload, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Messages one page of a room's history holds. */
export const CHAT_PAGE_SIZE = 30;
/** 408: a long poll saw nothing new before its hold time ran out; poll again. */
export const POLL_TIMEOUT = "TIMEOUT";
/** The announcement channel every signed-in user may read (staff send on it). */
export const ANNOUNCEMENT_CHANNEL = "announcements";

/**
 * Why a provider sign-in failed: the callback sends the browser back to `/<role>/login?oauth_error=<code>`
 * (a code, never text, so a crafted link cannot put words on the sign-in page).
 */
export const OAUTH_ERROR_MESSAGES = {
  failed: "Signing in with the provider did not work. Try again, or sign in another way.",
  expired: "This sign-in has expired or was already used. Start again.",
  unverified_email: "Your account at the provider has no verified email address. Confirm it there, or sign in another way.",
  no_account: "No account of this kind uses that email address.",
  no_staff_account: "No staff account uses that email address. Staff accounts come from an invitation.",
  not_configured: "Sign-in with this provider is not available on this server.",
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERROR_MESSAGES;
export const isOAuthErrorCode = (code: string | null): code is OAuthErrorCode => code !== null && Object.hasOwn(OAUTH_ERROR_MESSAGES, code);
