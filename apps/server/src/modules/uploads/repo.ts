import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { photos } from "../../db/schema/accounts.ts";

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
