import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded files live. The local folder is the default; an S3-compatible store would
 * implement the same three calls (put with the server-made key, open for serving, remove).
 */
export interface FileStore {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}

/** Keys are server-made (`<uuid>.<ext>`); anything else never reaches the disk. */
const SAFE_KEY = /^[a-f0-9-]{36}\.[a-z0-9]{2,5}$/;

export function createLocalFileStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      await mkdir(root, { recursive: true });
      await writeFile(pathOf(key), body, { flag: "wx" });
    },
    async open(key) {
      if (!SAFE_KEY.test(key)) return null;
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
  };
}
