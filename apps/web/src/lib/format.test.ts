import { describe, expect, it } from "vitest";
import { formatDay, formatInterval, formatMoney, formatPercent } from "./format";

describe("formatting", () => {
  it("reads minor units with the currency's own decimals", () => {
    expect(formatMoney(11050, "eur")).toBe("€110.50");
    expect(formatMoney(0, "usd")).toBe("$0.00");
    expect(formatMoney(500, "jpy")).toBe("¥500");
  });

  it("names intervals, days and shares", () => {
    expect(formatInterval("month")).toBe("per month");
    expect(formatInterval("month", 3)).toBe("every 3 months");
    expect(formatInterval("lifetime")).toBe("once");
    expect(formatDay("2026-03-04")).toBe("4 Mar");
    expect(formatDay("2026-12-31", true)).toBe("31 Dec 2026");
    expect(formatPercent(0.404)).toBe("40%");
  });
});
