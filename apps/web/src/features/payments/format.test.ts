import { describe, expect, it } from "vitest";
import { parseExpiry, validateCard } from "./format";

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
  it("reads expiry dates", () => {
    expect(parseExpiry("7/2031")).toEqual({ exp_month: 7, exp_year: 2031 });
    expect(parseExpiry("07 / 31")).toEqual({ exp_month: 7, exp_year: 2031 });
  });
});
