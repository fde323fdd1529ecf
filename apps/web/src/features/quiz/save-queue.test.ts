import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client";
import { createSaveQueue, type SaveState } from "./save-queue";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

type Body = { answers: { questionId: string; response: string }[] };
const answer = (questionId: string, response = "b"): Body => ({ answers: [{ questionId, response }] });
const quick = () => Promise.resolve();

function queueWith(send: (body: Body) => Promise<string>, storage = memoryStorage()) {
  const saved: string[] = [];
  const states: SaveState[] = [];
  const queue = createSaveQueue<Body, string>({
    key: 7,
    send,
    onSaved: (a) => saved.push(a),
    onState: (s) => states.push(s),
    storage,
    delay: quick,
  });
  return { queue, saved, states, storage };
}

describe("the quiz player's saves", () => {
  it("sends a save that failed on the network again, in order, until the server has it", async () => {
    const sent: string[] = [];
    let failures = 2;
    const { queue, saved, states, storage } = queueWith(async (body) => {
      if (failures-- > 0) throw new ApiError(0, "Could not reach the server.");
      sent.push(body.answers[0]!.questionId);
      return `ok ${body.answers[0]!.questionId}`;
    });
    const first = queue.save(answer("q1"));
    const second = queue.save(answer("q2"));
    expect(JSON.parse(storage.items.get("quiz-pending-saves:7")!)).toHaveLength(2);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(sent).toEqual(["q1", "q2"]);
    expect(saved).toEqual(["ok q1", "ok q2"]);
    expect(states.some((s) => s.isRetrying && /no connection/.test(s.error))).toBe(true);
    expect(states.at(-1)).toEqual({ pending: 0, isRetrying: false, error: "" });
    expect(storage.items.has("quiz-pending-saves:7")).toBe(false);
  });

  it("keeps a save refused with 401 and sends it once the session is renewed", async () => {
    let isSignedIn = false;
    const send = vi.fn(async (_body: Body) => {
      if (!isSignedIn) throw new ApiError(401, "Your session has expired.", undefined, "TOKEN_EXPIRED");
      return "ok";
    });
    const { queue, storage } = queueWith(send);
    const done = queue.save(answer("q9", "c"));
    await vi.waitFor(() => expect(queue.isWaitingForSession).toBe(true));
    expect(JSON.parse(storage.items.get("quiz-pending-saves:7")!)).toEqual([answer("q9", "c")]);
    isSignedIn = true;
    queue.retryNow();
    await expect(done).resolves.toBe(true);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(answer("q9", "c"));
  });

  it("sends the saves a closed page left behind first, when the player opens again", async () => {
    const storage = memoryStorage();
    const first = queueWith(async () => {
      throw new ApiError(401, "expired", undefined, "TOKEN_EXPIRED");
    }, storage);
    void first.queue.save(answer("q3"));
    await vi.waitFor(() => expect(first.queue.isWaitingForSession).toBe(true));
    first.queue.stop();
    // Signed in again, the player opens the quiz: the kept save goes out.
    const sent: Body[] = [];
    const second = queueWith(async (body) => {
      sent.push(body);
      return "ok";
    }, storage);
    second.queue.retryNow();
    await expect(second.queue.drained()).resolves.toBe(true);
    await vi.waitFor(() => expect(sent).toEqual([answer("q3")]));
    expect(storage.items.has("quiz-pending-saves:7")).toBe(false);
  });

  it("drops a save the server refuses for what it says (the quiz was submitted), and goes on", async () => {
    const { queue, states } = queueWith(async (body) => {
      if (body.answers[0]!.questionId === "late") throw new ApiError(409, "This quiz was already submitted.");
      return "ok";
    });
    await expect(queue.save(answer("late"))).resolves.toBe(false);
    expect(states.at(-1)?.error).toBe("This quiz was already submitted.");
    await expect(queue.save(answer("next"))).resolves.toBe(true);
  });
});
