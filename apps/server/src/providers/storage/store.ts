import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded files live: a local folder by default, or an S3-compatible bucket
 * (`s3-store.ts`). Keys are made by the server; the database row of each upload says what
 * it is, so a store only keeps bytes.
 */
export interface FileStore {
  /** Where the files go, for the start-up log. */
  readonly description: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  open(key: string): Promise<{ stream: Readable; size?: number } | null>;
  /** Removing a key that holds nothing succeeds. */
  remove(key: string): Promise<void>;
  /** Throws when the store cannot be used as configured (checked at start, without blocking it). */
  check(): Promise<void>;
  close(): Promise<void>;
  /**
   * Backups of the embedded database, apart from the uploads (`backups/` in the folder or the
   * bucket). Never served: the upload calls open storage keys only.
   */
  backups: {
    put(name: string, body: Buffer): Promise<void>;
    /** The names of the backups kept, oldest first. */
    list(): Promise<string[]>;
    remove(name: string): Promise<void>;
  };
}

/** The folder (or key prefix) backups go to. */
export const BACKUP_PREFIX = "backups/";

/** `academy-20261127T160000Z.tar.gz`: the time of the backup in its name, so names sort by age. */
const BACKUP_NAME = /^academy-\d{8}T\d{6}Z\.tar\.gz$/;
export const isBackupName = (name: string) => BACKUP_NAME.test(name);

export function assertBackupName(name: string): void {
  if (!isBackupName(name)) throw new Error(`unsafe backup name ${name}`);
}

/** The store could not be reached or refused the call: callers answer 503, not 500. */
export class StorageUnavailableError extends Error {}

/** Keys are server-made (`<uuid>.<ext>`); anything else never reaches the disk or the bucket. */
const SAFE_KEY = /^[a-f0-9-]{36}\.[a-z0-9]{2,5}$/;
export const isStorageKey = (key: string) => SAFE_KEY.test(key);

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`unsafe storage key ${key}`);
}

export function createLocalFileStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };
  return {
    description: `folder ${root}`,
    async put(key, body) {
      await mkdir(root, { recursive: true });
      await writeFile(pathOf(key), body, { flag: "wx" });
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      try {
        const info = await stat(pathOf(key));
        return { stream: createReadStream(pathOf(key)), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    // The folder is made on the first upload, so a server that never stores a file leaves none behind.
    async check() {},
    async close() {},
    backups: {
      async put(name, body) {
        assertBackupName(name);
        const dir = path.join(root, BACKUP_PREFIX);
        await mkdir(dir, { recursive: true });
        // Written aside, then renamed into place: a half-written backup never carries a backup's name.
        const partial = path.join(dir, `.${name}.partial`);
        await writeFile(partial, body);
        await rename(partial, path.join(dir, name));
      },
      async list() {
        const names = await readdir(path.join(root, BACKUP_PREFIX)).catch(() => [] as string[]);
        return names.filter(isBackupName).sort();
      },
      async remove(name) {
        assertBackupName(name);
        await rm(path.join(root, BACKUP_PREFIX, name), { force: true });
      },
    },
  };
}
