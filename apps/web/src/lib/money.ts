/** Amounts are integer minor units of an ISO currency. */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(minor / 100);
}

/** A price's billing period as a customer reads it ("per month", "every 3 months", "once"). */
export function formatInterval(interval: string | null, count = 1): string {
  if (!interval || interval === "lifetime") return "once";
  return count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}
