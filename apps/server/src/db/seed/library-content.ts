import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { importContentDocuments } from "../../modules/library/service.ts";
import { CONTENT_DIR } from "../../paths.ts";
import type { Db } from "../client.ts";
import { appSecrets } from "../schema/system.ts";
import { loadContent } from "./quiz-content.ts";

const HASH_KEY = "library-content-hash";

async function libraryHash(dir = CONTENT_DIR): Promise<string> {
  const hash = createHash("sha256");
  for (const f of (await readdir(path.join(dir, "library"))).sort())
    hash
      .update(f)
      .update("\0")
      .update(await readFile(path.join(dir, "library", f)))
      .update("\0");
  return hash.digest("hex");
}

/** Loads `content/library` into the library (see importContentDocuments). */
export async function seedLibraryContent(db: Db): Promise<{ documents: number }> {
  return importContentDocuments(db, (await loadContent()).documents);
}

/** At start: loads the library documents when their files changed since the last load. */
export async function seedLibraryContentIfChanged(db: Db): Promise<boolean> {
  const hash = await libraryHash();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, HASH_KEY));
  if (row?.value === hash) return false;
  await seedLibraryContent(db);
  await db
    .insert(appSecrets)
    .values({ name: HASH_KEY, value: hash })
    .onConflictDoUpdate({ target: appSecrets.name, set: { value: hash } });
  return true;
}
