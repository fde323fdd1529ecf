import { randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/client.ts";
import { conflict, HttpError, notFound } from "../../lib/http-error.ts";
import { type FileStore, StorageUnavailableError } from "../../providers/storage/store.ts";
import { recordActivity } from "../activity/service.ts";
import * as repo from "./repo.ts";

/** What may be uploaded, by the type its bytes show (never by name or declared type). */
export const ALLOWED_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "application/pdf": "pdf",
};

/** Markup hidden inside an image or PDF (polyglots) is refused even though nosniff would defuse it. */
const MARKUP = /<\s*(script|html|svg|iframe|object|embed|body)\b/i;

/** A file name safe to show and to put in Content-Disposition: no path, no control characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKC")
    .replace(/\p{Cc}/gu, "")
    .replace(/["<>|:*?]/g, "")
    .replace(/\s+/g, " ")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 120);
  return cleaned || "file";
}

export const publicUrlOf = (key: string) => `/uploads/${key}`;

export async function storeUpload(
  { db, store }: { db: Db; store: FileStore },
  input: { userId: number; bytes: Buffer; fileName: string; caption?: string },
): Promise<repo.PhotoRow> {
  if (input.bytes.length === 0) throw new HttpError(400, "The file is empty", { validation: { file: "The file is empty" } });
  const detected = await fileTypeFromBuffer(input.bytes);
  const ext = detected ? ALLOWED_TYPES[detected.mime] : undefined;
  const notAllowed = () =>
    new HttpError(400, "Only JPEG, PNG, WebP, GIF images and PDF documents can be uploaded", {
      validation: { file: "Only JPEG, PNG, WebP, GIF images and PDF documents can be uploaded" },
    });
  if (!detected || !ext) throw notAllowed();
  if (MARKUP.test(input.bytes.toString("latin1"))) throw notAllowed();
  const key = `${randomUUID()}.${ext}`;
  const mime = detected.mime;
  await withStorage(() => store.put(key, input.bytes, mime));
  try {
    return await repo.insertPhoto(db, {
      userId: input.userId,
      url: publicUrlOf(key),
      storageKey: key,
      originalName: sanitizeFileName(input.fileName),
      mime,
      size: input.bytes.length,
      caption: input.caption?.trim() || null,
      ...imageSize(input.bytes, mime),
    });
  } catch (e) {
    await store.remove(key).catch(() => {});
    throw e;
  }
}

/** Width and height read from the header of PNG and GIF files (cheap); null for others. */
function imageSize(bytes: Buffer, mime: string): { width: number | null; height: number | null } {
  if (mime === "image/png" && bytes.length >= 24) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (mime === "image/gif" && bytes.length >= 10) return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  return { width: null, height: null };
}

export async function openUpload({ db, store }: { db: Db; store: FileStore }, key: string) {
  const row = await repo.findPhotoByKey(db, key);
  if (!row) return null;
  const file = await withStorage(() => store.open(key));
  return file ? { row, ...file } : null;
}

/** A store that cannot be reached answers 503 with Retry-After, like the database does. */
async function withStorage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof StorageUnavailableError)
      throw new HttpError(503, "File storage is not available right now. Try again in a moment.", { headers: { "retry-after": "5" } });
    throw e;
  }
}

/** Whether `url` is an image its uploader `userId` put here (a profile photo, an image sent in chat). */
export async function isOwnImage(db: Db, userId: number, url: string): Promise<boolean> {
  const photo = await repo.findOwnPhotoByUrl(db, userId, url);
  return photo?.mime.startsWith("image/") ?? false;
}

/**
 * Deletes a photo that nothing shows (a CMS entry, a page, a profile, a blog post or a library
 * document would break): the row in
 * one transaction with the check, then the stored file. The row goes first: a file left behind by
 * a failed removal is harmless, a row without its file is not.
 */
/**
 * What other modules make of an upload, asked before it is deleted. The app passes them in, so that
 * uploads depends on neither the blog nor the library (both store their files here).
 */
export type UploadUses = {
  postUsingPhoto(db: Db, photo: { id: number; url: string }): Promise<{ title: string; asCover: boolean } | undefined>;
  documentUsingFile(db: Db, uploadId: number): Promise<{ title: string } | undefined>;
};

/** Deletes a photo nothing uses, as staff (`staffId`, in the activity log with the deletion). */
export async function deletePhoto(
  { db, store, uses }: { db: Db; store: FileStore; uses: UploadUses },
  staffId: number,
  id: number,
  onFileLeft: (e: unknown) => void,
): Promise<void> {
  const photo = await db.transaction(async (tx) => {
    const row = await repo.findPhoto(tx, id);
    if (!row) throw notFound("Photo not found");
    const usedBy = await repo.findPhotoUse(tx, row.url);
    if (usedBy) throw conflict(`This photo is used by ${usedBy}; remove it there first`);
    const inPost = await uses.postUsingPhoto(tx, row);
    if (inPost)
      throw conflict(
        `This photo is used by the blog post "${inPost.title}" (${inPost.asCover ? "as its cover" : "in its text"}); remove it there first`,
      );
    const asDocument = await uses.documentUsingFile(tx, row.id);
    if (asDocument)
      throw conflict(`This file is the library document "${asDocument.title}"; replace or unpublish it in the library instead`);
    await repo.deletePhoto(tx, row.id);
    await recordActivity(tx, {
      actorId: staffId,
      kind: "content.delete",
      record: { table: "photo", id: row.id },
      summary: `Photo ${row.originalName} deleted`,
      before: { url: row.url, original_name: row.originalName, caption: row.caption },
    });
    return row;
  });
  await store.remove(photo.storageKey).catch(onFileLeft);
}
