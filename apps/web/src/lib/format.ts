/** Formatting shared by screens that show money, dates and shares. */

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, whole: boolean): Intl.NumberFormat {
  const code = currency.toUpperCase();
  const key = whole ? `${code}:whole` : code;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en", { style: "currency", currency: code, ...(whole ? { maximumFractionDigits: 0 } : {}) });
    moneyFormats.set(key, format);
  }
  return format;
}

/** How many decimals the minor units of an ISO currency stand for: 2 for EUR, 0 for JPY, 3 for KWD. */
export function currencyDigits(currency: string): number {
  return moneyFormat(currency, false).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in integer minor units of an ISO currency, with that currency's own decimals (JPY has
 * none); `whole` rounds to whole units, for a chart's axis where "€200" reads better than "€200.00".
 */
export function formatMoney(minor: number, currency: string, { whole = false } = {}): string {
  return moneyFormat(currency, whole).format(minor / 10 ** currencyDigits(currency));
}

/** Minor units as an amount to edit, with the currency's decimals: 1950 EUR is "19.50", 500 JPY is "500". */
export function moneyInput(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * A typed amount ("19", "19.5", "19,50") in minor units of the currency (1900, 1950, 1950 for
 * EUR); NaN for anything else, such as more decimals than the currency has.
 */
export function parseMoney(text: string, currency: string): number {
  const digits = currencyDigits(currency);
  const trimmed = text.trim();
  const pattern = digits > 0 ? new RegExp(`^\\d{1,9}([.,]\\d{1,${digits}})?$`) : /^\d{1,9}$/;
  if (!pattern.test(trimmed)) return Number.NaN;
  const [whole = "0", fraction = ""] = trimmed.split(/[.,]/);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0"));
}

/** "per month", "every 3 months", "once". */
export function formatInterval(interval: string | null, count = 1): string {
  if (!interval || interval === "lifetime") return "once";
  return count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}

// Each format is made once, on first use: `toLocaleDateString` builds a new formatter on every
// call, which costs about 0.1 ms, and a chart's labels and table call it hundreds of times.
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const dateFormat = once(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" }));
const dateTimeFormat = once(
  () => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }),
);
const timeFormat = once(() => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" }));
const dayFormat = once(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }));
const dayYearFormat = once(() => new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }));
const numberFormat = once(() => new Intl.NumberFormat("en"));

/** A date as "4 March 2026"; empty for null. */
export function formatDate(iso: string | null): string {
  return iso ? dateFormat().format(new Date(iso)) : "";
}

/** A moment as "4 March 2026, 14:05" in the viewer's time zone; empty for null. */
export function formatDateTime(iso: string | null): string {
  return iso ? dateTimeFormat().format(new Date(iso)) : "";
}

/** A moment's time of day as "14:05" in the viewer's time zone. */
export function formatTime(iso: string): string {
  return timeFormat().format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD, no time zone) as "4 Mar". */
export function formatDay(date: string, withYear = false): string {
  return (withYear ? dayYearFormat() : dayFormat()).format(new Date(`${date}T00:00:00Z`));
}

/** A count with thousands separators: "12,345". */
export const formatNumber = (value: number) => numberFormat().format(value);

/** A share 0..1 as a whole percentage. */
export const formatPercent = (share: number) => `${Math.round(share * 100)}%`;

// The first Intl formatter a page makes costs about 20 ms, several times that on a slow phone
// (the browser loads its locale data), and later ones little: one is made as soon as the main
// thread is idle (a screen waiting for its data), not while the first figures draw.
if (typeof window !== "undefined") {
  const warm = () => numberFormat().format(0);
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(warm, { timeout: 1_000 });
  else setTimeout(warm, 0);
}
