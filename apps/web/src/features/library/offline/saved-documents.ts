import type { LibraryDocument, LibraryDocumentSummary } from "@academy/contract/library";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";

/**
 * Library documents saved for offline reading (decision 32), in IndexedDB through `idb`, per
 * signed-in candidate: only the sections their plan opens (the server sends no text of a locked
 * one). They leave the device on sign-out, and whenever the library says the plan no longer opens
 * them (`pruneSaved`).
 */

export type SavedDocument = { key: string; userId: number; slug: string; doc: LibraryDocument; savedAt: string };

interface LibraryDb extends DBSchema {
  documents: { key: string; value: SavedDocument; indexes: { byUser: number } };
}

let opened: Promise<IDBPDatabase<LibraryDb>> | null = null;
function db() {
  opened ??= openDB<LibraryDb>("academy-offline-library", 1, {
    upgrade(d) {
      d.createObjectStore("documents", { keyPath: "key" }).createIndex("byUser", "userId");
    },
  });
  return opened;
}

const keyOf = (userId: number, slug: string) => `${userId}:${slug}`;

export async function saveDocument(userId: number, doc: LibraryDocument) {
  await (await db()).put("documents", { key: keyOf(userId, doc.slug), userId, slug: doc.slug, doc, savedAt: new Date().toISOString() });
}

export async function getSaved(userId: number, slug: string) {
  return (await db()).get("documents", keyOf(userId, slug));
}

export async function listSaved(userId: number) {
  return (await db()).getAllFromIndex("documents", "byUser", userId);
}

export async function removeSaved(userId: number, slug: string) {
  await (await db()).delete("documents", keyOf(userId, slug));
}

/** Sign-out: every saved document leaves the device. */
export async function removeAllSaved() {
  await (await db()).clear("documents");
}

/**
 * What the plan opens now decides what stays: a document the library no longer lists, or lists as
 * locked, goes; a section it now locks loses its text; a document left without an open section goes.
 */
export function pruneAgainst(saved: readonly SavedDocument[], summaries: readonly LibraryDocumentSummary[]) {
  const bySlug = new Map(summaries.map((s) => [s.slug, s]));
  const remove: string[] = [];
  const update: SavedDocument[] = [];
  for (const entry of saved) {
    const summary = bySlug.get(entry.slug);
    if (!summary || summary.locked) {
      remove.push(entry.slug);
      continue;
    }
    const lock = new Map(summary.sections.map((s) => [s.anchor, s.locked]));
    const sections = entry.doc.sections.map((s) => {
      const locked = lock.has(s.anchor) ? (lock.get(s.anchor) ?? null) : s.locked;
      return locked ? { ...s, locked, html: null } : s;
    });
    if (!sections.some((s) => s.html)) remove.push(entry.slug);
    else if (sections.some((s, i) => s !== entry.doc.sections[i])) update.push({ ...entry, doc: { ...entry.doc, sections } });
  }
  return { remove, update };
}

/** Applies `pruneAgainst` to the candidate's saved documents, given the library's list as the plan opens it now. */
export async function pruneSaved(userId: number, summaries: readonly LibraryDocumentSummary[]) {
  const { remove, update } = pruneAgainst(await listSaved(userId), summaries);
  for (const slug of remove) await removeSaved(userId, slug);
  for (const entry of update) await (await db()).put("documents", entry);
  return { removed: remove.length, updated: update.length };
}
