import { Readable } from "node:stream";
import type { S3Storage } from "../../config.ts";
import {
  assertBackupName,
  assertStorageKey,
  BACKUP_PREFIX,
  type FileStore,
  isBackupName,
  isStorageKey,
  StorageUnavailableError,
} from "./store.ts";

const unavailable = (action: string, e: unknown) =>
  new StorageUnavailableError(`S3 ${action} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });

const statusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Files in an S3-compatible bucket (Amazon S3, MinIO, Cloudflare R2, …). The bucket stays
 * private: the server reads objects back and serves them itself (see docs/decisions/0008).
 */
export async function createS3FileStore(options: S3Storage): Promise<FileStore> {
  // Loaded only when a bucket is configured: a default install does not pay for the SDK at start.
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, HeadBucketCommand, ListObjectsV2Command } = await import(
    "@aws-sdk/client-s3"
  );
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where the S3 API requires them: several S3-compatible services refuse the
    // SDK's newer default (CRC32 on every call).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // The SDK waits forever by default; an upload request must not.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = options.bucket;

  return {
    description: `bucket ${Bucket}${options.endpoint ? ` at ${options.endpoint}` : ""}`,
    async put(key, body, contentType) {
      assertStorageKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
      } catch (e) {
        throw unavailable("upload", e);
      }
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error("the SDK answered no Node.js stream");
        return { stream: object.Body, ...(object.ContentLength !== undefined ? { size: object.ContentLength } : {}) };
      } catch (e) {
        if ((e as Error).name === "NoSuchKey" || statusOf(e) === 404) return null;
        throw unavailable("download", e);
      }
    },
    async remove(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (e) {
        throw unavailable("delete", e);
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (e) {
        throw unavailable(`check of bucket ${Bucket}`, e);
      }
    },
    async close() {
      client.destroy();
    },
    backups: {
      async put(name, body) {
        assertBackupName(name);
        try {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: `${BACKUP_PREFIX}${name}`,
              Body: body,
              ContentType: "application/gzip",
              ContentLength: body.length,
            }),
          );
        } catch (e) {
          throw unavailable("backup upload", e);
        }
      },
      async list() {
        const names: string[] = [];
        let ContinuationToken: string | undefined;
        try {
          do {
            const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: BACKUP_PREFIX, ContinuationToken }));
            for (const o of page.Contents ?? []) names.push((o.Key ?? "").slice(BACKUP_PREFIX.length));
            ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
          } while (ContinuationToken);
        } catch (e) {
          throw unavailable("backup listing", e);
        }
        return names.filter(isBackupName).sort();
      },
      async remove(name) {
        assertBackupName(name);
        try {
          await client.send(new DeleteObjectCommand({ Bucket, Key: `${BACKUP_PREFIX}${name}` }));
        } catch (e) {
          throw unavailable("backup delete", e);
        }
      },
    },
  };
}
