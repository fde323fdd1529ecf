/**
 * What happens to a batch the server did not take while the page is open. A lost connection
 * (no status), a rate limit (429) or a server fault (5xx) is passing: the events go back to the
 * front of the queue for the next send. Any other refusal (a malformed batch, a revoked token)
 * would be refused again: those events are dropped.
 */
export const isWorthRetrying = (status: number | null) => status === null || status === 429 || status >= 500;

/** The failed events back in front of those that arrived meanwhile, the oldest dropped past `max`. */
export function requeue<T>(failed: readonly T[], waiting: readonly T[], max: number): T[] {
  const all = [...failed, ...waiting];
  return all.length > max ? all.slice(all.length - max) : all;
}

/** How long sends wait after the `failures`-th batch in a row the server could not take: 5 s, 10 s, … up to a minute. */
export const retryDelayMs = (failures: number) => Math.min(60_000, 5_000 * failures);
