import { describe, expect, it } from "vitest";
import { checkValues, isFieldShown, toRecordValues } from "./resource-form";
import type { ResourceField } from "./types";

const fields: ResourceField[] = [
  { name: "name", label: "Name", kind: "text", required: true },
  { name: "amount", label: "Amount", kind: "money", required: true, readOnlyOnEdit: true, min: 0, max: 100_000 },
  { name: "billing", label: "Billing", kind: "select", required: true, initial: "month" },
  { name: "trial_days", label: "Trial", kind: "number", min: 0, max: 365, visibleWhen: (v) => v.billing !== "one_time" },
  { name: "status", label: "Status", kind: "select", editOnly: true },
];

describe("money fields", () => {
  it("are checked against their bounds in minor units", () => {
    const values = { name: "Core", amount: "1000.01", billing: "month", trial_days: "0" };
    expect(checkValues(fields, values)).toEqual({ amount: "Amount must be at most €1,000.00" });
    expect(checkValues(fields, { ...values, amount: "12.345" })).toEqual({ amount: "Enter an amount such as 19.00" });
    expect(toRecordValues(fields, { ...values, amount: "19.90" })).toEqual({ name: "Core", amount: 1990, billing: "month", trial_days: 0 });
  });

  it("use their currency's decimals", () => {
    const yen: ResourceField[] = [{ name: "amount", label: "Amount", kind: "money", currency: "jpy", required: true, max: 100_000 }];
    expect(toRecordValues(yen, { amount: "1900" })).toEqual({ amount: 1900 });
    expect(checkValues(yen, { amount: "19.50" })).toEqual({ amount: "Enter an amount such as 19" });
    expect(checkValues(yen, { amount: "100001" })).toEqual({ amount: "Amount must be at most ¥100,000" });
  });
});

describe("fields shown by mode and condition", () => {
  it("send only what the form shows: hidden, edit-only and read-only fields stay out", () => {
    expect(toRecordValues(fields, { name: "Guide", amount: "15", billing: "one_time", trial_days: "7", status: "1" })).toEqual({
      name: "Guide",
      amount: 1500,
      billing: "one_time",
    });
    const row = { id: 3, name: "Core", amount: 1900, billing: "month", trial_days: 7, status: "1" };
    expect(toRecordValues(fields, { name: "Core+", amount: "1", billing: "month", trial_days: "3", status: "0" }, row)).toEqual({
      name: "Core+",
      billing: "month",
      trial_days: 3,
      status: "0",
    });
    expect(isFieldShown(fields[4]!, {}, undefined)).toBe(false);
    expect(isFieldShown(fields[4]!, {}, row)).toBe(true);
  });

  it("do not check hidden fields", () => {
    expect(checkValues(fields, { name: "Guide", amount: "15", billing: "one_time", trial_days: "9999" })).toEqual({});
    expect(checkValues(fields, { name: "Core", amount: "15", billing: "month", trial_days: "9999" })).toEqual({
      trial_days: "Trial must be at most 365",
    });
  });
});
