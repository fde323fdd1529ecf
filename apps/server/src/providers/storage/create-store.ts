import type { StorageConfig } from "../../config.ts";
import { createLocalFileStore, type FileStore } from "./store.ts";

/** An S3-compatible bucket when S3_BUCKET is configured, else the local upload folder. */
export async function createFileStore(storage: StorageConfig): Promise<FileStore> {
  if (storage.kind === "local") return createLocalFileStore(storage.dir);
  const { createS3FileStore } = await import("./s3-store.ts");
  return createS3FileStore(storage);
}
