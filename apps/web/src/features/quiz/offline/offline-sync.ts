import type { OfflineAnswer } from "@academy/contract/offline";
import { OFFLINE_SYNC_MAX } from "@academy/contract/offline-rules";
import { ApiError } from "../../../lib/api-client";
import { isRetryable } from "../save-queue";
import type { PendingAnswer } from "./offline-store";

/**
 * Sends the answers given offline to the server (decision 32): in the order they were given, in
 * batches, each answer with its device id, so a batch cut off and sent again records nothing twice.
 * An answer leaves the device only once the server acknowledged it. A batch the server refuses for
 * what it says (400, 404: sending it again cannot help) is dropped and reported, so it never holds
 * up the answers behind it; a network failure, a 5xx or an ended session keeps everything for the
 * next try (the connection back, the app's start, the next sign-in).
 */

export type SyncDeps = {
  pending: (userId: number) => Promise<PendingAnswer[]>;
  remove: (seqs: number[]) => Promise<void>;
  send: (answers: OfflineAnswer[]) => Promise<{ ids: string[] }>;
};

/** `isUnreachable`: the server could not be reached (the device is offline, whatever the browser says). */
export type SyncResult = { synced: number; refused: number; error: string; isUnreachable?: boolean };

const toWire = ({ seq: _seq, userId: _userId, ...answer }: PendingAnswer): OfflineAnswer => answer;

export async function syncPending(userId: number, deps: SyncDeps): Promise<SyncResult> {
  let synced = 0;
  let refused = 0;
  let refusal = "";
  for (;;) {
    const batch = (await deps.pending(userId)).slice(0, OFFLINE_SYNC_MAX);
    if (!batch.length) return { synced, refused, error: refused ? `${refused} answers could not be recorded: ${refusal}` : "" };
    try {
      const answer = await deps.send(batch.map(toWire));
      const acknowledged = new Set(answer.ids);
      const done = batch.filter((a) => acknowledged.has(a.id));
      // The server acknowledges every id of a batch it takes; anything else is a bug: stop rather than loop.
      if (done.length === 0) return { synced, refused, error: "The server did not acknowledge the answers" };
      await deps.remove(done.map((a) => a.seq!));
      synced += done.length;
    } catch (failure) {
      if (isRetryable(failure) || !(failure instanceof ApiError))
        return {
          synced,
          refused,
          error: failure instanceof Error ? failure.message : "Not synced",
          isUnreachable: !(failure instanceof ApiError) || failure.status === 0,
        };
      await deps.remove(batch.map((a) => a.seq!));
      refused += batch.length;
      refusal = failure.message;
    }
  }
}
