export { STATUS_LABEL } from "../../components/ui/status";

/** Luhn check, so a typo is caught before the card leaves the page. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export type CardInput = { number: string; expiry: string; cvc: string };

/** A card number as it is typed: digits only, in groups of four (at most 19 digits). */
export function formatCardNumber(typed: string): string {
  return (
    typed
      .replace(/\D/g, "")
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(" ") ?? ""
  );
}

/**
 * An expiry as it is typed, "MM / YY" (or "MM / YYYY"): the separator comes by itself after the
 * month, a first digit above 1 is a month of its own ("4" is "04"), and a deletion never puts back
 * the separator it has just removed.
 */
export function formatExpiry(typed: string, before = ""): string {
  let digits = typed.replace(/\D/g, "").slice(0, 6);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return typed.length < before.length ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Field messages for a card form, or an empty object when it can be sent. */
export function validateCard(input: CardInput, now = new Date()): Partial<Record<keyof CardInput, string>> {
  const errors: Partial<Record<keyof CardInput, string>> = {};
  const digits = input.number.replace(/[\s-]/g, "");
  if (!digits) errors.number = "Enter your card number";
  else if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) errors.number = "This card number is not valid";
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(input.expiry.trim());
  if (!input.expiry.trim()) errors.expiry = "Enter the expiry date";
  else if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) errors.expiry = "Use the format MM / YY";
  else {
    const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    const month = Number(m[1]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.expiry = "This card has expired";
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = "Enter the 3 or 4 digits on the back";
  return errors;
}

export function parseExpiry(expiry: string): { exp_month: number; exp_year: number } {
  const [, mm = "0", yy = "0"] = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim()) ?? [];
  return { exp_month: Number(mm), exp_year: yy.length === 2 ? 2000 + Number(yy) : Number(yy) };
}
