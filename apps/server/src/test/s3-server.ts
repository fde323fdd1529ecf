import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll } from "vitest";

/** s3rver's built-in account: it refuses requests signed with any other access key. */
const ACCESS_KEY = "S3RVER";

/** A real S3-compatible server in the test process, with one empty bucket, closed after the file's tests. */
export async function startS3Server(bucket: string) {
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "academy-s3-")),
    resetOnClose: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  afterAll(() => server.close());
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** The environment that points the app at this server. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
  };
}
