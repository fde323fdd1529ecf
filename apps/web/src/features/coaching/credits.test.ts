import { describe, expect, it } from "vitest";
import { hasCreditFor } from "./credits";

const used = { month: "2026-11", per_month: 2, used: 2, left: 0, package_name: "Premium" };

describe("hasCreditFor", () => {
  it("counts the slot's own month: this month used up still lets the candidate book next month", () => {
    expect(hasCreditFor(used, "2026-11-27T08:00:00.000Z")).toBe(false);
    expect(hasCreditFor(used, "2026-12-01T08:00:00.000Z")).toBe(true);
    // The month is the UTC one, as the server counts it, whatever offset the time is written with.
    expect(hasCreditFor(used, "2026-12-01T00:30:00+01:00")).toBe(false);
    expect(hasCreditFor({ ...used, used: 1, left: 1 }, "2026-11-27T08:00:00.000Z")).toBe(true);
  });

  it("a plan without coaching has no credit in any month", () => {
    expect(hasCreditFor({ ...used, per_month: 0, used: 0 }, "2026-12-01T08:00:00.000Z")).toBe(false);
  });
});
