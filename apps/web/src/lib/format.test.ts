import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatInterval,
  formatMoney,
  formatNumber,
  formatPercent,
  moneyInput,
  parseMoney,
} from "./format";

describe("formatting", () => {
  it("reads minor units with the currency's own decimals", () => {
    expect(formatMoney(11050, "eur")).toBe("€110.50");
    expect(formatMoney(0, "usd")).toBe("$0.00");
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(formatMoney(12345, "kwd")).toMatch(/^KWD\s12\.345$/);
    expect(formatMoney(19990, "eur", { whole: true })).toBe("€200");
    expect(formatMoney(20000, "jpy", { whole: true })).toBe("¥20,000");
  });

  it("reads and writes typed amounts with the currency's decimals", () => {
    expect(parseMoney("19", "eur")).toBe(1900);
    expect(parseMoney("19.5", "eur")).toBe(1950);
    expect(parseMoney(" 19,05 ", "eur")).toBe(1905);
    expect(parseMoney("0.99", "eur")).toBe(99);
    for (const bad of ["", "19.999", "-1", "1e3", "€19", "19.", ".5"]) expect(parseMoney(bad, "eur"), bad).toBeNaN();
    expect(parseMoney("500", "jpy")).toBe(500);
    expect(parseMoney("500.5", "jpy")).toBeNaN();
    expect(parseMoney("1.5", "kwd")).toBe(1500);
    expect(moneyInput(1950, "eur")).toBe("19.50");
    expect(moneyInput(500, "jpy")).toBe("500");
  });

  it("names intervals, days and shares", () => {
    expect(formatInterval("month")).toBe("per month");
    expect(formatInterval("month", 3)).toBe("every 3 months");
    expect(formatInterval("lifetime")).toBe("once");
    expect(formatDay("2026-03-04")).toBe("4 Mar");
    expect(formatDay("2026-12-31", true)).toBe("31 Dec 2026");
    expect(formatPercent(0.404)).toBe("40%");
  });

  it("writes dates, moments and counts the same way every time", () => {
    expect(formatDay("2026-03-04")).toBe(formatDay("2026-03-04"));
    expect(formatDate("2026-03-04T12:00:00Z")).toBe(
      new Date("2026-03-04T12:00:00Z").toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" }),
    );
    expect(formatDate(null)).toBe("");
    const moment = "2026-03-04T14:05:00Z";
    expect(formatDateTime(moment)).toBe(
      new Date(moment).toLocaleString("en-GB", { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }),
    );
    expect(formatDateTime(null)).toBe("");
    expect(formatNumber(12345)).toBe("12,345");
    expect(formatNumber(0)).toBe("0");
  });
});
