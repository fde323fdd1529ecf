import type { Credits } from "@academy/contract/coaching";

/**
 * Whether the candidate has a credit for a session starting at `slotStart`. A session spends a
 * credit of its own month (UTC, as the server counts), so a slot of another month than the
 * figures shown is the server's to judge: it answers with the rule when that month is used up.
 */
export function hasCreditFor(credits: Credits, slotStart: string): boolean {
  if (credits.per_month === 0) return false;
  return credits.left > 0 || new Date(slotStart).toISOString().slice(0, 7) !== credits.month;
}
