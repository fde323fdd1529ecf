/**
 * The card provider's test cards, behaving as they do there. Only the behaviour, brand and last
 * four digits are ever kept; the number itself is dropped as soon as the token is made.
 */
export type CardBehaviour = "succeeds" | "declined_on_attach" | "insufficient_funds" | "declined_on_charge" | "expired";

const SPECIAL: Record<string, CardBehaviour> = {
  "4000000000000002": "declined_on_attach",
  "4000000000009995": "insufficient_funds",
  "4000000000000341": "declined_on_charge",
  "4000000000000069": "expired",
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (number.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (/^6(011|5)/.test(number)) return "discover";
  return "unknown";
}

export const behaviourOf = (number: string): CardBehaviour => SPECIAL[number] ?? "succeeds";
