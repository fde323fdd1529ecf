import { describe, expect, it } from "vitest";
import { statusLabel, statusTone } from "./status";

describe("one status vocabulary", () => {
  it("gives every screen the same words and colour for a status", () => {
    expect([statusLabel("trialing"), statusTone("trialing")]).toEqual(["Free trial", "info"]);
    expect([statusLabel("past_due"), statusTone("past_due")]).toEqual(["Payment failed", "bad"]);
    expect([statusLabel("open"), statusTone("open")]).toEqual(["Unpaid", "warn"]);
    expect([statusLabel("paid"), statusTone("paid")]).toEqual(["Paid", "good"]);
    expect([statusLabel("uncollectible"), statusTone("uncollectible")]).toEqual(["Uncollectible", "bad"]);
  });

  it("reads an unknown status as itself, in grey", () => {
    expect([statusLabel("requires_action"), statusTone("requires_action")]).toEqual(["requires action", "quiet"]);
  });
});
