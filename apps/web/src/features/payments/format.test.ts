import { describe, expect, it } from "vitest";
import { formatCardNumber, formatExpiry, parseExpiry, validateCard } from "./format";

describe("card form rules", () => {
  const now = new Date("2026-06-15T00:00:00Z");
  it("accepts a valid test card", () => {
    expect(validateCard({ number: "4242 4242 4242 4242", expiry: "12 / 30", cvc: "123" }, now)).toEqual({});
  });
  it("names each wrong field", () => {
    expect(validateCard({ number: "4242 4242 4242 4241", expiry: "13/30", cvc: "1" }, now)).toEqual({
      number: "This card number is not valid",
      expiry: "Use the format MM / YY",
      cvc: "Enter the 3 or 4 digits on the back",
    });
    expect(validateCard({ number: "4242424242424242", expiry: "05/26", cvc: "123" }, now).expiry).toBe("This card has expired");
    expect(validateCard({ number: "", expiry: "", cvc: "" }, now).number).toBe("Enter your card number");
  });
  it("formats a card number as it is typed", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242 42")).toBe("4242 42");
    expect(formatCardNumber("4242-4242-x")).toBe("4242 4242");
    expect(formatCardNumber("12345678901234567890123")).toBe("1234 5678 9012 3456 789");
  });
  it("formats an expiry as it is typed, and lets a deletion through", () => {
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("12", "1")).toBe("12 / ");
    expect(formatExpiry("1234")).toBe("12 / 34");
    expect(formatExpiry("12 / 34")).toBe("12 / 34");
    expect(formatExpiry("07/2031")).toBe("07 / 2031");
    // Backspace after "12 / " removes the space: the separator goes with it.
    expect(formatExpiry("12 /", "12 / ")).toBe("12");
    expect(validateCard({ number: "4242424242424242", expiry: formatExpiry("1230"), cvc: "123" }, now)).toEqual({});
  });
  it("reads expiry dates", () => {
    expect(parseExpiry("7/2031")).toEqual({ exp_month: 7, exp_year: 2031 });
    expect(parseExpiry("07 / 31")).toEqual({ exp_month: 7, exp_year: 2031 });
  });
});
