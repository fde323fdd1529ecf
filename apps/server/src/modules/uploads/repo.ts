import { and, eq, ilike } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { photos } from "../../db/schema/accounts.ts";
import { cms, pages } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";

export type PhotoRow = typeof photos.$inferSelect;

export async function insertPhoto(db: Db, values: typeof photos.$inferInsert): Promise<PhotoRow> {
  const [row] = await db.insert(photos).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findPhotoByKey(db: Db, storageKey: string): Promise<PhotoRow | undefined> {
  const [row] = await db.select().from(photos).where(eq(photos.storageKey, storageKey));
  return row;
}

export async function findOwnPhotoByUrl(db: Db, userId: number, url: string): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.url, url), eq(photos.userId, userId)));
  return row;
}

export async function findPhoto(db: Db, id: number): Promise<PhotoRow | undefined> {
  const [row] = await db.select().from(photos).where(eq(photos.id, id));
  return row;
}

/**
 * What shows the photo at `url`, if anything: a CMS entry or a page that embeds its address, or
 * a profile that has it as avatar. The one question about other modules' tables this module
 * asks, read here so the rule "a used photo stays" has its queries in one place.
 */
export async function findPhotoUse(db: Db, url: string): Promise<"a CMS entry" | "a page" | "a profile" | null> {
  const pattern = `%${url}%`;
  const [inCms] = await db.select({ id: cms.id }).from(cms).where(ilike(cms.value, pattern)).limit(1);
  if (inCms) return "a CMS entry";
  const [inPage] = await db.select({ id: pages.id }).from(pages).where(ilike(pages.body, pattern)).limit(1);
  if (inPage) return "a page";
  const [asAvatar] = await db.select({ id: users.id }).from(users).where(eq(users.photo, url)).limit(1);
  return asAvatar ? "a profile" : null;
}

export async function deletePhoto(db: Db, id: number): Promise<void> {
  await db.delete(photos).where(eq(photos.id, id));
}
