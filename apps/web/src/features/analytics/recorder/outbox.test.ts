import { describe, expect, it } from "vitest";
import { isWorthRetrying, requeue, retryDelayMs } from "./outbox";

describe("the recorder's outbox", () => {
  it("retries a lost connection, a rate limit and a server fault, and drops what would be refused again", () => {
    expect([null, 429, 500, 502, 503].map(isWorthRetrying)).toEqual([true, true, true, true, true]);
    expect([200, 400, 401, 403, 413].map(isWorthRetrying)).toEqual([false, false, false, false, false]);
  });

  it("puts failed events before the ones that arrived meanwhile, and keeps the newest past the bound", () => {
    expect(requeue([1, 2], [3, 4], 10)).toEqual([1, 2, 3, 4]);
    expect(requeue([1, 2, 3], [4, 5], 4)).toEqual([2, 3, 4, 5]);
    expect(requeue([], [], 4)).toEqual([]);
  });

  it("waits longer after each failure in a row, a minute at most", () => {
    expect([1, 2, 3, 20].map(retryDelayMs)).toEqual([5_000, 10_000, 15_000, 60_000]);
  });
});
