/**
 * Values both sides share, in a file that imports nothing: the browser reads them without
 * pulling in zod, and the contract's schemas and the server use these same values.
 */

// ---------- error codes (the `code` of an error answer) ----------
/** 401: the token's lifetime is over; the web app opens its session-expired state. */
export const TOKEN_EXPIRED = "TOKEN_EXPIRED";
export const UNAUTHORIZED = "UNAUTHORIZED";
/** 403: a staff account must turn on two-factor sign-in before this call (ADMIN_2FA_REQUIRED). */
export const TWO_FACTOR_REQUIRED = "TWO_FACTOR_REQUIRED";
/** 403: the user's plan does not allow this; the message says why and what unlocks it. */
export const PLAN_LIMIT = "PLAN_LIMIT";
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

// ---------- chat and realtime channels ----------
/** The longest chat message or channel payload, in characters. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Messages one page of a room's history holds. */
export const CHAT_PAGE_SIZE = 30;
/** 408: a long poll saw nothing new before its hold time ran out; poll again. */
export const POLL_TIMEOUT = "TIMEOUT";
/** The announcement channel every signed-in user may read (staff send on it). */
export const ANNOUNCEMENT_CHANNEL = "announcements";
