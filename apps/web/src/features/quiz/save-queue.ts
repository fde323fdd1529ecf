import { ApiError } from "../../lib/api-client";

/**
 * The quiz player's saves, kept until the server has them (issue 25: "never lose an answer"). Saves
 * go out one at a time, in the order they were made. One that fails on the network or with a
 * 5xx is sent again after a pause (1 s doubling to 30 s); one refused with 401 (the session
 * ended: the api client already renewed it if the person was active) waits for a new token
 * (`retryNow`, on renewal or sign-in). Pending saves are also written to localStorage per quiz,
 * so a reload or signing in again sends them before anything else. A save the server refuses for
 * what it says (400, 403, 404, 409: the quiz was submitted, its time is over) is dropped: sending
 * it again cannot help.
 */

export type SaveState = { pending: number; isRetrying: boolean; error: string };
type Entry<B> = { body: B; done: ((ok: boolean) => void)[] };

const STORAGE_PREFIX = "quiz-pending-saves:";
const MAX_DELAY_MS = 30_000;

export const isRetryable = (failure: unknown) =>
  !(failure instanceof ApiError) || failure.status === 0 || failure.status === 401 || failure.status === 408 || failure.status >= 500;

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;
const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

export function createSaveQueue<B, R>(options: {
  key: string | number;
  send: (body: B) => Promise<R>;
  onSaved: (answer: R) => void;
  onState: (state: SaveState) => void;
  storage?: Storage | undefined;
  /** Waits between attempts (tests pass a quick one). */
  delay?: (ms: number) => Promise<void>;
}) {
  const storage = "storage" in options ? options.storage : browserStorage();
  const delay = options.delay ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const storageKey = `${STORAGE_PREFIX}${options.key}`;
  const queue: Entry<B>[] = [];
  let isRunning = false;
  let isWaitingForSession = false;
  let isStopped = false;
  let wake: (() => void) | null = null;
  /** The last refusal, shown until a save goes through. */
  let refusal = "";

  const persist = () => {
    try {
      if (queue.length) storage?.setItem(storageKey, JSON.stringify(queue.map((e) => e.body)));
      else storage?.removeItem(storageKey);
    } catch {
      // Storage full or off: the saves are still kept in memory.
    }
  };
  const report = (isRetrying: boolean, error = "") => options.onState({ pending: queue.length, isRetrying, error });

  try {
    const stored = JSON.parse(storage?.getItem(storageKey) ?? "[]") as unknown;
    if (Array.isArray(stored)) for (const body of stored as B[]) queue.push({ body, done: [] });
  } catch {
    storage?.removeItem(storageKey);
  }

  async function run() {
    if (isRunning) return;
    isRunning = true;
    let attempt = 0;
    while (queue.length && !isStopped) {
      const entry = queue[0]!;
      report(attempt > 0, refusal);
      try {
        options.onSaved(await options.send(entry.body));
        queue.shift();
        persist();
        attempt = 0;
        refusal = "";
        for (const done of entry.done) done(true);
      } catch (failure) {
        if (!isRetryable(failure)) {
          queue.shift();
          persist();
          for (const done of entry.done) done(false);
          refusal = failure instanceof Error ? failure.message : "Not saved";
          continue;
        }
        attempt += 1;
        if (failure instanceof ApiError && failure.status === 401) {
          // The session ended: wait for a new token (renewal in another tab, or signing in again).
          isWaitingForSession = true;
          report(true, "Your answers are kept and will be saved when you are signed in again.");
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          isWaitingForSession = false;
          continue;
        }
        report(true, "Not saved yet: no connection. Your answers are kept and sent again automatically.");
        await Promise.race([delay(Math.min(MAX_DELAY_MS, 1000 * 2 ** (attempt - 1))), new Promise<void>((r) => (wake = r))]);
      }
      wake = null;
    }
    isRunning = false;
    if (!isStopped) report(false, refusal);
  }

  return {
    /** Keeps a save and sends it in turn; resolves true once the server has it, false if it refused it. */
    save(body: B): Promise<boolean> {
      const done = new Promise<boolean>((resolve) => queue.push({ body, done: [resolve] }));
      persist();
      void run();
      return done;
    },
    /** Sends what is waiting at once (a new token, the connection back). */
    retryNow() {
      wake?.();
      void run();
    },
    /** Resolves once nothing is waiting (before a submit). */
    async drained(): Promise<boolean> {
      if (!queue.length) return true;
      const last = queue[queue.length - 1]!;
      return new Promise<boolean>((resolve) => last.done.push(resolve));
    },
    get isWaitingForSession() {
      return isWaitingForSession;
    },
    stop() {
      isStopped = true;
      wake?.();
    },
  };
}
