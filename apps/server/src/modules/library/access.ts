// Who may read what in the library: a reader's plan tier, and the lock (with the plans that open
// it) on anything above it. Every reading, search and study-plan call goes through these.
import type { LibraryTier, LockInfo } from "@academy/contract/library";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { getEntitlements } from "../entitlements/service.ts";
import * as repo from "./repo.ts";

export const TIER_RANK: Record<LibraryTier, number> = { free: 0, core: 1, premium: 2 };

/** The tier of a section: its document's, unless the section is marked for a higher one. */
export const higher = (a: LibraryTier, b: LibraryTier | null): LibraryTier => (b && TIER_RANK[b] > TIER_RANK[a] ? b : a);

/** Who reads: the tier their plan opens (staff read everything). */
export type Reader = { userId: number; rank: number; staff: boolean };

export async function readerOf(db: Db, principal: Pick<Principal, "id" | "role">): Promise<Reader> {
  if (principal.role === "admin") return { userId: principal.id, rank: 2, staff: true };
  const plan = await getEntitlements(db, principal.id);
  return { userId: principal.id, rank: TIER_RANK[plan.libraryTier], staff: false };
}

/**
 * Locked for this reader: what tier it needs and the plans on sale that open it. `tiers`: the
 * tiers that will be asked about, so the plans are only read when something is locked.
 */
export async function lockMaker(db: Db, reader: Reader, tiers?: LibraryTier[]) {
  const anyLocked = tiers === undefined || tiers.some((t) => TIER_RANK[t] > reader.rank);
  return lockOf(reader.rank, reader.rank < 2 && anyLocked ? await repo.plansOnSale(db) : []);
}

/** The lock of an item of `tier` for a reader of tier rank `rank`, naming which of `plans` open it. */
export function lockOf(rank: number, plans: { name: string; libraryTier: LibraryTier }[]) {
  return (tier: LibraryTier): LockInfo | null => {
    if (TIER_RANK[tier] <= rank) return null;
    const names = plans.filter((p) => TIER_RANK[p.libraryTier] >= TIER_RANK[tier]).map((p) => p.name);
    return {
      tier,
      plans: names,
      message: names.length
        ? `Part of the ${tier} library: the ${names.join(" or ")} plan opens it.`
        : `Part of the ${tier} library, which your plan does not open.`,
    };
  };
}

/** A document the reader may know of: published, or any document for staff. */
export async function publishedDocument(db: Db, slug: string, reader: Reader) {
  const doc = await repo.findDocumentBySlug(db, slug);
  // Staff may open an unpublished document (to check it); readers may not even learn it exists.
  if (!doc || (doc.status !== "published" && !reader.staff)) throw notFound("No such document in the library");
  return doc;
}

/**
 * Whether each of these sections is locked for the reader now (a citation's section: the plan
 * may have changed since the answer), by "document#anchor"; a section that no longer exists is
 * reported as locked by nothing (null) and its link answers not found as usual.
 */
export async function sectionLocks(
  db: Db,
  principal: Pick<Principal, "id" | "role">,
  refs: { document: string; anchor: string }[],
): Promise<Map<string, LockInfo | null>> {
  const reader = await readerOf(db, principal);
  const rows = await repo.tiersOfSections(db, refs);
  const tiers = rows.map((r) => higher(r.docTier, r.sectionTier));
  const lock = await lockMaker(db, reader, tiers);
  return new Map(rows.map((r, i) => [`${r.document}#${r.anchor}`, lock(tiers[i]!)]));
}
