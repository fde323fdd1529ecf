import type { PriceRow } from "@academy/contract/payments";
import { describe, expect, it } from "vitest";
import { listParams, toCreatePrice, toPriceTableRow } from "./api/admin";
import { billingKindOf } from "./components/admin-billing";
import { pricePreview, pricesModeOf, productOfList } from "./components/admin-prices-page";
import { subscriptionsModeOf } from "./components/admin-subscriptions-page";

const price = (over: Partial<PriceRow>): PriceRow => ({
  id: 1,
  name: "Core monthly",
  product_id: 1,
  stripe_id: "price_1",
  is_usage_metered: 0,
  usage_limit: null,
  object: {},
  amount: 1900,
  currency: "eur",
  trial_days: 7,
  type: "recurring",
  interval: "month",
  interval_count: 1,
  status: 1,
  create_at: "2026-01-01T00:00:00Z",
  update_at: "2026-01-01T00:00:00Z",
  ...over,
});

describe("price table", () => {
  it("opens add, edit and view panels from the route", () => {
    expect(pricesModeOf("/admin/stripe_price", undefined)).toEqual({ kind: "list" });
    expect(pricesModeOf("/admin/add-stripe_price", undefined)).toEqual({ kind: "add" });
    expect(pricesModeOf("/admin/edit-stripe_price/4", "4")).toEqual({ kind: "edit", id: 4 });
    expect(pricesModeOf("/admin/view-stripe_price/9", "9")).toEqual({ kind: "view", id: 9 });
    expect(subscriptionsModeOf("/admin/view-stripe_subscription/2", "2")).toEqual({ kind: "view", id: 2 });
  });

  it("starts a new price on the product the list is filtered to", () => {
    expect(productOfList(new URLSearchParams("f.product_id=7"))).toBe("7");
    expect(productOfList(new URLSearchParams("f.status=1"))).toBeUndefined();
    expect(productOfList(new URLSearchParams("f.product_id=0"))).toBeUndefined();
    expect(productOfList(new URLSearchParams("f.product_id=7%20or%201"))).toBeUndefined();
  });

  it("shows billing as one choice and turns it back into type and interval", () => {
    expect(toPriceTableRow(price({})).billing).toBe("month");
    expect(toPriceTableRow(price({ type: "lifetime", interval: "lifetime" })).billing).toBe("lifetime");
    expect(toPriceTableRow(price({ is_usage_metered: 1 })).usage_metered).toBe(true);
    expect(
      toCreatePrice({ product_id: "2", name: "Yearly", amount: 19000, billing: "year", interval_count: 1, trial_days: 14 }),
    ).toMatchObject({ product_id: 2, type: "recurring", interval: "year", trial_days: 14, usage_type: "licenced", usage_limit: null });
    expect(toCreatePrice({ product_id: "2", name: "Guide", amount: 1500, billing: "one_time" })).toMatchObject({
      type: "one_time",
      interval: undefined,
      trial_days: 0,
      interval_count: 1,
    });
    expect(
      toCreatePrice({ product_id: "2", name: "Per quiz", amount: 50, billing: "month", usage_metered: true, usage_limit: 40 }),
    ).toMatchObject({ usage_type: "metered", usage_limit: 40 });
  });

  it("previews what customers pay as the form changes", () => {
    expect(pricePreview({ amount: "19", billing: "month", interval_count: "1", trial_days: "7" }, "eur")).toBe(
      "Customers pay €19.00 per month, after a 7-day free trial.",
    );
    expect(pricePreview({ amount: "250", billing: "lifetime", trial_days: "7" }, "eur")).toBe(
      "Customers pay €250.00 once for lifetime access.",
    );
    expect(pricePreview({ amount: "0.5", billing: "month", interval_count: "3", usage_metered: true }, "eur")).toBe(
      "Customers pay €0.50 per unit every 3 months.",
    );
    expect(pricePreview({ amount: "x", billing: "month" }, "eur")).toBe("Enter an amount to see what customers pay.");
  });
});

describe("payments lists", () => {
  it("send the table's view as page, limit, search, sort and filters", () => {
    expect(
      listParams({ page: 2, size: 50, search: "core", sort: { field: "amount", direction: "asc" }, filters: { status: "1" } }),
    ).toEqual({ page: 2, limit: 50, q: "core", sort: "amount", direction: "asc", status: "1" });
  });

  it("pick the billing table from the path", () => {
    expect(billingKindOf("/admin/stripe_invoice")).toBe("invoice");
    expect(billingKindOf("/admin/view-stripe_order/3")).toBe("order");
    expect(billingKindOf("/admin/stripe_charge")).toBe("charge");
  });
});
