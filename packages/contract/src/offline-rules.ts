import type { OfflineKey } from "./offline.ts";
import type { AnswerResponse } from "./quiz.ts";

/**
 * Offline practice's rules that the browser runs as well as the server (decision 32), without zod,
 * so importing them brings no schema code into the web app's bundle.
 */

/** The sizes a pack comes in. */
export const OFFLINE_PACK_SIZES = [50, 100] as const;
/** Answers one sync call takes at most; the device sends more in several calls, in order. */
export const OFFLINE_SYNC_MAX = 200;

/**
 * Whether a response is right by the key a pack carries, as the server grades it (scoring.ts):
 * multiple response all or nothing, an ordering in full, a number within the tolerance.
 */
export function isRightByKey(key: Pick<OfflineKey, "correct" | "numeric">, response: AnswerResponse): boolean {
  const c = key.correct;
  if ("choice" in c) return "choice" in response && response.choice === c.choice;
  if ("choices" in c)
    return "choices" in response && response.choices.length === c.choices.length && c.choices.every((k) => response.choices.includes(k));
  if ("order" in c)
    return "order" in response && response.order.length === c.order.length && c.order.every((k, i) => response.order[i] === k);
  if (!("value" in response)) return false;
  const tolerance = key.numeric?.tolerance ?? 0;
  return Math.abs(response.value - c.value) <= tolerance + 1e-9;
}
