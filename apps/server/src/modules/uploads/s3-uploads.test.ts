import { mkdtempSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { photos } from "../../db/schema/accounts.ts";
import { createTestApp, PROJECT } from "../../test/app.ts";
import { startS3Server } from "../../test/s3-server.ts";

const BUCKET = "academy-uploads";
const s3 = await startS3Server(BUCKET);
// A local folder is configured too: with a bucket set, nothing may land in it.
const uploadDir = mkdtempSync(path.join(tmpdir(), "academy-s3-local-"));
const t = await createTestApp({ ...s3.env, UPLOAD_DIR: uploadDir });
const admin = await t.signUp("admin");
const me = await t.signUp("user");

/** Looks into the bucket as an operator would, with its own client. */
const bucket = new S3Client({
  endpoint: s3.endpoint,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY },
});
afterAll(() => bucket.destroy());
const keysInBucket = async () => ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key);
async function readObject(key: string) {
  const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
}

// A 1x1 PNG and a minimal PDF.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");

function upload(bytes: Buffer, filename: string, url = "/v2/api/lambda/upload", app = t.app, token = me.token) {
  const boundary = `----academy${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url,
    payload,
    headers: { "x-project": PROJECT, "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
}
const photoCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(photos))[0]!.n;

describe("uploads in an S3-compatible bucket", () => {
  it("stores the upload in the bucket and serves it back through the server with safe headers", async () => {
    const res = await upload(PNG, "holiday.png");
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    const key = url.replace("/uploads/", "");
    expect(key).toMatch(/^[a-f0-9-]{36}\.png$/);

    expect(await keysInBucket()).toContain(key);
    const stored = await readObject(key);
    expect(stored.bytes.equals(PNG)).toBe(true);
    expect(stored.contentType).toBe("image/png");
    expect(readdirSync(uploadDir)).toEqual([]);

    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": String(PNG.length),
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-disposition": `inline; filename="${key}"`,
      "cross-origin-resource-policy": "same-origin",
    });
  });

  it("s3/upload uses the same bucket, and a PDF comes back byte for byte", async () => {
    const res = await upload(PDF, "notes.pdf", "/v2/api/lambda/s3/upload");
    expect(res.statusCode).toBe(201);
    const { url } = res.json() as { url: string };
    expect(await keysInBucket()).toContain(url.replace("/uploads/", ""));
    const served = await t.app.inject({ method: "GET", url });
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.rawPayload.equals(PDF)).toBe(true);
  });

  it("deleting the photo removes its object from the bucket", async () => {
    const { id, url } = (await upload(PNG, "to-delete.png")).json() as { id: number; url: string };
    const key = url.replace("/uploads/", "");
    expect(await keysInBucket()).toContain(key);

    const res = await t.call("DELETE", `/v2/api/lambda/photo/${id}`, { token: admin.token });
    expect(res.json()).toEqual({ error: false, message: "Deleted" });
    expect(await keysInBucket()).not.toContain(key);
    expect((await t.db.select().from(photos).where(eq(photos.id, id))).length).toBe(0);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("answers 404, not 500, for a recorded file whose object is gone from the bucket", async () => {
    const { url } = (await upload(PNG, "vanishing.png")).json() as { url: string };
    await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: url.replace("/uploads/", "") }));
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: "File not found" });
  });

  it("puts nothing in the bucket for a refused file", async () => {
    const before = { keys: await keysInBucket(), rows: await photoCount() };
    const res = await upload(Buffer.from("<!doctype html><script>alert(1)</script>"), "page.png");
    expect(res.statusCode).toBe(400);
    expect(await keysInBucket()).toEqual(before.keys);
    expect(await photoCount()).toBe(before.rows);
  });
});

describe("an unreachable bucket", () => {
  it("answers 503 with Retry-After and records nothing", async () => {
    // A port that was just free and is closed again: every connection is refused.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const down = await createTestApp({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${closedPort}` });
    const user = await down.signUp("user");
    const res = await upload(PNG, "nowhere.png", "/v2/api/lambda/upload", down.app, user.token);
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json().message).toMatch(/File storage is not available/);
    expect((await down.db.select({ n: sql<number>`count(*)::int` }).from(photos))[0]!.n).toBe(0);
  });
});
