import type { OfflineAnswer, OfflinePack } from "@academy/contract/offline";
import type { AnswerResponse } from "@academy/contract/quiz";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";

/**
 * What offline practice keeps on the device (decision 32), in IndexedDB through `idb`: the packs
 * downloaded (they hold keys: they leave the device on sign-out), the offline quizzes being taken
 * from them, and the answers waiting to be synced (the candidate's work: kept until the server
 * has them). Everything is keyed by the signed-in candidate's id, so one person never sees or
 * sends another's.
 */

export type StoredPack = { key: string; userId: number; pack: OfflinePack; savedAt: string; answered: string[] };
export type OfflineSession = {
  session: string;
  userId: number;
  packId: number;
  title: string;
  questionIds: string[];
  responses: Record<string, AnswerResponse>;
  flags: Record<string, boolean>;
  position: number;
  startedAt: string;
  finishedAt: string | null;
};
export type PendingAnswer = OfflineAnswer & { seq?: number; userId: number };

interface OfflineDb extends DBSchema {
  packs: { key: string; value: StoredPack; indexes: { byUser: number } };
  sessions: { key: string; value: OfflineSession; indexes: { byUser: number } };
  pending: { key: number; value: PendingAnswer; indexes: { byUser: number } };
}

let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;
function db() {
  opened ??= openDB<OfflineDb>("academy-offline", 1, {
    upgrade(d) {
      d.createObjectStore("packs", { keyPath: "key" }).createIndex("byUser", "userId");
      d.createObjectStore("sessions", { keyPath: "session" }).createIndex("byUser", "userId");
      // Auto-increment keys keep the answers in the order they were given.
      d.createObjectStore("pending", { keyPath: "seq", autoIncrement: true }).createIndex("byUser", "userId");
    },
  });
  return opened;
}

const packKey = (userId: number, packId: number) => `${userId}:${packId}`;

export async function savePack(userId: number, pack: OfflinePack) {
  await (await db()).put("packs", { key: packKey(userId, pack.id), userId, pack, savedAt: new Date().toISOString(), answered: [] });
}

export async function listPacks(userId: number) {
  const packs = await (await db()).getAllFromIndex("packs", "byUser", userId);
  return packs.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export async function getPack(userId: number, packId: number) {
  return (await db()).get("packs", packKey(userId, packId));
}

/** Removes a pack and its unfinished quizzes; answers already given stay to be synced. */
export async function removePack(userId: number, packId: number) {
  const d = await db();
  const tx = d.transaction(["packs", "sessions"], "readwrite");
  await tx.objectStore("packs").delete(packKey(userId, packId));
  for (const s of await tx.objectStore("sessions").index("byUser").getAll(userId))
    if (s.packId === packId) await tx.objectStore("sessions").delete(s.session);
  await tx.done;
}

/** Sign-out: every pack and offline quiz on the device goes (they hold keys); pending answers stay. */
export async function removeAllPacks() {
  const d = await db();
  const tx = d.transaction(["packs", "sessions"], "readwrite");
  await tx.objectStore("packs").clear();
  await tx.objectStore("sessions").clear();
  await tx.done;
}

export async function saveSession(session: OfflineSession) {
  await (await db()).put("sessions", session);
}

export async function getSession(userId: number, session: string) {
  const s = await (await db()).get("sessions", session);
  return s?.userId === userId ? s : undefined;
}

export async function listSessions(userId: number) {
  return (await db()).getAllFromIndex("sessions", "byUser", userId);
}

/**
 * Records an answer on the device in one transaction: the pending answer to sync, the offline
 * quiz's response, and the pack's answered list, so closing the tab loses nothing.
 */
export async function recordAnswer(answer: PendingAnswer, session: OfflineSession) {
  const d = await db();
  const tx = d.transaction(["pending", "sessions", "packs"], "readwrite");
  await tx.objectStore("pending").add(answer);
  await tx.objectStore("sessions").put(session);
  const stored = await tx.objectStore("packs").get(packKey(answer.userId, answer.packId));
  if (stored && !stored.answered.includes(answer.questionId))
    await tx.objectStore("packs").put({ ...stored, answered: [...stored.answered, answer.questionId] });
  await tx.done;
}

/** The candidate's answers waiting to be synced, in the order they were given. */
export async function pendingAnswers(userId: number) {
  const all = await (await db()).getAllFromIndex("pending", "byUser", userId);
  return all.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** Forgets answers the server acknowledged. */
export async function removePending(seqs: number[]) {
  const d = await db();
  const tx = d.transaction("pending", "readwrite");
  for (const seq of seqs) await tx.store.delete(seq);
  await tx.done;
}
