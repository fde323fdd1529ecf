import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isApiPath } from "./project-header.ts";

/** The encoding to send a client: brotli, else gzip, else none, as its Accept-Encoding allows. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (encoding: string) => (accepted.get(encoding) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return undefined;
}

/**
 * Serves the built web app: hashed assets under /assets cached for a year as immutable, the
 * service worker and manifest revalidated on every request, and
 * index.html (with the project header value filled in, never cached without revalidation) for
 * every other GET that is not an API call, so client routes load. Text assets go out as the
 * brotli or gzip copies the build wrote next to them (scripts/precompress.mjs), chosen by
 * Accept-Encoding; index.html is compressed once here.
 */
export const webPlugin = fp<{ distDir: string; projectHeader: string }>(async (app: FastifyInstance, { distDir, projectHeader }) => {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`no web build at ${distDir}: run "npm run build" to serve the app`);
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8").replace(
    /<meta name="academy-project" content="[^"]*"\s*\/?>/,
    `<meta name="academy-project" content="${projectHeader}" />`,
  );

  const indexBodies = {
    br: brotliCompressSync(indexHtml, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(indexHtml, { level: 9 }),
  };

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker and the manifest name the current build: always asked for afresh.
      const names = ["sw.js", "manifest.webmanifest"].includes(path.basename(filePath).replace(/\.(br|gz)$/, ""));
      res.header("cache-control", isHashed ? "public, max-age=31536000, immutable" : names ? "no-cache" : "public, max-age=300");
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-cache").header("vary", "accept-encoding").type("text/html; charset=utf-8");
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(indexHtml);
    return reply.header("content-encoding", encoding).send(indexBodies[encoding]);
  };

  app.get("/", { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));
  app.get("/*", { schema: { hide: true } }, (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (isApiPath(url) || url.startsWith("/assets/") || url.startsWith("/api/") || path.extname(url)) {
      return reply.status(404).send({ error: true, message: `No route for GET ${url}` });
    }
    return sendIndex(request, reply);
  });
});
