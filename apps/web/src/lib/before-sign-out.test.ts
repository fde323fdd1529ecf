import { describe, expect, it } from "vitest";
import { onBeforeSignOut, runBeforeSignOut } from "./before-sign-out";

describe("work finished before a sign-out", () => {
  it("waits for every registered task, a failing one included, and no longer than the limit", async () => {
    const done: string[] = [];
    const offA = onBeforeSignOut(async () => {
      await new Promise((r) => setTimeout(r, 10));
      done.push("sync");
    });
    const offB = onBeforeSignOut(() => Promise.reject(new Error("offline")));
    const offC = onBeforeSignOut(() => new Promise(() => undefined));
    const started = Date.now();
    await runBeforeSignOut(100);
    expect(done).toEqual(["sync"]);
    expect(Date.now() - started).toBeLessThan(1000);
    offA();
    offB();
    offC();
    done.length = 0;
    await runBeforeSignOut(100);
    expect(done).toEqual([]);
  });
});
