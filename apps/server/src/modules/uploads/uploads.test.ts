import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { photos } from "../../db/schema/accounts.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp, PROJECT } from "../../test/app.ts";

const uploadDir = mkdtempSync(path.join(tmpdir(), "academy-uploads-"));
const t = await createTestApp({ UPLOAD_DIR: uploadDir, UPLOAD_MAX_BYTES: "4096" });
const me = await t.signUp("user");

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

function multipart(fields: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----academy${Date.now()}`;
  const parts = fields.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"${f.filename !== undefined ? `; filename="${f.filename}"` : ""}\r\n${f.type ? `Content-Type: ${f.type}\r\n` : ""}\r\n`,
      ),
      Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      Buffer.from("\r\n"),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const upload = (fields: Parameters<typeof multipart>[0], token: string | null = me.token, url = "/v2/api/lambda/upload") => {
  const { payload, contentType } = multipart(fields);
  return t.app.inject({
    method: "POST",
    url,
    payload,
    headers: { "x-project": PROJECT, "content-type": contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};
const photoCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(photos))[0]!.n;

describe("upload", () => {
  it("stores an image under a server-made name and serves it with safe headers", async () => {
    const res = await upload([
      { name: "file", filename: "../../etc/pass\u0000wd<script>.png", type: "text/html", data: PNG },
      { name: "caption", data: "My photo" },
    ]);
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json();
    expect(url).toMatch(/^\/uploads\/[a-f0-9-]{36}\.png$/);
    const [row] = await t.db.select().from(photos).where(eq(photos.id, id));
    expect(row).toMatchObject({ userId: me.user_id, mime: "image/png", size: PNG.length, caption: "My photo", width: 1, height: 1 });
    expect(row!.originalName).not.toMatch(/[/\\<>\p{Cc}]/u);
    expect(readdirSync(uploadDir)).toContain(url.split("/").pop());

    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(served.headers["content-disposition"]).toMatch(/^inline; filename="[a-f0-9-]{36}\.png"$/);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/uploads/..%2f..%2fpackage.json" })).statusCode).toBe(404);
  });

  it("works through s3/upload too, and sets the profile photo to an own upload only", async () => {
    const res = await upload([{ name: "file", filename: "me.png", data: PNG }], me.token, "/v2/api/lambda/s3/upload");
    expect(res.statusCode).toBe(201);
    const set = await t.call("POST", "/v2/api/lambda/profile", { token: me.token, body: { payload: { photo: res.json().url } } });
    expect(set.statusCode).toBe(200);
    expect((await t.call("GET", "/v2/api/lambda/profile", { token: me.token })).json().model.photo).toBe(res.json().url);
    expect(
      (await t.call("POST", "/v2/api/lambda/login", { body: { email: me.email, password: me.password, role: "user" } })).json().photo,
    ).toBe(res.json().url);

    const other = await t.signUp("user");
    const stolen = await t.call("POST", "/v2/api/lambda/profile", { token: other.token, body: { payload: { photo: res.json().url } } });
    expect(stolen.statusCode).toBe(400);
    const foreign = await t.call("POST", "/v2/api/lambda/profile", {
      token: other.token,
      body: { payload: { photo: "https://evil.example/x.png" } },
    });
    expect(foreign.statusCode).toBe(400);
    expect((await t.db.select().from(users).where(eq(users.id, other.user_id)))[0]!.photo).toBeNull();
  });

  it("refuses a file over the limit with 413, and stores nothing", async () => {
    const before = await photoCount();
    const files = readdirSync(uploadDir).length;
    const big = Buffer.concat([PNG, Buffer.alloc(5000)]);
    const res = await upload([{ name: "file", filename: "big.png", data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than/);
    expect(await photoCount()).toBe(before);
    expect(readdirSync(uploadDir)).toHaveLength(files);
  });

  it("refuses HTML, SVG, a renamed script and an image with markup inside, whatever the name says", async () => {
    const before = await photoCount();
    const cases = [
      { filename: "page.html", data: "<!doctype html><script>alert(1)</script>" },
      { filename: "logo.svg", data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>' },
      { filename: "photo.png", data: "alert(document.cookie)" },
      { filename: "poly.png", data: Buffer.concat([PNG, Buffer.from("<script>alert(1)</script>")]) },
    ];
    for (const c of cases) {
      const res = await upload([{ name: "file", filename: c.filename, type: "image/png", data: c.data }]);
      expect(res.statusCode, c.filename).toBe(400);
      expect(res.json().message).toMatch(/Only JPEG, PNG, WebP, GIF images and PDF/);
    }
    expect(await photoCount()).toBe(before);
  });

  it("needs a signed-in person, a file field and multipart", async () => {
    expect((await upload([{ name: "file", filename: "a.png", data: PNG }], null)).statusCode).toBe(401);
    const noFile = await upload([{ name: "caption", data: "nothing" }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().validation.file).toBe("Choose a file to upload");
    const json = await t.call("POST", "/v2/api/lambda/upload", { token: me.token, body: { file: "x" } });
    expect(json.statusCode).toBe(415);
  });
});
