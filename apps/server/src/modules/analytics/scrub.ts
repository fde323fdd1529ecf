/**
 * Scrubbing of recorded text: anything that looks like an email address, a token (a JWT, a long
 * hex string, a long base64 or base64url string) or a card number (13-19 digits passing the Luhn
 * check) is replaced by a marker before it is stored. The browser already masks input values;
 * this is the server's own line of defence for text it cannot trust.
 */

const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const HEX = /\b[0-9a-fA-F]{32,}\b/g;
// Candidates for base64 / base64url: long runs of its alphabet. Only runs that mix upper case,
// lower case and digits are taken for tokens, so paths and words are left alone.
const BASE64_RUN = /[A-Za-z0-9+/_-]{32,}={0,2}/g;
// 13-19 digits, optionally grouped by spaces or dashes, not inside a longer run of digits.
const CARD = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

export const EMAIL_MARK = "[email]";
export const TOKEN_MARK = "[token]";
export const CARD_MARK = "[card]";

/** Whether the digits pass the Luhn check (every card number does). */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const looksLikeBase64Token = (run: string) => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);

/** The text with emails, tokens and card numbers replaced by markers. */
export function scrubText(text: string): string {
  // Fast path: most strings (paths, short labels) hold nothing to scrub.
  if (text.length < 13 && !text.includes("@")) return text;
  return text
    .replace(JWT, TOKEN_MARK)
    .replace(EMAIL, EMAIL_MARK)
    .replace(CARD, (run) => (isLuhnValid(run.replace(/[ -]/g, "")) ? CARD_MARK : run))
    .replace(HEX, TOKEN_MARK)
    .replace(BASE64_RUN, (run) => (looksLikeBase64Token(run) ? TOKEN_MARK : run));
}

/** Every string of a small record scrubbed (keys too). */
export function scrubRecord<T extends string | number | boolean>(record: Record<string, T>): Record<string, T | string> {
  const out: Record<string, T | string> = {};
  for (const [key, value] of Object.entries(record)) out[scrubText(key)] = typeof value === "string" ? scrubText(value) : value;
  return out;
}
