import { describe, expect, it } from "vitest";
import { formatMoney } from "./invoice-pdf.ts";

describe("invoice amounts", () => {
  it("print minor units with the currency's own decimals", () => {
    expect(formatMoney(1950, "eur")).toBe("19.50 EUR");
    expect(formatMoney(500, "jpy")).toBe("500 JPY");
    expect(formatMoney(12345, "kwd")).toBe("12.345 KWD");
  });
});
