/** Formatting shared by screens that show money, dates and shares. */

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in integer minor units of an ISO currency, with that currency's own decimals (JPY has none). */
export function formatMoney(minor: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat("en", { style: "currency", currency: code });
    moneyFormats.set(code, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** "per month", "every 3 months", "once". */
export function formatInterval(interval: string | null, count = 1): string {
  if (!interval || interval === "lifetime") return "once";
  return count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}

/** A date as "4 March 2026"; empty for null. */
export function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" }) : "";
}

/** A moment as "4 March 2026, 14:05" in the viewer's time zone; empty for null. */
export function formatDateTime(iso: string | null): string {
  return iso
    ? new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" })
    : "";
}

/** A calendar day (YYYY-MM-DD, no time zone) as "4 Mar". */
export function formatDay(date: string, withYear = false): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });
}

/** A share 0..1 as a whole percentage. */
export const formatPercent = (share: number) => `${Math.round(share * 100)}%`;
