import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript build script without type declarations
import { precompressDir } from "../../../../scripts/precompress.mjs";
import { pickEncoding, webPlugin } from "./web.ts";

// A web build as `npm run build` leaves it: index.html, hashed assets with their brotli and gzip
// copies (written by the same script the build runs), a small asset not worth compressing, and
// a file of the public folder.
const INDEX = `<!doctype html><html><head><meta name="academy-project" content="" /><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const screens = [${Array.from({ length: 400 }, (_, i) => `"screen number ${i}"`).join(",")}];\n`;
const STYLE = `${Array.from({ length: 200 }, (_, i) => `.c${i}{color:#${(i * 4099).toString(16).padStart(6, "0").slice(0, 6)}}`).join("\n")}\n`;
const TINY = "export{};";

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "academy-web-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), INDEX);
  writeFileSync(path.join(dir, "assets/index-AbC123.js"), SCRIPT);
  writeFileSync(path.join(dir, "assets/index-DeF456.css"), STYLE);
  writeFileSync(path.join(dir, "assets/tiny-GhI789.js"), TINY);
  writeFileSync(path.join(dir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(100)}</svg>`);
  writeFileSync(path.join(dir, "sw.js"), `self.__files=[${Array.from({ length: 100 }, (_, i) => `"/assets/f${i}.js"`).join(",")}];`);
  writeFileSync(path.join(dir, "manifest.webmanifest"), JSON.stringify({ name: "Rescue Academy", start_url: "/" }));
  precompressDir(dir);
  app = Fastify();
  await app.register(webPlugin, { distDir: dir, projectHeader: "cHJvamVjdDpzZWNyZXQ=" });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;

describe("the built web app", () => {
  it("writes brotli and gzip copies only where they are smaller, never for index.html", () => {
    expect(readFileSync(path.join(dir, "assets/index-AbC123.js.br")).length).toBeLessThan(SCRIPT.length / 3);
    expect(readFileSync(path.join(dir, "assets/index-AbC123.js.gz")).length).toBeLessThan(SCRIPT.length / 3);
    expect(() => readFileSync(path.join(dir, "assets/tiny-GhI789.js.br"))).toThrow(/ENOENT/);
    expect(() => readFileSync(path.join(dir, "index.html.br"))).toThrow(/ENOENT/);
  });

  for (const [file, content, type] of [
    ["/assets/index-AbC123.js", SCRIPT, /javascript/],
    ["/assets/index-DeF456.css", STYLE, /text\/css/],
  ] as const) {
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
      [undefined, undefined],
    ] as const) {
      it(`sends ${file} ${encoding ?? "uncompressed"} for Accept-Encoding ${accept ?? "(none)"}, cached for a year`, async () => {
        const res = await app.inject({ method: "GET", url: file, headers: accept ? { "accept-encoding": accept } : {} });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"]).toBe(encoding);
        expect(res.headers["content-type"]).toMatch(type);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        const body = res.rawPayload;
        if (encoding) expect(body.length).toBeLessThan(content.length / 3);
        expect(decode(encoding, body).toString("utf8")).toBe(content);
      });
    }
  }

  it("sends a small asset as it is when compressing would not make it smaller", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/tiny-GhI789.js", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(TINY);
  });

  it("caches files of the public folder briefly, not as immutable", async () => {
    const res = await app.inject({ method: "GET", url: "/favicon.svg", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    expect(gunzipSync(res.rawPayload).toString()).toBe(readFileSync(path.join(dir, "favicon.svg"), "utf8"));
  });

  it("has the service worker and the manifest asked for afresh, so a new build is found at once", async () => {
    for (const [url, type] of [
      ["/sw.js", /javascript/],
      ["/manifest.webmanifest", /manifest\+json/],
    ] as const) {
      for (const encoding of ["br", "identity"]) {
        const res = await app.inject({ method: "GET", url, headers: { "accept-encoding": encoding } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["cache-control"], `${url} (${encoding})`).toBe("no-cache");
        expect(res.headers["content-type"], url).toMatch(type);
      }
    }
  });

  for (const url of ["/", "/user/dashboard", "/admin/users?page=2"]) {
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      [undefined, undefined],
    ] as const) {
      it(`answers ${url} with index.html (${encoding ?? "uncompressed"}), revalidated on every visit`, async () => {
        const res = await app.inject({ method: "GET", url, headers: accept ? { "accept-encoding": accept } : {} });
        expect(res.statusCode).toBe(200);
        expect(res.headers["cache-control"]).toBe("no-cache");
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.headers["content-encoding"]).toBe(encoding);
        const html = decode(encoding, res.rawPayload).toString("utf8");
        expect(html).toBe(INDEX.replace('content=""', 'content="cHJvamVjdDpzZWNyZXQ="'));
      });
    }
  }

  it("answers 404, not the app, for an unknown asset or API path", async () => {
    expect((await app.inject({ method: "GET", url: "/assets/missing-000.js" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/v4/api/records/nothing" })).statusCode).toBe(404);
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0 and the * wildcard", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip;q=1.0, br;q=0.5")).toBe("br");
    expect(pickEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeUndefined();
    expect(pickEncoding("gzip;q=0, br;q=0")).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
